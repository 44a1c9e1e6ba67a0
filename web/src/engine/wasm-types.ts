// Types of the Embind module built from cpp/wasm/bindings.cpp, exactly as docs/engine-contract.md
// fixes them. Only web/src/engine/ sees these: components get the plain records of records.ts.

/**
 * What kind of failure an `ok: false` answer is (cpp/io/model_io.h, error_code): the page decides by
 * the code and only shows the message.
 */
export type ErrorCode =
  | 'too_many_tokens'
  | 'config'
  | 'format'
  | 'json'
  | 'duplicate_key'
  | 'load'
  | 'unsupported'
  | 'intervention'
  | 'input'
  | 'no_model';

/** Every Session call answers a plain object; errors never throw but come back as `ok: false`. */
export interface Status {
  ok: boolean;
  code?: ErrorCode; // with ok: false
  error?: string; // with ok: false: a message a person can act on
  token_count?: number; // code "too_many_tokens": how many tokens the text has
  max_tokens?: number; // code "too_many_tokens": how many the model reads
  file?: string; // codes "json", "duplicate_key": the file whose text it is ("config.json")
  key?: string; // code "duplicate_key": the key given twice
}

export interface InfoResult extends Status {
  config?: string; // config.json text
  card?: string; // card.json text
  parameters?: number;
}

export interface AttentionMapResult {
  name: string;
  layer: number;
  head: number;
  rows: number; // queries (readers)
  cols: number; // keys (what is attended to)
  row_labels: string[];
  col_labels: string[];
  scores: Float32Array; // (rows, cols) row-major, before normalization
  weights: Float32Array; // (rows, cols) row-major, after softmax/sigmoid
}

export interface TensorResult {
  name: string;
  rows: number;
  cols: number;
  data: Float32Array; // (rows, cols) row-major
}

export interface ForwardResult extends Status {
  tokens: string[]; // what the tokenizer made of the text
  ids: Int32Array;
  unknown: boolean[]; // word not in the model's vocabulary (word-level tokenizers only)
  word_of: Int32Array; // token -> index into words (BPE splits a word into pieces)
  words: string[];
  output_tokens?: string[]; // models that generate (seq2seq): the output, end token excluded
  output_limit?: number; // models that generate: the most decoder steps this input allows (0 otherwise)
  stopped_for_length?: boolean; // the decoder reached output_limit without its end token
  maps: AttentionMapResult[]; // every attention map of the trace
  tensors: TensorResult[]; // other trace tensors (hidden states, q/k/v, logits, ...)
}

/** An Embind class instance: lives on the WASM heap until its owner calls delete(). */
export interface EmbindObject {
  delete(): void;
  isDeleted?(): boolean;
}

export interface Session extends EmbindObject {
  loadRandom(configJson: string, seed: number): Status;
  load(configJson: string, weights: Uint8Array, cardJson: string): Status;
  info(): InfoResult;
  forward(text: string): ForwardResult;
  /**
   * Models that decode (Seq2Seq): the decoder reads `target` (words separated by spaces, <eos>
   * appended); others answer code "unsupported".
   */
  forwardForced(text: string, target: string): ForwardResult;
  /**
   * Either of the two with an intervention applied inside the forward pass (JSON text
   * {"edits": [...]}, cpp/models/intervention.h); a bad one answers code "intervention".
   */
  forwardEdited(text: string, intervention: string): ForwardResult;
  forwardForcedEdited(text: string, target: string, intervention: string): ForwardResult;
  /**
   * Gradient x input of log p(word) at output row `row` (the logits' row): one number per token.
   * `target`: a Seq2Seq's teacher-forced sentence; "" for the other models.
   */
  importance(text: string, target: string, row: number, word: number): ImportanceResult;
}

export interface ImportanceResult extends Status {
  importance?: Float64Array;
  log_p?: number;
}

export interface LabStepResult extends Status {
  losses?: Float64Array; // one mean batch loss per step taken
  steps?: number; // steps taken since the run was created
  tokens?: number; // tokens trained on since then: each example's inputs plus its output rows
}

export interface LabEvaluateResult extends Status {
  metrics?: string; // JSON: exact_match, token_accuracy, loss, alignment_error, steps (+ aer, best_map, ...)
}

export interface LabExampleResult extends ForwardResult {
  gold: Int32Array; // (column, row) pairs of the maps: the task's correct alignment
  source: string[];
  target: string[];
}

export interface LabExportResult extends Status {
  config?: string; // config.json text
  card?: string; // card.json text
  weights?: Uint8Array; // model.safetensors bytes
}

/** The training lab (cpp/train/lab.h): a toy-task run (Seq2Seq, recall, mirror) advanced a few steps per call. */
export interface Lab extends EmbindObject {
  create(configJson: string): Status;
  step(n: number): LabStepResult;
  evaluate(n: number): LabEvaluateResult;
  example(index: number): LabExampleResult;
  exportModel(n: number): LabExportResult;
}

export interface AttnlabModule {
  Session: { new (): Session };
  Lab: { new (): Lab };
  /** The trace's tensor names (cpp/models/trace_names.h). */
  traceNames(): string[];
  /** Test-only: a WebAssembly trap (`__builtin_trap`), to test a crashed engine. */
  testOnlyTrap(): void;
  /** Test-only: Sessions and Labs alive in the module. */
  testOnlyLiveObjects(): { sessions: number; labs: number };
  /** The module's memory (its length is the heap's size; it grows and never shrinks). */
  HEAPU8: Uint8Array;
  /** Embind's count of live `val` handles. */
  count_emval_handles(): number;
}

/** Options the Emscripten factory understands (the subset this project uses). */
export interface ModuleOptions {
  locateFile?: (path: string, scriptDirectory: string) => string;
  wasmBinary?: ArrayBuffer | Uint8Array;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
}

/** The default export of the MODULARIZE build (ES6 for the browser, CommonJS for Node). */
export type AttnlabFactory = (options?: ModuleOptions) => Promise<AttnlabModule>;
