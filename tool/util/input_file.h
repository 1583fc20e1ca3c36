#pragma once
// Reading a file the user names as input (a patch set, archscan.yaml, a
// baseline): only a regular file, and only up to a size cap, so that a FIFO,
// a device or a folder is an error instead of a hang or an endless read.
#include <cstddef>
#include <string>

namespace archscan {

constexpr std::size_t kMaxInputBytes = std::size_t{16} << 20;

// Throws std::runtime_error("PATH: why") when the path is not a regular file,
// is larger than `cap` or cannot be read.
std::string readInputFile(const std::string& path, std::size_t cap = kMaxInputBytes);

}  // namespace archscan
