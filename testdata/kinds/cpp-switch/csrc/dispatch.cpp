#include <stdexcept>

int getSMVersion();

const char* kernelName() {
  switch (getSMVersion()) {  // expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
    case 90:
      return "sm90_gemm";
    case 100:
      return "sm100_gemm";
    default:
      throw std::runtime_error("unsupported SM");
  }
}

int warps() {
  int sm = getSMVersion();
  switch (sm) {  // expect(all): missing-arch sm_120 warning
    case 80:
    case 90:
      return 4;
    case 100:
      return 8;
    default:
      return 2;
  }
}

int bytes(int dtype_bits) {
  switch (dtype_bits) {  // expect-none
    case 8: return 1;
    case 16: return 2;
    default: return 4;
  }
}
