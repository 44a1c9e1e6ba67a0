// Lesson 3's masked-word panel: the words of the text as buttons (one may be replaced by <mask>)
// and the model's guesses for it, or the next-token guesses of a causal model; with a change to the
// attention (interventions.ts), the guesses before it and after it side by side.

import './strings';
import { guessList } from '../../figures/guess-list';
import { css, html, nothing, type TemplateResult } from 'lit';
import { topNext, type NextToken } from '../shared/lm';
import { hasWords } from '../../engine/records';
import { MASK, activeMask, findTensor, maskPositions, panelWords, tokenLabel } from './view-model';
import { isolate } from '../../i18n/bidi';
import { t } from '../../i18n';
import type { TransformerElement } from './element';
import { MASK_MAX_WORDS, TOP_K } from './parts';
import { TRACE } from '../../engine/trace-names';
import { isTeacherMode } from '../shared/embed-attributes';
import type { ForwardRecord } from '../../engine/records';

/** The guesses at token `at`, and with a change to the attention the changed model's beside them. */
function guessesBeforeAfter(
  el: TransformerElement,
  record: ForwardRecord,
  at: number,
  guesses: NextToken[],
  key: string,
): TemplateResult {
  const loaded = el.loaded;
  const edited = el.interventions.editedFor(record);
  const logits = edited ? findTensor(edited, TRACE.logits) : undefined;
  if (!loaded || !edited || !logits || at >= logits.rows) return renderGuesses(guesses, key);
  const after = topNext(logits, at, TOP_K, loaded.vocabulary);
  return html`<div class="guess-compare">
    <div class="before">
      <h5>${t('intervene.guessesBefore')}</h5>
      ${renderGuesses(guesses, key)}
    </div>
    <div class="after">
      <h5>${t('intervene.guessesAfter')}</h5>
      ${renderGuesses(after, `${key}-after`)}
    </div>
  </div>`;
}

export function renderGuesses(guesses: NextToken[], key: string): TemplateResult {
  return guessList(guesses, {
    className: 'guesses',
    key,
    label: (g) => (tokenLabel(g.token) === '∅' ? `#${g.id}` : tokenLabel(g.token)),
  });
}

