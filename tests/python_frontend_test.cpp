#include <gtest/gtest.h>

#include "test_support.h"

namespace archscan {
namespace {

using test::extractPython;
using test::siteNamed;

TEST(PythonFrontend, LocalCapabilityIsASubject) {
  auto f = extractPython(
      "import torch\n"
      "T = {9: 1, 10: 2}\n"
      "def g():\n"
      "    cap = torch.cuda.get_device_capability()[0]\n"
      "    return T[cap]\n");
  ASSERT_EQ(f.lookups.size(), 1u);
  EXPECT_EQ(f.lookups[0].table, "T");
  EXPECT_TRUE(f.lookups[0].subjects[0].evidence.subject) << f.lookups[0].subjects[0].text;
  EXPECT_EQ(f.lookups[0].on_missing, OnMissing::Crash);
}

TEST(PythonFrontend, SelfAttributeSetInInitIsASubject) {
  auto f = extractPython(
      "import torch\n"
      "class C:\n"
      "    def __init__(self):\n"
      "        self.cap = torch.cuda.get_device_capability()[0]\n"
      "    def f(self):\n"
      "        return TABLE.get(self.cap, ())\n");
  ASSERT_EQ(f.lookups.size(), 1u);
  EXPECT_TRUE(f.lookups[0].subjects[0].evidence.subject);
  EXPECT_EQ(f.lookups[0].on_missing, OnMissing::Fallback);
  EXPECT_EQ(f.lookups[0].subjects[0].binding, "C.self.cap");
}

}  // namespace
}  // namespace archscan

