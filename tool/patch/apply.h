#pragma once
// The one component that writes files. All or none: every new file is
// written to a temporary beside its target and flushed first; only then are
// the targets replaced by rename, and if any rename fails the ones already
// done are rolled back from hard-link backups. A file whose bytes differ from
// what was planned is never overwritten.
#include <stdexcept>
#include <string>
#include <vector>

namespace archscan {

struct ApplyError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct FileWrite {
  std::string path;         // the file to replace (symlinks already resolved)
  std::string expected;     // its bytes when planned
  std::string content;      // its new bytes
};

// The system calls apply needs, so tests can make one fail.
class FileOps {
 public:
  virtual ~FileOps() = default;
  virtual std::string read(const std::string& path);                      // throws ApplyError
  virtual std::string writeTemp(const std::string& beside, const std::string& content, unsigned mode);  // temp path
  virtual void link(const std::string& from, const std::string& to);      // hard link, throws
  virtual void rename(const std::string& from, const std::string& to);    // throws
  virtual void remove(const std::string& path) noexcept;
  virtual unsigned mode(const std::string& path);                         // permission bits
  virtual void syncDir(const std::string& dir) noexcept;
};

// Throws ApplyError; on any failure no target has changed.
void applyWrites(const std::vector<FileWrite>& writes, FileOps& ops);

}  // namespace archscan
