#include "discover/discover.h"

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <unordered_map>

#include "discover/folder.h"
#include "discover/git_files.h"
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
  fs::path abs = absoluteIn(p, cwd).lexically_normal();
  fs::path rel = abs.lexically_relative(cwd);
  if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  return abs.generic_string();
}

std::string displayPath(const fs::path& p) {
  std::error_code ec;
  return displayPath(p, fs::current_path(ec));
}

// `name` in folder `dir`, spelled as fs::path's operator/ would.
std::string join(const std::string& dir, const std::string& name) {
  return dir.empty() || dir.back() == '/' ? dir + name : dir + "/" + name;
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
  // Most of a walk's paths are plain and are not made into fs::path at all.
  std::string display(const std::string& p) const {
    if (auto plain = plainRelative(p)) return *plain;
    return displayPath(p, cwd_);
  }
  fs::path absolute(const fs::path& p) const { return absoluteIn(p, cwd_).lexically_normal(); }
  // What the display path of every file below folder `root` starts with, so
  // that a walk names a file by its path below the root and makes no fs::path
  // of it (a root given absolute is not plain): "" for the working folder
  // itself. Nullopt when the working folder lies inside the root: files in it
  // display relative and the others absolute.
  std::optional<std::string> displayBase(const fs::path& root) const {
    fs::path inside = cwd_.lexically_relative(absolute(root));
    if (!inside.empty() && inside != "." && *inside.begin() != "..") return std::nullopt;
    std::string base = displayPath(root, cwd_);
    return base == "." ? "" : base;
  }

  // What a walk's listing of `folder` (as the walk spells it) said of its
  // __init__.py, so that packageOf() need not ask the file system again.
  void knowListing(const std::string& folder, bool hasInit) {
    hasInit_[absoluteIn(join(folder, "__init__.py"), cwd_).parent_path().native()] = hasInit;
  }

  // Packages are folders with __init__.py: a/b/c.py in package a.b is a.b.c.
  // A walk says which folder (as it spells it) holds the file, so that the
  // folder's package is worked out once, not once per file.
  std::string module(const std::string& path, const std::string& name, const std::string& folder = "") {
    std::string package = folder.empty() ? packageOf(absoluteIn(path, cwd_).parent_path()) : packageIn(folder, path);
    if (name == "__init__.py") return package;
    size_t dot = name.rfind('.');
    std::string stem = dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
    return package.empty() ? stem : package + "." + stem;
  }

 private:
  // The package of `folder` as the walk spells it; `path` is a file in it.
  const std::string& packageIn(const std::string& folder, const std::string& path) {
    auto it = byFolder_.find(folder);
    if (it == byFolder_.end()) it = byFolder_.emplace(folder, packageOf(absoluteIn(path, cwd_).parent_path())).first;
    return it->second;
  }

  // The dotted package a folder is, "" when it holds no __init__.py.
  std::string packageOf(const fs::path& dir) {
    auto known = packages_.find(dir.native());
    if (known != packages_.end()) return known->second;
    auto listed = hasInit_.find(dir.native());
    std::error_code ec;
    std::string name;
    if (listed != hasInit_.end() ? listed->second : fs::exists(dir / "__init__.py", ec)) {
      std::string outer = dir == dir.parent_path() ? "" : packageOf(dir.parent_path());
      name = outer.empty() ? dir.filename().string() : outer + "." + dir.filename().string();
    }
    return packages_[dir.native()] = name;
  }

  fs::path cwd_;
  std::unordered_map<std::string, std::string> packages_;  // by absolute folder
  std::unordered_map<std::string, std::string> byFolder_;  // by the walk's spelling
  std::unordered_map<std::string, bool> hasInit_;  // by absolute folder, from listings
};

// An exclude glob as it is matched. People write a folder the way their
// shell completes it: "csrc/" is the folder csrc wherever it is (as in
// .gitignore), "./csrc" is csrc in the base folder, and "$PWD/csrc" an
// absolute path; all three mean the folder, not a name ending in a slash.
struct Exclude {
  std::string pattern;
  fs::path base;
  bool anchored = false;  // matched below `base`, not as a name anywhere
};

