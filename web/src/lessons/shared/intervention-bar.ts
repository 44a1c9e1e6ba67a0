// The bar every lesson shows above its figure to change the attention (issue 15): a "Uniform
// attention" toggle (or the lesson's own), the lesson's further switches, the weight a click pins,
// "Reset" (always there), and while something is changed: the original/changed choice of the
// figures, the changes in words (each with its own remove button) and the engine's refusal or the
// link's ignored items as messages. Each lesson adds its tools and its consequence (the
// translation, the guesses, the output vectors before and after); the state is the controller's.
// Its styles: intervention-bar-styles.ts.

import { html, nothing, type ReactiveElement, type TemplateResult } from 'lit';
import { t } from '../../i18n';
import { isolate } from '../../i18n/bidi';
import type { Edit } from '../../engine/intervention';
import { radioPills } from '../../components/radio-pills';
import { renderMessages, type Message } from './messages';
import { isTeacherMode } from './embed-attributes';
import type { InterventionController } from './intervention-controller';
import {
  PIN_WEIGHTS,
  TEMPERATURES,
  isUniform,
  maskedTokens,
  removeEdit,
  setTemperature,
  temperatureOf,
  toggleMask,
  toggleUniform,
  type MapRef,
} from './intervention-state';

/** How a lesson names its rows and tokens (engine numbering) in the list of changes. */
export interface EditNames {
  row: (row: number) => string;
  key: (token: number) => string;
}

const weightText = (w: number) => String(Number(w.toFixed(3)));

/** One change in words ("“la” reads “the” with weight 1", "layer 2, head 1 off"). */
export function describeEdit(e: Edit, names: EditNames): string {
  const at = { layer: (e as MapRef).layer ?? 0, head: (e as MapRef).head ?? 0 };
  const where = { layer: at.layer + 1, head: at.head + 1 };
  switch (e.op) {
    case 'pin': {
      const params = { row: names.row(e.row), key: names.key(e.key), weight: weightText(e.weight ?? 1) };
      return e.layer === undefined && e.head === undefined
        ? t('intervene.editPin', params)
        : t('intervene.editPinAt', { ...params, ...where });
    }
    case 'row':
      return t('intervene.editRow', { row: names.row(e.row) });
    case 'uniform':
      if (e.row !== undefined) return t('intervene.editUniformRow', { row: names.row(e.row) });
      if (e.layer === undefined) return t('intervene.editUniform');
      return t(e.head === undefined ? 'intervene.editUniformLayer' : 'intervene.editUniformHead', where);
    case 'mask':
      return t('intervene.editMask', { token: names.key(e.token) });
    case 'temperature':
      return e.layer === undefined
        ? t('intervene.editTemperature', { value: e.value })
        : t('intervene.editTemperatureAt', { value: e.value, where: scopeText(e) });
    case 'scale':
      return t(e.on ? 'intervene.editScaleOn' : 'intervene.editScaleOff');
    case 'ablate_head':
      return t('intervene.editHeadOff', { layer: e.layer + 1, head: e.head + 1 });
    case 'ablate_layer':
      return t('intervene.editLayerOff', { layer: e.layer + 1 });
  }
  return '';
}

/** A scope in words: every layer and head, a layer, or one head of a layer. */
export function scopeText(scope: MapRef): string {
  if (scope.layer === undefined) return t('intervene.scopeModel');
  const where = { layer: scope.layer + 1, head: (scope.head ?? 0) + 1 };
  return t(scope.head === undefined ? 'intervene.scopeLayer' : 'intervene.scopeHead', where);
}

/** A switch that is on or off (aria-pressed), in the bar's style. */
export function toggleButton(options: {
  label: string;
  pressed: boolean;
  /** The switch is not where the model was trained (drawn as a change). */
  changed: boolean;
  onClick: () => void;
  title?: string;
  data?: string;
  ariaLabel?: string;
}): TemplateResult {
  return html`<button
    type="button"
    class="toggle ${options.changed ? 'changed' : ''}"
    aria-pressed=${options.pressed ? 'true' : 'false'}
    title=${options.title ?? nothing}
    aria-label=${options.ariaLabel ?? nothing}
    data-switch=${options.data ?? nothing}
    @click=${options.onClick}
  >
    <span class="tick" aria-hidden="true"></span>${options.label}
  </button>`;
}

