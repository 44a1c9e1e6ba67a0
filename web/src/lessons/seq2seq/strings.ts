// Lesson 1's own English strings, added when its code loads (element.ts imports this first): a
// page embedding another lesson does not download them (i18n/en.ts).
import { addEnglish } from '../../i18n';
import { enSeq2seq } from '../../i18n/en-seq2seq';

addEnglish({ seq2seq: enSeq2seq });
