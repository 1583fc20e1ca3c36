#include "scan.h"

#include <chrono>
#include <filesystem>
#include <stdexcept>

#include "discover/discover.h"
#include "extract/extract.h"
#include "extract/registry.h"
#include "link/link.h"
#include "util/progress.h"

namespace archscan {
namespace {

// The C++ front-end's settings: the scan's root, and the compilation
// database named by -p or found at the root or in its build*/ folders.
FrontendSettings frontendSettings(const ScanOptions& opts) {
  namespace fs = std::filesystem;
  FrontendSettings s;
  std::error_code ec;
  fs::path root = opts.paths.empty() ? fs::path(".") : fs::path(opts.paths.front());
  if (!fs::is_directory(root, ec)) root = root.parent_path().empty() ? fs::path(".") : root.parent_path();
  s.root = root.string();
  if (opts.compile_db.empty()) {
    s.database = findCompilationDatabase(s.root);
  } else {
    fs::path db = opts.compile_db;
    if (fs::is_directory(db, ec)) db /= "compile_commands.json";
    if (!fs::is_regular_file(db, ec)) throw std::runtime_error(db.string() + ": no compilation database there (-p)");
    s.database = db.string();
  }
  return s;
}

}  // namespace

ScanResult scan(const ScanOptions& opts, const Knowledge& k) {
  auto start = std::chrono::steady_clock::now();
  ScanResult r;
  r.frontends = makeFrontends(k, frontendSettings(opts));
  DiscoverOptions d;
  d.excludes = opts.excludes;
  Discovery found = discover(opts.paths.empty() ? std::vector<std::string>{"."} : opts.paths, d, *r.frontends);
  Extraction ex;
  {
    Progress progress(opts.progress, found.files.size());
    ex = extractAll(found.files, *r.frontends, opts.jobs, &progress.done);
  }
  r.program = link(ex.files, LinkOptions{opts.families, opts.support_paths});
  r.program.diagnostics.insert(r.program.diagnostics.begin(), found.diagnostics.begin(), found.diagnostics.end());
  r.program.files_seen = ex.stats.files_seen;
  r.program.files_parsed = ex.stats.files_parsed;
  r.analyzed = opts.analyze;
  r.analysis = analyze(r.program, r.analyzed, k);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace archscan
