// The training lab's settings as text: the attributes of <attnlab-train> (and the app page's
// `train.*` URL keys), their checks, and the train config they make (cpp/train/toy_train.h for the
// Seq2Seq tasks, cpp/train/sequence_train.h for recall and mirror). Pure (no DOM), so
// tests/web/train-state.test.ts runs it in Node. A setting that cannot be used is a Problem with its
// own message; the element then trains nothing and says why.

// The number settings and the attributes are a module of their own (attributes.ts): the page's URL
// code needs the attribute names on every page, and this module's checks only where the lab is.
export { NUMBERS, NUMBER_FIELDS, TRAIN_ATTRIBUTES, type NumberField, type NumberSpec } from './attributes.ts';
import { NUMBERS, NUMBER_FIELDS, type NumberField, type NumberSpec } from './attributes.ts'; // with its extension: the Vite config imports this module in Node

export const TASKS = ['reverse', 'shift', 'sort', 'date', 'recall', 'mirror'] as const;
export const ATTENTIONS = ['additive', 'dot', 'none'] as const;
export const POSITIONS = ['sinusoidal', 'none'] as const;
export type Task = (typeof TASKS)[number];
export type Attention = (typeof ATTENTIONS)[number];
export type Positions = (typeof POSITIONS)[number];

/**
 * The model a task trains, one per lesson: a Seq2Seq (lesson 1), a SimpleRNN with or without
 * self-attention (lesson 2: cell "rnn", variant "c"), a Transformer encoder (lesson 3).
 */
export type Family = 'seq2seq' | 'rnn' | 'transformer';
export const FAMILY: Record<Task, Family> = {
  reverse: 'seq2seq',
  shift: 'seq2seq',
  sort: 'seq2seq',
  date: 'seq2seq',
  recall: 'rnn',
  mirror: 'transformer',
};
/** The lesson that shows a family's models: its element and its number. */
export const LESSON_OF: Record<Family, { tag: string; n: number }> = {
  seq2seq: { tag: 'attnlab-seq2seq', n: 1 },
  rnn: { tag: 'attnlab-lstmn', n: 2 },
  transformer: { tag: 'attnlab-transformer', n: 3 },
};
export const familyOf = (task: string): Family => FAMILY[task as Task] ?? 'seq2seq';

/** The attention each family offers: a Transformer's heads score by dot product or additively, never not at all. */
export const ATTENTION_CHOICES: Record<Family, readonly Attention[]> = {
  seq2seq: ATTENTIONS,
  rnn: ATTENTIONS,
  transformer: ['dot', 'additive'],
};

/** What side by side varies: the attention, or (Transformer) the positions. */
export const COMPARED: Record<Family, 'attention' | 'positions'> = {
  seq2seq: 'attention',
  rnn: 'attention',
  transformer: 'positions',
};
export const comparedChoices = (family: Family): readonly string[] =>
  COMPARED[family] === 'positions' ? POSITIONS : ATTENTION_CHOICES[family];

/** The engine's Transformer is at most 128 wide (cpp/models/transformer.h); parameters + Adam stay < 8 MB. */
const LIMITS: Partial<Record<Family, Partial<Record<NumberField, Partial<NumberSpec>>>>> = {
  transformer: { hidden: { max: 128 } },
};
export const specOf = (field: NumberField, task: string): NumberSpec => ({
  ...NUMBERS[field],
  ...LIMITS[familyOf(task)]?.[field],
});

/**
 * Defaults that differ by task (docs/embedding.md): recall over 10-30 symbols, where the plain
 * SimpleRNN forgets and self-attention does not; a Transformer 32 wide at lr 0.003 (at 0.01 a
 * 64-wide one does not train).
 */
const TASK_DEFAULTS: Partial<
  Record<Task, { numbers: Partial<Record<NumberField, number>>; attention?: Attention }>
> = {
  recall: { numbers: { minLen: 10, maxLen: 30, hidden: 32 } },
  mirror: { numbers: { hidden: 32, lr: 0.003 }, attention: 'dot' },
};

/** Held-out examples the run keeps (the `example` attribute picks one of them, 1-based). */
export const HELD_OUT = NUMBERS.example.max;

/** What the settings are, as text (attributes and form fields hold text; a wrong one is kept and shown). */
export interface SettingsText {
  task: string;
  attention: string;
  /** The Transformer's positional encoding. */
  positions: string;
  /** The second value of the compared setting (COMPARED) for side by side; "" trains one model. */
  versus: string;
  numbers: Record<NumberField, string>;
  /** The Transformer map shown: "best" (the head nearest the gold alignment) or "layer.head", 1-based. */
  map: string;
}

/** A map of a Transformer: 1-based layer and head. */
export interface MapChoice {
  layer: number;
  head: number;
}

export interface Settings {
  task: Task;
  attention: Attention;
  positions: Positions;
  versus: string | null;
  numbers: Record<NumberField, number>;
  /** null: the best head. */
  map: MapChoice | null;
}

