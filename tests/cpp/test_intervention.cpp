// Interventions (models/intervention.h, layers/attention_edit.h): each edit against a hand-computed
// row; inside the shipped models, the edited weights are what the model then computes with (the
// context, the heads, the output); an empty intervention is the untouched forward pass bit for bit;
// and every bad intervention is refused with a message naming what is wrong.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "io/model_io.h"
#include "models/intervention.h"
#include "models/trace_names.h"

using namespace attnlab;

namespace {

RowVec row(std::initializer_list<Real> xs) {
  RowVec r(static_cast<Eigen::Index>(xs.size()));
  Eigen::Index i = 0;
  for (Real x : xs) r(i++) = x;
  return r;
}

MapEdit edit_of(const char* json) { return Intervention(nlohmann::json::parse(json)).map(0, 0, "the map"); }

const Mat& tensor(const ForwardTrace& tr, const std::string& name) {
  for (const NamedTensor& t : tr.tensors)
    if (t.name == name) return t.value;
  FAIL("no tensor " << name);
  static Mat none;
  return none;
}

const LoadedModel& shipped(const std::string& name) {
  static std::map<std::string, LoadedModel> loaded;
  auto it = loaded.find(name);
  if (it == loaded.end()) it = loaded.emplace(name, load_model_dir(std::string(ATTNLAB_MODELS_DIR) + "/" + name)).first;
  return it->second;
}

ForwardTrace edited(const Model& m, const std::string& text, const char* json) {
  const Intervention iv(nlohmann::json::parse(json));
  return m.forward_text(text, &iv);
}

std::string refusal(const Model& m, const std::string& text, const char* json) {
  try {
    edited(m, text, json);
  } catch (const InterventionError& e) {
    return e.what();
  } catch (const Unsupported& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE("intervention: each edit of a row, by hand") {
  const RowVec w = row({0.5f, 0.3f, 0.2f});
  RowVec scores = row({1, 2, 3}), weights = w;
  SECTION("pin a key to 1: the others get 0") {
    REQUIRE(edit_row(edit_of(R"({"edits":[{"op":"pin","row":0,"key":2}]})"), 0, 3, Normalization::Softmax, scores,
                     weights));
    CHECK(weights.isApprox(row({0, 0, 1})));
  }
  SECTION("pin a key to 0.2: the others keep their proportions and share 0.8") {
    edit_row(edit_of(R"({"edits":[{"op":"pin","row":0,"key":0,"weight":0.2}]})"), 0, 3, Normalization::Softmax, scores,
             weights);
    CHECK(weights.isApprox(row({0.2f, 0.48f, 0.32f})));
    CHECK(weights.sum() == Approx(1));
  }
  SECTION("a whole row is scaled to add up to 1") {
    edit_row(edit_of(R"({"edits":[{"op":"row","row":0,"weights":[1,1,2]}]})"), 0, 3, Normalization::Softmax, scores,
             weights);
    CHECK(weights.isApprox(row({0.25f, 0.25f, 0.5f})));
  }
  SECTION("uniform over the keys it may read, minus a masked one") {
    edit_row(edit_of(R"({"edits":[{"op":"uniform"},{"op":"mask","token":1}]})"), 0, 3, Normalization::Softmax, scores,
             weights);
    CHECK(weights.isApprox(row({0.5f, 0, 0.5f})));
  }
  SECTION("uniform in a causal row reads only the keys up to it") {
    edit_row(edit_of(R"({"edits":[{"op":"uniform","row":1}]})"), 1, 2, Normalization::Softmax, scores, weights);
    CHECK(weights.isApprox(row({0.5f, 0.5f, 0})));
  }
  SECTION("temperature 2 halves the scores before the softmax") {
    edit_row(edit_of(R"({"edits":[{"op":"temperature","value":2}]})"), 0, 3, Normalization::Softmax, scores, weights);
    const double z = std::exp(0.5) + std::exp(1.0) + std::exp(1.5);
    CHECK(weights(0) == Approx(std::exp(0.5) / z));
    CHECK(weights(2) == Approx(std::exp(1.5) / z));
    CHECK(scores.isApprox(row({0.5f, 1, 1.5f})));
  }
  SECTION("a row the edit does not name is left as it was, bit for bit") {
    CHECK_FALSE(edit_row(edit_of(R"({"edits":[{"op":"pin","row":4,"key":0}]})"), 0, 3, Normalization::Softmax, scores,
                         weights));
    CHECK((weights.array() == w.array()).all());
  }
}

TEST_CASE("intervention: bad edits are refused with what is wrong") {
  const auto message = [](const char* json) {
    try {
      Intervention iv(nlohmann::json::parse(json));
      RowVec scores = row({1, 2, 3}), weights = row({0.5f, 0.3f, 0.2f});
      edit_row(iv.map(0, 0, "the map"), 0, 3, Normalization::Softmax, scores, weights);
      check_map_size(iv.map(0, 0, "the map"), 4, 3);
    } catch (const InterventionError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  CHECK_THAT(message(R"({"edits":[{"op":"juggle"}]})"), Catch::Contains("unknown op \"juggle\""));
  CHECK_THAT(message(R"({"edits":[{"op":"pin","row":0,"key":1,"colour":2}]})"), Catch::Contains("no field \"colour\""));
  CHECK_THAT(message(R"({"edits":[{"op":"pin","row":0}]})"), Catch::Contains("\"key\" is missing"));
  CHECK_THAT(message(R"({"edits":[{"op":"pin","row":-1,"key":0}]})"),
             Catch::Contains("\"row\" must be a whole number"));
  CHECK_THAT(message(R"({"edits":[{"op":"pin","row":0,"key":0,"weight":-0.5}]})"), Catch::Contains("not in [0, 1]"));
  CHECK_THAT(message(R"({"edits":[{"op":"row","row":0,"weights":[1,-1,1]}]})"), Catch::Contains("negative"));
  CHECK_THAT(message(R"({"edits":[{"op":"row","row":0,"weights":[1,1]}]})"),
             Catch::Contains("2 weights given, but it reads 3"));
  CHECK_THAT(message(R"({"edits":[{"op":"pin","row":0,"key":5}]})"), Catch::Contains("key 5 is outside"));
  CHECK_THAT(message(R"({"edits":[{"op":"pin","row":9,"key":0}]})"), Catch::Contains("row 9 is outside 0..3"));
  CHECK_THAT(message(R"({"edits":[{"op":"mask","token":0},{"op":"mask","token":1},{"op":"mask","token":2}]})"),
             Catch::Contains("nothing left to read"));
  CHECK_THAT(message(R"({"edits":[{"op":"temperature","value":0}]})"), Catch::Contains("above 0"));
  CHECK_THAT(
      message(R"({"edits":[{"op":"pin","row":0,"key":0,"weight":0.7},{"op":"pin","row":0,"key":1,"weight":0.7}]})"),
      Catch::Contains("add up to 1.4"));
  CHECK_THAT(message(R"([1,2])"), Catch::Contains("must be a JSON object"));
  CHECK_THAT(message(R"({"edit":[]})"), Catch::Contains("no field \"edit\""));
}

TEST_CASE("intervention: an empty intervention is the untouched forward pass, bit for bit") {
  for (const char* name : {"seq2seq-additive", "lm-rnn-selfattn", "tf-mlm"}) {
    INFO(name);
    const Model& m = *shipped(name).model;
    const std::string text = "the red car is fast .";
    const ForwardTrace plain = m.forward_text(text);
    const ForwardTrace empty = edited(m, text, R"({"edits":[]})");
    REQUIRE(plain.maps.size() == empty.maps.size());
    for (size_t i = 0; i < plain.maps.size(); ++i)
      CHECK((plain.maps[i].weights.array() == empty.maps[i].weights.array()).all());
    CHECK((tensor(plain, trace_names::kLogits).array() == tensor(empty, trace_names::kLogits).array()).all());
  }
}

TEST_CASE("intervention: Seq2Seq computes with the pinned row (forced decoding keeps the rows comparable)") {
  const Model& m = *shipped("seq2seq-additive").model;
  const std::string text = "the red car is fast .", target = "la voiture rouge est rapide .";
  const ForwardTrace plain = m.forward_text_forced(text, target);
  const Intervention iv(nlohmann::json::parse(R"({"edits":[{"op":"pin","row":2,"key":0}]})"));
  const ForwardTrace pinned = m.forward_text_forced(text, target, &iv);
  // Row 2 (decoder step 2, the map's row 1) reads only "the": c_2 = h_1 exactly.
  CHECK(pinned.maps[0].weights(1, 0) == 1);
  CHECK(pinned.maps[0].weights.row(1).sum() == 1);
  CHECK(pinned.maps[0].edited_rows == std::vector<int>{2});
  CHECK(tensor(pinned, trace_names::kContexts).row(2).isApprox(tensor(pinned, trace_names::kEncoderStates).row(0)));
  // Step 1 is before the edit: unchanged. Step 3 reads a different state: its weights change.
  CHECK((pinned.maps[0].weights.row(0).array() == plain.maps[0].weights.row(0).array()).all());
  CHECK((pinned.maps[0].weights.row(2) - plain.maps[0].weights.row(2)).cwiseAbs().maxCoeff() > 1e-4);
  // Uniform start row: alpha_0 = 1/m.
  const ForwardTrace uniform = edited(m, text, R"({"edits":[{"op":"uniform","row":0}]})");
  CHECK(tensor(uniform, trace_names::kInitialWeights).isApprox(Mat::Constant(1, 6, Real(1) / 6)));
}

TEST_CASE("Seq2Seq forced decoding splits the target at any ASCII whitespace, as a stream read did") {
  const Model& m = *shipped("seq2seq-additive").model;
  const std::string text = "the red car is fast .";
  const ForwardTrace plain = m.forward_text_forced(text, "la voiture rouge est rapide .");
  const ForwardTrace spaced = m.forward_text_forced(text, " \tla  voiture\nrouge\r est\vrapide\f. \n");
  REQUIRE(spaced.maps.size() == plain.maps.size());
  CHECK(spaced.maps[0].row_labels == plain.maps[0].row_labels);
  CHECK((spaced.maps[0].weights.array() == plain.maps[0].weights.array()).all());
  CHECK(m.forward_text_forced(text, "  \t\n").maps[0].row_labels == std::vector<std::string>{"<eos>"});
}

TEST_CASE("intervention: the RNN + self-attention reading carries an edited c_i into what it reads next") {
  const Model& m = *shipped("lm-rnn-selfattn").model;
  const std::string text = "The FBI is chasing a criminal on the run.";
  const ForwardTrace plain = m.forward_text(text);
  const ForwardTrace uniform = edited(m, text, R"({"edits":[{"op":"uniform","row":3}]})");
  const Mat& w = uniform.maps[0].weights;
  CHECK(w.row(3).head(4).isApprox(RowVec::Constant(4, Real(0.25))));
  CHECK(w.row(3).tail(w.cols() - 4).isZero());
  CHECK((w.topRows(3).array() == plain.maps[0].weights.topRows(3).array()).all());
  CHECK((w.row(4) - plain.maps[0].weights.row(4)).cwiseAbs().maxCoeff() > 1e-5);
  const Mat& h = tensor(uniform, trace_names::kHidden);
  CHECK(tensor(uniform, trace_names::kContext).row(3).isApprox(h.topRows(4).colwise().mean()));
}

TEST_CASE("intervention: Transformer heads off, a layer off, no 1/sqrt(d_k), a masked token") {
  const Model& m = *shipped("tf-mlm").model;
  const std::string text = "She was very happy to see him again.";
  const ForwardTrace plain = m.forward_text(text);
  const ForwardTrace off = edited(m, text, R"({"edits":[{"op":"ablate_head","layer":1,"head":0}]})");
  const Mat& heads = tensor(off, trace_names::layer(1, trace_names::kHeads));
  const int K = static_cast<int>(heads.cols()) / 2;
  CHECK(heads.leftCols(K).isZero());
  CHECK((heads.rightCols(K).array() == tensor(plain, trace_names::layer(1, trace_names::kHeads)).rightCols(K).array())
            .all());
  CHECK((tensor(off, trace_names::kLogits) - tensor(plain, trace_names::kLogits)).cwiseAbs().maxCoeff() > 1e-3);
  const ForwardTrace layer_off = edited(m, text, R"({"edits":[{"op":"ablate_layer","layer":0}]})");
  CHECK(tensor(layer_off, trace_names::layer(0, trace_names::kAttnOut)).isZero());
  const ForwardTrace unscaled = edited(m, text, R"({"edits":[{"op":"scale","on":false}]})");
  CHECK(unscaled.maps[0].scores.isApprox(plain.maps[0].scores * std::sqrt(static_cast<Real>(K))));
  const ForwardTrace masked = edited(m, text, R"({"edits":[{"op":"mask","token":2}]})");
  for (const AttentionMap& map : masked.maps) {
    CHECK(map.weights.col(2).isZero());
    CHECK(map.weights.rowwise().sum().isApprox(Eigen::Matrix<Real, Eigen::Dynamic, 1>::Ones(map.weights.rows())));
  }
}

TEST_CASE("intervention: what a model cannot do is refused, naming it") {
  CHECK_THAT(refusal(*shipped("tf-mlm").model, "hello there", R"({"edits":[{"op":"ablate_head","layer":0,"head":2}]})"),
             Catch::Contains("head 2 is outside 0..1"));
  CHECK_THAT(refusal(*shipped("tf-mlm").model, "hello there", R"({"edits":[{"op":"uniform","layer":5}]})"),
             Catch::Contains("layer 5 is outside 0..1"));
  CHECK_THAT(
      refusal(*shipped("seq2seq-additive").model, "the red car .", R"({"edits":[{"op":"ablate_layer","layer":0}]})"),
      Catch::Contains("no attention heads"));
  CHECK_THAT(refusal(*shipped("tf-mlm-additive").model, "hello there", R"({"edits":[{"op":"scale","on":false}]})"),
             Catch::Contains("no 1/sqrt(d_k) scaling"));
  CHECK_THAT(refusal(*shipped("seq2seq-none").model, "the red car .", R"({"edits":[{"op":"uniform"}]})"),
             Catch::Contains("no attention"));
  CHECK_THAT(refusal(*shipped("lm-rnn").model, "the red car .", R"({"edits":[{"op":"uniform"}]})"),
             Catch::Contains("no attention weights to change"));
  CHECK_THAT(refusal(*shipped("seq2seq-additive").model, "the red car .", R"({"edits":[{"op":"mask","token":7}]})"),
             Catch::Contains("token 7 to mask is outside"));
}
