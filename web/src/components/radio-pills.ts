// A row of pill buttons that acts as one radio group: the model, variant, view, head or step
// choosers of every lesson. Click picks; the arrow keys move the choice and the focus with it
// (roving tabindex: only the chosen pill is in the Tab order). Styles: .pills in shared-styles.ts.

import type { ReactiveElement, TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { html, unsafeStatic } from 'lit/static-html.js';

export interface PillGroup<T extends string | number> {
  /** The element that renders the group: the focus moves once it has updated. */
  host: ReactiveElement;
  /** The group's class ("models" gives class="models pills"). */
  name: string;
  /** The group's accessible name, also shown before the pills unless showLabel is false. */
  label: string;
  options: readonly T[];
  /** The chosen option; null when none is (then the first pill is the group's Tab stop). */
  current: T | null;
  text: (option: T) => string;
  choose: (option: T) => void;
  /** The data attribute that carries each option's value: "model" gives data-model="...". */
  data?: 'model' | 'variant' | 'view' | 'step' | 'value';
  showLabel?: boolean;
  /** The language of the pills' text, when it is not the page's (French words). */
  lang?: string;
}

/** Arrow keys: the next or previous option (wrapping), then the focus on the chosen pill. */
export function movePill<T>(
  event: KeyboardEvent,
  host: ReactiveElement,
  options: readonly T[],
  current: T | null,
  choose: (option: T) => void,
): void {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  const count = options.length;
  if (!step || count < 2) return;
  event.preventDefault();
  const index = current === null ? -step : Math.max(0, options.indexOf(current));
  choose(options[(index + step + count) % count]);
  const group = event.currentTarget as HTMLElement;
  void host.updateComplete.then(() => group.querySelector<HTMLElement>('[aria-checked="true"]')?.focus());
}

export function radioPills<T extends string | number>(g: PillGroup<T>): TemplateResult {
  // The attribute name is one of a fixed few (PillGroup.data), never text from outside.
  const data = unsafeStatic(`data-${g.data ?? 'value'}`);
  return html`<div
    class="${g.name} pills"
    role="radiogroup"
    aria-label=${g.label}
    @keydown=${(e: KeyboardEvent) => movePill(e, g.host, g.options, g.current, g.choose)}
  >
    ${g.showLabel === false ? '' : html`<span class="pills-label" aria-hidden="true">${g.label}</span>`}
    ${g.options.map(
      (option, i) =>
        html`<button
          type="button"
          role="radio"
          ${data}=${String(option)}
          lang=${ifDefined(g.lang)}
          aria-checked=${option === g.current ? 'true' : 'false'}
          tabindex=${option === g.current || (i === 0 && !g.options.includes(g.current as T)) ? 0 : -1}
          @click=${() => g.choose(option)}
        >
          ${g.text(option)}
        </button>`,
    )}
  </div>`;
}
