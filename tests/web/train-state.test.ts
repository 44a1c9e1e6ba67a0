// The training lab's settings (web/src/lessons/train/state.ts): attributes <-> settings, every bad
// value refused with its own problem, and the train config the engine gets.
import { describe, expect, it } from 'vitest';
import {
  NUMBERS,
  TRAIN_ATTRIBUTES,
  attributesOf,
  changeTask,
  defaultText,
  mapIndex,
  parseNumber,
  textFromAttributes,
  trainConfig,
  validate,
  variantsOf,
} from '../../web/src/lessons/train/state';
import { LESSONS, formatAppState, parseAppState } from '../../web/src/embed/state';

const fromAttributes = (attrs: Record<string, string>) => textFromAttributes((name) => attrs[name]);

describe('settings from attributes', () => {
  it('a missing attribute is the reverse recipe default', () => {
    const { settings, problems } = validate(fromAttributes({}));
    expect(problems).toEqual([]);
    expect(settings).toEqual({
      task: 'reverse',
      attention: 'additive',
      positions: 'sinusoidal',
      versus: null,
      numbers: {
        minLen: 5,
        maxLen: 12,
        symbols: 10,
        shift: 2,
        hidden: 64,
        layers: 2,
        heads: 2,
        lr: 0.01,
        batch: 16,
        steps: 1500,
        seed: 1,
        example: 1,
      },
      map: null,
    });
  });

  it('reads every attribute, trimmed and case-folded where it names a choice', () => {
    const text = fromAttributes({
      task: ' Sort ',
      attention: 'DOT',
      versus: 'none',
      'min-len': '3',
      'max-len': '9',
      symbols: '26',
      'hidden-size': '32',
      lr: '5e-3',
      batch: '8',
      steps: '200',
      seed: '7',
      example: '4',
    });
    const { settings } = validate(text);
    expect(settings?.task).toBe('sort');
    expect(settings?.attention).toBe('dot');
    expect(settings?.versus).toBe('none');
    expect(settings?.numbers).toMatchObject({
      minLen: 3,
      maxLen: 9,
      symbols: 26,
      hidden: 32,
      lr: 0.005,
      batch: 8,
      steps: 200,
      seed: 7,
      example: 4,
    });
    expect(variantsOf(settings!)).toEqual(['dot', 'none']);
  });

  it('writes back only what differs from the default; versus "off" is one model', () => {
    const text = defaultText();
    text.numbers.steps = '300';
    const attrs = attributesOf(text);
    expect(attrs.steps).toEqual({ value: '300', isDefault: false });
    expect(attrs.task.isDefault).toBe(true);
    expect(attrs.versus).toEqual({ value: 'off', isDefault: true });
    expect(validate(fromAttributes({ versus: 'off' })).settings?.versus).toBeNull();
    // Round trip: attributes written, read back, same text.
    const back = textFromAttributes((name) => attrs[name]?.value);
    expect(back).toEqual(text);
  });

  it('every attribute is in the app URL under train.*', () => {
    expect(LESSONS.train.attributes).toEqual(TRAIN_ATTRIBUTES);
    const query = formatAppState({
      lang: null,
      embed: 'train',
      lessons: { train: { task: 'date', steps: '400', versus: 'none' } },
    });
    expect(query).toBe('?embed=train&train.task=date&train.versus=none&train.steps=400');
    expect(parseAppState(query).lessons.train).toEqual({ task: 'date', versus: 'none', steps: '400' });
  });
});

