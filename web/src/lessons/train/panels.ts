// The training lab's figures: one panel per run (its speed, the held-out metrics of the snapshot
// shown, the watched example's attention map with the gold alignment outlined, the download), and
// the two curves every run adds to (loss; exact match and alignment miss rate). A Transformer run shows
// one of its layer/head maps: the one chosen, or the head nearest the gold alignment.

import './strings';
import { css, html, nothing, type TemplateResult } from 'lit';
import { formatInteger, formatPercent, t } from '../../i18n';
import type { ChartSeries } from '../../figures/line-chart';
import type { TrainRun } from './run';
import { modelName as nameOf } from './controls';
import { LESSON_OF, mapIndex, type Family, type MapChoice } from './state';
import { exampleMap, goldHitCounts, lossCurve, metricCurves, type Snapshot } from './timeline';

const COLORS = ['#1f5fa8', '#c2255c'];
const DASHES = [undefined, '6 4'];

const modelName = (run: TrainRun) => nameOf(run.family, run.variant);

/** The maps of a snapshot, kept per snapshot and index so a redraw hands the map element the same object. */
const maps = new WeakMap<Snapshot, Map<number, ReturnType<typeof exampleMap>>>();
function mapOf(snapshot: Snapshot, index: number) {
  let byIndex = maps.get(snapshot);
  if (!byIndex) maps.set(snapshot, (byIndex = new Map()));
  if (!byIndex.has(index)) byIndex.set(index, exampleMap(snapshot.example, index));
  return byIndex.get(index) ?? null;
}

/** Which of a snapshot's maps a run shows: the chosen Transformer head, its best head, or the only map. */
export interface MapShown {
  choice: MapChoice | null;
  heads: number;
}
function shownIndex(run: TrainRun, snapshot: Snapshot, shown: MapShown): number {
  if (run.family !== 'transformer') return 0;
  return shown.choice ? mapIndex(shown.choice, shown.heads) : (snapshot.metrics.bestMap ?? 0);
}

export interface PanelActions {
  download(run: TrainRun): void;
  /** Shows the model in lesson 1 on this page (absent where the page has no lesson 1, e.g. an embed). */
  openInLesson?(run: TrainRun): void;
}

/** One run: its name, speed, the snapshot's metrics, the example and its map. */
export function renderRunPanel(
  run: TrainRun,
  index: number,
  snapshot: Snapshot | null,
  mapShown: MapShown,
  actions: PanelActions,
): TemplateResult {
  const mapAt = snapshot ? shownIndex(run, snapshot, mapShown) : 0;
  const shown = snapshot ? mapOf(snapshot, mapAt) : null;
  const example = snapshot?.example ?? null;
  const metrics = snapshot?.metrics;
  const speed =
    run.stepsPerSecond > 0
      ? t('train.speed', {
          steps: formatInteger(Math.round(run.stepsPerSecond)),
          examples: formatInteger(Math.round(run.examplesPerSecond)),
          tokens: formatInteger(Math.round(run.tokensPerSecond)),
        })
      : '';
  return html`<section
    class="run"
    data-variant=${run.variant}
    data-family=${run.family}
    data-status=${run.status}
  >
    <h3>${t('train.runLabel', { n: index + 1, model: modelName(run) })}</h3>
    <p class="card">
      ${t('train.progress', { steps: formatInteger(run.steps), total: formatInteger(run.totalSteps) })}
      ${speed ? html`· <span class="speed">${speed}</span>` : nothing}
      ${run.warming && run.status === 'running' ? html`· <span class="warming">${t('train.warming')}</span>` : nothing}
      ${run.parameters ? html`· ${t('train.parameters', { n: formatInteger(run.parameters) })}` : nothing}
    </p>
    ${
      metrics && snapshot
        ? html`<p
            class="metrics"
            data-steps=${snapshot.steps}
            data-exact=${metrics.exactMatch}
            data-alignment-error=${metrics.alignmentError ?? nothing}
          >
            ${
              metrics.alignmentError === null
                ? t('train.snapshotMetricsNone', {
                    steps: formatInteger(snapshot.steps),
                    exact: formatPercent(metrics.exactMatch),
                  })
                : t('train.snapshotMetrics', {
                    steps: formatInteger(snapshot.steps),
                    exact: formatPercent(metrics.exactMatch),
                    aer: formatPercent(metrics.alignmentError),
                  })
            }
          </p>`
        : nothing
    }
    ${
      example
        ? html`<p class="example-words">
            ${t('train.exampleWords', { source: example.source.join(' '), target: example.target.join(' ') })}
          </p>`
        : nothing
    }
    ${renderMap(run, snapshot, shown, mapShown.choice === null)}
    <button
      type="button"
      data-action="download"
      ?disabled=${run.status === 'starting' || run.status === 'failed'}
      @click=${() => actions.download(run)}
    >
      ${t('train.download')}
    </button>
    ${
      actions.openInLesson
        ? html`<button
            type="button"
            data-action="open-in-lesson"
            ?disabled=${run.status === 'starting' || run.status === 'failed'}
            @click=${() => actions.openInLesson?.(run)}
          >
            ${t('train.openInLesson', { n: LESSON_OF[run.family].n })}
          </button>`
        : nothing
    }
  </section>`;
}