export function renderMask(el: TransformerElement): TemplateResult | typeof nothing {
  const loaded = el.loaded;
  const record = el.record;
  if (!loaded || !hasWords(el.text)) return nothing;
  const logits = record ? findTensor(record, TRACE.logits) : undefined;
  // A causal model guesses the next token; a model without <mask> (a student's, say the lab's
  // mirror model) was not trained to fill in words: both show their output at the query token.
  const lm = loaded.arch.objective === 'lm';
  if (lm || loaded.maskId < 0) {
    const i = el.query;
    const guesses = record && logits && i < logits.rows ? topNext(logits, i, TOP_K, loaded.vocabulary) : [];
    return html`<section
      class="panel mask-panel"
      data-mode=${lm ? 'next' : 'output'}
      aria-labelledby="tf-mask-title"
    >
      <h3 id="tf-mask-title">${t(lm ? 'transformer.nextTitle' : 'open.outputTitle')}</h3>
      <p class="note">${t(lm ? 'transformer.nextIntro' : 'open.outputIntro')}</p>
      ${
        record && guesses.length
          ? html`<h4 class="sub">
                ${t(lm ? 'transformer.nextAfter' : 'open.outputAt', { token: isolate(el.tokenText(record, i)) })}
              </h4>
              ${guessesBeforeAfter(el, record, i, guesses, 'next')}
              ${lm ? html`<p class="note" data-key="symbols">${t('transformer.symbolsNote')}</p>` : nothing}`
          : nothing
      }
    </section>`;
  }
  const text = el.clipped();
  const words = panelWords(text).slice(0, MASK_MAX_WORDS);
  const masked = el.masked;
  const typed = words.filter((w) => w.typed).length;
  // The guesses are for the clicked word's mask, else for the first <mask> typed in the text.
  const which = activeMask(text, masked);
  const maskAt = record && which >= 0 ? maskPositions(record, loaded.maskId)[which] : undefined;
  const guesses =
    record && logits && maskAt !== undefined ? topNext(logits, maskAt, TOP_K, loaded.vocabulary) : [];
  const title = masked
    ? t('transformer.guessesTitle', { word: isolate(masked.text) })
    : t(typed > 1 ? 'transformer.guessesTypedFirst' : 'transformer.guessesTypedOne');
  return html`<section class="panel mask-panel" data-mode="mask" aria-labelledby="tf-mask-title">
    <h3 id="tf-mask-title">${t('transformer.maskTitle')}</h3>
    <p class="note">
      ${t(isTeacherMode(el.controls) ? 'transformer.maskIntroTeacher' : 'transformer.maskIntro')}
    </p>
    <div class="words" role="group" aria-label=${t('transformer.maskTitle')}>
      ${words.map((w) => {
        // A <mask> typed in the text is masked already: a chip that stays pressed.
        if (w.typed)
          return html`<span class="word masked typed" data-word=${MASK} title=${t('transformer.typedMask')}
            >${MASK}</span
          >`;
        const on = masked !== null && masked.start === w.start && masked.end === w.end;
        // Teacher mode: the word the `mask` attribute hid, marked; nothing to press.
        if (isTeacherMode(el.controls))
          return html`<span class="word ${on ? 'masked' : ''}" data-word=${w.text} dir="auto"
            >${on ? MASK : w.text}</span
          >`;
        return html`<button
          type="button"
          class="word ${on ? 'masked' : ''}"
          data-word=${w.text}
          aria-pressed=${on ? 'true' : 'false'}
          dir="auto"
          @click=${() => el.toggleMask(w)}
        >
          ${on ? MASK : w.text}
        </button>`;
      })}
    </div>
    ${
      (masked || typed) && guesses.length
        ? html`<h4 class="sub" data-key="guesses-title">${title}</h4>
            ${record && maskAt !== undefined ? guessesBeforeAfter(el, record, maskAt, guesses, 'mask') : nothing}
            <p class="note">${t(masked ? 'transformer.guessesNote' : 'transformer.guessesNoteTyped')}</p>
            <p class="note" data-key="symbols">${t('transformer.symbolsNote')}</p>`
        : masked || typed
          ? maskWaiting(el, record, maskAt)
          : html`<p class="note" data-key="mask-hint">
              ${t(isTeacherMode(el.controls) ? 'transformer.maskHintTeacher' : 'transformer.maskHint')}
            </p>`
    }
  </section>`;
}

/**
 * No guesses to show for the masked word: the engine's answer is on its way, or it came and there
 * is nothing to guess from, said as such: an error the engine returned (an unknown word in a
 * vocabulary without <unk>, say), or an answer without a mask token at the masked word.
 */
function maskWaiting(el: TransformerElement, record: ForwardRecord | null, maskAt: number | undefined) {
  if (el.runError)
    return html`<p class="note failed" role="alert" data-key="mask-error">
      ${t('transformer.maskError', { message: el.runError })}
    </p>`;
  if (record && !el.busy && maskAt === undefined)
    return html`<p class="note failed" role="alert" data-key="mask-unread">
      ${t('transformer.maskUnread')}
    </p>`;
  return html`<p class="note" role="status">${t('transformer.computing')}</p>`;
}

// ---- Positions --------------------------------------------------------------------------------

export const maskPanelStyles = css`
  .panel {
    margin-top: 1.6rem;
    padding-top: 1rem;
    border-top: 1px solid #e3e8ef;
    min-width: 0;
  }
  /* Below the map, usually off screen while the student types: neither laid out nor painted until
     scrolled to (the shuffle demonstration alone is about 2,100 nodes; docs/performance-keystrokes.md). */
  .panel.positions {
    content-visibility: auto;
    contain-intrinsic-size: auto 1400px;
  }
  .panel.compare {
    content-visibility: auto;
    contain-intrinsic-size: auto 700px;
  }
  .words {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3rem;
    margin: 0.4rem 0;
  }
  .guesses {
    margin: 0.3rem 0;
    padding: 0.5rem 0.8rem;
    max-width: 26rem;
    list-style: none;
    border-radius: 10px;
    background: #eef3fa;
  }
  .guesses li {
    display: grid;
    grid-template-columns: minmax(4rem, auto) 1fr auto;
    align-items: center;
    gap: 0.5rem;
    padding: 0.15rem 0;
    font-variant-numeric: tabular-nums;
  }
  .guesses .bar {
    width: 100%;
  }
  .piece {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    overflow-wrap: anywhere;
  }
`;
