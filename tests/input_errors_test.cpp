// Input mistakes fail loudly. A path that does not exist and a scan with
// nothing to read exit 2 with one line per problem on stderr, in every
// format and command, and write nothing; so does, with --strict, a file
// that cannot be read or decoded, which is otherwise a warning. Likely
// mistakes that do not stop a run (an ignore comment naming no rule, an
// exclude glob that matches nothing) are warnings on stderr and in the report.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <filesystem>

#include "process.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

using test::slurp;
using test::spit;

const char* const kTables = test::kOneCapabilityTable;

const char* kPatchSet = "archscan: 1\nname: sm120\nrules:\n  - add: sm_120\n    like: sm_100\n";

class InputErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::freshDir("archscan-input");
    spit(dir / "t/tables.py", kTables);
    spit(dir / "sm120.yaml", kPatchSet);
  }
  void TearDown() override { fs::remove_all(dir); }
  ProcessResult run(const std::vector<std::string>& args) { return runProcess(ARCHSCAN_BIN, args, dir.string()); }
  // Every file below the test folder, with its bytes: what a run must leave as it was.
  std::map<std::string, std::string> tree() {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
      if (e.is_regular_file()) out[fs::relative(e.path(), dir).string()] = slurp(e.path());
    return out;
  }
  // Runs `args`, which must exit 2 with exactly `err` on stderr and change nothing.
  void expectStopped(const std::vector<std::string>& args, const std::string& err, const ProcessOptions& options = {}) {
    auto before = tree();
    ProcessResult r = runProcess(ARCHSCAN_BIN, args, dir.string(), options);
    std::string cmd;
    for (const auto& a : args) cmd += a + " ";
    EXPECT_EQ(r.exit_code, 2) << cmd;
    EXPECT_EQ(r.err, err) << cmd;
    EXPECT_EQ(r.out, "") << cmd;
    EXPECT_EQ(tree(), before) << cmd << ": something was written";
  }
  fs::path dir;
};

// Every command and format that scans, each with every kind of output it can write.
std::vector<std::vector<std::string>> everyCommand(const std::vector<std::string>& paths) {
  std::vector<std::vector<std::string>> out;
  auto with = [&](std::vector<std::string> args) {
    args.insert(args.end(), paths.begin(), paths.end());
    out.push_back(args);
  };
  for (std::string f : {"text", "json", "sarif", "github"})
    with({"check", "--target", "sm_120", "--format", f, "-o", "out." + f, "--write-baseline", "base.json",
          "--output-format", "html=audit.html"});
  for (std::string f : {"text", "markdown", "html", "json"})
    with({"audit", "--target", "sm_120", "--format", f, "-o", "audit." + f, "--output-format", "sarif=out.sarif"});
  with({"patch", "sm120.yaml", "--write"});
  with({"patch", "sm120.yaml", "--format", "json", "-o", "plan.json"});
  with({"fix", "--add", "sm_120", "--like", "sm_100", "--write", "--emit-patchset", "fix.yaml"});
  return out;
}

TEST_F(InputErrors, MissingPathExits2InEveryCommandAndFormat) {
  for (const auto& args : everyCommand({"t", "pythn"}))
    expectStopped(args, "archscan: pythn: no such file or folder\n");
  // The first path exists and would be patched; nothing is, since the second does not.
  EXPECT_EQ(slurp(dir / "t/tables.py"), kTables);
}

TEST_F(InputErrors, NothingToScanExits2) {
  spit(dir / "docs/README.md", "# notes\n");
  const std::string nothing =
      ": nothing to scan: no Python, C, C++, CUDA, CMake, shell, Dockerfile or workflow file there (after .gitignore "
      "and exclude globs)\n";
  for (const auto& args : everyCommand({"docs"})) expectStopped(args, "archscan: docs" + nothing);
  // Everything excluded is nothing to scan too.
  expectStopped({"check", "--target", "sm_120", "--exclude", "t/**", "--format", "json", "t"}, "archscan: t" + nothing);
  // A file archscan does not read, named alone.
  expectStopped({"check", "docs/README.md"}, "archscan: docs/README.md" + nothing);
}

