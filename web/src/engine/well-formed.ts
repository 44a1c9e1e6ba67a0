// Text as the engine must get it: well-formed UTF-16, so Embind's UTF-8 encoding is the text's own.

/**
 * The text with each lone surrogate (half of a UTF-16 pair, alone) as U+FFFD, as a browser shows
 * it: Emscripten's UTF-8 encoder pairs a lone high surrogate with whatever code unit follows, so
 * "\uD800 sat" reached the engine as "\u{10020}sat", the space gone without a word.
 */
export const wellFormed = (text: string): string =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
export const wellFormedOrUndefined = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : wellFormed(text);
