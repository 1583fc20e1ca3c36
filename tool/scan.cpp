#include "scan.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <stdexcept>

#include "analyze/rules/rules.h"
#include "arch/suggest.h"
#include "discover/discover.h"
#include "extract/extract.h"
#include "extract/registry.h"
#include "link/link.h"
#include "util/progress.h"

namespace archscan {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

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

std::string joined(const std::vector<std::string>& paths) {
  std::string out;
  for (const auto& p : paths) out += (out.empty() ? "" : ", ") + p;
  return out;
}

// Discovery errors are input errors; its notes and warnings (a file too
// large, a file named on the command line that no front-end reads) are
// skips on purpose and stay diagnostics.
void splitDiscovery(Discovery& found, const ScanOptions& opts, ScanResult& r) {
  std::vector<Diagnostic> kept;
  for (auto& d : found.diagnostics) (d.level == "error" ? r.input_errors : kept).push_back(std::move(d));
  found.diagnostics = std::move(kept);
  for (size_t i = 0; i < opts.excludes.size(); ++i) {
    if (found.exclude_hits[i]) continue;
    const ExcludeSpec& e = opts.excludes[i];
    std::string where = e.origin_file.empty() ? "--exclude '" + e.pattern + "' (relative to the current folder)"
                                              : "exclude '" + e.pattern + "' (relative to " + e.origin_file + "'s folder)";
    r.notices.push_back({"warning", e.origin_file, e.origin_line, where + " matches nothing"});
  }
  if (r.input_errors.empty() && found.files.empty())
    r.input_errors.push_back({"error", joined(opts.paths.empty() ? std::vector<std::string>{"."} : opts.paths), 0,
                              "nothing to scan: no Python, C, C++, CUDA, CMake, shell, Dockerfile or workflow file "
                              "there (after .gitignore and exclude globs)"});
}

// A file whose bytes could not be read comes back from extraction with no
// content hash and an error: that is an input error. A file read but not
// parsed (not UTF-8, a syntax error) keeps its diagnostic.
void splitExtraction(Extraction& ex, ScanResult& r) {
  for (auto& f : ex.files) {
    if (f.content_hash != 0) continue;
    for (auto& d : f.diagnostics)
      if (d.level == "error") r.input_errors.push_back(d);
  }
}

// `archscan: ignore[missing-ach]` suppresses nothing and would hide that: name the unknown id.
void checkSuppressionRules(const Program& p, ScanResult& r) {
  std::vector<std::string> ids;
  for (const auto& rule : ruleCatalogue()) ids.push_back(rule.id);
  for (const auto& s : p.suppressions) {
    for (const auto& id : s.suppression.rules) {
      if (id == "*" || std::find(ids.begin(), ids.end(), id) != ids.end()) continue;
      auto near = closestWord(id, ids);
      r.notices.push_back({"warning", s.file, s.suppression.line,
                           "unknown rule '" + id + "' in `" + s.suppression.text + "`" +
                               (near ? "; did you mean '" + *near + "'?" : " (archscan rules lists them)")});
    }
  }
}

}  // namespace

ScanResult scan(const ScanOptions& opts, const Knowledge& k) {
  auto start = Clock::now();
  ScanResult r;
  r.frontends = makeFrontends(k, frontendSettings(opts));
  DiscoverOptions d;
  for (const auto& e : opts.excludes) d.excludes.push_back({e.pattern, e.base});
  auto phase = Clock::now();
  Discovery found = discover(opts.paths.empty() ? std::vector<std::string>{"."} : opts.paths, d, *r.frontends);
  r.phases.discover = since(phase);
  r.phases.files_found = found.files.size();
  splitDiscovery(found, opts, r);
  if (!r.input_errors.empty()) return r;
  Extraction ex;
  phase = Clock::now();
  {
    Progress progress(opts.progress, found.files.size());
    ex = extractAll(found.files, *r.frontends, opts.jobs, &progress.done);
  }
  r.phases.extract = since(phase);
  splitExtraction(ex, r);
  if (!r.input_errors.empty()) return r;
  phase = Clock::now();
  r.program = link(ex.files, LinkOptions{opts.families, opts.support_paths});
  r.program.diagnostics.insert(r.program.diagnostics.begin(), found.diagnostics.begin(), found.diagnostics.end());
  r.program.files_seen = ex.stats.files_seen;
  r.program.files_parsed = ex.stats.files_parsed;
  r.phases.link = since(phase);
  phase = Clock::now();
  r.analyzed = opts.analyze;
  r.analysis = analyze(r.program, r.analyzed, k);
  checkSuppressionRules(r.program, r);
  r.phases.analyze = since(phase);
  r.program.diagnostics.insert(r.program.diagnostics.end(), r.notices.begin(), r.notices.end());
  r.seconds = since(start);
  return r;
}

}  // namespace archscan
