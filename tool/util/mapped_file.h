#pragma once
// A whole file mapped read-only into memory. For the cache's own files, which
// are only ever replaced by rename and never rewritten in place: reading a
// few MB into fresh heap memory costs a page fault per page, a populated
// mapping of the page cache costs one system call.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace archscan {

class MappedFile {
 public:
  // The file's bytes, or nullopt when it is absent, empty or unreadable.
  static std::optional<MappedFile> open(const std::string& path);

  MappedFile(MappedFile&& o) noexcept : data_(o.data_), size_(o.size_) { o.data_ = nullptr, o.size_ = 0; }
  MappedFile& operator=(MappedFile&& o) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::string_view bytes() const { return {static_cast<const char*>(data_), size_}; }

 private:
  MappedFile(void* data, size_t size) : data_(data), size_(size) {}
  void* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace archscan
