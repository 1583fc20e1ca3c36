#pragma once
// A file's identity by stat data, as git's index keeps it: device, inode,
// size, and both times. Discovery takes it once per file; the snapshot
// (cache/snapshot.h) compares it with the last scan's to skip unchanged files.
#include <cstdint>
#include <optional>
#include <string>

struct stat;

namespace archscan {

struct FileStamp {
  uint64_t dev = 0;
  uint64_t ino = 0;
  uint64_t size = 0;
  int64_t mtime_ns = 0;
  int64_t ctime_ns = 0;
  bool operator==(const FileStamp& o) const {
    return dev == o.dev && ino == o.ino && size == o.size && mtime_ns == o.mtime_ns && ctime_ns == o.ctime_ns;
  }
};

// The stamp of a regular file (symlinks followed), or nullopt.
std::optional<FileStamp> stampOf(const std::string& path);
// The same of what stat() or fstatat() said.
std::optional<FileStamp> stampOf(const struct stat& st);

// "size-mtime": how a build's binaries (the executable, a front-end module)
// are named in cache keys; a rebuild or reinstall changes it.
std::string sizeAndTime(const FileStamp& s);

// A stamp that may be recorded: both times before `trusted_before_ns`
// (nanoseconds since the epoch; see nowNs()).
bool stampIsSettled(const FileStamp& s, int64_t trusted_before_ns);
int64_t nowNs();

}  // namespace archscan
