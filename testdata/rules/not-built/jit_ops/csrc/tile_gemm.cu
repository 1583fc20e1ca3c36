#include <torch/extension.h>

// The kernel itself is elided: a warpgroup GEMM for sm_90a.
at::Tensor gemm(at::Tensor a, at::Tensor b) { return a.matmul(b); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("gemm", &gemm); }