/** The "Uniform attention" toggle for one scope (the whole model unless given). */
export function uniformToggle(ctrl: InterventionController, scope: MapRef = {}): TemplateResult {
  const on = isUniform(ctrl.edits, scope);
  return toggleButton({
    label: t('intervene.uniform'),
    title: t('intervene.uniformTitle'),
    pressed: on,
    changed: on,
    data: 'uniform',
    onClick: () => ctrl.change((edits) => toggleUniform(edits, scope)),
  });
}

/** A labelled <select> of numbers (temperature, pinned weight). */
function numberSelect(
  name: string,
  label: string,
  title: string,
  values: readonly number[],
  current: number,
  choose: (value: number) => void,
): TemplateResult {
  // A value from a link that the list does not offer is offered too, so it shows as chosen.
  const options = values.includes(current) ? values : [...values, current].sort((a, b) => a - b);
  return html`<label class="select" title=${title}>
    <span>${label}</span>
    <select
      data-select=${name}
      @change=${(e: Event) => choose(Number((e.target as HTMLSelectElement).value))}
    >
      ${options.map((v) => html`<option value=${v} ?selected=${v === current}>${v}</option>`)}
    </select>
  </label>`;
}

/** The temperature of a scope (1: as trained). */
export function temperatureSelect(ctrl: InterventionController, scope: MapRef = {}): TemplateResult {
  return numberSelect(
    'temperature',
    t('intervene.temperature'),
    t('intervene.temperatureTitle'),
    TEMPERATURES,
    temperatureOf(ctrl.edits, scope),
    (value) => ctrl.change((edits) => setTemperature(edits, value, scope)),
  );
}

/** The weight a click on a cell pins. */
export function pinWeightSelect(ctrl: InterventionController, host: ReactiveElement): TemplateResult {
  return numberSelect(
    'pin-weight',
    t('intervene.pinWeight'),
    t('intervene.pinWeightTitle'),
    PIN_WEIGHTS,
    ctrl.pinWeight,
    (value) => {
      ctrl.pinWeight = value;
      host.requestUpdate();
    },
  );
}

/** The tokens as switches: a pressed one is hidden from every row (op "mask"). */
export function maskChips(ctrl: InterventionController, tokens: readonly string[]): TemplateResult {
  const masked = maskedTokens(ctrl.edits);
  return html`<div class="mask-chips" role="group" aria-label=${t('intervene.mask')}>
    <span class="pills-label" aria-hidden="true">${t('intervene.mask')}</span>
    ${tokens.map(
      (token, i) =>
        html`<button
          type="button"
          class="mask-chip"
          data-token=${i}
          aria-pressed=${masked.includes(i) ? 'true' : 'false'}
          title=${t('intervene.maskTitle', { token: isolate(token) })}
          dir="auto"
          @click=${() => ctrl.change((edits) => toggleMask(edits, i))}
        >
          ${token.trim() || '␣'}
        </button>`,
    )}
  </div>`;
}

export interface BarOptions {
  host: ReactiveElement;
  /** Ids start with it (one bar per lesson). */
  id: string;
  hint: string;
  names: EditNames;
  /** The bar's switches; default: the whole model's "Uniform attention". */
  tools?: TemplateResult | typeof nothing;
  /** Switches behind "More changes". */
  more?: TemplateResult | typeof nothing;
  /** What the change does (the lesson's before and after), shown while something is changed. */
  consequence?: TemplateResult | typeof nothing;
  /** Clicks pin cells in this lesson (the pinned-weight choice is offered). */
  pins?: boolean;
  /** A line under the hint (lesson 1 side by side: which model the changes apply to). */
  note?: TemplateResult | string;
}

function barMessages(ctrl: InterventionController): Message[] {
  const out: Message[] = [];
  if (ctrl.ignored.length)
    out.push({
      kind: 'warning',
      key: 'ignored',
      text: t('intervene.ignored', { items: ctrl.ignored.join(', ') }),
    });
  if (ctrl.refusal) out.push({ kind: 'warning', key: 'refused', text: ctrl.refusal });
  const error = ctrl.error;
  if (error) out.push({ kind: 'error', key: 'error', text: t('intervene.error', { message: error }) });
  if (ctrl.cleared)
    out.push({ kind: 'info', key: 'cleared', text: t('intervene.cleared', { count: ctrl.cleared }) });
  return out;
}

