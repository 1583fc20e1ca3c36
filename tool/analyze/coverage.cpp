#include "analyze/coverage.h"

#include <algorithm>
#include <set>

namespace archscan {

Coverage coverage(const Site& s, const Arch& a) {
  for (const auto& e : s.entries)
    if (covers(e.arch, a)) return Coverage::Covered;
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
  for (const auto& r : s.ranges) out += (out.empty() ? "" : ", ") + r.text;
  return out;
}

bool archSpecific(const Site& s, OnMissing onMissing) {
  return entryArchs(s).size() == 1 && s.ranges.empty() && onMissing != OnMissing::Crash;
}

bool namedForItsArchs(const Site& s) {
  if (s.scope_archs.empty() || s.entries.empty()) return false;
  for (const auto& e : s.entries) {
    bool named = false;
    for (const auto& a : s.scope_archs) named |= covers(e.arch, a);
    if (!named) return false;
  }
  return true;
}

bool unreachable(const Site& s, const Arch& a) {
  if (s.dominated_by.empty()) return false;
  for (const Arch& allowed : s.reached_only_by)
    if (covers(allowed, a)) return false;
  return true;
}

}  // namespace archscan
