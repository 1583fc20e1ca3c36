// The C++/CUDA front-end: the raw lexer and readers that need no compiler,
// then the whole front-end (Clang included) on small sources.
#include <gtest/gtest.h>

#include "cpp/balance.h"
#include "cpp/clang_parser.h"
#include "cpp/compile_flags.h"
#include "cpp/cpp_subject.h"
#include "cpp/guards.h"
#include "cpp/raw_conditions.h"
#include "cpp/raw_lexer.h"
#include "cpp/recovery.h"
#include "test_files.h"
#include "test_support.h"

namespace archscan {
namespace {

using namespace cpp;
using test::extractCpp;
using test::knowledge;

std::vector<std::string> spelled(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& t : lexCpp(text)) out.emplace_back(spell(text, t));
  return out;
}

TEST(RawLexer, CommentsVanishDirectivesAreOneTokenAcrossContinuations) {
  std::string src = "a /* x == 1 */ b // c\n  #if X == 1 \\\n  || Y\nint s = R\"d(:)d\"; 1'000u\n";
  auto toks = lexCpp(src);
  std::vector<std::string> want = {"a", "b", "#if X == 1 \\\n  || Y", "int", "s", "=", "R\"d(:)d\"", ";", "1'000u"};
  EXPECT_EQ(spelled(src), want);
  EXPECT_EQ(toks[2].kind, Tok::Directive);
  EXPECT_EQ(toks[3].line, 4);
  EXPECT_EQ(integerValue("1'000u"), 1000);
  EXPECT_EQ(integerValue("0x5a"), 90);
  EXPECT_FALSE(integerValue("9.0"));
}

TEST(RawLexer, HashInsideALineIsNotADirective) {
  auto s = spelled("#define S(x) #x\nint a = b # c;\n");
  EXPECT_EQ(s[0], "#define S(x) #x");
  EXPECT_EQ(s.size(), 8u);  // int a = b # c ; after the directive
}

TEST(RawConditions, IfOperandsBecomeDisjunctionsOfTests) {
  std::string src = "defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800 && 900 > __CUDA_ARCH__) || __CUDA_ARCH__ == 1000";
  auto toks = lexCpp(src);
  Condition c = rawCondition(src, toks, 0, toks.size(), {});
  ASSERT_EQ(c.size(), 2u);
  ASSERT_EQ(c[0].size(), 2u);
  EXPECT_EQ(c[0][0].op, CmpOp::Ge);
  EXPECT_EQ(c[0][1].op, CmpOp::Lt);  // 900 > X read as X < 900
  EXPECT_EQ(c[0][1].value, 900);
  EXPECT_EQ(c[1][0].subject.text, "__CUDA_ARCH__");
  EXPECT_EQ(src.substr(c[1][0].literal_span.begin, 4), "1000");
}

TEST(RawConditions, FeatureMacroTestsReadAsTheArchInTheirName) {
  std::string src =
      "defined(__CUDA_ARCH_FEAT_SM90_ALL) || !defined(__CUDA_ARCH_FEAT_SM100_ALL) || "
      "defined(__CUDA_ARCH_FEAT_SMX_ALL) || defined(CUTLASS_ARCH_MMA_SM90A_ENABLED)";
  auto toks = lexCpp(src);
  Condition c = rawCondition(src, toks, 0, toks.size(), {});
  ASSERT_EQ(c.size(), 2u);  // the last two are not arch-specific feature macros
  EXPECT_EQ(c[0][0].op, CmpOp::Eq);
  EXPECT_EQ(c[0][0].value, 90);
  EXPECT_EQ(c[0][0].subject.text, "__CUDA_ARCH_FEAT_SM*_ALL");
  EXPECT_EQ(src.substr(c[0][0].literal_span.begin, c[0][0].literal_span.end - c[0][0].literal_span.begin), "90");
  EXPECT_EQ(src.substr(c[0][0].whole.begin, c[0][0].whole.end - c[0][0].whole.begin),
            "defined(__CUDA_ARCH_FEAT_SM90_ALL)");
  EXPECT_EQ(c[1][0].op, CmpOp::Ne);
  EXPECT_EQ(c[1][0].value, 100);
}

TEST(Balance, CountsBracketsAndIfGroupsThatDoNotPair) {
  EXPECT_EQ(imbalances("int f() { return g(1, (2)); }\n#if A\n#endif\n"), 0);
  EXPECT_EQ(imbalances("int f() { return g(1, (2); }\n"), 1);
  EXPECT_EQ(imbalances("#if (__CUDA_ARCH__ == 900\n#endif\n"), 1);
  EXPECT_EQ(imbalances("#if A\nint x;\n"), 1);
  EXPECT_EQ(imbalances("#endif\n"), 1);
  // Brackets inside strings, characters and comments are text.
  EXPECT_EQ(imbalances("const char* s = \"(\"; char c = '{'; // )\n"), 0);
}

TEST(Guards, NestedInTheElseOfAnotherGuardIsFoundAndErrorMeansCrash) {
  std::string src =
      "#if __CUDA_ARCH__ >= 1200\n"
      "x\n"
      "#else\n"
      "#  if __CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000\n"
      "y\n"
      "#  else\n"
      "#    error unsupported\n"
      "#  endif\n"
      "#endif\n"
      "#if CUDA_VERSION >= 12080\n"
      "#endif\n";
  auto sites = guardSites(src, lexCpp(src), {}, knowledge());
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].kind, SiteKind::Range);
  EXPECT_EQ(sites[1].kind, SiteKind::Guard);
  ASSERT_EQ(sites[1].entries.size(), 2u);
  EXPECT_EQ(sites[1].entries[1].arch.name(), "sm_100");
  EXPECT_EQ(sites[1].on_missing, OnMissing::Crash);
  EXPECT_EQ(sites[1].line, 4);
  EXPECT_TRUE(sites[1].subject->binding.empty());  // never a family
}

