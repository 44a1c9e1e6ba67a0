// Lesson 3's figure area: what replaces the figure (no models, loading, failed, no words), the
// view switch, the token chips, the bar that changes the attention, and the head, model or step
// view (of the changed model, unless the student chose the original).

import './strings';
import {
  firstViewNote,
  loadPlaceholder,
  placeholder,
  textPlaceholder,
  waitingPlaceholder,
} from '../shared/placeholders';
import { html, type TemplateResult } from 'lit';
import type { ForwardRecord } from '../../engine/records';
import { maskPositions, type TfArch } from './view-model';
import { renderSplits, renderUnitsSwitch } from '../shared/word-pieces';
import { t } from '../../i18n';
import { radioPills } from '../../components/radio-pills';
import type { TransformerElement } from './element';
import { VIEWS, VIEW_KEYS } from './state';
import { renderTokens } from './controls';
import { renderHeadView } from './head-view';
import { renderModelView } from './model-view';
import { renderStep } from './step-view';
import { renderTransformerBar } from './interventions';
import { firstViewArch, firstViewRecord } from './first-view';

export function renderFigure(el: TransformerElement): TemplateResult {
  if (el.manifestRead && !el.available.length)
    return html`<div class="placeholder failed" role="status" data-key="no-models">
      ${t('transformer.noModels')}
    </div>`;
  const first = firstViewRecord(el);
  if (first) return renderFirstView(el, first);
  const load = el.current;
  if (load?.status !== 'ready') return loadPlaceholder('transformer', load) ?? html``;
  const noText = textPlaceholder('transformer', el.text);
  if (noText) return noText;
  const record = el.record;
  if (!record) return waitingPlaceholder('transformer', el.runError);
  if (!record.tokens.length) return placeholder(t('transformer.noWords'), 'hint');
  const arch = load.model.arch;
  const maskAt = maskPositions(record, load.model.maskId);
  const shown = el.shownRecord ?? record;
  return html`
    ${renderViewPills(el, record, arch)} ${renderTokens(el, record, maskAt)}
    ${renderTransformerBar(el, record, arch)}
    <div class="view" data-view=${el.view} data-tokens=${record.tokens.length}>
      ${
        el.view === 'head'
          ? renderHeadView(el, shown, arch)
          : el.view === 'model'
            ? renderModelView(el, shown, arch)
            : renderStep(el, shown, arch)
      }
    </div>
  `;
}

// ---- Masked word / next token -----------------------------------------------------------------

/**
 * The head, model and step views' switch, the Whole words / Pieces switch and the line naming the
 * words the tokenizer split (as lesson 2 has them: shared/word-pieces.ts).
 */
export function renderViewPills(el: TransformerElement, record: ForwardRecord, arch: TfArch): TemplateResult {
  return html`<div class="figure-top">
      ${radioPills({
        host: el,
        name: 'views',
        label: t('transformer.viewLabel'),
        options: VIEWS,
        current: el.view,
        text: (v) => t(VIEW_KEYS[v]),
        choose: (v) => {
          el.view = v;
          el.hover = null;
        },
      })}
      ${renderUnitsSwitch(el, 'units', el.units, (units) => {
        el.units = units;
        el.hover = null;
      })}
    </div>
    ${renderSplits(record, arch.causal ? 'last' : 'mean')}`;
}

/**
 * The build's first figure (first-view.ts) under one line saying the model is loading: the view
 * switch, the token chips and the head view.
 */
function renderFirstView(el: TransformerElement, record: ForwardRecord): TemplateResult {
  // Without the vocabulary, a masked token is known by its text, as the tokenizer writes it.
  const maskAt = maskPositions(record, -1);
  return html`
    ${firstViewNote('transformer', el.current)} ${renderViewPills(el, record, firstViewArch())}
    ${renderTokens(el, record, maskAt)}
    <div class="view" data-view="head" data-tokens=${record.tokens.length}>
      ${renderHeadView(el, record, firstViewArch())}
    </div>
  `;
}
