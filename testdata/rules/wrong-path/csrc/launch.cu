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
