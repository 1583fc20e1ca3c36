// Semantic verification of a patch: real texts extracted by the Python
// front-end, hand-made edits standing in for a renderer that went wrong.
#include <gtest/gtest.h>

#include <memory>

#include "link/link.h"
#include "patch/patchset.h"
#include "patch/semantic_check.h"
#include "test_support.h"

namespace archscan {
namespace {

FrontendSet pythonOnly() {
  std::vector<std::unique_ptr<Frontend>> fes;
  fes.push_back(std::make_unique<PythonFrontend>(test::knowledge()));
  return FrontendSet(std::move(fes));
}

const char* kOld =
    "import torch\n"
    "SUPPORTED = [9, 10]\n"
    "OTHER = {9: 1, 10: 2}\n"
    "def f():\n"
    "    major = torch.cuda.get_device_capability()[0]\n"
    "    assert major in SUPPORTED\n"
    "    return OTHER[major]\n";

struct Case {
  Program program;
  std::vector<Edit> edits;
};

// One edit to the site named `site`, inserting `text` at the first `at` in the text.
Case editOf(const std::string& site, const std::string& at, const std::string& text, const std::string& after = "") {
  Case c;
  FileFacts f = test::extractPython(kOld, "mod.py");
  f.path = "mod.py";
  c.program = link({f});
  size_t idx = 0;
  for (size_t i = 0; i < c.program.sites.size(); ++i)
    if (c.program.sites[i].site.name == site) idx = i;
  size_t pos = std::string(kOld).find(at) + after.size();
  Edit e;
  e.file = "mod.py";
  e.begin = e.end = static_cast<uint32_t>(pos);
  e.text = text;
  e.site = idx;
  e.line = 2;
  e.add = "sm_120";
  e.add_arch = Arch{12, 0, false, Variant::None};
  c.edits.push_back(e);
  return c;
}

void check(const Case& c) {
  FrontendSet fes = pythonOnly();
  std::string now = kOld;
  now.replace(c.edits[0].begin, c.edits[0].end - c.edits[0].begin, c.edits[0].text);
  checkSemantics({"mod.py", Language::Python, kOld, now}, {&c.edits[0]}, c.program, fes);
}

TEST(SemanticCheck, AcceptsTheArchAddedToTheEditedSite) {
  EXPECT_NO_THROW(check(editOf("SUPPORTED", "10]", ", 12", "10")));
}

TEST(SemanticCheck, RefusesAnotherArchThanPlanned) {
  try {
    check(editOf("SUPPORTED", "10]", ", 11", "10"));
    FAIL() << "sm_110 added where sm_120 was planned";
  } catch (const PatchError& e) {
    EXPECT_NE(std::string(e.what()).find("mod.py:2: SUPPORTED: would handle"), std::string::npos) << e.what();
  }
}

TEST(SemanticCheck, RefusesAChangeToASiteThatWasNotSelected) {
  // The edit claims SUPPORTED but lands in OTHER.
  Case c = editOf("SUPPORTED", "10: 2}", ", 12: 2", "10: 2");
  c.edits[0].site = 0;
  for (size_t i = 0; i < c.program.sites.size(); ++i)
    if (c.program.sites[i].site.name == "SUPPORTED") c.edits[0].site = i;
  try {
    check(c);
    FAIL() << "an edit outside its site passed";
  } catch (const PatchError& e) {
    EXPECT_NE(std::string(e.what()).find("lies outside the site"), std::string::npos) << e.what();
  }
}

TEST(SemanticCheck, RefusesANewSyntaxError) {
  EXPECT_THROW(check(editOf("SUPPORTED", "10]", ", 12,,", "10")), PatchError);
}

TEST(SemanticCheck, RefusesACppEditThatLeavesABracketOpen) {
  // A guard widened with a parenthesis too few would no longer compile.
  std::string old =
      "__global__ void k(float* o) {\n#if (__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000)\n  o[0] = 1;\n#endif\n}\n";
  FileFacts f = test::extractCpp(old, "k.cu");
  f.path = "k.cu";
  Program program = link({f});
  ASSERT_FALSE(program.sites.empty());
  size_t at = old.find("1000") + 4;
  Edit e;
  e.file = "k.cu";
  e.begin = e.end = static_cast<uint32_t>(at);
  e.text = " || (__CUDA_ARCH__ == 1200";
  e.site = 0;
  e.line = 2;
  e.add = "sm_120";
  e.add_arch = Arch{12, 0, false, Variant::None};
  std::string now = old;
  now.insert(at, e.text);
  std::vector<std::unique_ptr<Frontend>> fes;
  fes.push_back(std::make_unique<CppFrontend>(test::knowledge(), CppSettings{"/nonexistent", ""}));
  FrontendSet set(std::move(fes));
  try {
    checkSemantics({"k.cu", Language::Cpp, old, now}, {&e}, program, set);
    FAIL() << "an unbalanced guard passed";
  } catch (const PatchError& err) {
    EXPECT_NE(std::string(err.what()).find("syntax error"), std::string::npos) << err.what();
  }
}

TEST(SemanticCheck, MapsOffsetsThroughInsertionsAndReplacements) {
  Edit ins;
  ins.begin = ins.end = 10;
  ins.text = "abc";
  Edit rep;
  rep.begin = 20;
  rep.end = 25;
  rep.text = "x";
  std::vector<const Edit*> edits{&ins, &rep};
  EXPECT_EQ(mapOffset(5, edits), 5u);
  EXPECT_EQ(mapOffset(10, edits), 13u);  // text inserted at 10 goes before what was there
  EXPECT_EQ(mapOffset(22, edits), 23u);  // inside the replaced range: where the replacement starts
  EXPECT_EQ(mapOffset(30, edits), 29u);
  EXPECT_TRUE(insideInserted(10, 13, edits));
  EXPECT_FALSE(insideInserted(9, 13, edits));
}

}  // namespace
}  // namespace archscan
