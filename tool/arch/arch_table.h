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
  int smem_per_sm_kb = 0;  // shared memory per SM; 0: not known
  // An integrated GPU of a Jetson/Tegra SoC (Orin 8.7, Thor 11.0): a build
  // made only for such parts targets that platform, never a discrete card.
  bool integrated = false;
};

// What instructions an arch can run (knowledge.yaml's feature names:
// tcgen05, wgmma, ...). `known` is false where the knowledge says nothing,
// and then nothing is inferred from it.
struct FeatureSet {
  bool known = false;
  std::vector<std::string> features;  // any code for the arch may use them
  std::vector<std::string> specific;  // only code built for the arch-specific (a/f) target
  std::vector<std::string> signature;  // what a path named for the arch is taken to need
};

struct KnownArch {
  int major = 0;
  int minor = 0;
  std::string family;  // Hopper, Blackwell, ...
  int min_cuda = 0;  // first CUDA toolkit that targets it, as major * 10 + minor (128 for 12.8); 0: not known
  HardwareFacts facts;
  FeatureSet isa;
  // First CUDA toolkit with the arch's family target (sm_120f), as min_cuda
  // counts; 0: the arch has none, or it is not known.
  int family_cuda = 0;
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
