// The WebAssembly boundary: Embind declarations and the few conversions they need, nothing else.
// Every call returns a plain JS object and never throws: { ok: false, error } on failure.
// Float data leaves as Float32Array copies in JS-owned memory (safe across heap growth); see
// docs/engine-contract.md for the shapes.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/utf8.h"
#include "io/json_text.h"
#include "io/model_io.h"
#include "io/trace_writer.h"
#include "models/model.h"
#include "models/trace_names.h"
#ifndef ATTNLAB_INFERENCE_ONLY
#include "train/lab.h"
#endif
#ifdef ATTNLAB_BENCH_LAYERS
#include <cmath>

#include "core/matmul.h"
#include "layers/lstm.h"
#include "models/transformer.h"
#endif

using emscripten::val;

namespace {

using namespace attnlab;

// { ok: false, code, error } (+ token_count, max_tokens for "too_many_tokens"; file, and key for
// "duplicate_key", for "json" and "duplicate_key"): the page decides by code.
val failure(const char* code, const std::string& message) {
  val r = val::object();
  r.set("ok", false);
  r.set("code", std::string(code));
  r.set("error", message);
  return r;
}

val failure(const std::exception& e) {
  val r = failure(error_code(e), e.what());
  if (const auto* t = dynamic_cast<const TooManyTokens*>(&e)) {
    r.set("token_count", t->tokens);
    r.set("max_tokens", t->max_tokens);
  }
  if (const auto* j = dynamic_cast<const JsonError*>(&e)) {
    r.set("file", j->file);
    if (!j->key.empty()) r.set("key", j->key);
  }
  return r;
}

val success() {
  val r = val::object();
  r.set("ok", true);
  return r;
}

// A Float32Array copy of m out of the WASM heap, in JS-owned memory.
val float32_copy(const Mat& m) {
  static_assert(std::is_same<Real, float>::value, "the WASM build is float");
  return val(emscripten::typed_memory_view(static_cast<size_t>(m.size()), m.data())).call<val>("slice");
}

#ifdef ATTNLAB_BENCH_LAYERS
// The benchmark's entries' input (LstmLayer, Session.benchEncode): a Float32Array of T rows of
// `cols` values into m; false when its length is 0 or not a multiple of cols.
bool rows_from_js(const val& from, Eigen::Index cols, Mat& m) {
  const auto n = from["length"].as<size_t>();
  if (cols < 1 || n == 0 || n % static_cast<size_t>(cols) != 0) return false;
  m.resize(static_cast<Eigen::Index>(n) / cols, cols);
  val(emscripten::typed_memory_view(n, m.data())).call<void>("set", from);
  return true;
}
#endif

// A JS array of the strings. They cross as one string split on U+001F (the unit separator): one
// crossing where a method call per string (push) took about a tenth of a Transformer's forward
// (its maps' labels: 512 strings for 2 layers x 2 heads over 64 tokens; docs/performance.md).
// A list where a string holds that byte or is not valid UTF-8 (whose decoding could take the
// separator into a broken sequence) goes one string at a time, as before.
val string_array(const std::vector<std::string>& xs) {
  constexpr char kSeparator = '\x1f';
  const bool joinable = std::all_of(xs.begin(), xs.end(), [](const std::string& x) {
    return x.find(kSeparator) == std::string::npos &&
           utf8_error_offset(reinterpret_cast<const uint8_t*>(x.data()), x.size()) == x.size();
  });
  if (xs.empty() || !joinable) {
    val a = val::array();
    for (const std::string& x : xs) a.call<void>("push", x);
    return a;
  }
  std::string joined = xs.front();
  for (size_t i = 1; i < xs.size(); ++i) (joined += kSeparator) += xs[i];
  return val(joined).call<val>("split", std::string(1, kSeparator));
}

// The Embind writer for write_trace (io/trace_writer.h): float data leaves as one Float32Array copy
// per tensor out of the WASM heap, in JS-owned memory.
struct ValWriter {
  val v = val::object();
  ValWriter object() const { return {}; }
  void set(const char* key, const std::string& x) { v.set(key, x); }
  void set(const char* key, int x) { v.set(key, x); }
  void set(const char* key, bool x) { v.set(key, x); }
  void strings(const char* key, const std::vector<std::string>& xs) { v.set(key, string_array(xs)); }
  void ints(const char* key, const std::vector<int>& xs) {
    v.set(key, val(emscripten::typed_memory_view(xs.size(), xs.data())).call<val>("slice"));
  }
  // A JS array of booleans as Array.from(bytes, Boolean), where a push took a crossing each. The
  // two globals are looked up each time: a handle kept in a static would stay alive, and the soak
  // (tests/e2e/soak.mjs) checks that no handle does.
  void bools(const char* key, const std::vector<bool>& xs) {
    const std::vector<uint8_t> bytes(xs.begin(), xs.end());
    const val view(emscripten::typed_memory_view(bytes.size(), bytes.data()));
    v.set(key, val::global("Array").call<val>("from", view, val::global("Boolean")));
  }
  void floats(const char* key, const Mat& m) { v.set(key, float32_copy(m)); }
  void list(const char* key, std::vector<ValWriter>&& objects) {
    val a = val::array();
    for (ValWriter& o : objects) a.call<void>("push", o.v);
    v.set(key, a);
  }
};

// How many instances of a bound class are alive (a member of each): the soak
// (scripts/soak.mjs) checks the count stays flat while a student types for hours.
template <class T>
struct LiveCount {
  static inline int n = 0;
  LiveCount() { ++n; }
  LiveCount(const LiveCount&) { ++n; }
  LiveCount& operator=(const LiveCount&) = default;
  ~LiveCount() { --n; }
};

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
      return failure(e);
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
      return failure(e);
    }
  }

  val info() {
    if (!model_) return failure("no_model", "no model loaded");
    val r = success();
    r.set("config", model_->config().dump());
    r.set("card", card_.dump());
    r.set("parameters", static_cast<double>(model_->parameter_count()));
    return r;
  }

  val forward(const std::string& text) {
    if (!model_) return failure("no_model", "no model loaded");
    try {
      return record(model_->forward_text(text));
    } catch (const std::exception& e) {
      return failure(e);
    }
  }

  // Models that decode (seq2seq): the decoder reads `target` (French words) instead of its own guesses.
  val forwardForced(const std::string& text, const std::string& target) {
    if (!model_) return failure("no_model", "no model loaded");
    try {
      return record(model_->forward_text_forced(text, target));
    } catch (const std::exception& e) {
      return failure(e);
    }
  }

  // The same two with an intervention (models/intervention.h: {"edits": [...]} as JSON text)
  // applied inside the forward pass; a bad one answers code "intervention" naming what is wrong.
  val forwardEdited(const std::string& text, const std::string& intervention_json) {
    if (!model_) return failure("no_model", "no model loaded");
    try {
      const Intervention iv = Intervention::parse(intervention_json);
      return record(model_->forward_text(text, &iv));
    } catch (const std::exception& e) {
      return failure(e);
    }
  }

  val forwardForcedEdited(const std::string& text, const std::string& target, const std::string& intervention_json) {
    if (!model_) return failure("no_model", "no model loaded");
    try {
      const Intervention iv = Intervention::parse(intervention_json);
      return record(model_->forward_text_forced(text, target, &iv));
    } catch (const std::exception& e) {
      return failure(e);
    }
  }

