// The message list every lesson element shows above its figure (too long, unknown words, engine
// errors, ...): one live region, one paragraph per message, found by tests through data-key.

import { html, type TemplateResult } from 'lit';

export interface Message {
  kind: 'info' | 'warning' | 'error';
  key: string; // stable name, so tests and styles can find a message
  text: string;
}

/** The live region with `messages`; `id` is what the text box's aria-describedby names. */
export function renderMessages(id: string, messages: readonly Message[]): TemplateResult {
  return html`<div id=${id} class="messages" aria-live="polite">
    ${messages.map(
      (m) =>
        html`<p
          class="message"
          data-kind=${m.kind}
          data-key=${m.key}
          role=${m.kind === 'error' ? 'alert' : 'status'}
        >
          ${m.text}
        </p>`,
    )}
  </div>`;
}
