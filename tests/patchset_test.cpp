// The patch-set loader: strict schema, errors that name file:line:column.
#include <gtest/gtest.h>

#include "patch/patchset.h"
#include "test_support.h"

namespace archscan {
namespace {

PatchSet parse(const std::string& yaml) { return parsePatchSet(yaml, "ps.yaml", test::knowledge().archs); }

std::string errorOf(const std::string& yaml) {
  try {
    parse(yaml);
  } catch (const PatchError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(PatchSet, LoadsACompleteSet) {
  PatchSet ps = parse(
      "archscan: 1\n"
      "name: sm120\n"
      "description: d\n"
      "rules:\n"
      "  - add: sm_120\n"
      "    like: sm_100\n"
      "    where:\n"
      "      files: [\"python/**\"]\n"
      "      sites: [\"*ALL_REDUCE*\"]\n"
      "      kinds: [mapping, set]\n"
      "      family: [\"self.device_capability\"]\n"
      "    except:\n"
      "      sites: [\"_LEGACY_*\"]\n"
      "    values:\n"
      "      _WORLD_SIZES_MULTIMEM: \"[6, 8]\"\n");
  EXPECT_EQ(ps.name, "sm120");
  ASSERT_EQ(ps.rules.size(), 1u);
  const PatchRule& r = ps.rules[0];
  EXPECT_EQ(r.add.name(), "sm_120");
  EXPECT_EQ(r.like.name(), "sm_100");
  EXPECT_EQ(r.where.files, std::vector<std::string>{"python/**"});
  EXPECT_EQ(r.where.kinds, (std::vector<std::string>{"mapping", "set"}));
  EXPECT_EQ(r.where.families, std::vector<std::string>{"self.device_capability"});
  EXPECT_EQ(r.except.sites, std::vector<std::string>{"_LEGACY_*"});
  ASSERT_EQ(r.values.size(), 1u);
  EXPECT_EQ(r.values[0].second, "[6, 8]");
  EXPECT_EQ(r.origin, "ps.yaml:5");
}

struct BadCase {
  const char* yaml;
  const char* message;  // must appear in the error, location first
};

TEST(PatchSet, RejectsBadInputWithALocation) {
  const BadCase cases[] = {
      {"archscan: 1\nrules:\n  - add: sm_120\n    like: [\n", "ps.yaml:5:1: malformed YAML"},
      {"archscan: 1\nname: x\nrulez: []\n", "ps.yaml:3:1: unknown key 'rulez' in the patch set"},
      {"archscan: 2\nrules:\n  - {add: sm_120, like: sm_100}\n", "ps.yaml:1:11: unsupported schema version '2'"},
      {"name: x\nrules:\n  - {add: sm_120, like: sm_100}\n", "ps.yaml:1:1: missing 'archscan: 1'"},
      {"archscan: 1\nrules: []\n", "ps.yaml:2:8: 'rules' must be a non-empty list"},
      {"archscan: 1\nrules:\n  - add: sm_9999\n    like: sm_100\n",
       "ps.yaml:3:10: 'sm_9999' in add is not a compute capability"},
      {"archscan: 1\nrules:\n  - add: sm_120\n    like: rtx5090\n",
       "ps.yaml:4:11: 'rtx5090' in like is not a compute capability"},
      {"archscan: 1\nrules:\n  - add: sm_120\n    like: 12.0\n", "ps.yaml:3:10: add and like are the same arch"},
      {"archscan: 1\nrules:\n  - add: sm_120\n", "ps.yaml:3:5: rules[0] needs 'like: ARCH'"},
      {"archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    wher: {}\n",
       "ps.yaml:5:5: unknown key 'wher' in rules[0]"},
      {"archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    where: {kinds: [range]}\n",
       "ps.yaml:5:21: ranges are never patched"},
      {"archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    where: {kinds: [table]}\n",
       "ps.yaml:5:21: unknown site kind 'table'"},
      {"archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    where: {files: {a: b}}\n",
       "ps.yaml:5:20: rules[0].where.files must be a list of strings"},
      {"archscan: 1\nrules:\n  - add: sm_120\n    like: sm_100\n    values:\n      T: [6, 8]\n",
       "ps.yaml:6:10: the value for 'T' must be source text in quotes"},
      {"archscan: 1\nrules:\n  - add: [sm_120]\n    like: sm_100\n", "ps.yaml:3:10: add must be a string"},
  };
  for (const auto& c : cases) {
    std::string err = errorOf(c.yaml);
    EXPECT_EQ(err.rfind(c.message, 0) == 0 || err.find(c.message) != std::string::npos, true)
        << "input:\n"
        << c.yaml << "\nerror: " << err << "\nwanted: " << c.message;
    EXPECT_EQ(err.rfind("ps.yaml:", 0), 0u) << err;
    EXPECT_EQ(err.find('\n'), std::string::npos) << "one line: " << err;
  }
}

TEST(PatchSet, EmittedSetLoadsBackTheSame) {
  PatchSet ps = parse(
      "archscan: 1\nname: n\ndescription: d\nrules:\n"
      "  - add: sm_121\n    like: sm_120\n    where: {sites: [\"A*\"], kinds: [mapping]}\n    except: {files: "
      "[\"x/**\"]}\n");
  PatchSet again = parse(emitPatchSet(ps));
  ASSERT_EQ(again.rules.size(), 1u);
  EXPECT_EQ(again.name, "n");
  EXPECT_EQ(again.rules[0].add, ps.rules[0].add);
  EXPECT_EQ(again.rules[0].like, ps.rules[0].like);
  EXPECT_EQ(again.rules[0].where.sites, ps.rules[0].where.sites);
  EXPECT_EQ(again.rules[0].where.kinds, ps.rules[0].where.kinds);
  EXPECT_EQ(again.rules[0].except.files, ps.rules[0].except.files);
}

}  // namespace
}  // namespace archscan