Exclude asMatched(const ExcludeGlob& g) {
  Exclude e{g.pattern, g.base};
  std::string& p = e.pattern;
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  e.anchored = p.find('/') != std::string::npos;
  if (!e.anchored) return e;
  // Relative to the base where it can be, so the base's own name is never read as a glob.
  fs::path full = (e.base / p).lexically_normal();
  fs::path rel = full.lexically_relative(e.base);
  if (!rel.empty() && *rel.begin() != "..") {
    p = rel.generic_string();
  } else {
    e.base = "/";
    p = full.generic_string().substr(1);
  }
  return e;
}

bool matchesExclude(const Exclude& g, const std::string& rel, const fs::path& abs) {
  // A bare name excludes that folder or file anywhere: --exclude tests
  if (!g.anchored) {
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
bool excluded(const std::string& rel, const fs::path& absRoot, const std::vector<Exclude>& excludes, Discovery& out) {
  if (excludes.empty()) return false;
  fs::path abs = absRoot / rel;
  bool any = false;
  for (size_t i = 0; i < excludes.size(); ++i) {
    if (matchesExclude(excludes[i], rel, abs)) {
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

// fs::path::has_extension() of a file name: a dot that is not its first character.
bool hasExtension(const std::string& name) {
  size_t dot = name.rfind('.');
  return dot != std::string::npos && dot != 0;
}

// `folder` is how the walk spells the file's folder; empty for a file given by name.
void addFile(std::string display, const std::string& p, const std::string& name, const std::string& folder,
             const std::string& root, Language lang, Namer& names, Discovery& out) {
  out.files.push_back(
      SourceFile{std::move(display), root, lang, lang == Language::Python ? names.module(p, name, folder) : ""});
}

// One walk below one root. Folders are entered depth first, each right
// after it is listed, as std::filesystem's recursive iterator did; a
// folder's .gitignore applies to everything below it.
class Walk {
 public:
  Walk(const fs::path& root, const DiscoverOptions& opts, const FrontendSet& frontends, Namer& names, Discovery& out)
      : rootName_(root.generic_string()), opts_(opts), frontends_(frontends), names_(names), out_(out) {
    for (const auto& g : opts.excludes) excludes_.push_back(asMatched(g));
    if (!opts.list_suffixes.empty()) {
      out.listings.push_back({names.absolute(root).string(), {}, {}});
      listing_ = &out.listings.back();
    }
    displayBase_ = names.displayBase(root);
    git_ = gitFiles(root.string());
    std::error_code ec;
    canonRoot_ = fs::weakly_canonical(root, ec);
    absRoot_ = fs::absolute(root, ec).lexically_normal();
  }

  // Every file system failure is a diagnostic, and the walk goes on.
  void folder(const std::string& dir, const std::string& rel) {
    std::error_code ec;
    OpenFolder open(dir, ec);
    if (ec) {
      out_.diagnostics.push_back({"error", displayPath(dir), 0, "cannot read folder: " + ec.message()});
      return;
    }
    std::vector<FolderEntry> entries = open.entries(ec);
    if (ec) out_.diagnostics.push_back({"error", displayPath(dir), 0, "cannot read: " + ec.message()});
    bool hasInit = false;
    for (const auto& e : entries) {
      if (e.name == ".gitignore") ignore_.add(readSmall(join(dir, e.name)), rel);
      // fs::exists: anything but a dangling link
      if (e.name == "__init__.py") hasInit = !(e.link && e.kind == FolderEntry::Kind::Other);
    }
    names_.knowListing(dir, hasInit);
    for (const auto& e : entries) entry(open, dir, rel.empty() ? e.name : rel + "/" + e.name, e);
  }

 private:
  // `e` of folder `dir`, which is `in`; `rel` is its path below the root.
  void entry(const OpenFolder& in, const std::string& dir, const std::string& rel, const FolderEntry& e) {
    std::string p = join(dir, e.name);
    bool isExcluded = excluded(rel, absRoot_, excludes_, out_);
    if (e.kind == FolderEntry::Kind::Folder) {
      if (hiddenFolder(e.name) || e.name == "__pycache__" || e.name == "node_modules" || ignored(p, rel, true) ||
          isExcluded) {
        if (listing_ && !e.link) listing_->skipped.push_back(p);
        return;
      }
      if (!e.link) folder(p, rel);  // a link to a folder is not followed
      return;
    }
    bool regular = e.kind == FolderEntry::Kind::File;
    if (listing_ && regular && endsInOneOf(e.name, opts_.list_suffixes))
      listing_->files.push_back(names_.absolute(p).string());
    const Frontend* fe = frontends_.forFile(rel);
    if (!fe && !isExcluded && !hasExtension(e.name) && !e.link && regular) fe = frontends_.forFile(rel, head(p));
    if (!fe || ignored(p, rel, false) || isExcluded) return;
    if (e.link) {
      std::error_code ec;
      fs::path target = fs::weakly_canonical(p, ec);
      auto r = target.lexically_relative(canonRoot_);
      if (ec || r.empty() || *r.begin() == "..") return;  // a link out of the root is not ours to read
    }
    if (!regular) return;
    // One stat per file, kept: extraction and the snapshot need it too.
    std::optional<FileStamp> stamp = in.stamp(e.name);
    if (stamp && stamp->size > opts_.max_bytes) {
      out_.diagnostics.push_back({"note", displayPath(p), 0,
                                  "skipped: larger than " + sizeLimitText(opts_.max_bytes) +
                                      " (named on the command line, a file is read whatever its size)"});
      out_.too_large.push_back(displayPath(p));
      return;
    }
    std::string display = !displayBase_ ? names_.display(p) : displayBase_->empty() ? rel : join(*displayBase_, rel);
    addFile(std::move(display), p, e.name, dir, rootName_, fe->language(), names_, out_);
    out_.files.back().stamp = stamp;
  }

  // Inside a git work tree, whatever git does not list is ignored; outside
  // one, or without git, the .gitignore files met on the way decide.
  bool ignored(const std::string& path, const std::string& rel, bool folder) {
    if (!git_) return ignore_.ignored(rel, folder);
    if (!folder) return git_->files.count(rel) == 0;
    if (git_->folders.count(rel)) return false;
    if (!git_->files.count(rel)) return true;
    // A repository inside (a submodule, a clone git would add): its own git lists its files.
    if (auto inner = gitFiles(path)) {
      for (const auto& f : inner->files) git_->files.insert(rel + "/" + f);
      for (const auto& d : inner->folders) git_->folders.insert(rel + "/" + d);
    }
    git_->folders.insert(rel);
    return false;
  }

  std::string rootName_;  // SourceFile::root
  std::optional<std::string> displayBase_;
  const DiscoverOptions& opts_;
  const FrontendSet& frontends_;
  Namer& names_;
  Discovery& out_;
  TreeListing* listing_ = nullptr;
  IgnoreRules ignore_;
  std::optional<GitFiles> git_;
  std::vector<Exclude> excludes_;
  fs::path canonRoot_, absRoot_;
};

}  // namespace

std::string sizeLimitText(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

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
      Walk(p, opts, frontends, names, out).folder(p.string(), "");
    } else if (!fs::is_regular_file(st)) {
      // Named by the user, perhaps through a symlink: a FIFO would block the
      // read and /dev/zero would never end. Refused by what it is.
      const char* what = fs::is_fifo(st)             ? "a FIFO"
                         : fs::is_character_file(st) ? "a character device"
                         : fs::is_block_file(st)     ? "a block device"
                         : fs::is_socket(st)         ? "a socket"
                                                     : "not a regular file";
      out.diagnostics.push_back({"error", raw, 0, std::string(what) + ", not a regular file; not read"});
    } else {
      std::string given = p.lexically_normal().generic_string();
      const Frontend* fe = frontends.forFile(given);
      if (!fe && fs::is_regular_file(st)) fe = frontends.forFile(given, head(p));
      if (!fe) {
        out.diagnostics.push_back({"warning", raw, 0, "not a language archscan reads (by file name)"});
        continue;
      }
      fs::path folder = p.parent_path().empty() ? fs::path(".") : p.parent_path();
      addFile(names.display(p.string()), p.string(), p.filename().string(), "", folder.generic_string(), fe->language(),
              names, out);
    }
  }
  std::sort(out.files.begin(), out.files.end(),
            [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
  out.files.erase(std::unique(out.files.begin(), out.files.end(),
                              [](const SourceFile& a, const SourceFile& b) { return a.path == b.path; }),
                  out.files.end());
  return out;
}

}  // namespace archscan
