// Lesson 2's own English strings, added when its code loads (element.ts imports this first): a
// page embedding another lesson does not download them (i18n/en.ts).
import { addEnglish } from '../../i18n';
import { enLstmn } from '../../i18n/en-lstmn';

addEnglish({ lstmn: enLstmn });
