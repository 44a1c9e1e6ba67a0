// The safetensors reader (io/safetensors.h) on any bytes: it must refuse with a FormatError or
// return tensors whose values match their shapes; whatever it accepts, the writer writes again and
// the reader reads back to the same values (the writer's promise: its output is always readable).
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "io/safetensors.h"

using namespace attnlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  SafetensorsFile file;
  try {
    file = read_safetensors(data, size, "fuzz.safetensors");
  } catch (const FormatError&) {
    return 0;
  }
  bool finite = true;
  for (const TensorData& t : file.tensors) {
    size_t n = 1;
    for (int64_t d : t.shape) n *= static_cast<size_t>(d);
    if (n != t.values.size()) {
      std::fprintf(stderr, "tensor %s: %zu values for its shape's %zu\n", t.name.c_str(), t.values.size(), n);
      std::abort();
    }
    for (float v : t.values) finite = finite && std::isfinite(v);
  }
  if (!finite) return 0;  // the writer refuses non-finite values (documented)
  std::vector<uint8_t> bytes;
  try {
    bytes = write_safetensors(file.tensors, DType::F32, file.metadata);
  } catch (const std::invalid_argument&) {
    return 0;  // a name or metadata the writer refuses (documented)
  }
  const SafetensorsFile again = read_safetensors(bytes.data(), bytes.size(), "rewritten.safetensors");
  if (again.tensors.size() != file.tensors.size()) std::abort();
  for (size_t i = 0; i < file.tensors.size(); ++i)
    if (again.tensors[i].name != file.tensors[i].name || again.tensors[i].shape != file.tensors[i].shape ||
        again.tensors[i].values != file.tensors[i].values) {
      std::fprintf(stderr, "tensor %s changed in a write and read\n", file.tensors[i].name.c_str());
      std::abort();
    }
  return 0;
}
