// The training lab's controls: the settings form, the run buttons, the timeline slider and the
// example chooser. Plain render functions over what the element hands them (TrainView), so the
// element keeps the state and this module only draws it.

import './strings';
import { css, html, nothing, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { typeset } from '../../components/typeset';
import { formatInteger, t } from '../../i18n';
import {
  ATTENTION_CHOICES,
  COMPARED,
  FAMILY,
  NUMBERS,
  POSITIONS,
  TASKS,
  changeTask,
  comparedChoices,
  familyOf,
  type Family,
  type NumberField,
  type Problem,
  type SettingsText,
} from './state';
import type { Snapshot } from './timeline';

/** What the controls need from the element. */
export interface TrainView {
  text: SettingsText;
  problems: readonly Problem[];
  teacher: boolean;
  /** Any run is training now. */
  running: boolean;
  /** Steps taken (the first run's), the run's length, and whether every run may start. */
  steps: number;
  total: number;
  canStart: boolean;
  canStep: boolean;
  timeline: readonly Snapshot[];
  /** The snapshot index the timeline shows. */
  shownIndex: number;
  live: boolean;
  setText(change: (text: SettingsText) => void): void;
  start(): void;
  pause(): void;
  stepOnce(): void;
  reset(): void;
  scrub(index: number): void;
  followLive(): void;
}

/** A field's label; a Transformer's hidden size is its width d_model. */
const fieldName = (field: Problem['field'], family: Family): string => {
  if (
    field === 'task' ||
    field === 'attention' ||
    field === 'versus' ||
    field === 'positions' ||
    field === 'map'
  )
    return t(`train.${field}`);
  return field === 'hidden' && family === 'transformer' ? t('train.widthField') : t(`train.fields.${field}`);
};

/** A problem in plain words. */
export const problemText = (p: Problem, task = 'reverse'): string =>
  t(`train.problem.${p.key}`, { ...p.values, field: fieldName(p.field, familyOf(task)) });

/** A run's model, by its family and its value of the compared setting ("SimpleRNN without self-attention"). */
export const modelName = (family: Family, variant: string): string => t(`train.models.${family}.${variant}`);

const hasProblem = (view: TrainView, field: Problem['field']) => view.problems.some((p) => p.field === field);

function numberField(view: TrainView, field: NumberField): TemplateResult {
  const spec = NUMBERS[field];
  return html`<label class="field" data-field=${field}>
    <span>${fieldName(field, familyOf(view.text.task))}</span>
    <input
      type="text"
      inputmode=${spec.integer ? 'numeric' : 'decimal'}
      name=${spec.attribute}
      autocomplete="off"
      spellcheck="false"
      aria-invalid=${hasProblem(view, field) ? 'true' : 'false'}
      .value=${view.text.numbers[field]}
      @change=${(e: Event) => {
        const value = (e.target as HTMLInputElement).value;
        view.setText((text) => {
          text.numbers[field] = value;
        });
      }}
    />
  </label>`;
}

interface Option {
  value: string;
  label: string;
  /** The option group it is listed under (the task list groups tasks by the model they train). */
  group?: string;
}

function renderOptions(options: readonly Option[], current: string): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < options.length;) {
    const group = options[i].group;
    const members: Option[] = [];
    while (i < options.length && options[i].group === group) members.push(options[i++]);
    const items = members.map(
      (o) => html`<option value=${o.value} ?selected=${o.value === current}>${o.label}</option>`,
    );
    out.push(group ? html`<optgroup label=${group}>${items}</optgroup>` : items);
  }
  return out;
}

function choiceField(
  view: TrainView,
  field: 'task' | 'attention' | 'positions' | 'versus' | 'map',
  options: readonly Option[],
): TemplateResult {
  const current = view.text[field];
  const known = options.some((o) => o.value === current);
  return html`<label class="field" data-field=${field}>
    <span>${t(`train.${field}`)}</span>
    <select
      name=${field}
      aria-invalid=${hasProblem(view, field) ? 'true' : 'false'}
      @change=${(e: Event) => {
        const value = (e.target as HTMLSelectElement).value;
        view.setText((text) => {
          // Another task brings its own defaults (state.ts changeTask); other fields change alone.
          if (field === 'task') Object.assign(text, changeTask(text, value));
          else text[field] = value;
        });
      }}
    >
      ${known ? nothing : html`<option value=${current} selected>${current}</option>`}
      ${renderOptions(options, current)}
    </select>
  </label>`;
}

