// The "Open your model…" control of a lesson, as a Lit reactive controller: a file picker button, a
// drop anywhere on the lesson (a folder, its files or a .zip), the refusal in words when the files
// are not a model folder (open-model.ts), then ModelSet.openLocal, where the engine checks the
// folder with the CLI's messages. `opened` tells the lesson a model is there to switch to.

import {
  css,
  html,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import { t } from '../../i18n';
import type { ModelFolder } from '../../engine/model-folder';
import type { FailedLoad } from './model-set';
import {
  OpenModelError,
  openModelFiles,
  pickedFromDrop,
  pickedFromFileList,
  type PickedFile,
} from './open-model';

export interface OpenModelOptions {
  /** Loads the folder (the lesson's ModelSet.openLocal) and switches the lesson to it. */
  open(name: string, folder: ModelFolder): Promise<void>;
}

/** A refusal before the engine saw the files, in the page's language. */
export function openErrorText(error: unknown): string {
  if (error instanceof OpenModelError) return t(`open.${error.key}`, error.params);
  return error instanceof Error ? error.message : String(error);
}

/** What the opener says: plain words, and the engine's own message behind a disclosure. */
export interface OpenError {
  text: string;
  /** The engine's message (its words, in English), shown only when the student opens it. */
  detail?: string;
}

/** The codes the engine refuses a model folder with (docs/engine-contract.md), in plain words. */
const ENGINE_CODES = ['format', 'json', 'duplicate_key', 'config', 'load'] as const;

/**
 * Why the engine refused the student's folder, decided by its code (never by its English text),
 * in the page's language; the engine's message goes behind the disclosure. Without a code (the
 * lesson's own refusal, say of another lesson's architecture) the message is already the page's.
 */
export function engineRefusal(name: string, failed: Pick<FailedLoad, 'error' | 'engine'>): OpenError {
  const code = failed.engine?.code;
  if (!code) return { text: t('open.failed', { name, message: failed.error }) };
  const key = (ENGINE_CODES as readonly string[]).includes(code) ? code : 'other';
  const message = t(`open.engine.${key}`, {
    file: failed.engine?.file ?? 'config.json',
    key: failed.engine?.key ?? '',
  });
  return { text: t('open.failed', { name, message }), detail: failed.error };
}

export class OpenModelController implements ReactiveController {
  /** Files are being dragged over the lesson. */
  dragging = false;
  /** Why the last files were refused (null: nothing refused). */
  error: OpenError | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: OpenModelOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('dragover', this.onDragOver);
    this.host.addEventListener('dragleave', this.onDragLeave);
    this.host.addEventListener('drop', this.onDrop);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('dragover', this.onDragOver);
    this.host.removeEventListener('dragleave', this.onDragLeave);
    this.host.removeEventListener('drop', this.onDrop);
  }

  /** Reads the chosen files and opens the folder they hold (tests call it with PickedFiles). */
  async openFiles(picked: readonly PickedFile[]): Promise<void> {
    this.error = null;
    this.host.requestUpdate();
    try {
      const { name, folder } = await openModelFiles(picked);
      await this.options.open(name, folder);
    } catch (error) {
      this.error = { text: openErrorText(error) };
      this.host.requestUpdate();
    }
  }

  private readonly onDragOver = (event: DragEvent): void => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!this.dragging) {
      this.dragging = true;
      this.host.requestUpdate();
    }
  };

  private readonly onDragLeave = (event: DragEvent): void => {
    if (event.relatedTarget && this.host.contains(event.relatedTarget as Node)) return;
    this.dragging = false;
    this.host.requestUpdate();
  };

  private readonly onDrop = (event: DragEvent): void => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    this.dragging = false;
    const data = event.dataTransfer;
    void pickedFromDrop(data).then(
      (picked) => this.openFiles(picked),
      (error: unknown) => {
        this.error = { text: openErrorText(error) };
        this.host.requestUpdate();
      },
    );
  };

  private readonly onPick = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    const picked = pickedFromFileList(input.files ?? []);
    input.value = ''; // the same files can be chosen again
    void this.openFiles(picked);
  };

  /**
   * Two buttons (labels for hidden pickers, so keyboard and touch reach them): the folder's files or
   * a .zip, and a whole folder (webkitdirectory: every browser that runs the engine has it), then
   * the drop hint.
   */
  render(): TemplateResult {
    return html`<div class="open-model" data-dragging=${this.dragging ? 'true' : 'false'}>
      <label class="open-button">
        <input
          type="file"
          class="open-input"
          multiple
          accept=".zip,.json,.safetensors,application/zip,application/json"
          @change=${this.onPick}
        />
        <span>${t('open.button')}</span>
      </label>
      <label class="open-button">
        <input type="file" class="open-folder" webkitdirectory @change=${this.onPick} />
        <span>${t('open.folderButton')}</span>
      </label>
      <span class="open-hint">${this.dragging ? t('open.drop') : t('open.hint')}</span>
      ${this.error ? renderOpenError(this.error) : nothing}
    </div>`;
  }
}

function renderOpenError(error: OpenError): TemplateResult {
  return html`<div class="open-error" role="alert">
    <p>${error.text}</p>
    ${
      error.detail
        ? html`<details class="open-detail">
            <summary>${t('open.technical')}</summary>
            <code>${error.detail}</code>
          </details>`
        : nothing
    }
  </div>`;
}

export const openModelStyles = css`
  .open-model {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 0.6rem;
    margin: 0.4rem 0;
    font-size: 0.85rem;
    color: var(--attn-muted, #4b5563);
  }
  .open-model[data-dragging='true'] {
    outline: 2px dashed var(--attn-accent, #1f5fa8);
    outline-offset: 4px;
  }
  .open-button {
    position: relative;
    display: inline-flex;
    align-items: center;
    min-height: 24px;
    padding: 0.2rem 0.7rem;
    border: 1px solid #b8c4d6;
    border-radius: 999px;
    background: #fff;
    color: var(--attn-text, #1d2433);
    cursor: pointer;
  }
  .open-button:focus-within {
    outline: 2px solid var(--attn-accent, #1f5fa8);
    outline-offset: 2px;
  }
  .open-input,
  .open-folder {
    position: absolute;
    inset: 0;
    opacity: 0;
    width: 100%;
    cursor: pointer;
  }
  .open-hint {
    flex: 1 1 16rem;
  }
  /* The card's "Close your model" (local-model.ts renderLocalCard), in every lesson. */
  .close-local {
    font: inherit;
    font-size: 0.85rem;
    min-height: 24px;
    padding: 0.2rem 0.7rem;
    border: 1px solid #b8c4d6;
    border-radius: 999px;
    background: #fff;
    color: var(--attn-text, #1d2433);
    cursor: pointer;
  }
  .close-local:focus-visible {
    outline: 2px solid var(--attn-accent, #1f5fa8);
    outline-offset: 2px;
  }
  .open-error {
    flex-basis: 100%;
    margin: 0;
    color: #9a3412;
  }
  .open-error p {
    margin: 0;
  }
  .open-detail {
    margin-top: 0.2rem;
    color: var(--attn-muted, #4b5563);
  }
  .open-detail summary {
    cursor: pointer;
    min-height: 24px;
  }
  .open-detail code {
    display: block;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
    font-size: 0.8rem;
  }
`;
