// archscan's stand-in for the CUDA runtime headers in tolerant mode: just
// enough declarations that kernels, launches and the capability queries parse
// without a CUDA toolkit. Force-included before every C++/CUDA unit.
#pragma once
#include <stddef.h>
#ifdef __CUDA__
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__ __attribute__((grid_constant))
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __grid_constant__
#endif
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
struct uint3 { unsigned x, y, z; };
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
  __host__ __device__ dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
#ifdef __CUDA__
#include <__clang_cuda_builtin_vars.h>
#endif
typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;
typedef int cudaError_t;
enum { cudaSuccess = 0 };
enum cudaDeviceAttr {
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
};
struct cudaDeviceProp {
  char name[256];
  int major;
  int minor;
  int multiProcessorCount;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int warpSize;
};
extern "C" int cudaConfigureCall(dim3 gridSize, dim3 blockSize, size_t sharedSize = 0, cudaStream_t stream = 0);
extern "C" int __cudaPushCallConfiguration(dim3 gridSize, dim3 blockSize, size_t sharedSize = 0, cudaStream_t stream = 0);
extern "C" cudaError_t cudaLaunchKernel(const void* func, dim3 gridDim, dim3 blockDim, void** args, size_t sharedMem,
                                        cudaStream_t stream);
extern "C" cudaError_t cudaDeviceSynchronize(void);
extern "C" cudaError_t cudaGetLastError(void);
extern "C" cudaError_t cudaGetDevice(int* device);
extern "C" cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device);
extern "C" cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
extern "C" cudaError_t cudaMalloc(void** p, size_t n);
extern "C" cudaError_t cudaFree(void* p);
extern "C" const char* cudaGetErrorString(cudaError_t);
#ifdef __CUDA__
__device__ void __syncthreads(void);
#endif
