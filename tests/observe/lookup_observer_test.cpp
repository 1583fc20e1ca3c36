// observe/lookup_observer.h: reads of a table with a subject.
#include <gtest/gtest.h>

#include "test_support.h"

namespace archscan {
namespace {

TEST(LookupObserver, AtCrashesFindFallsBackSubscriptInsertsLoopIsMembership) {
  auto obs = test::observeCpp(
      "#include <map>\n"
      "std::map<int, int> kCfg{{90, 1}, {100, 2}};\n"
      "constexpr int kArchs[] = {90, 100};\n"
      "int f(int sm) {\n"
      "  int a = kCfg.at(sm);\n"
      "  int b = kCfg.count(sm);\n"
      "  int c = kCfg[sm];\n"
      "  for (int x : kArchs) if (x == sm) return a + b + c;\n"
      "  throw 1;\n"
      "}\n",
      "/nonexistent/k.cpp");
  ASSERT_EQ(obs.lookups.size(), 4u);
  EXPECT_EQ(obs.lookups[0].table, "kCfg");
  EXPECT_EQ(obs.lookups[0].on_missing, OnMissing::Crash);
  EXPECT_EQ(obs.lookups[0].subject.text, "sm");
  EXPECT_EQ(obs.lookups[1].on_missing, OnMissing::Fallback);
  EXPECT_EQ(obs.lookups[2].how, "kCfg[cap] inserts a default");
  EXPECT_EQ(obs.lookups[3].table, "kArchs");
  ASSERT_TRUE(obs.lookups[3].after.has_value());  // `throw 1;` runs when no arch matched
}

}  // namespace
}  // namespace archscan
