// The training lab's worker: owns a WASM module and one LabDriver (lab-driver.ts) per run it trains,
// so training never runs on the page's thread and never shares the lessons' engine worker. Usually
// one run per worker; on a machine with few cores the page gives both runs of a side-by-side
// comparison to one worker (lab-client.ts LabHost), whose drivers then take turns slice by slice.
// Started by lab-worker.ts (the normal build) or worker-single.ts (the single-file build).

import { LabDriver, WARM_UP_MS } from './lab-driver';
import type { LabEnvelope, LabMessage, LabRequest } from './lab-protocol';
import type { AttnlabFactory, AttnlabModule } from './wasm-types';

interface WorkerScope {
  postMessage(message: LabEnvelope<LabMessage>, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<LabEnvelope<LabRequest>>) => void): void;
}
const scope = self as unknown as WorkerScope;
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Starts the lab on an Emscripten factory; `wasmBinary`, when given, is the module's bytes (the
 * single-file build unpacks them itself instead of letting the glue fetch a file).
 */
export function runLabWorker(createModule: unknown, wasmBinary?: Promise<Uint8Array<ArrayBuffer>>): void {
  const pending: LabEnvelope<LabRequest>[] = [];
  let module: AttnlabModule | null = null;

  scope.addEventListener('message', (event) => {
    if (module) handle(event.data, module);
    else pending.push(event.data);
  });

  Promise.resolve(wasmBinary)
    .then((binary) =>
      (createModule as AttnlabFactory)({
        ...(binary ? { wasmBinary: binary } : {}),
        print: () => {},
        printErr: (text) => console.warn('[attnlab lab]', text),
      }),
    )
    .then(
      (ready) => {
        module = ready;
        scope.postMessage({ type: 'ready' });
        for (const request of pending.splice(0)) handle(request, ready);
      },
      (error: unknown) => scope.postMessage({ type: 'fatal', error: messageOf(error) }),
    );
}

const drivers = new Map<number, LabDriver>();

function handle(request: LabEnvelope<LabRequest>, ready: AttnlabModule): void {
  const run = request.run ?? 0;
  let driver = drivers.get(run);
  if (request.type === 'close') {
    driver?.dispose();
    drivers.delete(run);
    return;
  }
  if (!driver) {
    driver = new LabDriver(
      ready,
      (message, transfer) => scope.postMessage({ ...message, run }, transfer ?? []),
      {
        now: () => performance.now(),
        later: (task) => setTimeout(task, 0),
      },
      WARM_UP_MS,
    );
    drivers.set(run, driver);
  }
  driver.handle(request);
}
