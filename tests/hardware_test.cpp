// The hardware model: which code objects run where, what words a path
// needs, and what each arch lacks (knowledge.yaml, compiled in).
#include "knowledge/hardware.h"

#include <gtest/gtest.h>

#include "frontend/path_needs.h"

namespace archscan {
namespace {

const Knowledge& k() {
  static const Knowledge knowledge = builtinKnowledge();
  return knowledge;
}

Arch sm(int major, int minor) { return Arch{major, minor, false, Variant::None}; }

TEST(Hardware, CodeObjectsRunWhereTheProgrammingGuideSays) {
  struct Case {
    const char* object;
    Arch target;
    bool runs;
  } cases[] = {
      {"sm_80", sm(8, 0), true},         {"sm_80", sm(8, 6), true},       {"sm_80", sm(9, 0), false},
      {"sm_80", sm(12, 0), false},       {"compute_80", sm(12, 0), true}, {"compute_80", sm(7, 5), false},
      {"sm_100a", sm(10, 0), true},      {"sm_100a", sm(10, 3), false},   {"sm_100f", sm(10, 3), true},
      {"sm_103f", sm(10, 0), false},     {"sm_120a", sm(12, 1), false},   {"sm_120f", sm(12, 1), true},
      {"sm_120", sm(12, 1), true},       {"sm_121", sm(12, 0), false},    {"compute_120a", sm(12, 1), false},
      {"compute_100f", sm(10, 3), true}, {"sm90a", sm(9, 0), true},       {"compute_90", sm(10, 0), true},
  };
  for (const auto& c : cases) {
    auto o = parseCodeObject(c.object);
    ASSERT_TRUE(o) << c.object;
    EXPECT_EQ(runsOn(*o, c.target), c.runs) << c.object << " on " << c.target.name();
  }
  EXPECT_EQ(parseCodeObject("sm_100a")->name(), "sm_100a");
  EXPECT_EQ(parseCodeObject("compute_90")->name(), "compute_90");
  EXPECT_FALSE(parseCodeObject("sm_scale"));
  EXPECT_FALSE(parseCodeObject("compute_capability"));
}

TEST(Hardware, AnArchIsHardwareNotANumber) {
  // sm_120 is above sm_100 and lacks tcgen05 and wgmma; sm_110 has tcgen05.
  EXPECT_EQ(hasFeature(sm(12, 0), "tcgen05", k()), false);
  EXPECT_EQ(hasFeature(sm(12, 0), "wgmma", k()), false);
  EXPECT_EQ(hasFeature(sm(11, 0), "tcgen05", k()), true);
  EXPECT_EQ(hasFeature(sm(10, 3), "tcgen05", k()), true);
  EXPECT_EQ(hasFeature(sm(10, 0), "wgmma", k()), false);
  EXPECT_EQ(hasFeature(sm(9, 0), "wgmma", k()), true);
  EXPECT_EQ(hasFeature(sm(12, 1), "block_scaled_mma", k()), true);
  EXPECT_EQ(hasFeature(sm(10, 0), "block_scaled_mma", k()), false);
  EXPECT_EQ(hasFeature(sm(8, 6), "fp8_mma", k()), false);
  EXPECT_EQ(hasFeature(sm(8, 9), "fp8_mma", k()), true);
  // Nothing is known of Volta's features: nothing is inferred.
  EXPECT_EQ(hasFeature(sm(7, 0), "mma", k()), std::nullopt);
  EXPECT_TRUE(lacking(sm(7, 0), {"tcgen05"}, k()).empty());
  EXPECT_EQ(lacking(sm(12, 0), {"tma", "tcgen05", "wgmma"}, k()), (std::vector<std::string>{"tcgen05", "wgmma"}));
}

TEST(Hardware, WordsNameWhatAPathNeeds) {
  auto need = [](const char* word) {
    auto n = needNamedBy(word, k());
    std::string out;
    if (n)
      for (const auto& f : n->features) out += (out.empty() ? "" : ",") + f;
    return out;
  };
  EXPECT_EQ(need("grouped_gemm_sm100"), "tcgen05");
  EXPECT_EQ(need("Sm100BlockScaledGemm"), "tcgen05");
  EXPECT_EQ(need("run_mha_fwd_sm90a"), "wgmma");
  EXPECT_EQ(need("tcgen05_mma_ws"), "tcgen05");
  EXPECT_EQ(need("make_umma_desc"), "tcgen05");
  EXPECT_EQ(need("SM90_64x128x16_F32BF16BF16_SS_GMMA"), "wgmma");
  EXPECT_EQ(need("fp4_gemm_sm120"), "block_scaled_mma");
  EXPECT_EQ(need("flash_fwd_sm80"), "mma");
  // Not arch names: scale factors, counts, versions.
  EXPECT_EQ(need("sm_scale"), "");
  EXPECT_EQ(need("num_sms"), "");
  EXPECT_EQ(need("cuda_version_12"), "");
  EXPECT_EQ(needNamedBy("sm100_kernel", k())->named, sm(10, 0));
  EXPECT_EQ(featuresInPtx("asm volatile(\"tcgen05.mma.cta_group::1.kind::f16 [%0]\")", k()),
            (std::vector<std::string>{"tcgen05"}));
  EXPECT_EQ(featuresInPtx("asm(\"mma.sync.aligned.m16n8k16.row.col.f32.bf16\")", k()), (std::vector<std::string>{}));
}

TEST(Hardware, APathNeedsWhatItsCodeSays) {
  auto n = pathNeedIn("\n    return grouped_gemm_sm100(a, b)\n", 7, 0, k(), "#");
  ASSERT_TRUE(n);
  ASSERT_EQ(n->needs.size(), 1u);
  EXPECT_EQ(n->needs[0].feature, "tcgen05");
  EXPECT_EQ(n->needs[0].why, "`grouped_gemm_sm100`");
  EXPECT_EQ(n->needs[0].line, 8);
  EXPECT_TRUE(n->needs[0].runs);
  EXPECT_EQ(n->named, (std::vector<Arch>{sm(10, 0)}));
  EXPECT_FALSE(pathNeedIn("return torch.matmul(a, b)", 1, 0, k(), "#"));
  auto both = pathNeedIn("attn_sm120(q) if fp4 else attn_sm100(q)", 1, 0, k(), "#");
  ASSERT_TRUE(both);
  EXPECT_EQ(both->named, (std::vector<Arch>{sm(12, 0), sm(10, 0)}));
  // A value named for an arch tunes; it does not run that arch's code.
  auto tile = pathNeedIn("kBlockM = kBlockM_sm90", 1, 0, k(), "#");
  ASSERT_TRUE(tile);
  EXPECT_FALSE(tile->needs.at(0).runs);
  // Comments and prose strings describe; module paths in strings load code.
  EXPECT_FALSE(pathNeedIn("x = 1  # the sm100 path uses tcgen05\n", 1, 0, k(), "#"));
  EXPECT_FALSE(pathNeedIn("logger.debug(\"Disabling fused attention on arch >= sm100\")", 1, 0, k(), "#"));
  EXPECT_FALSE(pathNeedIn("y = 2; /* Hopper-only WGMMA body */ // or wgmma", 1, 0, k(), "//"));
  auto module = pathNeedIn("load(\"deep_gemm.sm100_fp8_gemm\")", 1, 0, k(), "#");
  ASSERT_TRUE(module);
  EXPECT_EQ(module->features(), (std::vector<std::string>{"DeepGEMM kernels", "tcgen05"}));
  auto ptx = pathNeedIn("asm volatile(\"tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [%0];\" ::\"l\"(b));", 3,
                        0, k(), "//");
  ASSERT_TRUE(ptx);
  EXPECT_EQ(ptx->features(), (std::vector<std::string>{"tcgen05"}));
  EXPECT_EQ(ptx->needs.at(0).why, "inline PTX (tcgen05)");
  EXPECT_TRUE(mentionsSubject("if major == 12: x()", "major"));
  EXPECT_FALSE(mentionsSubject("major_version = 3", "major"));
  EXPECT_FALSE(mentionsSubject("props.major", "major"));
}

TEST(Hardware, AnUndeclaredFeatureIsAKnowledgeError) {
  const char* yaml = R"(archs:
  - {cc: "12.0", family: Blackwell, features: [tcgen5]}
capability_sources: {calls: []}
features:
  - {name: tcgen05, words: [tcgen05]}
)";
  try {
    parseKnowledge(yaml, "bad.yaml");
    FAIL() << "accepted an undeclared feature";
  } catch (const KnowledgeError& e) {
    EXPECT_EQ(std::string(e.what()), "bad.yaml: arch 12.0 names feature 'tcgen5', which `features:` does not declare");
  }
}

// A kernel library is a need like an instruction: a path that imports or
// calls it runs its kernels, which its builds' code objects say who runs.
TEST(Hardware, AKernelLibraryIsHadWhereItsBuildsRun) {
  auto need = pathNeedIn("import flash_mla\nuse_flash_mla = True\n", 5, 0, k(), "#");
  ASSERT_TRUE(need);
  EXPECT_EQ(need->features(), (std::vector<std::string>{"FlashMLA kernels"}));
  EXPECT_EQ(need->needs.at(0).line, 5);
  EXPECT_EQ(need->needs.at(0).why, "`flash_mla`");
  // Whole identifiers only: `use_flash_mla` names a flag, not the library.
  EXPECT_FALSE(pathNeedIn("use_flash_mla = True\n", 1, 0, k(), "#"));
  auto has = [](int major, int minor) { return hasFeature(Arch{major, minor}, "FlashMLA kernels", k()); };
  EXPECT_EQ(has(9, 0), true);  // sm_90a
  EXPECT_EQ(has(10, 3), true);  // sm_100f runs on the 10.x family
  EXPECT_EQ(has(8, 9), false);
  EXPECT_EQ(has(12, 0), false);
  EXPECT_EQ(hasFeature(Arch{8, 6}, "FlashAttention-3 kernels", k()), true);  // sm_80 SASS runs on 8.6
  EXPECT_EQ(hasFeature(Arch{12, 1}, "FlashAttention-3 kernels", k()), false);
}

}  // namespace
}  // namespace archscan
