#include "mma.cuh"

int getSMVersion();
void launch_umma_gemm();
void launch_mma_sync_gemm();

void gemm() {
  int sm = getSMVersion();
  if (sm >= 100) {  // expect: wrong-path sm_120 error  expect(all): wrong-path sm_120 error
    launch_umma_gemm();
  } else if (sm >= 80) {
    launch_mma_sync_gemm();
  }
}

template <int Arch>
void run_attention();

void attention() {
  int sm = getSMVersion();
  // The else picks the Hopper instantiation for every newer arch.
  if (sm == 86 || sm == 89) {  // expect: wrong-path sm_120 error  expect(sm110): wrong-path sm_110 error  expect(all): wrong-path sm_120 error
    constexpr int kArch = 86;
    run_attention<kArch>();
  } else if (sm < 90) {
    constexpr int kArch = 80;
    run_attention<kArch>();
  } else {
    constexpr int kArch = 90;
    run_attention<kArch>();
  }
}
