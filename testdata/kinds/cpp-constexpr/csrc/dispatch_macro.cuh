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
