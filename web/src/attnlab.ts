// attnlab.js: the one script a course page loads to use the lessons as tags (docs/embedding.md).
//   <script type="module" src="https://your-site/attnlab/attnlab.js"></script>
//   <attnlab-seq2seq sentence="the red car is fast" controls="none"></attnlab-seq2seq>
// It registers every lesson element. Each element carries its own styles (KaTeX's included) in its
// shadow root; the KaTeX fonts are declared here on the page, because @font-face rules inside a
// shadow root are not used by browsers. Font, worker, WASM and model URLs all resolve against this
// script's own URL, so the course page may live anywhere on the same site.

import katexCss from 'katex/dist/katex.min.css?inline';
import './components/attnlab-playground';
import './lessons/seq2seq/element';
import './lessons/lstmn/element';
import './lessons/transformer/element';
import './lessons/train/element';
import './components/attnlab-guide';

const FONTS_ID = 'attnlab-katex-fonts';

/** The @font-face rules of a style sheet. */
function fontFaces(css: string): string {
  const rules = css.match(/@font-face\s*{[^}]*}/g);
  return rules ? rules.join('\n') : '';
}

/** Declares KaTeX's fonts once per page (the app page has them from its own style sheet already). */
function declareFonts(css: string): void {
  if (document.getElementById(FONTS_ID)) return;
  const style = document.createElement('style');
  style.id = FONTS_ID;
  style.textContent = fontFaces(css);
  document.head.append(style);
}

declareFonts(String(katexCss));
