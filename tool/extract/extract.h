#pragma once
// Runs the front-ends over discovered files on a thread pool. Results come
// back in the order of `files`, whatever the thread timing.
#include <atomic>
#include <string>
#include <vector>

#include "cache/content_cache.h"
#include "cache/snapshot.h"
#include "discover/discover.h"
#include "frontend/frontend.h"
#include "model/facts.h"

namespace archscan {

// Where the CPU time of one language went.
struct LanguageTime {
  size_t files = 0;
  size_t parsed = 0;  // passed the prefilter to the front-end's full parser (C++: Clang) in this run
  size_t cached = 0;  // taken from the content cache
  size_t unchanged = 0;  // taken from the last scan's snapshot, unread
  double cpu_seconds = 0;  // thread CPU time, summed over files
};

struct FileTime {
  double cpu_seconds = 0;
  std::string path;
};

struct ExtractStats {
  size_t files_seen = 0;
  size_t files_parsed = 0;
  LanguageTime by_language[kLanguageCount];  // indexed by Language
  std::vector<FileTime> slowest;  // the costliest files, costliest first
  CacheStats cache;
  size_t unchanged = 0;  // files the snapshot answered
};

struct Extraction {
  std::vector<FileFacts> files;
  ExtractStats stats;
  // With ExtractOptions::record: what the next snapshot holds, in file order
  // (readable files whose stamps are settled). Records of unchanged files
  // view ExtractOptions::snapshot's bytes: write them while it lives.
  std::vector<SnapshotRecord> records;
  std::vector<HeaderRecord> header_records;  // the same of the C/C++ headers, hashed
  bool headers_reread = false;  // some of header_records are not the snapshot's
  std::string headers;  // cppHeadersFingerprint() when a cache or snapshot is in use
};

struct ExtractOptions {
  int jobs = 0;  // 0: all cores
  std::atomic<size_t>* done = nullptr;  // counts finished files (progress output)
  const ContentCache* cache = nullptr;  // null: extract everything
  std::string fingerprint;  // extractionFingerprint() plus buildIdentity(), for cache keys
  std::string root;  // the scan root: its headers are part of C++ cache keys
  const std::vector<TreeListing>* listings = nullptr;  // discovery's, to spare a second walk of `root`
  bool prefilter = true;  // false: every file reaches its parser (tests prove nothing is lost)
  const Snapshot* snapshot = nullptr;  // the last scan's facts by stamp; null: read every file
  bool record = false;  // fill Extraction::records
  int64_t settled_before_ns = 0;  // record stamps with both times before this (see stampIsSettled)
  size_t slowest = 15;  // how many of the costliest files to keep
};

Extraction extractAll(const std::vector<SourceFile>& files, const FrontendSet& frontends, const ExtractOptions& opts);

// `done`, when given, counts finished files (for progress output).
Extraction extractAll(const std::vector<SourceFile>& files, const FrontendSet& frontends, int jobs,
                      std::atomic<size_t>* done = nullptr);

}  // namespace archscan
