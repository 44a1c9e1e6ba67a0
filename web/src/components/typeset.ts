// KaTeX for the lessons' formulas. The same few formulas come back on every redraw (a keystroke
// re-renders a lesson), so each is typeset once and kept; the cache is bounded, since formulas
// with numbers in them (s_{12}, e_{i3}) vary with the sentence.
import katex from 'katex';

const cache = new Map<string, string>();
const MAX_CACHED = 500;

/** KaTeX HTML (with MathML for screen readers) of `tex`, inline or as a display formula. */
export function typeset(tex: string, display = false): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  let out = cache.get(key);
  if (out === undefined) {
    out = katex.renderToString(tex, { throwOnError: false, output: 'htmlAndMathml', displayMode: display });
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, out);
  }
  return out;
}
