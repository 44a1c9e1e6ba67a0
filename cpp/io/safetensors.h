// Reading and writing safetensors files (https://github.com/huggingface/safetensors), the format
// every AttnLab model folder stores its weights in. See docs/weights-format.md.
//
// The reader treats the bytes as hostile: every number in the header is checked against the file
// before it is used, and any problem is a FormatError that names the file, the tensor and what was
// expected. It never returns a partial result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/types.h"

namespace attnlab {

// Element types the engine reads and writes. Every value is held as float in memory; F16 and BF16
// exist so that a model folder can be half the size, I8 so that it can be a quarter.
//
// I8 is 8-bit weights (docs/weights-format.md, "8-bit weights"): a 2-D tensor W (R, C) stored as
// signed bytes q under its own name plus one scale per row under the name "W.scale" (F16 or F32,
// shape [R]); W[r][c] = q[r][c] * scale[r]. The reader dequantizes on load and returns W alone; the
// writer, given I8, stores every 2-D tensor that way and every other tensor (biases, norms) as F16.
//
// I4 is 4-bit weights (docs/weights-format.md, "4-bit weights"): safetensors has no 4-bit integer
// dtype, so a 2-D tensor W (R, C) with C even is stored as U8 [R, C / 2] under its own name, two
// values a byte (column 2k in the low nibble, 2k + 1 in the high one, each a two's-complement
// integer in [-8, 7]), with its per-row scales in "W.scale" as for I8. A U8 tensor is read only so.
// The writer stores a 2-D weight with an odd number of columns, given I4, as I8 (stored_dtype).
//
// Group scales (docs/weights-format.md, "Scales per group"): instead of one scale per row, an I8 or
// I4 tensor may have G scales per row, "W.scale" of shape [R, G] with G dividing C; scale[r][g]
// covers the C / G columns g * C / G ... (g + 1) * C / G - 1 of row r. A row that mixes a few large
// values with many small ones then loses less to rounding: 4 bits with a scale per 32 columns keep
// what a scale per row cannot (docs/models.md, "4-bit tables with a scale per 32 weights").
enum class DType { F32, F16, BF16, I8, I4 };

const char* dtype_name(DType dtype);  // "F32", "F16", "BF16", "I8", "I4" (stored as "U8" in the header)
size_t dtype_size(DType dtype);       // bytes per stored element: 4, 2, 2, 1, 1 (I4: a byte holds two)
// Reads "F32", "F16" or "BF16" (also lower case); throws std::invalid_argument naming the choices.
// I8 is refused: 8-bit weights need a per-row scale, which write_safetensors(..., DType::I8) picks.
DType dtype_from_name(const std::string& name);
// The value a float becomes when stored as dtype and read back (round to nearest, ties to even).
// I8 depends on the whole row: use quantize_row_i8.
float round_to_dtype(float value, DType dtype);

// The companion tensor that holds the per-row scales of an I8 tensor: name + ".scale". A PyTorch
// state_dict can never hold both: "W.scale" would make the tensor W a module.
std::string i8_scale_name(const std::string& name);

// One row of an I8 tensor, as the writer makes it: the scale is the smallest binary16 value s with
// max|row| / s <= 127 (0 for a row of zeros), and q = round(row / s). Every value read back,
// q * s, is within s / 2 of the original.
struct I8Row {
  float scale = 0;        // exactly representable in binary16
  std::vector<int8_t> q;  // in [-127, 127]
};
I8Row quantize_row_i8(const float* row, size_t n);
// The same in 4 bits: the smallest binary16 s with max|row| / s <= 7, q = round(row / s) in [-7, 7].
I8Row quantize_row_i4(const float* row, size_t n);

// How the writer stores a tensor of this shape when asked for dtype: I8 and I4 are for 2-D
// weights (anything else F16), and I4 packs two columns a byte (an odd number of columns: I8).
// Quantization-aware training (train/loop.h) rounds by the same rule.
DType stored_dtype(DType dtype, const Shape& shape);
// The same for a file that keeps the tensors named in i4 in 4 bits and the rest as dtype (I8+I4).
DType stored_dtype(DType dtype, const Shape& shape, const std::vector<std::string>& i4, const std::string& name);

struct TensorData {
  std::string name;           // PyTorch state_dict name, e.g. "encoder.weight_ih_l0"
  DType dtype = DType::F32;   // how it is stored in the file (I8, I4: dequantized with its scales)
  Shape shape;                // PyTorch shape ({} a scalar, {n} a bias); I4: [R, C], not the U8 [R, C / 2]
  std::vector<float> values;  // numel(shape) values, row-major (C order), converted to float on read
  // I8, I4: the columns that share one scale, dividing shape[1]; 0 (or shape[1]) one scale per row.
  // The reader sets it from the scales' shape; the writer refuses a group that does not divide.
  int64_t group = 0;
};

struct SafetensorsFile {
  std::vector<TensorData> tensors;                     // in the order of the file's header
  nlohmann::json metadata = nlohmann::json::object();  // "__metadata__": string -> string

  // The tensor called name, or nullptr.
  const TensorData* find(const std::string& name) const;
};

// A file that is not a valid safetensors file (or cannot be read at all).
class FormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses and checks size bytes. what names the file in error messages ("model.safetensors").
// Throws FormatError on the first problem found.
SafetensorsFile read_safetensors(const uint8_t* data, size_t size, const std::string& what);

// Reads path and parses it; a missing or unreadable file is a FormatError as well.
SafetensorsFile read_safetensors_file(const std::string& path);

// Serializes tensors in the given order, every one stored as dtype, with an 8-byte aligned header
// padded with spaces and a byte buffer that the tensors cover without gaps. With DType::I8 every
// 2-D tensor is stored as I8, followed by its F16 scales ("W.scale"), and every other tensor as
// F16. The result is always a file read_safetensors accepts: throws std::invalid_argument for a
// tensor whose values do not match its shape, a duplicate or reserved name (with I8, also a name
// that is another tensor's scale name), a value that is not finite (or not representable in
// dtype), or metadata that is not a string -> string object.
std::vector<uint8_t> write_safetensors(const std::vector<TensorData>& tensors, DType dtype,
                                       const nlohmann::json& metadata = nlohmann::json::object());

// The same, but every tensor stored as its own TensorData::dtype (I8 and I4 only for 2-D tensors,
// with their F16 scales; I4 with an odd number of columns as I8): a file that keeps some weights in
// F16 and stores others in 8 or 4 bits. With DType::I4 above, every 2-D tensor is I4 (stored_dtype).
std::vector<uint8_t> write_safetensors_as_given(const std::vector<TensorData>& tensors,
                                                const nlohmann::json& metadata = nlohmann::json::object());

// Writes bytes to path; throws std::runtime_error when the file cannot be written.
void write_bytes_file(const std::string& path, const std::vector<uint8_t>& bytes);

// write_safetensors to path; throws std::runtime_error when the file cannot be written.
void write_safetensors_file(const std::string& path, const std::vector<TensorData>& tensors, DType dtype,
                            const nlohmann::json& metadata = nlohmann::json::object());

// IEEE 754 binary16 <-> binary32. float_to_half rounds to nearest, ties to even; values too large
// for binary16 become infinity, values too small become (signed) zero or subnormals, and NaN stays
// a (quiet) NaN of the same sign.
float half_to_float(uint16_t bits);
uint16_t float_to_half(float value);

// bfloat16 (the top 16 bits of a binary32) <-> binary32, rounding to nearest, ties to even.
float bfloat16_to_float(uint16_t bits);
uint16_t float_to_bfloat16(float value);

}  // namespace attnlab
