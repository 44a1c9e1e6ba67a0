// One i18next instance for the whole page. Every visible string goes through t(); components
// re-render on a language change through LocaleController. Lit binds every string as text, so
// i18next's own HTML escaping is off (it would show "&lt;" to the reader instead of "<").

import i18next from 'i18next';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { en } from './en';
import { LANGUAGES, pickLanguage, type Language } from './languages';
import { zhCN } from './zh-CN';

export { LANGUAGES, pickLanguage, type Language };

const STORAGE_KEY = 'attnlab.language';

function storedChoice(): string | null {
  try {
    return new URLSearchParams(location.search).get('lang') ?? localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage can be blocked (private mode, sandboxed frame)
  }
}

export const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
  lng: pickLanguage(storedChoice(), navigator.languages?.length ? navigator.languages : [navigator.language]),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  initAsync: false, // resources are bundled: t() works as soon as this module ran
  interpolation: { escapeValue: false },
  returnNull: false,
});

// Strings without options, looked up once per language: a lesson asks for the same labels on
// every keystroke, and i18next's lookup is the slow part of a redraw.
const plain = new Map<string, string>();
i18n.on('languageChanged', () => plain.clear());

export function t(key: string, options?: Record<string, unknown>): string {
  if (options) return i18n.t(key, options) as string;
  let text = plain.get(key);
  if (text === undefined) {
    text = i18n.t(key) as string;
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
  await i18n.changeLanguage(language);
}

const integerFormats = new Map<Language, Intl.NumberFormat>();

/** Formats a number in the page language (grouping: 2,000). */
export function formatInteger(n: number): string {
  const language = currentLanguage();
  let format = integerFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    integerFormats.set(language, format);
  }
  return format.format(n);
}

const percentFormats = new Map<Language, Intl.NumberFormat>();

/** Formats a fraction (0..1) as a percentage in the page language: 90.5%. */
export function formatPercent(fraction: number): string {
  const language = currentLanguage();
  let format = percentFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    percentFormats.set(language, format);
  }
  return format.format(fraction);
}

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
