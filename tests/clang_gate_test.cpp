// The C++ front-end sends a file to Clang only when something Clang observes
// could come from it; these are the shapes on each side of that line.
#include <gtest/gtest.h>

#include "cpp/clang_gate.h"
#include "cpp/raw_lexer.h"
#include "test_support.h"

namespace archscan {
namespace {

bool gate(const std::string& text) { return cpp::needsClang(text, cpp::lexCpp(text), test::knowledge()); }

TEST(ClangGate, ArchWordsThatDecideNothingStayWithTheRawLexer) {
  // cutlass and DeepGEMM: arch namespaces, one-arch type and kernel names,
  // feature macros, type parameters, includes.
  EXPECT_FALSE(
      gate("#include <cute/arch/mma_sm90.hpp>\n"
           "namespace deep_gemm::sm90 {\n"
           "using Mma = cutlass::arch::OpMultiplyAdd;\n"
           "struct SM90ArchSpec { static constexpr int kStages = 8; };\n"
           "template <typename ArchTag> struct Kernel {};\n"
           "__global__ void sm90_fp8_gemm(int m) { if (m == 8) return; }\n"
           "}\n"));
  EXPECT_FALSE(gate("#if defined(CUTLASS_ARCH_MMA_SM90_SUPPORTED)\nint x = 1;\n#endif\n"));
  EXPECT_FALSE(gate("// compares arch >= 90 in a comment\nint f(int n) { return n * 10; }\n"));
  EXPECT_FALSE(gate("const char* s = \"sm_90 arch\";\n"));
  EXPECT_FALSE(gate("int tile[] = {64, 128};\n"));
  // Template arguments are per parameter: these give Clang no set.
  EXPECT_FALSE(gate("using T = Table<90, 100>;\n"));
  EXPECT_FALSE(gate("using A = Swizzle<2, 5, 3>;\nusing B = Swizzle<3, 4, 3>;\n"));
  EXPECT_FALSE(gate("auto c = get_best_config<SM90ArchSpec>(desc);\n"));
  EXPECT_FALSE(gate("template <class Arch_> struct Gemm {\n  using Arch = Arch_;\n};\n"));
  EXPECT_FALSE(gate("int major, minor;\nparse(version, &major, &minor);\nf(x, 8); g(y, 9);\n"));
  // A list's first number says what it holds: these are sizes that happen
  // to equal archs (sm_121, sm_90), not arch keys.
  EXPECT_FALSE(
      gate("MatrixCoord tensor_extent{128, 128};\nMatrixCoord output_extent{123, 121};\n"
           "dim3 grid(128, 90);\n"));
}

TEST(ClangGate, WhatClangObservesStartsFromOneOfTheseTokens) {
  EXPECT_TRUE(gate("void f(int arch) { if (arch >= 90) g(); }\n"));
  EXPECT_TRUE(gate("int v = get_sm_version();\n"));
  EXPECT_TRUE(gate("bool ok(const cudaDeviceProp& p) { return p.major >= 9; }\n"));
  EXPECT_TRUE(gate("static_assert(ArchTag::kMinComputeCapability >= 90, \"\");\n"));
  EXPECT_TRUE(gate("int cc = 0;\n"));
  // An arch-like name with the one-arch part removed still speaks of archs.
  EXPECT_TRUE(gate("int sm90_arch_count = 2;\n"));
  // Keys without any name: lists of two archs, arch case labels.
  EXPECT_TRUE(gate("std::map<int, Config> configs{{80, a}, {90, b}};\n"));
  EXPECT_TRUE(gate("std::map<int, int> sms{{90, 132}, {100, 148}};\n"));  // an arch, then its value
  EXPECT_TRUE(gate("using T = Table<90>;\nusing U = ns::Table<100>;\n"));
  EXPECT_TRUE(gate("template <> struct Traits<Tile<64>, 90> {};\ntemplate <> struct Traits<Tile<128>, 100> {};\n"));
  EXPECT_TRUE(gate("switch (v) { case 90: return 1; }\n"));
  EXPECT_TRUE(gate("switch (v) { case Arch::Sm90: return 1; }\n"));
}

TEST(ClangGate, ExplicitInstantiationsPerArchAreNoList) {
  // flash-attention's generated instantiation files: one template made for
  // two archs. Clang observes no template argument in an instantiation.
  const std::string instantiations =
      "#include \"flash_fwd_launch_template.h\"\n"
      "template void run_mha_fwd_<80, cutlass::bfloat16_t, 96, false>(Flash_fwd_params &params, cudaStream_t s);\n"
      "template void run_mha_fwd_<86, cutlass::bfloat16_t, 96, false>(Flash_fwd_params &params, cudaStream_t s);\n"
      "extern template struct Traits<90>;\n";
  EXPECT_FALSE(gate(instantiations));
  // The same arguments where Clang does see them: a use, and a dependent
  // member template named with `.template`.
  EXPECT_TRUE(gate("void f() { run_mha_fwd_<80, float>(p); run_mha_fwd_<86, float>(p); }\n"));
  EXPECT_TRUE(gate("template <class C> void f(C c) { c.template get<80>(); c.template get<86>(); }\n"));
  // An instantiation ends at its semicolon.
  EXPECT_TRUE(gate("template void run<80>(int);\nvoid f() { run<90>(1); run<100>(2); }\n"));
}

TEST(ClangGate, AFunctionSpecialisedPerArchPassesItsArchOn) {
  // flash-attention's generated backward files: a launcher specialised for
  // 80 and for 86, each calling the kernel for its own arch. Clang observes
  // neither the specialisation's arguments nor the same numbers passed on.
  const std::string specialisations =
      "template<>\n"
      "void run_mha_bwd_<80, cutlass::bfloat16_t, 128, false>(Flash_bwd_params &params, cudaStream_t stream) {\n"
      "    run_mha_bwd_hdim128<80, cutlass::bfloat16_t, false>(params, stream);\n"
      "}\n"
      "template<>\n"
      "void run_mha_bwd_<86, cutlass::bfloat16_t, 128, false>(Flash_bwd_params &params, cudaStream_t stream) {\n"
      "    run_mha_bwd_hdim128<86, cutlass::bfloat16_t, false>(params, stream);\n"
      "}\n";
  EXPECT_FALSE(gate(specialisations));
  // Other numbers in a body count.
  EXPECT_TRUE(gate("template <> void run_<80>() { run_hdim<90>(); run_hdim<100>(); }\n"));
  // The body ends at its brace, a declaration at its semicolon.
  EXPECT_TRUE(gate("template <> void run_<80>() { run_hdim<80>(); }\nvoid g() { run_hdim<80>(); run_hdim<86>(); }\n"));
  EXPECT_TRUE(gate("template <> void run_<80>();\nvoid g() { run_hdim<80>(); run_hdim<86>(); }\n"));
  // A member of a class specialised per arch: the class's arguments are a type's.
  EXPECT_TRUE(gate("template <> void Traits<80>::run() {}\ntemplate <> void Traits<86>::run() {}\n"));
  // Types in its return, parameters or arguments are types Clang observes.
  EXPECT_TRUE(gate("template <> Foo<90> run_<80>(Foo<100> x) { return x; }\n"));
  EXPECT_TRUE(gate("template <> void run_<Tile<80>, 90>() {}\ntemplate <> void run_<Tile<86>, 90>() {}\n"));
  // A class specialisation is a table Clang observes.
  EXPECT_TRUE(gate("template <> struct Traits<80> {};\ntemplate <> struct Traits<86> {};\n"));
}

TEST(ClangGate, ADeclarationWithoutAValueIsNoUse) {
  // lmdeploy's layers keep the arch in a member that a source file fills.
  EXPECT_FALSE(gate("class Layer {\n  int arch_{};\n  int sm_count_{};\n};\n"));
  EXPECT_FALSE(gate("struct Params { int arch; };\n"));
  // Filled, passed or compared, it is a use.
  EXPECT_TRUE(gate("class Layer {\n  int arch_{getSMVersion()};\n};\n"));
  EXPECT_TRUE(gate("struct Params { int arch = 90; };\n"));
  EXPECT_TRUE(gate("void f(int arch, int n);\n"));
  EXPECT_TRUE(gate("int arch_{};\nbool g() { return arch_ >= 90; }\n"));
}

TEST(ClangGate, DirectivesCountWhenTheyCompareWithAnArch) {
  EXPECT_TRUE(gate("__global__ void k() {\n#if __CUDA_ARCH__ >= 900\n  work();\n#endif\n}\n"));
  EXPECT_TRUE(gate("#define IS_HOPPER (__CUDA_ARCH__ == 900)\n"));
  EXPECT_TRUE(gate("#define ARCHS 80, 90\n"));
  EXPECT_FALSE(gate("#ifdef __CUDA_ARCH__\nint x;\n#endif\n"));
}

}  // namespace
}  // namespace archscan
