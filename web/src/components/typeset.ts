// KaTeX for the lessons' formulas. KaTeX is a quarter of the page's JavaScript and most embedded
// views show no formula until the student opens a step, so it is a chunk of its own, fetched the
// first time a formula is asked for. Until it has arrived a formula shows as its TeX source in a
// placeholder, and every element that asked (whenTypesetReady) renders again once it is here.
// The same few formulas come back on every redraw (a keystroke re-renders a lesson), so each is
// typeset once and kept; the cache is bounded, since formulas with numbers in them (s_{12},
// e_{i3}) vary with the sentence.
import type katexModule from 'katex';

type Katex = typeof katexModule;

const cache = new Map<string, string>();
const MAX_CACHED = 500;

let katex: Katex | undefined;
let loading: Promise<Katex> | undefined;
const waiting = new Set<() => void>();

function load(): Promise<Katex> {
  loading ??= import('katex').then((m) => {
    katex = m.default;
    const callbacks = [...waiting];
    waiting.clear();
    for (const callback of callbacks) callback();
    return katex;
  });
  return loading;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Whether KaTeX is here (typeset gives the real formula) or still on its way (a placeholder). */
export const typesetReady = (): boolean => katex !== undefined;

/**
 * Calls `then` once KaTeX has arrived (at once if it is here). Does not fetch it: the first
 * typeset() does, so an element may register after each render at no cost (a Set: once each).
 */
export function whenTypesetReady(then: () => void): void {
  if (katex) then();
  else waiting.add(then);
}

/** KaTeX HTML (with MathML for screen readers) of `tex`, inline or as a display formula. */
export function typeset(tex: string, display = false): string {
  if (!katex) {
    void load();
    const tag = display ? 'div' : 'span';
    return `<${tag} class="tex-pending" aria-busy="true">${escapeHtml(tex)}</${tag}>`;
  }
  const key = `${display ? 'D' : 'I'}${tex}`;
  let out = cache.get(key);
  if (out === undefined) {
    out = katex.renderToString(tex, { throwOnError: false, output: 'htmlAndMathml', displayMode: display });
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, out);
  }
  return out;
}
