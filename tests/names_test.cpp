// Identifier words and the arch-name verdicts built on them.
#include <gtest/gtest.h>

#include "knowledge/names.h"
#include "test_support.h"

namespace archscan {
namespace {

TEST(Names, SplitsSnakeAndCamelCase) {
  using V = std::vector<std::string>;
  EXPECT_EQ(splitWords("_WORLD_SIZES_MULTIMEM"), (V{"world", "sizes", "multimem"}));
  EXPECT_EQ(splitWords("getSMVersion"), (V{"get", "sm", "version"}));
  EXPECT_EQ(splitWords("gen_fp4_gemm_sm120_module"), (V{"gen", "fp4", "gemm", "sm120", "module"}));
  EXPECT_EQ(splitWords("supported_major_versions"), (V{"supported", "major", "versions"}));
  EXPECT_EQ(splitWords("kSm90"), (V{"k", "sm90"}));
}

struct NameCase {
  const char* name;
  bool arch_like;
  bool negative;
};

TEST(Names, ArchLikeAndNegativeNames) {
  const NameCase cases[] = {
      {"device_capability", true, false},
      {"supported_major_versions", true, false},
      {"sm_version", true, false},
      {"getSMVersion", true, false},
      {"compute_cap", true, false},
      {"cuda_arch", true, false},
      {"SUPPORTED_ARCHS", true, false},
      {"cc", true, false},
      {"is_sm100a_supported", true, false},
      {"major", false, false},
      {"world_size", false, true},
      {"sm_count", false, true},
      {"num_sms", false, true},
      {"sm_scale", false, true},
      {"cuda_version", false, true},
      {"warp_id", false, true},
      {"log2_elements", false, true},
      {"TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES", false, false},
  };
  for (const auto& c : cases) {
    NameVerdict v = judgeName(c.name, test::knowledge());
    EXPECT_EQ(v.arch_like, c.arch_like) << c.name;
    EXPECT_EQ(v.negative, c.negative) << c.name;
  }
}

TEST(Names, ArchsSpelledInNames) {
  auto v = judgeName("gen_fp4_gemm_sm120_module", test::knowledge());
  ASSERT_EQ(v.named_archs.size(), 1u);
  EXPECT_EQ(v.named_archs[0].name(), "sm_120");
  v = judgeName("is_sm100a_supported", test::knowledge());
  ASSERT_EQ(v.named_archs.size(), 1u);
  EXPECT_EQ(v.named_archs[0].name(), "sm_100a");
  EXPECT_TRUE(judgeName("get_nvcc_flags_list", test::knowledge()).named_archs.empty());
}

}  // namespace
}  // namespace archscan
