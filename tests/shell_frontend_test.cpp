// The shell front-end: the shell lexer (quotes, references, byte ranges,
// here-documents, totality), which files it reads, and the sites it finds in
// scripts, Dockerfiles and workflows, with the bytes a patch would edit.
#include <gtest/gtest.h>

#include "shell/shell_frontend.h"
#include "shell/shell_lexer.h"
#include "shell/toolkit.h"
#include "test_support.h"

namespace archscan {
namespace {

using shell::lexShell;
using test::siteNamed;

FileFacts extract(const std::string& source, const std::string& path) {
  ShellFrontend fe(test::knowledge());
  return fe.extract(SourceText{path, source});
}

std::vector<std::string> keyTexts(const std::string& src, const Site& s) {
  std::vector<std::string> out;
  for (const auto& e : s.entries) out.push_back(src.substr(e.key.begin, e.key.end - e.key.begin));
  return out;
}

TEST(ShellLexer, WordsKeepTheirSourceBytes) {
  std::string src = "export A=\"8.0;${B:-9.0 10.0}\" C='x y'\\\n  D=e\\ f # comment \"\nnext; cmd && other\n";
  shell::ShellLex lx = lexShell(src);
  ASSERT_TRUE(lx.errors.empty()) << lx.errors[0].second;
  ASSERT_EQ(lx.commands.size(), 4u);
  const auto& w = lx.commands[0].words;
  ASSERT_EQ(w.size(), 4u);
  EXPECT_EQ(w[1].value.text, "A=8.0;${B:-9.0 10.0}");
  ASSERT_EQ(w[1].value.refs.size(), 1u);
  const auto& r = w[1].value.refs[0];
  EXPECT_EQ(r.name, "B");
  ASSERT_TRUE(r.has_default);
  EXPECT_EQ(w[1].value.text.substr(r.default_begin, r.default_end - r.default_begin), "9.0 10.0");
  // "8.0" sits inside the quotes, at its own bytes.
  auto range = w[1].value.range(2, 5);
  ASSERT_TRUE(range);
  EXPECT_EQ(src.substr(range->begin, range->end - range->begin), "8.0");
  EXPECT_EQ(w[2].value.text, "C=x y");
  EXPECT_EQ(w[3].value.text, "D=e f");
  EXPECT_EQ(w[3].line, 2);
  EXPECT_FALSE(w[3].value.range(2, 5));  // the escape sits between e and f
  EXPECT_EQ(lx.commands[1].words[0].value.text, "next");
  EXPECT_EQ(lx.commands[3].words[0].value.text, "other");
  EXPECT_EQ(lx.commands[3].line, 3);
}

TEST(ShellLexer, HereDocumentBodiesAreSkipped) {
  shell::ShellLex lx = lexShell("cat <<-EOF > out\n\tA=1\n\tEOF\nB=2\ncat <<'X'\nC=3\nX\n");
  std::vector<std::string> first;
  for (const auto& c : lx.commands) first.push_back(c.words[0].value.text);
  EXPECT_EQ(first, (std::vector<std::string>{"cat", "B=2", "cat"}));
}

TEST(ShellLexer, MalformedInputIsReportedNotFatal) {
  const std::vector<std::pair<std::string, bool>> cases = {{"A=\"unterminated\n", true},
                                                           {"B='x", true},
                                                           {"C=$(never", true},
                                                           {"D=${x", true},
                                                           {"E=`q", true},
                                                           {"\\", false},
                                                           {"$", false},
                                                           {"case in ) ;;", false},
                                                           {"\xff\xfe", false},
                                                           {"F=${G:-\"a b}", true}};
  for (const auto& [text, unterminated] : cases) {
    shell::ShellLex lx = lexShell(text);
    EXPECT_EQ(!lx.errors.empty(), unterminated) << text;
  }
}

// A Dockerfile ENV value read whole ends at its last non-blank byte; an
// unterminated ${...} in it ran over the blanks cut off, and its range
// pointed past the value (found by shell_lexer_fuzzer).
TEST(ShellLexer, UnterminatedReferenceInAWholeValueStaysInsideIt) {
  const std::string src = "LIST=${LIST:-\"9.0 10.0 \n\n  ";
  std::vector<std::pair<int, std::string>> errors;
  for (bool whole : {false, true}) {
    for (const auto& w : shell::lexWords(src, 0, static_cast<uint32_t>(src.size()), 1, whole, errors)) {
      ASSERT_EQ(w.value.at.size(), w.value.text.size());
      for (const auto& r : w.value.refs) {
        EXPECT_LE(r.begin, r.end);
        EXPECT_LE(r.end, w.value.text.size()) << (whole ? "whole: " : "") << w.value.text;
        EXPECT_LE(r.default_end, r.end);
        EXPECT_LE(r.default_begin, r.default_end);
      }
    }
  }
  EXPECT_FALSE(errors.empty()) << "the unterminated ${ is reported";
}

TEST(ShellFrontend, AcceptsScriptsDockerfilesYamlJsonAndShebangs) {
  ShellFrontend fe(test::knowledge());
  EXPECT_TRUE(fe.accepts("build.sh", ""));
  EXPECT_TRUE(fe.accepts("env.bash", ""));
  EXPECT_TRUE(fe.accepts("Dockerfile", ""));
  EXPECT_TRUE(fe.accepts("Dockerfile.rocm", ""));
  EXPECT_TRUE(fe.accepts("cuda.dockerfile", ""));
  EXPECT_TRUE(fe.accepts("build_wheel", "#!/usr/bin/env bash\nset -e\n"));
  EXPECT_TRUE(fe.accepts("run", "#!/bin/sh -e\n"));
  EXPECT_FALSE(fe.accepts("tool", "#!/usr/bin/env python3\n"));
  EXPECT_FALSE(fe.accepts("tool", "#!/bin/bashful\n"));
  EXPECT_TRUE(fe.accepts("ci.yml", ""));  // data files and other CI systems' YAML too
  EXPECT_TRUE(fe.accepts("meta.yaml", ""));
  EXPECT_TRUE(fe.accepts("build_matrix.json", ""));
  EXPECT_FALSE(fe.accepts("compile_commands.json", ""));  // the C++ front-end's flags
  EXPECT_FALSE(fe.accepts("archscan.yaml", ""));  // archscan's own settings
  EXPECT_FALSE(fe.accepts("archscan-baseline.json", ""));
  EXPECT_FALSE(fe.accepts("LICENSE", "MIT License\n"));
  EXPECT_TRUE(fe.acceptsPath(".github/workflows/ci.yml"));
  EXPECT_TRUE(fe.acceptsPath("repo/.github/workflows/wheels.yaml"));
  EXPECT_FALSE(fe.acceptsPath(".github/dependabot.yml"));
  EXPECT_FALSE(fe.acceptsPath("x.github/workflows/ci.yml"));
  EXPECT_FALSE(fe.acceptsPath("conda/meta.yaml"));
}

TEST(ShellFrontend, ShellListsAreMergedPerVariableWithPatchableItems) {
  std::string src =
      "TORCH_CUDA_ARCH_LIST=\"8.0;8.6\"\n"
      "TORCH_CUDA_ARCH_LIST=\"${TORCH_CUDA_ARCH_LIST};9.0+PTX\"\n"
      "export CUDA_ARCHS=90\n"
      "MAX_JOBS=8 PORT=8080 CUDA_VERSION=12.8\n";
  FileFacts f = extract(src, "build.sh");
  ASSERT_EQ(f.sites.size(), 2u);
  const Site* torch = siteNamed(f, "TORCH_CUDA_ARCH_LIST");
  ASSERT_TRUE(torch);
  EXPECT_EQ(keyTexts(src, *torch), (std::vector<std::string>{"8.0", "8.6", "9.0+PTX"}));
  EXPECT_EQ(torch->entries[0].form, EntryForm::SemicolonItem);
  EXPECT_TRUE(torch->patchable);
  EXPECT_EQ(torch->on_missing, OnMissing::Fallback);  // +PTX
  EXPECT_EQ(torch->line, 1);
  EXPECT_EQ(torch->end_line, 2);
  // One unquoted item: `90;120` would end the command, so it is by hand.
  const Site* cuda = siteNamed(f, "CUDA_ARCHS");
  ASSERT_TRUE(cuda);
  EXPECT_FALSE(cuda->patchable);
  EXPECT_EQ(cuda->on_missing, OnMissing::Crash);
}

TEST(ShellFrontend, NvccFlagsAndArchFlags) {
  std::string src =
      "NVCC_FLAGS=\"-O3 -gencode arch=compute_90a,code=sm_90a "
      "-gencode=arch=compute_100a,code=[sm_100a,compute_100a]\"\n"
      "nvcc -arch=sm_90 -c k.cu\n"
      "python bench.py --arch sm_100a --port 9000\n"
      "python other.py --arch x86_64 --count 90\n";
  FileFacts f = extract(src, "build.sh");
  const Site* gencode = siteNamed(f, "NVCC_FLAGS (-gencode)");
  ASSERT_TRUE(gencode);
  ASSERT_EQ(gencode->entries.size(), 2u);
  EXPECT_EQ(gencode->entries[1].arch.name(), "sm_100a");
  EXPECT_EQ(gencode->on_missing, OnMissing::Fallback);  // compute_100a is PTX
  EXPECT_FALSE(gencode->patchable);
  const Site* nvcc = siteNamed(f, "nvcc -arch");
  ASSERT_TRUE(nvcc);
  EXPECT_EQ(nvcc->on_missing, OnMissing::Fallback);  // -arch=sm_90 also embeds compute_90
  const Site* bench = siteNamed(f, "python --arch");
  ASSERT_TRUE(bench);
  EXPECT_EQ(bench->entries[0].arch.name(), "sm_100a");
  EXPECT_EQ(bench->on_missing, OnMissing::Crash);
  EXPECT_EQ(f.sites.size(), 3u);  // x86_64 and a count are not archs
}

TEST(ShellFrontend, CaseLabelsOnAnArchVariable) {
  std::string src =
      "case \"$GPU_ARCH\" in\n"
      "  90|100) X=1 ;;\n"
      "  *) echo \"unsupported\" >&2; exit 1 ;;\n"
      "esac\n"
      "case $MODE in 90) ;; esac\n";
  FileFacts f = extract(src, "pick.sh");
  ASSERT_EQ(f.sites.size(), 1u);
  const Site& s = f.sites[0];
  EXPECT_EQ(s.kind, SiteKind::Switch);
  EXPECT_EQ(s.name, "case $GPU_ARCH");
  EXPECT_EQ(keyTexts(src, s), (std::vector<std::string>{"90", "100"}));
  EXPECT_EQ(s.entries[0].form, EntryForm::Case);
  EXPECT_EQ(s.on_missing, OnMissing::Crash);
  EXPECT_EQ(s.crash_message, "unsupported");
  EXPECT_EQ(s.line, 1);
  EXPECT_EQ(s.end_line, 4);
}

TEST(ShellFrontend, DockerfileEnvArgAndRun) {
  std::string src =
      "ARG CUDA_VERSION=12.8.1\n"
      "ENV TORCH_CUDA_ARCH_LIST=\"8.0 9.0\" MAX_JOBS=4\n"
      "ENV CMAKE_CUDA_ARCHITECTURES 90a;100a\n"
      "RUN export NVTE_CUDA_ARCHS=\"80;90\" && \\\n"
      "    # a comment line Docker drops\n"
      "    make\n";
  FileFacts f = extract(src, "docker/Dockerfile.cuda");
  ASSERT_EQ(f.sites.size(), 3u);
  const Site* torch = siteNamed(f, "TORCH_CUDA_ARCH_LIST");
  ASSERT_TRUE(torch);
  EXPECT_EQ(torch->entries[0].form, EntryForm::SpaceItem);
  EXPECT_TRUE(torch->patchable);
  const Site* cmake = siteNamed(f, "CMAKE_CUDA_ARCHITECTURES");
  ASSERT_TRUE(cmake);
  EXPECT_EQ(keyTexts(src, *cmake), (std::vector<std::string>{"90a", "100a"}));
  EXPECT_TRUE(cmake->patchable);  // `;` is a plain character in ENV
  EXPECT_EQ(cmake->line, 3);
  const Site* nvte = siteNamed(f, "NVTE_CUDA_ARCHS");
  ASSERT_TRUE(nvte);
  EXPECT_EQ(nvte->line, 4);
}

TEST(ShellFrontend, WorkflowMatrixEnvAndRun) {
  std::string src =
      "env:\n"
      "  TORCH_CUDA_ARCH_LIST: 8.0 9.0\n"
      "jobs:\n"
      "  build:\n"
      "    strategy:\n"
      "      matrix:\n"
      "        cuda: [\"12.6\", \"12.8\"]\n"
      "        cuda_archs: [\"90\", '100']  # comment\n"
      "        sm_archs:\n"
      "          - 90\n"
      "          - 100\n"
      "    steps:\n"
      "      - run: |\n"
      "          export CUDA_ARCHS=\"80;90\"\n"
      "      - name: x\n";
  FileFacts f = extract(src, ".github/workflows/ci.yml");
  ASSERT_EQ(f.sites.size(), 4u);
  const Site* env = siteNamed(f, "TORCH_CUDA_ARCH_LIST");
  ASSERT_TRUE(env);
  EXPECT_EQ(env->entries[0].form, EntryForm::SpaceItem);
  const Site* flow = siteNamed(f, "matrix.cuda_archs");
  ASSERT_TRUE(flow);
  EXPECT_EQ(keyTexts(src, *flow), (std::vector<std::string>{"\"90\"", "'100'"}));
  EXPECT_EQ(flow->entries[1].form, EntryForm::Element);
  EXPECT_EQ(flow->entries[1].style.quote, '\'');
  const Site* block = siteNamed(f, "matrix.sm_archs");
  ASSERT_TRUE(block);
  const Entry& last = block->entries[1];
  EXPECT_EQ(src.substr(last.item.begin, last.item.end - last.item.begin), "- 100");
  EXPECT_FALSE(block->patchable);
  const Site* run = siteNamed(f, "CUDA_ARCHS");
  ASSERT_TRUE(run);
  EXPECT_EQ(run->line, 14);
}

// A run block is shell only when its step runs in bash or sh: a step's own
// `shell:`, the job's or workflow's `defaults: run: shell:`, or a Windows
// runner (pwsh by default) says otherwise. A runner named by an expression
// may be either, so such a block keeps its sites but reports no syntax.
TEST(ShellFrontend, WorkflowRunBlocksInOtherShellsAreNotShell) {
  std::string src =
      "name: build\n"
      "description: Install the toolkit's locked bundle\n"  // a plain scalar, not shell
      "jobs:\n"
      "  linux:\n"
      "    runs-on: ubuntu-latest\n"
      "    steps:\n"
      "      - name: vs\n"
      "        shell: pwsh\n"
      "        run: |\n"
      "          $p = Start-Process -ArgumentList `\n"
      "            \"--add\", \"`\"$vs`\"\"\n"
      "          $env:CUDA_ARCHS = \"80;90\"\n"
      "      - name: bash after pwsh\n"
      "        run: |\n"
      "          export CUDA_ARCHS=\"80;90\"\n"
      "        shell: bash -el {0}\n"
      "  windows:\n"
      "    runs-on: windows-2022\n"
      "    steps:\n"
      "      - run: |\n"
      "          $env:TORCH_CUDA_ARCH_LIST = \"8.0;9.0\"\n"
      "          if ($x) { throw \"it's broken\" }\n"
      "  matrix:\n"
      "    runs-on: ${{ matrix.os }}\n"
      "    steps:\n"
      "      - run: |\n"
      "          export TORCH_ARCHS=\"8.0 9.0\"\n"
      "          echo \"don't\n"
      "  defaults-job:\n"
      "    runs-on: ubuntu-latest\n"
      "    defaults:\n"
      "      run:\n"
      "        shell: python\n"
      "    steps:\n"
      "      - run: |\n"
      "          archs = 'sm_80 sm_90\n";
  ShellFrontend fe(test::knowledge());
  FileFacts f = fe.extract(SourceText{".github/workflows/ci.yml", src});
  EXPECT_TRUE(f.diagnostics.empty()) << f.diagnostics[0].message;
  std::vector<int> lines;
  for (const Site& s : f.sites) lines.push_back(s.line);
  EXPECT_EQ(lines, (std::vector<int>{15, 27})) << "the bash step and the either-shell step, nothing else";
  // The same bash block with a syntax error reports it.
  std::string broken = "jobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n          echo \"x\n";
  EXPECT_EQ(fe.syntaxErrors(SourceText{".github/workflows/ci.yml", broken}), 1);
}

}  // namespace
TEST(ShellFrontend, JsonMembersAreListsNamedByTheirKeyPath) {
  std::string src =
      "{\n"
      "  \"python\": [\"3.10\", \"3.11\"],\n"
      "  \"builds\": [\n"
      "    {\"name\": \"wheel\", \"gpu_archs\": [\"80\", \"90\"]},\n"
      "    {\"name\": \"sm100\", \"gpu_archs\": [100]}\n"
      "  ],\n"
      "  \"toolkits\": {\"cu126\": {\"cuda_archs\": \"8.0;9.0\"}, \"12.8\": {\"cuda_archs\": \"8.0;9.0;10.0\"}}\n"
      "}\n";
  FileFacts f = extract(src, "ci/matrix.json");
  ASSERT_EQ(f.sites.size(), 4u);
  const Site* wheel = siteNamed(f, "builds[0].gpu_archs");
  ASSERT_NE(wheel, nullptr);
  ASSERT_EQ(wheel->entries.size(), 2u);
  EXPECT_EQ(src.substr(wheel->entries[1].key.begin, wheel->entries[1].key.end - wheel->entries[1].key.begin), "\"90\"");
  EXPECT_EQ(wheel->line, 4);
  ASSERT_NE(siteNamed(f, "builds[1].gpu_archs"), nullptr);  // one arch under a list name
  // A toolkit's entry holds only what that toolkit builds: CUDA 12.6 (cu126) cannot build 12.0.
  const Site* old = siteNamed(f, "toolkits.cu126.cuda_archs");
  const Site* now = siteNamed(f, "toolkits.12.8.cuda_archs");
  ASSERT_NE(old, nullptr);
  ASSERT_NE(now, nullptr);
  EXPECT_EQ(old->max_cuda, 127);
  EXPECT_EQ(now->max_cuda, 129);
  EXPECT_TRUE(now->patchable);
}

TEST(ShellFrontend, JsonThatIsNoSettingsOrNoJsonGivesNoSites) {
  // archscan's own report, a SARIF log and a patch set are about the project.
  EXPECT_TRUE(extract("{\n  \"tool\": \"archscan\",\n  \"archs\": [\"sm_90\"]\n}\n", "report.json").sites.empty());
  EXPECT_TRUE(extract("{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"archs\": [\"90\"]}", "x.json")
                  .sites.empty());
  EXPECT_TRUE(extract("archscan: 1\nname: x\ncuda_archs: [80, 90]\n", "sm120.yaml").sites.empty());
  // Broken JSON: what came before the error is read, the rest is reported.
  FileFacts broken = extract("{\"cuda_archs\": [\"80\", \"90\"], \"x\": ]", "bad.json");
  EXPECT_EQ(broken.sites.size(), 1u);
  ASSERT_EQ(broken.diagnostics.size(), 1u);
  EXPECT_NE(broken.diagnostics[0].message.find("JSON"), std::string::npos);
  // Nesting 50,000 deep costs memory, not the stack.
  std::string deep = std::string(50000, '[') + std::string(50000, ']');
  EXPECT_TRUE(extract(deep, "deep.json").sites.empty());
}

TEST(ShellToolkit, ImagesAndKeysNameTheToolkitAsACeiling) {
  EXPECT_EQ(shell::imageToolkitCeiling("nvidia/cuda:12.1.1-devel-ubuntu22.04"), 122);
  EXPECT_EQ(shell::imageToolkitCeiling("docker.io/nvidia/cuda:12.8.0-cudnn-devel-ubuntu24.04"), 129);
  EXPECT_EQ(shell::imageToolkitCeiling("pytorch/pytorch:2.5.1-cuda12.1-cudnn9-devel"), 122);
  EXPECT_EQ(shell::imageToolkitCeiling("vllm/vllm-openai:v0.6.0-cu124"), 125);
  EXPECT_EQ(shell::imageToolkitCeiling("nvcr.io/nvidia/pytorch:24.07-py3"), 128);  // NGC before 25.01
  EXPECT_EQ(shell::imageToolkitCeiling("nvcr.io/nvidia/pytorch:25.03-py3"), 0);  // not read: no bound
  EXPECT_EQ(shell::imageToolkitCeiling("ubuntu:22.04"), 0);
  EXPECT_EQ(shell::imageToolkitCeiling("myorg/cuda-tools:latest"), 0);
  EXPECT_EQ(shell::toolkitCeiling("12.4"), 125);
  EXPECT_EQ(shell::toolkitCeiling("11.8.0"), 119);
  EXPECT_EQ(shell::toolkitCeiling("cu126"), 127);
  EXPECT_EQ(shell::toolkitCeiling("${{ matrix.cuda }}"), 0);
  EXPECT_TRUE(shell::toolkitKey("CUDA_VERSION"));
  EXPECT_TRUE(shell::toolkitKey("cuda-version"));
  EXPECT_FALSE(shell::toolkitKey("cuda_archs"));
}

}  // namespace archscan
