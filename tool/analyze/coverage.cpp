#include "analyze/coverage.h"

#include <algorithm>
#include <set>

#include "knowledge/hardware.h"

namespace archscan {

Coverage coverage(const Site& s, const Arch& a) {
  for (const auto& e : s.entries)
    if (covers(e.arch, a)) return Coverage::Covered;
  // A build list's item is a code object, and SASS for sm_120 (or sm_120f)
  // runs on 12.1: that list serves 12.1 already. sm_120a runs on 12.0 alone.
  if (s.build_list)
    for (const auto& e : s.entries)
      if (!e.arch.major_only && runsOn(CodeObject{e.arch, false}, a)) return Coverage::Covered;
  for (const auto& r : s.ranges)
    if ((r.low || r.high) && r.contains(a)) return Coverage::CoveredByRange;
  return Coverage::Missing;
}

std::vector<Arch> entryArchs(const Site& s) {
  std::vector<Arch> out;
  for (const auto& e : s.entries)
    if (std::find(out.begin(), out.end(), e.arch) == out.end()) out.push_back(e.arch);
  std::sort(out.begin(), out.end());
  return out;
}

std::string keyList(const Site& s) {
  std::string out;
  std::set<std::string> seen;
  for (const auto& e : s.entries) {
    if (!seen.insert(e.key_text).second) continue;
    out += (out.empty() ? "" : ", ") + e.key_text;
  }
  for (const auto& r : s.ranges) {
    // A range spelled inside a macro call can be the whole invocation.
    std::string text = r.text;
    if (text.size() > 40 || text.find_first_of("{\n") != std::string::npos) {
      text.clear();
      if (r.low) text = ">= sm_" + std::to_string(*r.low);
      if (r.high) text += (text.empty() ? "< sm_" : " and < sm_") + std::to_string(*r.high);
    }
    out += (out.empty() ? "" : ", ") + text;
  }
  return out;
}

bool archSpecific(const Site& s, OnMissing onMissing) {
  if (entryArchs(s).size() != 1 || !s.ranges.empty()) return false;
  // One arch-specific target (sm_90a, "10.0a") builds code that uses that
  // arch's own instructions (WGMMA, tcgen05): a per-arch list, even though a
  // missing arch gets no kernel from it.
  bool specific = !s.entries.empty();
  for (const auto& e : s.entries) specific &= e.arch.variant == Variant::A;
  return onMissing != OnMissing::Crash || (specific && s.build_list);
}

bool namedForItsArchs(const Site& s) {
  if (s.entries.empty()) return false;
  for (const auto* names : {&s.scope_archs, &s.name_archs}) {
    if (names->empty()) continue;
    bool all = true;
    for (const auto& e : s.entries) {
      bool named = false;
      for (const auto& a : *names) named |= covers(e.arch, a);
      all &= named;
    }
    if (all) return true;
  }
  return false;
}

bool unreachable(const Site& s, const Arch& a) {
  return !s.dominated_by.empty() && !coveredByAny(s.reached_only_by, a);
}

}  // namespace archscan
