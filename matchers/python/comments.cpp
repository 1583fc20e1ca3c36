#include "comments.h"

namespace archscan::py {
namespace {

// Where the string opening at `at` ends (one past its closing quote), or
// the line's end for a one-line string left open.
size_t stringEnd(std::string_view s, size_t at) {
  char q = s[at];
  bool triple = s.compare(at, 3, std::string(3, q)) == 0;
  size_t j = at + (triple ? 3 : 1);
  while (j < s.size()) {
    if (s[j] == '\\') {  // escapes the next character, also in raw strings
      j += 2;
      continue;
    }
    if (!triple && s[j] == '\n') return j;
    if (s[j] == q && (!triple || s.compare(j, 3, std::string(3, q)) == 0)) return j + (triple ? 3 : 1);
    ++j;
  }
  return s.size();
}

}  // namespace

std::string withoutComments(std::string_view source) {
  std::string out(source);
  size_t i = 0;
  while (i < out.size()) {
    char c = out[i];
    if (c == '"' || c == '\'') {
      i = stringEnd(out, i);
    } else if (c == '#') {
      size_t end = out.find('\n', i);
      if (end == std::string::npos) end = out.size();
      if (std::string_view(out).substr(i, end - i).find("archscan") == std::string_view::npos)
        for (size_t k = i; k < end; ++k) out[k] = ' ';
      i = end;
    } else {
      ++i;
    }
  }
  return out;
}

}  // namespace archscan::py
