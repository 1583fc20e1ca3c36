#pragma once
// Reading a text file: bytes, a UTF-8 check, line numbers and a content hash.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace archscan {

// The position of the first byte that breaks UTF-8, or nullopt.
std::optional<size_t> firstInvalidUtf8(const std::string& bytes);
// The encoding a Python file's PEP 263 coding line names ("latin-1" for
// `# -*- coding: latin-1 -*-` on line 1 or 2), lower case; nullopt without one.
std::optional<std::string> pythonCoding(const std::string& text);
// Whether a PEP 263 coding name is Latin-1 under one of the spellings Python accepts.
bool isLatin1(const std::string& coding);
// `text` with every byte that breaks UTF-8 (or, with `allHigh`, every byte
// above 0x7f) replaced by '_', so that each stays at its offset: sites,
// patches and the content hash count the file's own bytes.
std::string maskedBytes(std::string text, bool allHigh);
// `text` as valid UTF-8 for display: bytes that break UTF-8 read as Latin-1.
std::string displayText(const std::string& text);
// `text` with A-Z lowered, every other byte as it was: words archscan looks
// for are ASCII, and this asks no locale per byte.
std::string asciiLower(std::string_view text);
inline bool startsWith(std::string_view s, std::string_view head) { return s.substr(0, head.size()) == head; }
inline bool endsWith(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}
// 1-based line of a byte offset.
int lineAt(const std::string& text, size_t offset);
// FNV-1a of the bytes: cheap identity of a file's content.
uint64_t contentHash(const std::string& bytes);
// Reads a whole file; throws std::runtime_error naming the file on failure.
std::string readFile(const std::string& path);

}  // namespace archscan
