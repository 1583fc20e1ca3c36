#include "cli/baseline_ref.h"

#include <stdlib.h>

#include <filesystem>

#include "cli/usage_error.h"
#include "util/subprocess.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

// Removed however the scan ends.
struct TempFolder {
  fs::path path;
  TempFolder() {
    std::error_code ec;
    std::string pattern = (fs::temp_directory_path(ec) / "archscan-ref-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw UsageError("--baseline-ref: cannot make a temporary folder in " + pattern);
    path = pattern;
  }
  ~TempFolder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
};

// The scan runs from a folder of REF's tree, and the current folder comes back whatever happens.
struct InFolder {
  fs::path back;
  explicit InFolder(const fs::path& to) : back(fs::current_path()) { fs::current_path(to); }
  ~InFolder() {
    std::error_code ec;
    fs::current_path(back, ec);
  }
  InFolder(const InFolder&) = delete;
  InFolder& operator=(const InFolder&) = delete;
};

// An absolute path inside the work tree, moved to the same place in REF's tree; anything else as it is.
std::string moved(const std::string& path, const fs::path& from, const fs::path& to) {
  fs::path p(path);
  if (!p.is_absolute()) return path;
  fs::path rel = p.lexically_normal().lexically_relative(from);
  if (rel.empty() || *rel.begin() == "..") return path;
  return (to / rel).lexically_normal().string();
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

}  // namespace

std::set<std::string> fingerprintsAtRef(const Settings& st, const std::string& cache_dir) {
  const std::string& ref = st.o.baseline_ref;
  const std::string what = "--baseline-ref " + ref;
  if (!st.scan.facts_files.empty()) throw UsageError(what + ": scans files, and cannot compare with --facts");
  std::error_code ec;
  fs::path here = fs::canonical(fs::current_path(ec), ec);
  auto top = commandOutput({"git", "-C", here.string(), "rev-parse", "--show-toplevel"});
  if (!top || trimmed(*top).empty()) throw UsageError(what + ": " + here.string() + " is not in a git work tree");
  fs::path root = fs::canonical(trimmed(*top), ec);
  if (!commandOutput({"git", "-C", root.string(), "rev-parse", "--verify", "--quiet", ref + "^{commit}"}))
    throw UsageError(what + ": no such commit in " + root.string());

  TempFolder tmp;
  fs::path tree = tmp.path / "tree", archive = tmp.path / "ref.tar";
  fs::create_directories(tree, ec);
  if (!commandOutput({"git", "-C", root.string(), "archive", "--format=tar", "-o", archive.string(), ref}))
    throw UsageError(what + ": git archive could not write " + ref + "'s files to " + archive.string());
  if (!commandOutput({"tar", "-xf", archive.string(), "-C", tree.string()}))
    throw UsageError(what + ": tar could not unpack " + archive.string());
  fs::path there = tree / here.lexically_relative(root);
  fs::create_directories(there, ec);  // the current folder may be new since REF

  ScanOptions opts = st.scan;
  opts.progress = false;
  opts.cache_dir = cache_dir.empty() ? "" : fs::absolute(cache_dir, ec).string();
  opts.cache = !cache_dir.empty();
  for (auto& p : opts.paths) p = moved(p, root, tree);
  for (auto& e : opts.excludes) e.base = moved(e.base, root, tree);
  opts.compile_db = moved(opts.compile_db, root, tree);
  ScanResult r;
  {
    InFolder in(there);
    r = scan(opts, st.k);
  }
  std::set<std::string> out;
  if (!r.input_errors.empty()) return out;  // nothing there at REF
  for (const auto& f : r.analysis.findings) out.insert(f.fingerprint);
  return out;
}

}  // namespace archscan
