// archscan patch / fix from the command line: errors exit 2 with one line
// naming the place and write nothing; conflicts name both edits; symlinks out
// of the root are never written; fix --emit-patchset round-trips.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "process.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

using test::slurp;
using test::spit;

const char* kTable =
    "import torch\n"
    "\n"
    "def recipe():\n"
    "    arch_major = torch.cuda.get_device_capability()[0]\n"
    "    if arch_major == 9:\n"
    "        return 1\n"
    "    elif arch_major == 10:\n"
    "        return 2\n"
    "    else:\n"
    "        raise ValueError(arch_major)\n";

class PatchCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::freshDir("archscan-cli");
    spit(dir / "tree/recipes.py", kTable);
  }
  void TearDown() override { fs::remove_all(dir); }
  ProcessResult run(const std::vector<std::string>& args) { return runProcess(ARCHSCAN_BIN, args, dir.string()); }
  fs::path dir;
};

TEST_F(PatchCli, MalformedPatchSetIsOneLineExit2NothingWritten) {
  spit(dir / "bad.yaml", "archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    colour: red\n");
  ProcessResult r = run({"patch", "bad.yaml", "tree", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "archscan: bad.yaml:5:5: unknown key 'colour' in rules[0] (allowed: add, except, like, values, where)\n");
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
}

// fix follows the hardware: an arm whose code the new arch cannot run is not
// widened or copied for it (the sm_100 arm launches tcgen05 kernels; sm_120
// has none), and the refusal names the evidence. An arm whose code nothing
// here describes (tiles()) is refused too while sm_100's own kernels use
// tcgen05. sm_110, which has tcgen05, gets the same arms.
TEST_F(PatchCli, FixRefusesAPathTheNewArchCannotRun) {
  spit(dir / "hw/dispatch.py",
       "import torch\n\n\n"
       "def gemm(a):\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    if major == 9:\n"
       "        return gemm_sm90_wgmma(a)\n"
       "    elif major == 10:\n"
       "        return grouped_gemm_sm100(a)\n"
       "    raise RuntimeError('unsupported GPU')\n\n\n"
       "def tiles(a):\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    if major == 9:\n"
       "        return 128\n"
       "    elif major == 10:\n"
       "        return 256\n"
       "    raise RuntimeError('unsupported GPU')\n");
  ProcessResult r = run({"fix", "hw", "--add", "sm_120", "--like", "sm_100"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("hw/dispatch.py:6: not patched: gemm[major] (sm_120): the sm_100 path needs tcgen05 "
                       "(`grouped_gemm_sm100`, line 9); sm_120 has no tcgen05"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("return grouped_gemm_sm100"), std::string::npos) << r.out;  // no hunk around it
  // tiles() says nothing of what its sm_100 arm runs: B200's tile is not sent
  // to sm_120 on --like's word, and sm_90's arm is wgmma code.
  EXPECT_NE(r.err.find("hw/dispatch.py:15: not patched: tiles[major] (sm_120): what the sm_100 path runs is not "
                       "known here, and sm_100's own kernels use tcgen05, which sm_120 lacks; no other path here is "
                       "one sm_120 can run"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("major in (10, 12)"), std::string::npos) << r.out;
  ProcessResult blackwell = run({"fix", "hw", "--add", "sm_110", "--like", "sm_100"});
  EXPECT_EQ(blackwell.err.find("not patched: gemm[major]"), std::string::npos) << blackwell.err;
  EXPECT_NE(blackwell.out.find("grouped_gemm_sm100"), std::string::npos) << blackwell.out;
  EXPECT_NE(blackwell.out.find("+    elif major in (10, 11):\n         return 256"), std::string::npos)
      << blackwell.out;
}

// `--like` is a preference: when its path needs what the new arch lacks, the
// site is patched like the arm the new arch can run, its own family first
// (sm_121 takes sm_120's kernel), then the newest older arch whose
// instructions it has (sm_120 joins the sm_80 mma.sync arm, never sm_90's
// wgmma one). With no such arm the refusal says so.
TEST_F(PatchCli, FixTakesAnArmTheNewArchCanRun) {
  spit(dir / "hw/dispatch.py",
       "import torch\n\n"
       "ATTN_KERNELS = {\n"
       "    (10, 0): attn_fwd_sm100_tcgen05,\n"
       "    (12, 0): attn_fwd_sm120,\n"
       "}\n\n\n"
       "def attn(q):\n"
       "    return ATTN_KERNELS[torch.cuda.get_device_capability()](q)\n\n\n"
       "def gemm(a):\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    if major == 9:\n"
       "        return gemm_sm90_wgmma(a)\n"
       "    elif major == 10:\n"
       "        return grouped_gemm_sm100(a)\n"
       "    elif major == 8:\n"
       "        return gemm_sm80_mma(a)\n"
       "    raise RuntimeError('unsupported GPU')\n");
  ProcessResult r = run({"fix", "hw", "--add", "sm_121", "--like", "sm_100"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("+    (12, 1): attn_fwd_sm120,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("review: value copied from sm_120"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("+    elif major in (8, 12):"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("major in (10, 12)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("major in (9, 12)"), std::string::npos) << r.out;

  spit(dir / "hw/dispatch.py",
       "import torch\n\n\n"
       "def gemm(a):\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    if major == 9:\n"
       "        return gemm_sm90_wgmma(a)\n"
       "    elif major == 10:\n"
       "        return grouped_gemm_sm100(a)\n"
       "    raise RuntimeError('unsupported GPU')\n");
  ProcessResult none = run({"fix", "hw", "--add", "sm_120", "--like", "sm_100"});
  EXPECT_NE(none.err.find("no other path here is one sm_120 can run"), std::string::npos) << none.err;
}

// A path nothing describes (a tile size, a case whose body names no kernel)
// is sm_100's own as far as anyone knows, and sm_100's kernels use tcgen05:
// sm_120 takes the arm it can run (sm_80's), or the site is refused with
// that evidence. A patch set's own value is a path of its own and is
// applied; sm_110, which has tcgen05, still takes sm_100's arm.
// Narrowing one arm of a chain whose next range admits the target too would
// only move the target down the chain: fix leaves it, and says where.
TEST_F(PatchCli, FixDoesNotNarrowOneArmWhenTheNextLetsTheArchInToo) {
  spit(dir / "u/mla.py",
       "import flash_mla\n"
       "import torch\n\n\n"
       "def head_padding(num_heads):\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    if major >= 10:\n"
       "        return flash_mla.padded_heads(num_heads, 128)\n"
       "    elif major >= 9:\n"
       "        return flash_mla.padded_heads(num_heads, 64)\n"
       "    return None\n");
  ProcessResult r = run({"fix", "u", "--add", "sm_120", "--like", "sm_100"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("@@"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("u/mla.py:7: not patched: head_padding[major] (sm_120): narrowed here, sm_120 would reach "
                       "`major >= 9` (line 9), which lets it in too: narrow the chain by hand"),
            std::string::npos)
      << r.err;
}

TEST_F(PatchCli, FixDoesNotSendTheNewArchDownAnUnknownPathItsLikeCannotShare) {
  spit(dir / "u/tiles.py",
       "import torch\n\n"
       "TILE_N = {8: 64, 9: 128, 10: 256}\n"
       "BLOCK_N = {9: 128, 10: 256}\n\n\n"
       "def tile_n():\n"
       "    return TILE_N[torch.cuda.get_device_capability()[0]]\n\n\n"
       "def block_n():\n"
       "    return BLOCK_N[torch.cuda.get_device_capability()[0]]\n");
  spit(dir / "u/stages.cu",
       "#include <cuda_runtime.h>\n"
       "#include <stdexcept>\n\n"
       "int stages_for(int device) {\n"
       "  int major = 0;\n"
       "  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);\n"
       "  switch (major) {\n"
       "    case 8:\n"
       "      return 3;\n"
       "    case 9:\n"
       "      return 4;\n"
       "    case 10:\n"
       "      return 6;\n"
       "    default:\n"
       "      throw std::runtime_error(\"unsupported GPU\");\n"
       "  }\n"
       "}\n");
  ProcessResult r = run({"fix", "u", "--add", "sm_120", "--like", "sm_100"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("@@ -1,6 +1,6 @@ review: value copied from sm_80; a block may use 163 KB of shared memory on "
                       "sm_80, 99 KB on sm_120: check that what it sizes fits (not sm_100, whose kernels use tcgen05, "
                       "which sm_120 lacks)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("+TILE_N = {8: 64, 9: 128, 10: 256, 12: 64}\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("review: widened from sm_80 (not sm_100, whose kernels use tcgen05, which sm_120 lacks)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("     case 8:\n+    case 12:\n       return 3;\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("12: 256"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("BLOCK_N = {9: 128, 10: 256, 12"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("u/tiles.py:4: not patched: BLOCK_N (sm_120): what the sm_100 path runs is not known here, "
                       "and sm_100's own kernels use tcgen05, which sm_120 lacks; no other path here is one sm_120 "
                       "can run\n"),
            std::string::npos)
      << r.err;

  // The JSON says the same: BLOCK_N refused, with the reason; check's fixes agree.
  YAML::Node j = YAML::Load(run({"fix", "u", "--add", "sm_120", "--like", "sm_100", "--format", "json"}).out);
  bool refused = false;
  for (const auto& n : j["not_patched"])
    if (n["site"].as<std::string>() == "BLOCK_N") {
      refused = n["risk"].as<std::string>() == "refused";
      EXPECT_NE(n["reason"].as<std::string>().find("sm_100's own kernels use tcgen05"), std::string::npos);
    }
  EXPECT_TRUE(refused) << YAML::Dump(j);
  YAML::Node c = YAML::Load(run({"check", "u", "--target", "sm_120", "--format", "json", "--fail-on", "never"}).out);
  std::map<std::string, std::string> likes;
  for (const auto& f : c["findings"])
    likes[f["site"]["name"].as<std::string>()] = f["fix"] ? f["fix"]["like"].as<std::string>() : "none";
  EXPECT_EQ(likes["TILE_N"], "sm_80");
  EXPECT_EQ(likes["BLOCK_N"], "none");

  // Its own value is applied.
  spit(dir / "own.yaml", "archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    values: {BLOCK_N: \"64\"}\n");
  ProcessResult own = run({"patch", "own.yaml", "u"});
  ASSERT_EQ(own.exit_code, 0) << own.err;
  EXPECT_NE(own.out.find("+BLOCK_N = {9: 128, 10: 256, 12: 64}\n"), std::string::npos) << own.out;

  // sm_110 runs sm_100's code: it is copied, as before.
  ProcessResult thor = run({"fix", "u", "--add", "sm_110", "--like", "sm_100"});
  EXPECT_NE(thor.out.find("+TILE_N = {8: 64, 9: 128, 10: 256, 11: 256}\n"), std::string::npos) << thor.out;
  EXPECT_NE(thor.out.find("+BLOCK_N = {9: 128, 10: 256, 11: 256}\n"), std::string::npos) << thor.out;
  EXPECT_NE(thor.out.find("     case 10:\n+    case 11:\n       return 6;\n"), std::string::npos) << thor.out;
}

// Every edit carries its risk, the same in the diff's hunk header and the
// JSON: safe where the path the new arch joins is known to need nothing it
// lacks, review for a copied value; a refused site is listed as refused.
TEST_F(PatchCli, FixMarksEachEditsRisk) {
  spit(dir / "hw/dispatch.py",
       "import torch\n\n"
       "TILES = {8: 64, 9: 128, 10: 256}\n\n\n"
       "def tile():\n"
       "    return TILES[torch.cuda.get_device_capability()[0]]\n\n\n"
       "def gemm(a):\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    if major in (8, 9):\n"
       "        return gemm_sm80_mma(a)\n"
       "    raise RuntimeError('unsupported GPU')\n\n\n"
       "def attn(q):\n"
       "    if torch.cuda.get_device_capability()[0] == 10:\n"
       "        return attn_sm100_tcgen05(q)\n"
       "    raise RuntimeError('unsupported GPU')\n");
  ProcessResult diff = run({"fix", "hw", "--add", "sm_120", "--like", "sm_90"});
  EXPECT_NE(diff.out.find("@@ safe: the path it admits needs nothing sm_120 lacks"), std::string::npos) << diff.out;
  // sm_90's tile is wgmma's, which sm_120 lacks: the value comes from sm_80's entry.
  EXPECT_NE(diff.out.find("@@ review: value copied from sm_80"), std::string::npos) << diff.out;
  EXPECT_NE(diff.out.find("+TILES = {8: 64, 9: 128, 10: 256, 12: 64}"), std::string::npos) << diff.out;
  ProcessResult json = run({"fix", "hw", "--add", "sm_120", "--like", "sm_100", "--all", "--format", "json"});
  YAML::Node d = YAML::Load(json.out);
  ASSERT_TRUE(d["not_patched"].IsSequence()) << json.out;
  bool refused = false;
  for (const auto& n : d["not_patched"])
    refused |=
        n["site"].as<std::string>().find("attn") != std::string::npos && n["risk"].as<std::string>() == "refused";
  EXPECT_TRUE(refused) << json.out;
  for (const auto& e : d["edits"]) {
    std::string risk = e["risk"].as<std::string>();
    EXPECT_TRUE(risk == "safe" || risk == "review") << json.out;
    if (e["value_source"].IsScalar() && e["value_source"].as<std::string>().rfind("copied-from", 0) == 0)
      EXPECT_EQ(risk, "review") << json.out;
  }
}

// --verify-build compiles each edited CUDA source for the added arch: a
// widened `#if` whose body reaches tcgen05 through a helper in a header
// (words the hardware model cannot see) is refused on ptxas's word, and one
// that builds is kept. Needs nvcc; skipped where it is not installed.
TEST_F(PatchCli, VerifyBuildRefusesWhatPtxasRejects) {
  if (::access("/usr/local/cuda/bin/nvcc", X_OK) != 0 && std::system("command -v nvcc >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "nvcc is not installed";
  spit(dir / "csrc/mma_helpers.cuh",
       "#pragma once\n"
       "__device__ inline void commit_step() { asm volatile(\"tcgen05.fence::before_thread_sync;\"); }\n");
  spit(dir / "csrc/gemm.cu",
       "#include \"mma_helpers.cuh\"\n\n"
       "__global__ void gemm_kernel() {\n"
       "#if __CUDA_ARCH__ == 1000 || __CUDA_ARCH__ == 1200\n"
       "  commit_step();\n"
       "#endif\n"
       "}\n");
  spit(dir / "csrc/reduce.cu",
       "__global__ void reduce_kernel(float* out) {\n"
       "#if __CUDA_ARCH__ == 1000 || __CUDA_ARCH__ == 1200\n"
       "  __syncthreads();\n"
       "  out[threadIdx.x] = 0.f;\n"
       "#endif\n"
       "}\n");
  ProcessResult plain = run({"fix", ".", "--add", "sm_121", "--like", "sm_120"});
  EXPECT_NE(plain.out.find("+++ b/csrc/gemm.cu"), std::string::npos) << plain.out;
  ProcessResult r = run({"fix", ".", "--add", "sm_121", "--like", "sm_120", "--verify-build", "--write"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("csrc/gemm.cu:4: not patched: gemm_kernel[#if __CUDA_ARCH__] (sm_121): does not build for "
                       "sm_121a (ptxas: error: Instruction 'tcgen05.fence' not supported"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("verify-build: csrc/reduce.cu: builds for sm_121a"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir / "csrc/gemm.cu").find("1210"), std::string::npos);
  EXPECT_NE(slurp(dir / "csrc/reduce.cu").find("__CUDA_ARCH__ == 1210"), std::string::npos);
}

// fix never widens a decision made on purpose: a gate check lists as gated
// (its message names the archs a feature requires), or one whose message or
// comment says the new arch is left out. A plain refusal is widened.
TEST_F(PatchCli, FixLeavesDeliberateGatesAlone) {
  spit(dir / "g/gates.py",
       "import torch\n\n\n"
       "def fused_moe(x):\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    if major not in (10, 11):\n"
       "        raise RuntimeError('fused MoE requires SM100 or SM110')\n"
       "    return x\n\n\n"
       "def grouped(x):\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    # SM12x is excluded on purpose: this kernel keeps its accumulators in tensor memory.\n"
       "    if major != 10:\n"
       "        raise RuntimeError('unsupported GPU')\n"
       "    return x\n\n\n"
       "def plain(x):\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    if major not in (8, 9, 10):\n"
       "        raise RuntimeError('unsupported GPU')\n"
       "    return x\n");
  ProcessResult r = run({"fix", "g", "--add", "sm_120", "--like", "sm_100"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("g/gates.py:6: not patched: fused_moe[major] (sm_120): a deliberate gate (\"fused MoE "
                       "requires SM100 or SM110\")"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("g/gates.py:14: not patched: grouped[major] (sm_120): its message or comment says sm_120 is "
                       "left out on purpose"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("(10, 11, 12)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("+    if major not in (8, 9, 10, 12):"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("major not in (10, 12)"), std::string::npos) << r.out;
}

// Build files' comments are read as Python's are: a CMake or shell list
// whose comment says the new arch is left out keeps it out, and the list
// below it, which no comment speaks for, is widened.
TEST_F(PatchCli, FixReadsTheCommentsOfBuildFiles) {
  spit(dir / "b/CMakeLists.txt",
       "cmake_minimum_required(VERSION 3.26)\n"
       "project(k LANGUAGES CXX CUDA)\n\n"
       "# SM120 is not supported: the grouped GEMM keeps its accumulators in tensor memory.\n"
       "set(GROUPED_GEMM_ARCHS \"9.0;10.0\")\n"
       "set(CUDA_ARCHS \"9.0;10.0\")\n");
  spit(dir / "b/build.sh",
       "#!/usr/bin/env bash\n"
       "set -euo pipefail\n"
       "# sm_120 is excluded until its kernels are ported.\n"
       "export FA_CUDA_ARCHS=\"90;100\"\n"
       "export TORCH_CUDA_ARCH_LIST=\"9.0;10.0\"\n");
  ProcessResult r = run({"fix", "b", "--add", "sm_120", "--like", "sm_100"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("b/CMakeLists.txt:5: not patched: GROUPED_GEMM_ARCHS (sm_120): its message or comment says "
                       "sm_120 is left out on purpose"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("b/build.sh:4: not patched: FA_CUDA_ARCHS (sm_120): its message or comment says sm_120 is "
                       "left out on purpose"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("GROUPED_GEMM_ARCHS \"9.0;10.0;12.0\""), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("FA_CUDA_ARCHS=\"90;100;120\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("+set(CUDA_ARCHS \"9.0;10.0;12.0\")"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("+export TORCH_CUDA_ARCH_LIST=\"9.0;10.0;12.0\""), std::string::npos) << r.out;
}

// fix --add sm_121 follows the family: a build list with sm_120 SASS already
// serves 12.1, a range is narrowed where 12.x begins (not at 12.1, which
// would leave 12.0 inside), and a tuning value named for another arch is not
// narrowed apart from the kernel it is sized for.
TEST_F(PatchCli, FixFollowsTheFamilyAndLeavesTuningToTheKernel) {
  spit(dir / "fam/CMakeLists.txt", "set(CMAKE_CUDA_ARCHITECTURES 90 100 120)\n");
  spit(dir / "fam/gemm.py",
       "import torch\n\n\n"
       "def gemm(a):\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    if major >= 10:\n"
       "        return grouped_gemm_sm100(a)\n"
       "    return gemm_sm80(a)\n");
  spit(dir / "fam/tiles.cpp",
       "int kBlockM_sm90 = 128;\nint kBlockM_sm80 = 64;\n"
       "int block_m(int arch) { return arch >= 90 ? kBlockM_sm90 : kBlockM_sm80; }\n");
  ProcessResult r = run({"fix", "fam", "--add", "sm_121", "--like", "sm_120"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("CMakeLists.txt"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("+    if 10 <= major < 12:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("tiles.cpp"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("fam/tiles.cpp:3: not patched: block_m[arch] (sm_121): only values tuned for another arch"),
            std::string::npos)
      << r.err;
  ProcessResult c = run({"check", "fam", "--target", "sm_121", "--fail-on", "never"});
  EXPECT_EQ(c.out.find("CMakeLists.txt"), std::string::npos) << c.out;  // 12.1 runs the sm_120 kernels
}

// Root fixing a user's checkout (a container, sudo) leaves every file the
// user's: owner, group and mode are those of the file it replaces.
TEST_F(PatchCli, WriteKeepsOwnerGroupAndMode) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root can write a file another user owns";
  fs::path file = dir / "tree/recipes.py";
  ASSERT_EQ(::chown(file.c_str(), 65534, 65534), 0);
  ASSERT_EQ(::chmod(file.c_str(), 0640), 0);
  ProcessResult r = run({"fix", "tree", "--add", "sm_110", "--like", "sm_100", "--write"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_NE(slurp(file), kTable);  // it was replaced
  struct stat st;
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, 65534u);
  EXPECT_EQ(st.st_gid, 65534u);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
}

TEST_F(PatchCli, NotACapabilityInFixExits2) {
  ProcessResult r = run({"fix", "tree", "--add", "sm_9999", "--like", "sm_100", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'sm_9999' is not a compute capability"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
}

// A control character is never part of an arch: `sm_120\n` from a script's
// echo is refused on one line naming the option, not trimmed into an arch.
TEST_F(PatchCli, ControlCharacterInAnArchExits2) {
  ProcessResult r = run({"fix", "tree", "--add", "sm_120\n", "--like", "sm_100", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "archscan: --add: 'sm_120\\n' is not a compute capability: it holds a control character\n");
  ProcessResult like = run({"fix", "tree", "--add", "sm_120", "--like", "\tsm_100", "--write"});
  EXPECT_EQ(like.exit_code, 2);
  EXPECT_EQ(like.err, "archscan: --like: '\\tsm_100' is not a compute capability: it holds a control character\n");
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
  EXPECT_FALSE(fs::exists(dir / "tree/.archscan-cache"));
}

TEST_F(PatchCli, GlobSelectingNothingIsAnError) {
  spit(dir / "ps.yaml",
       "archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    where: {sites: [\"NO_SUCH_*\"]}\n");
  ProcessResult r = run({"patch", "ps.yaml", "tree"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "archscan: ps.yaml:5:21: where.sites 'NO_SUCH_*' selects no site in the scanned tree\n");
}

TEST_F(PatchCli, ConflictingEditsAbortNamingBoth) {
  // Both rules widen the same `sm == 100` comparison differently; both new
  // archs run sm_100's tcgen05 code.
  const std::string bySm =
      "import torch\n"
      "\n"
      "def recipe():\n"
      "    major, minor = torch.cuda.get_device_capability()\n"
      "    sm = major * 10 + minor\n"
      "    if sm == 90:\n"
      "        return 1\n"
      "    elif sm == 100:\n"
      "        return 2\n"
      "    else:\n"
      "        raise ValueError(sm)\n";
  spit(dir / "tree/recipes.py", bySm);
  spit(dir / "a.yaml", "archscan: 1\nname: a\nrules:\n  - add: sm_103\n    like: sm_100\n");
  spit(dir / "b.yaml", "archscan: 1\nname: b\nrules:\n  - add: sm_110\n    like: sm_100\n");
  ProcessResult r = run({"patch", "a.yaml", "b.yaml", "tree", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("conflicting edits: tree/recipes.py:8 (recipe[sm], a.yaml:4: add sm_103 like sm_100) and "
                       "tree/recipes.py:8 (recipe[sm], b.yaml:4: add sm_110 like sm_100)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), bySm);
}

TEST_F(PatchCli, FixEmitsAnEquivalentPatchSet) {
  ProcessResult fix = run({"fix", "tree", "--add", "sm_110", "--like", "sm_100", "--emit-patchset", "kept.yaml"});
  ASSERT_EQ(fix.exit_code, 0) << fix.err;
  EXPECT_NE(fix.out.find("+    elif arch_major in (10, 11):"), std::string::npos) << fix.out;
  ProcessResult patch = run({"patch", "kept.yaml", "tree"});
  ASSERT_EQ(patch.exit_code, 0) << patch.err;
  EXPECT_EQ(patch.out, fix.out);
  EXPECT_NE(slurp(dir / "kept.yaml").find("archscan: 1"), std::string::npos);
}

TEST_F(PatchCli, SymlinkOutOfTheRootIsNeverWritten) {
  spit(dir / "outside/table.py", kTable);
  fs::create_symlink(dir / "outside/table.py", dir / "tree/linked.py");
  ProcessResult r = run({"fix", "tree", "--add", "sm_110", "--like", "sm_100", "--write"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(dir / "outside/table.py"), kTable);
  EXPECT_TRUE(fs::is_symlink(dir / "tree/linked.py"));
  EXPECT_NE(slurp(dir / "tree/recipes.py"), kTable);
}

TEST_F(PatchCli, JsonListsEditsWithValueSource) {
  spit(dir / "tree/sizes.py",
       "import torch\nCAP = torch.cuda.get_device_capability()[0]\nSIZES = {9: 4, 10: 8}\n\ndef size():\n    return "
       "SIZES[CAP]\n");
  spit(dir / "ps.yaml", "archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    values: {SIZES: \"16\"}\n");
  ProcessResult r = run({"patch", "ps.yaml", "tree", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"text\": \", 12: 16\""), std::string::npos) << r.out;  // a one-line dict stays one line
  EXPECT_NE(r.out.find("\"value_source\": \"override\""), std::string::npos) << r.out;
  ProcessResult plain = run({"fix", "tree", "--add", "sm_110", "--like", "sm_100", "--format", "json"});
  EXPECT_NE(plain.out.find("\"value_source\": \"copied-from sm_100\""), std::string::npos) << plain.out;
}

TEST_F(PatchCli, SingleElementTupleStaysValidAndRangesAreListed) {
  spit(dir / "tree/gates.py",
       "import torch\n"
       "SUPPORTED_ARCHS = (10,)\n"
       "def check():\n"
       "    major = torch.cuda.get_device_capability()[0]\n"
       "    if major not in SUPPORTED_ARCHS:\n"
       "        raise RuntimeError(major)\n"
       "def tiles(sm_version):\n"
       "    if 100 <= sm_version < 110:\n"
       "        return 256\n"
       "    raise RuntimeError(sm_version)\n");
  ProcessResult r = run({"fix", "tree/gates.py", "--add", "sm_110", "--like", "sm_100"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("+SUPPORTED_ARCHS = (10, 11,)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("tree/gates.py:8: not patched: tiles[sm_version] (sm_110): a range; ranges are never patched"),
            std::string::npos)
      << r.err;
}

const char* kSizes =
    "import torch\n"
    "CAP = torch.cuda.get_device_capability()[0]\n"
    "SIZES = {\n"
    "    9: [4, 6],\n"
    "    10: [6, 8],\n"
    "}\n"
    "\n"
    "def size():\n"
    "    return SIZES[CAP]\n";

std::string valuesSet(const std::string& value) {
  return "archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    values:\n      SIZES: \"" + value + "\"\n";
}

// Everything under `root`, so a test can say "nothing changed" of the whole tree.
std::map<std::string, std::string> treeOf(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it)
    out[fs::relative(it->path(), root).string()] = it->is_directory() ? "<dir>" : slurp(it->path());
  return out;
}

TEST_F(PatchCli, TwoSetsGivingDifferentValuesForOneSiteConflict) {
  spit(dir / "tree/sizes.py", kSizes);
  spit(dir / "a.yaml", valuesSet("[1]"));
  spit(dir / "b.yaml", valuesSet("[2]"));
  auto before = treeOf(dir / "tree");
  ProcessResult r = run({"patch", "a.yaml", "b.yaml", "tree", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "archscan: conflicting edits: tree/sizes.py:6 (SIZES, a.yaml:3: add sm_120 like sm_100) writes "
            "`12: [1],` and tree/sizes.py:6 (SIZES, b.yaml:3: add sm_120 like sm_100) writes `12: [2],`: both add "
            "sm_120 to SIZES; one must go (nothing was written)\n");
  EXPECT_EQ(treeOf(dir / "tree"), before);
}

TEST_F(PatchCli, ByteIdenticalEditsFromTwoSetsAreOneEdit) {
  spit(dir / "tree/sizes.py", kSizes);
  spit(dir / "a.yaml", valuesSet("[1]"));
  spit(dir / "b.yaml", valuesSet("[1]"));
  ProcessResult r = run({"patch", "a.yaml", "b.yaml", "tree", "--write"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string want = kSizes;
  want.insert(want.find("}\n"), "    12: [1],\n");
  EXPECT_EQ(slurp(dir / "tree/sizes.py"), want);
}

// Two arms sm_110 can run (sm_100's tcgen05 one, sm_80's mma.sync one), so
// each rule's choice stands and they disagree.
TEST_F(PatchCli, OneSetAddingAnArchLikeTwoArchsConflicts) {
  std::string sizes = kSizes;
  sizes.replace(sizes.find("    9:"), 6, "    8:");
  spit(dir / "tree/sizes.py", sizes);
  std::string table = kTable;
  table.replace(table.find("== 9"), 4, "== 8");
  spit(dir / "tree/recipes.py", table);
  spit(dir / "ps.yaml", "archscan: 1\nrules:\n  - {add: sm_110, like: sm_100}\n  - {add: sm_110, like: sm_80}\n");
  ProcessResult r = run({"patch", "ps.yaml", "tree", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "archscan: conflicting edits: tree/recipes.py:7 (recipe[arch_major], ps.yaml:3: add sm_110 like sm_100) "
            "writes `arch_major in (10, 11)` and tree/recipes.py:5 (recipe[arch_major], ps.yaml:4: add sm_110 like "
            "sm_80) writes `arch_major in (8, 11)`: both add sm_110 to recipe[arch_major]; one must go (nothing was "
            "written)\n");
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), table);
  EXPECT_EQ(slurp(dir / "tree/sizes.py"), sizes);
}

TEST_F(PatchCli, ValueThatIsNotOneExpressionIsRefused) {
  spit(dir / "tree/sizes.py", kSizes);
  // Closes the table, runs code of its own, and opens a table that the rest closes.
  spit(dir / "ps.yaml", valuesSet("[1]}\\nimport os\\nX = {1: [2]"));
  ProcessResult r = run({"patch", "ps.yaml", "tree", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "archscan: ps.yaml:6:7: the value for 'SIZES' is not one Python expression (tree/sizes.py:3, SIZES): "
            "`[1]}\\x0aimport os\\x0aX = {1: [2]`\n");
  EXPECT_EQ(slurp(dir / "tree/sizes.py"), kSizes);
  for (const char* bad : {"1, 2", "1 # comment", "x for x in y", "[1]]", "(", "1; import os"}) {
    spit(dir / "ps.yaml", valuesSet(bad));
    ProcessResult b = run({"patch", "ps.yaml", "tree"});
    EXPECT_EQ(b.exit_code, 2) << bad;
    EXPECT_NE(b.err.find("is not one Python expression"), std::string::npos) << bad << ": " << b.err;
  }
  spit(dir / "ps.yaml", valuesSet("{'a': (1, 2)}"));
  EXPECT_EQ(run({"patch", "ps.yaml", "tree"}).exit_code, 0) << "one expression is fine";
}

TEST_F(PatchCli, DuplicateKeyInAPatchSetIsAnError) {
  spit(dir / "ps.yaml", "archscan: 1\nrules:\n  - add: sm_120\n    add: sm_103\n    like: sm_100\n");
  ProcessResult r = run({"patch", "ps.yaml", "tree", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "archscan: ps.yaml:4:5: duplicate key 'add' (first at line 3); each key may appear once\n");
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
}

TEST_F(PatchCli, PatchSetThatIsNotARegularFileIsRefusedAtOnce) {
  fs::create_directories(dir / "folder.yaml");
  ::mkfifo((dir / "fifo.yaml").c_str(), 0644);
  fs::create_symlink("/dev/zero", dir / "zero.yaml");
  spit(dir / "big.yaml", std::string((16u << 20) + 1, '#'));
  spit(dir / "nul.yaml", std::string("archscan: 1\nname: \"a\0b\"\n", 24));
  const std::pair<const char*, const char*> cases[] = {
      {"folder.yaml", "archscan: folder.yaml: a folder, not a regular file; not read\n"},
      {"fifo.yaml", "archscan: fifo.yaml: a FIFO, not a regular file; not read\n"},
      {"zero.yaml", "archscan: zero.yaml: a character device, not a regular file; not read\n"},
      {"big.yaml", "archscan: big.yaml: larger than 16 MiB; not read\n"},
      {"nul.yaml", "archscan: nul.yaml:2:9: a NUL byte; YAML text cannot contain one\n"},
  };
  for (const auto& [name, message] : cases) {
    ProcessResult r = run({"patch", name, "tree", "--write"});
    EXPECT_EQ(r.exit_code, 2) << name;
    EXPECT_EQ(r.err, message);
  }
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
}

// Found by patchset_fuzzer: a folded scalar quoted in the error spans lines.
TEST_F(PatchCli, ErrorQuotingAMultiLineValueIsOneLine) {
  spit(dir / "ps.yaml",
       "archscan:  >-\n \"Handom SM100;\n  review tuned sizes.\nrules:\n  - add: sm_103\n    likesm_12000\n");
  ProcessResult r = run({"patch", "ps.yaml", "tree", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_EQ(r.err.rfind("archscan: ps.yaml:", 0), 0u) << r.err;
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
}

TEST_F(PatchCli, NothingToCopyNamesTheArch) {
  ProcessResult r = run({"fix", "tree", "--add", "sm_120", "--like", "sm_75", "--write"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "archscan: nothing to do: no selected site has sm_75, the arch to copy\n");
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
}

TEST_F(PatchCli, ReadOnlyTargetIsRefusedUnlessForced) {
  ::chmod((dir / "tree/recipes.py").c_str(), 0444);
  ProcessResult r = run({"fix", "tree", "--add", "sm_110", "--like", "sm_100", "--write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("recipes.py: read-only (mode 0444); not replaced, and nothing was written"), std::string::npos)
      << r.err;
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
  ProcessResult forced = run({"fix", "tree", "--add", "sm_110", "--like", "sm_100", "--write", "--force"});
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_NE(slurp(dir / "tree/recipes.py"), kTable);
  EXPECT_EQ(fs::status(dir / "tree/recipes.py").permissions() & fs::perms::all, fs::perms(0444));
  EXPECT_FALSE(fs::exists(dir / "tree/.archscan-cache")) << "the journal is gone after a write";
}

// A write or a recovery killed at its last flush leaves its journal folder
// empty; the next command that reads the tree removes it, and so does recover.
TEST_F(PatchCli, EmptyJournalFolderGoesOnTheNextCommand) {
  fs::create_directory(dir / "tree/.archscan-cache");
  ProcessResult r = run({"check", "tree", "--target", "sm_120", "--no-cache"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_FALSE(fs::exists(dir / "tree/.archscan-cache"));
  fs::create_directory(dir / "tree/.archscan-cache");
  ProcessResult rec = run({"recover", "tree"});
  EXPECT_EQ(rec.exit_code, 0) << rec.err;
  EXPECT_EQ(rec.err, "archscan: nothing to recover in tree\n");
  EXPECT_FALSE(fs::exists(dir / "tree/.archscan-cache"));
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
}

TEST_F(PatchCli, RecoverWithNothingToDoSaysSo) {
  ProcessResult r = run({"recover", "tree"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "archscan: nothing to recover in tree\n");
  ProcessResult file = run({"recover", "tree/recipes.py"});
  EXPECT_EQ(file.exit_code, 2);
  EXPECT_EQ(file.err, "archscan: tree/recipes.py: not a folder (recover takes the scanned root)\n");
  ProcessResult discard = run({"recover", "--discard", "tree"});
  EXPECT_EQ(discard.exit_code, 0);
  EXPECT_EQ(discard.err, "archscan: nothing to discard in tree\n");
  EXPECT_EQ(slurp(dir / "tree/recipes.py"), kTable);
}

}  // namespace
}  // namespace archscan
