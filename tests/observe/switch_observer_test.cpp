// observe/switch_observer.h: switches with their subject, labels and default.
#include <gtest/gtest.h>

#include "test_support.h"

namespace archscan {
namespace {

TEST(SwitchObserver, LabelsInSourceOrderWithValuesEnumeratorsAndDefault) {
  auto obs = test::observeCpp(
      "enum Arch { kSm90 = 90, kSm100 = 100 };\n"
      "int sm_version();\n"
      "int pick() {\n"
      "  switch (sm_version()) {\n"
      "    case kSm90: return 1;\n"
      "    case 100: return 2;\n"
      "    default: return 0;\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(obs.switches.size(), 1u);
  const auto& s = obs.switches[0];
  EXPECT_EQ(s.function, "pick");
  EXPECT_EQ(s.subject.text, "sm_version()");
  ASSERT_EQ(s.cases.size(), 2u);
  EXPECT_EQ(s.cases[0].text, "kSm90");
  EXPECT_EQ(s.cases[0].enumerator, "kSm90");
  EXPECT_EQ(s.cases[0].value, 90);
  EXPECT_EQ(s.cases[1].value, 100);
  EXPECT_TRUE(s.cases[1].enumerator.empty());
  EXPECT_LT(s.cases[0].label.begin, s.cases[1].label.begin);
  ASSERT_TRUE(s.fallthrough_default.has_value());
}

TEST(SwitchObserver, ConditionOfASwitchIsNotALoneTest) {
  auto obs = test::observeCpp("int f(int sm) { switch (sm == 90) { case 1: return 1; } return 0; }\n");
  ASSERT_EQ(obs.switches.size(), 1u);
  EXPECT_TRUE(obs.lones.empty());
}

}  // namespace
}  // namespace archscan
