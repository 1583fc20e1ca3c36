#include "arch/arch.h"

#include <tuple>

namespace archscan {

std::string Arch::name() const {
  std::string s = "sm_" + std::to_string(major);
  s += major_only ? std::string("x") : std::to_string(minor);
  if (variant != Variant::None) s += static_cast<char>(variant);
  return s;
}

std::string Arch::dotted() const {
  std::string s = std::to_string(major) + "." + (major_only ? std::string("x") : std::to_string(minor));
  if (variant != Variant::None) s += static_cast<char>(variant);
  return s;
}

bool Arch::operator<(const Arch& o) const {
  return std::make_tuple(major, major_only ? -1 : minor, static_cast<char>(variant)) <
         std::make_tuple(o.major, o.major_only ? -1 : o.minor, static_cast<char>(o.variant));
}

bool covers(const Arch& key, const Arch& target) {
  if (key.major != target.major) return false;
  if (key.major_only || target.major_only) return true;
  return key.minor == target.minor;
}

bool coveredByAny(const std::vector<Arch>& keys, const Arch& target) {
  for (const Arch& k : keys)
    if (covers(k, target)) return true;
  return false;
}

}  // namespace archscan
