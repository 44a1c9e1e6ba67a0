// What a lesson shows, as text: the attributes of each lesson element, the app page's URL query
// that carries them, and the snippets that embed a lesson elsewhere. Pure (no DOM), so tests run it
// in Node. The elements read and write these attributes themselves; the app page only copies them
// between the URL and the elements (web/src/main.ts), which is what makes "Copy link" and
// "Copy embed code" reproduce exactly what is on screen. docs/embedding.md lists every attribute.

import { LANGUAGES, type Language } from '../i18n/languages';
import { TRAIN_ATTRIBUTES } from '../lessons/train/attributes';
import { LSTMN_MODELS, SEQ2SEQ_MODELS, TRANSFORMER_MODELS, modelKeys } from '../lessons/shared/models';

/**
 * How `view` is spelled for one lesson: at most one mode of the main figure (the first is the
 * default), and the panels after it, in page order. "all" is every panel with the figure.
 */
export interface ViewSpec {
  modes: readonly string[];
  panels: readonly string[];
  /**
   * Lesson 3: what the figures' rows and columns are, whole words (the first, the default) or the
   * tokenizer's pieces: a word of its own in `view` ("all pieces", "model pieces"), as lesson 2's
   * words/pieces mode is (parseUnits). Links made before it read as whole words.
   */
  units?: readonly string[];
}

/** A parsed `view`: the figure's mode (null: the figure is hidden) and the panels shown. */
export interface ViewChoice {
  mode: string | null;
  panels: string[];
}

export interface LessonSpec {
  tag: string;
  /** The attributes that describe what the lesson shows, in the order snippets write them. */
  attributes: readonly string[];
  view: ViewSpec;
  /** Model names of the `model` attribute (from the model registry, lessons/shared/models.ts). */
  models: readonly string[];
  folderPrefix: string;
}

/** The three lessons and the training lab, keyed by the name used in the URL (`seq2seq.sentence=...`) and `?embed=`. */
export const LESSONS = {
  seq2seq: {
    tag: 'attnlab-seq2seq',
    // `pair`: the language pair (absent, as in every link made before it: English -> French).
    attributes: ['sentence', 'model', 'view', 'step', 'intervene', 'controls', 'pair'],
    view: { modes: ['map', 'compare'], panels: ['step', 'chart'] },
    models: modelKeys(SEQ2SEQ_MODELS),
    folderPrefix: SEQ2SEQ_MODELS.folderPrefix,
  },
  lstmn: {
    tag: 'attnlab-lstmn',
    attributes: ['sentence', 'model', 'view', 'step', 'intervene', 'controls'],
    view: { modes: ['words', 'pieces'], panels: ['step', 'map', 'recall'] },
    models: modelKeys(LSTMN_MODELS),
    folderPrefix: LSTMN_MODELS.folderPrefix,
  },
  transformer: {
    tag: 'attnlab-transformer',
    attributes: ['sentence', 'model', 'view', 'layer', 'head', 'token', 'mask', 'intervene', 'controls'],
    view: {
      modes: ['head', 'model', 'step'],
      panels: ['mask', 'positions', 'compare'],
      units: ['words', 'pieces'],
    },
    models: modelKeys(TRANSFORMER_MODELS),
    folderPrefix: TRANSFORMER_MODELS.folderPrefix,
  },
  // The training lab: its attributes are its settings (lessons/train/state.ts); it loads no model.
  train: {
    tag: 'attnlab-train',
    attributes: TRAIN_ATTRIBUTES,
    view: { modes: [], panels: [] },
    models: [],
    folderPrefix: '',
  },
} as const satisfies Record<string, LessonSpec>;

export type LessonKey = keyof typeof LESSONS;
export const LESSON_KEYS = Object.keys(LESSONS) as LessonKey[];

/** Attribute name -> value of one lesson element (only the attributes it has). */
export type LessonState = Record<string, string>;

/** Everything the app page's URL says. */
export interface AppState {
  lang: Language | null;
  /** `?embed=seq2seq`: the page shows that lesson alone (the iframe snippet). */
  embed: LessonKey | null;
  lessons: Partial<Record<LessonKey, LessonState>>;
}

const isLesson = (value: string | null): value is LessonKey => value !== null && value in LESSONS;
const isLanguage = (value: string | null): value is Language =>
  value !== null && (LANGUAGES as readonly string[]).includes(value);

/** Reads the app page's query (`location.search`, with or without "?"). Unknown keys are ignored. */
export function parseAppState(search: string): AppState {
  const params = new URLSearchParams(search);
  const lang = params.get('lang');
  const embed = params.get('embed');
  const lessons: AppState['lessons'] = {};
  for (const key of LESSON_KEYS) {
    const state: LessonState = {};
    for (const name of LESSONS[key].attributes) {
      const value = params.get(`${key}.${name}`);
      if (value !== null) state[name] = value;
    }
    if (Object.keys(state).length) lessons[key] = state;
  }
  return { lang: isLanguage(lang) ? lang : null, embed: isLesson(embed) ? embed : null, lessons };
}

