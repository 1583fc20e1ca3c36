#include <cuda_runtime.h>
#include <stdexcept>

#define STD_TORCH_CHECK(cond, ...) \
  do {                             \
    if (!(cond)) throw std::runtime_error("check failed"); \
  } while (0)

cudaDeviceProp* get_device_prop();
void launch_sm90(float*);
void launch_generic(float*);

// Listed archs return early; everything else reaches the failing check.
void fp8_block_gemm(float* out) {
  const auto dprops = get_device_prop();
  bool is_sm9x = dprops->major == 9;  // expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
  if (is_sm9x) {
    launch_sm90(out);
    return;
  }
  STD_TORCH_CHECK(false, "fp8_block_gemm is not implemented for SM", dprops->major);
}

// The check names its archs directly.
void mla_decode(float* out) {
  const auto dprops = get_device_prop();
  STD_TORCH_CHECK(dprops->major == 9 || dprops->major == 10, "MLA decode runs on sm90 and sm100");  // expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
  launch_sm90(out);
}

// Near miss: the flag picks a faster path and the else is a working
// generic kernel, so an unlisted arch only loses speed.
void rmsnorm(float* out) {
  const auto dprops = get_device_prop();
  bool use_tma = dprops->major == 9;  // expect(all): missing-arch sm_120 warning
  if (use_tma) {
    launch_sm90(out);
  } else {
    launch_generic(out);
  }
}

// Near miss: the flag is computed but the code after the if works for all.
void softmax(float* out) {
  const auto dprops = get_device_prop();
  bool is_sm90 = dprops->major == 9 && dprops->minor == 0;  // expect(all): missing-arch sm_120 warning
  if (is_sm90) {
    launch_sm90(out);
    return;
  }
  launch_generic(out);
}
