// The training lab's messages above its runs: the settings' problems, each run's error (once for
// both runs of a comparison), what a finished run's numbers mean (dot-product attention stalled,
// recall read from a later state), one worker for two runs, a hidden tab's pause and the end.

import { formatInteger, formatPercent, t } from '../../i18n';
import type { Message } from '../shared/messages';
import { problemText } from './controls';
import { deviceCores, runErrorText, type TrainRun } from './run';
import type { Problem } from './state';

/** What the messages are read from: the lab element's state. */
export interface LabState {
  problems: readonly Problem[];
  task: string;
  runs: readonly TrainRun[];
  downloadError: string | null;
  hiddenPause: boolean;
}

export function labMessages(lab: LabState): Message[] {
  const out: Message[] = lab.problems.map((p) => ({
    kind: 'error',
    key: `problem-${p.field}-${p.key}`,
    text: problemText(p, lab.task),
  }));
  for (const run of lab.runs) {
    const e = run.error;
    if (!e) continue;
    if (out.some((m) => m.key === `engine-${e.code}`)) continue; // both runs of a comparison
    out.push({ kind: 'error', key: `engine-${e.code}`, text: runErrorText(e) });
  }
  if (lab.downloadError)
    out.push({
      kind: 'error',
      key: 'download',
      text: t('train.downloadFailed', { detail: lab.downloadError }),
    });
  for (const run of lab.runs) {
    // Said plainly: on the default reverse recipe dot-product attention ends at 0% exact match
    // (native `attnlab train`, 1500 steps), a result to show, not a fault to hide.
    const last = run.timeline[run.timeline.length - 1];
    const still = run.status === 'done' || run.status === 'paused';
    if (
      run.family === 'seq2seq' &&
      run.variant === 'dot' &&
      run.status === 'done' &&
      last &&
      last.metrics.exactMatch < 0.1
    )
      out.push({
        kind: 'info',
        key: 'dot-stalled',
        text: t('train.dotStalled', { exact: formatPercent(last.metrics.exactMatch) }),
      });
    // Recall is often right while the last position reads a later state that carries the first
    // symbol (c_{i-1} feeds h_i): measured, not assumed (docs/embedding.md).
    const error = last?.metrics.alignmentError ?? null;
    if (
      run.family === 'rnn' &&
      still &&
      last &&
      error !== null &&
      last.metrics.exactMatch >= 0.9 &&
      error >= 0.3
    )
      out.push({
        kind: 'info',
        key: `recall-shortcut-${run.variant}`,
        text: t('train.recallShortcut', {
          exact: formatPercent(last.metrics.exactMatch),
          direct: formatPercent(1 - error),
        }),
      });
  }
  if (lab.runs.length > 1 && lab.runs[0].host && lab.runs.every((r) => r.host === lab.runs[0].host))
    out.push({
      kind: 'info',
      key: 'one-worker',
      text: t('train.oneWorker', { cores: formatInteger(deviceCores()) }),
    });
  if (lab.hiddenPause) out.push({ kind: 'info', key: 'hidden-pause', text: t('train.hiddenPause') });
  else if (lab.runs.length && lab.runs.every((r) => r.status === 'done'))
    out.push({
      kind: 'info',
      key: 'done',
      text: t('train.done', { steps: formatInteger(lab.runs[0].steps) }),
    });
  return out;
}
