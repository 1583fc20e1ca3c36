// The Python entry points of an attention extension. torch and c10 are not
// installed where it is scanned, and they are what brings std::optional and
// std::tuple here: the file includes no standard header itself.
#include <torch/extension.h>
#include <c10/cuda/CUDAGuard.h>

#include "tile_config.h"

namespace {

int round_up_headdim(int head_size) { return head_size <= 64 ? 64 : (head_size <= 128 ? 128 : 256); }

}  // namespace

std::tuple<at::Tensor, at::Tensor> attention_forward(at::Tensor q, at::Tensor k, std::optional<at::Tensor> out_,
                                          std::optional<const at::Tensor> cu_seqlens_, int64_t num_splits) {
  auto props = at::cuda::getCurrentDeviceProperties();
  int const arch = props->major * 10 + props->minor;
  int const head_size = round_up_headdim(q.size(-1));
  int const block_m_sm90 = head_size <= 128 ? 128 : 64;
  int const block_m_sm86 = head_size <= 128 ? 64 : 32;
  int const block_m_sm80 = 128;
  // Ada and Ampere consumer parts have less shared memory than SM90. The
  // nested ternary is one chain: sm_120 takes `arch >= 90`, the Hopper tile.
  int const block_m = arch >= 90 ? block_m_sm90 : (arch == 86 || arch == 89 ? block_m_sm86 : block_m_sm80);  // expect: wrong-path sm_120 warning
  return {q, k};
}

std::tuple<at::Tensor, at::Tensor> attention_backward(at::Tensor dout, std::optional<at::Tensor> dq_, bool deterministic) {
  auto props = at::cuda::getCurrentDeviceProperties();
  int const arch = props->major * 10 + props->minor;
  int const block_n = arch >= 90 ? 128 : (arch == 86 || arch == 89 ? 64 : 80);  // expect-none: sm_120 takes `arch >= 90` and never meets the test of 86 and 89
  return {dout, dout};
}
