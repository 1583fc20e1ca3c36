#include "util/escape.h"

#include <cstdio>

namespace archscan {

std::string visible(std::string_view s) {
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
    size_t len = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    bool ok = len > 0 && i + len <= n && !(len == 2 && c < 0xC2);
    for (size_t k = 1; ok && k < len; ++k) ok = (b[i + k] & 0xC0) == 0x80;
    if (!ok) {
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

}  // namespace archscan
