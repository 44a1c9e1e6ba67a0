// The modules web/vite-plugin-first-view.ts provides (see web/src/lessons/shared/first-views.ts).
declare module 'virtual:attnlab-first-view/*' {
  import type { EncodedRecord } from './record-codec';
  /** The record the lesson's first figure is drawn from before its engine arrives (null: none). */
  const firstView: {
    folder: string;
    text: string;
    /** config.json's top-level numbers, strings and booleans (the model's shape). */
    config: Record<string, number | string | boolean>;
    record: EncodedRecord;
  } | null;
  export default firstView;
}