// A folder whose only readable files are over the walk's 8 MiB limit is
// nothing to scan too, and the message says why and how to read them: a
// file named on the command line is read whatever its size. Beside a file
// that is scanned, each one skipped is a note.
TEST_F(InputErrors, NothingToScanSaysTheFilesWereTooLarge) {
  // A real capability table, then a long generated tail: 8 MiB and one byte.
  std::string big = std::string(kTables) + "\n# generated\n";
  big += std::string((std::size_t{8} << 20) + 1 - big.size() - 1, '#') + "\n";
  spit(dir / "gen/tables_a.py", big);
  const std::string tail =
      " larger than 8 MiB, the most a folder's walk reads; named on the command line, a file is read whatever its "
      "size\n";
  for (const auto& args : everyCommand({"gen"}))
    expectStopped(args,
                  "archscan: gen: nothing to scan: the one file there archscan reads, gen/tables_a.py, is" + tail);
  spit(dir / "gen/tables_b.py", big);
  spit(dir / "gen/notes.md", "# not read\n");
  expectStopped({"check", "--target", "sm_120", "gen"},
                "archscan: gen: nothing to scan: all 2 files there archscan reads (gen/tables_a.py, gen/tables_b.py) "
                "are" +
                    tail);
  // Named, it is read and its table found.
  ProcessResult named = run({"check", "--target", "sm_120", "--no-cache", "gen/tables_a.py"});
  EXPECT_EQ(named.exit_code, 1) << named.err;
  EXPECT_NE(named.out.find("gen/tables_a.py:"), std::string::npos) << named.out;
  // Beside a file that is read, the large ones are notes of the report and the scan goes on.
  fs::copy_file(dir / "t/tables.py", dir / "gen/small.py");
  ProcessResult some = run({"check", "--target", "sm_120", "--no-cache", "gen"});
  EXPECT_EQ(some.exit_code, 1) << some.err;
  for (const char* f : {"gen/tables_a.py", "gen/tables_b.py"})
    EXPECT_NE(some.out.find(std::string(f) +
                            ": note: skipped: larger than 8 MiB (named on the command line, a file is read whatever "
                            "its size)\n"),
              std::string::npos)
        << some.out;
  EXPECT_NE(some.out.find("gen/small.py:"), std::string::npos) << some.out;
}

// A malformed compile_commands.json never aborts (it did, with SIGABRT, from
// inside the Clang loader's call_once): given with -p it is one line and exit
// 2, found on its own at the root it is a warning and the scan goes on.
TEST_F(InputErrors, MalformedCompilationDatabaseIsAnErrorOrAWarningNeverACrash) {
  struct Case {
    const char* body;
    const char* problem;
  } cases[] = {
      {"", "empty, not a JSON list of compile commands"},
      {"{}", "not a JSON list of compile commands"},
      {"[1]", "entry 1 is not an object"},
      {R"([{"file": "a.cu", "command": "nvcc a.cu"}])", "entry 1 has no `directory` string"},
      {R"([{"directory": "/", "file": "a.cu"}])", "entry 1 has neither `command` nor `arguments`"},
      {"[{\"directory\": ", "line 1: not JSON (ends early)"},
      // Clang's reader refuses these whole; they passed a YAML reading.
      {R"([{"directory": "/", "file": "a.cu", "command": "nvcc a.cu", "extra": 1}])",
       "entry 1 has a key Clang does not read: `extra`"},
      {R"([{"directory": "/", "file": "a.cu", "arguments": ["nvcc", ["a.cu"]]}])",
       "entry 1: `arguments` holds something other than strings"},
      {R"([{"directory": "/", "file": "a.cu", "command": "nvcc a.cu", "output": {}}])",
       "entry 1: `output` is not a string"},
      {"[]\n\xff\xff", "line 2: not UTF-8"},
      {"[]\n[]", "line 2: not JSON (more after the value)"},
      {"- {directory: /, file: a.cu, command: nvcc}", "line 1: not JSON (a bad number)"},  // YAML, not JSON
      {"[{'directory': '/'}]", "line 1: not JSON (expected a quoted key)"},
      {"[{\"directory\" \"/\"}]", "line 1: not JSON (expected ':')"},
      {"[\n{\"directory\": \"/\",\n \"file\": \"a\tb.cu\"}]", "line 3: not JSON (a control character in a string)"},
  };
  for (const auto& c : cases) {
    spit(dir / "t/compile_commands.json", c.body);
    expectStopped({"check", "--target", "sm_120", "-p", "t/compile_commands.json", "t"},
                  std::string("archscan: t/compile_commands.json: ") + c.problem + "\n");
    ProcessResult found = run({"check", "--target", "sm_120", "--format", "json", "--fail-on", "never", "t"});
    EXPECT_EQ(found.exit_code, 0) << c.body << found.err;
    EXPECT_NE(
        found.err.find("compile_commands.json: warning: " + std::string(c.problem) + "; C/C++ is parsed without it"),
        std::string::npos)
        << c.body << ": " << found.err;
    EXPECT_NE(found.out.find("\"findings\""), std::string::npos) << c.body;
  }
}