function renderMap(
  run: TrainRun,
  snapshot: Snapshot | null,
  shown: ReturnType<typeof exampleMap>,
  best: boolean,
): TemplateResult {
  const family = run.family;
  if (run.status === 'failed') return html``;
  if (!snapshot) return html`<div class="placeholder" role="status">${t('train.waiting')}</div>`;
  if (!shown)
    return html`<div class="placeholder no-attention" role="status">
      ${t(`train.families.${family}.noAttention`)}
    </div>`;
  const title =
    snapshot.steps === 0
      ? t('train.beforeTraining')
      : t('train.timelineValue', { steps: formatInteger(snapshot.steps) });
  const head = { layer: shown.map.layer + 1, head: shown.map.head + 1 };
  const headTitle = family === 'transformer' ? t(best ? 'train.mapTitleBest' : 'train.mapTitle', head) : '';
  return html`${headTitle ? html`<p class="map-title" data-layer=${head.layer} data-head=${head.head}>${headTitle}</p>` : nothing}
    <attnlab-attention-map
      .map=${shown.map}
      .marks=${shown.gold}
      .streaming=${run.status === 'running'}
      .rowsAxis=${t(`train.families.${family}.rowsAxis`)}
      .colsAxis=${t(`train.families.${family}.colsAxis`)}
      .exportTitle=${`${modelName(run)} · ${headTitle ? `${headTitle} · ` : ''}${title}`}
      data-steps=${snapshot.steps}
    ></attnlab-attention-map>
    <p class="note gold-note">
      ${t(`train.families.${family}.goldNote`)} ${goldLine(goldHitCounts(shown.map, shown.gold))}
    </p>`;
}

/** "Strongest weight on a correct cell in 2 of the 8 rows that have one (25%)." */
const goldLine = ({ hit, rows }: { hit: number; rows: number }) =>
  rows
    ? t('train.goldHits', {
        hit: formatInteger(hit),
        rows: formatInteger(rows),
        hits: formatPercent(hit / rows),
      })
    : nothing;

/** The loss curve and the held-out curves of every run, with a line at the step shown. */
export function renderCharts(
  runs: readonly TrainRun[],
  marker: number | null,
  family: Family,
): TemplateResult {
  const loss: ChartSeries[] = runs.map((run, i) => ({
    key: `loss-${run.variant}`,
    label: modelName(run),
    color: COLORS[i],
    dash: DASHES[i],
    points: lossCurve(run.losses),
  }));
  const total = Math.max(1, ...runs.map((run) => run.totalSteps));
  const xDomain: [number, number] = [0, total];
  const yMax = Math.max(0.5, ...loss.flatMap((s) => s.points.map((p) => p.y)).filter(Number.isFinite));
  const held: ChartSeries[] = runs.flatMap((run, i) => {
    const curves = metricCurves(run.timeline);
    const series: ChartSeries[] = [
      {
        key: `exact-${run.variant}`,
        label: t('train.seriesName', { model: modelName(run), metric: t('train.exactMatch') }),
        color: COLORS[i],
        points: curves.exactMatch,
      },
    ];
    if (curves.alignmentError.length)
      series.push({
        key: `aer-${run.variant}`,
        label: t('train.seriesName', { model: modelName(run), metric: t('train.alignmentError') }),
        color: COLORS[i],
        dash: '2 3',
        points: curves.alignmentError,
      });
    return series;
  });
  return html`<div class="charts">
    <div class="chart" data-chart="loss">
      <h3>${t('train.lossTitle')}</h3>
      <attnlab-line-chart
        .series=${loss}
        .xLabel=${t('train.stepsX')}
        .yLabel=${t('train.lossY')}
        .caption=${t('train.lossCaption')}
        .percent=${false}
        .yMax=${Math.ceil(yMax * 10) / 10}
        .marker=${marker}
        .continuousX=${true}
        .xDomain=${xDomain}
      ></attnlab-line-chart>
    </div>
    <div class="chart" data-chart="metrics">
      <h3>${t('train.metricsTitle')}</h3>
      <attnlab-line-chart
        .series=${held}
        .xLabel=${t('train.stepsX')}
        .yLabel=${t('train.metricsY')}
        .caption=${t(`train.families.${family}.metricsCaption`)}
        .marker=${marker}
        .continuousX=${true}
        .xDomain=${xDomain}
      ></attnlab-line-chart>
    </div>
  </div>`;
}

export const panelStyles = css`
  .runs {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr));
    gap: 1rem;
    margin-top: 0.9rem;
  }
  .run {
    min-width: 0;
  }
  .card {
    margin: 0 0 0.3rem;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
    font-variant-numeric: tabular-nums;
  }
  .run h3,
  .chart h3 {
    margin: 0 0 0.3rem;
    font-size: 1rem;
  }
  .metrics,
  .example-words {
    margin: 0.2rem 0;
    font-size: 0.9rem;
    font-variant-numeric: tabular-nums;
  }
  .example-words {
    font-family: ui-monospace, monospace;
    overflow-wrap: anywhere;
  }
  .gold-note {
    margin-bottom: 0.4rem;
  }
  .map-title {
    margin: 0.4rem 0 0.2rem;
    font-size: 0.9rem;
    font-weight: 600;
  }
  .charts {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr));
    gap: 1rem;
    margin-top: 1rem;
  }
  .chart {
    min-width: 0;
  }
`;
