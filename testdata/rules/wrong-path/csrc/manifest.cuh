// The same manifest once kernels are registered: sm_120 (arch 12) fails
// `arch == 10` and is handed the Hopper (wgmma) kernels.
#include <string>
#include <unordered_map>

using RowwiseKernel = int (*)(int);
int rowwise_sm90_128x128(int);
int rowwise_sm100_256x128(int);

inline const std::unordered_map<std::string, RowwiseKernel>& get_rowwise_kernels(int arch) {
  static const std::unordered_map<std::string, RowwiseKernel> kernelsSM90 = {
      {"rowwise_sm90_128x128", rowwise_sm90_128x128}};
  static const std::unordered_map<std::string, RowwiseKernel> kernelsSM100 = {
      {"rowwise_sm100_256x128", rowwise_sm100_256x128}};
  if (arch == 10) {  // expect: wrong-path sm_120 warning  expect(sm110): wrong-path sm_110 warning  expect(all): wrong-path sm_120 warning; gated sm_120 note
    return kernelsSM100;
  } else {
    return kernelsSM90;
  }
}