// A FIFO or /dev/zero named as a scan path (directly or through a symlink),
// as --baseline, --facts or --diff is refused by what it is, at once: before,
// a FIFO blocked forever and /dev/zero grew memory without bound.
TEST_F(InputErrors, SpecialFilesAreRefusedByNameAtOnce) {
  fs::path fifo = dir / "pipe.py";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", dir / "zero.py");
  struct Case {
    std::vector<std::string> args;
    std::string err;
  } cases[] = {
      {{"check", "--target", "sm_120", "pipe.py"}, "archscan: pipe.py: a FIFO, not a regular file; not read\n"},
      {{"check", "--target", "sm_120", "zero.py"},
       "archscan: zero.py: a character device, not a regular file; not read\n"},
      {{"check", "--target", "sm_120", "--baseline", "pipe.py", "t"},
       "archscan: pipe.py: a FIFO, not a regular file; not read\n"},
      {{"check", "--target", "sm_120", "--baseline", "/dev/zero", "t"},
       "archscan: /dev/zero: a character device, not a regular file; not read\n"},
      {{"check", "--target", "sm_120", "--facts", "pipe.py"},
       "archscan: pipe.py: a FIFO, not a regular file; not read\n"},
      {{"check", "--target", "sm_120", "--facts", "zero.py"},
       "archscan: zero.py: a character device, not a regular file; not read\n"},
      {{"audit", "--target", "sm_120", "--diff", "zero.py", "t"},
       "archscan: zero.py: a character device, not a regular file; not read\n"},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"20", ARCHSCAN_BIN};  // a hang fails as exit 124, not as a stuck suite
    args.insert(args.end(), c.args.begin(), c.args.end());
    auto start = std::chrono::steady_clock::now();
    ProcessResult r = runProcess("/usr/bin/timeout", args, dir.string());
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.exit_code, 2) << c.args.back();
    EXPECT_EQ(r.err, c.err);
    EXPECT_EQ(r.out, "");
    EXPECT_LT(seconds, 5.0) << c.args.back();
  }
}

// Files nested far deeper than any archscan reads or writes: the recursive
// parsers would overflow the stack, so each reader measures the depth first
// and refuses the file by name and line.
TEST_F(InputErrors, DeeplyNestedFilesAreRefusedNotACrash) {
  std::string deepJson = std::string(50000, '[') + std::string(50000, ']');
  std::string deepYaml = "archscan: 1\nname: deep\nrules: " + deepJson + "\n";
  std::string dashes;
  for (int i = 0; i < 300; ++i) dashes += "- ";
  spit(dir / "deep.json", deepJson);
  spit(dir / "deep-patch.yaml", deepYaml);
  spit(dir / "dashes.yaml", "archscan: 1\nrules:\n" + dashes + "x\n");
  struct Case {
    std::vector<std::string> args;
    std::string err;
  } cases[] = {
      {{"check", "--target", "sm_120", "--facts", "deep.json"},
       "archscan: deep.json:1: nested deeper than 256 levels\n"},
      {{"check", "--target", "sm_120", "--baseline", "deep.json", "t"},
       "archscan: deep.json:1: nested deeper than 256 levels\n"},
      {{"audit", "--target", "sm_120", "--diff", "deep.json", "t"},
       "archscan: deep.json:1: nested deeper than 256 levels\n"},
      {{"patch", "deep-patch.yaml", "t"}, "archscan: deep-patch.yaml:3: nested deeper than 256 levels\n"},
      {{"patch", "dashes.yaml", "t"}, "archscan: dashes.yaml:3: nested deeper than 256 levels\n"},
      {{"check", "--target", "sm_120", "-p", "deep.json", "t"},
       "archscan: deep.json: line 1: nested deeper than 256 levels\n"},
  };
  for (const auto& c : cases) {
    auto before = tree();
    std::vector<std::string> args = {"20", ARCHSCAN_BIN};
    args.insert(args.end(), c.args.begin(), c.args.end());
    ProcessResult r = runProcess("/usr/bin/timeout", args, dir.string());
    EXPECT_EQ(r.exit_code, 2) << c.args[c.args.size() - 2];
    EXPECT_EQ(r.err, c.err);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(tree(), before) << "something was written";
  }
}

