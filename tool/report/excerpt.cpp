#include "report/excerpt.h"

#include <fstream>

#include "util/source_text.h"

namespace archscan {

std::string sourceExcerpt(const std::string& path, int first, int last, int cap) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::string line, out;
  int n = 0;
  if (last - first + 1 > cap) last = first + cap - 1;
  while (std::getline(in, line)) {
    ++n;
    if (n < first) continue;
    if (n > last) break;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    out += line + "\n";
  }
  // A Latin-1 comment beside a site must not make the page or the JSON invalid UTF-8.
  return displayText(out);
}

}  // namespace archscan
