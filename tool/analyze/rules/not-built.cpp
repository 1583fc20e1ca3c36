// not-built: a run-time check compiled into a module lets the target in,
// while the module is built with no code object that runs on the target.
// The check and the kernels are one extension (setup.py's CUDAExtension
// names the check's file among its sources), so the join is direct: the
// host code runs, the check passes, and the first launch fails with "no
// kernel image is available" instead of the check's own clear refusal.
#include <map>

#include "analyze/code_objects.h"
#include "analyze/coverage.h"
#include "analyze/paths.h"
#include "analyze/rules/rules.h"
#include "knowledge/hardware.h"

namespace archscan {
void checkNotBuilt(const RuleContext& ctx, std::vector<Finding>& out) {
  const Program& p = ctx.program;
  for (const LinkedUnit& u : p.units) {
    // Flags the file cannot show leave what is built unknown: nothing is said.
    UnitBuild build = unitBuild(u);
    if (!build.known) continue;
    for (const Arch& t : ctx.opts.targets) {
      if (anyRunsOn(build.objects, t)) continue;
      // One finding per function: its first check that admits the target is
      // where to refuse it; later choices in the function (`arch >= 90 ?
      // tile_sm90 : tile_sm80`) are reached only through that one.
      std::map<std::pair<std::string, std::string>, size_t> first;
      for (size_t i : u.sites) {
        const LinkedSite& ls = p.sites[i];
        const Site& s = ls.site;
        if (!visible(ls, ctx.opts) || unreachable(s, t) || !letsInAtRunTime(s, t)) continue;
        auto [at, added] = first.emplace(std::pair(ls.file, s.scope), i);
        if (!added && s.line < p.sites[at->second].site.line) at->second = i;
      }
      for (const auto& [where, i] : first) {
        const LinkedSite& ls = p.sites[i];
        const Site& s = ls.site;
        // wrong-path already names the path the target cannot run.
        if (wrongPath(s, ls.file, t, ctx.k)) continue;
        out.push_back(makeFinding(ctx, "not-built", i, Severity::Error, t.name(),
                                  s.name + ": " + takenPath(s, t).how + " admits " + t.name() + " into " +
                                      (u.unit.name.empty() ? "the module" : u.unit.name) + " (" + u.file + ":" +
                                      std::to_string(u.unit.line) + "), which is built for " +
                                      codeObjectList(build.objects) + " only: no code object of it runs on " +
                                      t.name() + " (no kernel image is available). Refuse " + t.name() +
                                      " here with a clear message, or build the module for it"));
      }
    }
  }
}

}  // namespace archscan
