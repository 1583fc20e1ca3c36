// libFuzzer target: the shell lexer reads any bytes without crashing (an
// unterminated quote or substitution is an error it reports), and every word,
// byte offset and reference it gives lies inside the input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "shell/shell_lexer.h"

namespace {

void checkSlice(const archscan::shell::Slice& s, size_t size) {
  if (s.at.size() != s.text.size() || s.quoted.size() != s.text.size()) std::abort();
  for (uint32_t a : s.at)
    if (a >= size) std::abort();
  for (const auto& r : s.refs) {
    if (r.begin > r.end || r.end > s.text.size()) std::abort();
    if (r.has_default && (r.default_begin > r.default_end || r.default_end > s.text.size())) std::abort();
  }
  if (!s.text.empty())
    if (auto range = s.range(0, s.text.size()); range && (range->begin > range->end || range->end > size)) std::abort();
}

void checkWord(const archscan::shell::Word& w, size_t size) {
  if (w.begin > w.end || w.end > size || w.line < 1) std::abort();
  checkSlice(w.value, size);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view src(reinterpret_cast<const char*>(data), size);
  archscan::shell::ShellLex lex = archscan::shell::lexShell(src);
  for (const auto& t : lex.tokens)
    if (!t.op) checkWord(t.word, size);
  for (const auto& c : lex.commands) {
    for (const auto& w : c.words) {
      checkWord(w, size);
      for (bool argument : {false, true})
        if (auto a = archscan::shell::splitAssignment(w, argument)) checkSlice(a->value, size);
    }
    for (const auto& a : archscan::shell::assignments(c)) {
      if (a.begin > a.end || a.end > size) std::abort();
      checkSlice(a.value, size);
    }
  }
  std::vector<std::pair<int, std::string>> errors;
  for (bool whole : {false, true})
    for (const auto& w : archscan::shell::lexWords(src, 0, static_cast<uint32_t>(size), 1, whole, errors))
      checkWord(w, size);
  return 0;
}
