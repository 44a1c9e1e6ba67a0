// What a lesson shows in its figure's place while there is no figure: the model loading or
// failed, an empty text or one without words, the first answer on its way or an engine error
// (the message above says which). Each lesson's strings sit under its i18n prefix: loading,
// loadError, empty, noWords (or the key it passes), computing, noFigure.

import { html, type TemplateResult } from 'lit';
import { hasWords } from '../../engine/records';
import { formatInteger, t } from '../../i18n';
import { unsupportedText } from './unsupported-text';
import type { LoadState } from './model-set';

/** A placeholder box: 'hint' for what the student can change, 'failed' for what went wrong. */
export function placeholder(
  text: string,
  kind: '' | 'hint' | 'failed' = '',
  role: 'status' | 'alert' = 'status',
): TemplateResult {
  return html`<div class=${kind ? `placeholder ${kind}` : 'placeholder'} role=${role}>${text}</div>`;
}

/** The model is loading or failed to load; null once it is ready. */
export function loadPlaceholder(prefix: string, load: LoadState<unknown> | undefined): TemplateResult | null {
  if (!load || load.status === 'loading')
    return loadingBox(t(`${prefix}.loading`), load?.received, load?.total ?? null);
  if (load.status === 'failed' && load.unsupported)
    return html`<div class="placeholder failed" role="alert" data-key="unsupported">
      ${unsupportedText(load.unsupported)}
    </div>`;
  if (load.status === 'failed' && load.crossOrigin)
    return html`<div class="placeholder failed" role="alert" data-key="cross-origin">
      ${t('embed.crossOrigin')}
    </div>`;
  if (load.status === 'failed')
    return placeholder(t(`${prefix}.loadError`, { message: load.error }), 'failed', 'alert');
  return null;
}

/** The text is empty or has no words; null when there is something to read. */
export function textPlaceholder(prefix: string, text: string, noWordsKey = 'noWords'): TemplateResult | null {
  if (hasWords(text)) return null;
  return placeholder(t(text.trim() === '' ? `${prefix}.empty` : `${prefix}.${noWordsKey}`), 'hint');
}

/** No record to draw: an engine error (said above) or the first answer still on its way. */
export function waitingPlaceholder(prefix: string, runError: string | null): TemplateResult {
  return runError ? placeholder(t(`${prefix}.noFigure`), 'failed') : placeholder(t(`${prefix}.computing`));
}

/**
 * "Loading the trained model…" and, once some of it has arrived, how much: one block, centred. The
 * count is hidden from screen readers (the status would be read again at every update).
 */
export function loadingBox(text: string, received?: number, total: number | null = null): TemplateResult {
  if (!received) return placeholder(text);
  return html`<div class="placeholder" role="status">
    <span>${text}<span class="progress" aria-hidden="true">${downloadProgress(received, total)}</span></span>
  </div>`;
}

/** How much of a model has arrived, in KB: "420 of 941 KB" (or "420 KB so far" without a length). */
export function downloadProgress(received: number, total: number | null): string {
  const kb = (bytes: number) => formatInteger(Math.round(bytes / 1024));
  return total
    ? t('download.progress', { received: kb(received), total: kb(total) })
    : t('download.received', { received: kb(received) });
}

/**
 * Above a first figure the build computed (lessons/shared/first-views.ts): the model is loading
 * (how much has arrived), and until it has, the figure below is the build's. One line, not a box:
 * the figure is right under it.
 */
export function firstViewNote(prefix: string, load: LoadState<unknown> | undefined): TemplateResult {
  const loading = load?.status === 'loading' ? load : null;
  const progress = loading?.received ? downloadProgress(loading.received, loading.total ?? null) : '';
  return html`<p class="first-view-note" role="status" data-key="first-view">
    <strong
      >${t(`${prefix}.loading`)}${progress ? html` <span class="progress" aria-hidden="true">${progress}</span>` : ''}</strong
    >
    ${t('download.firstView')}
  </p>`;
}
