// libFuzzer target: the C++ raw lexer is total; tokens are in order, inside
// the input, and bracket matching stays in range.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "cpp/raw_lexer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto tokens = archscan::cpp::lexCpp(text);
  uint32_t last = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const auto& t = tokens[i];
    if (t.begin < last || t.begin > t.end || t.end > size) std::abort();
    last = t.end;
    if (t.kind == archscan::cpp::Tok::Number) archscan::cpp::integerValue(archscan::cpp::spell(text, t));
    auto s = archscan::cpp::spell(text, t);
    if (s == "(" || s == "[" || s == "{") {
      size_t close = archscan::cpp::matchingToken(text, tokens, i);
      if (close != tokens.size() && close <= i) std::abort();
    }
  }
  return 0;
}
