#pragma once
// One GPU architecture: {major, minor, variant}. A key written as a bare major
// (`12`) covers every minor of that major and is named `sm_12x`.
#include <optional>
#include <string>
#include <vector>

namespace archscan {

enum class Variant : char { None = 0, A = 'a', F = 'f' };

struct Arch {
  int major = 0;
  int minor = 0;
  bool major_only = false;
  Variant variant = Variant::None;

  // sm_120, sm_90a, sm_100f, sm_12x
  std::string name() const;
  // 12.0, 9.0a, 12.x
  std::string dotted() const;
  // Ordering and identity ignore nothing: sm_90 != sm_90a.
  bool operator==(const Arch& o) const {
    return major == o.major && minor == o.minor && major_only == o.major_only && variant == o.variant;
  }
  bool operator!=(const Arch& o) const { return !(*this == o); }
  bool operator<(const Arch& o) const;
  // The arch without its variant suffix.
  Arch base() const { return Arch{major, minor, major_only, Variant::None}; }
  // sm int: 120 for 12.0.
  int smInt() const { return major * 10 + minor; }
};

// True when a key spelled as `key` makes `target` take the key's path:
// variants are ignored, a major-only key covers every minor, and a major-only
// target (sm_12x) is covered by any key of that major.
bool covers(const Arch& key, const Arch& target);
// Whether any of `keys` covers `target`.
bool coveredByAny(const std::vector<Arch>& keys, const Arch& target);

}  // namespace archscan
