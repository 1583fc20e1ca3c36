#pragma once
// The content cache: one file's FileFacts stored under a key that covers
// everything extraction depends on (content, path, archscan version,
// knowledge, front-end options), so a hit is what a fresh extraction would
// give. Entries are written to a temporary file and renamed, so concurrent
// runs never see half an entry; each carries a checksum of its payload, so a
// damaged one is re-extracted, never trusted; the folder is kept under a size
// bound by deleting the least recently used entries.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "model/facts.h"

namespace archscan {

struct CacheStats {
  size_t hits = 0;
  size_t misses = 0;
  size_t rejected = 0;  // entries found damaged or from another format
  size_t stored = 0;
};

class ContentCache {
 public:
  // `dir` is created on the first store; 0 bytes: no bound.
  ContentCache(std::string dir, uint64_t max_bytes);

  // The facts stored under `key`, or nullopt (absent, damaged or of another
  // format; a damaged entry is deleted).
  std::optional<FileFacts> load(uint64_t key) const;
  // Best effort: a cache that cannot be written only costs time.
  void store(uint64_t key, const FileFacts& facts) const;
  // Deletes the least recently used entries until the folder holds at most
  // max_bytes; returns how many were deleted. Temporaries an interrupted
  // write left (an hour old or more) go too, uncounted.
  size_t prune() const;

  const std::string& dir() const { return dir_; }
  std::string entryPath(uint64_t key) const;

 private:
  void sweepTemporaries() const;
  std::string dir_;
  uint64_t max_bytes_;
  mutable std::atomic<bool> ignored_{false};  // the folder's .gitignore is in place
};

// The folder to use when --cache-dir is not given: .archscan-cache/ at the
// repository root (the nearest folder at or above `scanRoot` holding .git),
// else $XDG_CACHE_HOME/archscan, else ~/.cache/archscan; "" when none.
std::string defaultCacheDir(const std::string& scanRoot);

}  // namespace archscan
