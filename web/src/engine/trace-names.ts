// The names of the tensors a forward trace carries: the page's copy of cpp/models/trace_names.h.
// tests/web/trace-names.test.ts holds it to the engine's list (the module's traceNames()).
export const TRACE = {
  embeddings: 'embeddings',
  hidden: 'hidden',
  context: 'context',
  memory: 'memory',
  contextMemory: 'context_memory',
  logits: 'logits',
  sourceEmbeddings: 'source_embeddings',
  encoderStates: 'encoder_states',
  decoderInputs: 'decoder_inputs',
  decoderStates: 'decoder_states',
  contexts: 'contexts',
  initialScores: 'initial_attention_scores',
  initialWeights: 'initial_attention_weights',
  positions: 'positions',
  input: 'input',
  q: 'q',
  k: 'k',
  v: 'v',
  heads: 'heads',
  attnOut: 'attn_out',
  output: 'output',
} as const;

export type TraceName = (typeof TRACE)[keyof typeof TRACE];

/** A Transformer layer's tensor: "layer{l}.<part>" (l from 0). */
export const layerTensor = (layer: number, part: TraceName): string => `layer${layer}.${part}`;
