#include <gtest/gtest.h>

#include "knowledge/as_cpp.h"
#include "knowledge/knowledge.h"
#include "util/input_file.h"

using namespace archscan;

// The build compiles knowledge.yaml into builtinKnowledge(); every field
// must come through as the YAML parse gives it.
TEST(Knowledge, BuiltinIsTheParseOfKnowledgeYaml) {
  Knowledge parsed = parseKnowledge(readInputFile(KNOWLEDGE_YAML), "knowledge.yaml");
  Knowledge built = builtinKnowledge();
  ASSERT_EQ(built.archs.known.size(), parsed.archs.known.size());
  ASSERT_GE(parsed.archs.known.size(), 20u);
  for (size_t i = 0; i < parsed.archs.known.size(); ++i) {
    const KnownArch &b = built.archs.known[i], &p = parsed.archs.known[i];
    EXPECT_EQ(b.major, p.major);
    EXPECT_EQ(b.minor, p.minor);
    EXPECT_EQ(b.family, p.family);
    EXPECT_EQ(b.min_cuda, p.min_cuda);
    EXPECT_EQ(b.family_cuda, p.family_cuda);
    EXPECT_EQ(b.facts.threads_per_sm, p.facts.threads_per_sm);
    EXPECT_EQ(b.facts.smem_per_block_kb, p.facts.smem_per_block_kb);
  }
  // Family targets (sm_120f) came with CUDA 12.9; Hopper has none.
  EXPECT_EQ(parsed.archs.find(12, 0)->family_cuda, 129);
  EXPECT_EQ(parsed.archs.find(11, 0)->family_cuda, 130);
  EXPECT_EQ(parsed.archs.find(9, 0)->family_cuda, 0);
  EXPECT_EQ(built.archs.aliases, parsed.archs.aliases);
  EXPECT_FALSE(parsed.archs.aliases.empty());
  EXPECT_EQ(built.capability_calls, parsed.capability_calls);
  EXPECT_EQ(built.property_calls, parsed.property_calls);
  EXPECT_EQ(built.capability_attributes, parsed.capability_attributes);
  EXPECT_EQ(built.negative_sources, parsed.negative_sources);
  EXPECT_EQ(built.arch_names.words, parsed.arch_names.words);
  EXPECT_EQ(built.arch_names.phrases, parsed.arch_names.phrases);
  EXPECT_EQ(built.negative_names.words, parsed.negative_names.words);
  EXPECT_EQ(built.negative_names.phrases, parsed.negative_names.phrases);
  EXPECT_EQ(built.arch_gates, parsed.arch_gates);
  EXPECT_EQ(built.deny_names, parsed.deny_names);
  ASSERT_EQ(built.features.size(), parsed.features.size());
  for (size_t i = 0; i < built.features.size(); ++i) {
    EXPECT_EQ(built.features[i].name, parsed.features[i].name);
    EXPECT_EQ(built.features[i].words, parsed.features[i].words);
    EXPECT_EQ(built.features[i].modules, parsed.features[i].modules);
    EXPECT_EQ(built.features[i].builds, parsed.features[i].builds);
  }
  for (const auto* s : {&parsed.capability_calls, &parsed.property_calls, &parsed.negative_sources,
                        &parsed.arch_names.words, &parsed.arch_gates, &parsed.deny_names})
    EXPECT_FALSE(s->empty());
}

TEST(Knowledge, CppLiteralsKeepEveryByte) {
  Knowledge k;
  k.deny_names = {"a\"b\\c\n1", "caf\xC3\xA9", "sm_90"};
  std::string cpp = knowledgeAsCpp(k, "test");
  EXPECT_NE(cpp.find(R"(k.deny_names = {"a\"b\\c\n1", "caf\303\251", "sm_90"};)"), std::string::npos) << cpp;
}

TEST(Knowledge, AMalformedArchNamesItsLine) {
  std::string yaml = "archs:\n  - {cc: \"9.0\", family: Hopper}\n  - {cc: \"12\", family: Blackwell}\n";
  try {
    parseKnowledge(yaml, "k.yaml");
    FAIL() << "no error";
  } catch (const KnowledgeError& e) {
    EXPECT_EQ(std::string(e.what()), "k.yaml:3:5: cc must look like 12.0");
  }
}

namespace archscan {
namespace {

TEST(Knowledge, ALibraryMustBuildCodeObjects) {
  std::string yaml =
      "archs:\n  - {cc: \"9.0\", family: Hopper}\n"
      "libraries:\n  - name: X kernels\n    modules: [x]\n    builds: [sm_90a, hopper]\n";
  try {
    parseKnowledge(yaml, "k.yaml");
    FAIL() << "no error";
  } catch (const KnowledgeError& e) {
    EXPECT_EQ(std::string(e.what()),
              "k.yaml:6: library X kernels builds 'hopper', which is not a code object (sm_90a, compute_80)");
  }
}

}  // namespace
}  // namespace archscan
