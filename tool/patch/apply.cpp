#include "patch/apply.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

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

std::string hiddenSibling(const std::string& path, const char* tag) {
  std::filesystem::path p(path);
  return (p.parent_path() / ("." + p.filename().string() + "." + tag + "-XXXXXX")).string();
}

}  // namespace

std::string FileOps::read(const std::string& path) {
  try {
    return readFile(path);
  } catch (const std::exception& e) {
    throw ApplyError(e.what());
  }
}

std::string FileOps::writeTemp(const std::string& beside, const std::string& content, unsigned m) {
  std::string tmpl = hiddenSibling(beside, "archscan");
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  int fd = mkstemp(name.data());
  if (fd < 0) throw ApplyError(sysError("cannot create a temporary file beside it", beside));
  std::string tmp(name.data());
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      std::string err = sysError("write failed", tmp);
      ::close(fd);
      ::unlink(tmp.c_str());
      throw ApplyError(err);
    }
    done += static_cast<size_t>(n);
  }
  if (::fchmod(fd, m) != 0 || ::fsync(fd) != 0) {
    std::string err = sysError("cannot set mode or flush", tmp);
    ::close(fd);
    ::unlink(tmp.c_str());
    throw ApplyError(err);
  }
  ::close(fd);
  return tmp;
}

void FileOps::link(const std::string& from, const std::string& to) {
  if (::link(from.c_str(), to.c_str()) != 0) throw ApplyError(sysError("cannot make a backup link", from));
}

void FileOps::rename(const std::string& from, const std::string& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) throw ApplyError(sysError("cannot replace", to));
}

void FileOps::remove(const std::string& path) noexcept { ::unlink(path.c_str()); }

unsigned FileOps::mode(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) throw ApplyError(sysError("cannot stat", path));
  return st.st_mode & 07777;
}

void FileOps::syncDir(const std::string& dir) noexcept {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

void applyWrites(const std::vector<FileWrite>& writes, FileOps& ops) {
  auto checkUnchanged = [&](const FileWrite& w) {
    if (ops.read(w.path) != w.expected)
      throw ApplyError(w.path + ": changed since it was read; not overwritten (nothing was written)");
  };
  for (const auto& w : writes) checkUnchanged(w);

  std::vector<std::string> temps;
  auto dropTemps = [&] {
    for (const auto& t : temps) ops.remove(t);
  };
  try {
    for (const auto& w : writes) temps.push_back(ops.writeTemp(w.path, w.content, ops.mode(w.path)));
    for (const auto& w : writes) checkUnchanged(w);  // the window between planning and now
  } catch (...) {
    dropTemps();
    throw;
  }

  std::vector<std::string> backups(writes.size());
  size_t renamed = 0;
  try {
    for (size_t i = 0; i < writes.size(); ++i) {
      std::string tmpl = hiddenSibling(writes[i].path, "archscan-backup");
      backups[i] = tmpl.substr(0, tmpl.size() - 6) + std::to_string(::getpid()) + "-" + std::to_string(i);
      ops.link(writes[i].path, backups[i]);
    }
    for (; renamed < writes.size(); ++renamed) ops.rename(temps[renamed], writes[renamed].path);
  } catch (const ApplyError& e) {
    std::string rollback;
    for (size_t i = 0; i < renamed; ++i) {
      try {
        ops.rename(backups[i], writes[i].path);
        backups[i].clear();
      } catch (const ApplyError& r) {
        rollback += std::string("; could not restore ") + writes[i].path + " (its original is at " + backups[i] + ")";
      }
    }
    for (size_t i = renamed; i < temps.size(); ++i) ops.remove(temps[i]);
    for (const auto& b : backups)
      if (!b.empty()) ops.remove(b);
    throw ApplyError(std::string(e.what()) + (rollback.empty() ? "; no file was changed" : rollback));
  }
  for (const auto& b : backups) ops.remove(b);
  for (const auto& w : writes) ops.syncDir(dirOf(w.path));
}

}  // namespace archscan
