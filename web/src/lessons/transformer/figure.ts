// Lesson 3's figure area: what replaces the figure (no models, loading, failed, no words), the
// view switch, the token chips, and the head, model or step view.

import { html, type TemplateResult } from 'lit';
import { hasWords } from '../../engine/records';
import { maskPositions } from './view-model';
import { t } from '../../i18n';
import { radioPills } from '../../components/radio-pills';
import type { TransformerElement } from './element';
import { VIEWS, VIEW_KEYS } from './state';
import { renderTokens } from './controls';
import { renderHeadView } from './head-view';
import { renderModelView } from './model-view';
import { renderStep } from './step-view';

export function renderFigure(el: TransformerElement): TemplateResult {
  if (el.manifestRead && !el.available.length)
    return html`<div class="placeholder failed" role="status" data-key="no-models">
      ${t('transformer.noModels')}
    </div>`;
  const load = el.current;
  if (!load || load.status === 'loading')
    return html`<div class="placeholder" role="status">${t('transformer.loading')}</div>`;
  if (load.status === 'failed')
    return html`<div class="placeholder failed" role="alert">
      ${t('transformer.loadError', { message: load.error })}
    </div>`;
  if (!hasWords(el.text)) {
    const hint = el.text.trim() === '' ? t('transformer.empty') : t('transformer.noWords');
    return html`<div class="placeholder hint" role="status">${hint}</div>`;
  }
  const record = el.record;
  if (!record)
    return el.runError
      ? html`<div class="placeholder failed" role="status">${t('transformer.noFigure')}</div>`
      : html`<div class="placeholder" role="status">${t('transformer.computing')}</div>`;
  if (!record.tokens.length)
    return html`<div class="placeholder hint" role="status">${t('transformer.noWords')}</div>`;
  const arch = load.model.arch;
  const maskAt = maskPositions(record, load.model.maskId);
  return html`
    <div class="figure-top">
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
    </div>
    ${renderTokens(el, record, maskAt)}
    <div class="view" data-view=${el.view} data-tokens=${record.tokens.length}>
      ${
        el.view === 'head'
          ? renderHeadView(el, record, arch)
          : el.view === 'model'
            ? renderModelView(el, record, arch)
            : renderStep(el, record, arch)
      }
    </div>
  `;
}

// ---- Masked word / next token -----------------------------------------------------------------
