#include "discover/discover.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <unordered_map>

#include "discover/gitignore.h"
#include "util/glob.h"
#include "util/input_file.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

// A .gitignore that is not a small regular file (a FIFO would hang) is ignored.
std::string readSmall(const fs::path& p) {
  try {
    return readInputFile(p.string(), std::size_t{1} << 20);
  } catch (const std::exception&) {
    return "";
  }
}

// `p` made absolute against `cwd`, which is the working folder; without
// fs::absolute's getcwd call, which was two system calls per file.
fs::path absoluteIn(const fs::path& p, const fs::path& cwd) { return p.is_absolute() ? p : cwd / p; }

// A relative path with no ".", ".." or empty component (after a leading
// "./") is its own display path; most of a walk's paths are, and
// normalising each one split it into components twice.
std::optional<std::string> plainRelative(const std::string& p) {
  std::string_view v(p);
  while (v.size() > 2 && v.compare(0, 2, "./") == 0) v.remove_prefix(2);
  if (v.empty() || v[0] == '/') return std::nullopt;
  size_t start = 0;
  while (start <= v.size()) {
    size_t end = v.find('/', start);
    if (end == std::string_view::npos) end = v.size();
    std::string_view part = v.substr(start, end - start);
    if (part.empty() || part == "." || part == "..") return std::nullopt;
    start = end + 1;
  }
  return std::string(v);
}

// Relative to `cwd` when the file is below it, else absolute.
std::string displayPath(const fs::path& p, const fs::path& cwd) {
  if (auto plain = plainRelative(p.native())) return *plain;
  fs::path abs = absoluteIn(p, cwd).lexically_normal();
  fs::path rel = abs.lexically_relative(cwd);
  if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  return abs.generic_string();
}

std::string displayPath(const fs::path& p) {
  std::error_code ec;
  return displayPath(p, fs::current_path(ec));
}

// What every discovered file is named by: its display path and, for Python,
// its module. Both were asked of the file system per file (the working
// folder, and an __init__.py look-up per enclosing folder); a tree of
// thousands of files asks once per folder.
class Namer {
 public:
  Namer() {
    std::error_code ec;
    cwd_ = fs::current_path(ec);
  }
  std::string display(const fs::path& p) const { return displayPath(p, cwd_); }
  fs::path absolute(const fs::path& p) const { return absoluteIn(p, cwd_).lexically_normal(); }

  // Packages are folders with __init__.py: a/b/c.py in package a.b is a.b.c.
  std::string module(const fs::path& file) {
    std::string package = packageOf(absoluteIn(file, cwd_).parent_path());
    if (file.filename() == "__init__.py") return package;
    std::string stem = file.stem().string();
    return package.empty() ? stem : package + "." + stem;
  }

 private:
  // The dotted package a folder is, "" when it holds no __init__.py.
  std::string packageOf(const fs::path& dir) {
    auto known = packages_.find(dir.native());
    if (known != packages_.end()) return known->second;
    std::error_code ec;
    std::string name;
    if (fs::exists(dir / "__init__.py", ec)) {
      std::string outer = dir == dir.parent_path() ? "" : packageOf(dir.parent_path());
      name = outer.empty() ? dir.filename().string() : outer + "." + dir.filename().string();
    }
    return packages_[dir.native()] = name;
  }

  fs::path cwd_;
  std::unordered_map<std::string, std::string> packages_;
};

bool matchesExclude(const ExcludeGlob& g, const std::string& rel, const fs::path& abs) {
  // A bare name excludes that folder or file anywhere: --exclude tests
  if (g.pattern.find('/') == std::string::npos) {
    size_t start = 0;
    while (start <= rel.size()) {
      size_t end = rel.find('/', start);
      if (end == std::string::npos) end = rel.size();
      if (globMatch(g.pattern, rel.substr(start, end - start))) return true;
      start = end + 1;
    }
    return false;
  }
  std::string fromBase = abs.lexically_relative(g.base).generic_string();
  if (fromBase.empty() || fromBase.rfind("..", 0) == 0) return false;
  return globMatch(g.pattern, fromBase);
}

// Every glob is tried, so each one's hits are counted: a glob that never
// matches is reported as a likely mistake.
bool excluded(const std::string& rel, const fs::path& absRoot, const DiscoverOptions& opts, Discovery& out) {
  if (opts.excludes.empty()) return false;
  fs::path abs = absRoot / rel;
  bool any = false;
  for (size_t i = 0; i < opts.excludes.size(); ++i) {
    if (matchesExclude(opts.excludes[i], rel, abs)) {
      ++out.exclude_hits[i];
      any = true;
    }
  }
  return any;
}

// The first bytes of a file with no extension, for front-ends that know a
// script by its shebang; nothing for other files (reading every file of a
// tree would cost more than the scan).
std::string head(const fs::path& p) {
  if (p.has_extension()) return {};
  std::ifstream in(p, std::ios::binary);
  char buf[128];
  in.read(buf, sizeof buf);
  return std::string(buf, static_cast<size_t>(in.gcount()));
}

// A folder is walked unless hidden; .github holds CI workflows and scripts.
bool hiddenFolder(const std::string& name) { return !name.empty() && name[0] == '.' && name != ".github"; }

bool endsInOneOf(const std::string& name, const std::vector<std::string>& suffixes) {
  for (const auto& s : suffixes)
    if (name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0) return true;
  return false;
}

