#include "discover/folder.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>

namespace archscan {
namespace {

FolderEntry::Kind kindOf(mode_t mode) {
  if (S_ISREG(mode)) return FolderEntry::Kind::File;
  if (S_ISDIR(mode)) return FolderEntry::Kind::Folder;
  return FolderEntry::Kind::Other;
}

}  // namespace

OpenFolder::OpenFolder(const std::string& path, std::error_code& ec) {
  dir_ = ::opendir(path.c_str());
  if (!dir_) ec = std::error_code(errno, std::generic_category());
}

OpenFolder::~OpenFolder() {
  if (dir_) ::closedir(dir_);
}

std::vector<FolderEntry> OpenFolder::entries(std::error_code& ec) {
  std::vector<FolderEntry> out;
  if (!dir_) return out;
  int fd = ::dirfd(dir_);
  for (;;) {
    errno = 0;
    const dirent* d = ::readdir(dir_);
    if (!d) {
      if (errno != 0) ec = std::error_code(errno, std::generic_category());
      break;
    }
    std::string name = d->d_name;
    if (name == "." || name == "..") continue;
    FolderEntry e;
    e.name = std::move(name);
    struct stat st {};
    switch (d->d_type) {
      case DT_REG: e.kind = FolderEntry::Kind::File; break;
      case DT_DIR: e.kind = FolderEntry::Kind::Folder; break;
      case DT_LNK:
        e.link = true;
        if (::fstatat(fd, e.name.c_str(), &st, 0) == 0) e.kind = kindOf(st.st_mode);
        break;
      case DT_UNKNOWN:  // some file systems do not say; ask, without following
        if (::fstatat(fd, e.name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) break;
        e.link = S_ISLNK(st.st_mode);
        if (e.link && ::fstatat(fd, e.name.c_str(), &st, 0) != 0) break;
        e.kind = kindOf(st.st_mode);
        break;
      default: break;
    }
    out.push_back(std::move(e));
  }
  return out;
}

std::optional<FileStamp> OpenFolder::stamp(const std::string& name) const {
  struct stat st {};
  if (!dir_ || ::fstatat(::dirfd(dir_), name.c_str(), &st, 0) != 0) return std::nullopt;
  return stampOf(st);
}

}  // namespace archscan