namespace archscan {
namespace {

using test::extractPython;
using test::siteNamed;

TEST(PythonFrontendSites, CompositeKeysUseTheArchElement) {
  auto f = extractPython(
      "import torch\n"
      "KERNELS = {\n"
      "    (\"100a\", torch.float16): 'k1',\n"
      "    (\"103a\", torch.float16): 'k2',\n"
      "}\n");
  const Site* s = siteNamed(f, "KERNELS");
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(s->entries.size(), 2u);
  EXPECT_EQ(s->entries[0].arch.name(), "sm_100a");
  EXPECT_EQ(s->entries[0].key_text, "\"100a\"");
  EXPECT_FALSE(s->entries[0].composite.empty());
  EXPECT_EQ(s->spelling.kind, SpellingKind::SmString);
}

TEST(PythonFrontendSites, MatchCaseWithRaisingDefaultCrashes) {
  auto f = extractPython(
      "import torch\n"
      "def pick():\n"
      "    major = torch.cuda.get_device_capability()[0]\n"
      "    match major:\n"
      "        case 9 | 10:\n"
      "            return 'a'\n"
      "        case _:\n"
      "            raise ValueError(major)\n");
  ASSERT_EQ(f.sites.size(), 1u);
  EXPECT_EQ(f.sites[0].kind, SiteKind::Switch);
  EXPECT_EQ(f.sites[0].entries.size(), 2u);
  EXPECT_EQ(f.sites[0].on_missing, OnMissing::Crash);
  EXPECT_TRUE(f.sites[0].evidence.subject);
}

TEST(PythonFrontendLookups, TryExceptKeyErrorAndGuardsFallBack) {
  auto f = extractPython(
      "import torch\n"
      "CAP = torch.cuda.get_device_capability()[0]\n"
      "T = {9: 1, 10: 2}\n"
      "def a():\n"
      "    try:\n"
      "        return T[CAP]\n"
      "    except KeyError:\n"
      "        return 0\n"
      "def b():\n"
      "    if CAP not in T:\n"
      "        return 0\n"
      "    return T[CAP]\n"
      "def c():\n"
      "    return T[CAP]\n");
  std::vector<OnMissing> subscripts;
  for (const auto& l : f.lookups)
    if (l.how.find('[') != std::string::npos && l.how.find(" in ") == std::string::npos)
      subscripts.push_back(l.on_missing);
  EXPECT_EQ(subscripts, (std::vector<OnMissing>{OnMissing::Fallback, OnMissing::Fallback, OnMissing::Crash}));
}

TEST(PythonFrontendSites, InnerWorldSizeDictsAreNotTables) {
  auto f = extractPython(
      "MiB = 1 << 20\n"
      "SIZES = {9: {2: 64 * MiB, 4: 32 * MiB}, 10: {2: 64 * MiB, 8: 16 * MiB}}\n");
  ASSERT_EQ(f.sites.size(), 1u);
  EXPECT_EQ(f.sites[0].name, "SIZES");
}

TEST(PythonFrontendSites, InnerArchDictIsNamedAfterTheOuterTable) {
  auto f = extractPython("T = {'fp8': {90: 1, 100: 2}, 'bf16': {90: 3}}\n");
  const Site* s = siteNamed(f, "T['fp8']");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->nesting, 1);
  EXPECT_EQ(s->parent_binding, "T");
}

TEST(PythonFrontendSites, RangesFromComparisonsAndRange) {
  auto f = extractPython(
      "import torch\n"
      "def f():\n"
      "    sm = torch.cuda.get_device_capability()[0] * 10\n"
      "    if 90 <= sm < 100:\n"
      "        return 1\n"
      "    if sm in range(100, 120):\n"
      "        return 2\n");
  std::vector<std::pair<int, int>> ranges;
  for (const auto& s : f.sites)
    for (const auto& r : s.ranges) ranges.push_back({r.low.value_or(-1), r.high.value_or(-1)});
  EXPECT_EQ(ranges, (std::vector<std::pair<int, int>>{{90, 100}, {100, 120}}));
}

TEST(PythonFrontendSites, OnlyArmsOnTheArchSubjectCount) {
  auto f = extractPython(
      "import torch\n"
      "def f(num_sms):\n"
      "    arch_major = torch.cuda.get_device_capability()[0]\n"
      "    if arch_major == 9 and torch.version.cuda >= '12.3' and num_sms > 100:\n"
      "        return True\n"
      "    return False\n");
  ASSERT_EQ(f.sites.size(), 1u);
  EXPECT_EQ(f.sites[0].name, "f[arch_major]");
  ASSERT_EQ(f.sites[0].entries.size(), 1u);
  EXPECT_EQ(f.sites[0].entries[0].arch.name(), "sm_9x");
}

TEST(PythonFrontendSites, NegativeSubjectsAreNotSites) {
  auto f = extractPython(
      "import sys\n"
      "def f(world_size, warp_id):\n"
      "    if world_size in (8, 9): pass\n"
      "    if warp_id == 10: pass\n"
      "    if sys.version_info >= (3, 10): pass\n");
  EXPECT_TRUE(f.sites.empty());
}

TEST(PythonFrontendSites, SyntaxErrorsAreDiagnosticsAndExtractionGoesOn) {
  auto f = extractPython(
      "import torch\n"
      "def broken(:\n"
      "    pass\n"
      "CAP = torch.cuda.get_device_capability()[0]\n"
      "T = {9: 1, 10: 2}\n"
      "x = T[CAP]\n");
  ASSERT_FALSE(f.diagnostics.empty());
  EXPECT_EQ(f.diagnostics[0].line, 2);
  EXPECT_NE(siteNamed(f, "T"), nullptr);
}

// Valid Python the grammar (tree-sitter-python 0.25) rejects: a splat of a
// parenthesized expression after a comma, and a format spec with an `=` fill.
TEST(PythonFrontendSites, ValidPythonTheGrammarMissesIsNoSyntaxError) {
  auto f = extractPython(
      "import torch\n"
      "def pad(a, b, n):\n"
      "    return a, b, *((None,) * n)\n"
      "def banner(title, width):\n"
      "    return f'{title:=^{width}}' + f\"{title!r:=>{width}}\"\n"
      "CAP = torch.cuda.get_device_capability()[0]\n"
      "T = {9: 1, 10: 2}\n"
      "x = T[CAP]\n");
  EXPECT_TRUE(f.diagnostics.empty()) << f.diagnostics[0].line << ": " << f.diagnostics[0].message;
  const Site* t = siteNamed(f, "T");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->entries.size(), 2u);
  // Byte offsets are the file's: the key spans still point at the keys.
  EXPECT_EQ(t->entries[1].key_text, "10");
}

}  // namespace
}  // namespace archscan

#include "link/dominance.h"