TEST(Recovery, RawSwitchKeepsQualifiedEnumeratorLabelsAndTheDefault) {
  std::string src =
      "int f(CudaArch a) { switch (a) { case CudaArch::Sm90a: return 1; case (100): { switch (b) { case 7: ; } }\n"
      "default: throw 1; } }";
  auto sw = rawSwitches(src, lexCpp(src));
  ASSERT_EQ(sw.size(), 2u);
  ASSERT_EQ(sw[0].cases.size(), 2u);  // the nested switch's label is its own
  EXPECT_EQ(sw[0].cases[0].enumerator, "Sm90a");
  EXPECT_EQ(sw[0].cases[1].text, "(100)");
  ASSERT_TRUE(sw[0].fallthrough_default);
  EXPECT_EQ(exitOf(src, lexCpp(src), sw[0].fallthrough_default->body).exit, Exit::Crashes);
}

TEST(Recovery, RawChainsReadElseIfElseRunsAndTheNextStatement) {
  std::string src =
      "int f() {\n"
      "  int sm = getSMVersion();\n"
      "  if (sm == 90) return 1; else if (sm == 100 or sm == 103) { return 2; } else { g(); }\n"
      "  if (sm == 120) return 3;\n"
      "  throw 1;\n"
      "}\n";
  auto chains = rawChains(src, lexCpp(src));
  ASSERT_EQ(chains.size(), 2u);  // the else-if is part of the first, not a chain of its own
  EXPECT_EQ(chains[0].branches.size(), 2u);
  ASSERT_EQ(chains[0].branches[1].condition.size(), 2u);  // `or` reads as ||
  EXPECT_TRUE(chains[0].otherwise);
  EXPECT_EQ(chains[0].function, "f");
  EXPECT_EQ(chains[1].index, chains[0].index + 1);  // adjacent: a run
  ASSERT_TRUE(chains[1].next);
  EXPECT_EQ(exitOf(src, lexCpp(src), chains[1].next->body).exit, Exit::Crashes);
  const Operand& sm = chains[0].branches[0].condition[0][0].subject;
  EXPECT_EQ(sm.calls, std::vector<std::string>{"getSMVersion"});  // traced through `sm = ...`
}

TEST(BlockExit, ProjectMacrosAndFalseChecksCrashAReturnFirstDoesNot) {
  auto exit = [](const std::string& s) {
    return exitOf(s, lexCpp(s), Span{0, static_cast<uint32_t>(s.size()), 1, 1}).exit;
  };
  EXPECT_EQ(exit("{ TORCH_CHECK(false, \"no\"); }"), Exit::Crashes);
  EXPECT_EQ(exit("{ DG_HOST_UNREACHABLE(\"x\"); }"), Exit::Crashes);
  EXPECT_EQ(exit("{ assert(!\"unsupported\"); }"), Exit::Crashes);
  EXPECT_EQ(exit("{ TORCH_CHECK(n > 0); return 1; }"), Exit::Returns);
  EXPECT_EQ(exit("{ return fallback(); abort(); }"), Exit::Returns);
  EXPECT_EQ(exit("{ x = 1; }"), Exit::Falls);
  std::string a = "  DG_HOST_ASSERT(arch == 9 || arch == 10);";
  EXPECT_EQ(enclosingCallee(a, static_cast<uint32_t>(a.find("arch =="))), "DG_HOST_ASSERT");
  EXPECT_EQ(enclosingCallee("if (x == 9)", 4), "");
}

