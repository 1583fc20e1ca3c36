#pragma once
// Scale-factor layouts for the GEMMs in gemm.cpp. The helpers refuse every
// arch but 9 and 10 on their own; whether that is a gap or a gate is decided
// by who calls them.
#include <stdexcept>

int get_arch_major();
struct Tensor {};

// Called only by dispatchers whose every path is a wgmma or tcgen05 kernel:
// part of their gate, listed with --all.
static Tensor to_required_layout(const Tensor& sf) {
  const int arch_major = get_arch_major();
  if (arch_major == 9) {  // expect(all): gated sm_120 note
    return sf;
  } else if (arch_major == 10) {
    return sf;
  }
  throw std::runtime_error("unknown scale-factor layout");
}

// Also called by a dispatcher with a generic path (gemm.cpp: bf16_gemm): a
// refusal sm_120 runs into, so a missing arch.
static int recipe(const Tensor& sf) {
  const int arch_major = get_arch_major();
  if (arch_major == 9) {  // expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
    return 128;
  } else if (arch_major == 10) {
    return 32;
  }
  throw std::runtime_error("unknown recipe");
}
