// Text typed into the page on every model kind (Session.forward, forwardForced, importance): the
// input's first byte chooses the model (fuzz::small_models), the next two the importance's row and
// word; the rest is the text, kSeparator, the forced target.
#include "fuzz_common.h"

using namespace attnlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const std::vector<fuzz::FuzzModel>& models = fuzz::small_models();
  const fuzz::FuzzModel& m = models[data[0] % models.size()];
  const int row = static_cast<int8_t>(data[1]);
  const int word = data[2];
  const std::vector<std::string> parts = fuzz::split_input(data + 3, size - 3, 2);
  fuzz::exercise(m, parts[0], parts[1], nullptr, row, word);
  return 0;
}