/** The number fields each task reads, in the form's order. */
function fieldsOf(task: string): NumberField[] {
  const family = familyOf(task);
  const lengths: NumberField[] = task === 'date' ? [] : ['minLen', 'maxLen', 'symbols'];
  if (task === 'shift') lengths.push('shift');
  const model: NumberField[] = family === 'transformer' ? ['hidden', 'layers', 'heads'] : ['hidden'];
  return [...lengths, ...model, 'lr', 'batch', 'steps', 'seed'];
}

const TASK_NOTES: Partial<Record<string, string>> = {
  date: 'train.dateNote',
  recall: 'train.recallNote',
  mirror: 'train.mirrorNote',
};

/** A task's note, its formulas typeset (the strings are the page's own, never the reader's). */
const noteText = (key: string) =>
  unsafeHTML(
    t(key, {
      cell: typeset(String.raw`h_i = \tanh(A\,[x_i; c_{i-1}] + b)`),
      context: typeset(String.raw`c_i = \sum_{j \le i} \alpha_j h_j`),
    }),
  );

/** The settings form (hidden in teacher mode, controls="none"). */
export function renderSettings(view: TrainView): TemplateResult | typeof nothing {
  if (view.teacher) return nothing;
  const task = view.text.task;
  const family = familyOf(task);
  const note = TASK_NOTES[task];
  const ownVariant = view.text[COMPARED[family]];
  return html`<fieldset class="settings">
    <legend>${t('train.settings')}</legend>
    <div class="grid">
      ${choiceField(
        view,
        'task',
        TASKS.map((v) => ({
          value: v,
          label: t(`train.tasks.${v}`),
          group: t(`train.taskGroups.${FAMILY[v]}`),
        })),
      )}
      ${choiceField(
        view,
        'attention',
        ATTENTION_CHOICES[family].map((v) => ({ value: v, label: t(`train.attentions.${family}.${v}`) })),
      )}
      ${
        family === 'transformer'
          ? choiceField(
              view,
              'positions',
              POSITIONS.map((v) => ({ value: v, label: t(`train.positionChoices.${v}`) })),
            )
          : nothing
      }
      ${choiceField(view, 'versus', [
        { value: '', label: t('train.versusOff') },
        ...comparedChoices(family)
          .filter((v) => v !== ownVariant)
          .map((v) => ({ value: v, label: modelName(family, v) })),
      ])}
      ${fieldsOf(task).map((f) => numberField(view, f))}
    </div>
    <p class="note">${note ? html`${noteText(note)} ` : nothing}${t('train.restartNote')}</p>
  </fieldset>`;
}

/** Start/Resume, Pause, Step once, Reset, and where the run is. */
export function renderButtons(view: TrainView): TemplateResult {
  return html`<div class="buttons">
    <button
      type="button"
      class="primary"
      data-action="start"
      ?disabled=${!view.canStart}
      @click=${() => view.start()}
    >
      ${view.steps > 0 ? t('train.resume') : t('train.start')}
    </button>
    <button type="button" data-action="pause" ?disabled=${!view.running} @click=${() => view.pause()}>
      ${t('train.pause')}
    </button>
    <button type="button" data-action="step" ?disabled=${!view.canStep} @click=${() => view.stepOnce()}>
      ${t('train.stepOnce')}
    </button>
    <button type="button" data-action="reset" @click=${() => view.reset()}>${t('train.reset')}</button>
    <span class="progress" data-steps=${view.steps}>
      ${t('train.progress', { steps: formatInteger(view.steps), total: formatInteger(view.total) })}
      ${view.running ? html`<span class="running">${t('train.running')}</span>` : nothing}
    </span>
  </div>`;
}

/** The timeline: one stop per snapshot, from "before training" to the latest. */
export function renderTimeline(view: TrainView): TemplateResult | typeof nothing {
  const count = view.timeline.length;
  if (!count) return nothing;
  const shown = view.timeline[Math.min(view.shownIndex, count - 1)];
  const label =
    shown.steps === 0
      ? t('train.beforeTraining')
      : t('train.timelineValue', { steps: formatInteger(shown.steps) });
  return html`<div class="timeline">
    <label for="timeline">${t('train.timeline')}</label>
    <input
      id="timeline"
      type="range"
      min="0"
      max=${count - 1}
      step="1"
      .value=${String(Math.min(view.shownIndex, count - 1))}
      aria-valuetext=${label}
      @input=${(e: Event) => view.scrub(Number((e.target as HTMLInputElement).value))}
    />
    <output class="timeline-value" data-steps=${shown.steps}>${label}</output>
    <button type="button" data-action="live" ?disabled=${view.live} @click=${() => view.followLive()}>
      ${t('train.live')}
    </button>
    <p class="note">${t('train.liveHint')}</p>
  </div>`;
}

