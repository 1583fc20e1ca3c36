#pragma once
// The last scan's facts by file identity, as git's index keeps blob hashes by
// stat data. A warm scan of an unchanged tree costs reading every file,
// hashing it, running the prefilter and parsing one cache entry per file; a
// file whose device, inode, size, mtime and ctime are those recorded takes
// its facts from here and is not opened at all. One snapshot per scan (root,
// working folder, settings, shard), one file, written whole and renamed.
//
// A stamp is only recorded when both times lie before the scan started by a
// margin: a file changed within one clock tick of being read would keep its
// stamp, and only then (git calls such entries racy). ctime is set by the
// kernel on every change and cannot be set back, so `touch -d` or a restored
// mtime does not hide an edit.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "util/file_stamp.h"
#include "util/mapped_file.h"

namespace archscan {

struct SnapshotRecord {
  std::string path;
  FileStamp stamp;
  std::string facts;  // encodeFileFacts() of the file's facts (facts_io/facts_binary.h)
  // Or, for a file the last snapshot answered, its bytes there: that
  // snapshot stays mapped until the next one is written, and an unchanged
  // tree is not rewritten at all, so they are not copied.
  std::optional<std::string_view> kept;

  std::string_view bytes() const { return kept ? *kept : std::string_view(facts); }
};

// A C/C++ header's content hash (as in cppHeadersFingerprint) at its stamp.
// Every C++ file's facts depend on the bytes of every header below the root,
// skipped folders included; with these the next scan reads only the headers
// whose stamps changed, not all of them.
struct HeaderRecord {
  std::string path;  // absolute
  FileStamp stamp;
  uint64_t hash = 0;
};

class Snapshot {
 public:
  // An absent, damaged or foreign snapshot loads empty: it only costs time.
  static Snapshot load(const std::string& file);

  // The facts recorded for `path` at `stamp`, or nullopt.
  std::optional<std::string_view> find(const std::string& path, const FileStamp& stamp) const;
  // The C/C++ headers fingerprint of the scan that wrote it (C++ facts depend on it).
  const std::string& headers() const { return headers_; }
  // The hash recorded for header `path` at `stamp`, or nullopt.
  std::optional<uint64_t> headerHash(const std::string& path, const FileStamp& stamp) const;
  size_t size() const { return records_.size(); }

 private:
  struct Held {
    FileStamp stamp;
    std::string_view facts;
  };
  std::optional<MappedFile> bytes_;  // moving a mapping keeps its address, so the views stay valid
  std::string headers_;
  std::unordered_map<std::string_view, Held> records_;  // views into bytes_
  std::unordered_map<std::string_view, std::pair<FileStamp, uint64_t>> headerHashes_;  // the same
};

// Writes the snapshot to a temporary file and renames it over `file`. Best
// effort: a snapshot that cannot be written only costs time next run.
void writeSnapshot(const std::string& file, const std::string& headers, const std::vector<SnapshotRecord>& records,
                   const std::vector<HeaderRecord>& headerRecords = {});

}  // namespace archscan