TEST(CompileFlags, NvccLinesKeepIncludesDefinesAndStdOnly) {
  ClangPaths p{"/usr/bin/clang++", "/rd", "/shim"};
  CompileEntry e{"/src/k.cu",
                 "/build",
                 {"/usr/local/cuda/bin/nvcc", "-DNDEBUG", "-I../include", "-isystem", "/opt/cutlass", "-gencode",
                  "arch=compute_90a,code=sm_90a", "-Xcompiler", "-fPIC", "--expt-relaxed-constexpr", "-std=c++17",
                  "-O3", "-c", "/src/k.cu", "-o", "k.o"}};
  auto f = databaseFlags(e, "/src/k.cu", p);
  auto has = [&](const std::string& s) { return std::find(f.begin(), f.end(), s) != f.end(); };
  EXPECT_TRUE(has("-DNDEBUG"));
  EXPECT_TRUE(has("-I/include"));
  EXPECT_TRUE(has("/opt/cutlass"));
  EXPECT_TRUE(has("-std=c++17"));
  EXPECT_TRUE(has("--cuda-host-only"));
  for (const char* gone : {"-gencode", "arch=compute_90a,code=sm_90a", "-Xcompiler", "-fPIC",
                           "--expt-relaxed-constexpr", "-O3", "-c", "/src/k.cu", "k.o"})
    EXPECT_FALSE(has(gone)) << gone;
  std::vector<CompileEntry> db{e, CompileEntry{"/src/sub/other.cu", "/build", {}}};
  EXPECT_EQ(entryFor(db, "/src/k.cuh"), &db[0]);  // a header borrows its neighbour's flags
}

// One parser, files with the same flags in different folders: the driver
// runs once per flag set and missing paths are shared, yet each file finds
// the headers beside it, is named by its own path, and a .cu and a .cpp are
// told apart.
TEST(ClangParser, FilesSharingOneParserEachFindTheirOwnHeadersAndName) {
  auto root = test::freshDir("clang-own-folders");
  test::spit(root / "a/only_a.h", "int fromA();\n");
  test::spit(root / "b/only_b.h", "int fromB();\n");
  ClangParser parser(ClangSettings{root.string(), "", {}});
  auto unit = [](const std::string& header, const std::string& call, const std::filesystem::path& file) {
    return "#include \"" + header + "\"\nint use() { return " + call + "(); }\n" +
           "static_assert(sizeof(__FILE__) == " + std::to_string(file.string().size() + 1) + ", \"own name\");\n";
  };
  struct Unit {
    std::filesystem::path file;
    std::string header, call;
  };
  std::vector<Unit> units = {{root / "a/x.cpp", "only_a.h", "fromA"},
                             {root / "b/y.cpp", "only_b.h", "fromB"},
                             {root / "b/deeper_name.cu", "only_b.h", "fromB"},
                             {root / "a/second_in_a.cu", "only_a.h", "fromA"}};
  for (const auto& u : units) {
    Observations o = parser.parse(u.file.string(), unit(u.header, u.call, u.file));
    EXPECT_TRUE(o.parsed) << u.file;
    EXPECT_EQ(o.errors, 0) << u.file;
  }
  // The check itself can fail: a header from the other folder is not found.
  Observations wrong = parser.parse((root / "b/z.cpp").string(), unit("only_a.h", "fromA", root / "b/z.cpp"));
  EXPECT_GT(wrong.errors, 0);
  // A path one parse found missing is not looked for again, except as the
  // file a later parse reads from memory (a header not yet on disk).
  Observations before =
      parser.parse((root / "b/uses_gen.cpp").string(), "#include \"gen.h\"\nint u() { return gen(); }\n");
  EXPECT_GT(before.errors, 0);
  Observations own = parser.parse((root / "b/gen.h").string(), "inline int gen() { return 1; }\n");
  EXPECT_TRUE(own.parsed);
  EXPECT_EQ(own.errors, 0);
  std::filesystem::remove_all(root);
}

