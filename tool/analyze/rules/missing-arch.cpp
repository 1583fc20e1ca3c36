// missing-arch: a target arch is absent from an allow-list site.
#include "analyze/coverage.h"
#include "analyze/rules/outcome.h"
#include "analyze/rules/rules.h"

namespace archscan {

void checkMissingArch(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (!visible(ls, ctx.opts) || s.polarity != Polarity::Allow || s.kind == SiteKind::Range) continue;
    if (namedForItsArchs(s)) continue;
    if (archSpecific(s, ls.on_missing) && !ctx.opts.all) continue;
    for (const Arch& t : ctx.opts.targets) {
      if (coverage(s, t) != Coverage::Missing || unreachable(s, t)) continue;  // the check before it reports t
      bool nameSaysIt = false;  // name-mismatch already reports this arch here
      for (const Arch& named : s.scope_archs) nameSaysIt |= covers(named, t);
      if (nameSaysIt) continue;
      out.push_back(makeFinding(ctx, "missing-arch", i, severityFor(ls.on_missing), t.name(),
                                s.name + " (" + kindName(s.kind) + " of " + keyList(s) + ") has no " + t.name() +
                                    "; on " + t.name() + " it " + outcome(ls)));
    }
  }
}

}  // namespace archscan
