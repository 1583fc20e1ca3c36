#include "analyze/code_objects.h"

#include <algorithm>

#include "analyze/paths.h"

namespace archscan {
namespace {

void add(std::vector<CodeObject>& out, const CodeObject& o) {
  auto same = [&](const CodeObject& x) { return x.ptx == o.ptx && x.arch == o.arch; };
  if (std::none_of(out.begin(), out.end(), same)) out.push_back(o);
}

}  // namespace

std::vector<CodeObject> codeObjects(const Site& s) {
  std::vector<CodeObject> out;
  for (const Entry& e : s.entries) {
    if (e.arch.major_only) continue;  // "12" alone is no build target
    Arch a = e.arch;
    if (e.form == EntryForm::Gencode) {
      std::vector<CodeObject> targets = flagCodeObjects(e.key_text);
      if (targets.empty()) targets.push_back(CodeObject{a, false});
      for (const auto& o : targets) add(out, o);
      continue;
    }
    const std::string& suffix = e.style.suffix;
    bool sass = true, ptx = false;
    if (suffix == "-real") {
      ptx = false;
    } else if (suffix == "-virtual" || e.style.prefix == "compute_") {
      sass = false, ptx = true;
    } else if (suffix == "+PTX" || suffix == "+ptx") {
      ptx = true;
    } else {
      ptx = e.style.kind != SpellingKind::DottedString;
    }
    if (sass) add(out, CodeObject{a, false});
    if (ptx) add(out, CodeObject{a, true});
  }
  return out;
}

std::string codeObjectList(const std::vector<CodeObject>& objects) {
  std::string out;
  for (const auto& o : objects) out += (out.empty() ? "" : ", ") + o.name();
  return out;
}

std::vector<CodeObject> flagsCodeObjects(const std::vector<std::string>& flags) {
  std::vector<CodeObject> out;
  for (const auto& flag : flags)
    for (const auto& o : flagCodeObjects(flag)) add(out, o);
  return out;
}

bool anyRunsOn(const std::vector<CodeObject>& objects, const Arch& target) {
  return std::any_of(objects.begin(), objects.end(), [&](const CodeObject& o) { return runsOn(o, target); });
}

UnitBuild unitBuild(const LinkedUnit& u) {
  UnitBuild b;
  if (!u.unit.own_arch_flags) {
    b.why = "no arch flags of its own: the builder's (TORCH_CUDA_ARCH_LIST, CMAKE_CUDA_ARCHITECTURES) decide";
    return b;
  }
  if (u.unit.open) {
    b.why = "its arch flags are computed when it is built (an f-string, a cache variable, native)";
    return b;
  }
  b.objects = flagsCodeObjects(u.unit.arch_flags);
  b.known = !b.objects.empty();
  if (!b.known) b.why = "no arch flag could be read";
  return b;
}

bool letsInAtRunTime(const Site& s, const Arch& t) {
  if (s.build_list || s.kind == SiteKind::Guard || s.polarity != Polarity::Allow ||
      s.spelling.kind == SpellingKind::CudaArchInt || s.skips)
    return false;
  TakenPath taken = takenPath(s, t);
  return taken.arm != kFallbackArm || taken.past;
}

const LinkedUnit* neverAdmittedBy(const Program& p, size_t site, const Arch& t) {
  const LinkedSite& ls = p.sites[site];
  const Site& s = ls.site;
  if (s.build_list || s.kind == SiteKind::Guard || s.polarity != Polarity::Allow || s.skips || letsInAtRunTime(s, t))
    return nullptr;
  if (!(s.check || s.exits_unlisted || ls.on_missing == OnMissing::Crash)) return nullptr;
  for (const LinkedUnit& u : p.units) {
    if (!std::binary_search(u.sites.begin(), u.sites.end(), site)) continue;
    UnitBuild build = unitBuild(u);
    bool builtFor = std::any_of(build.objects.begin(), build.objects.end(),
                                [&](const CodeObject& o) { return !o.ptx && runsOn(o, t); });
    if (!build.known || !builtFor) continue;
    bool admitted = std::any_of(u.sites.begin(), u.sites.end(),
                                [&](size_t other) { return letsInAtRunTime(p.sites[other].site, t); });
    if (!admitted) return &u;
  }
  return nullptr;
}

}  // namespace archscan
