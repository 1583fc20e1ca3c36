#include <cuda_runtime.h>

void launch_tiles(int block_m, int block_n, float* out);

// The flag groups the archs with ~99 KB of shared memory per block (8.6,
// 8.7, 8.9 all resident 1536 threads per SM, as sm_120 does); sm_120 is not
// in the group and takes the tiles meant for the big-memory parts.
void fused_attention(float* out, int device) {
  cudaDeviceProp props;
  cudaGetDeviceProperties(&props, device);
  const int cc_major = props.major;
  const int cc_minor = props.minor;
  bool is_sm8x = cc_major == 8 && cc_minor > 0;  // expect: missing-arch sm_120 warning  expect(all): missing-arch sm_120 warning
  if (is_sm8x) {
    launch_tiles(64, 64, out);
  } else {
    launch_tiles(128, 128, out);
  }
}
