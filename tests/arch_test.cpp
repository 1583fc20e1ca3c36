// Table-driven tests of the arch model: parsing what users type, classifying
// what code spells, and writing a key back in a site's own style.
#include <gtest/gtest.h>

#include "arch/arch_list.h"
#include "arch/interned.h"
#include "arch/parse.h"
#include "arch/spelling.h"
#include "test_support.h"

namespace archscan {
namespace {

const ArchTable& table() { return test::knowledge().archs; }

struct UserCase {
  const char* text;
  const char* name;  // nullptr: not an arch
};

TEST(ArchParse, SplitArchTextIsTheOneSplitter) {
  struct Case {
    const char* text;
    bool ok;
    const char* prefix;
    const char* whole;
    const char* fraction;
    Variant variant;
  };
  const Case cases[] = {
      {"sm_120a", true, "sm_", "120", "", Variant::A}, {"compute_90", true, "compute_", "90", "", Variant::None},
      {"12.0", true, "", "12", "0", Variant::None},    {"10.3f", true, "", "10", "3", Variant::F},
      {"sm90", true, "sm", "90", "", Variant::None},   {"100a", true, "", "100", "", Variant::A},
      {"a", false, "", "", "", Variant::None},         {"sm_", false, "", "", "", Variant::None},
      {"9.0+PTX", false, "", "", "", Variant::None},   {"1.2.3", false, "", "", "", Variant::None},
      {"12.", false, "", "", "", Variant::None},       {"x86", false, "", "", "", Variant::None},
  };
  for (const auto& c : cases) {
    auto t = splitArchText(c.text);
    ASSERT_EQ(t.has_value(), c.ok) << c.text;
    if (!t) continue;
    EXPECT_EQ(t->prefix, c.prefix) << c.text;
    EXPECT_EQ(t->whole, c.whole) << c.text;
    EXPECT_EQ(t->fraction, c.fraction) << c.text;
    EXPECT_EQ(t->dotted, *c.fraction != 0) << c.text;
    EXPECT_EQ(t->variant, c.variant) << c.text;
  }
}

TEST(ArchParse, UserSpellings) {
  const UserCase cases[] = {
      {"sm_120", "sm_120"},
      {"sm120", "sm_120"},
      {"SM120", "sm_120"},
      {"sm_120a", "sm_120a"},
      {"sm_100f", "sm_100f"},
      {"compute_90a", "sm_90a"},
      {"120", "sm_120"},
      {"12.0", "sm_120"},
      {"12.0a", "sm_120a"},
      {"12", "sm_120"},
      {"(12, 0)", "sm_120"},
      {"(12,0)", "sm_120"},
      {"1200", "sm_120"},
      {"900", "sm_90"},
      {"9.0", "sm_90"},
      {"rtx-pro-6000", "sm_120"},
      {"RTX-5090", "sm_120"},
      {"h100", "sm_90"},
      {"b200", "sm_100"},
      {"gb300", "sm_103"},
      {"dgx-spark", "sm_121"},
      {"gb10", "sm_121"},
      {"thor", "sm_110"},
      {" sm_90 ", "sm_90"},
      // Any well-formed capability parses; whether it is known is the table's answer.
      {"sm_107", "sm_107"},
      {"sm_130a", "sm_130a"},
      {"compute_110f", "sm_110f"},
      {"13.0", "sm_130"},
      {"(13, 0)", "sm_130"},
      {"1300", "sm_130"},
      {"12.8", "sm_128"},
      {"(3, 10)", nullptr},
      {"", nullptr},
      {"hopper", nullptr},
      {"sm_", nullptr},
      {"1.2.3", nullptr},
      {"99999999", nullptr},
      {"rtx5090", nullptr},
      {"sm_1234", nullptr},
  };
  for (const auto& c : cases) {
    auto a = tryParseUserArch(c.text, table());
    if (c.name) {
      ASSERT_TRUE(a.has_value()) << c.text;
      EXPECT_EQ(a->name(), c.name) << c.text;
    } else {
      EXPECT_FALSE(a.has_value()) << c.text << " parsed as " << a->name();
    }
  }
}

TEST(ArchParse, UnknownArchsParseButAreNotKnown) {
  EXPECT_FALSE(table().isKnown(10, 7));
  EXPECT_TRUE(table().isKnown(12, 0));
  auto a = tryParseUserArch("sm_107", table());
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->dotted(), "10.7");
}

TEST(ArchParse, NotACapabilityMessageNamesTheInput) {
  try {
    parseUserArch("sm_9999", table());
    FAIL() << "no error";
  } catch (const ArchError& e) {
    EXPECT_NE(std::string(e.what()).find("'sm_9999'"), std::string::npos) << e.what();
  }
}

KeyLiteral intKey(long long v) {
  KeyLiteral k;
  k.type = KeyLiteral::Type::Int;
  k.value = v;
  return k;
}
KeyLiteral strKey(const char* s, char quote = '"') {
  KeyLiteral k;
  k.type = KeyLiteral::Type::String;
  k.text = s;
  k.quote = quote;
  return k;
}
KeyLiteral tupleKey(int a, int b, const char* sep = ", ") {
  KeyLiteral k;
  k.type = KeyLiteral::Type::Tuple;
  k.first = a;
  k.second = b;
  k.tuple_sep = sep;
  return k;
}

struct KeyCase {
  KeyLiteral key;
  const char* name;  // nullptr: not an arch key
  SpellingKind kind;
};

TEST(ArchSpelling, ClassifiesCodeKeys) {
  const KeyCase cases[] = {
      {intKey(9), "sm_9x", SpellingKind::MajorInt},
      {intKey(12), "sm_12x", SpellingKind::MajorInt},
      {intKey(90), "sm_90", SpellingKind::SmInt},
      {intKey(121), "sm_121", SpellingKind::SmInt},
      {intKey(1000), "sm_100", SpellingKind::CudaArchInt},
      {intKey(1200), "sm_120", SpellingKind::CudaArchInt},
      {strKey("9.0"), "sm_90", SpellingKind::DottedString},
      {strKey("10.3"), "sm_103", SpellingKind::DottedString},
      {strKey("sm_90a"), "sm_90a", SpellingKind::SmString},
      {strKey("sm100f"), "sm_100f", SpellingKind::SmString},
      {strKey("120a"), "sm_120a", SpellingKind::SmString},
      {strKey("compute_90"), "sm_90", SpellingKind::SmString},
      {strKey("12"), "sm_12x", SpellingKind::MajorString},
      {tupleKey(9, 0), "sm_90", SpellingKind::Tuple},
      {tupleKey(12, 1), "sm_121", SpellingKind::Tuple},
      // Not archs: world sizes, toolkit versions, Python versions, error codes.
      {intKey(2), nullptr, SpellingKind::Unknown},
      {intKey(4), nullptr, SpellingKind::Unknown},
      {intKey(0), nullptr, SpellingKind::Unknown},
      {intKey(111), nullptr, SpellingKind::Unknown},
      {intKey(148), nullptr, SpellingKind::Unknown},
      {strKey("12.8"), nullptr, SpellingKind::Unknown},
      {strKey("13.0"), nullptr, SpellingKind::Unknown},
      {strKey("118"), nullptr, SpellingKind::Unknown},
      {strKey("126"), nullptr, SpellingKind::Unknown},
      {tupleKey(3, 10), nullptr, SpellingKind::Unknown},
      {strKey("fp8"), nullptr, SpellingKind::Unknown},
  };
  for (const auto& c : cases) {
    auto got = classifyKey(c.key, table());
    std::string label = c.key.type == KeyLiteral::Type::String ? c.key.text : std::to_string(c.key.value);
    if (!c.name) {
      EXPECT_FALSE(got.has_value()) << label;
      continue;
    }
    ASSERT_TRUE(got.has_value()) << label;
    EXPECT_EQ(got->arch.name(), c.name) << label;
    EXPECT_EQ(got->style.kind, c.kind) << label;
  }
}

TEST(ArchSpelling, WorldSizesThatLookLikeMajorsStillClassify) {
  // {8: ..., 9: ...} is pure: telling it from world sizes is the job of
  // evidence (names, subjects), not of the key table.
  EXPECT_TRUE(classifyKey(intKey(8), table()).has_value());
  EXPECT_TRUE(classifyKey(intKey(9), table()).has_value());
}

TEST(ArchSpelling, CommonSpellingRejectsMixedKeys) {
  std::vector<ClassifiedKey> keys = {*classifyKey(intKey(9), table()), *classifyKey(intKey(100), table())};
  EXPECT_EQ(commonSpelling(keys), SpellingKind::Unknown);
  keys = {*classifyKey(intKey(90), table()), *classifyKey(intKey(100), table())};
  EXPECT_EQ(commonSpelling(keys), SpellingKind::SmInt);
}

struct EncodeCase {
  KeyLiteral like;
  const char* add;
  const char* expected;
};

TEST(ArchSpelling, EncodesInTheSiteStyle) {
  const EncodeCase cases[] = {
      {intKey(10), "sm_120", "12"},
      {intKey(100), "sm_120", "120"},
      {intKey(1000), "sm_120", "1200"},
      {strKey("10.0"), "sm_120", "\"12.0\""},
      {strKey("10.0", '\''), "sm_121", "'12.1'"},
      {strKey("sm_100"), "sm_120", "\"sm_120\""},
      {strKey("sm100"), "sm_120a", "\"sm120a\""},
      {strKey("100a", '\''), "sm_120a", "'120a'"},
      {strKey("compute_100"), "sm_120", "\"compute_120\""},
      {tupleKey(10, 0), "sm_120", "(12, 0)"},
      {tupleKey(10, 0, ","), "sm_121", "(12,1)"},
  };
  for (const auto& c : cases) {
    auto like = classifyKey(c.like, table());
    ASSERT_TRUE(like.has_value());
    Arch add = parseUserArch(c.add, table());
    EXPECT_EQ(encode(add, like->style), c.expected) << c.add;
  }
}

// Every entry carries its spelling as Interned text: one copy per value,
// read and compared as the string it stands for.
TEST(ArchSpelling, InternedTextIsTheStringItStandsFor) {
  Interned none, sep = ", ", odd = std::string(" ,\t ");
  EXPECT_EQ(none.str(), "");
  EXPECT_EQ(sep, Interned(std::string(", ")));
  EXPECT_EQ(&odd.str(), &Interned(std::string_view(" ,\t ")).str());  // one copy
  EXPECT_NE(odd, sep);
  EXPECT_EQ(odd, " ,\t ");
  EXPECT_EQ(odd.size(), 4u);
  EXPECT_EQ("(" + odd + ")", "( ,\t )");
  EXPECT_EQ(tupleKey(10, 0, " ,\t ").tuple_sep, " ,\t ");
  EXPECT_EQ(encode(Arch{12, 0}, classifyKey(tupleKey(10, 0, " ,\t "), table())->style), "(12 ,\t 0)");
}

// Fermi and Kepler have no entry in the knowledge, yet long-lived build lists
// begin with them: such a list is still a list of the archs it does know.
// Retired archs alone, or beside a word, are none.
TEST(ArchList, RetiredArchsAreSkippedNotFatal) {
  auto items = parseArchList("35 50 52 60 61 70 75 80 86", table());
  ASSERT_TRUE(items);
  EXPECT_EQ(items->size(), 8u);
  EXPECT_EQ(items->front().key.arch.major, 5);
  EXPECT_EQ(archListSize("3.0;3.5+PTX;5.0;8.0", table()), 2u);
  EXPECT_EQ(archListSize("sm_35 sm_70", table()), 1u);
  EXPECT_EQ(archListSize("35 37", table()), 0u);
  EXPECT_EQ(archListSize("35 abc 80", table()), 0u);
  EXPECT_EQ(archListSize("36 80", table()), 0u);  // no such arch was ever made
}

// A CMake list is checked without keeping its items, then walked: the two
// agree with parseArchList on what is a list and what it holds.
TEST(ArchList, SizeAndWalkAgreeWithTheParse) {
  for (const char* text : {"90;100", "8.0 8.6 9.0a", "90;100;${MORE};120", "90;100-real;100+PTX", "90;abc", "${ARCHS}",
                           "", "9.0;10.0;10.7", "9.0;10.7;11.7"}) {
    auto items = parseArchList(text, table());
    EXPECT_EQ(archListSize(text, table()), items ? items->size() : 0) << text;
    if (!items) continue;
    std::vector<std::string> walked;
    forEachArchListItem(text, table(), [&](const ListItem& it) {
      walked.push_back(std::string(text).substr(it.begin, it.end - it.begin) + "/" + it.key.style.suffix.str());
    });
    std::vector<std::string> parsed;
    for (const auto& it : *items)
      parsed.push_back(std::string(text).substr(it.begin, it.end - it.begin) + "/" + it.key.style.suffix.str());
    EXPECT_EQ(walked, parsed) << text;
  }
}

TEST(ArchCoverage, MajorOnlyKeysCoverEveryMinor) {
  Arch twelve{12, 0, true, Variant::None};
  EXPECT_TRUE(covers(twelve, parseUserArch("sm_120", table())));
  EXPECT_TRUE(covers(twelve, parseUserArch("sm_121", table())));
  EXPECT_FALSE(covers(twelve, parseUserArch("sm_100", table())));
  EXPECT_TRUE(covers(parseUserArch("sm_100a", table()), parseUserArch("sm_100", table())));
  EXPECT_FALSE(covers(parseUserArch("sm_120", table()), parseUserArch("sm_121", table())));
  EXPECT_EQ(twelve.name(), "sm_12x");
}

}  // namespace
}  // namespace archscan