/** A setting that cannot be used: an i18n key under train.problem and its values. */
export interface Problem {
  field: NumberField | 'task' | 'attention' | 'positions' | 'versus' | 'map';
  key:
    'notNumber' | 'notWhole' | 'range' | 'minAboveMax' | 'choice' | 'sameVersus' | 'notDivisible' | 'noMap';
  values: Record<string, string | number>;
}

export const defaultText = (task = 'reverse'): SettingsText => {
  const own = TASK_DEFAULTS[task as Task];
  return {
    task,
    attention: own?.attention ?? 'additive',
    positions: 'sinusoidal',
    versus: '',
    numbers: Object.fromEntries(
      NUMBER_FIELDS.map((f) => [f, String(own?.numbers[f] ?? NUMBERS[f].fallback)]),
    ) as Record<NumberField, string>,
    map: 'best',
  };
};

/** The settings of an element's attributes: a missing attribute is its task's default. */
export function textFromAttributes(read: (name: string) => string | null | undefined): SettingsText {
  const given = (name: string) => {
    const value = read(name);
    return value === null || value === undefined ? null : value.trim();
  };
  const text = defaultText(given('task')?.toLowerCase() ?? 'reverse');
  text.attention = given('attention')?.toLowerCase() ?? text.attention;
  text.positions = given('positions')?.toLowerCase() ?? text.positions;
  const versus = given('versus')?.toLowerCase() ?? '';
  text.versus = versus === 'off' ? '' : versus;
  for (const f of NUMBER_FIELDS) text.numbers[f] = given(NUMBERS[f].attribute) ?? text.numbers[f];
  text.map = given('map')?.toLowerCase() ?? text.map;
  return text;
}

/** The attribute values of `text` (every one; the element writes them where they differ). */
export function attributesOf(text: SettingsText): Record<string, { value: string; isDefault: boolean }> {
  const fallback = defaultText(text.task);
  const out: Record<string, { value: string; isDefault: boolean }> = {
    task: { value: text.task, isDefault: text.task === 'reverse' },
    attention: { value: text.attention, isDefault: text.attention === fallback.attention },
    positions: { value: text.positions, isDefault: text.positions === fallback.positions },
    versus: { value: text.versus || 'off', isDefault: text.versus === '' },
    map: { value: text.map, isDefault: text.map === fallback.map },
  };
  for (const f of NUMBER_FIELDS)
    out[NUMBERS[f].attribute] = {
      value: text.numbers[f],
      isDefault: text.numbers[f] === fallback.numbers[f],
    };
  return out;
}

/**
 * The text after the reader picks another task: what was still the old task's default becomes the
 * new task's, and a choice the new task's model does not have returns to its default.
 */
export function changeTask(text: SettingsText, task: string): SettingsText {
  const before = defaultText(text.task);
  const after = defaultText(task);
  const next: SettingsText = { ...text, task, numbers: { ...text.numbers } };
  for (const f of NUMBER_FIELDS)
    if (text.numbers[f] === before.numbers[f]) next.numbers[f] = after.numbers[f];
  const family = familyOf(task);
  if (text.attention === before.attention || !ATTENTION_CHOICES[family].includes(text.attention as Attention))
    next.attention = after.attention;
  if (COMPARED[familyOf(text.task)] !== COMPARED[family] || !comparedChoices(family).includes(text.versus))
    next.versus = '';
  return next;
}

/** Reads one number setting (with the task's limits): a value, or the problem with it. */
export function parseNumber(field: NumberField, raw: string, task = 'reverse'): number | Problem {
  const spec = specOf(field, task);
  const values = { value: raw, min: spec.min, max: spec.max };
  const text = raw.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return { field, key: 'notNumber', values };
  const n = Number(text);
  if (spec.integer && !Number.isInteger(n)) return { field, key: 'notWhole', values };
  if (!(n >= spec.min && n <= spec.max)) return { field, key: 'range', values };
  return n;
}

const isTask = (value: string): value is Task => (TASKS as readonly string[]).includes(value);

/** "best" or "layer.head" (1-based) within the model's layers and heads. */
export function parseMap(raw: string, layers: number, heads: number): MapChoice | null | Problem {
  if (raw === 'best') return null;
  const m = /^(\d+)\.(\d+)$/.exec(raw);
  const layer = m ? Number(m[1]) : 0;
  const head = m ? Number(m[2]) : 0;
  if (layer >= 1 && layer <= layers && head >= 1 && head <= heads) return { layer, head };
  return { field: 'map', key: 'noMap', values: { value: raw, layers, heads } };
}

const isProblem = (x: unknown): x is Problem => typeof x === 'object' && x !== null && 'key' in x;