#ifdef ATTNLAB_BENCH_LAYERS
  // scripts/bench-runtimes.mjs only: the loaded Transformer's encoder stack alone on x, T rows of
  // d_model values (Transformer::encode): {ok, output: Float32Array}. See LstmLayer below.
  val benchEncode(const val& x) {
    const auto* tf = dynamic_cast<const Transformer*>(model_.get());
    if (!tf) return failure("unsupported", "benchEncode: the loaded model is not a Transformer");
    Mat X;
    if (!rows_from_js(x, tf->config().at("d_model").get<int>(), X))
      return failure("input", "benchEncode: x is not T rows of d_model values");
    val r = success();
    r.set("output", float32_copy(tf->encode(X)));
    return r;
  }
#endif

  // Gradient x input of log p(word) at output row `row` (Model::input_importance): one number per
  // token as a Float64Array, and log p. `target`: a Seq2Seq's teacher-forced sentence ("" otherwise).
  val importance(const std::string& text, const std::string& target, int row, int word) {
    if (!model_) return failure("no_model", "no model loaded");
    try {
      const Importance imp = model_->input_importance(text, target, row, word);
      val r = success();
      r.set("importance",
            val(emscripten::typed_memory_view(imp.per_token.size(), imp.per_token.data())).call<val>("slice"));
      r.set("log_p", imp.log_p);
      return r;
    } catch (const std::exception& e) {
      return failure(e);
    }
  }

 private:
  LiveCount<Session> live_;

  static val record(const ForwardTrace& tr) {
    ValWriter w;
    write_trace(tr, w);
    return w.v;
  }

  std::unique_ptr<Model> model_;
  nlohmann::json card_;
};

