#include "arch/arch_table.h"

namespace archscan {

bool ArchTable::isKnown(int major, int minor) const {
  for (const auto& k : known)
    if (k.major == major && k.minor == minor) return true;
  return false;
}

bool ArchTable::isKnownMajor(int major) const {
  for (const auto& k : known)
    if (k.major == major) return true;
  return false;
}

std::string ArchTable::familyOf(int major, int minor) const {
  for (const auto& k : known)
    if (k.major == major && (k.minor == minor || minor < 0)) return k.family;
  return {};
}

const KnownArch* ArchTable::find(int major, int minor) const {
  for (const auto& k : known)
    if (k.major == major && k.minor == minor) return &k;
  return nullptr;
}

std::vector<Arch> ArchTable::minorsOf(int major) const {
  std::vector<Arch> out;
  for (const auto& k : known)
    if (k.major == major) out.push_back(Arch{k.major, k.minor, false, Variant::None});
  return out;
}

}  // namespace archscan