TEST(CppFrontend, SwitchOnCapabilityWithLabelsFromAMissingHeader) {
  auto f = extractCpp(
      "#include \"missing/arch.h\"\n"
      "int sm() { int major = 0, minor = 0;\n"
      "  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);\n"
      "  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0);\n"
      "  return major * 10 + minor; }\n"
      "int pick() {\n"
      "  switch (sm()) {\n"
      "    case kSm90: return 1;\n"
      "    case 100: return 2;\n"
      "    default: TORCH_CHECK(false, \"unsupported\");\n"
      "  }\n"
      "  return 0;\n"
      "}\n");
  ASSERT_EQ(f.sites.size(), 1u);
  const Site& s = f.sites[0];
  EXPECT_EQ(s.kind, SiteKind::Switch);
  ASSERT_EQ(s.entries.size(), 2u);
  EXPECT_EQ(s.entries[0].key_text, "kSm90");  // dropped by Sema, read from the text
  EXPECT_EQ(s.entries[1].arch.name(), "sm_100");
  EXPECT_TRUE(s.evidence.subject);
  EXPECT_EQ(s.on_missing, OnMissing::Crash);
  EXPECT_TRUE(s.patchable);  // a new label goes beside `case 100:` in this file's text
}

TEST(CppFrontend, ChainRunOfReturnsThenThrowIsOneCrashingChain) {
  auto f = extractCpp(
      "#include <stdexcept>\n"
      "int getSMVersion();\n"
      "int tile() {\n"
      "  int sm = getSMVersion();\n"
      "  if (sm == 90) return 128;\n"
      "  if (sm == 100 || sm == 103) return 256;\n"
      "  throw std::runtime_error(\"sm\");\n"
      "}\n",
      "/nonexistent/t.cpp");
  ASSERT_EQ(f.sites.size(), 1u);
  EXPECT_EQ(f.sites[0].entries.size(), 3u);
  EXPECT_EQ(f.sites[0].on_missing, OnMissing::Crash);
  EXPECT_EQ(f.sites[0].subject->binding, "tile.sm");
}

TEST(CppFrontend, ArchArrayAndMapInitialisersWithTheirReads) {
  auto f = extractCpp(
      "#include <algorithm>\n#include <map>\n"
      "constexpr int kSupportedArchs[] = {90, 100, 103};\n"
      "const std::map<int, int> kConfigBySm{{80, 64}, {90, 128}};\n"
      "bool ok(int sm_version) {\n"
      "  return std::find(std::begin(kSupportedArchs), std::end(kSupportedArchs), sm_version) != "
      "std::end(kSupportedArchs);\n"
      "}\n"
      "int tile(int sm_version) { return kConfigBySm.at(sm_version); }\n",
      "/nonexistent/t.cpp");
  const Site* set = test::siteNamed(f, "kSupportedArchs");
  const Site* map = test::siteNamed(f, "kConfigBySm");
  ASSERT_TRUE(set && map);
  EXPECT_EQ(set->kind, SiteKind::Set);
  EXPECT_EQ(set->entries.size(), 3u);
  EXPECT_EQ(map->kind, SiteKind::Mapping);
  EXPECT_EQ(map->entries[1].form, EntryForm::Key);
  ASSERT_EQ(f.lookups.size(), 2u);
  EXPECT_EQ(f.lookups[0].table, "kSupportedArchs");
  EXPECT_EQ(f.lookups[1].on_missing, OnMissing::Crash);
}

TEST(CppFrontend, TemplateSpecialisationsPerArchAreOneSet) {
  auto f = extractCpp(
      "template <int kArch> struct ArchTraits;\n"
      "template <> struct ArchTraits<90> { static constexpr int tile = 128; };\n"
      "template <> struct ArchTraits<100> { static constexpr int tile = 256; };\n"
      "template <int kHeadDim> struct HeadTraits {};\n"
      "HeadTraits<64> a; HeadTraits<128> b;\n",
      "/nonexistent/t.cpp");
  ASSERT_EQ(f.sites.size(), 1u);
  EXPECT_EQ(f.sites[0].name, "ArchTraits<>");
  EXPECT_EQ(f.sites[0].entries.size(), 2u);
}

TEST(CppFrontend, NegativesAreNotSites) {
  auto f = extractCpp(
      "#include <vector>\n"
      "int f(int num_bits, int log2_elements, const std::vector<int>& archs) {\n"
      "  if (archs.size() > 10) return 4;\n"
      "  switch (num_bits) { case 8: return 1; case 9: return 2; }\n"
      "  switch (log2_elements) { case 7: return 1; case 10: return 2; }\n"
      "#if CUDA_VERSION >= 12080\n"
      "  return 3;\n"
      "#endif\n"
      "#if __ARM_ARCH >= 8 || __SUNPRO_CC > 0x1000\n"
      "  return 5;\n"
      "#endif\n"
      "  return 0;\n"
      "}\n");
  EXPECT_TRUE(f.sites.empty()) << f.sites[0].name;
}

