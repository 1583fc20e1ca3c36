#include "patch/apply.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>

#include "patch/journal.h"
#include "util/source_text.h"

namespace archscan {
namespace {

std::string sysError(const std::string& what, const std::string& path) {
  return path + ": " + what + ": " + std::strerror(errno);
}

std::string dirOf(const std::string& path) {
  auto d = std::filesystem::path(path).parent_path().string();
  return d.empty() ? "." : d;
}

std::string octal(unsigned mode) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%04o", mode);
  return buf;
}

}  // namespace

std::string FileOps::read(const std::string& path) {
  try {
    return readFile(path);
  } catch (const std::exception& e) {
    throw ApplyError(e.what());
  }
}

void FileOps::create(const std::string& path, const std::string& content, unsigned m) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) throw ApplyError(sysError("cannot create a file beside it", path));
  auto fail = [&](const char* what) {
    std::string err = sysError(what, path);
    ::close(fd);
    ::unlink(path.c_str());
    throw ApplyError(err);
  };
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write failed");
    }
    done += static_cast<size_t>(n);
  }
  if (::fchmod(fd, m) != 0) fail("cannot set its mode");
  if (::fsync(fd) != 0) fail("cannot flush it to disk");
  if (::close(fd) != 0) {
    std::string err = sysError("write failed", path);
    ::unlink(path.c_str());
    throw ApplyError(err);
  }
}

void FileOps::link(const std::string& from, const std::string& to) {
  if (::link(from.c_str(), to.c_str()) != 0) throw ApplyError(sysError("cannot make a backup link", from));
}

void FileOps::rename(const std::string& from, const std::string& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) throw ApplyError(sysError("cannot replace", to));
}

bool FileOps::remove(const std::string& path) noexcept { return ::unlink(path.c_str()) == 0; }

unsigned FileOps::mode(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) throw ApplyError(sysError("cannot stat", path));
  return st.st_mode & 07777;
}

void FileOps::matchOwner(const std::string& target, const std::string& made) noexcept {
  struct stat want, have;
  if (::stat(target.c_str(), &want) != 0 || ::stat(made.c_str(), &have) != 0) return;
  if (want.st_uid == have.st_uid && want.st_gid == have.st_gid) return;
  // chown may clear set-id bits: the mode is set again after it.
  if (::chown(made.c_str(), want.st_uid, want.st_gid) == 0) ::chmod(made.c_str(), want.st_mode & 07777);
}

bool FileOps::writable(const std::string& path) {
  // Root may write anything, so the mode bits say what the owner meant.
  return (mode(path) & 0222) != 0 && ::access(path.c_str(), W_OK) == 0;
}

bool FileOps::exists(const std::string& path) noexcept {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0;
}

void FileOps::makeDir(const std::string& dir) {
  if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) throw ApplyError(sysError("cannot create the folder", dir));
}

void FileOps::removeDir(const std::string& dir) noexcept { ::rmdir(dir.c_str()); }

std::vector<std::string> FileOps::list(const std::string& dir) noexcept {
  std::vector<std::string> out;
  DIR* d = ::opendir(dir.c_str());
  if (!d) return out;
  while (dirent* e = ::readdir(d)) {
    std::string n = e->d_name;
    if (n != "." && n != "..") out.push_back(n);
  }
  ::closedir(d);
  return out;
}

void FileOps::syncDir(const std::string& dir) noexcept {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

void applyWrites(const std::vector<FileWrite>& writes, FileOps& ops, const ApplyOptions& opts) {
  if (writes.empty()) return;
  if (!opts.force)
    for (const auto& w : writes)
      if (!ops.writable(w.path))
        throw ApplyError(w.path + ": read-only (mode " + octal(ops.mode(w.path)) +
                         "); not replaced, and nothing was written (--force replaces read-only files)");
  auto checkUnchanged = [&](const FileWrite& w) {
    if (ops.read(w.path) != w.expected)
      throw ApplyError(w.path + ": changed since it was read; not overwritten (nothing was written)");
  };
  for (const auto& w : writes) checkUnchanged(w);

  Journal j = plannedJournal(writes, newTransactionId());
  std::string journal = opts.journal_dir + "/txn-" + j.id + ".json";
  bool madeDir = !ops.exists(opts.journal_dir);
  std::set<std::string> dirs;
  for (const auto& w : writes) dirs.insert(dirOf(w.path));
  auto syncAll = [&] {
    for (const auto& d : dirs) ops.syncDir(d);
  };
  auto dropJournal = [&] {
    ops.remove(journal);
    ops.syncDir(opts.journal_dir);
    if (madeDir) ops.removeDir(opts.journal_dir);
  };
  try {
    ops.makeDir(opts.journal_dir);
    ops.create(journal + ".tmp", journalJson(j), 0644);
    ops.rename(journal + ".tmp", journal);  // whole or absent
    ops.syncDir(opts.journal_dir);
    if (madeDir) ops.syncDir(dirOf(opts.journal_dir));
  } catch (const ApplyError& e) {
    ops.remove(journal + ".tmp");
    if (madeDir) ops.removeDir(opts.journal_dir);
    throw ApplyError(std::string(e.what()) + " (the journal of this write; nothing was written)");
  }
  ops.reached("journal");

  size_t renamed = 0;
  try {
    for (size_t i = 0; i < writes.size(); ++i) {
      ops.create(j.targets[i].temp, writes[i].content, ops.mode(writes[i].path));
      ops.matchOwner(writes[i].path, j.targets[i].temp);
      ops.reached("temporary " + std::to_string(i + 1));
    }
    for (const auto& w : writes) checkUnchanged(w);  // the window between planning and now
    for (size_t i = 0; i < writes.size(); ++i) {
      ops.link(writes[i].path, j.targets[i].backup);
      ops.reached("backup " + std::to_string(i + 1));
    }
    syncAll();
    for (; renamed < writes.size(); ++renamed) {
      ops.rename(j.targets[renamed].temp, writes[renamed].path);
      ops.reached("rename " + std::to_string(renamed + 1));
    }
    syncAll();
  } catch (const ApplyError& e) {
    // Only ApplyError: anything else is treated as a crash and left to recovery.
    std::string rollback;
    for (size_t i = 0; i < renamed; ++i) {
      try {
        ops.rename(j.targets[i].backup, writes[i].path);
      } catch (const ApplyError&) {
        rollback += "; could not restore " + writes[i].path + " (its original is at " + j.targets[i].backup + ")";
      }
    }
    syncAll();
    if (!rollback.empty())
      throw ApplyError(std::string(e.what()) + rollback + "; `archscan recover` finishes the rollback from " + journal);
    for (const auto& t : j.targets) {
      ops.remove(t.temp);
      ops.remove(t.backup);
    }
    syncAll();
    dropJournal();
    throw ApplyError(std::string(e.what()) + "; no file was changed");
  }
  for (const auto& t : j.targets) ops.remove(t.backup);
  syncAll();
  ops.reached("backups removed");
  dropJournal();
}

}  // namespace archscan
