// The CMake lexer: argument kinds, escapes, comments, byte ranges, and
// totality on malformed input.
#include <gtest/gtest.h>

#include "lexer.h"

namespace archscan::cmake {
namespace {

TEST(CMakeLexer, ArgumentsOfEveryKindWithRanges) {
  std::string src =
      "# a comment ( with parens\n"
      "set(ARCHS \"9.0a;10.0a\" [=[raw ]] text]=] plain ${X} #[[ bracket\ncomment ]] last)\n"
      "if((A AND B) OR C)\n";
  LexResult r = lex(src);
  ASSERT_TRUE(r.errors.empty()) << r.errors[0].second;
  ASSERT_EQ(r.commands.size(), 2u);
  const Command& set = r.commands[0];
  EXPECT_EQ(set.lower, "set");
  EXPECT_EQ(set.line, 2);
  EXPECT_EQ(set.end_line, 3);
  ASSERT_EQ(set.args.size(), 6u);
  EXPECT_EQ(set.args[1].kind, ArgKind::Quoted);
  EXPECT_EQ(set.args[1].value, "9.0a;10.0a");
  EXPECT_EQ(src.substr(set.args[1].content, set.args[1].value.size()), "9.0a;10.0a");
  EXPECT_EQ(src.substr(set.args[1].begin, set.args[1].end - set.args[1].begin), "\"9.0a;10.0a\"");
  EXPECT_EQ(set.args[2].kind, ArgKind::Bracket);
  EXPECT_EQ(set.args[2].value, "raw ]] text");
  EXPECT_EQ(set.args[3].value, "plain");
  EXPECT_EQ(set.args[4].value, "${X}");
  EXPECT_EQ(set.args[5].value, "last");
  EXPECT_EQ(set.args[5].line, 3);
  const Command& cond = r.commands[1];
  std::vector<std::string> words;
  for (const auto& a : cond.args) words.push_back(a.value);
  EXPECT_EQ(words, (std::vector<std::string>{"A", "AND", "B", "OR", "C"}));
}

TEST(CMakeLexer, EscapesAndContinuationsAreMarked) {
  LexResult r = lex("message(\"a\\\"b\\\nc\" d\\ e)\n");
  ASSERT_EQ(r.commands.size(), 1u);
  ASSERT_EQ(r.commands[0].args.size(), 2u);
  EXPECT_EQ(r.commands[0].args[0].value, "a\"bc");
  EXPECT_TRUE(r.commands[0].args[0].escaped);
  EXPECT_EQ(r.commands[0].args[1].value, "d e");
}

TEST(CMakeLexer, MalformedInputIsReportedNotFatal) {
  for (const char* bad : {"set(A \"unterminated\n", "set(A [[never closed", "((((", ")))", "set", "@PACKAGE_INIT@\nset(B 90)\n",
                          "#[[ unterminated comment", "set(A \\", "\xff\xfe\x00garbage"}) {
    LexResult r = lex(bad);
    EXPECT_FALSE(r.errors.empty() && std::string(bad).find("set(B") == std::string::npos) << bad;
  }
  LexResult r = lex("@PACKAGE_INIT@\nset(B 90)\n");
  ASSERT_EQ(r.commands.size(), 1u);  // resynchronised on the next line
  EXPECT_EQ(r.commands[0].args[1].value, "90");
}

}  // namespace
}  // namespace archscan::cmake
