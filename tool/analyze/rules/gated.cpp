// gated: a deliberate hardware gate keeps the target out. A check that says a
// feature is only for, or requires, other archs is a decision, not a forgotten
// key: a note, so a bring-up knows the feature is off on the target by design.
#include "analyze/coverage.h"
#include "analyze/effect.h"
#include "analyze/rules/rules.h"

namespace archscan {

void checkGated(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (!visible(ls, ctx.opts) || s.polarity != Polarity::Allow || s.kind == SiteKind::Range) continue;
    auto reason = gateReason(ls);
    if (!reason) continue;
    for (const Arch& t : ctx.opts.targets) {
      if (coverage(s, t) != Coverage::Missing || unreachable(s, t)) continue;
      out.push_back(makeFinding(ctx, "gated", i, Severity::Note, t.name(),
                                s.name + " keeps " + t.name() + " out on purpose (" + *reason + "); it allows only " +
                                    keyList(s)));
    }
  }
}

}  // namespace archscan
