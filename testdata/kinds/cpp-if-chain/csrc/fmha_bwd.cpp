// A chain inside a lambda handed to a dtype switch: the switch's body runs
// the lambda twice (fp16 and bf16), so the compiler sees the chain twice.
// It is one place, reported once.
#include <stdexcept>

#include "static_switch.h"

struct DeviceProps {
  int major;
  int minor;
};
DeviceProps* getCurrentDeviceProperties();

#define FP16_SWITCH(COND, ...)     \
  [&] {                            \
    if (COND) {                    \
      using elem_type = short;     \
      return __VA_ARGS__();        \
    } else {                       \
      using elem_type = unsigned;  \
      return __VA_ARGS__();        \
    }                              \
  }()

template <int Rows>
void run_bwd_loop(int seqlen);

void run_fmha_bwd(bool is_bf16, int seqlen) {
  FP16_SWITCH(is_bf16, ([&] {
    auto dprops = getCurrentDeviceProperties();
    if (dprops->major == 8 && dprops->minor == 0) {  // expect: missing-arch sm_120 error
      run_bwd_loop<256>(seqlen);
    } else if (dprops->major == 7 && dprops->minor == 5) {
      run_bwd_loop<128>(seqlen);
    } else {
      throw std::runtime_error("FMHA backward needs sm75 or sm80");
    }
  }));
}
