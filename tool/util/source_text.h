#pragma once
// Reading a text file: bytes, a UTF-8 check, line numbers and a content hash.
#include <cstdint>
#include <optional>
#include <string>

namespace archscan {

// The position of the first byte that breaks UTF-8, or nullopt.
std::optional<size_t> firstInvalidUtf8(const std::string& bytes);
// 1-based line of a byte offset.
int lineAt(const std::string& text, size_t offset);
// FNV-1a of the bytes: cheap identity of a file's content.
uint64_t contentHash(const std::string& bytes);
// Reads a whole file; throws std::runtime_error naming the file on failure.
std::string readFile(const std::string& path);

}  // namespace archscan
