// missing-arch: a target arch is absent from an allow-list site.
#include "analyze/coverage.h"
#include "analyze/effect.h"
#include "analyze/rules/outcome.h"
#include "analyze/rules/rules.h"

namespace archscan {
namespace {

// A named value table read with a default (`TILES.get(cap, 64)`): its values
// are tuned per arch, so the default is a guess for a new one.
bool tunedTable(const LinkedSite& ls) {
  return ls.site.kind == SiteKind::Mapping && !ls.site.binding.empty() && !ls.lookups.empty();
}

}  // namespace

void checkMissingArch(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (!visible(ls, ctx.opts) || s.polarity != Polarity::Allow || s.kind == SiteKind::Range) continue;
    if (namedForItsArchs(s) || s.skips) continue;  // a per-arch variant; a skipped test
    bool specific = archSpecific(s, ls.on_missing) && !ctx.opts.all;
    if (gateReason(ls)) continue;  // gated reports it
    for (const Arch& t : ctx.opts.targets) {
      if (coverage(s, t) != Coverage::Missing || unreachable(s, t)) continue;  // the check before it reports t
      // A site of one arch is arch-specific on purpose, unless that arch is
      // of the target's own family: where a new family member gets forgotten.
      // A guard of one chip stays deliberate (an errata fence for sm_121).
      std::string mate = familyMate(s, t);
      if (specific && (mate.empty() || s.kind == SiteKind::Guard)) continue;
      bool nameSaysIt = false;  // name-mismatch already reports this arch here
      for (const Arch& named : s.scope_archs) nameSaysIt |= covers(named, t);
      if (nameSaysIt) continue;
      const KnownArch* known = ctx.k.archs.find(t.major, t.minor);
      if (s.max_cuda && known && known->min_cuda >= s.max_cuda) continue;  // this branch's toolkit predates t
      Severity sev = severityFor(ls.on_missing);
      Confidence conf = ls.confidence;
      std::string why;
      if (!mate.empty()) why = "; " + mate;
      if (s.compiled_out) {
        sev = Severity::Warning;
      } else if (ls.on_missing == OnMissing::Fallback) {
        // A fallback is reported when something says it is the wrong path.
        // A build list without the arch ships no native code for it.
        if (auto w = wrongFallback(s, t, ctx.k.archs)) why = "; " + *w;
        else if (mate.empty() && !tunedTable(ls) && !s.build_list) conf = Confidence::Low;
      } else if (ls.on_missing == OnMissing::Unknown) {
        conf = Confidence::Low;
      }
      Finding f = makeFinding(ctx, "missing-arch", i, sev, t.name(),
                              s.name + " (" + kindName(s.kind) + " of " + keyList(s) + ") has no " + t.name() +
                                  "; on " + t.name() + " it " + outcome(ls) + why);
      f.confidence = std::min(f.confidence, conf);
      out.push_back(std::move(f));
    }
  }
}

}  // namespace archscan
