// The training lab's worker: owns a WASM module and one LabDriver (lab-driver.ts), so training never
// runs on the page's thread and never shares the lessons' engine worker.

import createModule from './generated/attnlab.js';
import { LabDriver, WARM_UP_MS } from './lab-driver';
import type { LabMessage, LabRequest } from './lab-protocol';
import type { AttnlabFactory } from './wasm-types';

interface WorkerScope {
  postMessage(message: LabMessage, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<LabRequest>) => void): void;
}
const scope = self as unknown as WorkerScope;
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const pending: LabRequest[] = [];
let driver: LabDriver | null = null;

scope.addEventListener('message', (event) => {
  if (driver) driver.handle(event.data);
  else pending.push(event.data);
});

(createModule as AttnlabFactory)({
  print: () => {},
  printErr: (text) => console.warn('[attnlab lab]', text),
}).then(
  (module) => {
    driver = new LabDriver(
      module,
      (message, transfer) => scope.postMessage(message, transfer ?? []),
      {
        now: () => performance.now(),
        later: (task) => setTimeout(task, 0),
      },
      WARM_UP_MS,
    );
    scope.postMessage({ type: 'ready' });
    for (const request of pending.splice(0)) driver.handle(request);
  },
  (error: unknown) => scope.postMessage({ type: 'fatal', error: messageOf(error) }),
);
