// The training lab's settings as text: the attributes of <attnlab-train> (and the app page's
// `train.*` URL keys), their checks, and the train config they make (cpp/train/toy_train.h). Pure
// (no DOM), so tests/web/train-state.test.ts runs it in Node. A setting that cannot be used is a
// Problem with its own message; the element then trains nothing and says why.

export const TASKS = ['reverse', 'shift', 'sort', 'date'] as const;
export const ATTENTIONS = ['additive', 'dot', 'none'] as const;
export type Task = (typeof TASKS)[number];
export type Attention = (typeof ATTENTIONS)[number];

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
  lr: { attribute: 'lr', min: 0.0001, max: 1, fallback: 0.01, integer: false },
  batch: { attribute: 'batch', min: 1, max: 256, fallback: 16, integer: true },
  steps: { attribute: 'steps', min: 1, max: 20000, fallback: 1500, integer: true },
  seed: { attribute: 'seed', min: 0, max: 2147483647, fallback: 1, integer: true },
  example: { attribute: 'example', min: 1, max: 100, fallback: 1, integer: true },
} as const satisfies Record<string, NumberSpec>;
export type NumberField = keyof typeof NUMBERS;
export const NUMBER_FIELDS = Object.keys(NUMBERS) as NumberField[];

/** Held-out pairs the run keeps (the `example` attribute picks one of them, 1-based). */
export const HELD_OUT = NUMBERS.example.max;

/** The attributes of <attnlab-train>, in the order snippets write them. */
export const TRAIN_ATTRIBUTES = [
  'task',
  'attention',
  'versus',
  ...NUMBER_FIELDS.map((f) => NUMBERS[f].attribute),
  'controls',
] as const;

/** What the settings are, as text (attributes and form fields hold text; a wrong one is kept and shown). */
export interface SettingsText {
  task: string;
  attention: string;
  /** The second attention variant of side by side; "" trains one model. */
  versus: string;
  numbers: Record<NumberField, string>;
}

export interface Settings {
  task: Task;
  attention: Attention;
  versus: Attention | null;
  numbers: Record<NumberField, number>;
}

/** A setting that cannot be used: an i18n key under train.problem and its values. */
export interface Problem {
  field: NumberField | 'task' | 'attention' | 'versus';
  key: 'notNumber' | 'notWhole' | 'range' | 'minAboveMax' | 'choice' | 'sameVersus';
  values: Record<string, string | number>;
}

export const defaultText = (): SettingsText => ({
  task: 'reverse',
  attention: 'additive',
  versus: '',
  numbers: Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(NUMBERS[f].fallback)])) as Record<
    NumberField,
    string
  >,
});

/** The settings of an element's attributes: a missing attribute is its default. */
export function textFromAttributes(read: (name: string) => string | null | undefined): SettingsText {
  const text = defaultText();
  const given = (name: string) => {
    const value = read(name);
    return value === null || value === undefined ? null : value.trim();
  };
  text.task = given('task')?.toLowerCase() ?? text.task;
  text.attention = given('attention')?.toLowerCase() ?? text.attention;
  const versus = given('versus')?.toLowerCase() ?? '';
  text.versus = versus === 'off' ? '' : versus;
  for (const f of NUMBER_FIELDS) text.numbers[f] = given(NUMBERS[f].attribute) ?? text.numbers[f];
  return text;
}

/** The attribute values of `text` (every one; the element writes them where they differ). */
export function attributesOf(text: SettingsText): Record<string, { value: string; isDefault: boolean }> {
  const fallback = defaultText();
  const out: Record<string, { value: string; isDefault: boolean }> = {
    task: { value: text.task, isDefault: text.task === fallback.task },
    attention: { value: text.attention, isDefault: text.attention === fallback.attention },
    versus: { value: text.versus || 'off', isDefault: text.versus === '' },
  };
  for (const f of NUMBER_FIELDS)
    out[NUMBERS[f].attribute] = {
      value: text.numbers[f],
      isDefault: text.numbers[f] === fallback.numbers[f],
    };
  return out;
}

