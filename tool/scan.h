#pragma once
// The pipeline in one place: discover -> extract -> link -> analyze. Every
// command (check, audit, patch, fix) scans through this and then renders or
// patches the result; nothing below knows about the command line.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "analyze/analyze.h"
#include "frontend/frontend.h"
#include "knowledge/knowledge.h"
#include "link/program.h"
#include "model/family.h"

namespace archscan {

// A glob of paths to skip, and where it was written (for the warning when it matches nothing).
struct ExcludeSpec {
  std::string pattern;
  std::string base;  // the folder a glob with '/' is relative to (absolute)
  std::string origin_file;  // archscan.yaml, or empty for the command line
  int origin_line = 0;
};

struct ScanOptions {
  std::vector<std::string> paths;
  std::vector<ExcludeSpec> excludes;
  int jobs = 0;  // 0: all cores
  std::vector<DeclaredFamily> families;  // from archscan.yaml
  std::vector<std::string> support_paths;  // archscan.yaml support-paths; empty: defaults
  bool progress = false;  // files done / total on stderr while extracting
  std::string compile_db;  // -p: compile_commands.json or its folder; "" to look for one
  AnalyzeOptions analyze;  // targets, --all
  // The content cache: on unless --no-cache; "" dir: defaultCacheDir().
  bool cache = true;
  std::string cache_dir;
  uint64_t cache_max_bytes = uint64_t(1) << 30;
  // --facts: link and analyze these `archscan extract` outputs instead of
  // discovering and extracting (paths still name the root for reports).
  std::vector<std::string> facts_files;
  bool prefilter = true;  // --no-prefilter: parse every file (to check the prefilter loses nothing)
  // --strict: a file that cannot be read or decoded stops the scan (exit 2)
  // instead of being a warning the scan goes past.
  bool strict = false;
  // C/C++ without a database: parses start from the standard headers
  // precompiled once (--no-clang-prelude turns it off), by the build when
  // `shipped_prelude_dir` holds it ("" none), else by the first parse.
  bool clang_prelude = true;
  std::string shipped_prelude_dir;
};

// Where a scan's time went (-v): CPU seconds per phase, extraction per
// language summed over threads, and the costliest files.
struct ScanProfile {
  double wall_seconds = 0;
  double discover_cpu = 0;
  double extract_wall = 0;
  double extract_cpu = 0;  // process CPU while extracting (all threads)
  double link_cpu = 0;
  double analyze_cpu = 0;
  double facts_io_cpu = 0;  // reading --facts files
  struct Language {
    std::string name;
    size_t files = 0, parsed = 0, cached = 0, unchanged = 0;
    double cpu = 0;
  };
  std::vector<Language> languages;
  std::vector<std::pair<double, std::string>> slowest;  // CPU seconds, path
  size_t files = 0, sites = 0, families = 0, findings = 0;  // what the phases produced
  size_t cache_hits = 0, cache_misses = 0, cache_pruned = 0;
  size_t unchanged = 0;  // files the last scan's snapshot answered, unread
  std::string cache_dir;  // "" when the cache was off
  int threads = 1;
};

struct ScanResult {
  // The front-ends the scan used; a patch re-extracts its files with them.
  std::shared_ptr<const FrontendSet> frontends;
  Program program;
  AnalyzeOptions analyzed;  // the options the analysis ran with
  Analysis analysis;
  double seconds = 0;
  ScanProfile profile;
  // Input the scan could not take: a path that does not exist, a folder
  // that could not be read, no file to read at all, and with --strict a
  // file that could not be read or decoded. A command stops on any of them
  // (exit 2); the rest of the result is then empty.
  std::vector<Diagnostic> input_errors;
  // What the user should hear of on stderr, whatever the report's format:
  // likely mistakes in how the scan was asked for (an exclude glob that
  // matches nothing, an ignore comment naming no rule) and, without
  // --strict, files that could not be read or decoded and were skipped.
  // Also in program.diagnostics.
  std::vector<Diagnostic> notices;
};

ScanResult scan(const ScanOptions& opts, const Knowledge& k);

// `archscan extract --shard K/N`: the files whose path hashes to shard K
// (1-based) of N, extracted (through the cache), as a facts document
// (facts_io) that `--facts` merges. N = 1 is the whole scan.
struct Shard {
  int index = 1;
  int count = 1;
};
std::string extractShard(const ScanOptions& opts, const Knowledge& k, Shard shard, ScanProfile* profile);

// Whether `path` belongs to shard K of N: a deterministic hash of the path
// as the scan displays it, so every machine partitions alike.
bool inShard(const std::string& path, Shard shard);

}  // namespace archscan
