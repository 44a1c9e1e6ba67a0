// The modules web/vite-plugin-first-view.ts provides (see web/src/lessons/shared/first-views.ts).
declare module 'virtual:attnlab-first-view/*' {
  import type { BuiltFirstView } from '../lessons/shared/first-views';
  /** The record the lesson's first figure is drawn from before its engine arrives (null: none). */
  const firstView: BuiltFirstView | null;
  export default firstView;
}

declare module 'virtual:attnlab-lab-first-view' {
  import type { BuiltLabRun } from '../lessons/shared/first-views';
  /** Each run of the training lab's default settings, "before training", as the build computed it. */
  const runs: BuiltLabRun[];
  export default runs;
}
