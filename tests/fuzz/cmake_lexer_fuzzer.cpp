// libFuzzer target: the CMake lexer must be total (no crash, no hang, no
// out-of-range access) on any bytes, and every argument range it reports
// must lie inside the input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "cmake/lexer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto result = archscan::cmake::lex(text);
  for (const auto& c : result.commands) {
    if (c.begin > c.end || c.end > size) std::abort();
    for (const auto& a : c.args) {
      if (a.begin > a.end || a.end > size || a.content > a.end) std::abort();
    }
  }
  return 0;
}
