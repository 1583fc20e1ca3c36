// python/comments.h: comments blanked for the word sieve, strings kept.
#include <gtest/gtest.h>

#include "python/comments.h"
#include "test_support.h"

namespace archscan {
namespace {

TEST(PythonComments, CommentsAreBlankedInPlace) {
  std::string src = "x = 1  # sm90 only\n# Hopper and Blackwell\ny = 2\n";
  std::string out = py::withoutComments(src);
  EXPECT_EQ(out, "x = 1             \n                      \ny = 2\n");
  EXPECT_EQ(out.size(), src.size());
}

TEST(PythonComments, StringsKeepTheirHashes) {
  for (std::string src : {"s = \"#sm_90\"\n", "s = '# sm_90'\n", "s = r\"\\\"# sm_90\"\n",
                          "s = \"\"\"a \"quoted\" line\n# sm_90\n\"\"\"\n", "s = '''it''s # sm_90'''\n",
                          "s = f\"{x['#']} sm_90\"\n"})
    EXPECT_EQ(py::withoutComments(src), src) << src;
  // A one-line string left open ends at its line: the next comment is one.
  EXPECT_EQ(py::withoutComments("s = 'open\n# sm_90\n"), "s = 'open\n       \n");
}

TEST(PythonComments, ArchscanCommentsStay) {
  std::string src = "TABLE = {}  # archscan: ignore[missing-arch]\n";
  EXPECT_EQ(py::withoutComments(src), src);
}

TEST(PythonComments, AnArchWordOnlyInCommentsIsNoReasonToParse) {
  PythonFrontend fe(test::knowledge());
  EXPECT_FALSE(fe.worthParsing("# Tuned on sm90; see the Hopper notes.\ndef f(x):\n    return x  # arch-neutral\n"));
  EXPECT_TRUE(fe.worthParsing("def f(x):\n    \"\"\"Tuned on sm90.\"\"\"\n    return x\n"));
  EXPECT_TRUE(fe.worthParsing("CONFIGS = {90: a, 100: b}  # per arch\n"));
  EXPECT_TRUE(fe.worthParsing("x = 1  # archscan: ignore\n"));
}

}  // namespace
}  // namespace archscan
