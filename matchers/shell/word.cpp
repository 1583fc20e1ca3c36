#include "word.h"

namespace archscan::shell {

Slice Slice::sub(size_t b, size_t e) const {
  Slice s;
  e = std::min(e, text.size());
  if (b >= e) return s;
  s.text = text.substr(b, e - b);
  s.at.assign(at.begin() + static_cast<long>(b), at.begin() + static_cast<long>(e));
  s.quoted.assign(quoted.begin() + static_cast<long>(b), quoted.begin() + static_cast<long>(e));
  for (Reference r : refs) {
    if (r.begin < b || r.end > e) continue;
    r.begin -= b;
    r.end -= b;
    r.default_begin -= std::min(r.default_begin, b);
    r.default_end -= std::min(r.default_end, b);
    s.refs.push_back(r);
  }
  return s;
}

std::optional<ByteRange> Slice::range(size_t b, size_t e) const {
  if (b >= e || e > at.size()) return std::nullopt;
  for (size_t i = b + 1; i < e; ++i)
    if (at[i] != at[i - 1] + 1) return std::nullopt;
  return ByteRange{at[b], at[e - 1] + 1};
}

}  // namespace archscan::shell
