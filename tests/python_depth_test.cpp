// Deeply nested or unclosed brackets must cost the Python front-end time in
// proportion to the input. Each shape is read at a depth of n and of 4n in
// the same test, so the bound is relative to this machine's speed at that
// moment: linear cost gives about 4x, quadratic 16x, cubic 64x.
#include <gtest/gtest.h>

#include <algorithm>
#include <ctime>
#include <string>

#include "test_support.h"

namespace archscan {
namespace {

struct Shape {
  const char* name;
  const char* head;  // before the first bracket
  const char* open;  // repeated `depth` times
  const char* inner;  // at the bottom
  const char* close;  // repeated `depth` times ("" for unclosed input)
};

const Shape kShapes[] = {
    {"nested lists", "x = ", "[9, ", "9", "]"},
    {"unclosed lists", "x = ", "[9, ", "9", ""},
    {"arch table under nested dicts", "T = ", "{'a': ", "{90: 1, 100: 2}", "}"},
    {"unclosed arch tables", "T = ", "{90: ", "1", ""},
    {"nested gate calls", "x = ", "f([90, 100], ", "1", ")"},
    {"unclosed calls", "x = ", "f(9, ", "9", ""},
    {"nested subscripts", "x = ", "a[", "1", "]"},
    {"nested parentheses", "x = ", "([", "1", "])"},
};

std::string source(const Shape& s, int depth) {
  std::string out = "import torch\n";
  out += s.head;
  for (int i = 0; i < depth; ++i) out += s.open;
  out += s.inner;
  for (int i = 0; i < depth; ++i) out += s.close;
  return out + "\n";
}

// CPU seconds of this thread for one extraction, the best of three: the
// machine may be shared, and neither waiting for a core nor a slow run says
// anything about the code.
double secondsToExtract(const std::string& text) {
  // Built once: compiling the queries takes longer than reading a small
  // input, and would hide the growth being measured.
  static const PythonFrontend fe(test::knowledge());
  auto now = [] {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
  };
  double best = 1e9;
  for (int run = 0; run < 5; ++run) {  // the best of five: a busy machine (ctest -j, sanitizers) only adds time
    double start = now();
    FileFacts f = fe.extract(SourceText{"deep.py", text});
    best = std::min(best, now() - start);
    EXPECT_TRUE(f.parsed);
  }
  return best;
}

class PythonDepth : public ::testing::TestWithParam<Shape> {};

TEST_P(PythonDepth, CostGrowsLinearlyWithNesting) {
  // Before parents were indexed, 600 levels took 0.03-10 s and 2,400 levels
  // 16-64 times that; now 2,400 take about 0.1 s. Times under the floor
  // count as the floor, so noise on tiny times cannot fail this.
  const Shape& s = GetParam();
  const int depth = 600;
  const double floor = 0.02;
  double small = secondsToExtract(source(s, depth));
  double large = secondsToExtract(source(s, 4 * depth));
  EXPECT_LT(large / std::max(small, floor), 10.0)
      << s.name << ": " << depth << " levels took " << small << " s, " << 4 * depth << " took " << large << " s";
}

INSTANTIATE_TEST_SUITE_P(Shapes, PythonDepth, ::testing::ValuesIn(kShapes), [](const auto& info) {
  std::string name = info.param.name;
  for (char& c : name)
    if (c == ' ') c = '_';
  return name;
});

// The nesting walk now starts from the outer table's answer: the names and
// depths it gives must be those of a walk to the top.
TEST(PythonNesting, NestedTablesKeepTheirPathNames) {
  auto f = test::extractPython(
      "import torch\n"
      "SM_CONFIGS = {90: {'a': {90: 1, 100: 2}}, 100: {'a': {90: 3, 100: 4}}}\n");
  const Site* inner = test::siteNamed(f, "SM_CONFIGS[100]['a']");
  ASSERT_NE(inner, nullptr);
  EXPECT_EQ(inner->nesting, 2);
  EXPECT_EQ(inner->parent_binding, "SM_CONFIGS");
  const Site* outer = test::siteNamed(f, "SM_CONFIGS");
  ASSERT_NE(outer, nullptr);
  EXPECT_EQ(outer->nesting, 0);
}

}  // namespace
}  // namespace archscan