/** Every setting checked: the settings when all can be used, and every problem found. */
export function validate(text: SettingsText): { settings: Settings | null; problems: Problem[] } {
  const problems: Problem[] = [];
  const numbers = {} as Record<NumberField, number>;
  for (const f of NUMBER_FIELDS) {
    const n = parseNumber(f, text.numbers[f], text.task);
    if (typeof n === 'number') numbers[f] = n;
    else problems.push(n);
  }
  const family = familyOf(text.task);
  const choice = (field: Problem['field'], value: string, choices: readonly string[]) =>
    problems.push({ field, key: 'choice', values: { value, choices: choices.join(', ') } });
  if (!isTask(text.task)) choice('task', text.task, TASKS);
  const attentions = ATTENTION_CHOICES[family];
  if (!attentions.includes(text.attention as Attention)) choice('attention', text.attention, attentions);
  if (!(POSITIONS as readonly string[]).includes(text.positions))
    choice('positions', text.positions, POSITIONS);
  const compared = comparedChoices(family);
  if (text.versus !== '' && !compared.includes(text.versus))
    choice('versus', text.versus, ['off', ...compared]);
  else if (text.versus !== '' && text.versus === text[COMPARED[family]])
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
  let map: MapChoice | null = null;
  if (family === 'transformer') {
    if (numbers.hidden !== undefined && numbers.heads !== undefined && numbers.hidden % numbers.heads !== 0)
      problems.push({
        field: 'heads',
        key: 'notDivisible',
        values: { hidden: numbers.hidden, heads: numbers.heads },
      });
    const parsed = parseMap(
      text.map,
      numbers.layers ?? NUMBERS.layers.max,
      numbers.heads ?? NUMBERS.heads.max,
    );
    if (isProblem(parsed)) problems.push(parsed);
    else map = parsed;
  }
  // Settings the task does not read are not held against it (a date run ignores lengths and symbols).
  const ignored = new Set<Problem['field']>([
    ...(usesLengths ? [] : (['minLen', 'maxLen', 'symbols'] as const)),
    ...(text.task === 'shift' ? [] : (['shift'] as const)),
    ...(family === 'transformer' ? [] : (['layers', 'heads', 'positions', 'map'] as const)),
  ]);
  const kept = problems.filter((p) => !ignored.has(p.field));
  if (kept.length) return { settings: null, problems: kept };
  for (const f of ignored)
    if (f in NUMBERS && numbers[f as NumberField] === undefined)
      numbers[f as NumberField] = NUMBERS[f as NumberField].fallback;
  return {
    settings: {
      task: text.task as Task,
      attention: text.attention as Attention,
      positions: ignored.has('positions') ? 'sinusoidal' : (text.positions as Positions),
      versus: text.versus === '' ? null : text.versus,
      numbers,
      map,
    },
    problems: [],
  };
}

/** The model config of one run: the Seq2Seq, the SimpleRNN (with self-attention or not) or the Transformer. */
function modelConfig(settings: Settings, variant: string): Record<string, unknown> {
  const n = settings.numbers;
  switch (FAMILY[settings.task]) {
    case 'seq2seq':
      return {
        architecture: 'seq2seq',
        embed_dim: 16,
        hidden_size: n.hidden,
        attention: variant,
        // Room for the longest target and its end token (a date is at most 10 symbols).
        max_output_len: Math.max(30, n.maxLen + 2),
      };
    case 'rnn':
      // Lesson 2's cell: h_i = tanh(A [x_i; c_{i-1}] + b), c_i = sum_{j<=i} alpha_j h_j; or nn.RNN alone.
      return variant === 'none'
        ? { architecture: 'rnn_lm', embed_dim: 16, hidden_size: n.hidden, cell: 'rnn' }
        : {
            architecture: 'rnn_self_attention',
            embed_dim: 16,
            hidden_size: n.hidden,
            cell: 'rnn',
            variant: 'c',
            score: variant,
          };
    case 'transformer':
      return {
        architecture: 'transformer',
        d_model: n.hidden,
        n_head: n.heads,
        n_layer: n.layers,
        d_ff: 2 * n.hidden,
        positional: variant,
        score: settings.attention,
      };
  }
}

/**
 * The train config (JSON text) of one run: `variant` is its value of the compared setting (an
 * attention, or the Transformer's positions; variantsOf).
 */
export function trainConfig(settings: Settings, variant: string): string {
  const n = settings.numbers;
  const task: Record<string, unknown> = { kind: settings.task, n_eval: HELD_OUT, n_test: 1 };
  if (settings.task !== 'date')
    Object.assign(task, { min_len: n.minLen, max_len: n.maxLen, symbols: n.symbols });
  if (settings.task === 'shift') task.shift = n.shift;
  return JSON.stringify({
    model: modelConfig(settings, variant),
    task,
    steps: n.steps,
    batch_size: n.batch,
    lr: n.lr,
    seed: n.seed,
    log_every: 1000000,
  });
}

/** The runs trained: one, or two side by side, each named by its value of the compared setting. */
export function variantsOf(settings: Settings): string[] {
  const own = COMPARED[FAMILY[settings.task]] === 'positions' ? settings.positions : settings.attention;
  return settings.versus ? [own, settings.versus] : [own];
}

/** The index in the trace's maps (layer-major, as the Transformer writes them) of a chosen map. */
export const mapIndex = (choice: MapChoice, heads: number): number =>
  (choice.layer - 1) * heads + choice.head - 1;
