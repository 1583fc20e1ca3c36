#include "extract/suppressions.h"

#include <map>
#include <sstream>

namespace archscan {

void applySuppressions(const std::string& source, const std::string& lead, std::vector<Site>& sites) {
  std::map<int, std::vector<std::string>> byLine;
  const std::string marker = "archscan: ignore";
  int line = 1;
  size_t start = 0;
  while (start <= source.size()) {
    size_t end = source.find('\n', start);
    if (end == std::string::npos) end = source.size();
    std::string_view text(source.data() + start, end - start);
    size_t c = text.find(lead);
    size_t m = c == std::string_view::npos ? c : text.find(marker, c);
    if (m != std::string_view::npos) {
      std::vector<std::string> rules;
      size_t after = m + marker.size();
      if (after < text.size() && text[after] == '[') {
        size_t close = text.find(']', after);
        std::stringstream ss(std::string(text.substr(after + 1, close == std::string_view::npos ? 0 : close - after - 1)));
        std::string r;
        while (std::getline(ss, r, ',')) {
          r.erase(0, r.find_first_not_of(' '));
          r.erase(r.find_last_not_of(' ') + 1);
          if (!r.empty()) rules.push_back(r);
        }
      }
      if (rules.empty()) rules.push_back("*");
      byLine[line] = rules;
    }
    if (end == source.size()) break;
    start = end + 1;
    ++line;
  }
  if (byLine.empty()) return;
  for (auto& s : sites) {
    for (int l : {s.line, s.line - 1}) {
      auto it = byLine.find(l);
      if (it != byLine.end()) s.suppressions.insert(s.suppressions.end(), it->second.begin(), it->second.end());
    }
  }
}

}  // namespace archscan
