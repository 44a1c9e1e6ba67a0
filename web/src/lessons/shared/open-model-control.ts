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

export class OpenModelController implements ReactiveController {
  /** Files are being dragged over the lesson. */
  dragging = false;
  /** Why the last files were refused before loading (null: nothing refused). */
  error: string | null = null;

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
      this.error = openErrorText(error);
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
        this.error = openErrorText(error);
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

  /** The button (a label for the hidden picker, so keyboard and touch reach it) and the drop hint. */
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
      <span class="open-hint">${this.dragging ? t('open.drop') : t('open.hint')}</span>
      ${this.error ? html`<p class="open-error" role="alert">${this.error}</p>` : nothing}
    </div>`;
  }
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
  .open-input {
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
`;
