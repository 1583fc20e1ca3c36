#include <cuda.h>
#include <cuda_runtime.h>

struct Sm80Config { int tile; };
struct Sm90Config { int tile; };

inline Sm80Config sm80_config{64};

inline int pick_config(int sm_version) {
  // The legacy catch-all: everything below Hopper takes the Ampere config.
  if (sm_version < 90) return sm80_config.tile;
  return 128;
}

#if CUDA_VERSION >= 12080
#define HAS_FP4 1
#endif

#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 12
#define HAS_CLUSTER_LAUNCH 1
#endif

__global__ void reduce_kernel(float* out) {
#if __CUDA_ARCH__ == 1210  // expect(all): missing-arch sm_120 warning
  __threadfence_block();  // errata fence, only on this one chip
#endif
  out[threadIdx.x] = 0.0f;
}

__global__ void wgmma_kernel(float* out) {
#if __CUDA_ARCH__ == 900  // expect(all): missing-arch sm_120 warning
  out[threadIdx.x] = 1.0f;  // Hopper-only WGMMA body
#endif
}

__global__ void ampere_path(float* out) {
#if __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 900
  out[threadIdx.x] = 1.0f;  // cp.async tuned for Ampere
#else
  out[threadIdx.x] = 2.0f;  // generic path
#endif
}
