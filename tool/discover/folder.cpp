#include "discover/folder.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace archscan {
namespace {

FolderEntry::Kind kindOf(mode_t mode) {
  if (S_ISREG(mode)) return FolderEntry::Kind::File;
  if (S_ISDIR(mode)) return FolderEntry::Kind::Folder;
  return FolderEntry::Kind::Other;
}

// `name` in the folder open as `folder`, of the kind the listing gave.
FolderEntry entryOf(int folder, const char* name, unsigned char type) {
  FolderEntry e;
  e.name = name;
  struct stat st{};
  switch (type) {
    case DT_REG:
      e.kind = FolderEntry::Kind::File;
      break;
    case DT_DIR:
      e.kind = FolderEntry::Kind::Folder;
      break;
    case DT_LNK:
      e.link = true;
      if (::fstatat(folder, name, &st, 0) == 0) e.kind = kindOf(st.st_mode);
      break;
    case DT_UNKNOWN:  // some file systems do not say; ask, without following
      if (::fstatat(folder, name, &st, AT_SYMLINK_NOFOLLOW) != 0) break;
      e.link = S_ISLNK(st.st_mode);
      if (e.link && ::fstatat(folder, name, &st, 0) != 0) break;
      e.kind = kindOf(st.st_mode);
      break;
    default:
      break;
  }
  return e;
}

}  // namespace

// open() and getdents64() rather than opendir(), which also stats the folder
// and allocates a buffer for it: a system call and 32 KiB per folder walked.
OpenFolder::OpenFolder(const std::string& path, std::error_code& ec) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) ec = std::error_code(errno, std::generic_category());
}

OpenFolder::~OpenFolder() {
  if (fd_ >= 0) ::close(fd_);
}

std::vector<FolderEntry> OpenFolder::entries(std::error_code& ec) {
  std::vector<FolderEntry> out;
  if (fd_ < 0) return out;
  alignas(dirent64) char buffer[16384];
  for (;;) {
    ssize_t n = ::getdents64(fd_, buffer, sizeof buffer);
    if (n < 0) ec = std::error_code(errno, std::generic_category());
    if (n <= 0) break;
    for (ssize_t at = 0; at < n;) {
      const auto* d = reinterpret_cast<const dirent64*>(buffer + at);
      at += d->d_reclen;
      if (std::strcmp(d->d_name, ".") != 0 && std::strcmp(d->d_name, "..") != 0)
        out.push_back(entryOf(fd_, d->d_name, d->d_type));
    }
  }
  return out;
}

std::optional<FileStamp> OpenFolder::stamp(const std::string& name) const {
  struct stat st{};
  if (fd_ < 0 || ::fstatat(fd_, name.c_str(), &st, 0) != 0) return std::nullopt;
  return stampOf(st);
}

}  // namespace archscan
