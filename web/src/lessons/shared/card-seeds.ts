// A model picked among runs of one recipe that differ only in the random seed says so on its card
// line, with every run's figure: the student sees how far the seed alone moves the result and that
// the lesson shows the run that was picked (card.training.seed_runs; engine/model-folder.ts).

import { html, nothing, type TemplateResult } from 'lit';
import { formatPercent, t } from '../../i18n';
import type { SeedRun } from '../../engine/model-folder';

export function renderSeedRuns(
  runs: SeedRun[],
  seed: number | null,
  ofBase = false,
): TemplateResult | typeof nothing {
  if (runs.length < 2) return nothing;
  const list = runs
    .map((run) =>
      t(run.seed === seed ? 'cards.seedRunThis' : 'cards.seedRun', {
        seed: run.seed,
        value: formatPercent(run.exactMatch),
      }),
    )
    .join(t('cards.seedRunSeparator'));
  // A fine-tuned model: the runs compared are those of the 8-bit model it started from.
  return html` <span
    class="card-trick"
    data-key="seed-runs"
    data-count=${runs.length}
    data-of-base=${ofBase ? 'true' : nothing}
    >${t(ofBase ? 'cards.seedRunsBase' : 'cards.seedRuns', { count: runs.length, list })}</span
  >`;
}
