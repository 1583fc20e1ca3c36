// libFuzzer target: the arch parser is total on what a user may type, and the
// name of an arch it accepts parses again.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "arch/parse.h"
#include "knowledge/knowledge.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const archscan::Knowledge k = archscan::builtinKnowledge();
  std::string_view text(reinterpret_cast<const char*>(data), size);
  archscan::splitArchText(text);
  if (auto a = archscan::tryParseUserArch(text, k.archs); a && !a->major_only) {
    auto again = archscan::tryParseUserArch(a->name(), k.archs);
    if (!again) std::abort();
  }
  return 0;
}
