// The page languages and how one is chosen. Pure (no DOM), so tests run it in Node.

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The page language a tag stands for ("zh", "zh-TW" -> zh-CN; "en-GB" -> en), or null (fr). */
export function closestLanguage(tag: string): Language | null {
  const lower = tag.toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  return null;
}

/** Picks a supported language: an explicit choice first, then the browser's, then English. */
export function pickLanguage(choice: string | null | undefined, browser: readonly string[]): Language {
  for (const candidate of [choice, ...browser]) {
    const language = candidate ? closestLanguage(candidate) : null;
    if (language) return language;
  }
  return 'en';
}