export function renderInterventionBar(
  ctrl: InterventionController,
  o: BarOptions,
): TemplateResult | typeof nothing {
  const active = ctrl.active;
  // Teacher mode (controls="none", docs/embedding.md): no switches; a change the link gives is
  // shown read-only (what was changed, and what it does), and without one there is no bar.
  if (isTeacherMode((o.host as { controls?: string | null }).controls))
    return active || ctrl.ignored.length ? renderReadOnlyBar(ctrl, o) : nothing;
  return html`<section
    class="intervene"
    data-active=${active ? 'true' : 'false'}
    data-edits=${ctrl.text}
    data-busy=${ctrl.busy ? 'true' : 'false'}
    aria-labelledby="${o.id}-title"
  >
    <div class="intervene-head">
      <h3 id="${o.id}-title" class="intervene-title">${t('intervene.title')}</h3>
      <button
        type="button"
        class="intervene-reset"
        title=${t('intervene.resetTitle')}
        ?disabled=${!active && !ctrl.ignored.length}
        @click=${() => ctrl.reset()}
      >
        ${t('intervene.reset')}
      </button>
    </div>
    <p class="intervene-hint">${o.hint}</p>
    ${o.pins ? html`<p class="intervene-hint drag-hint">${t('intervene.dragHint')}</p>` : nothing}
    ${o.note ? html`<p class="intervene-hint intervene-note">${o.note}</p>` : nothing}
    <div class="intervene-tools">
      ${o.tools ?? uniformToggle(ctrl)} ${o.pins ? pinWeightSelect(ctrl, o.host) : nothing}
    </div>
    ${
      o.more
        ? html`<details class="intervene-more">
            <summary>${t('intervene.more')}</summary>
            <div class="intervene-tools">${o.more}</div>
          </details>`
        : nothing
    }
    ${
      active
        ? html`<div class="intervene-state">
            ${radioPills({
              host: o.host,
              name: 'intervene-show',
              label: t('intervene.show'),
              options: ['before', 'after'] as const,
              current: ctrl.after ? 'after' : 'before',
              text: (v) => t(v === 'after' ? 'intervene.showAfter' : 'intervene.showBefore'),
              choose: (v) => {
                ctrl.after = v === 'after';
                o.host.requestUpdate();
              },
            })}
            <ul class="edits" aria-label=${t('intervene.editsLabel')}>
              ${ctrl.edits.map((e, i) => {
                const text = describeEdit(e, o.names);
                return html`<li class="edit" data-op=${e.op}>
                  <span>${text}</span>
                  <button
                    type="button"
                    class="edit-remove"
                    aria-label=${t('intervene.remove', { edit: text })}
                    title=${t('intervene.remove', { edit: text })}
                    @click=${() => ctrl.change((edits) => removeEdit(edits, i))}
                  >
                    ×
                  </button>
                </li>`;
              })}
            </ul>
          </div>`
        : nothing
    }
    ${renderMessages(`${o.id}-messages`, barMessages(ctrl))}
    ${active && ctrl.busy ? html`<p class="intervene-busy" role="status">${t('intervene.computing')}</p>` : nothing}
    ${active ? (o.consequence ?? nothing) : nothing}
  </section>`;
}

/** The bar in teacher mode: the changes in words, the messages and the consequence, nothing to press. */
function renderReadOnlyBar(ctrl: InterventionController, o: BarOptions): TemplateResult {
  const active = ctrl.active;
  return html`<section
    class="intervene readonly"
    data-active=${active ? 'true' : 'false'}
    data-edits=${ctrl.text}
    data-busy=${ctrl.busy ? 'true' : 'false'}
    aria-labelledby="${o.id}-title"
  >
    <div class="intervene-head">
      <h3 id="${o.id}-title" class="intervene-title">${t('intervene.title')}</h3>
    </div>
    ${
      active
        ? html`<ul class="edits" aria-label=${t('intervene.editsLabel')}>
            ${ctrl.edits.map((e) => html`<li class="edit" data-op=${e.op}><span>${describeEdit(e, o.names)}</span></li>`)}
          </ul>`
        : nothing
    }
    ${renderMessages(`${o.id}-messages`, barMessages(ctrl))}
    ${active && ctrl.busy ? html`<p class="intervene-busy" role="status">${t('intervene.computing')}</p>` : nothing}
    ${active ? (o.consequence ?? nothing) : nothing}
  </section>`;
}

export { interventionBarStyles } from './intervention-bar-styles';
