// The modules web/vite-plugin-first-view.ts provides (see web/src/lessons/shared/first-views.ts).
declare module 'virtual:attnlab-first-view/*' {
  import type { BuiltFirstView } from '../lessons/shared/first-views';
  /** The record the lesson's first figure is drawn from before its engine arrives (null: none). */
  const firstView: BuiltFirstView | null;
  export default firstView;
}
