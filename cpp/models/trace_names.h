// The names of the tensors a forward trace carries, declared once for every model. The page reads
// them through web/src/engine/trace-names.ts; tests/web/trace-names.test.ts checks that both lists
// agree (the WASM module exports this one as traceNames()).
#pragma once

#include <string>

namespace attnlab::trace_names {

inline constexpr const char* kEmbeddings = "embeddings";                     // (T, E) the input vectors x_i
inline constexpr const char* kHidden = "hidden";                             // (T, D) h_i
inline constexpr const char* kContext = "context";                           // (T, D) c_i (h~_i for the LSTMN)
inline constexpr const char* kMemory = "memory";                             // (T, D) LSTMN memory cells m_i
inline constexpr const char* kContextMemory = "context_memory";              // (T, D) LSTMN c~_i
inline constexpr const char* kLogits = "logits";                             // (rows, V) before the softmax
inline constexpr const char* kSourceEmbeddings = "source_embeddings";        // Seq2Seq (m, E)
inline constexpr const char* kEncoderStates = "encoder_states";              // Seq2Seq (m, D) h_1..h_m
inline constexpr const char* kDecoderInputs = "decoder_inputs";              // Seq2Seq (t, E) x'_1..x'_t
inline constexpr const char* kDecoderStates = "decoder_states";              // Seq2Seq (t+1, D) s_0..s_t
inline constexpr const char* kContexts = "contexts";                         // Seq2Seq (t+1, D) c_0..c_t
inline constexpr const char* kInitialScores = "initial_attention_scores";    // Seq2Seq (1, m) from s_0
inline constexpr const char* kInitialWeights = "initial_attention_weights";  // Seq2Seq (1, m) alpha_0
inline constexpr const char* kPositions = "positions";                       // Transformer (T, d) added to x
// Self-attention layers, per layer l in the Transformer as "layer{l}.<part>", bare in the playground.
inline constexpr const char* kInput = "input";
inline constexpr const char* kQ = "q";
inline constexpr const char* kK = "k";
inline constexpr const char* kV = "v";
inline constexpr const char* kHeads = "heads";       // (T, d) the heads' b^{i,h} side by side
inline constexpr const char* kAttnOut = "attn_out";  // (T, d) b^i = W^O [heads]
inline constexpr const char* kOutput = "output";

inline std::string layer(int l, const char* part) { return "layer" + std::to_string(l) + "." + part; }

inline constexpr const char* kAll[] = {kEmbeddings,
                                       kHidden,
                                       kContext,
                                       kMemory,
                                       kContextMemory,
                                       kLogits,
                                       kSourceEmbeddings,
                                       kEncoderStates,
                                       kDecoderInputs,
                                       kDecoderStates,
                                       kContexts,
                                       kInitialScores,
                                       kInitialWeights,
                                       kPositions,
                                       kInput,
                                       kQ,
                                       kK,
                                       kV,
                                       kHeads,
                                       kAttnOut,
                                       kOutput};

}  // namespace attnlab::trace_names
