#include "attn.cuh"

__global__ void attn_forward(float* acc) { attn_mma(acc); }
