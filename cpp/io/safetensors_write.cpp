// The safetensors writer (docs/weights-format.md): a header in ordered JSON (the metadata first, the
// tensors in the order they are stored) and the data buffer. The reader is safetensors.cpp; the
// page's WebAssembly, which only reads, does not link this file.
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

// as_given: every tensor stored as its own dtype; otherwise as dtype (I8: 2-D tensors, the rest F16).
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

  // What goes into the file, in order: with I8, a 2-D tensor becomes its bytes and its scales.
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
    const DType as = as_given ? t.dtype : dtype == DType::I8 && t.shape.size() != 2 ? DType::F16 : dtype;
    if (as != DType::I8) {
      stored.push_back(encode(t.name, t.values, as, t.shape));
    } else if (t.shape.size() != 2) {
      throw std::invalid_argument("safetensors: " + tensor_label(t.name) + " has shape " + shape_text(t.shape) +
                                  "; I8 is for 2-D weights");
    } else {
      const size_t rows = size_t(t.shape[0]), cols = size_t(t.shape[1]);
      Stored q{t.name, DType::I8, t.shape, {}};
      q.bytes.reserve(rows * cols);
      std::vector<float> scales(rows);
      for (size_t r = 0; r < rows; ++r) {
        I8Row row;
        try {
          row = quantize_row_i8(t.values.data() + r * cols, cols);
        } catch (const std::invalid_argument& e) {
          throw std::invalid_argument("safetensors: " + tensor_label(t.name) + " row " + std::to_string(r) + ": " +
                                      e.what());
        }
        scales[r] = row.scale;
        for (int8_t v : row.q) q.bytes.push_back(uint8_t(v));
      }
      stored.push_back(std::move(q));
      stored.push_back(encode(i8_scale_name(t.name), scales, DType::F16, Shape{t.shape[0]}));
    }
  }
  // The reader's rule for "W.scale" (check_i8): it is the scales of W if W is I8, and refused if W
  // is anything else; a tensor given under an I8 tensor's scale name would be ambiguous.
  const std::string suffix = i8_scale_name("");
  std::map<std::string, DType> stored_dtype;
  for (const Stored& s : stored) {
    if (!stored_dtype.emplace(s.name, s.dtype).second) {
      throw std::invalid_argument("safetensors: " + tensor_label(s.name) +
                                  " is given, but with I8 it names the scales of tensor " +
                                  quote(s.name.substr(0, s.name.size() - suffix.size())));
    }
  }
  for (const Stored& s : stored) {
    if (s.name.size() <= suffix.size() || s.name.compare(s.name.size() - suffix.size(), suffix.size(), suffix) != 0)
      continue;
    const auto base = stored_dtype.find(s.name.substr(0, s.name.size() - suffix.size()));
    if (base != stored_dtype.end() && base->second != DType::I8) {
      throw std::invalid_argument("safetensors: " + tensor_label(s.name) + " would read as the scales of " +
                                  tensor_label(base->first) + ", which is stored as " + dtype_name(base->second));
    }
  }

  uint64_t offset = 0;
  for (const Stored& s : stored) {
    OrderedJson entry = OrderedJson::object();
    entry["dtype"] = dtype_name(s.dtype);
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
