// Host code that chooses by a ternary on the device's arch: each answer is a
// path, judged as a chain's arms are.
#include <tuple>

struct Params {
  int arch;
  int head_dim;
};

std::tuple<int, int> tile_size_fwd_sm90(int head_dim);
std::tuple<int, int> tile_size_fwd_sm8x(int head_dim);
int launch_umma_gemm(int n);
int launch_mma_sync_gemm(int n);
int launch_gemm(int n);

std::tuple<int, int> forward_tiles(const Params& params) {
  // sm_120 is above 90 and gets the sizes of the Hopper kernel.
  return params.arch >= 90 ? tile_size_fwd_sm90(params.head_dim) : tile_size_fwd_sm8x(params.head_dim);  // expect: wrong-path sm_120 error  expect(sm110): wrong-path sm_110 error  expect(all): wrong-path sm_120 error
}

int gemm(const Params& params, int n) {
  return params.arch >= 100 ? launch_umma_gemm(n) : launch_mma_sync_gemm(n);  // expect: wrong-path sm_120 error  expect(all): wrong-path sm_120 error
}

int generic(const Params& params, int n) {
  return params.arch >= 80 ? launch_gemm(2 * n) : launch_gemm(n);  // expect-none: neither answer names hardware
}

int older(const Params& params, int n) {
  return params.arch < 100 ? launch_mma_sync_gemm(n) : launch_umma_gemm(n);  // expect: wrong-path sm_120 error  expect(all): wrong-path sm_120 error
}

// A ternary whose answer when false is another ternary is one chain: sm_120
// is taken by the first test that admits it, and never meets the second.
// The same test written again on the next line is the same decision, said
// once, at its first line. sm_110 has tcgen05: the first answer is its own.
extern const int kStagesSm100, kStagesSm90, kStages;
extern const int launch_tile_sm100[], launch_tile_sm90[], launch_tile[];
int stages(int cc_min) {
  int n = cc_min >= 100 ? kStagesSm100 : (cc_min >= 90 ? kStagesSm90 : kStages);  // expect: wrong-path sm_120 warning  expect(all): wrong-path sm_120 warning
  const int* tile = cc_min >= 100 ? launch_tile_sm100 : (cc_min >= 90 ? launch_tile_sm90 : launch_tile);  // expect-none: the same test as the line above, reported there
  return n + tile[0];
}

// Two chains on the same subject that list different archs are two
// decisions, though sm_120 falls to the else of each.
int launch_sm100_kernel(int n);
int launch_sm90_kernel(int n);
int launch_generic_kernel(int n);
int two_decisions(int arch, int n) {
  int a = 0, b = 0;
  if (arch == 9) {  // expect: wrong-path sm_120 error  expect(sm110): wrong-path sm_110 error  expect(all): wrong-path sm_120 error
    a = launch_generic_kernel(n);
  } else {
    a = launch_sm90_kernel(n);
  }
  if (arch == 10) {  // expect: wrong-path sm_120 error  expect(all): wrong-path sm_120 error
    b = launch_generic_kernel(n);
  } else {
    b = launch_sm100_kernel(n);
  }
  return a + b;
}
