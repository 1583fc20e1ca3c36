// Two manifests in one file whose function-local tables share their names:
// one declaration of kernelsSM90 is filled, so neither is taken as empty
// and both else branches count as reaching Hopper kernels.
#include <string>
#include <unordered_map>

using Kernel = int (*)(int);
int bmm_sm90_64x64(int);
int bmm_sm100_128x64(int);

inline const std::unordered_map<std::string, Kernel>& get_bmm_kernels(int arch) {
  static const std::unordered_map<std::string, Kernel> kernelsSM90 = {{"bmm_sm90_64x64", bmm_sm90_64x64}};
  static const std::unordered_map<std::string, Kernel> kernelsSM100 = {{"bmm_sm100_128x64", bmm_sm100_128x64}};
  if (arch == 10) {  // expect: wrong-path sm_120 warning  expect(sm110): wrong-path sm_110 warning  expect(all): wrong-path sm_120 warning; gated sm_120 note
    return kernelsSM100;
  } else {
    return kernelsSM90;
  }
}

inline const std::unordered_map<std::string, Kernel>& get_bmm_grad_kernels(int arch) {
  static const std::unordered_map<std::string, Kernel> kernelsSM90 = {};
  static const std::unordered_map<std::string, Kernel> kernelsSM100 = {};
  if (arch == 10) {  // expect: wrong-path sm_120 warning  expect(sm110): wrong-path sm_110 warning  expect(all): wrong-path sm_120 warning; gated sm_120 note
    return kernelsSM100;
  } else {
    return kernelsSM90;
  }
}
