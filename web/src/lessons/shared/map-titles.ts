// What every attention map on the page is called: the first line of its download and the caption
// of its screen-reader table (attention-map.ts, mapTitle). Built from the page's own strings, in
// the reader's language; the trace's AttentionMap.name ("layer 1 head 1", "additive attention:
// decoder steps x source words") is the engine's English and never reaches the screen.
// One function per map, so a test can check every title in every language (tests/web/map-titles.test.ts).

import { t } from '../../i18n';
import { LSTMN_MODELS, TRANSFORMER_MODELS, modelLabels, type LmModel, type TfModel } from './models';

const joined = (...parts: string[]) => parts.join(' · ');

/** Lesson 1: the map of one attention function (`additive` or `dot`). */
export const seq2seqMapTitle = (variant: 'additive' | 'dot' | 'local', localName = ''): string =>
  joined(
    t('seq2seq.heading'),
    variant === 'local' ? `${t('open.pill')} “${localName}”` : t(`seq2seq.${variant}Model`),
  );

/** Lesson 1: the difference of the two maps. */
export const seq2seqDifferenceTitle = (): string =>
  joined(t('seq2seq.heading'), t('seq2seq.differenceTitle'));

/** Lesson 2: the heat map of the reading figure's weights. */
export const lstmnMapTitle = (model: LmModel | 'local', localName = ''): string =>
  joined(
    t('lstmn.heading'),
    model === 'local' ? `${t('open.pill')} “${localName}”` : t(modelLabels(LSTMN_MODELS)[model]),
  );

/** Lesson 3: one head (0-based layer and head). */
export const transformerMapTitle = (
  model: TfModel | 'local',
  layer: number,
  head: number,
  localName = '',
): string =>
  joined(
    t('transformer.heading'),
    model === 'local' ? `${t('open.pill')} “${localName}”` : t(modelLabels(TRANSFORMER_MODELS)[model]),
    t('transformer.bigMapTitle', { layer: layer + 1, head: head + 1 }),
  );

/** Lesson 3's shuffle test: the original or the shuffled sentence's map (0-based layer and head). */
export const shuffleMapTitle = (which: 'original' | 'shuffled', layer: number, head: number): string =>
  joined(
    t('transformer.heading'),
    t(which === 'original' ? 'transformer.mapOriginal' : 'transformer.mapShuffled', {
      layer: layer + 1,
      head: head + 1,
    }),
  );

/** The random-weight playground: one head (0-based layer and head; the layer is named if there are several). */
export const playgroundMapTitle = (layer: number, head: number, severalLayers: boolean): string =>
  joined(
    t('playground.title'),
    severalLayers
      ? t('playground.layerHead', { layer: layer + 1, head: head + 1 })
      : t('playground.head', { head: head + 1 }),
  );
