// Arch tests kept in flags and joined in one check, as attention front-ends
// write them. The check crashes for every arch no flag names; its message
// says newer GPUs are meant to pass, so a newer one refused was forgotten.
#include <stdexcept>

struct DeviceProps {
  int major;
  int minor;
};
DeviceProps* getCurrentDeviceProperties();

#define TORCH_CHECK(COND, MSG) \\
  if (!(COND)) throw std::runtime_error(MSG)

// Called only after the check below: an arch the check refuses never gets
// here, so this chain is not where it is decided.
int fwd_block_m() {
  auto dprops = getCurrentDeviceProperties();
  if (dprops->major == 8 && dprops->minor == 0) {  // expect-none: the caller's check refuses sm_120 first
    return 128;
  } else if (dprops->major == 9) {
    return 64;
  }
  throw std::runtime_error("no tile for this GPU");
}

void mha_fwd(bool is_bf16) {
  auto dprops = getCurrentDeviceProperties();
  bool is_sm8x = dprops->major == 8 && dprops->minor >= 0;
  bool is_sm90 = dprops->major == 9 && dprops->minor == 0;
  TORCH_CHECK(is_sm90 || is_sm8x, "FlashAttention only supports Ampere GPUs or newer.");  // expect: missing-arch sm_120 error
  int block_m = fwd_block_m();
  (void)block_m;
  if (is_bf16) {
    // Reached only by what passed the check above.
    TORCH_CHECK(is_sm90 || is_sm8x, "bfloat16 is only supported on Ampere GPUs or newer");  // expect-none
  }
}

// A check whose message names the archs it is for keeps the others out on
// purpose: a gate, not a forgotten arch.
void fp8_fwd() {
  auto dprops = getCurrentDeviceProperties();
  bool is_sm90 = dprops->major == 9 && dprops->minor == 0;
  bool is_sm100 = dprops->major == 10 && dprops->minor == 0;
  TORCH_CHECK(is_sm90 || is_sm100, "FP8 attention is only supported on Hopper and Blackwell datacenter GPUs");  // expect-none
}
