#include "io/trace_json.h"

namespace attnlab {

namespace {

nlohmann::json flat(const Mat& m) {
  nlohmann::json a = nlohmann::json::array();
  for (Eigen::Index i = 0; i < m.size(); ++i) a.push_back(static_cast<float>(m.data()[i]));
  return a;
}

}  // namespace

nlohmann::json trace_to_json(const ForwardTrace& tr, const std::string& architecture) {
  nlohmann::json j;
  j["ok"] = true;
  j["model"] = architecture;
  j["tokens"] = tr.tokens;
  j["ids"] = tr.ids;
  j["unknown"] = tr.unknown;
  j["output_tokens"] = tr.output_tokens;
  j["word_of"] = tr.word_of;
  j["words"] = tr.words;
  j["maps"] = nlohmann::json::array();
  for (const AttentionMap& m : tr.maps)
    j["maps"].push_back({{"name", m.name},
                         {"layer", m.layer},
                         {"head", m.head},
                         {"rows", m.weights.rows()},
                         {"cols", m.weights.cols()},
                         {"row_labels", m.row_labels},
                         {"col_labels", m.col_labels},
                         {"scores", flat(m.scores)},
                         {"weights", flat(m.weights)}});
  j["tensors"] = nlohmann::json::array();
  for (const NamedTensor& t : tr.tensors)
    j["tensors"].push_back(
        {{"name", t.name}, {"rows", t.value.rows()}, {"cols", t.value.cols()}, {"data", flat(t.value)}});
  return j;
}

}  // namespace attnlab
