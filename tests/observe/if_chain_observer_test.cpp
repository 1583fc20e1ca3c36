// observe/if_chain_observer.h: if / else-if chains, their else, their block
// position and the statement after them.
#include <gtest/gtest.h>

#include "test_support.h"

namespace archscan {
namespace {

TEST(IfChainObserver, ElseIfArmsAreOneChainWithAnElse) {
  auto obs = test::observeCpp(
      "void crash();\n"
      "int f(int major) {\n"
      "  if (major == 9) return 1;\n"
      "  else if (major == 10 || major == 11) return 2;\n"
      "  else crash();\n"
      "  return 0;\n"
      "}\n");
  ASSERT_EQ(obs.chains.size(), 1u);
  const auto& c = obs.chains[0];
  EXPECT_EQ(c.function, "f");
  ASSERT_EQ(c.branches.size(), 2u);
  ASSERT_EQ(c.branches[1].condition.size(), 2u);  // two disjuncts
  EXPECT_EQ(c.branches[1].condition[1][0].value, 11);
  EXPECT_TRUE(c.otherwise.has_value());
  EXPECT_GE(c.index, 0);
  ASSERT_TRUE(c.next.has_value());  // `return 0;`
  EXPECT_TRUE(obs.lones.empty());  // the conditions belong to the chain
}

TEST(IfChainObserver, RunOfIfsShareABlockAndCountUp) {
  auto obs = test::observeCpp(
      "int f(int sm) {\n"
      "  if (sm == 90) return 1;\n"
      "  if (sm == 100) return 2;\n"
      "  return 0;\n"
      "}\n");
  ASSERT_EQ(obs.chains.size(), 2u);
  EXPECT_EQ(obs.chains[0].block, obs.chains[1].block);
  EXPECT_EQ(obs.chains[1].index, obs.chains[0].index + 1);
}

TEST(IfChainObserver, ChainWithoutComparisonsIsNotRecorded) {
  auto obs = test::observeCpp("bool g(); int f() { if (g()) return 1; return 0; }\n");
  EXPECT_TRUE(obs.chains.empty());
  EXPECT_EQ(obs.seen_ifs.size(), 1u);  // but the if is known to exist
}

}  // namespace
}  // namespace archscan
