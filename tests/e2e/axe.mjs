// axe-core in a page, for tests that check a view they drew (a11y.mjs scans every lesson its own
// way). Injected from node_modules through the DevTools protocol: the page's Content-Security-Policy
// refuses inline scripts.

import fs from 'node:fs';
import { createRequire } from 'node:module';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical WCAG 2.1 A/AA violations in `selector` (shadow roots included). */
export async function seriousViolations(page, selector) {
  await page.evaluate(fs.readFileSync(axePath, 'utf8'));
  return page.evaluate(async (sel) => {
    const result = await window.axe.run(document.querySelector(sel), {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}
