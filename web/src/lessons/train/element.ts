// <attnlab-train>: the training lab (issue 14). The student picks a toy task and a model variant
// (or two, side by side), presses Start, and watches the model learn in a worker: a Seq2Seq on
// reverse/shift/sort/date, lesson 2's SimpleRNN with or without self-attention on recall, a small
// Transformer on mirror. The loss falls, held-out exact match rises, and the watched example's map
// turns from noise into the task's alignment (outlined). Snapshots stay on a timeline to scrub back through, and the
// model downloads as a model folder. Every setting is an attribute (state.ts), so the app page
// keeps it in its URL. This element holds the runs and the view state; the settings, buttons and
// timeline are drawn by controls.ts, the maps and curves by panels.ts.

import './strings'; // this view's English strings, before anything renders (i18n/en.ts)
import { LitElement, css, html, nothing, unsafeCSS, type PropertyValues, type TemplateResult } from 'lit';
import katexCss from 'katex/dist/katex.min.css?inline';
import { LocaleController, t } from '../../i18n';
import { renderMessages } from '../shared/messages';
import { applyLanguageAttribute, isTeacherMode, reflectAttributes } from '../shared/embed-attributes';
import { lessonBase, placeholderBox, srOnly } from '../../components/shared-styles';
import {
  FAMILY,
  LESSON_OF,
  TRAIN_ATTRIBUTES,
  attributesOf,
  familyOf,
  textFromAttributes,
  trainConfig,
  validate,
  variantsOf,
  type Family,
  type Settings,
  type SettingsText,
} from './state';
import { TrainRun, cardWithExample, deviceCores, modelZip, sharesOneWorker, zipName } from './run';
import { snapshotAt } from './timeline';
import { builtMessages } from './first-view';
import { labMessages } from './messages';
import { missingWasmFeatures, type WasmFeature } from '../../engine/wasm-features';
import {
  controlsStyles,
  renderButtons,
  renderExampleChooser,
  renderMapChooser,
  renderSettings,
  renderTimeline,
  type TrainView,
} from './controls';
import { panelStyles, renderCharts, renderRunPanel } from './panels';
import '../../figures/attention-map';
import '../../figures/line-chart';
import { startWhenConnected } from '../../components/start-when-connected';
import { typesetReady, whenTypesetReady } from '../../components/typeset';

/** The least time between two redraws of a run's progress (progress arrives every 30 ms: 12-20 redraws a second). */
const REFRESH_MS = 50;
/** The least time between two redraws of the curves while a run trains. */
const CHARTS_MS = 500;

/** Each attribute as a Lit property named after it, so a change from outside updates the element. */
const attributeProperties = Object.fromEntries(
  [...TRAIN_ATTRIBUTES, 'lang'].map((name) => [`attr:${name}`, { type: String, attribute: name }]),
);

export class TrainElement extends LitElement {
  static override properties = {
    ...attributeProperties,
    scrubSteps: { state: true },
    hiddenPause: { state: true },
    downloadError: { state: true },
  };

  /** The step the timeline shows; null follows the latest snapshot. */
  declare scrubSteps: number | null;
  /** Training was paused because the tab was hidden. */
  declare hiddenPause: boolean;
  declare downloadError: string | null;

  text: SettingsText = textFromAttributes(() => null);
  private checked = validate(this.text);
  runs: TrainRun[] = [];
  private runsKey = '';
  private chartsCache: { version: number; marker: number | null; template: TemplateResult } | null = null;
  private chartsVersion = 0;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private lastRefresh = 0;
  private chartsStale = false;
  private lastCharts = 0;
  /** The WebAssembly features this browser lacks ([]: none), null until asked. */
  private wasmMissing: WasmFeature[] | null = null;

