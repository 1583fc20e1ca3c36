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
      // Names mean what engineers mean: sm100 on a dispatcher is the 10.x
      // family, so any 10.x entry honours it.
      bool family = false;
      for (const auto& e : s.entries) family |= e.arch.major == named.major;
      if (family || coverage(s, named.base()) != Coverage::Missing) continue;
      Severity sev = ls.on_missing == OnMissing::Crash ? Severity::Error : Severity::Warning;
      Finding f = makeFinding(ctx, "name-mismatch", i, sev, named.base().name(),
                              s.name + " is named for " + named.name() + " but lists only " + keyList(s) + "; on " +
                                  named.base().name() + " it " + outcome(ls));
      // A list handed to an arch gate (supported_major_versions=...) builds what
      // the name promises; anywhere else a name in a kernel says less (sm80 is
      // an ISA floor), so those show only with --all.
      if (s.gate.empty()) f.confidence = Confidence::Low;
      out.push_back(std::move(f));
    }
  }
}

}  // namespace archscan
