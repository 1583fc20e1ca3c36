#include "util/escape.h"

#include <algorithm>
#include <cstdio>

namespace archscan {

size_t utf8Length(std::string_view s, size_t i) {
  const auto* b = reinterpret_cast<const unsigned char*>(s.data());
  size_t n = s.size();
  unsigned char c = b[i];
  if (c < 0x80) return 1;
  size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (len == 0 || i + len > n) return 0;
  // The second byte's range depends on the first: no overlong forms, no
  // surrogates (ED A0..BF), nothing past U+10FFFF (F4 90..).
  unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
  unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
  if (b[i + 1] < lo || b[i + 1] > hi) return 0;
  for (size_t k = 2; k < len; ++k)
    if ((b[i + k] & 0xC0) != 0x80) return 0;
  return len;
}

std::string printable(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  auto hex = [&](const char* fmt, unsigned v) {
    char buf[8];
    std::snprintf(buf, sizeof buf, fmt, v);
    out += buf;
  };
  const auto* b = reinterpret_cast<const unsigned char*>(s.data());
  size_t n = s.size();
  for (size_t i = 0; i < n;) {
    unsigned char c = b[i];
    if (c < 0x20 || c == 0x7f) {
      hex("\\x%02x", c);
      ++i;
      continue;
    }
    if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    size_t len = utf8Length(s, i);
    if (len == 0) {
      hex("\\x%02x", c);
      ++i;
      continue;
    }
    if (len == 2 && c == 0xC2 && b[i + 1] < 0xA0) {  // U+0080..U+009F: C1 controls (0x9B is CSI)
      hex("\\u%04x", b[i + 1]);
      i += 2;
      continue;
    }
    out.append(s.substr(i, len));
    i += len;
  }
  return out;
}

std::string markdownCode(std::string_view s) {
  std::string body;
  size_t run = 0, longest = 0;
  for (char c : printable(s)) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
    if (c == '|') body += "\\|";
    else body += c;
  }
  std::string fence(longest + 1, '`');
  // A span that starts or ends with a backtick needs a space inside the fence.
  bool pad = !body.empty() && (body.front() == '`' || body.back() == '`');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string gitQuoted(const std::string& path) {
  bool plain = true;
  for (unsigned char c : path) plain = plain && c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  if (plain) return path;
  std::string out = "\"";
  for (unsigned char c : path) {
    switch (c) {
      case '\a':
        out += "\\a";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\v':
        out += "\\v";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      default:
        if (c < 0x20 || c >= 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\%03o", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

}  // namespace archscan
