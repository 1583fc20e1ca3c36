// C++ renderers on texts written for each shape; the entry is located by
// hand as the front-end would (key = the literal, item = the comparison or label).
#include <gtest/gtest.h>

#include "cpp/render_cpp.h"

namespace archscan {
namespace {

Entry entryAt(const std::string& src, const std::string& item, const std::string& key) {
  Entry e;
  size_t b = src.find(item);
  size_t k = src.find(key, b);
  e.item = ByteRange{static_cast<uint32_t>(b), static_cast<uint32_t>(b + item.size())};
  e.key = ByteRange{static_cast<uint32_t>(k), static_cast<uint32_t>(k + key.size())};
  e.key_text = key;
  return e;
}

std::string applied(const std::string& src, const EntryEdit& r) {
  EXPECT_EQ(r.refused, "");
  std::string out = src;
  return out.replace(r.begin, r.end - r.begin, r.text);
}

TEST(RenderCpp, WidensAComparisonAloneInItsCondition) {
  std::string src = "if (sm == 100) return 1;\n";
  EXPECT_EQ(applied(src, renderCppCompare(src, entryAt(src, "sm == 100", "100"), "120")),
            "if (sm == 100 || sm == 120) return 1;\n");
}

TEST(RenderCpp, ParenthesizesBesideATighterOperator) {
  std::string src = "if (fp8 && sm == 100) return 1;\n";
  EXPECT_EQ(applied(src, renderCppCompare(src, entryAt(src, "sm == 100", "100"), "120")),
            "if (fp8 && (sm == 100 || sm == 120)) return 1;\n");
}

TEST(RenderCpp, AlternativeTokensWidenInKind) {
  std::string src = "if (fp8 and arch_major == 10) return 1;\n";
  EXPECT_EQ(applied(src, renderCppCompare(src, entryAt(src, "arch_major == 10", "10"), "12")),
            "if (fp8 and (arch_major == 10 or arch_major == 12)) return 1;\n");
  std::string orSrc = "if (arch_major == 9 or arch_major == 10) return 1;\n";
  EXPECT_EQ(applied(orSrc, renderCppCompare(orSrc, entryAt(orSrc, "arch_major == 10", "10"), "12")),
            "if (arch_major == 9 or arch_major == 10 or arch_major == 12) return 1;\n");
}

TEST(RenderCpp, InequalityWidensWithAnd) {
  std::string src = "if (sm != 100 && sm != 90) return;\n";
  EXPECT_EQ(applied(src, renderCppCompare(src, entryAt(src, "sm != 100", "100"), "120")),
            "if (sm != 100 && sm != 120 && sm != 90) return;\n");
}

TEST(RenderCpp, WidensAGuardAtTheGuard) {
  std::string src = "#if __CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000  // sm90, sm100\n";
  EXPECT_EQ(applied(src, renderCppCompare(src, entryAt(src, "__CUDA_ARCH__ == 1000", "1000"), "1200")),
            "#if __CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000 || __CUDA_ARCH__ == 1200  // sm90, sm100\n");
  std::string feat = "#if defined(__CUDA_ARCH_FEAT_SM100_ALL)\n";
  EXPECT_EQ(applied(feat, renderCppCompare(feat, entryAt(feat, "defined(__CUDA_ARCH_FEAT_SM100_ALL)", "100"), "120")),
            "#if defined(__CUDA_ARCH_FEAT_SM100_ALL) || defined(__CUDA_ARCH_FEAT_SM120_ALL)\n");
}

TEST(RenderCpp, RefusesInsideAMacroDefinition) {
  std::string src = "#define HAS_TMA \\\n  (__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000)\n";
  EntryEdit r = renderCppCompare(src, entryAt(src, "__CUDA_ARCH__ == 1000", "1000"), "1200");
  EXPECT_NE(r.refused.find("macro definition"), std::string::npos) << r.refused;
}

TEST(RenderCpp, AddsACaseLabelBesideTheLikeLabel) {
  std::string src = "  switch (sm) {\n    case 100:\n      return 2;\n  }\n";
  EXPECT_EQ(applied(src, renderCppCase(src, entryAt(src, "100", "100"), "120")),
            "  switch (sm) {\n    case 100:\n    case 120:\n      return 2;\n  }\n");
  std::string oneLine = "switch (sm) { case 100: return 2; }\n";
  EXPECT_EQ(applied(oneLine, renderCppCase(oneLine, entryAt(oneLine, "100", "100"), "120")),
            "switch (sm) { case 100: case 120: return 2; }\n");
}

TEST(RenderCpp, RefusesANamedLabelWhoseNewNameTheFileDoesNotHave) {
  // The enum comes from a header: CudaArch::Sm120a may not exist.
  std::string src = "switch (a) { case CudaArch::Sm100a: return 2; }\n";
  EntryEdit r = renderCppCase(src, entryAt(src, "CudaArch::Sm100a", "CudaArch::Sm100a"), "120");
  EXPECT_NE(r.refused.find("`CudaArch::Sm120a` is not in this file"), std::string::npos) << r.refused;
}

TEST(RenderCpp, NamesTheNewLabelLikeTheOthersWhenTheFileDefinesIt) {
  std::string src =
      "enum class SmArch { kSm90, kSm100, kSm120 };\n"
      "int stages(SmArch a) {\n  switch (a) {\n    case SmArch::kSm100:\n      return 6;\n  }\n}\n";
  EXPECT_EQ(applied(src, renderCppCase(src, entryAt(src, "SmArch::kSm100", "SmArch::kSm100"), "120")),
            "enum class SmArch { kSm90, kSm100, kSm120 };\n"
            "int stages(SmArch a) {\n  switch (a) {\n    case SmArch::kSm100:\n    case SmArch::kSm120:\n"
            "      return 6;\n  }\n}\n");
}

TEST(RenderCpp, WidensATemplateArgumentTestButNotASpecialisation) {
  std::string src = "if constexpr (is_major_v<10>) run();\n";
  EXPECT_EQ(applied(src, renderCppTemplateArg(src, entryAt(src, "is_major_v<10>", "10"), "12")),
            "if constexpr (is_major_v<10> || is_major_v<12>) run();\n");
  std::string spec = "template <> struct Traits<100> {};\n";
  EXPECT_NE(renderCppTemplateArg(spec, entryAt(spec, "Traits<100>", "100"), "120").refused, "");
}

}  // namespace
}  // namespace archscan
