// Which text is Chinese, and the example line (issue 19). Pure (no DOM, no i18n), so Node tests import it.

/** A line of the Song ci the Chinese models were trained on (苏轼《水调歌头》, build/data/songci/train.txt). */
export const ZH_EXAMPLE = '明月几时有，把酒问青天。';

/** Mostly Chinese: it has a Han character and at least half of its letters are Han characters. */
export function isChineseText(text: string): boolean {
  let han = 0;
  let letters = 0;
  for (const ch of text) {
    if (/\p{Script=Han}/u.test(ch)) han++;
    if (/\p{L}/u.test(ch)) letters++;
  }
  return han > 0 && 2 * han >= letters;
}
