// The app page's side of URL state: read what the lesson elements show (their attributes) into an
// AppState, and give a page the state of a URL. The elements themselves keep their attributes in
// step with what the student does (web/src/components/embed-attributes.ts).

import { currentLanguage } from '../i18n';
import { LESSONS, LESSON_KEYS, type AppState, type LessonKey, type LessonState } from './state';

/** The attributes of the lesson element `key` in `root` (empty when it is not there). */
export function readLesson(root: ParentNode, key: LessonKey): LessonState {
  const element = root.querySelector(LESSONS[key].tag);
  const state: LessonState = {};
  if (!element) return state;
  for (const name of LESSONS[key].attributes) {
    const value = element.getAttribute(name);
    if (value !== null) state[name] = value;
  }
  return state;
}

/** What the page shows now: every lesson's attributes and the page language. */
export function readAppState(root: ParentNode, embed: LessonKey | null): AppState {
  const lessons: AppState['lessons'] = {};
  for (const key of LESSON_KEYS) {
    const state = readLesson(root, key);
    if (Object.keys(state).length) lessons[key] = state;
  }
  return { lang: currentLanguage(), embed, lessons };
}

/** Sets the attributes a URL gave on the lesson elements (the language is read by the i18n module). */
export function applyAppState(root: ParentNode, state: AppState): void {
  for (const key of LESSON_KEYS) {
    const element = root.querySelector(LESSONS[key].tag);
    const lesson = state.lessons[key];
    if (!element || !lesson) continue;
    for (const [name, value] of Object.entries(lesson)) element.setAttribute(name, value);
  }
}

/** The app page's address without query or fragment (where index.html and attnlab.js are). */
export function appBaseUrl(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  return url.href;
}
