#pragma once
// The known-arch table and the GPU-name aliases, loaded from the knowledge
// file. Purity of a site's keys is judged against this table.
#include <map>
#include <string>
#include <vector>

#include "arch/arch.h"

namespace archscan {

struct KnownArch {
  int major = 0;
  int minor = 0;
  std::string family;  // Hopper, Blackwell, ...
};

struct ArchTable {
  std::vector<KnownArch> known;
  std::map<std::string, Arch> aliases;  // lower-case GPU name -> arch

  bool isKnown(int major, int minor) const;
  bool isKnownMajor(int major) const;
  std::string familyOf(int major, int minor) const;
  // Every known arch of one major, in order.
  std::vector<Arch> minorsOf(int major) const;
};

}  // namespace archscan
