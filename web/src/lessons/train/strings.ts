// The training lab's own English strings, added when its code loads (element.ts imports this
// first): a page embedding a lesson does not download them (i18n/en.ts).
import { addEnglish } from '../../i18n';
import { enTrain } from '../../i18n/en-train';

addEnglish({ train: enTrain });
