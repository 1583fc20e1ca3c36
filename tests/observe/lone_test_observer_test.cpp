// observe/lone_test_observer.h: comparisons outside if/switch conditions.
#include <gtest/gtest.h>

#include "test_support.h"

namespace archscan {
namespace {

TEST(LoneTestObserver, OutermostLogicalTreeOnlyAndNegationByDeMorgan) {
  auto obs = test::observeCpp(
      "void check(bool);\n"
      "void f(int arch) {\n"
      "  check(arch == 9 || arch == 10);\n"
      "  bool bad = !(arch == 9 || arch == 10);\n"
      "}\n");
  ASSERT_EQ(obs.lones.size(), 2u);
  EXPECT_EQ(obs.lones[0].condition.size(), 2u);  // 9 or 10
  ASSERT_EQ(obs.lones[1].condition.size(), 1u);  // not 9 and not 10
  ASSERT_EQ(obs.lones[1].condition[0].size(), 2u);
  EXPECT_EQ(obs.lones[1].condition[0][0].op, cpp::CmpOp::Ne);
  EXPECT_EQ(obs.lones[0].function, "f");
}

TEST(LoneTestObserver, ComparisonOfTwoVariablesIsNoTest) {
  auto obs = test::observeCpp("bool f(int a, int b) { return a == b; }\n");
  EXPECT_TRUE(obs.lones.empty());
}

}  // namespace
}  // namespace archscan
