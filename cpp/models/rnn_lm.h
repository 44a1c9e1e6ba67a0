// A plain recurrent language model, the baseline the RNN + self-attention lesson compares with.
#pragma once

#include "layers/embedding.h"
#include "layers/output_head.h"
#include "layers/recurrent.h"
#include "models/model.h"

namespace attnlab {

// A plain recurrent language model, the baseline of the same size:
//   h_1..h_T = cell(embedding[ids]),  logits_i = head(h_i)
class RnnLm : public Model {
 public:
  static constexpr const char* kArchitecture = "rnn_lm";

  explicit RnnLm(const nlohmann::json& config);
  const nlohmann::json& config() const override { return config_; }
  std::string architecture() const override { return kArchitecture; }
  std::string size_summary() const override;
  void for_each_param(const ParamVisitor& f) override;
  void init(Rng& rng) override;
  ForwardTrace forward_ids(const std::vector<int>& ids) const override;
  double loss_and_backward(const Example& ex) override;

 protected:
  Embedding* input_embedding() override { return &embedding_; }

 private:
  nlohmann::json config_;
  int vocab_size_, embed_dim_, hidden_size_;
  Embedding embedding_;  // embedding.weight (V, E)
  Recurrent encoder_;    // rnn.weight_ih_l0 ... (nn.RNN / nn.LSTM / nn.GRU)
  OutputHead head_;      // head.weight (V, D), head.bias (V); tied: head.proj.weight (E, D), head.bias
};

}  // namespace attnlab
