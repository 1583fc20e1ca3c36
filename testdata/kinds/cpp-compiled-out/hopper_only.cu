#include <cuda_runtime.h>
#include <stdexcept>
#include <string>

#define ENGINE_CHECK(cond, msg)                  \
  do {                                           \
    if (!(cond)) throw std::runtime_error(msg);  \
  } while (0)

int sm_arch();

// Near miss: the kernel is compiled to nothing outside Hopper, but the only
// launch refuses every other arch first, with a message saying so.
__global__ void blockwise_dequantize(float* out, const char* in, int n) {
#if __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1000  // expect-none
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = static_cast<float>(in[i]);
#endif
}

void launch_blockwise_dequantize(float* out, const char* in, int n, cudaStream_t stream) {
  const int sm = sm_arch();
  ENGINE_CHECK(sm >= 90 && sm < 100, "blockwise dequantize is only supported on Hopper (SM90-SM99)");
  blockwise_dequantize<<<(n + 255) / 256, 256, 0, stream>>>(out, in, n);
}
