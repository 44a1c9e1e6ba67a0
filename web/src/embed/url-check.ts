// What the app page does with a URL anyone can craft: every value it cannot use is left out and
// reported, never thrown on. parseAppState (state.ts) reads the query; checkAppState then drops what
// no lesson would show (a model the lesson does not have, a layer that is not a number, words `view`
// does not know, a lesson or language that does not exist, names nothing reads) and says why, one
// problem per value, for the page's notice (web/src/main.ts). A value the page can only judge with
// the model loaded (a layer past the model's last) is the lesson's to report (lesson 3 does).
// Pure (no DOM), unit-tested in tests/web/url-check.test.ts.

import { closestLanguage, LANGUAGES } from '../i18n/languages';
import {
  LESSONS,
  LESSON_KEYS,
  parseAppState,
  parseIndex,
  parseModel,
  type AppState,
  type LessonKey,
  type ViewSpec,
} from './state';
import { SEQ2SEQ_PAIRS, parsePair } from '../lessons/shared/models';

export type UrlProblemKey =
  | 'unknownName' // a query name no lesson reads (`colour=red`, `seq2seq.colour=red`)
  | 'unknownLesson' // `embed=` names no lesson
  | 'unknownLanguage' // `lang=` names no language of the page
  | 'closestLanguage' // `lang=zh`, `lang=en-GB`: not a page language, the page shows the closest one
  | 'unknownModel' // a `model` the lesson does not have
  | 'unknownPair' // lesson 1's `pair` that is none of its language pairs
  | 'unknownView' // words of `view` the lesson does not know
  | 'notIndex' // layer, head, token or mask that is not a whole number from 1 up
  | 'notText'; // characters that are not text (invalid UTF-8, lone surrogates): shown as U+FFFD

export interface UrlProblem {
  key: UrlProblemKey;
  /** The query name ("transformer.layer"). */
  name: string;
  /** The value as given, cut to VALUE_SHOWN characters for a message. */
  value: string;
  /** What the name accepts, for the message (model names, view words), or "". */
  choices: string;
}

/** The URL's state with the unusable values left out, and what was left out. */
export interface CheckedAppState {
  state: AppState;
  problems: UrlProblem[];
}

/** How much of a bad value a message repeats (a 100,000-character value is not repeated). */
export const VALUE_SHOWN = 40;
const INDEX_ATTRIBUTES = new Set(['layer', 'head', 'token', 'mask']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The value cut for a message, code points kept whole. */
export function shownValue(value: string): string {
  const chars = Array.from(value.replace(LONE_SURROGATE, '\uFFFD'));
  return chars.length > VALUE_SHOWN ? `${chars.slice(0, VALUE_SHOWN).join('')}…` : chars.join('');
}

const problem = (key: UrlProblemKey, name: string, value: string, choices = ''): UrlProblem => ({
  key,
  name,
  value: shownValue(value),
  choices,
});

/** Reads the query (`location.search`) like parseAppState and checks every value. Never throws. */
export function checkAppState(search: string): CheckedAppState {
  const problems: UrlProblem[] = [];
  const params = new URLSearchParams(search);
  const parsed = parseAppState(search);
  const lang = params.get('lang');
  if (lang !== null && parsed.lang === null) {
    // The i18n module reads the same value with pickLanguage, so the page shows this language.
    const closest = closestLanguage(lang);
    problems.push(
      closest
        ? problem('closestLanguage', 'lang', lang, closest)
        : problem('unknownLanguage', 'lang', lang, LANGUAGES.join(', ')),
    );
  }
  const embed = params.get('embed');
  if (embed !== null && parsed.embed === null)
    problems.push(problem('unknownLesson', 'embed', embed, LESSON_KEYS.join(', ')));
  for (const name of new Set(params.keys()))
    if (!isKnownName(name)) problems.push(problem('unknownName', name, ''));

  const lessons: AppState['lessons'] = {};
  for (const key of LESSON_KEYS) {
    const given = parsed.lessons[key];
    if (!given) continue;
    const kept: Record<string, string> = {};
    for (const [attribute, raw] of Object.entries(given)) {
      const name = `${key}.${attribute}`;
      const found = checkValue(key, attribute, raw);
      if (found) problems.push(problem(found.key, name, raw, found.choices));
      if (found?.key === 'notText') kept[attribute] = raw.replace(LONE_SURROGATE, '\uFFFD');
      else if (!found || found.key === 'unknownView') kept[attribute] = raw; // view skips unknown words itself
    }
    if (Object.keys(kept).length) lessons[key] = kept;
  }
  return { state: { lang: parsed.lang, embed: parsed.embed, lessons }, problems };
}

function isKnownName(name: string): boolean {
  if (name === 'lang' || name === 'embed') return true;
  const dot = name.indexOf('.');
  if (dot < 0) return false;
  const lesson = name.slice(0, dot);
  return (
    lesson in LESSONS &&
    (LESSONS[lesson as LessonKey].attributes as readonly string[]).includes(name.slice(dot + 1))
  );
}

/** What is wrong with one attribute's value (null: nothing the URL can tell). */
function checkValue(
  lesson: LessonKey,
  attribute: string,
  value: string,
): { key: UrlProblemKey; choices: string } | null {
  const spec = LESSONS[lesson];
  if (value.includes('\uFFFD') || LONE_SURROGATE.test(value)) {
    LONE_SURROGATE.lastIndex = 0;
    return { key: 'notText', choices: '' };
  }
  if (attribute === 'model' && spec.models.length) {
    const local = value.trim().toLowerCase() === 'local'; // the student's own model: the lesson says what it needs
    if (!local && parseModel(value, spec) === null)
      return { key: 'unknownModel', choices: spec.models.join(', ') };
  }
  if (attribute === 'pair' && lesson === 'seq2seq' && parsePair(value) === null)
    return { key: 'unknownPair', choices: SEQ2SEQ_PAIRS.join(', ') };
  if (attribute === 'view' && spec.view.modes.length) {
    const words = value
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean);
    const view: ViewSpec = spec.view;
    const known = new Set(['all', ...view.modes, ...view.panels, ...(view.units ?? [])]);
    if (words.some((w) => !known.has(w))) return { key: 'unknownView', choices: [...known].join(', ') };
  }
  if (INDEX_ATTRIBUTES.has(attribute) && lesson === 'transformer' && parseIndex(value) === null)
    return { key: 'notIndex', choices: '' };
  return null;
}
