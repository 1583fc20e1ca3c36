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

// The walk's own path answers what a node sits in: through parentheses and
// implicit casts up to the ternary that chooses by it, but not past a
// declaration, a constructor's initializer or a template argument.
TEST(LoneTestObserver, ParentsAreThoseOfTheTreeAsWritten) {
  auto obs = test::observeCpp(
      "int tile_sm90();\n"
      "int tile_sm80();\n"
      "template <bool B> struct Pick {};\n"
      "struct Plan {\n"
      "  bool wide;\n"
      "  explicit Plan(int arch) : wide(arch >= 90) {}\n"
      "};\n"
      "int f(int arch) {\n"
      "  int const tile = ((arch >= 90)) ? tile_sm90() : tile_sm80();\n"
      "  Pick<(sizeof(int) == 4)> p;\n"
      "  (void)p;\n"
      "  return tile + (arch == 100 ? 1 : 2);\n"
      "}\n");
  // As the parent map had them: the initializer's, the ternary's (its whole
  // test with both parentheses), the template argument's, the return's.
  ASSERT_EQ(obs.lones.size(), 4u);
  EXPECT_EQ(obs.lones[0].function, "Plan::Plan");
  EXPECT_FALSE(obs.lones[0].when_true.has_value());
  EXPECT_EQ(obs.lones[1].whole.end - obs.lones[1].whole.begin, std::string("((arch >= 90))").size());
  ASSERT_TRUE(obs.lones[1].when_true.has_value() && obs.lones[1].when_false.has_value());
  EXPECT_EQ(obs.lones[1].when_true->end - obs.lones[1].when_true->begin, std::string("tile_sm90()").size());
  EXPECT_FALSE(obs.lones[2].when_true.has_value());
  ASSERT_TRUE(obs.lones[3].when_true.has_value());
  EXPECT_EQ(obs.lones[3].function, "f");
}

TEST(LoneTestObserver, ComparisonOfTwoVariablesIsNoTest) {
  auto obs = test::observeCpp("bool f(int a, int b) { return a == b; }\n");
  EXPECT_TRUE(obs.lones.empty());
}

}  // namespace
}  // namespace archscan
