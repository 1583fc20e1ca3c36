#include "patch/diff.h"
#include "util/escape.h"

#include <algorithm>

namespace archscan {
namespace {

// Lines with their terminators; the last may have none.
std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < s.size()) {
    size_t nl = s.find('\n', start);
    size_t end = nl == std::string::npos ? s.size() : nl + 1;
    out.push_back(s.substr(start, end - start));
    start = end;
  }
  return out;
}

enum class Op { Keep, Del, Add };

// Myers' O(ND) diff over lines; edits are small, so D is small.
std::vector<Op> myers(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  const int n = static_cast<int>(a.size()), m = static_cast<int>(b.size()), max = n + m;
  std::vector<int> v(2 * max + 2, 0);
  std::vector<std::vector<int>> trace;
  int dFound = -1;
  for (int d = 0; d <= max && dFound < 0; ++d) {
    trace.push_back(v);
    for (int k = -d; k <= d; k += 2) {
      int x = (k == -d || (k != d && v[k - 1 + max] < v[k + 1 + max])) ? v[k + 1 + max] : v[k - 1 + max] + 1;
      int y = x - k;
      while (x < n && y < m && a[x] == b[y]) ++x, ++y;
      v[k + max] = x;
      if (x >= n && y >= m) {
        dFound = d;
        break;
      }
    }
  }
  std::vector<Op> ops;
  int x = n, y = m;
  for (int d = dFound; d > 0; --d) {
    const std::vector<int>& pv = trace[d];
    int k = x - y;
    int prevK = (k == -d || (k != d && pv[k - 1 + max] < pv[k + 1 + max])) ? k + 1 : k - 1;
    int prevX = pv[prevK + max], prevY = prevX - prevK;
    while (x > prevX && y > prevY) ops.push_back(Op::Keep), --x, --y;
    if (x == prevX) ops.push_back(Op::Add), --y;
    else ops.push_back(Op::Del), --x;
  }
  while (x > 0 && y > 0) ops.push_back(Op::Keep), --x, --y;
  std::reverse(ops.begin(), ops.end());
  return ops;
}

void emitLine(std::string& out, char mark, const std::string& line) {
  out += mark;
  if (!line.empty() && line.back() == '\n') {
    out += line;
  } else {
    out += line + "\n\\ No newline at end of file\n";
  }
}

}  // namespace

std::string unifiedDiff(const std::string& path, const std::string& before, const std::string& after,
                        const std::vector<DiffNote>& notes) {
  if (before == after) return {};
  auto a = lines(before), b = lines(after);
  auto ops = myers(a, b);
  const int context = 3;
  // Positions (in ops) of changes, grouped into hunks.
  std::vector<size_t> changes;
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i] != Op::Keep) changes.push_back(i);
  std::string out = "--- " + gitQuoted("a/" + path) + "\n+++ " + gitQuoted("b/" + path) + "\n";
  size_t c = 0;
  while (c < changes.size()) {
    size_t first = changes[c], last = changes[c];
    while (c + 1 < changes.size() && changes[c + 1] <= last + 2 * context + 1) last = changes[++c];
    ++c;
    size_t from = first >= static_cast<size_t>(context) ? first - context : 0;
    size_t to = std::min(ops.size(), last + context + 1);
    // Line numbers at `from`.
    int ai = 0, bi = 0;
    for (size_t i = 0; i < from; ++i) {
      if (ops[i] != Op::Add) ++ai;
      if (ops[i] != Op::Del) ++bi;
    }
    int aStart = ai, bStart = bi, aCount = 0, bCount = 0;
    std::string body;
    for (size_t i = from; i < to; ++i) {
      switch (ops[i]) {
        case Op::Keep:
          emitLine(body, ' ', a[ai++]);
          ++aCount;
          ++bCount;
          bi++;
          break;
        case Op::Del:
          emitLine(body, '-', a[ai++]);
          ++aCount;
          break;
        case Op::Add:
          emitLine(body, '+', b[bi++]);
          ++bCount;
          break;
      }
    }
    std::string note;
    for (const auto& n : notes)
      if (n.new_line > bStart && n.new_line <= bStart + bCount && note.find(n.text) == std::string::npos)
        note += (note.empty() ? " " : "; ") + n.text;
    auto range = [](int start, int count) {
      return std::to_string(count == 0 ? start : start + 1) + (count == 1 ? "" : "," + std::to_string(count));
    };
    out += "@@ -" + range(aStart, aCount) + " +" + range(bStart, bCount) + " @@" + note + "\n" + body;
  }
  return out;
}

}  // namespace archscan
