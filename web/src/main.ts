// The app page: header, the first view (three trained models, one sentence), the lessons, the
// random-weight playground ("before training"), footer. Static text lives in index.html as data-i18n keys
// and is filled in (and refilled on a language switch) from the i18n module.

import 'katex/dist/katex.min.css';
import './styles.css';
import './embed/prune'; // first: an embedded lesson's page drops the other lessons before they start
import { currentLanguage, i18n, setLanguage, t } from './i18n';
import { applyAppState, readAppState } from './embed/app-state';
import { LESSONS, LESSON_KEYS, formatAppState } from './embed/state';
import { checkAppState, type UrlProblem } from './embed/url-check';
import { headStart } from './embed/head-start';

// Each element's code is its own chunk, fetched only if the page (after embed/prune.ts) shows the
// element: an embedded lesson downloads its own code and not the other lessons'. The elements
// upgrade when their code arrives; until then they are empty tags holding their attributes.
const ELEMENTS: Record<string, () => Promise<unknown>> = {
  'attnlab-first-view': () => import('./components/attnlab-first-view'),
  'attnlab-seq2seq': () => import('./lessons/seq2seq/element'),
  'attnlab-lstmn': () => import('./lessons/lstmn/element'),
  'attnlab-transformer': () => import('./lessons/transformer/element'),
  'attnlab-train': () => import('./lessons/train/element'),
  'attnlab-playground': () => import('./components/attnlab-playground'),
  'attnlab-guide': () => import('./components/attnlab-guide'),
  'attnlab-share': () => import('./components/attnlab-share'),
};

/** Scaled dot-product attention, row-normalized: what every cell of the map shows. */
const FORMULA = String.raw`\alpha_{ij} = \frac{\exp(e_{ij})}{\sum_k \exp(e_{ik})}`;

/** The intro's formula; KaTeX is its own chunk, fetched only for a page that shows the intro. */
async function renderFormula(): Promise<void> {
  const target = document.getElementById('formula');
  if (!target || document.body.dataset.embed) return;
  const { default: katex } = await import('katex');
  katex.render(FORMULA, target, { displayMode: true, throwOnError: false, output: 'htmlAndMathml' });
}

function applyStrings(): void {
  const language = currentLanguage();
  document.documentElement.lang = language;
  document.title = t('app.title');
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    el.textContent = t(el.dataset.i18n ?? '');
  }
  const toggle = document.getElementById('language-toggle');
  if (toggle) {
    toggle.textContent = t('app.languageToggle');
    toggle.setAttribute('aria-label', t('app.languageToggleLabel'));
    toggle.setAttribute('lang', language === 'en' ? 'zh-CN' : 'en');
  }
}

document.getElementById('language-toggle')?.addEventListener('click', () => {
  void setLanguage(currentLanguage() === 'en' ? 'zh-CN' : 'en');
});

// "Take the guided tour" near the top of each lesson opens its guide (at the lesson's end) and goes there.
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-tour]');
  const guide = link ? document.getElementById(`guide-${link.dataset.tour ?? ''}`) : null;
  if (!link || !guide || !customElements.get('attnlab-guide')) return;
  event.preventDefault();
  void (guide as HTMLElement & { openTour(): Promise<void> }).openTour();
});

i18n.on('languageChanged', applyStrings);
applyStrings();

// ---- The whole state in the URL -----------------------------------------------------------------
// The query names each lesson's attributes (seq2seq.sentence=..., transformer.layer=2, lang=zh-CN;
// web/src/embed/state.ts). On load they are given to the elements; afterwards every change of an
// element's attributes (the elements write their state there) or of the language rewrites the
// query, debounced, with history.replaceState. ?embed=<lesson> shows that lesson alone (the iframe
// snippet).

const URL_WRITE_DELAY_MS = 300;
// A crafted link never stops the page: what it cannot use is left out and said in #url-notices.
const { state: initialState, problems: urlProblems } = checkAppState(location.search);
applyAppState(document, initialState);
// An embedded lesson asks first for its worker, manifest and first model, then for its code, so the
// WebAssembly and the weights are on their way while the lesson's chunks arrive (embed/head-start.ts).
// The guide and the share bar come after the lessons' code: on a slow network they shared its
// bandwidth (6.5 KB gzip that an embedded lesson's first figure waited behind, 144.5 -> 151 KB).
const AFTER_LESSONS = new Set(['attnlab-guide', 'attnlab-share']);
void headStart(initialState, currentLanguage()).finally(() => {
  const shown = Object.entries(ELEMENTS).filter(([tag]) => document.querySelector(tag));
  const first = shown.filter(([tag]) => !AFTER_LESSONS.has(tag)).map(([, load]) => load());
  void Promise.allSettled(first).then(() => {
    for (const [tag, load] of shown) if (AFTER_LESSONS.has(tag)) void load();
  });
});

function renderUrlNotices(problems: readonly UrlProblem[]): void {
  const box = document.getElementById('url-notices');
  if (!box) return;
  box.replaceChildren(
    ...problems.map((p) => {
      const line = document.createElement('p');
      line.className = 'url-notice';
      line.dataset.key = p.key;
      line.dataset.name = p.name;
      line.textContent = t(`url.${p.key}`, { name: p.name, value: p.value, choices: p.choices });
      return line;
    }),
  );
  box.hidden = !problems.length;
}
renderUrlNotices(urlProblems);
i18n.on('languageChanged', () => renderUrlNotices(urlProblems));

if (initialState.embed) {
  // The other lessons left the page already (embed/prune.ts); the page's frame hides.
  document.body.dataset.embed = initialState.embed;
  for (const el of document.querySelectorAll<HTMLElement>(
    '.site-header, .site-footer, .intro, attnlab-share',
  ))
    el.hidden = true;
}

void renderFormula();

let urlTimer: ReturnType<typeof setTimeout> | undefined;
function writeUrl(): void {
  const url = new URL(location.href);
  const shown = readAppState(document, initialState.embed);
  // An embedded lesson's page has no other lesson: what the URL said of them stays as it was.
  for (const key of LESSON_KEYS)
    if (!document.querySelector(LESSONS[key].tag) && initialState.lessons[key])
      shown.lessons[key] = initialState.lessons[key];
  url.search = formatAppState(shown);
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}
function scheduleUrl(): void {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(writeUrl, URL_WRITE_DELAY_MS);
}
// Lesson 1's intro names its language pair (issue 19): its string follows the element's `pair`.
const PAIR_INTRO: Record<string, string> = { 'en-zh': 'seq2seqEnZh.intro', 'zh-en': 'seq2seqZhEn.intro' };
function followPair(): void {
  const intro = document.querySelector<HTMLElement>('.lesson-intro[data-i18n^="seq2seq"]');
  const pair = document.querySelector(LESSONS.seq2seq.tag)?.getAttribute('pair')?.trim().toLowerCase() ?? '';
  const key = PAIR_INTRO[pair] ?? 'seq2seq.intro';
  document.getElementById('guide-seq2seq')?.setAttribute('pair', pair || 'en-fr');
  if (!intro || intro.dataset.i18n === key) return;
  intro.dataset.i18n = key;
  intro.textContent = t(key);
}
const observer = new MutationObserver(() => {
  followPair();
  scheduleUrl();
});
for (const key of LESSON_KEYS) {
  const element = document.querySelector(LESSONS[key].tag);
  if (element) observer.observe(element, { attributes: true, attributeFilter: [...LESSONS[key].attributes] });
}
followPair();
i18n.on('languageChanged', scheduleUrl);
