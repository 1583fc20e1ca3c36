#pragma once

namespace arch {
template <int Major>
struct is_major {
  static constexpr bool value = false;
};
template <int Major>
inline constexpr bool is_major_v = is_major<Major>::value;
}  // namespace arch

void launch_sm100_gemm();
void launch_sm90_gemm();
void launch_simt_gemm();

// An arch no arm names instantiates the else, whose static_assert stops the
// build for it.
template <int SM>
void run_fp8_gemm() {
  if constexpr (arch::is_major_v<10>) {  // expect: missing-arch sm_120 error
    launch_sm100_gemm();
  } else if constexpr (arch::is_major_v<9>) {
    launch_sm90_gemm();
  } else {
    static_assert(SM == 0, "fp8 gemm: unsupported arch");
  }
}

// Near miss: the else is a working portable kernel, so an unlisted arch is
// only slower.
template <int SM>
void run_bf16_gemm() {
  if constexpr (arch::is_major_v<10>) {  // expect-none
    launch_sm100_gemm();
  } else if constexpr (arch::is_major_v<9>) {
    launch_sm90_gemm();
  } else {
    launch_simt_gemm();
  }
}
