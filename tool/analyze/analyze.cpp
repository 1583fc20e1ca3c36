#include "analyze/analyze.h"

#include <algorithm>
#include <set>

#include "analyze/rules/rules.h"

namespace archscan {

bool visible(const LinkedSite& s, const AnalyzeOptions& opts) {
  if (s.vetoed) return false;
  return opts.all || s.confidence != Confidence::Low;
}

Analysis analyze(const Program& program, const AnalyzeOptions& opts, const Knowledge& k) {
  RuleContext ctx{program, opts, k};
  std::vector<Finding> all;
  for (const auto& rule : ruleCatalogue()) rule.check(ctx, all);
  std::vector<Finding> kept;
  std::set<std::pair<std::string, int>> used;
  for (auto& f : all) {
    const LinkedSite& s = program.sites[f.site];
    bool suppressed = false;
    for (const auto& sup : s.site.suppressions) {
      bool match = std::find(sup.rules.begin(), sup.rules.end(), "*") != sup.rules.end() ||
                   std::find(sup.rules.begin(), sup.rules.end(), f.rule) != sup.rules.end();
      if (match) used.insert({s.file, sup.line});
      suppressed |= match;
    }
    if (!suppressed) kept.push_back(std::move(f));
  }
  std::stable_sort(kept.begin(), kept.end(), [&](const Finding& a, const Finding& b) {
    const auto& sa = program.sites[a.site];
    const auto& sb = program.sites[b.site];
    if (sa.file != sb.file) return sa.file < sb.file;
    if (sa.site.line != sb.site.line) return sa.site.line < sb.site.line;
    if (a.rule != b.rule) return a.rule < b.rule;
    return a.arch < b.arch;
  });
  Analysis out;
  out.findings = std::move(kept);
  for (const auto& s : program.suppressions)
    if (!used.count({s.file, s.suppression.line})) out.unused.push_back(s);
  return out;
}

}  // namespace archscan