// `p`, which the walk of `root` reached, relative to `root`. The walk's
// paths are `root` and the names below it, joined by "/", so the common
// case is cutting a prefix instead of comparing component by component.
std::string relativeTo(const fs::path& p, const fs::path& root) {
  const std::string& full = p.native();
  const std::string& base = root.native();
  size_t cut = base.size() + (!base.empty() && base.back() != '/');
  if (full.size() > cut && full.compare(0, base.size(), base) == 0 && full[cut - 1] == '/') return full.substr(cut);
  return p.lexically_relative(root).generic_string();
}

void addFile(const fs::path& p, const fs::path& root, Language lang, Namer& names, Discovery& out) {
  out.files.push_back(
      SourceFile{names.display(p), root.generic_string(), lang, lang == Language::Python ? names.module(p) : ""});
}

void walk(const fs::path& root, const DiscoverOptions& opts, const FrontendSet& frontends, Namer& names,
          Discovery& out) {
  TreeListing* listing = nullptr;
  if (!opts.list_suffixes.empty()) {
    out.listings.push_back({names.absolute(root).string(), {}, {}});
    listing = &out.listings.back();
  }
  IgnoreRules ignore;
  std::error_code ec;
  fs::path canonRoot = fs::weakly_canonical(root, ec);
  fs::path absRoot = fs::absolute(root, ec).lexically_normal();
  // Every filesystem call here takes an error_code: one unreadable folder is a
  // diagnostic, and the scan goes on.
  if (fs::exists(root / ".gitignore", ec)) ignore.add(readSmall(root / ".gitignore"), "");
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
  if (ec) {
    out.diagnostics.push_back({"error", displayPath(root), 0, "cannot read folder: " + ec.message()});
    return;
  }
  for (; it != end; it.increment(ec)) {
    if (ec) {
      out.diagnostics.push_back({"error", displayPath(it->path()), 0, "cannot read: " + ec.message()});
      ec.clear();
      continue;
    }
    const fs::path& p = it->path();
    std::string rel = relativeTo(p, root);
    std::string name = p.filename().string();
    bool isLink = it->is_symlink(ec);
    bool isDir = it->is_directory(ec);
    bool isExcluded = excluded(rel, absRoot, opts, out);
    if (isDir) {
      if (hiddenFolder(name) || name == "__pycache__" || name == "node_modules" || ignore.ignored(rel, true) ||
          isExcluded) {
        if (listing && !isLink) listing->skipped.push_back(p.string());
        it.disable_recursion_pending();
        continue;
      }
      // skip_permission_denied would pass over an unreadable folder in
      // silence; access() asks what opening it would, in one system call.
      if (::access(p.c_str(), R_OK) != 0) {
        out.diagnostics.push_back(
            {"error", displayPath(p), 0, "cannot read folder: " + std::error_code(errno, std::generic_category()).message()});
        it.disable_recursion_pending();
        continue;
      }
      if (fs::exists(p / ".gitignore", ec)) ignore.add(readSmall(p / ".gitignore"), rel);
      continue;
    }
    if (listing && endsInOneOf(name, opts.list_suffixes) && it->is_regular_file(ec))
      listing->files.push_back(names.absolute(p).string());
    const Frontend* fe = frontends.forFile(rel);
    if (!fe && !isExcluded && !p.has_extension() && !isLink && it->is_regular_file(ec)) fe = frontends.forFile(rel, head(p));
    if (!fe || ignore.ignored(rel, false) || isExcluded) continue;
    if (isLink) {
      fs::path target = fs::weakly_canonical(p, ec);
      auto r = target.lexically_relative(canonRoot);
      if (ec || r.empty() || *r.begin() == "..") continue;  // a link out of the root is not ours to read
    }
    if (!it->is_regular_file(ec)) continue;
    // One stat per file, kept: extraction and the snapshot need it too.
    std::optional<FileStamp> stamp = stampOf(p.string());
    if (stamp && stamp->size > opts.max_bytes) {
      out.diagnostics.push_back({"note", displayPath(p), 0, "skipped: larger than " + std::to_string(opts.max_bytes >> 20) + " MiB"});
      continue;
    }
    addFile(p, root, fe->language(), names, out);
    out.files.back().stamp = stamp;
  }
}

}  // namespace

Discovery discover(const std::vector<std::string>& paths, const DiscoverOptions& opts, const FrontendSet& frontends) {
  Discovery out;
  out.exclude_hits.assign(opts.excludes.size(), 0);
  Namer names;
  for (const auto& raw : paths) {
    fs::path p(raw);
    std::error_code ec;
    auto st = fs::status(p, ec);
    if (ec || !fs::exists(st)) {
      out.diagnostics.push_back({"error", raw, 0, "no such file or folder"});
      continue;
    }
    if (fs::is_directory(st)) {
      walk(p, opts, frontends, names, out);
    } else {
      std::string given = p.lexically_normal().generic_string();
      const Frontend* fe = frontends.forFile(given);
      if (!fe && fs::is_regular_file(st)) fe = frontends.forFile(given, head(p));
      if (!fe) {
        out.diagnostics.push_back({"warning", raw, 0, "not a language archscan reads (by file name)"});
        continue;
      }
      addFile(p, p.parent_path().empty() ? fs::path(".") : p.parent_path(), fe->language(), names, out);
    }
  }
  std::sort(out.files.begin(), out.files.end(), [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
  out.files.erase(std::unique(out.files.begin(), out.files.end(),
                              [](const SourceFile& a, const SourceFile& b) { return a.path == b.path; }),
                  out.files.end());
  return out;
}

}  // namespace archscan