#ifndef ATTNLAB_INFERENCE_ONLY
// The training lab (train/lab.h): one run, advanced a few steps per call by the page's worker.
class Lab {
 public:
  val create(const std::string& config_json) {
    try {
      run_ = std::make_unique<LabRun>(parse_json_text(config_json, "lab config"));
      return success();
    } catch (const std::exception& e) {
      run_.reset();
      return failure(e);
    }
  }

  // n optimizer steps; { ok, losses: Float64Array(n), steps, tokens (trained on so far) }.
  val step(int n) {
    if (!run_) return failure("no_model", "no lab run created");
    try {
      std::vector<double> losses;
      for (int i = 0; i < n; ++i) losses.push_back(run_->step());
      val r = success();
      r.set("losses", val(emscripten::typed_memory_view(losses.size(), losses.data())).call<val>("slice"));
      r.set("steps", run_->steps_taken());
      r.set("tokens", static_cast<double>(run_->tokens_taken()));
      return r;
    } catch (const std::exception& e) {
      return failure(e);
    }
  }

  // { ok, metrics: JSON text } on the first n held-out pairs.
  val evaluate(int n) {
    if (!run_) return failure("no_model", "no lab run created");
    try {
      val r = success();
      r.set("metrics", run_->evaluate(n).dump());
      return r;
    } catch (const std::exception& e) {
      return failure(e);
    }
  }

  // Held-out example `index` as the model reads it now (Seq2Seq: by teacher forcing): the trace
  // record plus its words and gold links (gold: Int32Array of (column, row) pairs of its maps).
  val example(int index) {
    if (!run_) return failure("no_model", "no lab run created");
    try {
      const LabExample ex = run_->example(index);
      ValWriter w;
      write_trace(ex.trace, w);
      std::vector<int> gold;
      for (const auto& [col, row] : ex.gold) {
        gold.push_back(col);
        gold.push_back(row);
      }
      w.ints("gold", gold);
      w.strings("source", ex.source);
      w.strings("target", ex.target);
      w.v.set("ok", true);
      return w.v;
    } catch (const std::exception& e) {
      return failure(e);
    }
  }

  // The model folder to download: { ok, config, card (JSON text), weights: Uint8Array }.
  val exportModel(int n) {
    if (!run_) return failure("no_model", "no lab run created");
    try {
      Model& model = run_->model();
      const std::vector<uint8_t> bytes = write_safetensors(export_weights(model), DType::F32,
                                                           {{"format", "pt"}, {"architecture", model.architecture()}});
      nlohmann::json card = run_->card(n);
      card["parameters"] = model.parameter_count();
      val r = success();
      r.set("config", model.config().dump(2));
      r.set("card", card.dump(2));
      r.set("weights", val(emscripten::typed_memory_view(bytes.size(), bytes.data())).call<val>("slice"));
      return r;
    } catch (const std::exception& e) {
      return failure(e);
    }
  }

 private:
  LiveCount<Lab> live_;
  std::unique_ptr<LabRun> run_;
};
#endif

// The trace's tensor names (models/trace_names.h), for the test that holds the page's copy to them.
val trace_names_list() {
  val a = val::array();
  for (const char* name : trace_names::kAll) a.call<void>("push", std::string(name));
  return a;
}

// Test-only, never called by the page: a real WebAssembly trap (tests/e2e/engine-crash.mjs checks
// that the page restarts a dead engine and keeps what the student typed).
void test_only_trap() { __builtin_trap(); }

// Test-only: the bound objects alive in this module, for the soak (scripts/soak.mjs).
val test_only_live_objects() {
  val r = val::object();
  r.set("sessions", LiveCount<Session>::n);
#ifndef ATTNLAB_INFERENCE_ONLY
  r.set("labs", LiveCount<Lab>::n);
#else
  r.set("labs", 0);  // this module has no training lab
#endif
  return r;
}

