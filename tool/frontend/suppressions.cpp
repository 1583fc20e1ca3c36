#include "frontend/suppressions.h"

#include <map>
#include <sstream>

namespace archscan {
namespace {

std::string_view text_view_trim(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::vector<Suppression> applySuppressions(const std::string& source, const std::string& lead,
                                           std::vector<Site>& sites) {
  std::map<int, Suppression> byLine;
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
        std::stringstream ss(
            std::string(text.substr(after + 1, close == std::string_view::npos ? 0 : close - after - 1)));
        std::string r;
        while (std::getline(ss, r, ',')) {
          r.erase(0, r.find_first_not_of(' '));
          r.erase(r.find_last_not_of(' ') + 1);
          if (!r.empty()) rules.push_back(r);
        }
      }
      if (rules.empty()) rules.push_back("*");
      std::string comment(text_view_trim(text.substr(c)));
      byLine[line] = Suppression{line, rules, comment};
    }
    if (end == source.size()) break;
    start = end + 1;
    ++line;
  }
  std::vector<Suppression> all;
  for (const auto& [l, sup] : byLine) all.push_back(sup);
  for (auto& s : sites) {
    for (int l : {s.line, s.line - 1}) {
      auto it = byLine.find(l);
      if (it != byLine.end()) s.suppressions.push_back(it->second);
    }
  }
  return all;
}

}  // namespace archscan
