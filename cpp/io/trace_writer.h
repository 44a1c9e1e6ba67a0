// The fields of a forward trace, written once for both of its serializers: the CLI's JSON
// (io/trace_json.cpp) and the WebAssembly record (wasm/bindings.cpp). docs/engine-contract.md
// describes the result. A writer W offers:
//   W object() const                                  a new, empty object
//   void set(const char* key, const std::string&)     and set(key, int), set(key, bool)
//   void strings(key, const std::vector<std::string>&), ints(key, const std::vector<int>&),
//        bools(key, const std::vector<bool>&), floats(key, const Mat&) (row-major)
//   void list(key, std::vector<W>&& objects)
#pragma once

#include <utility>
#include <vector>

#include "models/model.h"

namespace attnlab {

template <class W>
void write_trace(const ForwardTrace& tr, W& out) {
  out.set("ok", true);
  out.strings("tokens", tr.tokens);
  out.ints("ids", tr.ids);
  out.bools("unknown", tr.unknown);
  out.ints("word_of", tr.word_of);
  out.strings("words", tr.words);
  out.strings("output_tokens", tr.output_tokens);
  out.set("output_limit", tr.output_limit);
  out.set("stopped_for_length", tr.stopped_for_length);
  std::vector<W> maps;
  for (const AttentionMap& m : tr.maps) {
    W o = out.object();
    o.set("name", m.name);
    o.set("layer", m.layer);
    o.set("head", m.head);
    o.set("rows", static_cast<int>(m.weights.rows()));
    o.set("cols", static_cast<int>(m.weights.cols()));
    o.strings("row_labels", m.row_labels);
    o.strings("col_labels", m.col_labels);
    o.floats("scores", m.scores);
    o.floats("weights", m.weights);
    o.ints("edited_rows", m.edited_rows);
    maps.push_back(std::move(o));
  }
  out.list("maps", std::move(maps));
  std::vector<W> tensors;
  for (const NamedTensor& t : tr.tensors) {
    W o = out.object();
    o.set("name", t.name);
    o.set("rows", static_cast<int>(t.value.rows()));
    o.set("cols", static_cast<int>(t.value.cols()));
    o.floats("data", t.value);
    tensors.push_back(std::move(o));
  }
  out.list("tensors", std::move(tensors));
}

}  // namespace attnlab
