// The app page: header, playground, the lessons, footer. Static text lives in index.html as data-i18n keys
// and is filled in (and refilled on a language switch) from the i18n module.

import 'katex/dist/katex.min.css';
import './styles.css';
import katex from 'katex';
import { currentLanguage, i18n, setLanguage, t } from './i18n';
import './components/attnlab-playground';
import './components/attnlab-seq2seq';
import './components/attnlab-lstmn';

/** Scaled dot-product attention, row-normalized: what every cell of the map shows. */
const FORMULA = String.raw`\alpha_{ij} = \frac{\exp(e_{ij})}{\sum_k \exp(e_{ik})}`;

function renderFormula(): void {
  const target = document.getElementById('formula');
  if (!target) return;
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

i18n.on('languageChanged', applyStrings);
applyStrings();
renderFormula();
