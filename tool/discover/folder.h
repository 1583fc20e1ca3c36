#pragma once
// One folder's entries as the kernel lists them, with the kind each one has
// (a link's is its target's). The walk asked the file system again for each
// entry's kind, a .gitignore and a stamp by full path; names and kinds come
// from one listing, and a stamp is asked relative to the open folder.
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "util/file_stamp.h"

namespace archscan {

struct FolderEntry {
  enum class Kind { File, Folder, Other };
  std::string name;
  Kind kind = Kind::Other;  // of the target, for a link; Other for a dangling one
  bool link = false;
};

class OpenFolder {
 public:
  // Sets `ec` (and holds nothing) when the folder cannot be opened.
  OpenFolder(const std::string& path, std::error_code& ec);
  OpenFolder(const OpenFolder&) = delete;
  OpenFolder& operator=(const OpenFolder&) = delete;
  ~OpenFolder();

  // Every entry but "." and ".."; sets `ec` when the listing breaks off.
  std::vector<FolderEntry> entries(std::error_code& ec);
  // The stamp of the regular file `name` in this folder, links followed.
  std::optional<FileStamp> stamp(const std::string& name) const;

 private:
  int fd_ = -1;
};

}  // namespace archscan
