#include "analyze/analyze.h"

#include <algorithm>

#include "analyze/rules/rules.h"

namespace archscan {

bool visible(const LinkedSite& s, const AnalyzeOptions& opts) {
  if (s.vetoed) return false;
  return opts.all || s.confidence != Confidence::Low;
}

std::vector<Finding> analyze(const Program& program, const AnalyzeOptions& opts, const Knowledge& k) {
  RuleContext ctx{program, opts, k};
  std::vector<Finding> all;
  for (const auto& rule : ruleCatalogue()) rule.check(ctx, all);
  std::vector<Finding> kept;
  for (auto& f : all) {
    const auto& sup = program.sites[f.site].site.suppressions;
    bool suppressed = std::find(sup.begin(), sup.end(), "*") != sup.end() ||
                      std::find(sup.begin(), sup.end(), f.rule) != sup.end();
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
  return kept;
}

}  // namespace archscan
