// libFuzzer target: the unified-diff writer. The input is split at its first
// NUL byte into an old and a new text; the diff must apply to the old text
// and give the new one exactly (a small applier below reads it back).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "patch/diff.h"

namespace {

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  size_t b = 0;
  while (b < s.size()) {
    size_t e = s.find('\n', b);
    e = e == std::string::npos ? s.size() : e + 1;
    out.push_back(s.substr(b, e - b));
    b = e;
  }
  return out;
}

// Applies a diff produced by unifiedDiff; aborts on anything it cannot read.
std::string apply(const std::string& before, const std::string& diff) {
  std::vector<std::string> a = lines(before), d = lines(diff), out;
  size_t ai = 0, i = 2;  // after the --- and +++ lines
  while (i < d.size()) {
    int aStart = 0, aCount = 1;
    if (d[i].rfind("@@ -", 0) != 0) std::abort();
    const char* p = d[i].c_str() + 4;
    aStart = std::atoi(p);
    while (*p >= '0' && *p <= '9') ++p;
    if (*p == ',') aCount = std::atoi(p + 1);
    size_t from = static_cast<size_t>(aCount == 0 ? aStart : aStart - 1);
    if (from < ai || from > a.size()) std::abort();
    while (ai < from) out.push_back(a[ai++]);
    char lastOp = 0;
    for (++i; i < d.size() && d[i].rfind("@@ ", 0) != 0; ++i) {
      const std::string& l = d[i];
      if (l.rfind("\\ No newline", 0) == 0) {
        // Only an added line took a newline the new text does not have.
        if (lastOp == '+') {
          if (out.empty() || out.back().back() != '\n') std::abort();
          out.back().pop_back();
        }
        continue;
      }
      lastOp = l[0];
      std::string body = l.substr(1);
      if (l[0] == ' ' || l[0] == '-') {
        if (ai >= a.size()) std::abort();
        std::string want = a[ai];
        if (want.empty() || want.back() != '\n') want += '\n';
        if (body != want) std::abort();
        ++ai;
        if (l[0] == ' ') out.push_back(a[ai - 1]);
      } else if (l[0] == '+') {
        out.push_back(body);
      } else {
        std::abort();
      }
    }
  }
  while (ai < a.size()) out.push_back(a[ai++]);
  std::string s;
  for (const auto& l : out) s += l;
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string in(reinterpret_cast<const char*>(data), size);
  size_t nul = in.find('\0');
  if (nul == std::string::npos) return 0;
  std::string before = in.substr(0, nul), after = in.substr(nul + 1);
  std::string diff = archscan::unifiedDiff("f.py", before, after, {});
  if (before == after) {
    if (!diff.empty()) std::abort();
    return 0;
  }
  if (diff.rfind("--- a/f.py\n+++ b/f.py\n", 0) != 0) std::abort();
  if (apply(before, diff) != after) std::abort();
  return 0;
}
