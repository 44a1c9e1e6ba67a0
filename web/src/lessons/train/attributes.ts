// The training lab's attributes and number settings (their ranges and defaults): what the page's
// URL and embed code (embed/state.ts) need of the lab on every page, apart from the lab's checks
// and configs (state.ts), so a page without the lab does not download those.

/** A number setting: its attribute, its range and its default (what the reverse recipe uses). */
export interface NumberSpec {
  attribute: string;
  min: number;
  max: number;
  fallback: number;
  integer: boolean;
}

export const NUMBERS = {
  minLen: { attribute: 'min-len', min: 1, max: 30, fallback: 5, integer: true },
  maxLen: { attribute: 'max-len', min: 1, max: 30, fallback: 12, integer: true },
  symbols: { attribute: 'symbols', min: 2, max: 26, fallback: 10, integer: true },
  shift: { attribute: 'shift', min: 1, max: 29, fallback: 2, integer: true },
  hidden: { attribute: 'hidden-size', min: 4, max: 256, fallback: 64, integer: true },
  layers: { attribute: 'layers', min: 1, max: 2, fallback: 2, integer: true },
  heads: { attribute: 'heads', min: 1, max: 8, fallback: 2, integer: true },
  lr: { attribute: 'lr', min: 0.0001, max: 1, fallback: 0.01, integer: false },
  batch: { attribute: 'batch', min: 1, max: 256, fallback: 16, integer: true },
  steps: { attribute: 'steps', min: 1, max: 20000, fallback: 1500, integer: true },
  seed: { attribute: 'seed', min: 0, max: 2147483647, fallback: 1, integer: true },
  example: { attribute: 'example', min: 1, max: 100, fallback: 1, integer: true },
} as const satisfies Record<string, NumberSpec>;
export type NumberField = keyof typeof NUMBERS;
export const NUMBER_FIELDS = Object.keys(NUMBERS) as NumberField[];

/** The attributes of <attnlab-train>, in the order snippets write them. */
export const TRAIN_ATTRIBUTES = [
  'task',
  'attention',
  'positions',
  'versus',
  ...NUMBER_FIELDS.map((f) => NUMBERS[f].attribute),
  'map',
  'controls',
] as const;
