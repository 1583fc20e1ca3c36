#include "link/units.h"

#include <fnmatch.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace archscan {
namespace {

// A CMake file(GLOB) pattern: wildcards, and `**/` for GLOB_RECURSE's any depth.
bool isPattern(const std::string& s) { return s.find_first_of("*?[") != std::string::npos; }

// Whether `rel` (a scanned file, relative to the build file's folder)
// matches `pattern` as CMake's file(GLOB) would: `*` stays within a folder;
// `dir/**/name` matches name in dir or any folder below it.
bool globMatches(const std::string& pattern, const std::string& rel) {
  size_t deep = pattern.find("**/");
  if (deep == std::string::npos) return fnmatch(pattern.c_str(), rel.c_str(), FNM_PATHNAME) == 0;
  std::string dir = pattern.substr(0, deep), name = pattern.substr(deep + 3);
  if (rel.compare(0, dir.size(), dir) != 0) return false;
  std::string rest = rel.substr(dir.size());
  std::string base = rest.substr(rest.rfind('/') == std::string::npos ? 0 : rest.rfind('/') + 1);
  return fnmatch(name.c_str(), name.find('/') == std::string::npos ? base.c_str() : rest.c_str(), FNM_PATHNAME) == 0;
}

}  // namespace

void linkUnits(const std::vector<FileFacts>& files, Program& p) {
  namespace fs = std::filesystem;
  std::vector<LinkedUnit> out;
  bool any = false;
  for (const auto& f : files) any |= !f.build_units.empty();
  if (!any) return;
  // Files by normal path, as the working folder sees them: a source is
  // named from its build file's folder, a scanned file from where archscan ran.
  std::error_code ec;
  const fs::path cwd = fs::current_path(ec);
  auto normal = [&](const fs::path& p) { return (p.is_absolute() ? p : cwd / p).lexically_normal().string(); };
  std::map<std::string, std::string> byPath;
  std::vector<std::string> normals;  // of files, in order: what globs are matched against
  for (const auto& f : files) {
    normals.push_back(normal(f.path));
    byPath.emplace(normals.back(), f.path);
  }
  for (const auto& f : files)
    for (const auto& u : f.build_units) {
      LinkedUnit lu{f.path, u, {}};
      fs::path dir = fs::path(f.path).parent_path();
      for (const auto& s : u.sources) {
        if (isPattern(s)) {
          std::string under = normal(dir.empty() ? fs::path(".") : dir);
          if (under.empty() || under.back() != '/') under += '/';
          for (size_t g = 0; g < files.size(); ++g)
            if (normals[g].compare(0, under.size(), under) == 0 && globMatches(s, normals[g].substr(under.size())))
              lu.source_files.push_back(files[g].path);
          continue;
        }
        fs::path sp(s);
        auto it = byPath.find(normal(sp.is_absolute() ? sp : dir / sp));
        if (it != byPath.end()) lu.source_files.push_back(it->second);
      }
      // A module compiled when first used is loaded by its own file: the
      // checks there decide who reaches its kernels.
      if (u.jit && !lu.source_files.empty()) lu.source_files.push_back(f.path);
      if (!lu.source_files.empty()) out.push_back(std::move(lu));
    }
  std::map<std::string, std::vector<size_t>> unitsOf;  // file -> units compiling it
  for (size_t u = 0; u < out.size(); ++u)
    for (const auto& f : out[u].source_files) unitsOf[f].push_back(u);
  for (size_t i = 0; i < p.sites.size(); ++i)
    if (auto it = unitsOf.find(p.sites[i].file); it != unitsOf.end())
      for (size_t u : it->second)
        if (out[u].sites.empty() || out[u].sites.back() != i) out[u].sites.push_back(i);
  p.units = std::move(out);
  p.units_of = std::move(unitsOf);
}

}  // namespace archscan
