#include "patch/risk.h"

#include <cctype>

#include "analyze/paths.h"

namespace archscan {

bool punctuationOnly(const Edit& e) {
  for (char c : e.text)
    if (std::isalnum(static_cast<unsigned char>(c))) return false;
  return true;
}

void markRisk(Edit& e, const LinkedSite& s, const PatchRule& rule, const Knowledge* k) {
  auto set = [&](Risk r, std::string why) {
    e.risk = r;
    e.risk_why = std::move(why);
  };
  if (punctuationOnly(e)) return set(Risk::Safe, "");  // the edit beside it carries the risk
  const std::string copied = "copied-from ";
  if (e.value_source == "override") return set(Risk::Safe, "value from the patch set's values");
  if (e.value_source.rfind(copied, 0) == 0) {
    std::string why = "value copied from " + e.value_source.substr(copied.size());
    // Tile sizes and stage counts tuned where a block may use more shared
    // memory than the new arch allows fail to launch there, or spill.
    const KnownArch* from = k ? k->archs.find(rule.like.major, rule.like.minor) : nullptr;
    const KnownArch* to = k ? k->archs.find(rule.add.major, rule.add.minor) : nullptr;
    if (from && to && to->facts.smem_per_block_kb > 0 && from->facts.smem_per_block_kb > to->facts.smem_per_block_kb)
      why += "; a block may use " + std::to_string(from->facts.smem_per_block_kb) + " KB of shared memory on " +
             rule.like.name() + ", " + std::to_string(to->facts.smem_per_block_kb) + " KB on " + rule.add.name() +
             ": check that what it sizes fits";
    return set(Risk::Review, why);
  }
  if (!e.value_source.empty()) return set(Risk::Review, e.value_source);  // widened from sm_100, narrowed: ...
  if (s.site.build_list)
    return set(Risk::Review, "a build list: the sources it compiles must build for " + rule.add.name());
  // A key added beside `like`'s: the new arch takes like's path, whose
  // recorded needs say whether it can run it.
  if (k)
    for (size_t i = 0; i < s.site.entries.size(); ++i) {
      const Entry& en = s.site.entries[i];
      if (!covers(en.arch, rule.like)) continue;
      const PathNeed* need = needOf(s.site, armOf(s.site, i));
      if (need && unmet(*need, rule.add, *k).empty())
        return set(Risk::Safe, "the path it admits needs nothing " + rule.add.name() + " lacks");
    }
  // The function is the new arch's own (`gen_gemm_sm120_module`): what its
  // list lets in is built for that arch, whatever `like` runs.
  for (const Arch& named : s.site.scope_archs)
    if (named.major == rule.add.major)
      return set(Risk::Review, "inside something named for " + named.name() + ", the path it admits is its own");
  // Nothing says what like's path runs. Where like's own kernels use what
  // `add` lacks (sm_100's tcgen05 for sm_120), planSite has already given
  // add another arm or refused the site; what is left is for a reviewer.
  set(Risk::Review, "what the path it admits runs is not known");
}

}  // namespace archscan
