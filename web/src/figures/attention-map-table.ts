// Which map the screen-reader table of <attnlab-attention-map> shows. Normally the map itself; while
// the map streams (the training lab redraws it several times a second) the table's numbers follow
// at most once every EVERY_MS, since rewriting a table of every weight at each snapshot cost the
// page a layout of hundreds of cells that nobody can read that fast. New labels (another example)
// and the end of streaming bring the table up to date at once.

import type { AttentionMap } from '../engine/records';

export const TABLE_EVERY_MS = 1000;

const sameStrings = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export class TableFollower {
  /** The map the table shows (null before the first map). */
  map: AttentionMap | null = null;
  private at = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    /** Asks the element to render again (when a held-back map is due). */
    private readonly requestUpdate: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Called before each render with the element's map: the table takes it now or within EVERY_MS. */
  follow(map: AttentionMap | null, streaming: boolean): void {
    if (map === this.map) return;
    const now = this.now();
    const table = this.map;
    const sameLabels =
      !!map &&
      !!table &&
      sameStrings(map.rowLabels, table.rowLabels) &&
      sameStrings(map.colLabels, table.colLabels);
    if (!streaming || !sameLabels || now - this.at >= TABLE_EVERY_MS) {
      this.stop();
      this.map = map;
      this.at = now;
    } else if (!this.timer) {
      this.timer = setTimeout(
        () => {
          this.timer = null;
          this.at = -Infinity;
          this.requestUpdate();
        },
        this.at + TABLE_EVERY_MS - now,
      );
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