/** The query for `state` ("" when there is nothing to say), keys in a stable order. */
export function formatAppState(state: AppState): string {
  const params = new URLSearchParams();
  if (state.lang) params.set('lang', state.lang);
  if (state.embed) params.set('embed', state.embed);
  for (const key of LESSON_KEYS) {
    const lesson = state.lessons[key];
    if (!lesson) continue;
    for (const name of LESSONS[key].attributes) {
      const value = lesson[name];
      if (value !== undefined) params.set(`${key}.${name}`, value);
    }
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Parses `view`: "all", or a mode and/or panels separated by spaces or commas. Unknown words are skipped. */
export function parseView(value: string | null | undefined, spec: ViewSpec): ViewChoice {
  const words = (value ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const known = words.filter((w) => w === 'all' || spec.modes.includes(w) || spec.panels.includes(w));
  if (!known.length) return { mode: spec.modes[0], panels: [...spec.panels] };
  const all = known.includes('all');
  const mode = [...known].reverse().find((w) => spec.modes.includes(w)) ?? (all ? spec.modes[0] : null);
  const panels = spec.panels.filter((p) => all || known.includes(p));
  return { mode, panels };
}

/** The units `view` names (the last one written), else the spec's first; null for a lesson without them. */
export function parseUnits(value: string | null | undefined, spec: ViewSpec): string | null {
  if (!spec.units) return null;
  const words = (value ?? '').toLowerCase().split(/[\s,]+/);
  return [...words].reverse().find((w) => spec.units?.includes(w)) ?? spec.units[0];
}

/**
 * Writes a ViewChoice the way parseView reads it, as short as it can: "all", "all model", "map step";
 * `units` other than the default follow ("all pieces").
 */
export function formatView(choice: ViewChoice, spec: ViewSpec, units?: string | null): string {
  const panels = spec.panels.filter((p) => choice.panels.includes(p));
  const unit = units && spec.units && units !== spec.units[0] ? [units] : [];
  if (choice.mode !== null && panels.length === spec.panels.length)
    return [choice.mode === spec.modes[0] ? 'all' : `all ${choice.mode}`, ...unit].join(' ');
  const words = [...(choice.mode === null ? [] : [choice.mode]), ...panels];
  return words.length ? [...words, ...unit].join(' ') : ['all', ...unit].join(' ');
}

/** The model name of a `model` attribute: a name of the lesson or its folder ("dot", "seq2seq-dot"). */
export function parseModel(value: string | null | undefined, spec: LessonSpec): string | null {
  if (!value) return null;
  const name = value.trim().toLowerCase();
  const bare = name.startsWith(spec.folderPrefix) ? name.slice(spec.folderPrefix.length) : name;
  return spec.models.includes(bare) ? bare : null;
}

/** A 1-based number attribute ("3") as a 0-based index; null when absent or not a whole number >= 1. */
export function parseIndex(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\s*\d+\s*$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n - 1 : null;
}

/** A 0-based index as the 1-based attribute text. */
export const formatIndex = (index: number): string => String(index + 1);

/** `lang` of an element: a supported language, or null. */
export const parseLanguage = (value: string | null | undefined): Language | null =>
  isLanguage(value ?? null) ? (value as Language) : null;

/** Escapes text for a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The custom-element snippet: one script tag and one lesson tag with its attributes. `scriptUrl`
 * is where attnlab.js is served (next to the app's index.html in the build).
 */
export function elementSnippet(
  lesson: LessonKey,
  state: LessonState,
  scriptUrl: string,
  lang: Language | null,
): string {
  const spec = LESSONS[lesson];
  const attributes = spec.attributes
    .filter((name) => state[name] !== undefined)
    .map((name) => ` ${name}="${escapeAttribute(state[name])}"`)
    .join('');
  const language = lang ? ` lang="${lang}"` : '';
  return (
    `<script type="module" src="${escapeAttribute(scriptUrl)}"></script>\n` +
    `<${spec.tag}${attributes}${language}></${spec.tag}>`
  );
}

/** The URL of the app page showing only `lesson` in `state` (what the iframe snippet loads). */
export function embedUrl(
  lesson: LessonKey,
  state: LessonState,
  appUrl: string,
  lang: Language | null,
): string {
  const url = new URL(appUrl);
  url.search = formatAppState({ lang, embed: lesson, lessons: { [lesson]: state } });
  url.hash = '';
  return url.href;
}

/** The iframe snippet: the app page with `?embed=<lesson>` and the lesson's state. */
export function iframeSnippet(
  lesson: LessonKey,
  state: LessonState,
  appUrl: string,
  lang: Language | null,
  title: string,
): string {
  const src = embedUrl(lesson, state, appUrl, lang);
  return (
    `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" ` +
    `width="100%" height="900" style="border: 0" loading="lazy"></iframe>`
  );
}
