// sibling-gap: a site lacks an arch that a sibling in its family has.
#include <set>

#include "analyze/coverage.h"
#include "analyze/rules/outcome.h"
#include "analyze/rules/rules.h"

namespace archscan {

void checkSiblingGap(const RuleContext& ctx, std::vector<Finding>& out) {
  const auto& sites = ctx.program.sites;
  for (const auto& fam : ctx.program.families) {
    for (size_t i : fam.sites) {
      const LinkedSite& ls = sites[i];
      if (!visible(ls, ctx.opts) || ls.site.polarity != Polarity::Allow || ls.site.kind == SiteKind::Range) continue;
      std::set<std::string> reported;
      for (size_t j : fam.sites) {
        if (j == i || !visible(sites[j], ctx.opts) || sites[j].site.polarity != Polarity::Allow) continue;
        // The check that gates a site is not its sibling: its list is what may pass.
        if (ls.site.dominated_by == dominatorKey(sites[j].site)) continue;
        for (const Arch& a : entryArchs(sites[j].site)) {
          Arch base = a.base();
          if (coverage(ls.site, base) != Coverage::Missing || unreachable(ls.site, base)) continue;
          bool targeted = false;  // missing-arch already says it
          for (const Arch& t : ctx.opts.targets) targeted |= covers(base, t);
          if (targeted || !reported.insert(base.name()).second) continue;
          out.push_back(makeFinding(ctx, "sibling-gap", i, severityFor(ls.on_missing), base.name(),
                                    ls.site.name + " lacks " + base.name() + " which its sibling " + sites[j].site.name +
                                        " (" + sites[j].file + ":" + std::to_string(sites[j].site.line) +
                                        ") handles; both are read through " + fam.name + "; on " + base.name() +
                                        " it " + outcome(ls)));
        }
      }
    }
  }
}

}  // namespace archscan
