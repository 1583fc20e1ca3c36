// gated: a deliberate hardware gate keeps the target out. A check that says a
// feature is only for, or requires, other archs is a decision, not a forgotten
// key: a low-confidence note, listed with --all, so a bring-up can see which
// features are off on the target by design without reading them by default
// (on nine real trees every default gate note was judged correct as it is).
#include "analyze/callers.h"
#include "analyze/coverage.h"
#include "analyze/effect.h"
#include "analyze/paths.h"
#include "analyze/rules/rules.h"

namespace archscan {

void checkGated(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (!visible(ls, ctx.opts) || s.polarity != Polarity::Allow || s.kind == SiteKind::Range) continue;
    auto said = gateReason(ls);
    for (const Arch& t : ctx.opts.targets) {
      if (coverage(s, t) != Coverage::Missing || unreachable(s, t)) continue;
      // The gate's own words, or the hardware: every path it lets in needs
      // what t lacks, so keeping t out is right.
      // The hardware reason needs a site known to be about archs: a count or
      // a tile size compared beside kernel names is no gate.
      auto reason = said ? said : ls.confidence >= Confidence::Medium ? hardwareGate(s, t, ctx.k) : std::nullopt;
      // Or its callers': a helper that refuses t is called only by
      // dispatchers that keep t from anything it can run.
      if (!reason && ls.confidence >= Confidence::Medium) reason = callersGate(ctx.program, i, t, ctx.k);
      if (!reason) continue;
      Finding f = makeFinding(
          ctx, "gated", i, Severity::Note, t.name(),
          s.name + " keeps " + t.name() + " out on purpose (" + *reason + "); it allows only " + keyList(s));
      f.confidence = Confidence::Low;
      out.push_back(std::move(f));
    }
  }
}

}  // namespace archscan
