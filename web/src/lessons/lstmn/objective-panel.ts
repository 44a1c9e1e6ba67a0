// Lesson 2's "how it was trained" panel, under the model card: the loss the shown model was trained
// on, typeset as the engine computes it (the self-weight penalty when its config has one), the
// mean weight a piece gives itself on the student's text, what the same cell does without the
// penalty (from the cards), and, for the LSTM cell, why its figure does not read like the paper's.

import './strings';
import { css, html, nothing, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { typeset } from '../../components/typeset';
import { t } from '../../i18n';
import { comparePerplexity, meanFirstWeight, meanSelfWeight } from '../shared/lm';
import type { LstmnElement } from './element';
import { LOCAL } from '../shared/model-set';
import { localCard } from '../shared/local-model';
import { formatPerplexity } from './controls';
import {
  MODEL_KEYS,
  UNPENALIZED,
  cellOf,
  COLLAPSED,
  LOW,
  MOSTLY,
  formatSelfWeight,
  objectiveFormula,
  type LoadedModel,
} from './parts';

/** The recall task's loss (cpp/data/sequence_tasks.h): only the last step's guess, which must be the first piece. */
const RECALL_OBJECTIVE = String.raw`\mathcal{L} = -\log p\left(w_1 \mid w_1 \dots w_T\right)`;

export function renderObjective(el: LstmnElement): TemplateResult | typeof nothing {
  const loaded = el.loaded;
  if (!loaded) return nothing;
  const { arch } = loaded;
  const penalty = arch.attention ? arch.selfPenalty : 0;
  const lambda = Number(penalty.toPrecision(6)).toString();
  const ctx = contextName(loaded);
  // The student's model: the recall task's loss if its card says so; else the language model's, said to be a guess.
  const recall = el.model === LOCAL && localCard(loaded.info.card).task === 'recall';
  const explain = recall
    ? t('open.recallObjective')
    : !arch.attention
      ? t('lstmn.objectivePlainBaseline')
      : penalty > 0
        ? t('lstmn.objectivePenalty', { lambda, ctx })
        : t('lstmn.objectiveNoPenalty', { ctx });
  const formula = recall ? RECALL_OBJECTIVE : objectiveFormula(penalty);
  return html`<section class="objective" data-self-penalty=${penalty} aria-labelledby="lstmn-objective-title">
    <h3 id="lstmn-objective-title">${t('lstmn.objectiveTitle')}</h3>
    <div class="formula" data-objective=${recall ? 'recall' : penalty > 0 ? 'penalty' : 'cross-entropy'}>
      ${unsafeHTML(typeset(formula, true))}
    </div>
    <p class="note">
      ${el.model === LOCAL && !recall ? html`<span data-key="objective-unsure">${t('open.lmObjectiveUnsure')}</span>` : nothing}
      ${explain}
    </p>
    ${arch.attention ? renderSelfWeight(el, ctx) : nothing} ${renderTwin(el, loaded)}
    ${arch.attention && arch.cell === 'lstm' ? html`<p class="note lstmn-style">${t('lstmn.lstmnStyle')}</p>` : nothing}
  </section>`;
}

/** The attention read as the step panel names it: c_i, or h̃_i for the LSTM cell. */
const contextName = (loaded: LoadedModel) => (loaded.arch.cell === 'lstm' ? 'h̃_i' : 'c_i');

/** The mean self-weight on the text the student typed, and what it means for the figure. */
function renderSelfWeight(el: LstmnElement, ctx: string): TemplateResult | typeof nothing {
  const map = el.record?.maps[0];
  const mean = map ? meanSelfWeight(map) : null;
  if (!map || mean === null) return nothing;
  // Attention that avoids the piece being read may still carry nothing: sunk onto the first piece.
  const first = meanFirstWeight(map);
  const sunk = first !== null && first >= COLLAPSED && mean < MOSTLY;
  const reading = sunk
    ? 'lstmn.selfWeightSunk'
    : mean >= COLLAPSED
      ? 'lstmn.selfWeightCollapsed'
      : mean >= MOSTLY
        ? 'lstmn.selfWeightMostly'
        : mean <= LOW
          ? 'lstmn.selfWeightLow'
          : 'lstmn.selfWeightMixed';
  return html`<p class="self-weight" data-self-weight=${mean} data-first-weight=${first ?? ''}>
    <b>${t('lstmn.selfWeight', { value: formatSelfWeight(mean) })}</b>
    ${t('lstmn.selfWeightHow')} ${t(reading, { ctx, value: formatSelfWeight(first ?? 0) })}
    ${sunk && (el.loaded?.arch.selfPenalty ?? 0) > 0 ? t('lstmn.sinkPenalty') : nothing}
  </p>`;
}

/** The same cell trained the other way, from both cards: what the penalty costs in perplexity. */
function renderTwin(el: LstmnElement, loaded: LoadedModel): TemplateResult | typeof nothing {
  if (el.model === LOCAL) return nothing; // the student's model has no twin among the lesson's
  const cell = cellOf(el.model);
  const twin = UNPENALIZED[cell];
  if (!twin) return nothing;
  const penalized = el.cards[cell];
  const plain = el.cards[twin];
  const change = comparePerplexity(penalized, plain);
  if (!penalized || !plain || change === null || !loaded.card.testPerplexity) return nothing;
  const values = {
    penalized: formatPerplexity(penalized.testPerplexity ?? 0),
    plain: formatPerplexity(plain.testPerplexity ?? 0),
    other: t(el.model === twin ? 'lstmn.trainingPenalty' : 'lstmn.trainingPlain'),
  };
  return html`<p class="note penalty-cost" data-change=${change}>
    ${t(change > 0 ? 'lstmn.penaltyCosts' : 'lstmn.penaltyFree', values)}
    ${el.model === cell ? t('lstmn.tryPlain', { switch: t('lstmn.trainingPlain'), model: t(MODEL_KEYS[cell]) }) : nothing}
  </p>`;
}

export const objectivePanelStyles = css`
  .objective {
    margin: 0.4rem 0 0.8rem;
    padding: 0.5rem 0.8rem;
    border: 1px solid #e3e8ef;
    border-radius: 10px;
    background: #fbfcfe;
  }
  .objective h3 {
    margin: 0;
    font-size: 0.95rem;
  }
  .objective .formula {
    overflow-x: auto;
  }
  .objective .katex-display {
    margin: 0.4rem 0;
  }
  @media (max-width: 480px) {
    .objective .katex-display {
      font-size: 0.8em;
    }
  }
  .self-weight {
    margin: 0.3rem 0;
    font-size: 0.9rem;
    font-variant-numeric: tabular-nums;
  }
`;
