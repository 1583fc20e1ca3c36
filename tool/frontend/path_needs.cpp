#include "frontend/path_needs.h"

#include <algorithm>
#include <cctype>

#include "knowledge/hardware.h"

namespace archscan {
namespace {

bool wordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

void addUnique(std::vector<std::string>& into, const std::vector<std::string>& items) {
  for (const auto& i : items)
    if (std::find(into.begin(), into.end(), i) == into.end()) into.push_back(i);
}

}  // namespace

std::optional<PathNeed> pathNeedIn(std::string_view text, int first_line, int arm, const Knowledge& k) {
  PathNeed need;
  need.arm = arm;
  int line = first_line;
  for (size_t i = 0; i < text.size();) {
    if (text[i] == '\n') ++line;
    if (!wordChar(text[i]) || (i > 0 && wordChar(text[i - 1]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && wordChar(text[j])) ++j;
    std::string_view word = text.substr(i, j - i);
    if (auto n = needNamedBy(word, k)) {
      addUnique(need.features, n->features);
      if (need.why.empty()) need.why = "`" + std::string(word) + "`", need.line = line;
      // The arch it is named for: the path may be the target's own.
      if (n->named && std::find(need.named.begin(), need.named.end(), *n->named) == need.named.end())
        need.named.push_back(*n->named);
    }
    i = j;
  }
  std::vector<std::string> ptx = featuresInPtx(text, k);
  if (!ptx.empty() && need.why.empty()) need.why = "inline PTX (" + ptx.front() + ")", need.line = first_line;
  addUnique(need.features, ptx);
  if (need.features.empty()) return std::nullopt;
  return need;
}

void addValueNeeds(std::vector<Site>& sites, std::string_view text, const Knowledge& k) {
  for (Site& s : sites) {
    if (s.kind != SiteKind::Mapping || s.nesting > 0 || !s.needs.empty()) continue;
    for (size_t i = 0; i < s.entries.size(); ++i) {
      const Entry& e = s.entries[i];
      if (e.value.empty() || e.value.end > text.size()) continue;
      std::string_view value = text.substr(e.value.begin, e.value.end - e.value.begin);
      if (auto need = pathNeedIn(value, e.line, static_cast<int>(i), k)) s.needs.push_back(std::move(*need));
    }
  }
}

bool mentionsSubject(std::string_view text, std::string_view subject) {
  if (subject.empty()) return false;
  for (size_t at = text.find(subject); at != std::string_view::npos; at = text.find(subject, at + 1)) {
    bool before = at > 0 && (wordChar(text[at - 1]) || text[at - 1] == '.');
    bool after = at + subject.size() < text.size() && wordChar(text[at + subject.size()]);
    if (!before && !after) return true;
  }
  return false;
}

}  // namespace archscan
