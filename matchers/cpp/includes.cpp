#include "includes.h"

namespace archscan::cpp {

std::vector<std::string> includedPaths(std::string_view text) {
  std::vector<std::string> out;
  size_t pos = 0;
  auto blank = [&](size_t i) { return i < text.size() && (text[i] == ' ' || text[i] == '\t'); };
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    size_t i = pos;
    pos = end + 1;
    while (blank(i)) ++i;
    if (i >= end || text[i] != '#') continue;
    ++i;
    while (blank(i)) ++i;
    if (text.compare(i, 7, "include") != 0) continue;
    i += 7;
    while (blank(i)) ++i;
    if (i >= end || (text[i] != '"' && text[i] != '<')) continue;
    char close = text[i] == '"' ? '"' : '>';
    size_t stop = text.find(close, i + 1);
    if (stop == std::string_view::npos || stop > end || stop == i + 1) continue;
    out.emplace_back(text.substr(i + 1, stop - i - 1));
  }
  return out;
}

}  // namespace archscan::cpp
