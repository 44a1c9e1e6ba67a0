// The WebAssembly boundary: Embind declarations and the few conversions they need, nothing else.
// Every call returns a plain JS object and never throws: { ok: false, error } on failure.
// Float data leaves as Float32Array copies in JS-owned memory (safe across heap growth); see
// docs/engine-contract.md for the shapes.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "io/model_io.h"
#include "models/model.h"
#include "models/seq2seq.h"

using emscripten::val;

namespace {

using namespace attnlab;

val failure(const std::string& message) {
  val r = val::object();
  r.set("ok", false);
  r.set("error", message);
  return r;
}

val success() {
  val r = val::object();
  r.set("ok", true);
  return r;
}

// One copy out of the WASM heap into a JS-owned Float32Array.
val float_array(const Mat& m) {
  static_assert(std::is_same<Real, float>::value, "the WASM build is float");
  return val(emscripten::typed_memory_view(static_cast<size_t>(m.size()), m.data())).call<val>("slice");
}

val int_array(const std::vector<int>& v) {
  return val(emscripten::typed_memory_view(v.size(), v.data())).call<val>("slice");
}

val string_array(const std::vector<std::string>& v) {
  val a = val::array();
  for (const std::string& s : v) a.call<void>("push", s);
  return a;
}

class Session {
 public:
  val loadRandom(const std::string& config_json, int seed) {
    try {
      nlohmann::json config = parse_json_text(config_json, "config");
      std::unique_ptr<Model> model = build_model(config);
      Rng rng(static_cast<uint64_t>(seed));
      model->init(rng);
      model_ = std::move(model);
      card_ = {{"description", "random weights (untrained)"}, {"seed", seed}};
      return success();
    } catch (const std::exception& e) {
      return failure(e.what());
    }
  }

  val load(const std::string& config_json, const val& weights, const std::string& card_json) {
    try {
      const size_t n = weights["length"].as<size_t>();
      std::vector<uint8_t> bytes(n);
      val(emscripten::typed_memory_view(n, bytes.data())).call<void>("set", weights);
      LoadedModel lm = load_model_from_memory(config_json, bytes.data(), bytes.size(), card_json);
      model_ = std::move(lm.model);
      card_ = lm.card;
      return success();
    } catch (const std::exception& e) {
      return failure(e.what());
    }
  }

  val info() {
    if (!model_) return failure("no model loaded");
    val r = success();
    r.set("config", model_->config().dump());
    r.set("card", card_.dump());
    r.set("parameters", static_cast<double>(model_->parameter_count()));
    return r;
  }

  val forward(const std::string& text) {
    if (!model_) return failure("no model loaded");
    try {
      return record(model_->forward_text(text));
    } catch (const std::exception& e) {
      return failure(e.what());
    }
  }

  // Seq2Seq only: the decoder reads `target` (French words) instead of its own guesses.
  val forwardForced(const std::string& text, const std::string& target) {
    if (!model_) return failure("no model loaded");
    const auto* seq2seq = dynamic_cast<const Seq2Seq*>(model_.get());
    if (!seq2seq) return failure("this model (" + model_->architecture() + ") does not decode a target sentence");
    try {
      return record(seq2seq->forward_text_forced(text, target));
    } catch (const std::exception& e) {
      return failure(e.what());
    }
  }

 private:
  static val record(const ForwardTrace& tr) {
    val r = success();
    r.set("tokens", string_array(tr.tokens));
    r.set("ids", int_array(tr.ids));
    val unknown = val::array();
    for (bool u : tr.unknown) unknown.call<void>("push", u);
    r.set("unknown", unknown);
    r.set("word_of", int_array(tr.word_of));
    r.set("words", string_array(tr.words));
    r.set("output_tokens", string_array(tr.output_tokens));
    val maps = val::array();
    for (const AttentionMap& m : tr.maps) {
      val o = val::object();
      o.set("name", m.name);
      o.set("layer", m.layer);
      o.set("head", m.head);
      o.set("rows", static_cast<int>(m.weights.rows()));
      o.set("cols", static_cast<int>(m.weights.cols()));
      o.set("row_labels", string_array(m.row_labels));
      o.set("col_labels", string_array(m.col_labels));
      o.set("scores", float_array(m.scores));
      o.set("weights", float_array(m.weights));
      maps.call<void>("push", o);
    }
    r.set("maps", maps);
    val tensors = val::array();
    for (const NamedTensor& t : tr.tensors) {
      val o = val::object();
      o.set("name", t.name);
      o.set("rows", static_cast<int>(t.value.rows()));
      o.set("cols", static_cast<int>(t.value.cols()));
      o.set("data", float_array(t.value));
      tensors.call<void>("push", o);
    }
    r.set("tensors", tensors);
    return r;
  }

  std::unique_ptr<Model> model_;
  nlohmann::json card_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(attnlab) {
  emscripten::class_<Session>("Session")
      .constructor<>()
      .function("loadRandom", &Session::loadRandom)
      .function("load", &Session::load)
      .function("info", &Session::info)
      .function("forward", &Session::forward)
      .function("forwardForced", &Session::forwardForced);
}
