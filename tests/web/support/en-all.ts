// Every English string as one object, as the app page holds them once every view has loaded (each
// lesson adds its own: web/src/i18n/index.ts addEnglish). For tests that read a lesson's strings.
import type { Strings } from '../../../web/src/i18n/en';
import { enShared } from '../../../web/src/i18n/en';
import { enLstmn } from '../../../web/src/i18n/en-lstmn';
import { enSeq2seq } from '../../../web/src/i18n/en-seq2seq';
import { enTrain } from '../../../web/src/i18n/en-train';
import { enTransformer } from '../../../web/src/i18n/en-transformer';
import { enLmVocab } from '../../../web/src/i18n/en-lm-vocabulary';

export const en: Strings = {
  ...enShared,
  seq2seq: { ...enShared.seq2seq, ...enSeq2seq },
  lstmn: { ...enShared.lstmn, ...enLstmn },
  transformer: { ...enShared.transformer, ...enTransformer },
  train: { ...enShared.train, ...enTrain },
  lmVocab: enLmVocab,
};
