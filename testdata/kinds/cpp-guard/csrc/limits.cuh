#pragma once

// Resident threads per SM by arch: 8.6-8.9 have 1536, and so has sm_120,
// which falls to the 2048 of the #else.
#if __CUDA_ARCH__ == 750  // expect: missing-arch sm_120 warning
#define KERNEL_MAX_THREADS_PER_SM 1024
#elif __CUDA_ARCH__ >= 860 && __CUDA_ARCH__ <= 890
#define KERNEL_MAX_THREADS_PER_SM 1536
#else
#define KERNEL_MAX_THREADS_PER_SM 2048
#endif

// Near miss: resident blocks per SM. 8.6 and 8.7 share sm_120's thread count,
// but that says nothing of their block limit, which is what this decides.
#if __CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870  // expect-none
#define KERNEL_MAX_BLOCKS_PER_SM 16
#else
#define KERNEL_MAX_BLOCKS_PER_SM 32
#endif
