// wrong-path: the target is admitted into a path that needs hardware it
// lacks. A lower-bounded range or family test (`major >= 10`), an else or
// default, or a list the arch was added to lets the target in; the path's
// own words (a kernel named for sm100, tcgen05, wgmma, inline PTX) say what
// it needs; the hardware model says the target does not have it. sm_120 is
// numerically above sm_100 and has neither tcgen05 nor wgmma: `>= 100` is
// the wrong question for it.
#include "analyze/coverage.h"
#include "analyze/paths.h"
#include "analyze/rules/rules.h"

namespace archscan {

void checkWrongPath(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (!visible(ls, ctx.opts)) continue;
    for (const Arch& t : ctx.opts.targets) {
      if (unreachable(s, t)) continue;  // an earlier check refuses t: that check decides
      auto wrong = wrongPath(s, ls.file, t, ctx.k);
      if (!wrong) continue;
      const std::string& lacks = wrong->missing.front();
      std::string where = wrong->taken.past ? "is let past " + wrong->taken.how + " into what follows, which"
                          : wrong->taken.arm == kFallbackArm ? "falls to " + wrong->taken.how + ", whose path"
                                                             : "is let in by " + wrong->taken.how + ", whose path";
      // Kernels it cannot run fail to load or to build; a tuning named for
      // another arch (tile sizes, stage counts) only runs badly.
      Severity sev = runsAny(*wrong->need, wrong->missing) ? Severity::Error : Severity::Warning;
      out.push_back(makeFinding(ctx, "wrong-path", i, sev, t.name(),
                                s.name + ": " + t.name() + " " + where + " needs " +
                                    describeNeed(*wrong->need, wrong->missing) + "; " + t.name() + " has no " + lacks +
                                    ". Narrow the test so " + t.name() +
                                    " takes a path it can run, or give it one of its own"));
    }
  }
}

}  // namespace archscan
