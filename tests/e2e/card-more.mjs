// The model card's "More about this model" (web/src/lessons/shared/card-fold.ts), for the tests
// that read what the card says beyond its one line. The lesson keeps it open from then on, for
// every model it shows.

import { openDetails } from './browser.mjs';

/** Opens the "More about this model" of lesson `tag` (e.g. 'attnlab-seq2seq') if it is closed. */
export async function openCardMore(page, tag) {
  const summary = page.locator(`${tag} .card details.card-more > summary`).first();
  await summary.waitFor({ timeout: 60_000 });
  await openDetails(summary, `${tag}: "More about this model" opened`);
}