/** Which held-out example the maps show: a number with previous/next buttons. */
export function renderExampleChooser(view: TrainView, current: number): TemplateResult {
  const spec = NUMBERS.example;
  const go = (n: number) =>
    view.setText((text) => {
      text.numbers.example = String(Math.min(spec.max, Math.max(spec.min, n)));
    });
  return html`<div class="example-chooser">
    <label for="example">${t('train.exampleLabel')}</label>
    <button type="button" aria-label=${t('train.previous')} @click=${() => go(current - 1)}>‹</button>
    <input
      id="example"
      type="text"
      inputmode="numeric"
      name="example"
      aria-invalid=${hasProblem(view, 'example') ? 'true' : 'false'}
      .value=${view.text.numbers.example}
      @change=${(e: Event) => {
        const value = (e.target as HTMLInputElement).value;
        view.setText((text) => {
          text.numbers.example = value;
        });
      }}
    />
    <button type="button" aria-label=${t('train.next')} @click=${() => go(current + 1)}>›</button>
  </div>`;
}

/** Which Transformer map the panels show: the head nearest the gold alignment, or one layer and head. */
export function renderMapChooser(view: TrainView, layers: number, heads: number): TemplateResult {
  const options: Option[] = [{ value: 'best', label: t('train.mapBest') }];
  for (let layer = 1; layer <= layers; layer++)
    for (let head = 1; head <= heads; head++)
      options.push({ value: `${layer}.${head}`, label: t('train.mapHead', { layer, head }) });
  return html`<div class="map-chooser">${choiceField(view, 'map', options)}</div>`;
}

export const controlsStyles = css`
  .settings {
    margin: 0 0 0.8rem;
    padding: 0.6rem 0.8rem 0.4rem;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-radius: 8px;
  }
  .settings {
    /* A fieldset is at least as wide as its content by default; long option names must not widen it. */
    min-inline-size: 0;
  }
  .field {
    min-width: 0;
  }
  .settings legend {
    font-weight: 600;
  }
  .grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 8rem), 1fr));
    gap: 0.5rem 0.8rem;
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 0.15rem;
    font-size: 0.88rem;
  }
  .field span {
    color: var(--attn-muted, #5b6678);
  }
  input[type='text'],
  select {
    box-sizing: border-box;
    max-width: 100%;
    min-height: 2rem;
    padding: 0.2rem 0.45rem;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-radius: 6px;
    background: #fff;
    color: inherit;
    font: inherit;
    font-size: 0.95rem;
  }
  [aria-invalid='true'] {
    border-color: #e03131;
    outline: 1px solid #e03131;
  }
  .note {
    margin: 0.35rem 0 0;
    font-size: 0.85rem;
    color: var(--attn-muted, #5b6678);
  }
  .buttons,
  .timeline,
  .example-chooser {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4rem 0.6rem;
  }
  button {
    min-height: 2rem;
    min-width: 2rem;
    padding: 0.25rem 0.8rem;
    border: 1px solid var(--attn-border, #c9d3e3);
    border-radius: 6px;
    background: #fff;
    color: inherit;
    font: inherit;
    font-size: 0.92rem;
    cursor: pointer;
  }
  button.primary {
    border-color: var(--attn-accent, #1f5fa8);
    background: var(--attn-accent, #1f5fa8);
    color: #fff;
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  button:focus-visible,
  input:focus-visible,
  select:focus-visible {
    outline: 3px solid var(--attn-focus, #74a9e8);
    outline-offset: 1px;
  }
  .progress {
    font-size: 0.9rem;
    font-variant-numeric: tabular-nums;
  }
  .running {
    margin-left: 0.4rem;
    color: var(--attn-accent, #1f5fa8);
  }
  .timeline {
    margin-top: 0.8rem;
  }
  .timeline label,
  .example-chooser label {
    font-weight: 600;
  }
  .timeline input[type='range'] {
    flex: 1 1 12rem;
    min-height: 1.75rem;
  }
  .timeline-value {
    min-width: 9rem;
    font-variant-numeric: tabular-nums;
  }
  .timeline .note {
    flex-basis: 100%;
    margin: 0;
  }
  .example-chooser {
    margin-top: 0.6rem;
  }
  .example-chooser input {
    width: 4rem;
  }
  .map-chooser {
    margin-top: 0.6rem;
    max-width: 28rem;
  }
  /* The task and side-by-side names are long: two columns each where there is room for two. */
  @media (min-width: 24rem) {
    .grid .field[data-field='task'],
    .grid .field[data-field='versus'] {
      grid-column: span 2;
    }
  }
`;
