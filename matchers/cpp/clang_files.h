#pragma once
// What a Clang parse reads besides the tree, and what it need not read
// twice: the prelude served from archscan's own copy, and the paths an
// earlier parse of the same scan found missing.
#include <clang/Basic/FileSystemStatCache.h>
#include <llvm/ADT/StringSet.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <shared_mutex>
#include <string>

namespace archscan::cpp {

// One read-only file at one path, its bytes owned by the caller. An
// in-memory file system would hash the prelude's 12 MB in every parse
// (LLVM names its files by a hash of their bytes).
class OneFileSystem : public llvm::vfs::FileSystem {
 public:
  OneFileSystem(std::string path, llvm::StringRef bytes) : path_(std::move(path)), bytes_(bytes) {}
  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine& path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& path) override;
  llvm::vfs::directory_iterator dir_begin(const llvm::Twine& dir, std::error_code& ec) override;
  std::error_code setCurrentWorkingDirectory(const llvm::Twine& path) override;
  llvm::ErrorOr<std::string> getCurrentWorkingDirectory() const override { return cwd_; }

 private:
  llvm::vfs::Status fileStatus() const;
  std::string path_;
  llvm::StringRef bytes_;
  std::string cwd_ = "/";
};

// Absolute paths found missing, shared by every parse of one scan: each
// include is looked for in a dozen folders, most of them in vain, and the
// tree does not change under a scan.
class MissingPaths {
 public:
  bool has(llvm::StringRef path) const;
  void add(llvm::StringRef path);

 private:
  mutable std::shared_mutex mutex_;
  llvm::StringSet<> paths_;
};

// A parse's stat cache over MissingPaths. `own` (the parse's file, held in
// memory and perhaps nowhere on disk) and virtual folders under `virtual_dir`
// are never taken from or added to the shared set.
class MissingPathsCache : public clang::FileSystemStatCache {
 public:
  MissingPathsCache(MissingPaths& missing, std::string own, std::string virtual_dir)
      : missing_(missing), own_(std::move(own)), virtual_dir_(std::move(virtual_dir)) {}

 protected:
  std::error_code getStat(llvm::StringRef path, llvm::vfs::Status& status, bool is_file,
                          std::unique_ptr<llvm::vfs::File>* file, llvm::vfs::FileSystem& fs) override;

 private:
  MissingPaths& missing_;
  std::string own_;
  std::string virtual_dir_;
};

}  // namespace archscan::cpp
