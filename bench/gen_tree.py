#!/usr/bin/env python3
"""Writes a synthetic framework tree of N files for bench/run.sh.

Real-shaped: about one file in six decides by compute capability (a dict
keyed by major, a list of supported archs read through a gate, a subscript
of a capability, a C++/CUDA switch on the SM version, an `#if __CUDA_ARCH__`
guard); the rest is ordinary model and kernel code of similar size that
mentions torch/cuda the way framework files do. Deterministic for a given N.

usage: gen_tree.py N OUT_DIR
"""
import os
import random
import sys

PY_ARCH = '''import torch


def _capability():
    major, minor = torch.cuda.get_device_capability()
    return major


MAX_SIZES_{i} = {{
    9: {{2: 64, 4: 32, 8: 16}},
    10: {{2: 64, 4: 32, 6: 32, 8: 16}},
}}

SUPPORTED_ARCHS_{i} = [90, 100]


def pick_{i}(world_size):
    cap = _capability()
    if cap == 9:
        return "hopper"
    elif cap == 10:
        return "blackwell"
    else:
        raise RuntimeError(f"unsupported capability {{cap}}")


def limit_{i}(world_size):
    return MAX_SIZES_{i}[_capability()][world_size]
'''

PY_PLAIN = '''import torch
import torch.nn as nn


class Block{i}(nn.Module):
    def __init__(self, hidden, heads=8, dropout=0.1):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)
        self.attn = nn.MultiheadAttention(hidden, heads, dropout=dropout)
        self.mlp = nn.Sequential(nn.Linear(hidden, 4 * hidden), nn.GELU(), nn.Linear(4 * hidden, hidden))
        self.sizes = {{"small": 256, "base": 768, "large": 1024}}

    def forward(self, x, mask=None):
        y = self.norm(x)
        y, _ = self.attn(y, y, y, attn_mask=mask)
        x = x + y
        if x.device.type == "cuda" and x.dtype == torch.float16:
            x = x.float()
        for _ in range(2):
            x = x + self.mlp(self.norm(x))
        return x


def build_{i}(config):
    layers = [Block{i}(config["hidden"]) for _ in range(config.get("layers", 12))]
    return nn.Sequential(*layers)
'''

CU_ARCH = '''#include <cuda_runtime.h>
#include <stdexcept>

namespace kernels{i} {{

int tileFor(int sm) {{
  switch (sm) {{
    case 90:
      return 128;
    case 100:
    case 103:
      return 256;
    default:
      throw std::runtime_error("unsupported SM");
  }}
}}

__global__ void scale(float* x, float a, int n) {{
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000)
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
#endif
}}

int smVersion() {{
  int major = 0, minor = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0);
  return major * 10 + minor;
}}

}}  // namespace kernels{i}
'''

CU_PLAIN = '''#include <cuda_runtime.h>

namespace ops{i} {{

template <int kBlock>
__global__ void add(const float* a, const float* b, float* c, int n) {{
  int i = blockIdx.x * kBlock + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}}

void launch(const float* a, const float* b, float* c, int n, cudaStream_t stream) {{
  constexpr int kBlock = 256;
  add<kBlock><<<(n + kBlock - 1) / kBlock, kBlock, 0, stream>>>(a, b, c, n);
}}

}}  // namespace ops{i}
'''


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(n)
    for i in range(n):
        cpp = rng.random() < 0.35
        arch = rng.random() < 1 / 6
        folder = os.path.join(out, "pkg%02d" % (i % 97), "sub%d" % (i % 7))
        os.makedirs(folder, exist_ok=True)
        if cpp:
            text = (CU_ARCH if arch else CU_PLAIN).format(i=i)
            name = "k%06d.cu" % i
        else:
            text = (PY_ARCH if arch else PY_PLAIN).format(i=i)
            name = "m%06d.py" % i
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
