#include "analyze/effect.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>

#include "analyze/coverage.h"
#include "util/source_text.h"

namespace archscan {
namespace {

struct Fact {
  const char* what;
  int HardwareFacts::* field;
  const char* unit;
};

const Fact kFacts[] = {
    {"resident threads per SM", &HardwareFacts::threads_per_sm, ""},
    {"shared memory per block", &HardwareFacts::smem_per_block_kb, " KB"},
};

// The known archs one arm selects: its exact entries and what its ranges span.
std::vector<Arch> archsOfArm(const Site& s, int arm, const ArchTable& archs) {
  std::vector<Arch> out;
  auto add = [&](const Arch& a) {
    if (std::find(out.begin(), out.end(), a) == out.end()) out.push_back(a);
  };
  for (const auto& e : s.entries) {
    if (e.arm != arm) continue;
    if (e.arch.major_only) {
      for (const Arch& a : archs.minorsOf(e.arch.major))
        if (e.minors.empty() || std::count(e.minors.begin(), e.minors.end(), a.minor)) add(a);
    } else {
      add(e.arch.base());
    }
  }
  for (const auto& r : s.ranges) {
    if (r.arm != arm || !r.low || !r.high) continue;  // open ranges group by age, not by hardware
    for (const auto& k : archs.known) {
      Arch a{k.major, k.minor, false, Variant::None};
      if (r.contains(a)) add(a);
    }
  }
  return out;
}

std::string names(const std::vector<Arch>& as) {
  std::string out;
  for (const auto& a : as) out += (out.empty() ? "" : ", ") + a.name();
  return out;
}

}  // namespace

std::string oneLine(const std::string& text, size_t max) {
  std::string out;
  for (char c : text) {
    bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (out.size() > max) out = out.substr(0, max - 3) + "...";
  return out;
}

namespace {

// The facts a site's name says it is about (BNB_MAX_THREADS_PER_SM: threads;
// SMEM_LIMIT: shared memory); all of them when it names none, and none when
// it names another quantity (BLOCKS_PER_SM, REGISTERS): sharing one fact says
// nothing of another.
std::vector<const Fact*> factsNamedBy(const std::string& name) {
  std::string n = asciiLower(name);
  bool threads = n.find("thread") != std::string::npos;
  bool smem = n.find("smem") != std::string::npos || n.find("shared") != std::string::npos;
  bool other = n.find("blocks") != std::string::npos || n.find("registers") != std::string::npos ||
               n.find("regs") != std::string::npos || n.find("warps") != std::string::npos;
  std::vector<const Fact*> out;
  for (const Fact& f : kFacts) {
    bool isThreads = f.field == &HardwareFacts::threads_per_sm;
    if (threads || smem ? (isThreads ? threads : smem) : !other) out.push_back(&f);
  }
  return out;
}

}  // namespace

std::optional<ResourceTwin> resourceTwin(const Site& s, const Arch& target, const ArchTable& archs) {
  const KnownArch* t = archs.find(target.major, target.minor);
  if (!t || target.major_only) return std::nullopt;
  std::set<int> arms;
  for (const auto& e : s.entries) arms.insert(e.arm);
  for (const auto& r : s.ranges) arms.insert(r.arm);
  for (int arm : arms) {
    std::vector<Arch> group = archsOfArm(s, arm, archs);
    if (group.size() < 2) continue;
    for (const Fact* fp : factsNamedBy(s.name)) {
      const Fact& f = *fp;
      int want = t->facts.*(f.field);
      if (want == 0) continue;
      bool shared = true;
      for (const Arch& a : group) {
        const KnownArch* k = archs.find(a.major, a.minor);
        shared &= k && k->facts.*(f.field) == want;
      }
      if (shared) return ResourceTwin{arm, names(group), std::to_string(want) + f.unit + " " + f.what};
    }
  }
  return std::nullopt;
}

std::optional<std::string> wrongFallback(const Site& s, const Arch& target, const ArchTable& archs) {
  if (auto twin = resourceTwin(s, target, archs))
    return target.name() + " has the " + twin->fact + " of " + twin->archs +
           ", which that arm handles; it takes another path";
  std::string mate = familyMate(s, target);
  if (!mate.empty()) return mate;
  return std::nullopt;
}

std::string guardBeforeEveryRead(const LinkedSite& ls, const Arch& target) {
  if (ls.lookups.empty()) return "";
  for (const auto& read : ls.lookups)
    if (read.reached_only_by.empty() || coveredByAny(read.reached_only_by, target)) return "";
  return ls.lookups.front().guard;
}

std::string familyMate(const Site& s, const Arch& target) {
  for (const auto& e : s.entries)
    if (!e.arch.major_only && e.arch.major == target.major && !covers(e.arch, target))
      return "the site handles " + e.arch.base().name() + " of " + target.name() + "'s own family (" +
             std::to_string(target.major) + ".x), so " + target.name() + " was likely forgotten";
  return "";
}

std::optional<std::string> gateReason(const LinkedSite& ls) {
  const Site& s = ls.site;
  // Only a check or a membership list stops one feature; a dispatcher's else
  // that lists what it supports is the dispatcher's own failure.
  if (ls.on_missing != OnMissing::Crash || !(s.check || s.kind == SiteKind::Set)) return std::nullopt;
  auto tied = [&]() -> std::optional<std::string> {
    if (s.check && s.conjoined) return std::string("the check ties the arch to a feature tested beside it");
    return std::nullopt;
  };
  std::string m = asciiLower(s.crash_message);
  if (m.empty()) return tied();
  // An arch, family or capability named in the message.
  static const std::regex arch(
      R"((\bsm_?\d{2,3}[af]?\b|\bsm\d+x\b|compute capabilit|\bhopper\b|\bblackwell\b|\bampere\b|\bada\b|\bvolta\b|\bturing\b|\bthor\b|\b\d{1,2}\.(\d|x)\b|\bsm\d{2,3}\b|\barch))");
  if (!std::regex_search(m, arch)) return tied();
  static const std::regex gate(R"((\bonly\b|\brequire[sd]?\b|\bis for\b|\bnon-sm|supported (on|for|by)\b))");
  if (!std::regex_search(m, gate)) return tied();
  // "only supports Ampere GPUs or newer": the message says newer archs pass,
  // so one the check refuses was forgotten, not kept out.
  static const std::regex open(R"(\b(or|and) (newer|later|above|higher|beyond)\b)");
  if (std::regex_search(m, open)) return tied();
  return "\"" + oneLine(s.crash_message) + "\"";
}

}  // namespace archscan
