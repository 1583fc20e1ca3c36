// What a build list compiles: each front-end's sites for real spellings of
// arch lists, turned into code objects and asked where they run.
#include "analyze/code_objects.h"

#include <gtest/gtest.h>

#include "cmake/cmake_frontend.h"
#include "shell/shell_frontend.h"
#include "test_support.h"

namespace archscan {
namespace {

using test::siteNamed;

std::vector<std::string> names(const std::vector<CodeObject>& objects) {
  std::vector<std::string> out;
  for (const auto& o : objects) out.push_back(o.name());
  return out;
}

const Site& onlyBuildList(const FileFacts& f) {
  const Site* found = nullptr;
  for (const auto& s : f.sites)
    if (s.build_list) {
      EXPECT_EQ(found, nullptr) << "a second build list: " << s.name;
      found = &s;
    }
  if (!found) throw std::runtime_error("no build list in " + f.path);
  return *found;
}

Arch sm(int major, int minor) { return Arch{major, minor, false, Variant::None}; }

TEST(CodeObjects, TorchArchListIsSassWithPtxOnlyWherePlusPtxSaysSo) {
  FileFacts f = test::extractPython("import os\nos.environ[\"TORCH_CUDA_ARCH_LIST\"] = \"8.0 9.0a 10.0a 12.0+PTX\"\n",
                                    "setup.py");
  auto objects = codeObjects(onlyBuildList(f));
  EXPECT_EQ(names(objects), (std::vector<std::string>{"sm_80", "sm_90a", "sm_100a", "sm_120", "compute_120"}));
  // sm_120 SASS and compute_120 PTX both serve 12.1; nothing serves 10.3
  // (sm_100a runs on 10.0 alone) and 8.6 runs the 8.0 SASS.
  EXPECT_TRUE(anyRunsOn(objects, sm(12, 1)));
  EXPECT_FALSE(anyRunsOn(objects, sm(10, 3)));
  EXPECT_TRUE(anyRunsOn(objects, sm(8, 6)));
}

TEST(CodeObjects, TorchArchListWithoutPtxLeavesTheFamilyToItsArchSpecificMember) {
  FileFacts f =
      test::extractPython("import os\nos.environ.setdefault(\"TORCH_CUDA_ARCH_LIST\", \"9.0;12.0a\")\n", "setup.py");
  auto objects = codeObjects(onlyBuildList(f));
  EXPECT_EQ(names(objects), (std::vector<std::string>{"sm_90", "sm_120a"}));
  EXPECT_TRUE(anyRunsOn(objects, sm(12, 0)));
  EXPECT_FALSE(anyRunsOn(objects, sm(12, 1)));
}

TEST(CodeObjects, CMakeArchitecturesRealIsSassVirtualIsPtxPlainIsBoth) {
  FileFacts f =
      CMakeFrontend(test::knowledge())
          .extract(SourceText{"CMakeLists.txt", "set(CMAKE_CUDA_ARCHITECTURES \"90a;100a-real;120-virtual\")\n"});
  auto objects = codeObjects(onlyBuildList(f));
  EXPECT_EQ(names(objects), (std::vector<std::string>{"sm_90a", "compute_90a", "sm_100a", "compute_120"}));
  EXPECT_TRUE(anyRunsOn(objects, sm(12, 1)));  // compute_120 is JIT-compiled there
  EXPECT_FALSE(anyRunsOn(objects, sm(10, 3)));
  EXPECT_FALSE(anyRunsOn(objects, sm(11, 0)));  // compute_90a runs on 9.0 only
  // The same list without the PTX item: 12.x gets nothing.
  FileFacts g = CMakeFrontend(test::knowledge())
                    .extract(SourceText{"CMakeLists.txt", "set(CMAKE_CUDA_ARCHITECTURES 90a-real 120a-real)\n"});
  auto real = codeObjects(onlyBuildList(g));
  EXPECT_EQ(names(real), (std::vector<std::string>{"sm_90a", "sm_120a"}));
  EXPECT_FALSE(anyRunsOn(real, sm(12, 1)));
}

TEST(CodeObjects, GencodePairsBuildExactlyTheirCodeTargets) {
  FileFacts f = test::extractPython(
      "cc_flag = []\n"
      "cc_flag.append(\"-gencode\")\n"
      "cc_flag.append(\"arch=compute_120a,code=sm_120a\")\n"
      "cc_flag.append(\"-gencode\")\n"
      "cc_flag.append(\"arch=compute_90,code=compute_90\")\n",
      "setup.py");
  auto objects = codeObjects(onlyBuildList(f));
  EXPECT_EQ(names(objects), (std::vector<std::string>{"sm_120a", "compute_90"}));
  EXPECT_TRUE(anyRunsOn(objects, sm(12, 1)));  // only through compute_90, JIT-compiled

  FileFacts g = test::extractPython(
      "nvcc_flags = [\"-gencode=arch=compute_100a,code=sm_100a\", "
      "\"-gencode=arch=compute_90,code=[sm_90,compute_90]\"]\n",
      "setup.py");
  EXPECT_EQ(names(codeObjects(onlyBuildList(g))), (std::vector<std::string>{"sm_100a", "sm_90", "compute_90"}));

  ShellFrontend fe(test::knowledge());
  FileFacts s = fe.extract(SourceText{"build.sh", "nvcc -gencode arch=compute_120a,code=sm_120a -c k.cu\n"});
  auto shell = codeObjects(onlyBuildList(s));
  EXPECT_EQ(names(shell), (std::vector<std::string>{"sm_120a"}));
  EXPECT_FALSE(anyRunsOn(shell, sm(12, 1)));
}

TEST(CodeObjects, NvccArchFlagEmbedsPtxOfItsArch) {
  ShellFrontend fe(test::knowledge());
  FileFacts f = fe.extract(SourceText{"build.sh", "nvcc -arch=sm_90 -o gemm gemm.cu\n"});
  auto objects = codeObjects(onlyBuildList(f));
  EXPECT_EQ(names(objects), (std::vector<std::string>{"sm_90", "compute_90"}));
  EXPECT_TRUE(anyRunsOn(objects, sm(12, 1)));
  FileFacts g = fe.extract(SourceText{"build.sh", "nvcc -arch=compute_80 -o gemm gemm.cu\n"});
  EXPECT_EQ(names(codeObjects(onlyBuildList(g))), (std::vector<std::string>{"compute_80"}));
}

// One flag as a setup.py spells it in a list (build units keep them so):
// the same reading as the build lists above, flag by flag.
TEST(CodeObjects, OneFlagAsWrittenInAnExtensionsNvccArguments) {
  auto flag = [](const char* text) { return names(flagCodeObjects(text)); };
  using V = std::vector<std::string>;
  EXPECT_EQ(flag("arch=compute_90a,code=sm_90a"), (V{"sm_90a"}));
  EXPECT_EQ(flag("-gencode=arch=compute_90,code=[sm_90,compute_90]"), (V{"sm_90", "compute_90"}));
  EXPECT_EQ(flag("--generate-code=arch=compute_120,code=compute_120"), (V{"compute_120"}));
  EXPECT_EQ(flag("-arch=sm_80"), (V{"sm_80", "compute_80"}));
  EXPECT_EQ(flag("--gpu-architecture=compute_80"), (V{"compute_80"}));
  EXPECT_EQ(flag("-arch=sm_80 -O3"), V{});  // not one flag
  EXPECT_EQ(flag("-O3"), V{});
  EXPECT_EQ(flag("code=sm_90"), V{});  // no arch= before it: not a pair
}

}  // namespace
}  // namespace archscan

