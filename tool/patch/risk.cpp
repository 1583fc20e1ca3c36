#include "patch/risk.h"

#include <cctype>

#include "analyze/paths.h"
#include "knowledge/hardware.h"

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
  if (e.value_source.rfind(copied, 0) == 0)
    return set(Risk::Review, "value copied from " + e.value_source.substr(copied.size()));
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
  // Taking `like`'s path on its word alone is riskier when like's own
  // kernels use instructions `add` lacks (sm_100's tcgen05 for sm_120): lists
  // like `cc in [90, 100, 101, 103]` pick the wgmma/tcgen05 code generators.
  std::string why = "what the path it admits runs is not known";
  if (const KnownArch* like = k ? k->archs.find(rule.like.major, rule.like.minor) : nullptr) {
    std::string features;
    for (const auto& f : lacking(rule.add, like->isa.signature, *k)) features += (features.empty() ? "" : ", ") + f;
    if (!features.empty())
      why += ", and " + rule.like.name() + "'s own kernels use " + features + ", which " + rule.add.name() + " lacks";
  }
  set(Risk::Review, why);
}

}  // namespace archscan
