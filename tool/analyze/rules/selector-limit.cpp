// selector-limit: a build list is handed to a function that turns it into
// nvcc flags by its own table (FindCUDA's cuda_select_nvcc_arch_flags), and
// that table cannot name the target. Adding the arch to the list is then no
// fix: FindCUDA stops the configure on "12.0". The target gets only the PTX
// the list embeds, JIT-compiled when a kernel loads, or nothing at all.
// The selector and its limit are knowledge (knowledge.yaml arch_selectors).
#include "analyze/coverage.h"
#include "analyze/rules/rules.h"

namespace archscan {

void checkSelectorLimit(const RuleContext& ctx, std::vector<Finding>& out) {
  for (size_t i = 0; i < ctx.program.sites.size(); ++i) {
    const LinkedSite& ls = ctx.program.sites[i];
    const Site& s = ls.site;
    if (s.gate.empty() || !s.build_list || !visible(ls, ctx.opts)) continue;
    const ArchSelector* sel = selectorNamed(ctx.k, s.gate);
    if (!sel) continue;
    for (const Arch& t : ctx.opts.targets) {
      if (t.major <= sel->max_major) continue;
      std::string gets;
      Severity sev = Severity::Warning;
      if (s.on_missing == OnMissing::Unknown) {
        gets = "The list here is not known; with its Common or Auto lists " + t.name() +
               " gets only PTX of an older arch, JIT-compiled when a kernel loads";
      } else if (s.on_missing == OnMissing::Fallback) {
        gets = "Here " + t.name() + " gets only the list's PTX, JIT-compiled when a kernel loads";
      } else {
        sev = Severity::Error;
        gets = "Here the list has no PTX either: " + t.name() + " gets no code (no kernel image is available)";
      }
      out.push_back(makeFinding(ctx, "selector-limit", i, sev, t.name(),
                                s.name + ": " + sel->what + " cannot build " + t.name() +
                                    " code: it names archs up to " + std::to_string(sel->max_major) +
                                    ".x only, and \"" + std::to_string(t.major) + "." + std::to_string(t.minor) +
                                    "\" in its list stops the configure. " + gets + ". Build " + t.name() + " with " +
                                    sel->instead));
    }
  }
}

}  // namespace archscan
