// The CMake lexer: argument kinds, escapes, comments, byte ranges, and
// totality on malformed input.
#include <gtest/gtest.h>

#include "cmake/lexer.h"

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
  for (const char* bad :
       {"set(A \"unterminated\n", "set(A [[never closed", "((((", ")))", "set", "@PACKAGE_INIT@\nset(B 90)\n",
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

#include "arch/arch_list.h"
#include "cmake/cmake_frontend.h"
#include "test_support.h"

namespace archscan {
namespace {

TEST(BuildLists, ItemSpellings) {
  struct Case {
    const char* item;
    const char* arch;  // nullptr: not an arch
    const char* encoded_120;
    bool ptx;
  };
  const Case cases[] = {
      {"90", "sm_90", "120", false},
      {"90a", "sm_90a", "120a", false},
      {"90-real", "sm_90", "120-real", false},
      {"90a-real", "sm_90a", "120a-real", false},
      {"100a-virtual", "sm_100a", "120a-virtual", true},
      {"9.0", "sm_90", "12.0", false},
      {"9.0a", "sm_90a", "12.0a", false},
      {"12.0+PTX", "sm_120", "12.0+PTX", true},
      {"sm_90", "sm_90", "sm_120", false},
      {"compute_90", "sm_90", "compute_120", true},
      {"native", nullptr, nullptr, false},
      {"all-major", nullptr, nullptr, false},
      {"9", nullptr, nullptr, false},
      {"12.8", "sm_128", "12.0", false},
  };
  for (const auto& c : cases) {
    bool ptx = false;
    auto k = classifyListItem(c.item, test::knowledge().archs, &ptx);
    if (!c.arch) {
      EXPECT_FALSE(k.has_value()) << c.item;
      continue;
    }
    ASSERT_TRUE(k.has_value()) << c.item;
    EXPECT_EQ(k->arch.name(), c.arch) << c.item;
    EXPECT_EQ(ptx, c.ptx) << c.item;
    Arch a = Arch{12, 0, false, k->arch.variant};
    EXPECT_EQ(encode(a, k->style), c.encoded_120) << c.item;
  }
}

TEST(CMakeFrontend, VariablesMergeDenyListsRangesAndVersionsVeto) {
  std::string src =
      "set(TORCH_CUDA_ARCH_LIST \"8.0;9.0\")\n"
      "if(ENABLE_BLACKWELL)\n"
      "  list(APPEND TORCH_CUDA_ARCH_LIST \"10.0\")\n"
      "endif()\n"
      "list(REMOVE_ITEM TORCH_CUDA_ARCH_LIST \"8.0\")\n"
      "if(CUDA_ARCH VERSION_GREATER_EQUAL 9.0)\nendif()\n"
      "if(CMAKE_CUDA_COMPILER_VERSION VERSION_GREATER_EQUAL 12.8)\nendif()\n"
      "set(CMAKE_CUDA_ARCHITECTURES native)\n"
      "project(x VERSION 1.10)\n";
  FileFacts f = CMakeFrontend(test::knowledge()).extract(SourceText{"CMakeLists.txt", src});
  std::vector<std::string> got;
  for (const auto& s : f.sites) {
    std::string archs;
    for (const auto& e : s.entries) archs += " " + e.arch.name();
    got.push_back(s.name + " " + kindName(s.kind) + (s.polarity == Polarity::Deny ? " deny" : "") + archs);
  }
  EXPECT_EQ(got,
            (std::vector<std::string>{"TORCH_CUDA_ARCH_LIST set sm_80 sm_90 sm_100",
                                      "TORCH_CUDA_ARCH_LIST (REMOVE_ITEM) set deny sm_80", "if(CUDA_ARCH) range"}));
  // Byte ranges point at the items themselves, for patching.
  const Entry& e = f.sites[0].entries[2];
  EXPECT_EQ(src.substr(e.key.begin, e.key.end - e.key.begin), "10.0");
  EXPECT_EQ(f.sites[0].line, 1);
  EXPECT_EQ(f.sites[0].end_line, 3);
}

}  // namespace
}  // namespace archscan