  constructor() {
    super();
    new LocaleController(this);
    this.scrubSteps = null;
    this.hiddenPause = false;
    this.downloadError = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('visibilitychange', this.onVisibility);
    startWhenConnected(this, () => {
      // No run starts a worker before the browser is known to run the engine (wasm-features.ts).
      void missingWasmFeatures().then((missing) => {
        this.wasmMissing = missing;
        if (!this.isConnected) return;
        this.syncRuns();
        this.requestUpdate(); // a run that cannot start says so at once, with no worker to hear from
      });
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('visibilitychange', this.onVisibility);
    if (this.refreshTimer !== null) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    this.disposeRuns();
  }

  override willUpdate(changed: PropertyValues): void {
    if (changed.has('attr:lang' as keyof TrainElement)) applyLanguageAttribute(this.getAttribute('lang'));
    if ([...changed.keys()].some((k) => String(k).startsWith('attr:') && k !== 'attr:lang')) {
      this.text = textFromAttributes((name) => this.getAttribute(name));
      this.checked = validate(this.text);
      if (this.isConnected) this.syncRuns();
    }
  }

  /** The settings as given: the form writes them to the attributes, and willUpdate reads them back. */
  private setText(change: (text: SettingsText) => void): void {
    const next: SettingsText = { ...this.text, numbers: { ...this.text.numbers } };
    change(next);
    reflectAttributes(this, attributesOf(next));
  }

  private get settings(): Settings | null {
    return this.checked.settings;
  }

  /** Starts the runs the settings ask for, unless they are running already (the example alone changes nothing). */
  private syncRuns(force = false): void {
    if (this.wasmMissing === null) return; // not known yet: connectedCallback syncs once it is
    const settings = this.settings;
    const key = settings
      ? variantsOf(settings)
          .map((a) => trainConfig(settings, a))
          .join('\n')
      : '';
    const example = (settings?.numbers.example ?? 1) - 1;
    if (!force && key === this.runsKey) {
      for (const run of this.runs) run.watch(example);
      return;
    }
    this.disposeRuns();
    this.runsKey = key;
    this.scrubSteps = null;
    this.hiddenPause = false;
    this.downloadError = null;
    this.chartsVersion++;
    if (!settings) return;
    const variants = variantsOf(settings);
    const share = sharesOneWorker(variants.length, deviceCores());
    this.runs = [];
    for (const variant of variants) {
      const host = share ? this.runs[0]?.host : null;
      this.runs.push(
        new TrainRun(
          FAMILY[settings.task],
          variant,
          trainConfig(settings, variant),
          example,
          (kind) => {
            if (kind === 'state') {
              this.chartsVersion++;
              this.chartsStale = false;
              this.requestUpdate();
            } else {
              if (kind === 'snapshot') this.chartsStale = true;
              this.refreshSoon();
            }
          },
          {
            ...(host ? { host } : {}),
            missing: this.wasmMissing,
            built: builtMessages(trainConfig(settings, variant), example),
          },
        ),
      );
    }
  }

  /**
   * Progress and snapshots arrive about 30 times a second from each run; the page redraws them at
   * most every REFRESH_MS (still over 10 times a second) and the curves, which change slowly, at most
   * every CHARTS_MS, so drawing never crowds out a click. A change of state (started, paused, done,
   * failed) is drawn at once, curves and all.
   */
  private refreshSoon(): void {
    if (this.refreshTimer !== null) return;
    const wait = Math.max(0, this.lastRefresh + REFRESH_MS - performance.now());
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      const now = performance.now();
      this.lastRefresh = now;
      if (this.chartsStale && now - this.lastCharts >= CHARTS_MS) {
        this.chartsVersion++;
        this.chartsStale = false;
        this.lastCharts = now;
      }
      this.requestUpdate();
    }, wait);
  }

  private disposeRuns(): void {
    for (const run of this.runs) run.dispose();
    this.runs = [];
    this.runsKey = '';
  }

  private readonly onVisibility = (): void => {
    if (document.visibilityState !== 'hidden' || !this.runs.some((r) => r.status === 'running')) return;
    for (const run of this.runs) run.pause();
    this.hiddenPause = true;
  };

  /** The run's model folder as the download and lesson 1 get it (the card with an example input). */
  private async folderOf(run: TrainRun): Promise<{ config: string; weights: ArrayBuffer; card: string }> {
    const exported = await run.exportModel();
    return { ...exported, card: cardWithExample(exported.card, run.timeline.at(-1)?.example?.source) };
  }

  /** The lesson that shows this family's models, if it is on the page and shown (not in an embed of the lab alone). */
  private lessonOnPage(family: Family): HTMLElement | null {
    const lesson = this.ownerDocument.querySelector<HTMLElement>(LESSON_OF[family].tag);
    return lesson && !lesson.closest('[hidden]') ? lesson : null;
  }

  /** Hands the run's model to its lesson on this page (its openLocal, as if opened from a file) and goes there. */
  private async openInLesson(run: TrainRun): Promise<void> {
    this.downloadError = null;
    try {
      const folder = await this.folderOf(run);
      const name = zipName(this.text.task, run.variant, run.steps).replace(/\.zip$/, '');
      const lesson = this.lessonOnPage(run.family) as
        (HTMLElement & { openLocal?: (n: string, f: typeof folder) => Promise<void> }) | null;
      if (!lesson?.openLocal) return;
      lesson.scrollIntoView({ block: 'start' });
      await lesson.openLocal(name, folder);
    } catch (error) {
      this.downloadError = error instanceof Error ? error.message : String(error);
    }
  }

  private async download(run: TrainRun): Promise<void> {
    this.downloadError = null;
    try {
      const model = await this.folderOf(run);
      const steps =
        (JSON.parse(model.card) as { training?: { steps?: number } }).training?.steps ?? run.steps;
      const zip = modelZip(model);
      const { download } = await import('../../figures/export'); // on the first download only
      download(
        zipName(this.text.task, run.variant, steps),
        new Blob([zip as BlobPart], { type: 'application/zip' }),
      );
    } catch (error) {
      this.downloadError = error instanceof Error ? error.message : String(error);
    }
  }

