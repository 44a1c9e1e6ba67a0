// Lesson 3's own English strings, added when its code loads (element.ts imports this first): a
// page embedding another lesson does not download them (i18n/en.ts).
import { addEnglish } from '../../i18n';
import { enTransformer } from '../../i18n/en-transformer';

addEnglish({ transformer: enTransformer });