describe('bad settings', () => {
  it.each([
    ['steps', 'abc', 'notNumber'],
    ['steps', '', 'notNumber'],
    ['steps', '12abc', 'notNumber'],
    ['steps', '1.5', 'notWhole'],
    ['steps', '1e12', 'range'],
    ['steps', '0', 'range'],
    ['steps', '-5', 'range'],
    ['lr', 'fast', 'notNumber'],
    ['lr', '2', 'range'],
    ['hidden', '100000', 'range'],
    ['seed', 'Infinity', 'notNumber'],
  ] as const)('%s = "%s" is refused (%s)', (field, value, key) => {
    expect(parseNumber(field, value)).toMatchObject({
      field,
      key,
      values: { value, min: NUMBERS[field].min, max: NUMBERS[field].max },
    });
    const text = defaultText();
    text.numbers[field] = value;
    const { settings, problems } = validate(text);
    expect(settings).toBeNull();
    expect(problems.map((p) => p.key)).toEqual([key]);
  });

  it('min > max is one problem naming both', () => {
    const { settings, problems } = validate(fromAttributes({ 'min-len': '12', 'max-len': '5' }));
    expect(settings).toBeNull();
    expect(problems).toEqual([{ field: 'minLen', key: 'minAboveMax', values: { min: 12, max: 5 } }]);
  });

  it('unknown choices and the same variant twice are refused', () => {
    expect(validate(fromAttributes({ task: 'juggle' })).problems).toMatchObject([
      { field: 'task', key: 'choice' },
    ]);
    expect(validate(fromAttributes({ attention: 'cosine' })).problems).toMatchObject([
      { field: 'attention', key: 'choice' },
    ]);
    expect(validate(fromAttributes({ versus: 'additive' })).problems).toMatchObject([
      { field: 'versus', key: 'sameVersus' },
    ]);
  });

  it('a date run ignores the lengths and symbols it does not read, even bad ones', () => {
    const { settings, problems } = validate(
      fromAttributes({ task: 'date', 'min-len': '20', 'max-len': '3', symbols: 'x' }),
    );
    expect(problems).toEqual([]);
    const task = JSON.parse(trainConfig(settings!, 'additive')).task;
    expect(task).toEqual({ kind: 'date', n_eval: 100, n_test: 1 });
  });
});

describe('the train config', () => {
  it('is the documented config of cpp/train/toy_train.h', () => {
    const { settings } = validate(
      fromAttributes({ task: 'shift', shift: '3', 'hidden-size': '32', steps: '200' }),
    );
    expect(JSON.parse(trainConfig(settings!, 'none'))).toEqual({
      model: {
        architecture: 'seq2seq',
        embed_dim: 16,
        hidden_size: 32,
        attention: 'none',
        max_output_len: 30,
      },
      task: { kind: 'shift', n_eval: 100, n_test: 1, min_len: 5, max_len: 12, symbols: 10, shift: 3 },
      steps: 200,
      batch_size: 16,
      lr: 0.01,
      seed: 1,
      log_every: 1000000,
    });
  });
});