// Sources nested deeper than a default thread's stack allows the parsers
// (16,000 parentheses in one #if, 20,000 nested ?:) are read like any other
// file: the scan neither dies with a signal nor loses the other files.
TEST_F(InputErrors, DeeplyNestedSourcesDoNotEndTheScan) {
  std::string parens = "int getSMVersion();\n#if " + std::string(16000, '(') + "__CUDA_ARCH__ >= 900" +
                       std::string(16000, ')') +
                       "\nint x;\n#endif\nint f() {\n  switch (getSMVersion()) {\n    case 90: return 1;\n"
                       "    case 100: return 2;\n    default: return 0;\n  }\n}\n";
  std::string ternaries = "#if ";
  for (int i = 0; i < 20000; ++i) ternaries += "1 ? ";
  ternaries += "__CUDA_ARCH__ >= 900";
  for (int i = 0; i < 20000; ++i) ternaries += " : 0";
  ternaries += "\nint y;\n#endif\n";
  spit(dir / "t/deep.cu", parens);
  spit(dir / "t/deep.h", ternaries);
  for (const char* jobs : {"1", "2"}) {
    ProcessResult r = runProcess(
        "/usr/bin/timeout",
        {"60", ARCHSCAN_BIN, "check", "--target", "sm_120", "--no-cache", "-j", jobs, "--format", "json", "t"},
        dir.string());
    EXPECT_EQ(r.exit_code, 1) << r.err;  // the table in t/tables.py lacks sm_120
    EXPECT_NE(r.out.find("\"file\": \"t/tables.py\""), std::string::npos) << r.out.substr(0, 400);
  }
}

// A file the user cannot read is skipped with a warning that names it, on
// stderr and in every report, and the scan goes on; --strict (or `strict:
// true`) makes it an input error again: exit 2, nothing written.
TEST_F(InputErrors, UnreadableFileIsAWarningAndStrictStops) {
  spit(dir / "t/secret.py", kTables);
  fs::permissions(dir / "t/secret.py", fs::perms::none);
  ProcessOptions options;
  if (geteuid() == 0) {
    // root reads any file: run as nobody, in a folder nobody may write to,
    // so that "nothing written" is archscan's doing.
    options.uid = 65534;
    fs::permissions(dir, fs::perms::all);
  }
  const std::string warning =
      "t/secret.py: warning: cannot read: Permission denied; skipped (--strict makes this an error)";
  ProcessResult r = runProcess(ARCHSCAN_BIN, {"check", "--target", "sm_120", "--no-cache", "--format", "json", "t"},
                               dir.string(), options);
  EXPECT_EQ(r.exit_code, 1) << r.err;  // t/tables.py's finding, read and reported
  EXPECT_EQ(r.err, "archscan: " + warning + "\n");
  YAML::Node json = YAML::Load(r.out);
  EXPECT_EQ(json["findings"].size(), 1u);
  ASSERT_EQ(json["diagnostics"].size(), 1u);
  EXPECT_EQ(json["diagnostics"][0]["file"].as<std::string>(), "t/secret.py");
  EXPECT_EQ(json["diagnostics"][0]["level"].as<std::string>(), "warning");
  r = runProcess(ARCHSCAN_BIN, {"check", "--target", "sm_120", "--no-cache", "--format", "sarif", "t"}, dir.string(),
                 options);
  YAML::Node n = YAML::Load(r.out)["runs"][0]["invocations"][0]["toolExecutionNotifications"][0];
  EXPECT_EQ(n["level"].as<std::string>(), "warning");
  EXPECT_EQ(n["message"]["text"].as<std::string>().rfind("cannot read: Permission denied", 0), 0u);
  EXPECT_EQ(n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as<std::string>(), "t/secret.py");
  r = runProcess(ARCHSCAN_BIN, {"check", "--target", "sm_120", "--no-cache", "--format", "github", "t"}, dir.string(),
                 options);
  EXPECT_NE(r.out.find("::warning file=t/secret.py,title=archscan warning::cannot read: Permission denied"),
            std::string::npos)
      << r.out;
  // On a terminal the warning is said once, on stderr.
  r = runProcess(ARCHSCAN_BIN, {"check", "--target", "sm_120", "--no-cache", "t"}, dir.string(), options);
  EXPECT_EQ(r.err, "archscan: " + warning + "\n");
  EXPECT_EQ(r.out.find("secret.py"), std::string::npos) << r.out;

  for (auto args : everyCommand({"t"})) {
    args.push_back("--strict");
    expectStopped(args, "archscan: t/secret.py: cannot read: Permission denied\n", options);
  }
  spit(dir / "t/archscan.yaml", "strict: true\n");
  expectStopped({"check", "--target", "sm_120", "t"}, "archscan: t/secret.py: cannot read: Permission denied\n",
                options);
  fs::permissions(dir / "t/secret.py", fs::perms::owner_all);
}

