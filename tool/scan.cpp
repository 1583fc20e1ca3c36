#include "scan.h"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "analyze/rules/rules.h"
#include "arch/suggest.h"
#include "cache/snapshot.h"
#include "discover/discover.h"
#include "extract/cache_key.h"
#include "extract/extract.h"
#include "extract/fingerprint.h"
#include "extract/registry.h"
#include "facts_io/facts_io.h"
#include "link/link.h"
#include "util/compile_database.h"
#include "util/input_file.h"
#include "util/progress.h"
#include "util/source_text.h"
#include "version.h"

namespace archscan {
namespace {

std::vector<std::string> scanPaths(const ScanOptions& opts) {
  return opts.paths.empty() ? std::vector<std::string>{"."} : opts.paths;
}

std::string cacheDir(const ScanOptions& opts) {
  return opts.cache_dir.empty() ? defaultCacheDir(scanPaths(opts).front()) : opts.cache_dir;
}

// The C++ front-end's settings: the scan's root, the compilation database
// named by -p or found at the root or in its build*/ folders, and where the
// precompiled prelude is kept (the cache folder, as long as it is on).
FrontendSettings frontendSettings(const ScanOptions& opts, std::vector<Diagnostic>& notices) {
  namespace fs = std::filesystem;
  FrontendSettings s;
  std::error_code ec;
  fs::path root = opts.paths.empty() ? fs::path(".") : fs::path(opts.paths.front());
  if (!fs::is_directory(root, ec)) root = root.parent_path().empty() ? fs::path(".") : root.parent_path();
  s.root = root.string();
  if (opts.compile_db.empty()) {
    s.database = findCompilationDatabase(s.root);
    // Found on its own, a broken one is not the user's request: say so and scan without it.
    std::optional<std::string> problem;
    try {
      if (!s.database.empty()) problem = compilationDatabaseProblem(s.database);
    } catch (const std::exception& e) {
      problem = e.what();
    }
    if (problem) {
      notices.push_back({"warning", s.database, 0, *problem + "; C/C++ is parsed without it"});
      s.database.clear();
    }
  } else {
    fs::path db = opts.compile_db;
    if (fs::is_directory(db, ec)) db /= "compile_commands.json";
    if (!fs::is_regular_file(db, ec)) throw std::runtime_error(db.string() + ": no compilation database there (-p)");
    if (auto problem = compilationDatabaseProblem(db.string())) throw std::runtime_error(db.string() + ": " + *problem);
    s.database = db.string();
  }
  s.clang_prelude = opts.clang_prelude && s.database.empty();
  if (s.clang_prelude && opts.cache && !cacheDir(opts).empty())
    s.prelude_dir = (fs::path(cacheDir(opts)) / "prelude").string();
  if (s.clang_prelude) s.shipped_prelude_dir = opts.shipped_prelude_dir;
  return s;
}

double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

std::string joined(const std::vector<std::string>& paths) {
  std::string out;
  for (const auto& p : paths) out += (out.empty() ? "" : ", ") + p;
  return out;
}

// Discovery errors are input errors; its notes and warnings (a file too
// large, a file named on the command line that no front-end reads) are
// skips on purpose and stay diagnostics.
void splitDiscovery(Discovery& found, const DiscoverOptions& d, const ScanOptions& opts,
                    std::vector<Diagnostic>& input_errors, std::vector<Diagnostic>& notices) {
  std::vector<Diagnostic> kept;
  for (auto& d : found.diagnostics) (d.level == "error" ? input_errors : kept).push_back(std::move(d));
  found.diagnostics = std::move(kept);
  for (size_t i = 0; i < opts.excludes.size(); ++i) {
    if (found.exclude_hits[i]) continue;
    const ExcludeSpec& e = opts.excludes[i];
    std::string where = e.origin_file.empty()
                            ? "--exclude '" + e.pattern + "' (relative to the current folder)"
                            : "exclude '" + e.pattern + "' (relative to " + e.origin_file + "'s folder)";
    notices.push_back({"warning", e.origin_file, e.origin_line, where + " matches nothing"});
  }
  if (!input_errors.empty() || !found.files.empty()) return;
  std::string why =
      "no Python, C, C++, CUDA, CMake, shell, Dockerfile or workflow file there (after .gitignore and "
      "exclude globs)";
  // Files it would read were there, all too large: say which and how to read them anyway.
  if (const auto& big = found.too_large; !big.empty()) {
    std::string names;
    for (size_t i = 0; i < big.size() && i < 3; ++i) names += (i ? ", " : "") + big[i];
    if (big.size() > 3) names += ", ...";
    why = big.size() == 1 ? "the one file there archscan reads, " + names + ", is"
                          : "all " + std::to_string(big.size()) + " files there archscan reads (" + names + ") are";
    why += " larger than " + sizeLimitText(d.max_bytes) + ", the most a folder's walk reads; named on the command " +
           "line, a file is read whatever its size";
  }
  input_errors.push_back({"error", joined(scanPaths(opts)), 0, "nothing to scan: " + why});
}

// A file whose bytes could not be read (no content hash) or decoded (not
// UTF-8, and no encoding it declares) has no sites to show: with --strict
// an input error, else a warning that names it, and the scan goes on. A
// file with a syntax error is parsed with recovery and keeps its diagnostic.
void splitExtraction(std::vector<FileFacts>& files, bool strict, std::vector<Diagnostic>& input_errors,
                     std::vector<Diagnostic>& skipped) {
  for (auto& f : files)
    for (auto& d : f.diagnostics) {
      if (d.level == "note" || (f.content_hash != 0 && d.message.rfind("not UTF-8", 0) != 0)) continue;
      if (strict) {
        input_errors.push_back(d);
        continue;
      }
      if (d.level == "error") {
        d.level = "warning";
        d.message += "; skipped (--strict makes this an error)";
      }
      skipped.push_back(d);
    }
}

// `archscan: ignore[missing-ach]` suppresses nothing and would hide that: name the unknown id.
void checkSuppressionRules(const Program& p, std::vector<Diagnostic>& notices) {
  std::vector<std::string> ids;
  for (const auto& rule : ruleCatalogue()) ids.push_back(rule.id);
  for (const auto& s : p.suppressions) {
    for (const auto& id : s.suppression.rules) {
      if (id == "*" || std::find(ids.begin(), ids.end(), id) != ids.end()) continue;
      auto near = closestWord(id, ids);
      notices.push_back({"warning", s.file, s.suppression.line,
                         "unknown rule '" + id + "' in `" + s.suppression.text + "`" +
                             (near ? "; did you mean '" + *near + "'?" : " (archscan rules lists them)")});
    }
  }
}

// One snapshot per scan: the paths as given and the working folder (they
// shape the paths files are known by), the settings, and the shard.
std::string snapshotPath(const std::string& cacheDir, const std::string& fingerprint, const ScanOptions& opts,
                         Shard shard) {
  std::error_code ec;
  std::string key = fingerprint + '\0' + std::filesystem::current_path(ec).string() + '\0' + joined(scanPaths(opts)) +
                    '\0' + std::to_string(shard.index) + "/" + std::to_string(shard.count);
  char name[40];
  std::snprintf(name, sizeof name, "%016llx.snapshot", static_cast<unsigned long long>(xxh3(key)));
  return (std::filesystem::path(cacheDir) / "snapshots" / name).string();
}

// Discovery and extraction (through the cache unless it is off).
struct Extracted {
  std::vector<FileFacts> files;
  std::vector<Diagnostic> diagnostics;
  std::string fingerprint;
  std::vector<Diagnostic> input_errors;  // see ScanResult
  std::vector<Diagnostic> notices;
  std::vector<Diagnostic> skipped;  // files not read or decoded; in `files` too
};

Extracted discoverAndExtract(const ScanOptions& opts, const Knowledge& k, const FrontendSet& frontends,
                             const FrontendSettings& settings, Shard shard, ScanProfile& prof) {
  Extracted out;
  double c0 = processCpuSeconds();
  DiscoverOptions d;
  for (const auto& e : opts.excludes) d.excludes.push_back({e.pattern, e.base});
  if (opts.cache) d.list_suffixes.assign(kHeaderSuffixes.begin(), kHeaderSuffixes.end());
  Discovery found = discover(scanPaths(opts), d, frontends);
  splitDiscovery(found, d, opts, out.input_errors, out.notices);
  if (!out.input_errors.empty()) return out;
  if (shard.count > 1) {
    std::vector<SourceFile> mine;
    for (auto& f : found.files)
      if (inShard(f.path, shard)) mine.push_back(std::move(f));
    found.files = std::move(mine);
  }
  double c1 = processCpuSeconds();
  prof.discover_cpu = c1 - c0;

  out.fingerprint = extractionFingerprint(k, settings);
  ExtractOptions eo;
  eo.jobs = opts.jobs;
  eo.prefilter = opts.prefilter;
  eo.root = settings.root;
  eo.listings = &found.listings;
  eo.fingerprint = out.fingerprint + "/" + buildIdentity() + (opts.prefilter ? "" : "/unfiltered");
  std::unique_ptr<ContentCache> cache;
  if (opts.cache) {
    std::string dir = cacheDir(opts);
    if (!dir.empty()) cache = std::make_unique<ContentCache>(dir, opts.cache_max_bytes);
  }
  eo.cache = cache.get();
  std::string snapshotFile = cache ? snapshotPath(cache->dir(), eo.fingerprint, opts, shard) : "";
  Snapshot previous = cache ? Snapshot::load(snapshotFile) : Snapshot{};
  eo.snapshot = cache ? &previous : nullptr;
  eo.record = cache != nullptr;
  // Coarse file-system clocks and edits within a tick of the read: see cache/snapshot.h.
  eo.settled_before_ns = nowNs() - 2'000'000'000;
  auto w0 = std::chrono::steady_clock::now();
  Extraction ex;
  {
    Progress progress(opts.progress, found.files.size());
    eo.done = &progress.done;
    ex = extractAll(found.files, frontends, eo);
  }
  // Rewritten only when it would differ: every record came from it, it holds
  // no other file, and every header's hash came from it.
  if (cache && (ex.stats.unchanged != ex.records.size() || previous.size() != ex.records.size() || ex.headers_reread))
    writeSnapshot(snapshotFile, ex.headers, ex.records, ex.header_records);
  if (cache && ex.stats.cache.stored > 0) prof.cache_pruned = cache->prune();
  prof.extract_wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
  prof.extract_cpu = processCpuSeconds() - c1;
  for (int l = 0; l < kLanguageCount; ++l) {
    const LanguageTime& t = ex.stats.by_language[l];
    prof.languages.push_back(
        {languageName(static_cast<Language>(l)), t.files, t.parsed, t.cached, t.unchanged, t.cpu_seconds});
  }
  for (const auto& f : ex.stats.slowest) prof.slowest.push_back({f.cpu_seconds, f.path});
  prof.cache_hits = ex.stats.cache.hits;
  prof.unchanged = ex.stats.unchanged;
  prof.cache_misses = ex.stats.cache.misses;
  prof.cache_dir = cache ? cache->dir() : "";
  prof.threads = opts.jobs;
  splitExtraction(ex.files, opts.strict, out.input_errors, out.skipped);
  out.files = std::move(ex.files);
  out.diagnostics = std::move(found.diagnostics);
  return out;
}

std::string readFactsFile(const std::string& path) {
  // A regular file only: a FIFO would block the merge and /dev/zero would grow without end.
  std::string bytes = readInputFile(path, std::size_t{4} << 30);
  auto ends = [&](const char* s) {
    std::string e(s);
    return path.size() >= e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0;
  };
  if (!ends(".zst")) return bytes;
  if (!zstdAvailable()) throw std::runtime_error(path + ": this archscan was built without zstd");
  return zstdDecompress(bytes, path);
}

// What chose the files of a scan, for a shard to carry and a merge to
// compare: the paths and excludes as absolute folders, and the prefilter.
std::vector<std::string> walkSettings(const ScanOptions& opts) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& p : scanPaths(opts))
    out.push_back("path=" + std::filesystem::absolute(p, ec).lexically_normal().string());
  for (const auto& e : opts.excludes) out.push_back("exclude=" + e.pattern + " @" + e.base);
  out.push_back(std::string("prefilter=") + (opts.prefilter ? "on" : "off"));
  return out;
}