#ifdef ATTNLAB_BENCH_LAYERS
// scripts/bench-runtimes.mjs only (attnlab_node_lessons; the page's modules have no such entry):
// one LSTM layer, x (T, E) in and every hidden state (T, D) out, the work ONNX Runtime's LSTM
// operator does, without the model around it that Session.forward also runs (tokenizer, embedding,
// output layer, and the trace a lesson draws). The same Lstm::forward a model calls.
class LstmLayer {
 public:
  val load(int input, int hidden, const val& w_ih, const val& w_hh, const val& b_ih, const val& b_hh) {
    if (input < 1 || hidden < 1) return failure("input", "LstmLayer: sizes must be positive");
    lstm_ = Lstm(input, hidden);
    const std::pair<Param*, const val*> parts[] = {
        {&lstm_.weight_ih, &w_ih}, {&lstm_.weight_hh, &w_hh}, {&lstm_.bias_ih, &b_ih}, {&lstm_.bias_hh, &b_hh}};
    for (const auto& [param, from] : parts) {
      const Eigen::Index rows = param->value.rows();
      if (!rows_from_js(*from, param->value.cols(), param->value) || param->value.rows() != rows) {
        lstm_ = Lstm();  // nothing loaded: forward refuses
        return failure("input", "LstmLayer: a weight has the wrong length");
      }
    }
    return success();
  }

  // {ok, hidden: Float32Array (T * D)} for x of T * E values.
  val forward(const val& x) {
    Mat X;
    if (!rows_from_js(x, lstm_.input_size, X))
      return failure("input", "LstmLayer: x is not T rows of the input size (or nothing is loaded)");
    const RowVec zero = RowVec::Zero(lstm_.hidden_size);
    Lstm::Cache cache;
    val r = success();
    r.set("hidden", float32_copy(lstm_.forward(X, zero, zero, cache)));
    return r;
  }

 private:
  Lstm lstm_;
};

// The kernel alone: y = x W^T (matmul_nt, the kernel of every recurrent step and output layer)
// `reps` times on x (n, i) and W (o, i) of fixed values, in one call, so a benchmark can time the
// kernel without the model around it (the GEMV is n = 1). Returns the sum of y's last values.
double benchMatmulNt(int n, int i, int o, int reps) {
  if (n < 1 || i < 1 || o < 1 || reps < 1) return std::nan("");
  Mat x(n, i), w(o, i), y;
  for (Eigen::Index k = 0; k < x.size(); ++k) x.data()[k] = static_cast<float>((k % 13) - 6) / 16.f;
  for (Eigen::Index k = 0; k < w.size(); ++k) w.data()[k] = static_cast<float>((k % 7) - 3) / 32.f;
  double sum = 0;
  for (int r = 0; r < reps; ++r) {
    matmul_nt(x, w, y);
    sum += y(n - 1, o - 1);
  }
  return sum;
}
#endif

}  // namespace

EMSCRIPTEN_BINDINGS(attnlab) {
  emscripten::function("traceNames", &trace_names_list);
  emscripten::function("testOnlyTrap", &test_only_trap);
  emscripten::function("testOnlyLiveObjects", &test_only_live_objects);
  emscripten::class_<Session> session("Session");
  session.constructor<>()
      .function("loadRandom", &Session::loadRandom)
      .function("load", &Session::load)
      .function("info", &Session::info)
      .function("forward", &Session::forward)
      .function("forwardForced", &Session::forwardForced)
      .function("forwardEdited", &Session::forwardEdited)
      .function("forwardForcedEdited", &Session::forwardForcedEdited)
      .function("importance", &Session::importance);
#ifdef ATTNLAB_BENCH_LAYERS
  session.function("benchEncode", &Session::benchEncode);
#endif
#ifndef ATTNLAB_INFERENCE_ONLY
  emscripten::class_<Lab>("Lab")
      .constructor<>()
      .function("create", &Lab::create)
      .function("step", &Lab::step)
      .function("evaluate", &Lab::evaluate)
      .function("example", &Lab::example)
      .function("exportModel", &Lab::exportModel);
#endif
#ifdef ATTNLAB_BENCH_LAYERS
  emscripten::function("benchMatmulNt", &benchMatmulNt);
  emscripten::class_<LstmLayer>("LstmLayer")
      .constructor<>()
      .function("load", &LstmLayer::load)
      .function("forward", &LstmLayer::forward);
#endif
}