describe('the recall and mirror tasks', () => {
  it('have defaults of their own: recall over 10-30 symbols, a Transformer 32 wide at lr 0.003', () => {
    const recall = validate(fromAttributes({ task: 'recall' })).settings!;
    expect(recall.numbers).toMatchObject({ minLen: 10, maxLen: 30, hidden: 32, lr: 0.01 });
    const mirror = validate(fromAttributes({ task: 'mirror' })).settings!;
    expect(mirror).toMatchObject({ attention: 'dot', positions: 'sinusoidal', map: null });
    expect(mirror.numbers).toMatchObject({
      minLen: 5,
      maxLen: 12,
      hidden: 32,
      lr: 0.003,
      layers: 2,
      heads: 2,
    });
    // Only the task is written back while the rest is that task's default.
    const attrs = attributesOf(fromAttributes({ task: 'mirror' }));
    expect(Object.entries(attrs).filter(([, a]) => !a.isDefault)).toEqual([
      ['task', { value: 'mirror', isDefault: false }],
    ]);
  });

  it('picking another task moves what was still a default, and keeps what the reader set', () => {
    const text = defaultText();
    text.numbers.steps = '300';
    text.numbers.hidden = '48';
    text.versus = 'none';
    const recall = changeTask(text, 'recall');
    expect(recall.numbers).toMatchObject({ minLen: '10', maxLen: '30', hidden: '48', steps: '300' });
    expect(recall.versus).toBe('none'); // additive vs none: with vs without self-attention
    const mirror = changeTask(recall, 'mirror');
    expect(mirror.attention).toBe('dot');
    expect(mirror.versus).toBe(''); // the Transformer compares positions, not attention
    expect(mirror.numbers).toMatchObject({ minLen: '5', maxLen: '12', lr: '0.003', hidden: '48' });
    const back = changeTask(mirror, 'reverse');
    expect(back.attention).toBe('additive');
    expect(back.numbers.lr).toBe('0.01');
  });

  it('the Transformer: width at most 128, a multiple of the heads; side by side compares positions', () => {
    expect(validate(fromAttributes({ task: 'mirror', 'hidden-size': '256' })).problems).toMatchObject([
      { field: 'hidden', key: 'range', values: { max: 128 } },
    ]);
    expect(validate(fromAttributes({ task: 'mirror', 'hidden-size': '30', heads: '4' })).problems).toEqual([
      { field: 'heads', key: 'notDivisible', values: { hidden: 30, heads: 4 } },
    ]);
    expect(validate(fromAttributes({ task: 'mirror', attention: 'none' })).problems).toMatchObject([
      { field: 'attention', key: 'choice' },
    ]);
    expect(validate(fromAttributes({ task: 'mirror', versus: 'dot' })).problems).toMatchObject([
      { field: 'versus', key: 'choice' },
    ]);
    expect(validate(fromAttributes({ task: 'mirror', versus: 'sinusoidal' })).problems).toMatchObject([
      { field: 'versus', key: 'sameVersus' },
    ]);
    const settings = validate(fromAttributes({ task: 'mirror', versus: 'none' })).settings!;
    expect(variantsOf(settings)).toEqual(['sinusoidal', 'none']);
    // Other tasks ignore the Transformer's settings, even bad ones.
    expect(
      validate(fromAttributes({ heads: 'x', layers: '9', positions: 'learned', map: '9.9' })).problems,
    ).toEqual([]);
  });

  it('the map shown: best, or layer.head within the model', () => {
    const pick = (map: string, layers = '2', heads = '2') =>
      validate(fromAttributes({ task: 'mirror', map, layers, heads }));
    expect(pick('best').settings?.map).toBeNull();
    expect(pick('2.1').settings?.map).toEqual({ layer: 2, head: 1 });
    expect(mapIndex({ layer: 2, head: 1 }, 2)).toBe(2);
    expect(pick('3.1').problems).toEqual([
      { field: 'map', key: 'noMap', values: { value: '3.1', layers: 2, heads: 2 } },
    ]);
    expect(pick('1.2', '1', '1').problems).toMatchObject([{ field: 'map', key: 'noMap' }]);
  });

  it("make the configs of cpp/train/sequence_train.h: lesson 2's cell, and a Transformer encoder", () => {
    const recall = validate(fromAttributes({ task: 'recall', versus: 'none', symbols: '8' })).settings!;
    const [withAttention, without] = variantsOf(recall).map((v) => JSON.parse(trainConfig(recall, v)));
    expect(withAttention.model).toEqual({
      architecture: 'rnn_self_attention',
      embed_dim: 16,
      hidden_size: 32,
      cell: 'rnn',
      variant: 'c',
      score: 'additive',
    });
    expect(without.model).toEqual({ architecture: 'rnn_lm', embed_dim: 16, hidden_size: 32, cell: 'rnn' });
    expect(withAttention.task).toEqual({
      kind: 'recall',
      n_eval: 100,
      n_test: 1,
      min_len: 10,
      max_len: 30,
      symbols: 8,
    });
    const mirror = validate(
      fromAttributes({ task: 'mirror', layers: '1', heads: '4', attention: 'additive' }),
    ).settings!;
    expect(JSON.parse(trainConfig(mirror, 'none'))).toEqual({
      model: {
        architecture: 'transformer',
        d_model: 32,
        n_head: 4,
        n_layer: 1,
        d_ff: 64,
        positional: 'none',
        score: 'additive',
      },
      task: { kind: 'mirror', n_eval: 100, n_test: 1, min_len: 5, max_len: 12, symbols: 10 },
      steps: 1500,
      batch_size: 16,
      lr: 0.003,
      seed: 1,
      log_every: 1000000,
    });
  });

  it('an old link with only Seq2Seq settings trains what it trained before', () => {
    const state = parseAppState('?embed=train&train.task=shift&train.versus=none&train.steps=400').lessons
      .train!;
    const settings = validate(fromAttributes(state)).settings!;
    expect(variantsOf(settings)).toEqual(['additive', 'none']);
    expect(JSON.parse(trainConfig(settings, 'additive')).model).toEqual({
      architecture: 'seq2seq',
      embed_dim: 16,
      hidden_size: 64,
      attention: 'additive',
      max_output_len: 30,
    });
  });
});
