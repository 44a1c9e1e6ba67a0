// Lesson 3's shuffle demonstration: the first words of the text and a shuffled copy run through
// the model without positions, whose attention maps are the same maps with rows and columns
// permuted (positions-panel.ts draws them). The model runs in a worker of its own, started when the
// demonstration comes near the screen (shared/when-near.ts): an embedded lesson opens with its own
// model and one worker (issue 17), and a teacher's page without the positions panel never loads it.

import type { ReactiveController } from 'lit';
import { isSuperseded } from '../../engine/engine';
import { ModelSet } from '../shared/model-set';
import { modelLoader, servedFolders } from '../shared/load-model';
import { TRANSFORMER_MODELS, type TfModel } from '../shared/models';
import { WhenNear } from '../shared/when-near';
import type { TransformerElement } from './element';
import { SHUFFLE_MAX_WORDS, tfModel, type LoadedModel } from './parts';
import { bpeWords, matchTokens, permutationError, shuffleWords, spacedText } from './view-model';

/**
 * The shuffle runs once typing pauses this long (ms). Its two forwards and two maps took as long
 * as the keystroke's own figure; run after every keystroke (it waited 120 ms), they were drawn
 * just as the next keystroke came and made it wait: lesson 3's keystroke p95 22-31 ms against
 * 15 ms without (docs/performance-keystrokes.md, "One render per keystroke").
 */
export const SHUFFLE_PAUSE_MS = 400;

export class ShuffleDemo implements ReactiveController {
  readonly models: ModelSet<TfModel, LoadedModel>;
  private ticket = 0;
  private queue: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly el: TransformerElement) {
    el.addController(this);
    this.models = new ModelSet<TfModel, LoadedModel>(el, {
      lesson: TRANSFORMER_MODELS,
      load: modelLoader(tfModel),
      manifest: servedFolders,
      onReady: () => this.run(),
    });
    // Rendered with status "idle" once the lesson's manifest lists the model and the text is English;
    // judged once the lesson's own figure is drawn (before it, the panel sits just below the text).
    new WhenNear(
      el,
      '.shuffle[data-status="idle"]',
      () => void this.start(),
      () => el.record !== null,
    );
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.ticket++; // an answer still on its way belongs to the worker the lesson just disposed
    this.el.shuffle = { status: 'idle' }; // back on the page, the model loads again when near
  }

  /** The no-position model, once loaded. */
  get model(): LoadedModel | null {
    return this.models.ready('nopos');
  }

  private async start(): Promise<void> {
    this.el.shuffle = { status: 'loading' };
    await this.models.ensure('nopos');
    const load = this.models.state('nopos');
    if (load?.status === 'failed') this.el.shuffle = { status: 'failed', error: load.error };
  }

  /** Runs once typing pauses (SHUFFLE_PAUSE_MS). */
  schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), SHUFFLE_PAUSE_MS);
  }

  /** Another shuffle of the same words. */
  reshuffle(): void {
    this.el.shuffleSeed += 1;
    this.run();
  }

  /**
   * Runs the first words of the text and a shuffled copy through the no-position model, one after
   * the other on its own worker (queued, so the pair is never split by a newer request).
   */
  run(): void {
    const el = this.el;
    const model = this.model;
    if (!model) return;
    const ticket = ++this.ticket;
    const words = bpeWords(el.clipped()).slice(0, SHUFFLE_MAX_WORDS);
    if (words.length < 2) {
      el.shuffle = { status: 'few' };
      return;
    }
    const order = shuffleWords(words, el.shuffleSeed);
    const originalText = spacedText(words);
    const shuffledText = spacedText(order.map((i) => words[i]));
    if (el.shuffle.status !== 'ready') el.shuffle = { status: 'running' };
    this.queue = this.queue.then(async () => {
      if (ticket !== this.ticket) return;
      try {
        const original = await model.engine.forward(originalText);
        if (ticket !== this.ticket) return;
        const shuffled = await model.engine.forward(shuffledText);
        if (ticket !== this.ticket) return;
        const perm = matchTokens(original.ids, shuffled.ids);
        const error = perm ? permutationError(original.maps, shuffled.maps, perm) : Infinity;
        el.shuffle = { status: 'ready', original, shuffled, originalText, shuffledText, perm, error };
      } catch (error) {
        if (isSuperseded(error) || ticket !== this.ticket) return;
        el.shuffle = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
    });
  }
}
