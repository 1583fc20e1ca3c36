// The editing half of each front-end: what a patch set's `values:` may hold
// in its language, and which entry forms it renders itself.
#include <gtest/gtest.h>

#include "cmake/cmake_frontend.h"
#include "extract/registry.h"
#include "shell/shell_frontend.h"
#include "test_support.h"

namespace archscan {
namespace {

TEST(Editing, PythonValueIsOneExpression) {
  PythonFrontend fe(test::knowledge());
  EXPECT_EQ(fe.notOneValue("(128, 64)"), std::nullopt);
  EXPECT_EQ(fe.notOneValue("dict(tile=128, stages=4)"), std::nullopt);
  // Closes the table it is written into and opens code of its own.
  EXPECT_EQ(fe.notOneValue("1}\nimport os\nX = {1: 2"), "is not one Python expression");
  EXPECT_EQ(fe.notOneValue("1, 2"), "is not one Python expression");  // a tuple only inside the brackets
  EXPECT_EQ(fe.notOneValue("1  # 2"), "is not one Python expression");
}

TEST(Editing, CMakeValueIsOneArgument) {
  CMakeFrontend fe(test::knowledge());
  EXPECT_EQ(fe.notOneValue("120a"), std::nullopt);
  EXPECT_EQ(fe.notOneValue("\"12.0 (sm_120)\""), std::nullopt);
  EXPECT_EQ(fe.notOneValue("[=[a;b]=]"), std::nullopt);
  EXPECT_EQ(fe.notOneValue("120 121"), "is not one CMake argument");
  EXPECT_EQ(fe.notOneValue("120)\nmessage(x"), "is not one CMake argument");
  EXPECT_EQ(fe.notOneValue("\"120\"x"), "is not one CMake argument");
}

// C/C++ edits copy or widen what is there: a patch set's value is never
// written, and the value check says why if asked.
TEST(Editing, CppTakesNoValues) {
  CppFrontend fe(test::knowledge(), CppSettings{"/nonexistent", ""});
  EXPECT_FALSE(fe.editing().takes_values);
  EXPECT_NE(fe.notOneValue("128"), std::nullopt);
  ShellFrontend sh(test::knowledge());
  EXPECT_NE(sh.notOneValue("120"), std::nullopt);
}

Entry entryAt(const std::string& src, const std::string& item, const std::string& key, EntryForm form, int sm) {
  Entry e;
  size_t b = src.find(item), k = src.find(key, b);
  e.item = ByteRange{static_cast<uint32_t>(b), static_cast<uint32_t>(b + item.size())};
  e.key = ByteRange{static_cast<uint32_t>(k), static_cast<uint32_t>(k + key.size())};
  e.key_text = key;
  e.form = form;
  e.arch = Arch{sm / 10, sm % 10, false, Variant::None};
  return e;
}

// A comparison is the C++ front-end's to widen, beside the nearest lower
// arch of its `||` run; a `{arch, value}` item is left to the shared renderer.
TEST(Editing, CppRendersItsOwnForms) {
  CppFrontend fe(test::knowledge(), CppSettings{"/nonexistent", ""});
  std::string src = "if (sm == 90 || sm == 100 || sm == 130) return 1;\n";
  std::vector<Entry> entries = {entryAt(src, "sm == 90", "90", EntryForm::Compare, 90),
                                entryAt(src, "sm == 100", "100", EntryForm::Compare, 100),
                                entryAt(src, "sm == 130", "130", EntryForm::Compare, 130)};
  auto edit = fe.renderEntry(src, entries, entries[0], "120", Arch{12, 0, false, Variant::None});
  ASSERT_TRUE(edit.has_value());
  EXPECT_EQ(edit->refused, "");
  EXPECT_EQ(src.substr(edit->begin, edit->end - edit->begin), "sm == 100");
  EXPECT_EQ(edit->text, "sm == 100 || sm == 120");

  std::string table = "static const Cfg kCfgs[] = {{100, cfg_a}};\n";
  Entry item = entryAt(table, "{100, cfg_a}", "100", EntryForm::Key, 100);
  EXPECT_FALSE(fe.renderEntry(table, {item}, item, "120", Arch{12, 0, false, Variant::None}).has_value());
  // Python writes every form with the shared renderer.
  PythonFrontend py(test::knowledge());
  EXPECT_FALSE(py.renderEntry(src, entries, entries[0], "120", Arch{12, 0, false, Variant::None}).has_value());
}

// Every registered front-end says how a narrowed range is joined in its language.
TEST(Editing, EveryFrontendSpellsItsOperators) {
  const Knowledge& k = test::knowledge();
  auto set = makeFrontends(k, FrontendSettings{".", ""});
  for (Language l : {Language::Python, Language::Cpp, Language::CMake, Language::Shell}) {
    const EditingSyntax& s = set->of(l).editing();
    EXPECT_FALSE(s.or_op.empty()) << languageName(l);
    EXPECT_FALSE(s.and_op.empty()) << languageName(l);
  }
}

}  // namespace
}  // namespace archscan
