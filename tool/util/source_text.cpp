#include "util/source_text.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace archscan {

std::optional<size_t> firstInvalidUtf8(const std::string& s) {
  const auto* b = reinterpret_cast<const unsigned char*>(s.data());
  size_t n = s.size(), i = 0;
  while (i < n) {
    unsigned char c = b[i];
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > n) return i;
    for (size_t k = 1; k < len; ++k)
      if ((b[i + k] & 0xC0) != 0x80) return i;
    if (len == 2 && c < 0xC2) return i;  // overlong
    i += len;
  }
  return std::nullopt;
}

namespace {

// The length of the valid UTF-8 sequence at `i`, 0 when the byte there breaks UTF-8.
size_t utf8Length(const unsigned char* b, size_t n, size_t i) {
  unsigned char c = b[i];
  size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || i + len > n) return 0;
  for (size_t k = 1; k < len; ++k)
    if ((b[i + k] & 0xC0) != 0x80) return 0;
  if (len == 2 && c < 0xC2) return 0;  // overlong
  return len;
}

}  // namespace

std::optional<std::string> pythonCoding(const std::string& text) {
  size_t start = 0;
  for (int line = 0; line < 2 && start <= text.size(); ++line) {
    size_t end = text.find('\n', start);
    std::string l = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    size_t hash = l.find_first_not_of(" \t\f");
    if (hash != std::string::npos && l[hash] == '#') {
      // PEP 263: `coding[:=]\s*([-\w.]+)` anywhere in a comment line.
      for (size_t at = l.find("coding", hash); at != std::string::npos; at = l.find("coding", at + 1)) {
        size_t v = at + 6;
        if (v >= l.size() || (l[v] != ':' && l[v] != '=')) continue;
        v = l.find_first_not_of(" \t", v + 1);
        if (v == std::string::npos) break;
        size_t e = v;
        while (e < l.size() &&
               (std::isalnum(static_cast<unsigned char>(l[e])) || l[e] == '-' || l[e] == '_' || l[e] == '.'))
          ++e;
        if (e == v) break;
        std::string name = l.substr(v, e - v);
        for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return name;
      }
    }
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return std::nullopt;
}

bool isLatin1(const std::string& coding) {
  std::string n = coding;
  for (auto& c : n)
    if (c == '_') c = '-';
  // As Python's tokenizer does: "latin-1-unix" and "iso-8859-1-windows" are Latin-1 too.
  for (const char* prefix : {"latin-1-", "iso-8859-1-", "iso-latin-1-"})
    if (n.rfind(prefix, 0) == 0) return true;
  for (const char* name : {"latin-1", "latin1", "latin", "l1", "iso-8859-1", "iso8859-1", "8859", "cp819",
                           "iso-latin-1", "iso-ir-100", "csisolatin1", "ibm819"})
    if (n == name) return true;
  return false;
}

std::string maskedBytes(std::string text, bool allHigh) {
  auto* b = reinterpret_cast<const unsigned char*>(text.data());
  size_t n = text.size(), i = 0;
  while (i < n) {
    size_t len = allHigh && b[i] >= 0x80 ? 0 : utf8Length(b, n, i);
    if (len == 0) {
      text[i] = '_';
      len = 1;
    }
    i += len;
  }
  return text;
}

std::string displayText(const std::string& text) {
  if (!firstInvalidUtf8(text)) return text;
  const auto* b = reinterpret_cast<const unsigned char*>(text.data());
  std::string out;
  size_t n = text.size(), i = 0;
  while (i < n) {
    size_t len = utf8Length(b, n, i);
    if (len == 0) {
      out += static_cast<char>(0xC0 | (b[i] >> 6));
      out += static_cast<char>(0x80 | (b[i] & 0x3F));
      ++i;
      continue;
    }
    out.append(text, i, len);
    i += len;
  }
  return out;
}

int lineAt(const std::string& text, size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + std::min(offset, text.size()), '\n'));
}

uint64_t contentHash(const std::string& bytes) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string asciiLower(std::string_view text) {
  std::string low(text);
  for (char& c : low)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + ('a' - 'A'));
  return low;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot read: " + std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw std::runtime_error(path + ": read error");
  return ss.str();
}

}  // namespace archscan
