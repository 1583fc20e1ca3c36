// A block-wide sum.
__device__ float devlib_reduce(float x) { return x; }
