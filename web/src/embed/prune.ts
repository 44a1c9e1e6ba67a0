// Imported first by main.ts, before any lesson element is defined: on `?embed=<lesson>` (the
// iframe snippet) the page's other sections leave the document, so their elements never start,
// load no model and run no worker. (ES modules run in import order: this one runs before the
// modules that define the elements.)

import { LESSONS, parseAppState } from './state';

const { embed } = parseAppState(location.search);
if (embed) {
  const keep = document.querySelector(LESSONS[embed].tag)?.closest('section');
  for (const el of document.querySelectorAll('main > section')) if (el !== keep) el.remove();
}
