#pragma once
#include <stdexcept>

template <int SM>
void run_attention();

// Tests written only inside a macro body, across continuation lines: nothing
// in this file expands the macro, so only the text says what it decides.
#define DISPATCH_ATTENTION(SM_VERSION)                            \
  if constexpr (SM_VERSION == 100) { /* expect: missing-arch sm_120 error */ \
    run_attention<100>();                                         \
  } else if constexpr (SM_VERSION == 90) {                        \
    run_attention<90>();                                          \
  } else {                                                        \
    throw std::runtime_error("attention: unsupported arch");      \
  }

namespace arch {
template <int Major>
inline constexpr bool is_major_v = false;
}  // namespace arch
void launch_sm100_decode();
void launch_sm90_decode();

// The same with the arch tested as a template argument.
#define DISPATCH_DECODE()                                         \
  if constexpr (arch::is_major_v<10>) { /* expect: missing-arch sm_120 error */ \
    launch_sm100_decode();                                        \
  } else if constexpr (arch::is_major_v<9>) {                     \
    launch_sm90_decode();                                         \
  } else {                                                        \
    static_assert(sizeof(int) == 0, "decode: unsupported arch");  \
  }
