// The page languages and how one is chosen. Pure (no DOM), so tests run it in Node.

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Picks a supported language: an explicit choice first, then the browser's, then English. */
export function pickLanguage(choice: string | null | undefined, browser: readonly string[]): Language {
  for (const candidate of [choice, ...browser]) {
    if (!candidate) continue;
    const lower = candidate.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  }
  return 'en';
}
