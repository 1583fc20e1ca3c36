#include "arch/suggest.h"

#include <algorithm>
#include <cctype>

namespace archscan {
namespace {

// Lower case without separators: "RTX_5090" and "rtx-5090" both read "rtx5090".
std::string folded(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != '-' && c != '_' && c != ' ') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Optimal string alignment distance: a swapped pair of letters is one edit.
size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> closestWord(std::string_view word, const std::vector<std::string>& candidates) {
  std::string w = folded(word);
  if (w.empty()) return std::nullopt;
  size_t limit = std::min<size_t>(2, std::max<size_t>(1, w.size() / 3));
  std::optional<std::string> best;
  size_t bestDistance = limit + 1;
  bool tie = false;
  for (const auto& c : candidates) {
    size_t d = distance(w, folded(c));
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      tie = false;
    } else if (d == bestDistance && best && folded(*best) != folded(c)) {
      tie = true;
    }
  }
  if (!best || tie) return std::nullopt;
  return best;
}

std::optional<std::string> suggestArch(std::string_view text, const ArchTable& table) {
  // Only names with letters beyond an sm_/compute_ prefix: a mistyped number
  // (sm_125) is a different arch, not a typo of a near one.
  std::string f = folded(text);
  for (std::string_view prefix : {"compute", "sm"})
    if (f.rfind(prefix, 0) == 0) f = f.substr(prefix.size());
  if (std::all_of(f.begin(), f.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; }))
    return std::nullopt;
  std::vector<std::string> names;
  for (const auto& [name, arch] : table.aliases) names.push_back(name);
  return closestWord(text, names);
}

}  // namespace archscan
