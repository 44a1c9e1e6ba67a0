// The safetensors writer (docs/weights-format.md): a header in ordered JSON (the metadata first, the
// tensors in the order they are stored) and the data buffer. The reader is safetensors.cpp; the
// page's WebAssembly, which only reads, does not link this file.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

#include "io/safetensors.h"
#include "io/safetensors_text.h"

namespace attnlab {

namespace {

using namespace safetensors_text;
using OrderedJson = nlohmann::ordered_json;

// numel of a tensor handed to the writer, refusing shapes whose byte size would overflow.
uint64_t checked_numel(const TensorData& t) {
  for (int64_t d : t.shape) {
    if (d < 0) {
      throw std::invalid_argument("safetensors: " + tensor_label(t.name) + " has negative shape " +
                                  shape_text(t.shape));
    }
    if (d == 0) return 0;
  }
  uint64_t numel = 1;
  for (int64_t d : t.shape) {
    if (numel > std::numeric_limits<uint64_t>::max() / 8 / uint64_t(d)) {
      throw std::invalid_argument("safetensors: " + tensor_label(t.name) + " shape " + shape_text(t.shape) +
                                  " is too large");
    }
    numel *= uint64_t(d);
  }
  return numel;
}

// as_given: every tensor stored as its own dtype; otherwise as dtype (I8, I4: 2-D tensors, the rest
// F16; stored_dtype).
std::vector<uint8_t> write_tensors(const std::vector<TensorData>& tensors, DType dtype, bool as_given,
                                   const nlohmann::json& metadata) {
  if (!metadata.is_object()) {
    throw std::invalid_argument("safetensors: metadata must be an object of string -> string");
  }
  OrderedJson header = OrderedJson::object();
  if (!metadata.empty()) {
    OrderedJson meta = OrderedJson::object();
    for (const auto& item : metadata.items()) {
      if (!item.value().is_string()) {
        throw std::invalid_argument("safetensors: metadata key " + quote(item.key()) + " must have a string value");
      }
      meta[item.key()] = item.value().get<std::string>();
    }
    header[kMetadataKey] = meta;  // first, as the reference writer puts it
  }

  // What goes into the file, in order: with I8 or I4, a 2-D tensor becomes its bytes and its scales.
  struct Stored {
    std::string name;
    DType dtype;
    Shape shape;
    std::vector<uint8_t> bytes;
  };
  std::vector<Stored> stored;
  std::set<std::string> names;
  for (const TensorData& t : tensors) {
    if (t.name == kMetadataKey) {
      throw std::invalid_argument("safetensors: \"__metadata__\" is reserved and cannot name a tensor");
    }
    if (!names.insert(t.name).second) {
      throw std::invalid_argument("safetensors: " + tensor_label(t.name) + " is given twice");
    }
    const uint64_t numel = checked_numel(t);
    if (numel != t.values.size()) {
      throw std::invalid_argument("safetensors: " + tensor_label(t.name) + " has " + std::to_string(t.values.size()) +
                                  " values but shape " + shape_text(t.shape) + " needs " + std::to_string(numel));
    }
    for (size_t i = 0; i < t.values.size(); ++i) {
      if (!std::isfinite(t.values[i])) {
        throw std::invalid_argument("safetensors: " + tensor_label(t.name) + " value " + float_text(t.values[i]) +
                                    " at index " + std::to_string(i) + " is not finite");
      }
    }
    const auto encode = [&](const std::string& name, const std::vector<float>& values, DType as, const Shape& shape) {
      Stored out{name, as, shape, {}};
      out.bytes.reserve(values.size() * dtype_size(as));
      for (size_t i = 0; i < values.size(); ++i) {
        const float v = values[i];
        if (as == DType::F32) {
          const uint32_t bits = float_to_bits(v);
          for (int b = 0; b < 4; ++b) out.bytes.push_back(uint8_t(bits >> (8 * b)));
          continue;
        }
        const uint16_t bits = as == DType::F16 ? float_to_half(v) : float_to_bfloat16(v);
        const bool finite = as == DType::F16 ? (bits & 0x7C00) != 0x7C00 : (bits & 0x7F80) != 0x7F80;
        if (!finite) {
          throw std::invalid_argument("safetensors: " + tensor_label(name) + " value " + float_text(v) + " at index " +
                                      std::to_string(i) + " is too large for " + dtype_name(as));
        }
        out.bytes.push_back(uint8_t(bits));
        out.bytes.push_back(uint8_t(bits >> 8));
      }
      return out;
    };
    const bool quantized = t.dtype == DType::I8 || t.dtype == DType::I4;
    if (as_given && quantized && t.shape.size() != 2) {
      throw std::invalid_argument("safetensors: " + tensor_label(t.name) + " has shape " + shape_text(t.shape) + "; " +
                                  dtype_name(t.dtype) + " is for 2-D weights");
    }
    const DType as = stored_dtype(as_given ? t.dtype : dtype, t.shape);
    if (as != DType::I8 && as != DType::I4) {
      stored.push_back(encode(t.name, t.values, as, t.shape));
    } else {
      // I8: a byte per value; I4: two values a byte, column 2k in the low nibble (docs/weights-format.md).
      // Each group of columns (the whole row unless t.group says otherwise) gets its own scale.
      const size_t rows = size_t(t.shape[0]), cols = size_t(t.shape[1]);
      const bool four = as == DType::I4;
      const size_t group = t.group > 0 ? size_t(t.group) : cols;
      if (cols > 0 && cols % group != 0) {
        throw std::invalid_argument("safetensors: " + tensor_label(t.name) + " has " + std::to_string(cols) +
                                    " columns, which groups of " + std::to_string(group) +
                                    " columns (one scale each) do not divide");
      }
      const size_t groups = cols > 0 ? cols / group : 1;
      Stored q{t.name, as, four ? Shape{t.shape[0], t.shape[1] / 2} : t.shape, {}};
      q.bytes.reserve(four ? rows * cols / 2 : rows * cols);
      std::vector<float> scales(rows * groups);
      std::vector<int8_t> row_q(cols);
      for (size_t r = 0; r < rows; ++r) {
        for (size_t g = 0; g < groups && cols > 0; ++g) {
          I8Row part;
          try {
            const float* first = t.values.data() + r * cols + g * group;
            part = four ? quantize_row_i4(first, group) : quantize_row_i8(first, group);
          } catch (const std::invalid_argument& e) {
            throw std::invalid_argument("safetensors: " + tensor_label(t.name) + " row " + std::to_string(r) + ": " +
                                        e.what());
          }
          scales[r * groups + g] = part.scale;
          std::copy(part.q.begin(), part.q.end(), row_q.begin() + std::ptrdiff_t(g * group));
        }
        if (four) {
          for (size_t c = 0; c < cols; c += 2) q.bytes.push_back(uint8_t((row_q[c] & 0xF) | (row_q[c + 1] & 0xF) << 4));
        } else {
          for (int8_t v : row_q) q.bytes.push_back(uint8_t(v));
        }
      }
      stored.push_back(std::move(q));
      stored.push_back(encode(i8_scale_name(t.name), scales, DType::F16,
                              groups == 1 ? Shape{t.shape[0]} : Shape{t.shape[0], int64_t(groups)}));
    }
  }
  // The reader's rule for "W.scale" (check_quantized): it is the scales of W if W is I8 or I4, and
  // refused if W is anything else; a tensor given under such a scale name would be ambiguous.
  const std::string suffix = i8_scale_name("");
  std::map<std::string, DType> dtype_of;
  for (const Stored& s : stored) {
    if (!dtype_of.emplace(s.name, s.dtype).second) {
      throw std::invalid_argument("safetensors: " + tensor_label(s.name) +
                                  " is given, but with I8 or I4 it names the scales of tensor " +
                                  quote(s.name.substr(0, s.name.size() - suffix.size())));
    }
  }
  for (const Stored& s : stored) {
    if (s.name.size() <= suffix.size() || s.name.compare(s.name.size() - suffix.size(), suffix.size(), suffix) != 0)
      continue;
    const auto base = dtype_of.find(s.name.substr(0, s.name.size() - suffix.size()));
    if (base != dtype_of.end() && base->second != DType::I8 && base->second != DType::I4) {
      throw std::invalid_argument("safetensors: " + tensor_label(s.name) + " would read as the scales of " +
                                  tensor_label(base->first) + ", which is stored as " + dtype_name(base->second));
    }
  }

  uint64_t offset = 0;
  for (const Stored& s : stored) {
    OrderedJson entry = OrderedJson::object();
    entry["dtype"] = dtype_file_name(s.dtype);
    entry["shape"] = s.shape;
    entry["data_offsets"] = {offset, offset + s.bytes.size()};
    header[s.name] = entry;
    offset += s.bytes.size();
  }

  std::string text;
  try {
    text = header.dump();
  } catch (const nlohmann::json::type_error&) {
    throw std::invalid_argument("safetensors: a tensor name or metadata string is not valid UTF-8");
  }
  text.append((8 - text.size() % 8) % 8, ' ');  // 8 + N stays a multiple of 8: aligned data

  std::vector<uint8_t> out;
  out.reserve(8 + text.size() + size_t(offset));
  const uint64_t n = text.size();
  for (int i = 0; i < 8; ++i) out.push_back(uint8_t(n >> (8 * i)));
  out.insert(out.end(), text.begin(), text.end());
  for (const Stored& s : stored) out.insert(out.end(), s.bytes.begin(), s.bytes.end());
  return out;
}

}  // namespace

std::vector<uint8_t> write_safetensors(const std::vector<TensorData>& tensors, DType dtype,
                                       const nlohmann::json& metadata) {
  return write_tensors(tensors, dtype, false, metadata);
}

std::vector<uint8_t> write_safetensors_as_given(const std::vector<TensorData>& tensors,
                                                const nlohmann::json& metadata) {
  return write_tensors(tensors, DType::F32, true, metadata);
}

void write_bytes_file(const std::string& path, const std::vector<uint8_t>& bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw std::runtime_error(path + ": cannot create file (" + std::strerror(errno) + ")");
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  const int saved_errno = errno;
  const bool closed = std::fclose(f) == 0;
  if (!written || !closed) {
    throw std::runtime_error(path + ": cannot write file (" + std::strerror(written ? errno : saved_errno) + ")");
  }
}

void write_safetensors_file(const std::string& path, const std::vector<TensorData>& tensors, DType dtype,
                            const nlohmann::json& metadata) {
  write_bytes_file(path, write_safetensors(tensors, dtype, metadata));
}

}  // namespace attnlab
