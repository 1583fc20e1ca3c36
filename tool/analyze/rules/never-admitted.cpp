// never-admitted: a module is compiled for the target (its own SASS, or an
// a/f target that runs there), but every run-time check in the module's
// sources keeps the target out. Either a key was forgotten when the build
// was extended (the kernels are there, the check refuses them), or the build
// compiles for an arch nothing lets in. The finding sits on the refusing
// check and names the module's build (file:line), the other end.
#include <string>

#include "analyze/code_objects.h"
#include "analyze/coverage.h"
#include "analyze/rules/rules.h"

namespace archscan {

void checkNeverAdmitted(const RuleContext& ctx, std::vector<Finding>& out) {
  const Program& p = ctx.program;
  if (p.units.empty()) return;
  for (size_t i = 0; i < p.sites.size(); ++i) {
    const LinkedSite& ls = p.sites[i];
    if (!visible(ls, ctx.opts)) continue;
    for (const Arch& t : ctx.opts.targets) {
      if (coverage(ls.site, t) != Coverage::Missing || unreachable(ls.site, t)) continue;
      const LinkedUnit* u = neverAdmittedBy(p, i, t);
      if (!u) continue;
      std::vector<CodeObject> forT;
      for (const auto& o : unitBuild(*u).objects)
        if (!o.ptx && runsOn(o, t)) forT.push_back(o);
      out.push_back(makeFinding(ctx, "never-admitted", i, Severity::Error, t.name(),
                                ls.site.name + " (" + keyList(ls.site) + ") keeps " + t.name() + " out, but " +
                                    (u->unit.name.empty() ? "its module" : u->unit.name) + " (" + u->file + ":" +
                                    std::to_string(u->unit.line) + ") is built for it (" + codeObjectList(forT) +
                                    ") and no check in its sources lets " + t.name() +
                                    " in: a forgotten key, or a build nothing uses"));
    }
  }
}

}  // namespace archscan
