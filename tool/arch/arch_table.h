#pragma once
// The known-arch table and the GPU-name aliases, loaded from the knowledge
// file. Purity of a site's keys is judged against this table.
#include <map>
#include <string>
#include <vector>

#include "arch/arch.h"

namespace archscan {

// A hardware fact code groups archs by: archs that share one take one path.
struct HardwareFacts {
  int threads_per_sm = 0;  // maximum resident threads per SM; 0: not known
  int smem_per_block_kb = 0;  // maximum shared memory per block (opt-in); 0: not known
};

struct KnownArch {
  int major = 0;
  int minor = 0;
  std::string family;  // Hopper, Blackwell, ...
  int min_cuda = 0;  // first CUDA toolkit that targets it, as major * 10 + minor (128 for 12.8); 0: not known
  HardwareFacts facts;
};

struct ArchTable {
  std::vector<KnownArch> known;
  std::map<std::string, Arch> aliases;  // lower-case GPU name -> arch

  bool isKnown(int major, int minor) const;
  bool isKnownMajor(int major) const;
  std::string familyOf(int major, int minor) const;
  // Every known arch of one major, in order.
  std::vector<Arch> minorsOf(int major) const;
  // The entry for an exact arch (variants ignored), or null.
  const KnownArch* find(int major, int minor) const;
};

}  // namespace archscan
