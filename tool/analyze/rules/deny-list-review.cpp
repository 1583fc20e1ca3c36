// deny-list-review: a deny-list names archs of the target's family but not the target.
#include "analyze/coverage.h"
#include "analyze/rules/rules.h"

namespace archscan {

void checkDenyListReview(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (!visible(ls, ctx.opts) || s.polarity != Polarity::Deny) continue;
    for (const Arch& t : ctx.opts.targets) {
      if (coverage(s, t) != Coverage::Missing) continue;
      bool sameFamily = false;
      for (const auto& e : s.entries) sameFamily |= e.arch.major == t.major;
      if (!sameFamily) continue;
      out.push_back(makeFinding(ctx, "deny-list-review", i, Severity::Note, t.name(),
                                s.name + " denies " + keyList(s) + " but not " + t.name() +
                                    "; check whether the same reason applies to " + t.name()));
    }
  }
}

}  // namespace archscan
