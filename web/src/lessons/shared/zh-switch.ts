// Chinese text in lessons 2 and 3 (issue 19): when the sentence is mostly Chinese the lesson reads
// it with its Chinese model (one character per token), says so in a line above the figures with a
// button back to the model it left, and switches back when the text is no longer Chinese. A model
// the student picks while the text is Chinese stays picked (the line then offers the Chinese
// model). In the Chinese interface an example line from the Chinese models' training text is offered.

import {
  css,
  html,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import { currentLanguage, formatNumber, t } from '../../i18n';
import { LOCAL, type WithLocal } from './model-set';
import { constantGuessOf } from './lm';
import { modelLabels, type LessonModels } from './models';
import { isChineseText, ZH_EXAMPLE } from './zh-text';

/** What the switch needs of a lesson element. */
export interface ZhSwitchHost<K extends string> extends ReactiveControllerHost {
  model: WithLocal<K>;
  available: K[];
  text: string;
  /** auto: the switch's own change, not the student's choice. */
  chooseModel(model: WithLocal<K>, auto?: boolean): void;
  /** Puts text in the box as if typed. */
  typeText(text: string): void;
}

export class ZhSwitch<K extends string> implements ReactiveController {
  /** The model the switch left for the Chinese one (null: the switch did not choose the model). */
  from: K | null = null;

  constructor(
    private readonly host: ZhSwitchHost<K>,
    readonly zhKey: K,
    lesson: LessonModels<K>,
  ) {
    host.addController(this);
    this.labels = modelLabels(lesson);
  }

  /** i18n key of each model's name. */
  private readonly labels: Record<K, string>;
  private label(key: K): string {
    return this.labels[key];
  }

  hostConnected(): void {}

  get chinese(): boolean {
    return isChineseText(this.host.text);
  }

  /** The text changed (typed or set from an attribute): follow its language. */
  textChanged(): void {
    const { host } = this;
    if (host.model === LOCAL || !host.available.includes(this.zhKey)) return;
    if (this.chinese) {
      // Only from the model the lesson chose by itself: a model the student picked stays.
      if (host.model !== this.zhKey && this.from === null && !this.picked) {
        this.from = host.model;
        host.chooseModel(this.zhKey, true);
      }
    } else {
      if (this.from !== null && host.model === this.zhKey) host.chooseModel(this.from, true);
      this.from = null;
      this.picked = false;
    }
  }

  /** The student chose a model (pill, attribute, the line's button). */
  chosen(model: WithLocal<K>): void {
    this.from = null;
    this.picked = this.chinese && model !== this.zhKey;
  }

  /** The student picked a model other than the Chinese one while the text was Chinese. */
  picked = false;

  /** The line's button to the Chinese model: English text later goes back to the model left. */
  private useZh(): void {
    const from = this.host.model === LOCAL ? null : this.host.model;
    this.host.chooseModel(this.zhKey);
    this.from = from;
  }

  /** The line saying which model reads a Chinese sentence, with a button to the other one. */
  render(): TemplateResult | typeof nothing {
    const { host } = this;
    const example =
      currentLanguage() === 'zh-CN' && host.available.includes(this.zhKey) && host.text !== ZH_EXAMPLE
        ? html`<p class="zh-example">
            ${t('zhText.exampleLabel')}
            <button type="button" data-zh-example lang="zh-CN" @click=${() => host.typeText(ZH_EXAMPLE)}>
              ${ZH_EXAMPLE}
            </button>
          </p>`
        : nothing;
    if (!this.chinese || host.model === LOCAL || !host.available.includes(this.zhKey)) return example;
    if (host.model === this.zhKey) {
      const back = this.from ?? host.available.find((k) => k !== this.zhKey);
      return html`${example}
        <p class="zh-switch" data-zh-model="on" role="status">
          ${t('zhText.autoOn', { model: t(this.label(this.zhKey)) })}
          ${
            back
              ? html`<button type="button" data-zh-use=${back} @click=${() => host.chooseModel(back)}>
                  ${t('zhText.useOther', { model: t(this.label(back)) })}
                </button>`
              : nothing
          }
        </p>`;
    }
    return html`${example}
      <p class="zh-switch" data-zh-model="off" role="status">
        ${t('zhText.autoOff', { model: t(this.label(host.model)) })}
        <button type="button" data-zh-use=${this.zhKey} @click=${() => this.useZh()}>
          ${t('zhText.useZh', { model: t(this.label(this.zhKey)) })}
        </button>
      </p>`;
  }
}

/**
 * Under a card that reports it (the Chinese models', and those trained since `attnlab train` writes it),
 * the best constant guess on the same test text, in characters or in BPE pieces as the model reads
 * them, and for the Song ci models where the text comes from and its licence.
 */
export function renderConstantGuess(
  card: Record<string, unknown>,
  kind: 'lm' | 'mlm',
): TemplateResult | typeof nothing {
  const c = constantGuessOf(card);
  if (!c) return nothing;
  const values =
    kind === 'lm'
      ? {
          perplexity: formatNumber(c.perplexity, { maximumFractionDigits: 1, minimumFractionDigits: 1 }),
        }
      : {
          token: c.token,
          accuracy: formatNumber(c.accuracy, {
            style: 'percent',
            maximumFractionDigits: 1,
            minimumFractionDigits: 1,
          }),
        };
  const data = (card.data ?? {}) as { corpus?: unknown; tokenizer?: unknown };
  const corpus = data.corpus;
  // The Chinese models read characters (data.tokenizer "chars"); the English ones BPE pieces.
  const chars = data.tokenizer === 'chars';
  const key =
    kind === 'lm'
      ? chars
        ? 'zhText.constantLm'
        : 'zhText.constantLmPieces'
      : chars
        ? 'zhText.constantMlm'
        : 'zhText.constantMlmPieces';
  return html`<span class="constant-guess" data-constant=${kind === 'lm' ? c.perplexity : c.accuracy}
      >${t(key, values)}</span
    >${
      typeof corpus === 'string' && corpus.endsWith('songci')
        ? html` <span class="card-source" data-source="songci">${t('zhText.source')}</span>`
        : nothing
    }`;
}

export const zhSwitchStyles = css`
  .constant-guess,
  .card-source {
    display: block;
    margin-top: 0.2rem;
  }
  .zh-switch,
  .zh-example {
    margin: 0.4rem 0;
    color: #33475b;
  }
  .zh-switch {
    padding: 0.35rem 0.6rem;
    border-left: 3px solid #1f5fa8;
    background: #eef3fa;
  }
  .zh-switch button,
  .zh-example button {
    min-height: 24px;
    margin-left: 0.3rem;
    font: inherit;
    cursor: pointer;
  }
`;
