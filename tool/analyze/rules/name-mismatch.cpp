// name-mismatch: a site inside something named for an arch it lacks.
#include "analyze/coverage.h"
#include "analyze/rules/outcome.h"
#include "analyze/rules/rules.h"

namespace archscan {

void checkNameMismatch(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (!visible(ls, ctx.opts) || s.polarity != Polarity::Allow || s.entries.empty()) continue;
    for (const Arch& named : s.scope_archs) {
      if (coverage(s, named.base()) != Coverage::Missing) continue;
      Severity sev = ls.on_missing == OnMissing::Crash ? Severity::Error : Severity::Warning;
      out.push_back(makeFinding(ctx, "name-mismatch", i, sev, named.base().name(),
                                s.name + " is named for " + named.name() + " but lists only " + keyList(s) + "; on " +
                                    named.base().name() + " it " + outcome(ls)));
    }
  }
}

}  // namespace archscan
