#pragma once
// The one component that writes files: all or none, also across a crash.
//
// A run is a transaction. Before any target changes, a journal
// (ROOT/.archscan-cache/txn-ID.json, journal.h) lists every target with the
// hashes of its old and new bytes and the paths of its temporary and its
// backup; it is written to a temporary of its own, flushed and renamed, so it
// is whole or absent. Then every new file is written to its temporary beside
// its target and flushed, every target gets a hard-link backup, the folders
// are flushed, the temporaries are renamed over the targets, the folders are
// flushed again, and the backups and the journal are removed. A failure in
// the process rolls back from the backups at once; a crash leaves the
// journal, and the next archscan command settles it (recoverInterrupted).
// A file whose bytes differ from what was planned is never overwritten, and a
// read-only file is replaced only when asked to (--force).
#include <stdexcept>
#include <string>
#include <vector>

namespace archscan {

struct ApplyError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct FileWrite {
  std::string path;  // the file to replace (symlinks already resolved)
  std::string expected;  // its bytes when planned
  std::string content;  // its new bytes
};

// The system calls apply and recovery need, so tests can make one fail or
// stop a run at any step as a crash would.
class FileOps {
 public:
  virtual ~FileOps() = default;
  virtual std::string read(const std::string& path);  // throws ApplyError
  // Creates `path`, which must not exist, with `content` and `mode`, flushed
  // to disk; on failure throws ApplyError and leaves no file.
  virtual void create(const std::string& path, const std::string& content, unsigned mode);
  virtual void link(const std::string& from, const std::string& to);  // hard link, throws
  virtual void rename(const std::string& from, const std::string& to);  // throws
  virtual bool remove(const std::string& path) noexcept;  // true when a file was removed
  virtual unsigned mode(const std::string& path);  // permission bits, throws
  // Gives `made` the owner and group of `target`, whose replacement it is: a
  // file written by root in a user's checkout stays the user's. Best effort:
  // only root may give a file away, and a user's own files need nothing.
  virtual void matchOwner(const std::string& target, const std::string& made) noexcept;
  // False for a read-only file: no write bit at all, or none for this process.
  virtual bool writable(const std::string& path);
  virtual bool exists(const std::string& path) noexcept;  // without following a last symlink
  virtual void makeDir(const std::string& dir);  // throws; fine when it exists
  virtual void removeDir(const std::string& dir) noexcept;  // only when empty
  virtual std::vector<std::string> list(const std::string& dir) noexcept;  // entry names
  virtual void syncDir(const std::string& dir) noexcept;
  // Called after every step that changes the disk ("journal", "temporary 1",
  // "rename 2", ...). Nothing happens here; a test throws to stop the run.
  virtual void reached(const std::string& step) {}
};

struct ApplyOptions {
  std::string journal_dir;  // where the journal goes: ROOT/.archscan-cache (journal.h: cacheDirOf)
  bool force = false;  // also replace read-only files
};

// Throws ApplyError; on any failure no target has changed.
void applyWrites(const std::vector<FileWrite>& writes, FileOps& ops, const ApplyOptions& opts);

}  // namespace archscan