/** Reads one number setting: a value, or the problem with it. */
export function parseNumber(field: NumberField, raw: string): number | Problem {
  const spec: NumberSpec = NUMBERS[field];
  const values = { value: raw, min: spec.min, max: spec.max };
  const text = raw.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return { field, key: 'notNumber', values };
  const n = Number(text);
  if (spec.integer && !Number.isInteger(n)) return { field, key: 'notWhole', values };
  if (!(n >= spec.min && n <= spec.max)) return { field, key: 'range', values };
  return n;
}

const isTask = (value: string): value is Task => (TASKS as readonly string[]).includes(value);
const isAttention = (value: string): value is Attention => (ATTENTIONS as readonly string[]).includes(value);

/** Every setting checked: the settings when all can be used, and every problem found. */
export function validate(text: SettingsText): { settings: Settings | null; problems: Problem[] } {
  const problems: Problem[] = [];
  const numbers = {} as Record<NumberField, number>;
  for (const f of NUMBER_FIELDS) {
    const n = parseNumber(f, text.numbers[f]);
    if (typeof n === 'number') numbers[f] = n;
    else problems.push(n);
  }
  if (!isTask(text.task))
    problems.push({ field: 'task', key: 'choice', values: { value: text.task, choices: TASKS.join(', ') } });
  if (!isAttention(text.attention))
    problems.push({
      field: 'attention',
      key: 'choice',
      values: { value: text.attention, choices: ATTENTIONS.join(', ') },
    });
  if (text.versus !== '' && !isAttention(text.versus))
    problems.push({
      field: 'versus',
      key: 'choice',
      values: { value: text.versus, choices: ['off', ...ATTENTIONS].join(', ') },
    });
  else if (text.versus !== '' && text.versus === text.attention)
    problems.push({ field: 'versus', key: 'sameVersus', values: { value: text.versus } });
  const usesLengths = text.task !== 'date';
  if (
    usesLengths &&
    numbers.minLen !== undefined &&
    numbers.maxLen !== undefined &&
    numbers.minLen > numbers.maxLen
  )
    problems.push({
      field: 'minLen',
      key: 'minAboveMax',
      values: { min: numbers.minLen, max: numbers.maxLen },
    });
  // Settings the task does not read are not held against it (a date run ignores lengths and symbols).
  const ignored = new Set<Problem['field']>([
    ...(usesLengths ? [] : (['minLen', 'maxLen', 'symbols'] as const)),
    ...(text.task === 'shift' ? [] : (['shift'] as const)),
  ]);
  const kept = problems.filter((p) => !ignored.has(p.field));
  if (kept.length) return { settings: null, problems: kept };
  for (const f of ignored)
    if (numbers[f as NumberField] === undefined)
      numbers[f as NumberField] = NUMBERS[f as NumberField].fallback;
  return {
    settings: {
      task: text.task as Task,
      attention: text.attention as Attention,
      versus: text.versus === '' ? null : (text.versus as Attention),
      numbers,
    },
    problems: [],
  };
}

/** The train config (JSON text, cpp/train/toy_train.h) of one attention variant. */
export function trainConfig(settings: Settings, attention: Attention): string {
  const n = settings.numbers;
  const task: Record<string, unknown> = { kind: settings.task, n_eval: HELD_OUT, n_test: 1 };
  if (settings.task !== 'date')
    Object.assign(task, { min_len: n.minLen, max_len: n.maxLen, symbols: n.symbols });
  if (settings.task === 'shift') task.shift = n.shift;
  return JSON.stringify({
    model: {
      architecture: 'seq2seq',
      embed_dim: 16,
      hidden_size: n.hidden,
      attention,
      // Room for the longest target and its end token (a date is at most 10 symbols).
      max_output_len: Math.max(30, n.maxLen + 2),
    },
    task,
    steps: n.steps,
    batch_size: n.batch,
    lr: n.lr,
    seed: n.seed,
    log_every: 1000000,
  });
}

/** The attention variants trained: one, or two side by side. */
export const variantsOf = (settings: Settings): Attention[] =>
  settings.versus ? [settings.attention, settings.versus] : [settings.attention];
