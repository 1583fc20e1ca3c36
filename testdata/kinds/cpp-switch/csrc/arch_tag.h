#pragma once
// The capability as major * 100 + minor * 10, the __CUDA_ARCH__ scale, with
// 0 for "no device". The 0 label is a sentinel, not a non-arch label.
struct ArchTag {
  int value;
};

inline int compute_arch(int major, int minor) { return major * 100 + minor * 10; }

inline ArchTag pick_arch_tag(int arch) {
  switch (arch) {  // expect(all): missing-arch sm_120 warning
    case 0:
      return ArchTag{0};
    case 700:
      return ArchTag{700};
    case 750:
      return ArchTag{750};
    case 800:
      return ArchTag{800};
    case 900:
      return ArchTag{900};
    default:
      return ArchTag{800};
  }
}

// Near miss: 0 and 1 beside 700 are modes, and the subject says nothing of archs.
inline int pick_mode(int mode) {
  switch (mode) {
    case 0:
      return 1;
    case 1:
      return 700;
    case 700:
      return 2;
    default:
      return 0;
  }
}
