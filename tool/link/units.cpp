#include "link/units.h"

#include <fnmatch.h>

#include <filesystem>
#include <map>
#include <set>
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

// A unit's default build with what the CMake directories above it add: a
// directory's CMAKE_CUDA_FLAGS and CMAKE_CUDA_ARCHITECTURES pass to those
// it adds with add_subdirectory(). A setup.py extension's is its own
// literal flags, when they are the whole story.
DefaultBuild resolvedDefault(const std::vector<FileFacts>& files, const std::vector<std::string>& normals,
                             const std::map<std::string, std::pair<size_t, const Subdirectory*>>& added, size_t file,
                             const BuildUnit& u) {
  namespace fs = std::filesystem;
  if (fs::path(files[file].path).filename() != "CMakeLists.txt") {
    DefaultBuild d;
    d.known = u.own_arch_flags && !u.open && !u.arch_flags.empty();
    d.archs_set = true;
    d.arch_flags = u.arch_flags;
    return d;
  }
  DefaultBuild b = u.by_default;
  for (size_t at = file, steps = 0; b.known && steps < 64; ++steps) {
    auto it = added.find(fs::path(normals[at]).parent_path().string());
    if (it == added.end()) break;
    const DefaultBuild& scope = it->second.second->scope;
    b.known = scope.known;
    b.archs_set |= scope.archs_set;
    b.arch_flags.insert(b.arch_flags.end(), scope.arch_flags.begin(), scope.arch_flags.end());
    at = it->second.first;
  }
  // Archs no file sets are CMake's compiler default: not read here.
  b.known &= b.archs_set;
  return b;
}

// The files each file includes, found among the scanned files: beside the
// includer first, else every scanned file whose path ends with the include
// (the include folders are the build's, not known here; more includers only
// make a header's builds less often known, never wrongly so).
std::vector<std::vector<size_t>> includersOf(const std::vector<FileFacts>& files,
                                             const std::vector<std::string>& normals,
                                             const std::map<std::string, size_t>& index) {
  namespace fs = std::filesystem;
  std::map<std::string, std::vector<size_t>> byName;
  for (size_t i = 0; i < files.size(); ++i) byName[fs::path(normals[i]).filename().string()].push_back(i);
  std::vector<std::vector<size_t>> out(files.size());
  for (size_t i = 0; i < files.size(); ++i)
    for (const auto& inc : files[i].includes) {
      auto beside = index.find((fs::path(normals[i]).parent_path() / inc).lexically_normal().string());
      if (beside != index.end()) {
        out[beside->second].push_back(i);
        continue;
      }
      auto named = byName.find(fs::path(inc).filename().string());
      if (named == byName.end()) continue;
      std::string tail = "/" + fs::path(inc).lexically_normal().string();
      for (size_t j : named->second)
        if (normals[j].size() > tail.size() &&
            normals[j].compare(normals[j].size() - tail.size(), tail.size(), tail) == 0)
          out[j].push_back(i);
    }
  return out;
}

// The default builds reaching `start`: itself when a unit compiles it, and
// every source that includes it, however deep.
FileBuilds buildsOf(size_t start, const std::vector<FileFacts>& files,
                    const std::vector<std::vector<size_t>>& includers,
                    const std::map<std::string, std::vector<size_t>>& unitsOf, const std::vector<LinkedUnit>& units) {
  FileBuilds fb;
  bool known = true, reached = false;
  std::vector<size_t> todo = {start};
  std::set<size_t> seen = {start};
  while (!todo.empty() && known) {
    size_t n = todo.back();
    todo.pop_back();
    bool source = isCompiledSource(files[n].path);
    if (source) {
      reached = true;
      auto it = unitsOf.find(files[n].path);
      if (it == unitsOf.end()) known = false;  // compiled by something not read
      else
        for (size_t u : it->second) {
          const LinkedUnit& lu = units[u];
          known &= lu.by_default.known;
          fb.arch_flags.insert(fb.arch_flags.end(), lu.by_default.arch_flags.begin(), lu.by_default.arch_flags.end());
          if (fb.example.empty()) fb.example = lu.unit.name + " (" + lu.file + ":" + std::to_string(lu.unit.line) + ")";
        }
    }
    // A header nothing scanned includes may be included by anything.
    if (!source && includers[n].empty()) known = false;
    for (size_t i : includers[n])
      if (seen.insert(i).second) todo.push_back(i);
    if (seen.size() > 20000) known = false;
  }
  fb.known = known && reached;
  return fb;
}

}  // namespace