// --facts: the shards' facts merged in the order a single scan extracts
// (by path), after checking they are one complete, compatible set.
Extracted mergeFacts(const ScanOptions& opts, const Knowledge& k, const FrontendSettings& settings) {
  Extracted out;
  std::string mine = extractionFingerprint(k, settings);
  std::map<int, std::string> seen;  // shard index -> file
  int count = 0;
  for (const auto& path : opts.facts_files) {
    FactsDocument doc = readFactsDocument(readFactsFile(path), path);
    if (doc.fingerprint != mine)
      throw std::runtime_error(path + ": extracted by " + doc.producer +
                               " with other knowledge, settings or root than this run (extract again, or run from the "
                               "same folder with the same archscan.yaml and targets)");
    std::vector<std::string> walk = walkSettings(opts);
    if (doc.settings != walk) {
      size_t i = 0;
      while (i < walk.size() && i < doc.settings.size() && walk[i] == doc.settings[i]) ++i;
      std::string theirs = i < doc.settings.size() ? doc.settings[i] : "(none)";
      std::string ours = i < walk.size() ? walk[i] : "(none)";
      throw std::runtime_error(path + ": extracted with " + theirs + ", this run has " + ours +
                               " (extract again with the same paths, excludes and archscan.yaml)");
    }
    if (count && doc.shards != count)
      throw std::runtime_error(path + ": shard " + std::to_string(doc.shard) + "/" + std::to_string(doc.shards) +
                               " does not belong with shards of " + std::to_string(count));
    count = doc.shards;
    if (!seen.emplace(doc.shard, path).second)
      throw std::runtime_error(path + ": shard " + std::to_string(doc.shard) + " also given as " + seen[doc.shard]);
    out.diagnostics.insert(out.diagnostics.end(), doc.diagnostics.begin(), doc.diagnostics.end());
    for (auto& f : doc.files) out.files.push_back(std::move(f));
  }
  for (int i = 1; i <= count; ++i)
    if (!seen.count(i))
      throw std::runtime_error("--facts: shard " + std::to_string(i) + "/" + std::to_string(count) + " is missing");
  std::stable_sort(out.files.begin(), out.files.end(),
                   [](const FileFacts& a, const FileFacts& b) { return a.path < b.path; });
  for (size_t i = 1; i < out.files.size(); ++i)
    if (out.files[i].path == out.files[i - 1].path)
      throw std::runtime_error("--facts: " + out.files[i].path + " is in more than one facts file");
  out.fingerprint = mine;
  return out;
}

