#include "patch/select.h"

#include <fnmatch.h>

#include <filesystem>

#include "util/glob.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

bool nameGlob(const std::string& pattern, const std::string& name) {
  return fnmatch(pattern.c_str(), name.c_str(), FNM_NOESCAPE) == 0 || pattern == name;
}

bool anyMatch(const std::vector<std::string>& globs, const std::string& value, bool path) {
  for (const auto& g : globs)
    if (path ? globMatch(g, value) : nameGlob(g, value)) return true;
  return false;
}

std::string familyOf(const LinkedSite& s, const Program& p) {
  return s.family < 0 ? std::string() : p.families[static_cast<size_t>(s.family)].name;
}

}  // namespace

std::string rootRelative(const std::string& file, const std::vector<std::string>& roots) {
  std::error_code ec;
  fs::path abs = fs::absolute(file, ec).lexically_normal();
  for (const auto& r : roots.empty() ? std::vector<std::string>{"."} : roots) {
    fs::path root = fs::absolute(r, ec).lexically_normal();
    if (fs::is_regular_file(root, ec)) root = root.parent_path();
    fs::path rel = abs.lexically_relative(root);
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  return abs.filename().string();
}

bool passes(const SiteFilter& f, const LinkedSite& s, const std::string& rel, const Program& p, bool isExcept) {
  // `where`: every listed condition must hold. `except`: any listed condition excludes.
  bool files = !f.files.empty() && anyMatch(f.files, rel, true);
  bool sites = !f.sites.empty() && anyMatch(f.sites, s.site.name, false);
  bool kinds = false;
  for (const auto& k : f.kinds) kinds |= k == kindName(s.site.kind);
  bool fams = !f.families.empty() && !familyOf(s, p).empty() && anyMatch(f.families, familyOf(s, p), false);
  if (isExcept) return files || sites || kinds || fams;
  return (f.files.empty() || files) && (f.sites.empty() || sites) && (f.kinds.empty() || kinds) &&
         (f.families.empty() || fams);
}

void checkGlobsSelect(const PatchRule& r, const Program& p, const std::vector<std::string>& roots,
                      const AnalyzeOptions& opts) {
  auto check = [&](const std::vector<std::string>& globs, const char* what, auto valueOf, bool path) {
    for (const auto& g : globs) {
      bool hit = false;
      for (const auto& s : p.sites) {
        if (!visible(s, opts)) continue;
        std::string v = valueOf(s);
        hit |= !v.empty() && (path ? globMatch(g, v) : nameGlob(g, v));
      }
      auto loc = r.where.located.find(g);
      std::string place = loc == r.where.located.end() ? r.origin : loc->second;
      if (!hit) throw PatchError(place + ": where." + what + " '" + g + "' selects no site in the scanned tree");
    }
  };
  check(r.where.files, "files", [&](const LinkedSite& s) { return rootRelative(s.file, roots); }, true);
  check(r.where.sites, "sites", [](const LinkedSite& s) { return s.site.name; }, false);
  check(r.where.families, "family", [&](const LinkedSite& s) { return familyOf(s, p); }, false);
  for (const auto& [glob, value] : r.values) {
    bool hit = false;
    for (const auto& s : p.sites) hit |= visible(s, opts) && nameGlob(glob, s.site.name);
    auto loc = r.where.located.find("values:" + glob);
    std::string place = loc == r.where.located.end() ? r.origin : loc->second;
    if (!hit) throw PatchError(place + ": values '" + glob + "' names no site in the scanned tree");
  }
}

}  // namespace archscan