void linkUnits(const std::vector<FileFacts>& files, Program& p) {
  namespace fs = std::filesystem;
  std::vector<LinkedUnit> out;
  bool any = false, device = false, defaulted = false;
  for (const auto& f : files) any |= !f.build_units.empty();
  for (const auto& s : p.sites) {
    device |= s.site.spelling.kind == SpellingKind::CudaArchInt;
    defaulted |= !s.site.default_of.empty();
  }
  if (!any && !device && !defaulted) return;
  // Files by normal path, as the working folder sees them: a source is
  // named from its build file's folder, a scanned file from where archscan ran.
  std::error_code ec;
  const fs::path cwd = fs::current_path(ec);
  auto normal = [&](const fs::path& p) { return (p.is_absolute() ? p : cwd / p).lexically_normal().string(); };
  std::vector<std::string> normals;  // of files, in order: what globs are matched against
  std::map<std::string, size_t> index;  // normal path -> index in files
  for (size_t i = 0; i < files.size(); ++i) {
    normals.push_back(normal(files[i].path));
    index.emplace(normals.back(), i);
  }
  std::map<std::string, std::pair<size_t, const Subdirectory*>> added;  // folder -> the CMake file adding it
  for (size_t i = 0; i < files.size(); ++i)
    for (const auto& sub : files[i].subdirectories)
      added.emplace((fs::path(normals[i]).parent_path() / sub.dir).lexically_normal().string(),
                    std::make_pair(i, &sub));
  // `if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)` in a folder whose parent sets
  // the list before add_subdirectory(): the parent's list is what builds it.
  for (auto& ls : p.sites) {
    if (ls.site.default_of != "CMAKE_CUDA_ARCHITECTURES") continue;
    // Up the chain of folders adding one another, to the first that sets it.
    auto it = added.find(fs::path(normal(ls.file)).parent_path().lexically_normal().string());
    for (int depth = 0; it != added.end() && !it->second.second->scope.archs_set && depth < 32; ++depth)
      it = added.find(fs::path(normals[it->second.first]).parent_path().lexically_normal().string());
    if (it == added.end()) continue;
    ls.confidence = Confidence::Low;
    ls.site.evidence.reasons.push_back("a default only: " + files[it->second.first].path + " sets " +
                                       ls.site.default_of + " before add_subdirectory(" + it->second.second->dir + ")");
  }
  for (size_t fi = 0; fi < files.size(); ++fi)
    for (const auto& u : files[fi].build_units) {
      const FileFacts& f = files[fi];
      LinkedUnit lu{f.path, u, {}, {}, resolvedDefault(files, normals, added, fi, u)};
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
        auto it = index.find(normal(sp.is_absolute() ? sp : dir / sp));
        if (it != index.end()) lu.source_files.push_back(files[it->second].path);
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
  // Device-side tests are evaluated at the archs their file is compiled for
  // (unknown without a build file), and launched by the files that include them.
  std::set<std::string> deviceFiles;
  for (const auto& s : p.sites)
    if (s.site.spelling.kind == SpellingKind::CudaArchInt) deviceFiles.insert(s.file);
  if (!deviceFiles.empty()) {
    auto includers = includersOf(files, normals, index);
    for (size_t i = 0; i < files.size(); ++i)
      if (deviceFiles.count(files[i].path)) {
        if (any) p.file_builds[files[i].path] = buildsOf(i, files, includers, unitsOf, out);
        for (size_t by : includers[i]) p.includers[files[i].path].push_back(files[by].path);
      }
  }
  p.units = std::move(out);
  p.units_of = std::move(unitsOf);
}

}  // namespace archscan
