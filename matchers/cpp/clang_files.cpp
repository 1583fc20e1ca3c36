#include "clang_files.h"

#include <llvm/Support/MemoryBuffer.h>

#include <mutex>

namespace archscan::cpp {
namespace {

std::error_code missing() { return std::make_error_code(std::errc::no_such_file_or_directory); }

class OneFile : public llvm::vfs::File {
 public:
  OneFile(llvm::vfs::Status status, llvm::StringRef bytes) : status_(std::move(status)), bytes_(bytes) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return status_; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine& name, int64_t, bool, bool) override {
    // Nothing reads a precompiled header as text, so no terminator is promised.
    return llvm::MemoryBuffer::getMemBuffer(bytes_, name.str(), /*RequiresNullTerminator=*/false);
  }
  std::error_code close() override { return {}; }

 private:
  llvm::vfs::Status status_;
  llvm::StringRef bytes_;
};

}  // namespace

llvm::vfs::Status OneFileSystem::fileStatus() const {
  // A device number no disk has, so the file manager never takes it for another file.
  return llvm::vfs::Status(path_, llvm::sys::fs::UniqueID(0x61726368, 1), llvm::sys::TimePoint<>(), 0, 0, bytes_.size(),
                           llvm::sys::fs::file_type::regular_file, llvm::sys::fs::perms::all_read);
}

llvm::ErrorOr<llvm::vfs::Status> OneFileSystem::status(const llvm::Twine& path) {
  if (path.str() != path_) return missing();
  return fileStatus();
}

llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> OneFileSystem::openFileForRead(const llvm::Twine& path) {
  if (path.str() != path_) return missing();
  return std::unique_ptr<llvm::vfs::File>(std::make_unique<OneFile>(fileStatus(), bytes_));
}

llvm::vfs::directory_iterator OneFileSystem::dir_begin(const llvm::Twine&, std::error_code& ec) {
  ec = missing();  // an overlay then lists the folder from its other layers
  return {};
}

std::error_code OneFileSystem::setCurrentWorkingDirectory(const llvm::Twine& path) {
  cwd_ = path.str();
  return {};
}

bool MissingPaths::has(llvm::StringRef path) const {
  std::shared_lock<std::shared_mutex> lock(mutex_);
  return paths_.contains(path);
}

void MissingPaths::add(llvm::StringRef path) {
  std::unique_lock<std::shared_mutex> lock(mutex_);
  paths_.insert(path);
}

std::error_code MissingPathsCache::getStat(llvm::StringRef path, llvm::vfs::Status& status, bool is_file,
                                           std::unique_ptr<llvm::vfs::File>* file, llvm::vfs::FileSystem& fs) {
  bool shared = path.starts_with("/") && path != own_ && !path.starts_with(virtual_dir_);
  if (shared && missing_.has(path)) return missing();
  std::error_code ec = FileSystemStatCache::get(path, status, is_file, file, nullptr, fs);
  if (shared && ec == std::errc::no_such_file_or_directory) missing_.add(path);
  return ec;
}

}  // namespace archscan::cpp
