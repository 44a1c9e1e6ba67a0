// A value in [0, 1] drawn as a bar: the guess lists and the score tables of lessons 2 and 3 show
// every probability and attention weight this way (span.bar > span, its width the value).

import { html, type TemplateResult } from 'lit';

/** A probability (or weight) in [0, 1] as a bar: the inner span's width is the value. */
export function weightBar(value: number): TemplateResult {
  return html`<span class="bar"><span style="width:${(value * 100).toFixed(1)}%"></span></span>`;
}
