// The .gitignore matcher: plain names and suffixes (compared as strings) and
// globs (fnmatch) must agree with what git ignores.
#include <gtest/gtest.h>

#include "discover/gitignore.h"

namespace archscan {
namespace {

IgnoreRules rootRules(const std::string& text) {
  IgnoreRules r;
  r.add(text, "");
  return r;
}

TEST(GitIgnore, PlainNamesMatchTheLastNameAnywhere) {
  IgnoreRules r = rootRules("build\n__pycache__\n.vscode\n");
  EXPECT_TRUE(r.ignored("build", true));
  EXPECT_TRUE(r.ignored("src/build", true));
  EXPECT_TRUE(r.ignored("src/build", false));
  EXPECT_TRUE(r.ignored("a/.vscode", true));
  EXPECT_FALSE(r.ignored("builds", true));
  EXPECT_FALSE(r.ignored("rebuild", false));
  EXPECT_FALSE(r.ignored("build/x.py", false));  // the folder is skipped, not matched through
}

TEST(GitIgnore, SuffixesMatchNamesNotFolders) {
  IgnoreRules r = rootRules("*.so\n*~\n*\n!*.py\n");
  EXPECT_FALSE(r.ignored("pkg/mod.py", false));  // * then !*.py: the last match wins
  EXPECT_TRUE(r.ignored("pkg/mod.so", false));
  IgnoreRules s = rootRules("*.so\n*~\n");
  EXPECT_TRUE(s.ignored("a/b/lib.so", false));
  EXPECT_TRUE(s.ignored("notes.txt~", false));
  EXPECT_TRUE(s.ignored(".so", false));
  EXPECT_FALSE(s.ignored("lib.so.1", false));
  EXPECT_FALSE(s.ignored("a.so/b.py", false));
}

TEST(GitIgnore, AnchoredRulesMatchFromTheirBase) {
  IgnoreRules r = rootRules("/test_cases/\ndocs/_build\n");
  EXPECT_TRUE(r.ignored("test_cases", true));
  EXPECT_FALSE(r.ignored("test_cases", false));  // trailing '/': folders only
  EXPECT_FALSE(r.ignored("sub/test_cases", true));
  EXPECT_TRUE(r.ignored("docs/_build", true));
  EXPECT_FALSE(r.ignored("x/docs/_build", true));
}

TEST(GitIgnore, RulesOfANestedGitignoreApplyBelowItsFolder) {
  IgnoreRules r;
  r.add("gen\n/only_here.py\n*.tmp\n", "pkg");
  EXPECT_TRUE(r.ignored("pkg/gen", true));
  EXPECT_TRUE(r.ignored("pkg/a/gen", true));
  EXPECT_TRUE(r.ignored("pkg/only_here.py", false));
  EXPECT_FALSE(r.ignored("pkg/a/only_here.py", false));
  EXPECT_TRUE(r.ignored("pkg/a/x.tmp", false));
  EXPECT_FALSE(r.ignored("gen", true));
  EXPECT_FALSE(r.ignored("pkgx/gen", true));
  EXPECT_FALSE(r.ignored("other/x.tmp", false));
}

TEST(GitIgnore, GlobsGoToFnmatch) {
  IgnoreRules r = rootRules("**/dist/\nslurm*\nfile[0-9].py\n*.egg-info\nlogs/**/*.py\n\\#notes\n");
  EXPECT_TRUE(r.ignored("dist", true));
  EXPECT_TRUE(r.ignored("a/b/dist", true));
  EXPECT_TRUE(r.ignored("slurm-1234.out", false));
  EXPECT_TRUE(r.ignored("x/file7.py", false));
  EXPECT_FALSE(r.ignored("x/fileA.py", false));
  EXPECT_TRUE(r.ignored("pkg.egg-info", true));
  EXPECT_TRUE(r.ignored("logs/a/b/c.py", false));
  EXPECT_TRUE(r.ignored("#notes", false));
}

TEST(GitIgnore, NegationAndCommentsAndBlankLines) {
  IgnoreRules r = rootRules("# a comment\n\n*.log\n!keep.log\n  \nbuild/   \r\n");
  EXPECT_TRUE(r.ignored("a.log", false));
  EXPECT_FALSE(r.ignored("keep.log", false));
  EXPECT_TRUE(r.ignored("build", true));
  EXPECT_FALSE(r.ignored("# a comment", false));
}

}  // namespace
}  // namespace archscan