TEST(CppFrontend, DevicePropertiesMajorTimesTenPlusMinorIsACapability) {
  auto f = extractCpp(
      "int pick(int dev) {\n"
      "  cudaDeviceProp prop;\n"
      "  cudaGetDeviceProperties(&prop, dev);\n"
      "  const int cc = prop.major * 10 + prop.minor;\n"
      "  return cc >= 90 && cc < 100 ? 1 : 0;\n"
      "}\n");
  ASSERT_EQ(f.sites.size(), 1u);
  EXPECT_EQ(f.sites[0].kind, SiteKind::Range);
  EXPECT_TRUE(f.sites[0].evidence.subject);
  ASSERT_EQ(f.sites[0].ranges.size(), 1u);
  EXPECT_EQ(f.sites[0].ranges[0].low, 90);
  EXPECT_EQ(f.sites[0].ranges[0].high, 100);
}

}  // namespace
}  // namespace archscan

namespace archscan {
namespace {

TEST(CppFrontend, DefineBodiesOnCudaArchAreGuardsNamedForTheMacro) {
  auto f = test::extractCpp(
      "#define SUPPORTS_TMA (__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000)\n"
      "#define IS_SM90(x) (defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 900)\n"
      "#define TILE (128 == 128)\n");
  ASSERT_EQ(f.sites.size(), 2u);
  EXPECT_EQ(f.sites[0].name, "#define SUPPORTS_TMA");
  EXPECT_EQ(f.sites[0].entries.size(), 2u);
  EXPECT_EQ(f.sites[1].name, "#define IS_SM90");
  ASSERT_EQ(f.sites[1].scope_archs.size(), 1u);  // named for its one arch: never missing-arch
  EXPECT_EQ(f.sites[1].scope_archs[0].name(), "sm_90");
}

TEST(CppFrontend, LoopOverArchStructsThenThrowIsACrashingLookup) {
  auto f = test::extractCpp(
      "#include <stdexcept>\n"
      "struct Entry { int arch; int tile; };\n"
      "constexpr Entry kConfigByArch[] = {{90, 128}, {100, 256}};\n"
      "int tile(int sm_version) {\n"
      "  for (const auto& e : kConfigByArch)\n"
      "    if (e.arch == sm_version) return e.tile;\n"
      "  throw std::runtime_error(\"no tile\");\n"
      "}\n",
      "/nonexistent/t.cpp");
  const Site* s = test::siteNamed(f, "kConfigByArch");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, SiteKind::Mapping);
  ASSERT_EQ(f.lookups.size(), 1u);
  EXPECT_EQ(f.lookups[0].table, "kConfigByArch");
  EXPECT_EQ(f.lookups[0].on_missing, OnMissing::Crash) << f.lookups[0].how;
  EXPECT_TRUE(f.lookups[0].subjects[0].evidence.name) << f.lookups[0].subjects[0].text;
}

}  // namespace
// Clang is the costly reader: a file reaches it only by an arch word as code
// writes one. `InHierarchy` (a vendored gmock test) is none; `arch` in a
// declaration that compares it, and __CUDA_ARCH__, are.
TEST(CppFrontend, OnlyAnArchWordAsCodeWritesOneSendsAFileToClang) {
  CppFrontend fe(test::knowledge(), CppSettings{"/nonexistent", ""});
  // Numbers an arch table could hold, in a braced list: Clang would be
  // asked only because of the arch word.
  EXPECT_FALSE(fe.worthParsing("struct ManyDerivedInHierarchy {};\nconst int kSizes[] = {80, 90, 100};\n"));
  EXPECT_TRUE(fe.worthParsing("struct Arch {};\nconst int kSizes[] = {80, 90, 100};\n"));
  EXPECT_TRUE(fe.worthParsing("int pick(int arch) { return arch >= 90 ? 1 : 0; }\n"));
  EXPECT_TRUE(fe.worthParsing("#if __CUDA_ARCH__ >= 900\nint x;\n#endif\n"));
}

// An embedded cubin is bytes, not archs: hex numbers never make an arch
// list, so a kernel file named for sm90 that holds only its cubin skips Clang.
TEST(CppFrontend, HexBytesAreNoArchNumbers) {
  CppFrontend fe(test::knowledge(), CppSettings{"/nonexistent", ""});
  EXPECT_FALSE(fe.worthParsing("unsigned char fmha_sm90_cubin[] = {0x7f, 0x45, 0x5a, 0x50, 0x64, 0x78};\n"));
  EXPECT_TRUE(fe.worthParsing("unsigned char fmha_sm90_cubin[] = {90, 80, 100};\n"));
}

}  // namespace archscan