// One file may hold several sites of one name and kind (a template test
// repeated in two functions, a key list in each entry of a nested table);
// the linker numbers the second and later ones in file order ("#2" on their
// id), and their findings' fingerprints take that number too, so a baseline
// entry stands for one site and no other. The first keeps the fingerprint it
// always had, and the number does not change when lines move.
void numberRepeatedSites(const Program& p, std::vector<Finding>& findings) {
  for (auto& f : findings) {
    const LinkedSite& s = p.sites[f.site];
    std::string kind = kindName(s.site.kind), first = s.file + ":" + s.site.name + ":" + kind;
    if (s.id.size() > first.size())
      f.fingerprint = fingerprint(s.file, s.site.name + s.id.substr(first.size()), kind, f.rule, f.arch);
  }
}

}  // namespace

bool inShard(const std::string& path, Shard shard) {
  if (shard.count <= 1) return true;
  return xxh3(path) % static_cast<uint64_t>(shard.count) == static_cast<uint64_t>(shard.index - 1);
}

ScanResult scan(const ScanOptions& opts, const Knowledge& k) {
  auto start = std::chrono::steady_clock::now();
  ScanResult r;
  std::vector<Diagnostic> databaseNotices;
  FrontendSettings settings = frontendSettings(opts, databaseNotices);
  r.frontends = makeFrontends(k, settings);
  Extracted ex;
  if (opts.facts_files.empty()) {
    ex = discoverAndExtract(opts, k, *r.frontends, settings, Shard{}, r.profile);
  } else {
    double c0 = processCpuSeconds();
    ex = mergeFacts(opts, k, settings);
    splitExtraction(ex.files, opts.strict, ex.input_errors, ex.skipped);
    r.profile.facts_io_cpu = processCpuSeconds() - c0;
  }
  r.input_errors = std::move(ex.input_errors);
  r.notices = std::move(databaseNotices);
  r.notices.insert(r.notices.end(), ex.notices.begin(), ex.notices.end());
  if (!r.input_errors.empty()) return r;
  double c1 = processCpuSeconds();
  size_t seen = ex.files.size(), parsed = 0;
  for (const auto& f : ex.files) parsed += f.parsed ? 1 : 0;
  // The facts are link's to take apart: a table of a million entries is then held once.
  r.program = link(std::move(ex.files), LinkOptions{opts.families, opts.support_paths});
  r.program.diagnostics.insert(r.program.diagnostics.begin(), ex.diagnostics.begin(), ex.diagnostics.end());
  r.program.files_seen = seen;
  r.program.files_parsed = parsed;
  double c2 = processCpuSeconds();
  r.analyzed = opts.analyze;
  r.analysis = analyze(r.program, r.analyzed, k);
  numberRepeatedSites(r.program, r.analysis.findings);
  checkSuppressionRules(r.program, r.notices);
  r.program.diagnostics.insert(r.program.diagnostics.end(), r.notices.begin(), r.notices.end());
  // Already in program.diagnostics through their files' facts.
  r.notices.insert(r.notices.end(), ex.skipped.begin(), ex.skipped.end());
  double c3 = processCpuSeconds();
  r.profile.files = r.program.files_seen;
  r.profile.sites = r.program.sites.size();
  r.profile.families = r.program.families.size();
  r.profile.findings = r.analysis.findings.size();
  r.profile.link_cpu = c2 - c1;
  r.profile.analyze_cpu = c3 - c2;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.profile.wall_seconds = r.seconds;
  return r;
}

