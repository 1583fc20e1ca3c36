#pragma once
// Compile-time switches in the shape attention kernels use: each runs the
// lambda it is given with a constexpr chosen from a run-time value.

#define BOOL_SWITCH(COND, CONST_NAME, ...)      \
  [&] {                                         \
    if (COND) {                                 \
      constexpr static bool CONST_NAME = true;  \
      return __VA_ARGS__();                     \
    } else {                                    \
      constexpr static bool CONST_NAME = false; \
      return __VA_ARGS__();                     \
    }                                           \
  }()

#define ARCH_SWITCH(ARCH, ARCH_NAME, ...)                            \
  [&] {                                                              \
    if (ARCH == 86 || ARCH == 89) { /* expect: missing-arch sm_120 warning */ \
      constexpr static int ARCH_NAME = 89;                           \
      return __VA_ARGS__();                                          \
    } else {                                                         \
      constexpr static int ARCH_NAME = 80;                           \
      return __VA_ARGS__();                                          \
    }                                                                \
  }()
