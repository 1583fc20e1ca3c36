// unlinked-site: an arch table with no lookup found.
#include "analyze/rules/rules.h"

namespace archscan {

void checkUnlinkedSite(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (!visible(ls, ctx.opts) || s.binding.empty() || !s.gate.empty() || !ls.lookups.empty()) continue;
    if (s.kind != SiteKind::Mapping && s.kind != SiteKind::Set) continue;
    if (s.on_missing != OnMissing::Unknown) continue;  // its front-end knows what a missing arch does (build lists)
    // Often dead code or read in ways no front-end follows: only with --all.
    Finding f = makeFinding(ctx, "unlinked-site", i, Severity::Note, "",
                            s.name + " looks like an arch table but no read of it was found in the scanned tree");
    f.confidence = Confidence::Low;
    out.push_back(std::move(f));
  }
}

}  // namespace archscan