std::string extractShard(const ScanOptions& opts, const Knowledge& k, Shard shard, ScanProfile* profile) {
  if (shard.count < 1 || shard.index < 1 || shard.index > shard.count)
    throw std::runtime_error("--shard " + std::to_string(shard.index) + "/" + std::to_string(shard.count) +
                             ": K must be between 1 and N");
  auto start = std::chrono::steady_clock::now();
  std::vector<Diagnostic> databaseNotices;  // a shard says nothing of them: the merge's own scan does
  FrontendSettings settings = frontendSettings(opts, databaseNotices);
  auto frontends = makeFrontends(k, settings);
  ScanProfile local;
  ScanProfile& prof = profile ? *profile : local;
  Extracted ex = discoverAndExtract(opts, k, *frontends, settings, shard, prof);
  if (!ex.input_errors.empty()) {
    const Diagnostic& d = ex.input_errors.front();
    throw std::runtime_error(d.file + (d.line ? ":" + std::to_string(d.line) : "") + ": " + d.message);
  }
  FactsDocument doc;
  doc.producer = std::string("archscan ") + kArchscanVersion;
  doc.fingerprint = ex.fingerprint;
  doc.shard = shard.index;
  doc.shards = shard.count;
  doc.settings = walkSettings(opts);
  // The walk's diagnostics are the same in every shard: one carries them.
  if (shard.index == 1) doc.diagnostics = std::move(ex.diagnostics);
  doc.files = std::move(ex.files);
  prof.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return writeFactsDocument(doc);
}

}  // namespace archscan