// Real trees hold Latin-1: a PEP 263 `coding: latin-1` Python file and a
// C++ source with a (c) sign in its copyright comment and a byte in a string
// are read like any other, and every report stays UTF-8. A Python file that
// is not UTF-8 without saying so, or in an encoding archscan does not read,
// is skipped with a warning.
TEST_F(InputErrors, Latin1SourcesAreReadAndOthersSkippedWithAWarning) {
  fs::copy(fs::path(TESTDATA_DIR) / "kinds/cpp-switch/csrc", dir / "cpp", fs::copy_options::recursive);
  auto findings = [&](const std::string& path) {
    ProcessResult r = run({"check", "--target", "sm_120", "--format", "json", "--no-cache", path});
    std::vector<std::string> out;
    for (const auto& f : YAML::Load(r.out)["findings"])
      out.push_back(f["rule"].as<std::string>() + " " + f["site"]["name"].as<std::string>());
    return std::make_pair(out, r.err);
  };
  auto pristine = findings("cpp");
  ASSERT_FALSE(pristine.first.empty());
  spit(dir / "cpp/dispatch.cpp", "// Copyright \xa9 2024 Caf\xe9 GmbH\nstatic const char* kBanner = \"na\xefve\";\n" +
                                     slurp(dir / "cpp/dispatch.cpp"));
  EXPECT_EQ(findings("cpp"), pristine);

  spit(dir / "py/latin1.py",
       "# -*- coding: latin-1 -*-\n# \xa9 2024\nimport torch\nCAP = torch.cuda.get_device_capability()[0]\n"
       "A = {9: 1, 10: 2}  # caf\xe9\ndef f():\n    return A[CAP]\n");
  auto latin1 = findings("py");
  EXPECT_EQ(latin1.first, std::vector<std::string>{"missing-arch A"});
  EXPECT_EQ(latin1.second, "");

  // Every report of both stays UTF-8, excerpts of the Latin-1 lines included.
  auto utf8 = [](const std::string& s) {
    for (size_t i = 0; i < s.size();) {
      unsigned char c = static_cast<unsigned char>(s[i]);
      size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
      if (len == 0 || i + len > s.size()) return false;
      for (size_t k = 1; k < len; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
      i += len;
    }
    return true;
  };
  for (std::vector<std::string> args : {std::vector<std::string>{"check", "--format", "json"},
                                        {"check", "--format", "sarif"},
                                        {"audit", "--format", "json"},
                                        {"audit", "--format", "html"},
                                        {"audit", "--format", "markdown", "--show", "all"}}) {
    args.insert(args.end(), {"--target", "sm_120", "--no-cache", "cpp", "py"});
    ProcessResult r = run(args);
    EXPECT_TRUE(utf8(r.out)) << args[0] << " " << args[2];
    EXPECT_NE(r.out.find("dispatch.cpp"), std::string::npos) << args[0] << " " << args[2];
  }
  EXPECT_NE(run({"audit", "--target", "sm_120", "--format", "html", "--show", "all", "--no-cache", "py"})
                .out.find("caf\xc3\xa9"),
            std::string::npos);

  spit(dir / "py/undeclared.py", std::string("# caf\xe9\nT2 = {9: 1}\n"));
  spit(dir / "py/cp1252.py", std::string("# -*- coding: cp1252 -*-\n# \x93quoted\x94\nT3 = {9: 1}\n"));
  auto skipped = findings("py");
  EXPECT_EQ(skipped.first, std::vector<std::string>{"missing-arch A"});
  EXPECT_EQ(skipped.second,
            "archscan: py/cp1252.py:2: warning: not UTF-8 (invalid byte at offset 27); its coding line names cp1252, "
            "which archscan does not read (Latin-1 it does); skipped (--strict makes this an error)\n"
            "archscan: py/undeclared.py:1: warning: not UTF-8 (invalid byte at offset 5); skipped (--strict makes this "
            "an error)\n");
  expectStopped({"check", "--strict", "--target", "sm_120", "py"},
                "archscan: py/cp1252.py:2: not UTF-8 (invalid byte at offset 27); its coding line names cp1252, which "
                "archscan does not read (Latin-1 it does)\n"
                "archscan: py/undeclared.py:1: not UTF-8 (invalid byte at offset 5)\n");
}

TEST_F(InputErrors, FilesSkippedOnPurposeAreNotErrors) {
  spit(dir / "t/vendor/copy.py", kTables);  // excluded
  spit(dir / "t/gen/out.py", kTables);  // ignored by git
  spit(dir / "t/.gitignore", "gen/\n");
  spit(dir / "notes.md", "# notes\n");  // not a language archscan reads
  ProcessResult r = run({"check", "--format", "json", "--exclude", "t/vendor", "t", "notes.md"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  YAML::Node json = YAML::Load(r.out);
  EXPECT_EQ(json["stats"]["files_seen"].as<int>(), 1);
  std::vector<std::string> got;
  for (const auto& d : json["diagnostics"])
    got.push_back(d["level"].as<std::string>() + " " + d["file"].as<std::string>() + ":" + d["line"].as<std::string>());
  EXPECT_EQ(got, (std::vector<std::string>{"warning notes.md:0"}));
}

TEST_F(InputErrors, SarifInvocationsAndGithubAnnotationsCarryDiagnostics) {
  spit(dir / "t/broken.py", "from torch.cuda import get_device_capability\ndef f(:\n  pass\n");
  ProcessResult r = run({"check", "--target", "sm_120", "--format", "sarif", "t"});
  ASSERT_EQ(r.exit_code, 1) << r.err;
  YAML::Node inv = YAML::Load(r.out)["runs"][0]["invocations"][0];
  EXPECT_TRUE(inv["executionSuccessful"].as<bool>());
  ASSERT_EQ(inv["toolExecutionNotifications"].size(), 1u);
  YAML::Node n = inv["toolExecutionNotifications"][0];
  EXPECT_EQ(n["level"].as<std::string>(), "warning");
  EXPECT_EQ(n["message"]["text"].as<std::string>().rfind("syntax error", 0), 0u);
  EXPECT_EQ(n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as<std::string>(), "t/broken.py");
  EXPECT_EQ(n["locations"][0]["physicalLocation"]["region"]["startLine"].as<int>(), 2);

  r = run({"check", "--target", "sm_120", "--format", "github", "t"});
  EXPECT_NE(r.out.find("\n::warning file=t/broken.py,line=2,title=archscan warning::syntax error"), std::string::npos)
      << r.out;
}

TEST_F(InputErrors, UnknownRuleInAnIgnoreCommentIsAWarning) {
  spit(dir / "t/tables.py",
       "import torch\n"
       "CAP = torch.cuda.get_device_capability()[0]\n"
       "A = {9: 1, 10: 2}  # archscan: ignore[missing-ach]\n"
       "def f():\n"
       "    return A[CAP]\n");
  auto before = tree();
  const std::string warning =
      "t/tables.py:3: warning: unknown rule 'missing-ach' in `# archscan: ignore[missing-ach]`; did you mean "
      "'missing-arch'?";
  ProcessResult r = run({"check", "--target", "sm_120", "--format", "json", "t"});
  EXPECT_EQ(r.exit_code, 1);  // the finding it meant to suppress is reported
  EXPECT_EQ(r.err, "archscan: " + warning + "\n");
  EXPECT_EQ(YAML::Load(r.out)["findings"].size(), 1u);
  EXPECT_EQ(tree(), before);
  // Standard output carries only the report, in text too.
  r = run({"check", "--target", "sm_120", "t"});
  EXPECT_EQ(r.err, "archscan: " + warning + "\n");
  EXPECT_EQ(r.out.find("unknown rule"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 finding"), std::string::npos) << r.out;
}

TEST_F(InputErrors, ExcludeGlobsAreRelativeToWhereTheyAreWrittenAndWarnWhenUnused) {
  spit(dir / "t/legacy/old.py", kTables);
  auto files = [](const ProcessResult& r) {
    std::vector<std::string> out;
    for (const auto& s : YAML::Load(r.out)["sites"]) out.push_back(s["file"].as<std::string>());
    return out;
  };
  // The command line's globs are relative to the current folder, whatever the scanned path.
  ProcessResult r = run({"check", "--format", "json", "--exclude", "t/legacy/**", "t"});
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(files(r), std::vector<std::string>{"t/tables.py"});
  auto before = tree();
  r = run({"check", "--format", "json", "--exclude", "legacy/**", "t"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "archscan: warning: --exclude 'legacy/**' (relative to the current folder) matches nothing\n");
  EXPECT_EQ(files(r), (std::vector<std::string>{"t/legacy/old.py", "t/tables.py"}));
  EXPECT_EQ(tree(), before);
  // archscan.yaml's globs are relative to its folder.
  spit(dir / "t/archscan.yaml", "exclude:\n  - legacy/**\n  - t/legacy/**\n");
  r = run({"check", "--format", "json", "t"});
  EXPECT_EQ(files(r), std::vector<std::string>{"t/tables.py"});
  EXPECT_EQ(r.err,
            "archscan: t/archscan.yaml:3: warning: exclude 't/legacy/**' (relative to t/archscan.yaml's folder) "
            "matches nothing\n");
  YAML::Node d = YAML::Load(r.out)["diagnostics"][0];
  EXPECT_EQ(d["file"].as<std::string>() + ":" + d["line"].as<std::string>(), "t/archscan.yaml:3");
}

// A folder is excluded however the shell spelled it: with a trailing slash,
// from "./", or as an absolute path below the scanned root. The warning
// about a glob that matches nothing is on stderr, never in the report.
TEST_F(InputErrors, ExcludeTakesAFolderHoweverItIsSpelled) {
  spit(dir / "t/csrc/kernels.py", kTables);
  spit(dir / "t/legacy/old.py", kTables);
  auto files = [](const std::string& out) {
    std::vector<std::string> got;
    for (const auto& s : YAML::Load(out)["sites"]) got.push_back(s["file"].as<std::string>());
    return got;
  };
  const std::vector<std::string> rest = {"t/legacy/old.py", "t/tables.py"};
  std::string abs = fs::canonical(dir).string();
  for (const std::string& glob :
       {std::string("t/csrc"), std::string("t/csrc/"), std::string("./t/csrc"), std::string("./t/csrc/"),
        std::string("csrc/"), abs + "/t/csrc", abs + "/t/csrc/", abs + "/t/./csrc", abs + "/t/csrc/**"}) {
    ProcessResult r = run({"check", "--format", "json", "--exclude", glob, "t"});
    EXPECT_EQ(r.err, "") << glob;
    EXPECT_EQ(files(r.out), rest) << glob;
    // The scanned root given as an absolute path too.
    r = run({"check", "--format", "json", "--exclude", glob, abs + "/t"});
    EXPECT_EQ(r.err, "") << glob;
    EXPECT_EQ(files(r.out).size(), 2u) << glob << r.out;
  }
  // "./csrc" is the folder beside the current one, not a name anywhere.
  ProcessResult r = run({"check", "--format", "json", "--exclude", "./csrc", "t"});
  EXPECT_EQ(files(r.out).size(), 3u);
  EXPECT_EQ(r.err, "archscan: warning: --exclude './csrc' (relative to the current folder) matches nothing\n");
  r = run({"check", "--exclude", "./csrc", "t"});
  EXPECT_EQ(r.err, "archscan: warning: --exclude './csrc' (relative to the current folder) matches nothing\n");
  EXPECT_EQ(r.out.find("matches nothing"), std::string::npos) << r.out;
}

TEST_F(InputErrors, DidYouMean) {
  expectStopped({"chek", "--target", "sm_120", "t"}, "archscan: unknown command 'chek'; did you mean 'check'?\n");
  expectStopped({"check", "--target", "rtx5090", "-o", "out.txt", "t"},
                "archscan: 'rtx5090' is not a compute capability; did you mean 'rtx-5090'? (`archscan archs` lists the "
                "known ones)\n");
  expectStopped({"check", "--taget", "sm_120", "t"}, "archscan: unknown option --taget; did you mean --target?\n");
  expectStopped({"check", "--format", "jsn", "t"},
                "archscan: --format: 'jsn' is not one of text, json, sarif, github; did you mean 'json'?\n");
  spit(dir / "t/archscan.yaml", "target: [RTX_5090]\n");
  expectStopped({"check", "t"},
                "archscan: t/archscan.yaml:1:10: 'RTX_5090' in target is not a compute capability; "
                "did you mean 'rtx-5090'?\n");
  spit(dir / "t/archscan.yaml", "targets: [sm_120]\n");
  expectStopped({"check", "t"}, "archscan: t/archscan.yaml:1:1: unknown key 'targets'; did you mean 'target'?\n");
}

// Whatever the parser refuses is said in archscan's words, on one line, with
// what was probably meant; never CLI11's own text ("args is required").
TEST_F(InputErrors, ParseFailuresAreOneLineOfOurOwn) {
  struct Case {
    std::vector<std::string> args;
    std::string err;
  } cases[] = {
      {{"explain"}, "explain needs RULE: a rule id (archscan rules lists them)"},
      {{"completion"}, "completion needs SHELL: bash, zsh or fish"},
      {{"fix", "--like", "sm_100", "t"}, "fix needs --add ARCH: the arch to add (sm_120)"},
      {{"check", "-j", "abc", "t"}, "--jobs: 'abc' is not a number"},
      {{"audit", "--target", "sm_120", "--top", "many", "t"}, "--top: 'many' is not a number"},
      {{"--versoin"}, "unknown option --versoin; did you mean --version?"},
      {{"check", "--exlude", "x", "t"}, "unknown option --exlude; did you mean --exclude?"},
      {{"fix", "--ad", "sm_120", "--like", "sm_100", "t"}, "unknown option --ad; did you mean --add?"},
      {{"check", "-x", "t"}, "unknown option -x (`archscan check --help` lists the options)"},
      {{"--target", "sm_120", "t"}, "--target goes after a command: it is an option of check, audit, extract"},
      {{"check", "--write", "t"}, "check does not take --write; it is an option of patch, fix"},
      {{"check", "t", "--target"}, "--target needs a value (ARCH)"},
      {{"rules", "extra"}, "rules takes no arguments, not 'extra'"},
      {{"explain", "missing-arch", "sibling-gap"}, "explain takes at most 1 argument (RULE), not 2"},
  };
  for (const auto& c : cases) expectStopped(c.args, "archscan: " + c.err + "\n");
}

TEST_F(InputErrors, CommaSeparatedTargets) {
  ProcessResult r = run({"check", "--target", "sm_120,sm_121", "--target", "(10, 3)", "--format", "json", "t"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  std::vector<std::string> targets;
  for (const auto& t : YAML::Load(r.out)["targets"]) targets.push_back(t.as<std::string>());
  EXPECT_EQ(targets, (std::vector<std::string>{"sm_120", "sm_121", "sm_103"}));
  spit(dir / "t/archscan.yaml", "target: sm_120, rtx-pro-6000\n");
  r = run({"check", "--format", "json", "t"});
  targets.clear();
  for (const auto& t : YAML::Load(r.out)["targets"]) targets.push_back(t.as<std::string>());
  EXPECT_EQ(targets, (std::vector<std::string>{"sm_120", "sm_120"}));
}

TEST_F(InputErrors, JobsMustBeAtLeastOne) {
  expectStopped({"check", "-j", "0", "t"}, "archscan: -j/--jobs must be at least 1, not 0\n");
  expectStopped({"patch", "sm120.yaml", "t", "--write", "--jobs", "-2"},
                "archscan: -j/--jobs must be at least 1, not -2\n");
  EXPECT_EQ(run({"check", "-j", "1", "--target", "sm_120", "t"}).exit_code, 1);
}

TEST_F(InputErrors, AuditOptionsAreCheckedBeforeTheScan) {
  expectStopped({"audit", "--target", "sm_120", "--top", "-1", "t"}, "archscan: --top must be 0 or more, not -1\n");
  expectStopped({"audit", "--target", "sm_120", "--columns", "al", "t"},
                "archscan: --columns: 'al' is not one of near, all; did you mean 'all'?\n");
  expectStopped({"audit", "--target", "sm_120", "--show", "finding", "t"},
                "archscan: --show: 'finding' is not one of findings, all; did you mean 'findings'?\n");
  expectStopped({"audit", "--target", "sm_120", "--diff", "old.json", "--format", "json", "-o", "now.json",
                 "--output-format", "html=audit.html", "t"},
                "archscan: --diff prints text, markdown or json, not html\n");
  // --top is the audit's: check does not take it.
  expectStopped({"check", "--top", "3", "t"}, "archscan: check does not take --top; it is an option of audit\n");
  spit(dir / "t/archscan.yaml", "components: [moe]\n");
  expectStopped({"audit", "--target", "sm_120", "t"},
                "archscan: t/archscan.yaml:1:13: components must map a component name to a list of path globs\n");
}

TEST_F(InputErrors, MissingBaselineIsAnEmptyOneWithANote) {
  auto before = tree();
  ProcessResult r = run({"check", "--target", "sm_120", "--baseline", "base.json", "--format", "github", "t"});
  EXPECT_EQ(r.exit_code, 1);  // every finding is new
  EXPECT_EQ(r.err,
            "archscan: note: baseline base.json does not exist yet, so every finding is new; record one with "
            "--write-baseline base.json\n");
  EXPECT_EQ(tree(), before);
  r = run({"check", "--target", "sm_120", "--baseline", "base.json", "--write-baseline", "base.json", "t"});
  EXPECT_EQ(r.exit_code, 0);  // recorded, so accepted
  r = run({"check", "--target", "sm_120", "--baseline", "base.json", "t"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.err, "");
  // A baseline that exists but is not one is still an error.
  spit(dir / "bad.json", "[]\n");
  expectStopped({"check", "--target", "sm_120", "--baseline", "bad.json", "t"},
                "archscan: bad.json:1: not an archscan baseline (expected \"archscan_baseline\": 1)\n");
}

}  // namespace
}  // namespace archscan
