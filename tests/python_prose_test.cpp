// python/prose.h: comments and docstrings blanked for the word sieve,
// every other string kept.
#include <gtest/gtest.h>

#include "python/prose.h"
#include "test_support.h"

namespace archscan {
namespace {

TEST(PythonProse, CommentsAreBlankedInPlace) {
  std::string src = "x = 1  # sm90 only\n# Hopper and Blackwell\ny = 2\n";
  std::string out = py::withoutProse(src);
  EXPECT_EQ(out, "x = 1             \n                      \ny = 2\n");
  EXPECT_EQ(out.size(), src.size());
}

TEST(PythonProse, DocstringsAreBlankedLinesKept) {
  EXPECT_EQ(py::withoutProse("def f():\n    \"\"\"Hopper:\n    major >= 9.\"\"\"\n    return 1\n"),
            "def f():\n" + std::string(14, ' ') + "\n" + std::string(18, ' ') + "\n    return 1\n");
  EXPECT_EQ(py::withoutProse("'''sm90'''  # doc\nx = 1\n"), std::string(17, ' ') + "\nx = 1\n");
  EXPECT_EQ(py::withoutProse("r'sm90'\n"), "       \n");
}

TEST(PythonProse, StringsThatAreValuesStay) {
  for (std::string src :
       {"s = \"#sm_90\"\n", "s = '# sm_90'\n", "s = r\"\\\"# sm_90\"\n",
        "s = \"\"\"a \"quoted\" line\n# sm_90\n\"\"\"\n", "s = '''it''s # sm_90'''\n", "s = f\"{x['#']} sm_90\"\n",
        // in brackets, joined, continued, or an f-string's fields
        "ARCHS = [\n    \"sm_90\"\n]\n", "\"sm_90\".join(x)\n", "\"sm_\" \"90\"\n", "x = \\\n    \"sm_90\"\n",
        "f\"{get_device_capability()}\"\n", "\"sm_90\"; y = 1\n"})
    EXPECT_EQ(py::withoutProse(src), src) << src;
  // A one-line string left open ends at its line: the next comment is one.
  EXPECT_EQ(py::withoutProse("s = 'open\n# sm_90\n"), "s = 'open\n       \n");
}

TEST(PythonProse, ArchscanCommentsStay) {
  std::string src = "TABLE = {}  # archscan: ignore[missing-arch]\n";
  EXPECT_EQ(py::withoutProse(src), src);
}

TEST(PythonProse, AnArchWordOnlyInProseIsNoReasonToParse) {
  PythonFrontend fe(test::knowledge());
  EXPECT_FALSE(
      fe.worthParsing("# Tuned on sm90.\ndef f(x):\n    \"\"\"Hopper: major >= 9.\"\"\"\n    return x  # arch\n"));
  EXPECT_TRUE(fe.worthParsing("def f(x):\n    return x.major\n"));
  EXPECT_TRUE(fe.worthParsing("CONFIGS = {90: a, 100: b}  # per arch\n"));
  EXPECT_TRUE(fe.worthParsing("x = 1  # archscan: ignore\n"));
}

}  // namespace
}  // namespace archscan
