// not-built: a run-time check compiled into a module lets the target in,
// while the module is built with no code object that runs on the target.
// The check and the kernels are one extension (setup.py's CUDAExtension
// names the check's file among its sources), so the join is direct: the
// host code runs, the check passes, and the first launch fails with "no
// kernel image is available" instead of the check's own clear refusal.
#include <algorithm>

#include "analyze/code_objects.h"
#include "analyze/coverage.h"
#include "analyze/paths.h"
#include "analyze/rules/rules.h"
#include "knowledge/hardware.h"

namespace archscan {
namespace {

std::string names(const std::vector<CodeObject>& objects) {
  std::string out;
  for (const auto& o : objects) out += (out.empty() ? "" : ", ") + o.name();
  return out;
}

}  // namespace

void checkNotBuilt(const RuleContext& ctx, std::vector<Finding>& out) {
  const Program& p = ctx.program;
  for (const LinkedUnit& u : p.units) {
    // Flags the file cannot show (TORCH_CUDA_ARCH_LIST from the environment,
    // an f-string) leave what is built unknown: nothing is said.
    if (!u.unit.own_arch_flags || u.unit.open) continue;
    std::vector<CodeObject> objects;
    for (const auto& flag : u.unit.arch_flags)
      for (const auto& o : flagCodeObjects(flag))
        if (std::none_of(objects.begin(), objects.end(),
                         [&](const CodeObject& x) { return x.arch == o.arch && x.ptx == o.ptx; }))
          objects.push_back(o);
    if (objects.empty()) continue;
    for (size_t i = 0; i < p.sites.size(); ++i) {
      const LinkedSite& ls = p.sites[i];
      const Site& s = ls.site;
      if (std::find(u.source_files.begin(), u.source_files.end(), ls.file) == u.source_files.end()) continue;
      // Run-time decisions only: `#if __CUDA_ARCH__` decides what is compiled.
      if (!visible(ls, ctx.opts) || s.build_list || s.kind == SiteKind::Guard || s.polarity != Polarity::Allow ||
          s.spelling.kind == SpellingKind::CudaArchInt || s.skips)
        continue;
      for (const Arch& t : ctx.opts.targets) {
        if (anyRunsOn(objects, t) || unreachable(s, t)) continue;
        // Let in by a range that holds it (`major >= 8`), by its own key, or
        // past a refusal that spares it (`if (major < 8) throw`). An else or
        // a default is not counted: what that does is the arm's business.
        TakenPath taken = takenPath(s, t);
        if (taken.arm == kFallbackArm && !taken.past) continue;
        // wrong-path already names the path the target cannot run.
        if (wrongPath(s, ls.file, t, ctx.k)) continue;
        out.push_back(makeFinding(ctx, "not-built", i, Severity::Error, t.name(),
                                  s.name + ": " + taken.how + " admits " + t.name() + " into " +
                                      (u.unit.name.empty() ? "the module" : u.unit.name) + " (" + u.file + ":" +
                                      std::to_string(u.unit.line) + "), which is built for " + names(objects) +
                                      " only: no code object of it runs on " + t.name() +
                                      " (no kernel image is available). Refuse " + t.name() +
                                      " here with a clear message, or build the module for it"));
      }
    }
  }
}

}  // namespace archscan
