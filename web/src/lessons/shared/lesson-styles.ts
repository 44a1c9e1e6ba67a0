// The styles every lesson element starts from, in this order: the shared figures' (weight bars,
// scores tables), the page's common blocks, KaTeX's, teacher mode, the lesson chrome. A lesson
// appends its own after them, so they can override.
import { unsafeCSS } from 'lit';
import katexCss from 'katex/dist/katex.min.css?inline';
import { lessonBase, lessonChrome, pills, placeholderBox, srOnly } from '../../components/shared-styles';
import { scoresTableStyles } from '../../figures/scores-table';
import { weightBarStyles } from '../../figures/weight-bar';
import { teacherModeStyles } from './embed-attributes';

export const lessonStyles = [
  weightBarStyles,
  scoresTableStyles,
  placeholderBox,
  lessonBase,
  pills,
  srOnly,
  unsafeCSS(katexCss),
  teacherModeStyles,
  lessonChrome,
];
