// observe/initializer_observer.h: variables with braced initializers.
#include <gtest/gtest.h>

#include "test_support.h"

namespace archscan {
namespace {

TEST(InitializerObserver, BracesOfGlobalsAndLocalsButNotParameters) {
  std::string src =
      "constexpr int kArchs[] = {90, 100};\n"
      "int f(int p) { int local[] = {80, 90}; int plain = 3; return local[0] + plain + p; }\n";
  auto obs = test::observeCpp(src);
  ASSERT_EQ(obs.inits.size(), 2u);
  EXPECT_EQ(obs.inits[0].name, "kArchs");
  EXPECT_TRUE(obs.inits[0].function.empty());
  EXPECT_EQ(src.substr(obs.inits[0].init.begin, obs.inits[0].init.end - obs.inits[0].init.begin), "{90, 100}");
  EXPECT_EQ(obs.inits[1].name, "local");
  EXPECT_EQ(obs.inits[1].function, "f");
}

}  // namespace
}  // namespace archscan
