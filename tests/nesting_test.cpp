// nestingProblem: the depth a JSON or YAML text nests, measured before a
// recursive parser may see it. Brackets inside strings and comments do not
// count, and a file at the limit is still read.
#include "util/nesting.h"

#include <gtest/gtest.h>

namespace archscan {
namespace {

TEST(Nesting, CountsBracketsAndBlockSequencesOutsideStrings) {
  EXPECT_FALSE(nestingProblem(std::string(256, '[') + std::string(256, ']')));
  auto deep = nestingProblem("{\"a\":\n" + std::string(257, '['));
  ASSERT_TRUE(deep);
  EXPECT_EQ(deep->line, 2);
  EXPECT_EQ(deep->at("f.json"), "f.json:2: nested deeper than 256 levels");

  // Brackets in a string, a YAML comment or after an apostrophe in plain text are words.
  std::string quoted = "{\"text\": \"" + std::string(300, '[') + "\"}";
  EXPECT_FALSE(nestingProblem(quoted));
  EXPECT_FALSE(nestingProblem("key: 1  # " + std::string(300, '{') + "\n"));
  EXPECT_FALSE(nestingProblem("msg: don't [x]\nother: 'a [' \n"));
  EXPECT_FALSE(nestingProblem("s: \"esc \\\" [[[\"\n"));

  std::string dashes;
  for (int i = 0; i < 257; ++i) dashes += "- ";
  EXPECT_TRUE(nestingProblem("rules:\n" + dashes + "x\n"));
  EXPECT_TRUE(nestingProblem("a:\n" + std::string(1025, ' ') + "b: 1\n"));
  EXPECT_FALSE(nestingProblem("a:\n" + std::string(1024, ' ') + "b: 1\n"));
}

}  // namespace
}  // namespace archscan
