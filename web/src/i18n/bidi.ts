// User text inside a sentence of ours is set apart for the bidirectional algorithm, so that a
// right-to-left word, or an override such as U+202E that a student typed, never reorders the words
// around it (or the byte pieces <E2> <80> <AE> into <2E> <08> <EA>). In the DOM a lesson wraps the
// text in <bdi> (bdi() below); inside a translated string, whose placeholders are plain text, the
// value is wrapped in FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE (isolate()), the same
// isolation written as characters, which also holds in tooltips, labels and exported files.

import { html, type TemplateResult } from 'lit';

const FSI = '\u2068';
const PDI = '\u2069';

/** `text` isolated for a placeholder of a translated string (FSI text PDI). */
export const isolate = (text: string): string => FSI + text + PDI;

/** `text` as an isolated element of its own (its direction from its first strong letter). */
export const bdi = (text: string): TemplateResult => html`<bdi>${text}</bdi>`;
