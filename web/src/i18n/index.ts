// One i18next instance for the whole page. Every visible string goes through t(); components
// re-render on a language change through LocaleController. Lit binds every string as text, so
// i18next's own HTML escaping is off (it would show "&lt;" to the reader instead of "<").

import i18next from 'i18next';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { enShared, type ViewStrings } from './en';
import { LANGUAGES, pickLanguage, type Language } from './languages';

export { LANGUAGES, pickLanguage, type Language };

const STORAGE_KEY = 'attnlab.language';

function storedChoice(): string | null {
  try {
    return new URLSearchParams(location.search).get('lang') ?? localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage can be blocked (private mode, sandboxed frame)
  }
}

// English is in the page's code; the Chinese strings are a chunk of their own, fetched before the
// first render when the page opens in Chinese (a top-level await: the modules that use t() wait)
// and on the first switch to Chinese otherwise, so an English page does not download them.
const loaded = new Set<Language>(['en']);
async function loadStrings(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const { zhCN } = await import('./zh-CN');
  if (!loaded.has(language)) i18n.addResourceBundle(language, 'translation', zhCN);
  loaded.add(language);
}

export const i18n = i18next.createInstance();
const firstLanguage = pickLanguage(
  storedChoice(),
  navigator.languages?.length ? navigator.languages : [navigator.language],
);
void i18n.init({
  resources: { en: { translation: enShared } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  initAsync: false, // resources are bundled: t() works as soon as this module ran
  interpolation: { escapeValue: false },
  returnNull: false,
});
if (firstLanguage !== 'en') {
  await loadStrings(firstLanguage);
  await i18n.changeLanguage(firstLanguage);
}

// Strings looked up once per language: a lesson asks for the same labels and sentences (with the
// same numbers) on every keystroke, and i18next's lookup and interpolation are the slow part of a
// redraw (about 2 ms of a lesson 1 keystroke before these were kept). With options, the key and the
// options as JSON name the result; at most WITH_OPTIONS_MAX are kept (then all are forgotten).
const plain = new Map<string, string>();
const withOptions = new Map<string, string>();
const WITH_OPTIONS_MAX = 4000;
i18n.on('languageChanged', () => {
  plain.clear();
  withOptions.clear();
});

function optionsId(key: string, options: Record<string, unknown>): string | null {
  try {
    return `${key}\u0000${JSON.stringify(options)}`;
  } catch {
    return null; // not JSON (a cycle, a BigInt): looked up every time
  }
}

/**
 * Adds a view's own English strings (lessons/<view>/strings.ts, run when the view's code loads):
 * a page embedding one lesson downloads only its strings and the shared ones. The Chinese strings
 * are one chunk with every view's.
 */
export function addEnglish(strings: Partial<ViewStrings>): void {
  i18n.addResourceBundle('en', 'translation', strings, true, true);
  plain.clear();
  withOptions.clear();
}

/**
 * A key with no string (i18next shows the key itself) is a bug: a view asking for another view's
 * strings, which its page may not have loaded. Said once per key on the console, where every
 * Playwright test looks for errors.
 */
const reported = new Set<string>();
function checked(key: string, text: string): string {
  if (text === key && !reported.has(key)) {
    reported.add(key);
    console.error(`AttnLab: no string for "${key}"`);
  }
  return text;
}

export function t(key: string, options?: Record<string, unknown>): string {
  if (options) {
    const id = optionsId(key, options);
    let text = id === null ? undefined : withOptions.get(id);
    if (text === undefined) {
      text = checked(key, i18n.t(key, options) as string);
      if (id !== null) {
        if (withOptions.size >= WITH_OPTIONS_MAX) withOptions.clear();
        withOptions.set(id, text);
      }
    }
    return text;
  }
  let text = plain.get(key);
  if (text === undefined) {
    text = checked(key, i18n.t(key) as string);
    plain.set(key, text);
  }
  return text;
}

export const currentLanguage = (): Language => (i18n.language === 'zh-CN' ? 'zh-CN' : 'en');

export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered across visits; the switch still works.
  }
  await showLanguage(language);
}

/** Switches the page's language without remembering it as the reader's choice. */
export async function showLanguage(language: Language): Promise<void> {
  await loadStrings(language);
  await i18n.changeLanguage(language);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Formats a number in the page language with `options`. Each format is built once per language
 * and options: building an Intl.NumberFormat costs tens of microseconds, and the lessons format
 * numbers on every keystroke.
 */
export function formatNumber(n: number, options: Intl.NumberFormatOptions = {}): string {
  const language = currentLanguage();
  const key = `${language} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    numberFormats.set(key, format);
  }
  return format.format(n);
}

/** Formats a number in the page language (grouping: 2,000). */
export const formatInteger = (n: number): string => formatNumber(n);

/** Formats a fraction (0..1) as a percentage in the page language: 90.5%. */
export const formatPercent = (fraction: number): string =>
  formatNumber(fraction, { style: 'percent', maximumFractionDigits: 1 });

/** Re-renders a Lit element whenever the language changes. */
export class LocaleController implements ReactiveController {
  private readonly host: ReactiveControllerHost;
  private readonly onChange = () => this.host.requestUpdate();

  constructor(host: ReactiveControllerHost) {
    this.host = host;
    host.addController(this);
  }

  hostConnected(): void {
    i18n.on('languageChanged', this.onChange);
  }

  hostDisconnected(): void {
    i18n.off('languageChanged', this.onChange);
  }
}
