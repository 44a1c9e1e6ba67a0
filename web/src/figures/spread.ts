// Thinning a long list for a table a person reads (the line chart's screen-reader table).

/** The most rows the screen reader's table has. */
export const TABLE_ROWS = 30;

/** At most TABLE_ROWS of the items, evenly spaced, the first and the last among them. */
export function spread<T>(items: readonly T[], most = TABLE_ROWS): T[] {
  if (items.length <= most) return [...items];
  const picked = new Set<number>();
  for (let i = 0; i < most; i++) picked.add(Math.round((i * (items.length - 1)) / (most - 1)));
  return [...picked].map((i) => items[i]);
}
