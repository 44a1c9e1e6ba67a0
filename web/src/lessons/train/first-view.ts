// The training lab's first figure before its worker and engine have arrived (issue 17: an
// embedded view's first view within 150 KB): for its default settings, what each run's worker
// first reports ("created", then the "before training" snapshot of the watched example), as the
// build computed it with the whole engine running the worker's own loop
// (web/vite-plugin-first-view.ts). A run draws it only for the exact config and example it was
// computed for, until its worker's own snapshot (the same numbers: tests/e2e/built-figure.mjs)
// replaces it; Start, Step and the download wait for the worker.

import runs from 'virtual:attnlab-lab-first-view';
import { decodeRecord } from '../../engine/record-codec';
import type { LabMessage } from '../../engine/lab-protocol';

/** What the build's run with this config and example reported first; null when it has none. */
export function builtMessages(config: string, example: number): LabMessage[] | null {
  const run = runs.find((r) => r.config === config && r.example === example);
  if (!run) return null;
  const ex = run.snapshot.example;
  return [
    { type: 'created', ...run.created },
    {
      type: 'snapshot',
      steps: run.snapshot.steps,
      metrics: run.snapshot.metrics,
      example: ex && { ...ex, record: decodeRecord(ex.record) },
    },
  ];
}
