#include "analyze/paths.h"

#include <algorithm>
#include <set>

#include "knowledge/hardware.h"

namespace archscan {

namespace {

// The paths a site chooses between, as its needs number them: a mapping's
// entries one by one, a chain's or switch's arms.
std::set<int> pathsOf(const Site& s) {
  std::set<int> arms;
  for (size_t i = 0; i < s.entries.size(); ++i) arms.insert(armOf(s, i));
  for (const auto& r : s.ranges) arms.insert(r.arm);
  return arms;
}

// Whether the site sits in code named for an arch whose own kernels t cannot
// run: a per-arch variant (its function, or a folder or file of its path).
bool inVariantFor(const Site& s, const std::string& file, const Arch& t, const Knowledge& k) {
  auto foreign = [&](const Arch& a) {
    const KnownArch* known = k.archs.find(a.major, a.minor);
    return known && !(a.major == t.major && a.minor == t.minor) && !lacking(t, known->isa.signature, k).empty();
  };
  for (const Arch& a : s.scope_archs)
    if (foreign(a)) return true;
  size_t start = 0;
  for (size_t slash = file.find('/'); start <= file.size(); slash = file.find('/', start)) {
    std::string part = file.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (auto n = needNamedBy(part, k); n && n->named && foreign(*n->named)) return true;
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return false;
}

}  // namespace

TakenPath takenPath(const Site& s, const Arch& t) {
  TakenPath best;
  int bestArm = -1;
  auto consider = [&](int arm, bool byRange, const std::string& how) {
    if (bestArm == -1 || arm < bestArm) {
      bestArm = arm;
      best = TakenPath{arm, byRange, false, how};
    }
  };
  for (size_t i = 0; i < s.entries.size(); ++i) {
    const Entry& e = s.entries[i];
    if (!covers(e.arch, t)) continue;
    if (!e.minors.empty() && std::find(e.minors.begin(), e.minors.end(), t.minor) == e.minors.end()) continue;
    consider(armOf(s, i), false, "`" + e.key_text + "`");
  }
  for (const auto& r : s.ranges)
    if (r.contains(t)) consider(r.arm, true, "`" + r.text + "`");
  if (bestArm == -1 && s.polarity == Polarity::Deny) {
    best.past = true;
    best.how = "`" +
               (!s.ranges.empty()   ? s.ranges.front().text
                : s.entries.empty() ? s.name
                                    : s.entries.front().key_text.str()) +
               "`";
  } else if (bestArm == -1) {
    best.how = s.kind == SiteKind::Switch ? "the default case" : "the else branch";
  }
  return best;
}

int armOf(const Site& s, size_t entry) {
  return s.kind == SiteKind::Mapping ? static_cast<int>(entry) : s.entries[entry].arm;
}

const PathNeed* needOf(const Site& s, int arm) {
  for (const auto& n : s.needs)
    if (n.arm == arm) return &n;
  return nullptr;
}

std::vector<std::string> unmet(const PathNeed& need, const Arch& t, const Knowledge& k) {
  for (const Arch& named : need.named) {
    const KnownArch* known = k.archs.find(named.major, named.minor);
    if (!known) continue;
    // Named for t itself or for an arch whose kernels t runs: an alternative.
    if (named.major == t.major && named.minor == t.minor) return {};
    if (!known->isa.signature.empty() && lacking(t, known->isa.signature, k).empty()) return {};
  }
  return lacking(t, need.features(), k);
}

std::string describeNeed(const PathNeed& need, const std::vector<std::string>& features) {
  std::string out;
  for (const auto& e : need.needs)
    if (std::find(features.begin(), features.end(), e.feature) != features.end())
      out += (out.empty() ? "" : ", ") + e.feature + " (" + e.why + ", line " + std::to_string(e.line) + ")";
  return out;
}

bool runsAny(const PathNeed& need, const std::vector<std::string>& features) {
  for (const auto& e : need.needs)
    if (e.runs && std::find(features.begin(), features.end(), e.feature) != features.end()) return true;
  return false;
}

std::optional<WrongPath> wrongPath(const Site& s, const std::string& file, const Arch& t, const Knowledge& k) {
  if (s.needs.empty() || s.skips) return std::nullopt;
  TakenPath taken = takenPath(s, t);
  // A deny-list lets every arch it does not name through to what follows.
  if (s.polarity == Polarity::Deny && taken.arm != kFallbackArm) return std::nullopt;
  if (taken.arm != kFallbackArm && !taken.by_range) return std::nullopt;  // an arm written for t
  if (inVariantFor(s, file, t, k)) return std::nullopt;
  const PathNeed* need = needOf(s, taken.arm);
  if (!need) return std::nullopt;
  std::vector<std::string> missing = unmet(*need, t, k);
  if (missing.empty()) return std::nullopt;
  return WrongPath{taken, need, std::move(missing)};
}

namespace {

// A build list of arch-specific targets only (`compute_90a`, `sm_100f`): a
// target gets an `a`/`f` suffix so its code may use that arch's (or family's)
// own instructions, wgmma or tcgen05, so the list builds per-arch kernels.
// A target that lacks the signature of every listed arch cannot run any of
// them, and adding it to the list would not give it a kernel: the gate. One
// whose hardware matches a listed arch (sm_110 beside `100a`) may be a
// forgotten key, and stays a finding.
std::optional<std::string> specificTargetsGate(const Site& s, const Arch& t, const Knowledge& k) {
  if (!s.build_list || s.entries.empty() || !s.ranges.empty()) return std::nullopt;
  std::vector<std::string> lacks, targets;
  for (const auto& e : s.entries) {
    if (e.arch.variant == Variant::None) return std::nullopt;
    const KnownArch* known = k.archs.find(e.arch.major, e.arch.minor);
    if (!known || known->isa.signature.empty()) return std::nullopt;
    std::vector<std::string> missing = lacking(t, known->isa.signature, k);
    if (missing.empty()) return std::nullopt;
    std::string name = "sm_" + std::to_string(e.arch.smInt()) + static_cast<char>(e.arch.variant);
    if (std::find(targets.begin(), targets.end(), name) == targets.end()) targets.push_back(name);
    for (auto& f : missing)
      if (std::find(lacks.begin(), lacks.end(), f) == lacks.end()) lacks.push_back(std::move(f));
  }
  auto join = [](const std::vector<std::string>& v) {
    std::string out;
    for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
    return out;
  };
  return "every target is arch-specific (" + join(targets) + "), built to use " + join(lacks) + ", which " + t.name() +
         " lacks";
}

}  // namespace

std::optional<std::string> hardwareGate(const Site& s, const Arch& t, const Knowledge& k) {
  if (auto specific = specificTargetsGate(s, t, k)) return specific;
  std::set<int> arms = pathsOf(s);
  if (arms.empty()) return std::nullopt;
  std::string first;
  for (int arm : arms) {
    const PathNeed* need = needOf(s, arm);
    if (!need) return std::nullopt;
    std::vector<std::string> missing = unmet(*need, t, k);
    if (missing.empty()) return std::nullopt;
    if (first.empty()) first = describeNeed(*need, missing);
  }
  return "every path it chooses needs what " + t.name() + " lacks: " + first;
}

}  // namespace archscan