namespace archscan {
namespace {

TEST(PythonFrontend, AssertDominatesALaterChainOnTheSameSubject) {
  auto f = test::extractPython(
      "import torch\n"
      "def g():\n"
      "    major = torch.cuda.get_device_capability()[0]\n"
      "    assert major in (9, 10)\n"
      "    if major == 9:\n"
      "        return 1\n"
      "    else:\n"
      "        return 2\n"
      "def h():\n"
      "    major = torch.cuda.get_device_capability()[0]\n"
      "    if major == 9:\n"
      "        return 1\n"
      "    return 2\n");
  markDominated(f.sites);
  ASSERT_EQ(f.sites.size(), 3u);
  EXPECT_TRUE(f.sites[0].check);
  EXPECT_EQ(f.sites[1].dominated_by, dominatorKey(f.sites[0]));
  ASSERT_EQ(f.sites[1].reached_only_by.size(), 2u);
  EXPECT_EQ(f.sites[1].reached_only_by[1].name(), "sm_10x");
  EXPECT_TRUE(f.sites[2].dominated_by.empty());  // another function: not dominated
}

}  // namespace
}  // namespace archscan

namespace archscan {
namespace {

// A setup.py's extension: its sources and arch flags followed through the
// file's names, appends, `+=`, branches, os.path.join and helpers; a glob
// is not read, and an f-string with an arch leaves what is built open.
TEST(PythonFrontendBuildUnits, SourcesAndFlagsAreFollowedThroughTheFilesOwnNames) {
  auto f = test::extractPython(
      "import glob, json, os\n"
      "from torch.utils.cpp_extension import CUDAExtension\n"
      "this_dir = os.path.dirname(__file__)\n"
      "def arch_flags():\n"
      "    return ['-gencode', 'arch=compute_90a,code=sm_90a']\n"
      "if os.getenv('STABLE'):\n"
      "    api = 'csrc/api_stable.cpp'\n"
      "else:\n"
      "    api = 'csrc/api.cpp'\n"
      "srcs = [api, os.path.join(this_dir, 'csrc', 'gemm.cu')]\n"
      "srcs += glob.glob('csrc/gen/*.cu')\n"
      "srcs.append('csrc/combine.cu')\n"
      "ext = CUDAExtension('ops._C', srcs, extra_compile_args={'cxx': ['-O3'], 'nvcc': ['-O3'] + arch_flags()})\n"
      "other = CUDAExtension(name='jit._C', sources=['csrc/jit.cpp'],\n"
      "                      extra_compile_args={'nvcc': [f'-arch=sm_{os.getenv(\"SM\")}']})\n"
      "cfg = json.load(open('cfg.json'))\n"
      "weights = torch.load('w.pt')\n"
      "mod = load('fused', ['csrc/fused.cu'], extra_cuda_cflags=['-arch=sm_80'])\n");
  ASSERT_EQ(f.build_units.size(), 3u);
  const BuildUnit& ops = f.build_units[0];
  EXPECT_EQ(ops.name, "ops._C");
  EXPECT_EQ(ops.line, 13);
  EXPECT_EQ(ops.sources,
            (std::vector<std::string>{"csrc/api_stable.cpp", "csrc/api.cpp", "csrc/gemm.cu", "csrc/combine.cu"}));
  EXPECT_TRUE(ops.own_arch_flags);
  EXPECT_FALSE(ops.open);
  // Every arch flag the file spells: a build step may hand any source any of them.
  EXPECT_EQ(ops.arch_flags, (std::vector<std::string>{"arch=compute_90a,code=sm_90a", "-arch=sm_80"}));
  const BuildUnit& jit = f.build_units[1];
  EXPECT_EQ(jit.sources, (std::vector<std::string>{"csrc/jit.cpp"}));
  EXPECT_FALSE(jit.own_arch_flags);
  EXPECT_TRUE(jit.open);
  EXPECT_FALSE(jit.jit);
  // torch.utils.cpp_extension.load with CUDA flags of its own: compiled on
  // first use; json.load and torch.load are not modules.
  const BuildUnit& fused = f.build_units[2];
  EXPECT_EQ(fused.name, "fused");
  EXPECT_TRUE(fused.jit);
  EXPECT_TRUE(fused.own_arch_flags);
  EXPECT_EQ(fused.sources, (std::vector<std::string>{"csrc/fused.cu"}));
}

}  // namespace
}  // namespace archscan