namespace archscan {
namespace {

// A CMake target's sources (literal, or `${VAR}` set from literals) and the
// arch flags its CUDA code is built with: its own CUDA_ARCHITECTURES, else
// the file's CMAKE_CUDA_ARCHITECTURES; a cache variable is the builder's.
TEST(CMakeBuildUnits, TargetsTheirSourcesAndTheirArchitectures) {
  CMakeFrontend fe(test::knowledge());
  FileFacts f =
      fe.extract(SourceText{"ops/CMakeLists.txt",
                            "set(CMAKE_CUDA_ARCHITECTURES 80-real 90-virtual)\n"
                            "set(SRCS api.cpp)\n"
                            "list(APPEND SRCS ${CMAKE_CURRENT_SOURCE_DIR}/gemm_sm90.cu)\n"
                            "pybind11_add_module(gemm MODULE ${SRCS})\n"
                            "set_property(TARGET gemm PROPERTY CUDA_ARCHITECTURES 90a 100a-real)\n"
                            "add_library(norm SHARED norm.cpp norm.cu ${GLOBBED})\n"
                            "set(USER_ARCHS 120 CACHE STRING \"archs\")\n"
                            "add_executable(bench bench.cu)\n"
                            "set_target_properties(bench PROPERTIES CUDA_ARCHITECTURES \"${USER_ARCHS}\")\n"});
  ASSERT_EQ(f.build_units.size(), 3u);
  const BuildUnit& gemm = f.build_units[0];
  EXPECT_EQ(gemm.name, "gemm");
  EXPECT_EQ(gemm.line, 4);
  EXPECT_EQ(gemm.sources, (std::vector<std::string>{"api.cpp", "gemm_sm90.cu"}));
  EXPECT_TRUE(gemm.own_arch_flags);
  EXPECT_FALSE(gemm.open);
  std::vector<std::string> objects;
  for (const auto& flag : gemm.arch_flags)
    for (const auto& o : flagCodeObjects(flag)) objects.push_back(o.name());
  EXPECT_EQ(objects, (std::vector<std::string>{"sm_90a", "compute_90a", "sm_100a"}));
  const BuildUnit& norm = f.build_units[1];  // the file's CMAKE_CUDA_ARCHITECTURES
  EXPECT_EQ(norm.sources, (std::vector<std::string>{"norm.cpp", "norm.cu"}));
  objects.clear();
  for (const auto& flag : norm.arch_flags)
    for (const auto& o : flagCodeObjects(flag)) objects.push_back(o.name());
  EXPECT_EQ(objects, (std::vector<std::string>{"sm_80", "compute_90"}));
  EXPECT_TRUE(f.build_units[2].open);  // the builder's cache variable
}

std::vector<std::string> objectNames(const std::vector<std::string>& flags) {
  std::vector<std::string> out;
  for (const auto& flag : flags)
    for (const auto& o : flagCodeObjects(flag)) out.push_back(o.name());
  return out;
}

// What `cmake -S . -B build` with no -D builds: a cache variable's default
// in CMAKE_CUDA_FLAGS, after the file strips any -gencode handed down, and
// the scope each add_subdirectory() passes on. A value set only under an
// if() is not evaluated, so not known.
TEST(CMakeBuildUnits, DefaultBuildReadsCacheDefaultsAndTheFlagsItPassesDown) {
  CMakeFrontend fe(test::knowledge());
  FileFacts f = fe.extract(
      SourceText{"CMakeLists.txt",
                 "set(CORE_ARCH \"90a\" CACHE STRING \"arch\")\n"
                 "set(CMAKE_CUDA_ARCHITECTURES OFF)\n"
                 "string(REGEX REPLACE \"-gencode[= ]+arch=compute_[0-9a-z]+,code=sm_[0-9a-z]+\" \"\" CMAKE_CUDA_FLAGS "
                 "\"${CMAKE_CUDA_FLAGS}\")\n"
                 "set(CMAKE_CUDA_FLAGS \"${CMAKE_CUDA_FLAGS} -gencode arch=compute_${CORE_ARCH},code=sm_${CORE_ARCH} "
                 "-I${X}/inc\")\n"
                 "add_subdirectory(core)\n"
                 "add_library(top SHARED top.cu)\n"
                 "if(NEW_TOOLKIT)\n"
                 "  set(CMAKE_CUDA_ARCHITECTURES 90 120)\n"
                 "endif()\n"
                 "add_library(late SHARED late.cu)\n"});
  ASSERT_EQ(f.subdirectories.size(), 1u);
  EXPECT_EQ(f.subdirectories[0].dir, "core");
  EXPECT_TRUE(f.subdirectories[0].scope.known);
  EXPECT_TRUE(f.subdirectories[0].scope.archs_set);
  EXPECT_EQ(objectNames(f.subdirectories[0].scope.arch_flags), (std::vector<std::string>{"sm_90a"}));
  ASSERT_EQ(f.build_units.size(), 2u);
  EXPECT_TRUE(f.build_units[0].by_default.known);
  EXPECT_EQ(objectNames(f.build_units[0].by_default.arch_flags), (std::vector<std::string>{"sm_90a"}));
  EXPECT_FALSE(f.build_units[1].by_default.known);  // its archs were set under an if()

  // A folder with no archs of its own: a directory above decides.
  FileFacts sub = fe.extract(SourceText{"core/CMakeLists.txt", "add_library(core SHARED core.cu)\n"});
  ASSERT_EQ(sub.build_units.size(), 1u);
  EXPECT_TRUE(sub.build_units[0].by_default.known);
  EXPECT_FALSE(sub.build_units[0].by_default.archs_set);
}

// A file that doubles a value again and again, or hands std::regex a long
// input, leaves the default build unknown instead of growing without bound.
TEST(CMakeBuildUnits, DefaultBuildOfAHostileFileIsUnknownAndBounded) {
  std::string text = "set(A \"-gencode arch=compute_90a,code=sm_90a\")\n";
  for (int i = 0; i < 64; ++i) text += "set(A \"${A} ${A}\")\n";
  text += "set(CMAKE_CUDA_ARCHITECTURES OFF)\nset(CMAKE_CUDA_FLAGS \"${A}\")\nadd_library(t SHARED t.cu)\n";
  FileFacts f = CMakeFrontend(test::knowledge()).extract(SourceText{"CMakeLists.txt", text});
  ASSERT_EQ(f.build_units.size(), 1u);
  EXPECT_FALSE(f.build_units[0].by_default.known);
  EXPECT_TRUE(f.build_units[0].by_default.arch_flags.empty());
}

}  // namespace
}  // namespace archscan
