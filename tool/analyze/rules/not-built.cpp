// not-built: a run-time check compiled into a module lets the target in,
// while the module is built with no code object that runs on the target.
// The check and the kernels are one extension (setup.py's CUDAExtension
// names the check's file among its sources), so the join is direct: the
// host code runs, the check passes, and the first launch fails with "no
// kernel image is available" instead of the check's own clear refusal.
#include <map>
#include <string>

#include "analyze/code_objects.h"
#include "analyze/coverage.h"
#include "analyze/paths.h"
#include "analyze/rules/rules.h"
#include "knowledge/hardware.h"

namespace archscan {
void checkNotBuilt(const RuleContext& ctx, std::vector<Finding>& out) {
  const Program& p = ctx.program;
  std::vector<UnitBuild> builds;
  for (const auto& u : p.units) builds.push_back(unitBuild(u));
  // Another build of the same source (a CMake target beside the wheel's
  // setup.py) whose archs are not known, or that runs on t, may give t its
  // kernels: one build alone does not show that t gets none.
  auto servedElsewhere = [&](size_t u, const std::string& file, const Arch& t) {
    auto of = p.units_of.find(file);
    if (of == p.units_of.end()) return false;
    for (size_t v : of->second)
      if (v != u && (!builds[v].known || anyRunsOn(builds[v].objects, t))) return true;
    return false;
  };
  for (size_t ui = 0; ui < p.units.size(); ++ui) {
    const LinkedUnit& u = p.units[ui];
    // Flags the file cannot show leave what is built unknown: nothing is said.
    const UnitBuild& build = builds[ui];
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
        if (!visible(ls, ctx.opts) || unreachable(s, t) || !letsInAtRunTime(s, t) || servedElsewhere(ui, ls.file, t))
          continue;
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