  private view(): TrainView {
    const runs = this.runs;
    const first = runs[0];
    const timeline = first?.timeline ?? [];
    const shown = this.scrubSteps === null ? null : snapshotAt(timeline, this.scrubSteps);
    const idle = runs.length > 0 && runs.every((r) => r.status === 'ready' || r.status === 'paused');
    return {
      text: this.text,
      problems: this.checked.problems,
      teacher: isTeacherMode(this.getAttribute('controls')),
      running: runs.some((r) => r.status === 'running'),
      steps: first?.steps ?? 0,
      total: first?.totalSteps ?? this.settings?.numbers.steps ?? 0,
      canStart: idle,
      canStep: idle,
      timeline,
      shownIndex: shown ? timeline.indexOf(shown) : timeline.length - 1,
      live: this.scrubSteps === null,
      setText: (change) => this.setText(change),
      start: () => {
        this.hiddenPause = false;
        this.scrubSteps = null;
        for (const run of runs) run.run();
      },
      pause: () => {
        for (const run of runs) run.pause();
      },
      stepOnce: () => {
        this.scrubSteps = null;
        for (const run of runs) run.step(1);
      },
      reset: () => this.syncRuns(true),
      scrub: (index) => {
        const snapshot = timeline[index];
        this.scrubSteps = !snapshot || index >= timeline.length - 1 ? null : snapshot.steps;
        this.chartsVersion++;
      },
      followLive: () => {
        this.scrubSteps = null;
        this.chartsVersion++;
      },
    };
  }

  private charts(marker: number | null): TemplateResult {
    const cache = this.chartsCache;
    if (cache && cache.version === this.chartsVersion && cache.marker === marker) return cache.template;
    const template = renderCharts(this.runs, marker, familyOf(this.text.task));
    this.chartsCache = { version: this.chartsVersion, marker, template };
    return template;
  }

  override render(): TemplateResult {
    const view = this.view();
    const numbers = this.settings?.numbers;
    const example = numbers?.example ?? 1;
    const steps = this.scrubSteps ?? Infinity;
    const transformer = this.settings !== null && FAMILY[this.settings.task] === 'transformer';
    return html`
      ${renderSettings(view)} ${renderButtons(view)}
      ${renderMessages(
        'train-messages',
        labMessages({
          problems: this.checked.problems,
          task: this.text.task,
          runs: this.runs,
          downloadError: this.downloadError,
          hiddenPause: this.hiddenPause,
        }),
      )}
      ${
        this.runs.length
          ? html`${renderTimeline(view)} ${renderExampleChooser(view, example)}
              ${transformer ? renderMapChooser(view, numbers?.layers ?? 1, numbers?.heads ?? 1) : nothing}
              ${
                this.runs.some((r) => r.fromBuild)
                  ? html`<p class="first-view-note" role="status" data-key="first-view">
                      <strong>${t('train.loadingEngine')}</strong> ${t('train.firstView')}
                    </p>`
                  : nothing
              }
              <div class="runs" aria-busy=${this.runs.some((r) => r.fromBuild) ? 'true' : 'false'}>
                ${this.runs.map((run, i) =>
                  renderRunPanel(
                    run,
                    i,
                    snapshotAt(run.timeline, steps),
                    { choice: this.settings?.map ?? null, heads: numbers?.heads ?? 1 },
                    {
                      download: (r) => void this.download(r),
                      // Lesson 1 shows the Seq2Seq models, lesson 2 the recall models, lesson 3 the mirror ones.
                      ...(this.lessonOnPage(run.family)
                        ? { openInLesson: (r: TrainRun) => void this.openInLesson(r) }
                        : {}),
                    },
                  ),
                )}
              </div>
              <p class="note">${t('train.downloadHint')}</p>
              ${this.charts(this.scrubSteps)}`
          : html`<div class="placeholder failed" role="status">${t('train.nothingTrained')}</div>`
      }
    `;
  }

  /** Renders again when KaTeX arrives, if this render showed a formula's placeholder. */
  private readonly retypeset = (): void => this.requestUpdate();

  protected override updated(): void {
    if (!typesetReady()) whenTypesetReady(this.retypeset);
    // Attributes never given stay absent while their setting is the default.
    reflectAttributes(this, attributesOf(this.text));
  }

  static override styles = [
    lessonBase,
    unsafeCSS(katexCss),
    placeholderBox,
    srOnly,
    controlsStyles,
    panelStyles,
    css`
      :host([controls='none']) .settings {
        display: none;
      }
      .placeholder {
        min-height: 120px;
      }
    `,
  ];
}

customElements.define('attnlab-train', TrainElement);

declare global {
  interface HTMLElementTagNameMap {
    'attnlab-train': TrainElement;
  }
}
