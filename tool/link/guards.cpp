#include "link/guards.h"

namespace archscan {
namespace {

// C++ scopes are qualified with `::`, reads name their function dotted.
std::string dotted(std::string s) {
  for (size_t at = s.find("::"); at != std::string::npos; at = s.find("::", at)) s.replace(at, 2, ".");
  return s;
}

bool isGuard(const LinkedSite& g) {
  const Site& s = g.site;
  return (s.check || s.exits_unlisted) && s.polarity == Polarity::Allow && !s.conjoined && s.ranges.empty() &&
         !s.entries.empty() && !s.scope.empty() && s.subject && !s.subject->binding.empty();
}

}  // namespace

void markGuardedReads(Program& p) {
  std::vector<const LinkedSite*> guards;
  for (const auto& s : p.sites)
    if (isGuard(s)) guards.push_back(&s);
  if (guards.empty()) return;
  for (auto& table : p.sites) {
    for (auto& read : table.lookups) {
      if (read.subject.binding.empty()) continue;
      for (const LinkedSite* g : guards) {
        if (g->file != read.file || g->site.line >= read.line || dotted(g->site.scope) != read.scope_function ||
            g->site.subject->binding != read.subject.binding)
          continue;
        read.reached_only_by.clear();
        for (const auto& e : g->site.entries) read.reached_only_by.push_back(e.arch);
        read.guard = g->site.name + " (" + g->file + ":" + std::to_string(g->site.line) + ")";
      }
    }
  }
}

}  // namespace archscan
