// The "Does attention explain the output?" section of a lesson: a closed <details> until the
// student opens it (its engine calls, a backward pass among them, are not worth making on every
// keystroke otherwise); while open, it recomputes when the record on screen changes. It loads the
// model's second seed (when the page serves one) into a worker of its own, disposed with the lesson.

import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { t } from '../../i18n';
import { cardSeed } from '../../engine/model-folder';
import type { ForwardRecord } from '../../engine/records';
import { ExplainController, type ExplainEngine, type ExplainRequest } from './explain-controller';
import { renderExplainPanel } from './explain-panel';
import { loadEngineModel, servedFolders, type EngineModel } from './load-model';

export interface ExplainSectionOptions {
  /** The folder of the shown model's second seed, or null when it has none. */
  seedFolder(): string | null;
  /**
   * What to explain for the record on screen (null: nothing to explain yet); `seedCard` is the
   * second seed's card once it is loaded (its seed names its map: seedLabels).
   */
  request(
    seed: ExplainEngine | null | 'loading',
    seedCard: Record<string, unknown> | null,
  ): ExplainRequest | null;
}

/**
 * The two maps' labels: each model's own seed from its card (the lesson's model need not be seed 1:
 * seq2seq-additive is seed 2 and its second seed seed 1), "this model" / "another seed" when a card
 * does not say.
 */
export function seedLabels(
  shownCard: Record<string, unknown>,
  seedCard: Record<string, unknown> | null,
): { first: string; second: string } {
  const label = (card: Record<string, unknown> | null, fallback: string) => {
    const seed = card ? cardSeed(card) : null;
    return seed === null ? t(fallback) : t('explain.seedLabel', { seed });
  };
  return {
    first: label(shownCard, 'explain.seedLabelThis'),
    second: label(seedCard, 'explain.seedLabelOther'),
  };
}

export class ExplainSection implements ReactiveController {
  open = false;
  readonly panel: ExplainController;
  private explained: { record: ForwardRecord; seed: string | null; request: string } | null = null;
  /** Seed folders asked for: true once their load settled (loaded or not served). */
  private seeds = new Map<string, boolean>();
  private loadedSeeds = new Map<string, EngineModel>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ExplainSectionOptions,
  ) {
    host.addController(this);
    this.panel = new ExplainController(host);
  }

  /** Bumped when the lesson leaves the page: a seed that finishes loading after that is disposed. */
  private generation = 0;

  hostConnected(): void {}

  hostDisconnected(): void {
    this.generation++;
    for (const m of this.loadedSeeds.values()) m.engine.dispose();
    this.loadedSeeds.clear();
    this.seeds.clear();
    this.explained = null;
  }

  hostUpdated(): void {
    if (!this.open) return;
    const folder = this.options.seedFolder();
    if (folder && !this.seeds.has(folder)) this.loadSeed(folder);
    const seed = folder ? (this.loadedSeeds.get(folder) ?? null) : null;
    const loading = folder !== null && this.seeds.get(folder) === false;
    const request = this.options.request(
      loading ? 'loading' : (seed?.engine ?? null),
      seed?.info.card ?? null,
    );
    if (!request) return;
    const key = `${request.mapIndex}/${request.mapRow}/${request.logitsRow}/${request.drawnKey ?? ''}`;
    const seedState = seed ? folder : loading ? 'loading' : null;
    const same =
      this.explained?.record === request.record &&
      this.explained.seed === seedState &&
      this.explained.request === key;
    if (same) return;
    this.explained = { record: request.record, seed: seedState, request: key };
    this.panel.update(request);
  }

  private loadSeed(folder: string): void {
    this.seeds.set(folder, false);
    const generation = this.generation;
    void (async () => {
      try {
        if ((await servedFolders()).includes(folder)) {
          const model: EngineModel = await loadEngineModel(folder);
          if (generation !== this.generation) return model.engine.dispose();
          this.loadedSeeds.set(folder, model);
        }
      } catch {
        // not loadable: the part says no second seed is available
      }
      if (generation !== this.generation) return;
      this.seeds.set(folder, true);
      this.explained = null; // recompute with (or without) the seed
      this.host.requestUpdate();
    })();
  }

  private readonly onToggle = (event: Event): void => {
    this.open = (event.target as HTMLDetailsElement).open;
    if (this.open) this.explained = null;
    this.host.requestUpdate();
  };

  render(): TemplateResult {
    return html`<details class="explain-section" ?open=${this.open} @toggle=${this.onToggle}>
      <summary>${t('explain.title')}</summary>
      ${this.open ? renderExplainPanel(this.panel.parts) : html``}
    </details>`;
  }
}
