// The safetensors reader; the dtype names and number formats are in dtype.cpp, the writer in
// safetensors_write.cpp.
//
// Safetensors layout (docs/weights-format.md):
//   bytes [0, 8)        N, the header length, u64 little-endian
//   bytes [8, 8+N)      UTF-8 JSON object {name: {dtype, shape, data_offsets}, "__metadata__":
//   {...}} bytes [8+N, size)   the data buffer; data_offsets [begin, end) are relative to its start
#include "io/safetensors.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <set>

#include "core/utf8.h"
#include "io/safetensors_text.h"

namespace attnlab {

namespace {

using namespace safetensors_text;

// The reader parses into nlohmann::json (the instantiation the rest of the engine uses, which sorts
// keys) and keeps the header's key order itself, from the parser's callback; the writer
// (safetensors_write.cpp) uses ordered_json (the metadata first, the tensors in the order they are
// stored). The page's module has no writer, so it links one JSON instantiation, not two
// (docs/performance-downloads.md).
using HeaderJson = nlohmann::json;

// The reference implementation refuses larger headers too; real ones are a few MB at most.
constexpr uint64_t kMaxHeaderBytes = 100'000'000;

[[noreturn]] void fail(const std::string& what, const std::string& message) {
  throw FormatError(what + ": " + message);
}

std::string range_text(uint64_t begin, uint64_t end) {
  return "[" + std::to_string(begin) + "," + std::to_string(end) + "]";
}

// A short description of a JSON value for a message. Containers are never dumped whole: a hostile
// header may nest them deeply enough for a recursive dump to exhaust the stack.
template <typename Json>
std::string describe(const Json& value) {
  if (value.is_string()) {
    std::string text = value.template get_ref<const std::string&>();
    if (text.size() > 40) text = text.substr(0, 40) + "...";
    return "the string " + quote(text);
  }
  if (value.is_primitive()) return value.dump();
  const char* kind = value.is_object() ? "an object" : "a list";
  bool flat = value.size() <= 8;
  for (const auto& item : value) flat = flat && item.is_primitive() && !item.is_string();
  if (value.is_array() && flat) return value.dump();
  return std::string(kind) + " of " + std::to_string(value.size()) + (value.size() == 1 ? " item" : " items");
}

uint64_t load_u64_le(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

uint32_t load_u32_le(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

uint16_t load_u16_le(const uint8_t* p) { return uint16_t(p[0] | p[1] << 8); }

// One header entry after its checks: begin/end are relative to the data buffer.
struct Entry {
  std::string name;
  DType dtype = DType::F32;
  Shape shape;
  uint64_t numel = 0;
  uint64_t begin = 0, end = 0;
};

// Parses the header text, rejecting a key that appears twice in any object: a JSON parser would
// silently keep one of the two, and two tensors under one name is a malformed file.
HeaderJson parse_header(const uint8_t* text, size_t size, const std::string& what, std::vector<std::string>& top_keys) {
  std::vector<std::set<std::string>> keys_seen;  // one set per object being parsed
  std::string tensor;                            // top-level key being parsed
  std::string duplicate;                         // first problem found, reported after parsing
  HeaderJson::parser_callback_t check = [&](int, HeaderJson::parse_event_t event, HeaderJson& parsed) {
    using Event = HeaderJson::parse_event_t;
    if (event == Event::object_start) {
      keys_seen.emplace_back();
    } else if (event == Event::object_end) {
      if (!keys_seen.empty()) keys_seen.pop_back();
    } else if (event == Event::key && !keys_seen.empty()) {
      const std::string& key = parsed.get_ref<const std::string&>();
      const bool top = keys_seen.size() == 1;
      if (top) {
        tensor = key;
        top_keys.push_back(key);  // the header's order, which nlohmann::json does not keep
      }
      if (!keys_seen.back().insert(key).second && duplicate.empty()) {
        duplicate = top ? (key == kMetadataKey ? std::string("\"__metadata__\" appears twice")
                                               : tensor_label(key) + " appears twice")
                        : "key " + quote(key) + " appears twice inside the entry of " +
                              (tensor == kMetadataKey ? std::string("\"__metadata__\"") : tensor_label(tensor));
        duplicate += " in the header; every key must be unique";
      }
    }
    return true;
  };
  HeaderJson header;
  try {
    const char* begin = reinterpret_cast<const char*>(text);
    header = HeaderJson::parse(begin, begin + size, check);
  } catch (const nlohmann::json::exception& e) {  // parse_error, or out_of_range for 1e999
    std::string detail = e.what();
    const size_t bracket = detail.find("] ");
    if (bracket != std::string::npos) detail = detail.substr(bracket + 2);
    fail(what, "header is not valid JSON (" + detail + ")");
  }
  if (!duplicate.empty()) fail(what, duplicate);
  return header;
}

nlohmann::json check_metadata(const HeaderJson& value, const std::string& what) {
  if (!value.is_object()) {
    fail(what, "\"__metadata__\" must be an object of string -> string, got " + describe(value));
  }
  nlohmann::json metadata = nlohmann::json::object();
  for (const auto& item : value.items()) {
    if (!item.value().is_string()) {
      fail(what, "\"__metadata__\" key " + quote(item.key()) + " has value " + describe(item.value()) +
                     "; metadata values must be strings");
    }
    metadata[item.key()] = item.value().get<std::string>();
  }
  return metadata;
}

Entry check_entry(const std::string& name, const HeaderJson& value, uint64_t buffer_size, const std::string& what) {
  const std::string label = tensor_label(name);
  if (!value.is_object()) {
    fail(what, label + " must be an object with \"dtype\", \"shape\" and \"data_offsets\", got " + describe(value));
  }
  for (const auto& item : value.items()) {
    const std::string& key = item.key();
    if (key != "dtype" && key != "shape" && key != "data_offsets") {
      fail(what,
           label + " has unknown key " + quote(key) + "; expected only \"dtype\", \"shape\" and \"data_offsets\"");
    }
  }
  for (const char* key : {"dtype", "shape", "data_offsets"}) {
    if (!value.contains(key)) fail(what, label + " has no \"" + key + "\"");
  }

  Entry entry;
  entry.name = name;
  const HeaderJson& dtype = value["dtype"];
  if (!dtype.is_string()) {
    fail(what, label + " dtype must be a string such as \"F32\", got " + describe(dtype));
  }
  if (!parse_dtype(dtype.get_ref<const std::string&>(), &entry.dtype)) {
    fail(what, label + " has dtype " + quote(dtype.get_ref<const std::string&>()) +
                   "; supported dtypes are F32, F16, BF16, I8 and U8 (4-bit weights), the last two with a "
                   "per-row scale");
  }

  // numel and byte size are computed in u64 with explicit overflow checks: a shape such as
  // [2^40, 2^40] must not wrap around to a size that happens to match data_offsets.
  const HeaderJson& shape = value["shape"];
  if (!shape.is_array()) {
    fail(what, label + " shape must be a list of non-negative integers, got " + describe(shape));
  }
  uint64_t numel = 1;
  bool overflow = false, empty = false;
  for (const auto& dim : shape) {
    if (!dim.is_number_unsigned()) {
      fail(what, label + " shape must be a list of non-negative integers, got " + describe(dim) + " in it");
    }
    const uint64_t n = dim.get<uint64_t>();
    if (n > uint64_t(std::numeric_limits<int64_t>::max())) {
      fail(what, label + " shape dimension " + std::to_string(n) + " is too large");
    }
    entry.shape.push_back(int64_t(n));
    if (n == 0) empty = true;
    if (n != 0 && numel > std::numeric_limits<uint64_t>::max() / n) overflow = true;
    numel *= n;
  }
  const uint64_t element = dtype_size(entry.dtype);
  if (empty) {  // any zero dimension makes the tensor empty, whatever the other dimensions are
    numel = 0;
    overflow = false;
  }
  if (overflow || numel > std::numeric_limits<uint64_t>::max() / element) {
    fail(what, label + " shape " + shape_text(entry.shape) + " has more elements than any file can hold");
  }
  entry.numel = numel;
  const uint64_t bytes = numel * element;

  const HeaderJson& offsets = value["data_offsets"];
  if (!offsets.is_array() || offsets.size() != 2 || !offsets[0].is_number_unsigned() ||
      !offsets[1].is_number_unsigned()) {
    fail(what, label + " data_offsets must be two non-negative integers [begin, end], got " + describe(offsets));
  }
  entry.begin = offsets[0].get<uint64_t>();
  entry.end = offsets[1].get<uint64_t>();
  const std::string range = "data_offsets " + range_text(entry.begin, entry.end);
  if (entry.begin > entry.end) fail(what, label + " " + range + " decrease; begin must not exceed end");
  if (entry.end > buffer_size) {
    fail(what, label + " " + range + " reach past the end of the " + std::to_string(buffer_size) + "-byte data buffer");
  }
  if (entry.end - entry.begin != bytes) {
    fail(what, label + " " + range + " hold " + std::to_string(entry.end - entry.begin) + " bytes, but " +
                   dtype_file_name(entry.dtype) + " " + shape_text(entry.shape) + " needs " + std::to_string(bytes));
  }
  return entry;
}

// The tensors must tile the data buffer exactly: no byte shared by two tensors, no byte that
// belongs to none (the format forbids holes, and so does a loader that wants to be unsurprising).
void check_coverage(const std::vector<Entry>& entries, uint64_t buffer_size, const std::string& what) {
  std::vector<size_t> order(entries.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return entries[a].begin != entries[b].begin ? entries[a].begin < entries[b].begin : entries[a].end < entries[b].end;
  });
  uint64_t covered = 0;  // bytes [0, covered) belong to the tensors seen so far
  const Entry* previous = nullptr;
  for (size_t i : order) {
    const Entry& e = entries[i];
    const std::string range = "data_offsets " + range_text(e.begin, e.end);
    if (e.begin < covered) {
      fail(what, tensor_label(e.name) + " " + range + " overlap " + tensor_label(previous->name) + " data_offsets " +
                     range_text(previous->begin, previous->end) + "; tensors must not share bytes");
    }
    if (e.begin > covered) {
      fail(what, "bytes " + range_text(covered, e.begin) + " of the data buffer, " +
                     (previous ? "between " + tensor_label(previous->name) + " and " : std::string("before ")) +
                     tensor_label(e.name) + ", belong to no tensor; the buffer must have no holes");
    }
    covered = e.end;
    previous = &e;
  }
  if (covered != buffer_size) {
    fail(what, "bytes " + range_text(covered, buffer_size) + " at the end of the data buffer" +
                   (previous ? ", after " + tensor_label(previous->name) + "," : std::string()) +
                   " belong to no tensor; the buffer must have no holes");
  }
}

// The position of flat (row-major) index i in shape, for messages: 5 in [2,3] -> [1,2].
std::string index_text(uint64_t flat, const Shape& shape) {
  Shape index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    const uint64_t n = uint64_t(shape[d]);
    index[d] = int64_t(flat % n);
    flat /= n;
  }
  return shape_text(index);
}

// How a message names a quantized tensor's kind.
std::string quantized_label(DType dtype) { return dtype == DType::I4 ? "U8 (4-bit)" : "I8"; }

// scale_of: for the scales of an I8 or I4 tensor, that tensor's entry (the scales get their own checks).
TensorData decode(const Entry& e, const uint8_t* buffer, const std::string& what, const Entry* scale_of) {
  TensorData t;
  t.name = e.name;
  t.dtype = e.dtype;
  t.shape = e.shape;
  const uint8_t* p = buffer + e.begin;
  if (e.dtype == DType::I4) {
    // Two values a byte, low nibble first, each a two's-complement integer in [-8, 7]; check_quantized
    // made it 2-D. numel is the byte count, at most the file's size, so twice it fits size_t.
    t.shape[1] *= 2;
    t.values.resize(size_t(e.numel) * 2);
    for (size_t i = 0; i < size_t(e.numel); ++i) {
      t.values[2 * i] = float(int(p[i] & 0xF) - (p[i] & 0x8 ? 16 : 0));
      t.values[2 * i + 1] = float(int(p[i] >> 4) - (p[i] & 0x80 ? 16 : 0));
    }
    return t;
  }
  t.values.resize(size_t(e.numel));  // numel * dtype size == end - begin <= buffer size: fits size_t
  for (size_t i = 0; i < t.values.size(); ++i) {
    float v = 0.0f;
    switch (e.dtype) {
      case DType::F32: v = bits_to_float(load_u32_le(p + 4 * i)); break;
      case DType::F16: v = half_to_float(load_u16_le(p + 2 * i)); break;
      case DType::BF16: v = bfloat16_to_float(load_u16_le(p + 2 * i)); break;
      case DType::I8: v = float(int8_t(p[i])); break;
      case DType::I4: break;  // unpacked above
    }
    if (scale_of && !(std::isfinite(v) && v >= 0.0f)) {
      const std::string which = e.shape.size() == 2 ? "scale " + std::to_string(i % size_t(e.shape[1])) + " of row " +
                                                          std::to_string(i / size_t(e.shape[1]))
                                                    : "scale of row " + std::to_string(i);
      fail(what, tensor_label(e.name) + ", the " + which + " of " + quantized_label(scale_of->dtype) + " " +
                     tensor_label(scale_of->name) + ", is " + (std::isnan(v) ? "NaN" : float_text(v)) +
                     "; scales must be finite and not negative");
    }
    if (!std::isfinite(v)) {
      fail(what, tensor_label(e.name) + " holds " + (std::isnan(v) ? "NaN" : float_text(v)) + " at index " +
                     std::to_string(i) + " (" + index_text(i, e.shape) + " in " + shape_text(e.shape) +
                     "); weights must be finite");
    }
    t.values[i] = v;
  }
  return t;
}

// The quantized tensors' structure, checked before any value is read: each I8 or U8 (4-bit)
// tensor is 2-D and has a scale tensor of the right dtype and shape; a ".scale" tensor next to a
// tensor that is neither is refused (a writer that forgot to mark its tensor I8 would otherwise be
// read as bytes). Returns, per entry, the quantized entry it holds the scales of, or nullptr.
std::vector<const Entry*> check_quantized(const std::vector<Entry>& entries, const std::string& what) {
  std::map<std::string, size_t> by_name;
  for (size_t i = 0; i < entries.size(); ++i) by_name[entries[i].name] = i;
  std::vector<const Entry*> scale_of(entries.size(), nullptr);
  for (const Entry& e : entries) {
    if (e.dtype != DType::I8 && e.dtype != DType::I4) continue;
    const std::string kind = quantized_label(e.dtype);
    if (e.shape.size() != 2) {
      fail(what, tensor_label(e.name) + " is " + kind + " with shape " + shape_text(e.shape) + "; " +
                     (e.dtype == DType::I4 ? "U8 is read only as 4-bit 2-D weights" : "I8 is for 2-D weights") +
                     ", with one scale per row");
    }
    const std::string scale_name = i8_scale_name(e.name);
    const auto found = by_name.find(scale_name);
    if (found == by_name.end()) {
      fail(what, kind + " " + tensor_label(e.name) + " has no scale tensor " + quote(scale_name) + " (F16 or F32 [" +
                     std::to_string(e.shape[0]) + "], one scale per row)");
    }
    const Entry& s = entries[found->second];
    const std::string label = tensor_label(s.name) + " (the scales of " + kind + " " + tensor_label(e.name) + ")";
    if (s.dtype != DType::F16 && s.dtype != DType::F32) {
      fail(what, label + " has dtype " + dtype_file_name(s.dtype) + "; scales are F16 or F32");
    }
    // One scale per row, [R], or G per row, [R, G], each for C / G columns (G divides C; C counts
    // values, twice the U8 columns of a 4-bit tensor).
    const int64_t cols = e.dtype == DType::I4 ? e.shape[1] * 2 : e.shape[1];
    const bool per_row = s.shape == Shape{e.shape[0]};
    const bool per_group = s.shape.size() == 2 && s.shape[0] == e.shape[0] && s.shape[1] >= 1 &&
                           (cols == 0 ? s.shape[1] == 1 : cols % s.shape[1] == 0);
    if (!per_row && !per_group) {
      fail(what, label + " has shape " + shape_text(s.shape) + ", but " + shape_text(e.shape) + " (" +
                     std::to_string(cols) + " values a row) needs one scale per row, [" + std::to_string(e.shape[0]) +
                     "], or one per group of columns, [" + std::to_string(e.shape[0]) + ", G] with G dividing " +
                     std::to_string(cols));
    }
    scale_of[found->second] = &e;
  }
  const std::string suffix = i8_scale_name("");
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string& name = entries[i].name;
    if (scale_of[i] || name.size() <= suffix.size() ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
      continue;
    // A tensor "x.scale" without a tensor "x" is an ordinary tensor (a module's parameter "scale").
    const auto base = by_name.find(name.substr(0, name.size() - suffix.size()));
    if (base != by_name.end()) {
      fail(what, tensor_label(name) + " is named as the scales of " + tensor_label(base->first) + ", which is " +
                     dtype_name(entries[base->second].dtype) + ", not I8 or U8 (4-bit)");
    }
  }
  return scale_of;
}

}  // namespace

const TensorData* SafetensorsFile::find(const std::string& name) const {
  for (const TensorData& t : tensors) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

SafetensorsFile read_safetensors(const uint8_t* data, size_t size, const std::string& what) {
  if (size == 0 || data == nullptr) fail(what, "file is empty; expected at least an 8-byte header length");
  if (size < 8) {
    fail(what, "file is " + std::to_string(size) +
                   " bytes long, shorter than the 8-byte header length that starts every file");
  }
  const uint64_t header_size = load_u64_le(data);
  if (header_size > kMaxHeaderBytes) {
    fail(what, "header length " + std::to_string(header_size) + " is larger than the limit of " +
                   std::to_string(kMaxHeaderBytes) + " bytes");
  }
  if (header_size > size - 8) {
    fail(what, "header length " + std::to_string(header_size) + " is larger than the " + std::to_string(size - 8) +
                   " bytes that follow it in the file");
  }
  if (header_size == 0) fail(what, "header length is 0; expected a JSON object");
  const uint8_t* header_text = data + 8;
  const size_t bad_byte = utf8_error_offset(header_text, size_t(header_size));
  if (bad_byte != header_size) {
    fail(what, "header is not valid UTF-8 (byte " + std::to_string(bad_byte) + " of the header)");
  }
  if (header_text[0] != '{') {
    fail(what, "header must be a JSON object starting with \"{\" (no leading spaces), got \"" +
                   std::string(1, char(header_text[0])) + "\"");
  }

  std::vector<std::string> keys;  // top-level keys in the header's order
  const HeaderJson header = parse_header(header_text, size_t(header_size), what, keys);
  if (!header.is_object()) fail(what, "header must be a JSON object, got " + describe(header));

  const uint8_t* buffer = header_text + header_size;
  const uint64_t buffer_size = size - 8 - header_size;
  SafetensorsFile file;
  std::vector<Entry> entries;
  for (const std::string& key : keys) {  // each once: a key seen twice was refused by parse_header
    if (key == kMetadataKey) {
      file.metadata = check_metadata(header.at(key), what);
    } else {
      entries.push_back(check_entry(key, header.at(key), buffer_size, what));
    }
  }
  check_coverage(entries, buffer_size, what);
  const std::vector<const Entry*> scale_of = check_quantized(entries, what);
  std::map<std::string, size_t> decoded;             // name -> index in file.tensors
  std::map<std::string, std::vector<float>> scales;  // by the name of the I8 / I4 tensor they scale
  file.tensors.reserve(entries.size());
  for (size_t i = 0; i < entries.size(); ++i) {
    TensorData t = decode(entries[i], buffer, what, scale_of[i]);
    if (scale_of[i]) {
      scales[scale_of[i]->name] = std::move(t.values);
    } else {
      decoded[t.name] = file.tensors.size();
      file.tensors.push_back(std::move(t));
    }
  }
  // W[r][c] = q[r][c] * scale[r] (per row) or scale[r][c / group] (check_quantized checked the
  // shapes); the scales are consumed, so the caller sees W alone, with its group.
  for (const auto& [name, scale] : scales) {
    TensorData& w = file.tensors[decoded.at(name)];
    const size_t rows = size_t(w.shape[0]), cols = size_t(w.shape[1]);
    const size_t groups = rows > 0 ? scale.size() / rows : 1;
    const size_t group = groups > 0 && cols > 0 ? cols / groups : 0;
    if (groups > 1) w.group = int64_t(group);
    for (size_t r = 0; r < rows; ++r)
      for (size_t c = 0; c < cols; ++c) w.values[r * cols + c] *= scale[r * groups + c / group];
  }
  return file;
}

SafetensorsFile read_safetensors_file(const std::string& path) {
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) fail(path, std::string("cannot open file (") + std::strerror(errno) + ")");
  std::vector<uint8_t> bytes;
  uint8_t chunk[1 << 16];
  size_t n = 0;
  while ((n = std::fread(chunk, 1, sizeof chunk, f.get())) > 0) bytes.insert(bytes.end(), chunk, chunk + n);
  if (std::ferror(f.get())) fail(path, std::string("cannot read file (") + std::strerror(errno) + ")");
  return read_safetensors(bytes.data(), bytes.size(), path);
}

}  // namespace attnlab
