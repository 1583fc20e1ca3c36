// archscan check / audit / archs from the command line: exit codes,
// diagnostics for files read but not parsed, output files, and colour.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "process.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

using test::slurp;
using test::spit;

class CheckCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::freshDir("archscan-check");
    spit(dir / "t/table.py",
         "import torch\nCAP = torch.cuda.get_device_capability()[0]\nT = {9: 1, 10: 2}\n"
         "def f():\n    return T.get(CAP, 0)\n");
  }
  void TearDown() override { fs::remove_all(dir); }
  ProcessResult run(const std::vector<std::string>& args) { return runProcess(ARCHSCAN_BIN, args, dir.string()); }
  fs::path dir;
};

// A wrong path names where the target belongs when an arm of the same
// decision serves archs with its resources: sm_120 has sm_86's and sm_89's
// 1536 threads per SM, and gets the Hopper tiles through `arch >= 90`.
TEST_F(CheckCli, WrongPathNamesTheArmWithTheTargetsResources) {
  spit(dir / "w/tiles.py",
       "import torch\n\n\ndef tile_config(head_dim):\n"
       "    major, minor = torch.cuda.get_device_capability()\n"
       "    arch = major * 10 + minor\n"
       "    if arch >= 90:\n        return tile_size_fwd_sm90(head_dim)\n"
       "    elif arch == 86 or arch == 89:\n        return tile_size_fwd_sm86(head_dim)\n"
       "    return tile_size_fwd_sm80(head_dim)\n");
  ProcessResult r = run({"check", "--target", "sm_120", "--no-cache", "w"});
  EXPECT_NE(r.out.find("tiles.py:7: error[wrong-path] sm_120"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("The arm for sm_86, sm_89 serves archs with sm_120's 1536 resident threads per SM"),
            std::string::npos)
      << r.out;
  // Nothing records sm_110's threads per SM: unknown names no arm.
  r = run({"check", "--target", "sm_110", "--no-cache", "w"});
  EXPECT_EQ(r.out.find("The arm for"), std::string::npos) << r.out;
}

// A chain of bounded arms that sm_120 passes over quotes the arm nearest
// below it, the one to widen, not the first one written.
TEST_F(CheckCli, BoundedRangeQuotesTheArmNearestBelowTheTarget) {
  spit(dir / "b/dispatch.py",
       "import torch\n\n\ndef gemm(x):\n"
       "    major, minor = torch.cuda.get_device_capability()\n"
       "    sm = major * 10 + minor\n"
       "    if 70 <= sm < 75:\n        return gemm_volta(x)\n"
       "    elif 75 <= sm < 80:\n        return gemm_turing(x)\n"
       "    elif 80 <= sm < 90:\n        return gemm_ampere(x)\n"
       "    raise RuntimeError('unsupported arch')\n");
  ProcessResult r = run({"check", "--target", "sm_120", "--no-cache", "b"});
  EXPECT_NE(r.out.find("error[bounded-range] sm_120: `80 <= sm < 90` stops below sm_90"), std::string::npos) << r.out;
}

// A table read only in a method, after the constructor read another table
// with the same capability (a KeyError for archs it lacks), is reached only
// by what the constructor's table lists: the constructor's table is the
// finding. Once that table has the arch, the method's table is.
TEST_F(CheckCli, ATableBehindAConstructorsCrashingReadIsReachedOnlyByItsArchs) {
  auto write = [&](const std::string& first) {
    spit(dir / "c/comm.py", "import torch\n\nMAX_SIZES = {" + first +
                                "}\n\n\nclass Communicator:\n"
                                "    _MULTIMEM = {9: [4, 8], 10: [8]}\n\n"
                                "    def __init__(self):\n"
                                "        self.cap = torch.cuda.get_device_capability()[0]\n"
                                "        self.max_size = MAX_SIZES[self.cap]\n\n"
                                "    def use_multimem(self, n):\n"
                                "        return n in self._MULTIMEM[self.cap]\n");
  };
  write("9: 64, 10: 64");
  ProcessResult r = run({"check", "--target", "sm_120", "--no-cache", "c"});
  EXPECT_NE(r.out.find("comm.py:3: error[missing-arch] sm_120: MAX_SIZES"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("_MULTIMEM (mapping"), std::string::npos) << r.out;
  write("9: 64, 10: 64, 12: 32");
  r = run({"check", "--target", "sm_120", "--no-cache", "c"});
  EXPECT_EQ(r.out.find("comm.py:3: error"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("comm.py:7: error[missing-arch] sm_120: Communicator._MULTIMEM"), std::string::npos) << r.out;
}

TEST_F(CheckCli, ExitCodesFollowFailOn) {
  EXPECT_EQ(run({"check", "--target", "sm_120", "t"}).exit_code, 0);  // a warning, default --fail-on error
  EXPECT_EQ(run({"check", "--target", "sm_120", "--fail-on", "warning", "t"}).exit_code, 1);
  EXPECT_EQ(run({"check", "--target", "sm_100", "--fail-on", "note", "t"}).exit_code, 0);  // covered
  EXPECT_EQ(run({"check", "--target", "sm_x9", "t"}).exit_code, 2);
  EXPECT_EQ(run({"check", "--format", "yaml", "t"}).exit_code, 2);
  EXPECT_EQ(run({"audit", "t"}).exit_code, 2);  // audit needs a target
  EXPECT_EQ(run({"check", "--no-such-flag"}).exit_code, 2);
}

// An arch is checked as typed: a tab or newline (`--target "$(cat arch.txt)"`)
// is refused naming the option, not trimmed away by the comma-list split, in
// every spelling of the option; blanks around list items stay allowed.
TEST_F(CheckCli, ControlCharacterInATargetIsRefusedNamingTheOption) {
  const std::string tail = "' is not a compute capability: it holds a control character\n";
  struct Case {
    std::vector<std::string> args;
    std::string shown;
  } cases[] = {
      {{"check", "--target", "\tsm_120", "t"}, "\\tsm_120"},
      {{"check", "--target", "sm_120\n", "t"}, "sm_120\\n"},
      {{"check", "-t", "sm_120\t", "t"}, "sm_120\\t"},
      {{"check", "--target=sm_120,\tsm_100", "t"}, "sm_120,\\tsm_100"},
      {{"audit", "--target", "sm_120\x1b[0m", "t"}, "sm_120\\x1b[0m"},
      {{"extract", "--target", "\rsm_120", "-o", "facts.json", "t"}, "\\x0dsm_120"},
  };
  for (const auto& c : cases) {
    ProcessResult r = run(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.shown;
    EXPECT_EQ(r.err, "archscan: --target: '" + c.shown + tail);
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  EXPECT_FALSE(fs::exists(dir / "facts.json"));
  ProcessResult spaced = run({"check", "--target", " sm_120 , sm_100 ", "--fail-on", "warning", "t"});
  EXPECT_EQ(spaced.exit_code, 1) << spaced.err;
}

TEST_F(CheckCli, SyntaxErrorsAreDiagnosticsAndNonUtf8IsSkippedOrWithStrictAnInputError) {
  spit(dir / "t/broken.py", "from torch.cuda import get_device_capability\ndef f(:\n  pass\n");
  ProcessResult r = run({"check", "--format", "json", "t"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  YAML::Node json = YAML::Load(r.out);
  std::vector<std::string> got;
  for (const auto& d : json["diagnostics"])
    got.push_back(d["level"].as<std::string>() + " " + d["file"].as<std::string>() + ":" + d["line"].as<std::string>() +
                  " " + d["message"].as<std::string>().substr(0, 18));
  EXPECT_EQ(got, (std::vector<std::string>{"warning t/broken.py:2 syntax error; site"}));
  EXPECT_EQ(json["stats"]["files_seen"].as<int>(), 2);

  // Not UTF-8, and no coding line says otherwise: named and skipped, or with
  // --strict, stop, name the file and line, write nothing.
  spit(dir / "t/latin1.py", std::string("# caf\xe9\nT2 = {9: 1}\n"));
  r = run({"check", "--format", "json", "t"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err,
            "archscan: t/latin1.py:1: warning: not UTF-8 (invalid byte at offset 5); skipped (--strict makes this an "
            "error)\n");
  EXPECT_EQ(YAML::Load(r.out)["stats"]["files_seen"].as<int>(), 3);
  for (const char* format : {"text", "json", "sarif", "github"}) {
    r = run({"check", "--strict", "--format", format, "-o", "report.out", "t"});
    EXPECT_EQ(r.exit_code, 2) << format;
    EXPECT_EQ(r.err, "archscan: t/latin1.py:1: not UTF-8 (invalid byte at offset 5)\n") << format;
    EXPECT_FALSE(fs::exists(dir / "report.out")) << format;
  }
}

TEST_F(CheckCli, OutputFileAndNoColourInPipes) {
  ProcessResult r = run({"check", "--target", "sm_120", "-o", "report.txt", "t"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  std::ifstream in(dir / "report.txt");
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_NE(ss.str().find("warning[missing-arch] sm_120"), std::string::npos) << ss.str();
  EXPECT_EQ(ss.str().find('\x1b'), std::string::npos);
  ProcessResult forced = run({"check", "--target", "sm_120", "--color", "always", "t"});
  EXPECT_NE(forced.out.find('\x1b'), std::string::npos);
}

// A report sent to a file leaves the terminal empty: one line on stderr says
// what was found and where it went, whatever the format (-q silences it).
TEST_F(CheckCli, ReportToAFileIsSummarisedOnStderr) {
  for (const char* format : {"text", "json", "sarif", "github"}) {
    std::string file = std::string("report.") + format;
    ProcessResult r = run({"check", "--target", "sm_120", "--format", format, "-o", file, "t"});
    EXPECT_EQ(r.exit_code, 0) << format << r.err;
    EXPECT_EQ(r.out, "") << format;
    EXPECT_EQ(r.err, "archscan: 1 finding (1 warning) written to " + file + "\n") << format;
    EXPECT_TRUE(fs::exists(dir / file)) << format;
  }
  spit(dir / "t/more.py", "import torch\nCAP = torch.cuda.get_device_capability()[0]\nU = {9: 1, 10: 2}\nx = U[CAP]\n");
  ProcessResult r = run({"check", "--target", "sm_120", "--format", "sarif", "-o", "out.sarif", "--output-format",
                         "github=out.github", "t"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "archscan: 2 findings (1 error, 1 warning) written to out.sarif and out.github\n");
  r = run({"audit", "--target", "sm_120", "--format", "html", "-o", "audit.html", "t"});
  EXPECT_EQ(r.err, "archscan: 2 findings (1 error, 1 warning) written to audit.html\n");
  r = run({"check", "--target", "sm_120", "--format", "sarif", "-o", "out.sarif", "-q", "t"});
  EXPECT_EQ(r.err, "");
  // On standard output the report says it itself.
  r = run({"check", "--target", "sm_120", "--format", "sarif", "t"});
  EXPECT_EQ(r.err, "");
}

// Recording a baseline accepts what it records: exit 0, not the findings' 1.
TEST_F(CheckCli, WriteBaselineExitsZero) {
  ProcessResult r = run({"check", "--target", "sm_120", "--fail-on", "warning", "--write-baseline", "base.json", "t"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("warning[missing-arch] sm_120"), std::string::npos) << r.out;
  EXPECT_EQ(r.err,
            "archscan: 1 finding recorded in base.json; --baseline base.json reports only findings not among them\n");
  ASSERT_TRUE(fs::exists(dir / "base.json"));
  EXPECT_EQ(run({"check", "--target", "sm_120", "--fail-on", "warning", "t"}).exit_code, 1);
  EXPECT_EQ(run({"check", "--target", "sm_120", "--fail-on", "warning", "--baseline", "base.json", "t"}).exit_code, 0);
  // A baseline that cannot be written is still an error.
  r = run({"check", "--target", "sm_120", "--write-baseline", "t", "t"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "archscan: t: a folder; cannot write the report there\n");
}

// Counts agree with their nouns in every text the user reads.
TEST_F(CheckCli, CountsAgreeWithTheirNouns) {
  ProcessResult r = run({"check", "--target", "sm_120", "t"});
  EXPECT_NE(r.out.find("\n1 finding (0 errors, 1 warning, 0 notes) in 1 file; "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(" 1 findings"), std::string::npos) << r.out;
  r = run({"audit", "--target", "sm_120", "t"});
  EXPECT_NE(r.out.find(" in 1 file; 1 finding (0 errors, 1 warning, 0 notes), as check reports them"),
            std::string::npos)
      << r.out;
  r = run({"audit", "--target", "sm_120", "--format", "markdown", "t"});
  EXPECT_NE(r.out.find(" in 1 file; 1 finding (0 errors, 1 warning, 0 notes), as `archscan check` reports them"),
            std::string::npos)
      << r.out;
  r = run({"audit", "--target", "sm_120", "--format", "html", "t"});
  EXPECT_NE(r.out.find(" in 1 file · 1 finding (0 errors, 1 warning, 0 notes), as"), std::string::npos);
  spit(dir / "u/one.py", "import torch\nCAP = torch.cuda.get_device_capability()[0]\nU = {9: 1, 10: 2}\nx = U[CAP]\n");
  r = run({"fix", "--add", "sm_110", "--like", "sm_100", "u"});
  EXPECT_EQ(r.err,
            "archscan: would patch 1 site in 1 file; 1 value was copied from a neighbour: review it; run again with "
            "--write to apply\n");
  for (const std::string& out : {run({"check", "--target", "sm_120", "t"}).out,
                                 run({"audit", "--target", "sm_120", "--format", "markdown", "t"}).out,
                                 run({"audit", "--target", "sm_120", "--format", "html", "t"}).out}) {
    for (const char* slip : {" 1 findings", " 1 errors", " 1 warnings", " 1 notes", " 1 files", " 1 arch sites"})
      EXPECT_EQ(out.find(slip), std::string::npos) << slip << " in " << out;
  }
}

TEST_F(CheckCli, MissingPathAndBadJobCountAreUsageErrors) {
  for (const char* cmd : {"check", "audit"}) {
    ProcessResult r = run({cmd, "--target", "sm_120", "t", "missing-folder"});
    EXPECT_EQ(r.exit_code, 2) << cmd;
    EXPECT_EQ(r.err, "archscan: missing-folder: no such file or folder\n") << cmd;
    EXPECT_EQ(r.out, "");
  }
  ProcessResult fix = run({"fix", "missing-folder", "--add", "sm_120", "--like", "sm_100", "--write"});
  EXPECT_EQ(fix.exit_code, 2);
  EXPECT_EQ(fix.err, "archscan: missing-folder: no such file or folder\n");
  for (const char* jobs : {"-5", "0"}) {
    ProcessResult r = run({"check", "-j", jobs, "t"});
    EXPECT_EQ(r.exit_code, 2) << jobs;
    EXPECT_EQ(r.err, std::string("archscan: -j/--jobs must be at least 1, not ") + jobs + "\n");
  }
  ProcessResult many = run({"check", "-j", "100000000", "t"});
  EXPECT_EQ(many.exit_code, 2);
  EXPECT_EQ(many.err.rfind("archscan: -j/--jobs 100000000 is more than 4x the ", 0), 0u) << many.err;
  EXPECT_EQ(run({"check", "-j", "2", "t"}).exit_code, 0);
}

// A folder that cannot be read hides what is in it: an input error (exit 2,
// named on stderr, no report), never a crash.
TEST_F(CheckCli, UnreadableFolderIsAnInputError) {
  spit(dir / "t/locked/x.py", "T = {9: 1}\n");
  fs::permissions(dir / "t/locked", fs::perms::none);
  // Root reads any folder, so as root the scan runs as nobody.
  bool root = ::geteuid() == 0;
  if (root && !fs::exists("/usr/sbin/runuser")) GTEST_SKIP() << "root reads any folder, and runuser is missing";
  std::vector<std::string> args{"check", "--target", "sm_120", "--format", "json", "t"};
  if (root) args.insert(args.begin(), {"-u", "nobody", "--", ARCHSCAN_BIN});
  ProcessResult r = runProcess(root ? "/usr/sbin/runuser" : ARCHSCAN_BIN, args, dir.string());
  fs::permissions(dir / "t/locked", fs::perms::owner_all);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err, "archscan: t/locked: cannot read folder: Permission denied\n");
  EXPECT_EQ(r.out, "");
}

TEST_F(CheckCli, FailedOutputWriteIsReportedWithExit2) {
  ProcessResult toFile = run({"check", "--target", "sm_120", "-o", "/dev/full", "t"});
  EXPECT_EQ(toFile.exit_code, 2);
  EXPECT_EQ(toFile.err, "archscan: /dev/full: write failed: No space left on device\n");
  for (const std::string& cmd : {"check --target sm_120 t", "audit --target sm_120 t", "archs"}) {
    ProcessResult piped =
        runProcess("/bin/sh", {"-c", std::string(ARCHSCAN_BIN) + " " + cmd + " > /dev/full"}, dir.string());
    EXPECT_EQ(piped.exit_code, 2) << cmd;
    EXPECT_EQ(piped.err, "archscan: standard output: write failed: No space left on device\n") << cmd;
  }
  ProcessResult folder = run({"check", "--target", "sm_120", "-o", "t", "t"});
  EXPECT_EQ(folder.exit_code, 2);
  EXPECT_EQ(folder.err, "archscan: t: a folder; cannot write the report there\n");
}

// A folder named like an HTML element, as a hostile checkout may hold: the
// Markdown table (component, link text, link target) and the HTML page show
// it as text.
TEST_F(CheckCli, MarkupInFolderNamesIsTextInMarkdownAndHtml) {
  const std::string folder = "<img src=x onerror=alert(1)>";
  spit(dir / "m" / folder / "t.py",
       "import torch\nCAP = torch.cuda.get_device_capability()[0]\nT = {9: 1, 10: 2}\ndef f():\n    return T[CAP]\n");
  ProcessResult md = run({"audit", "--target", "sm_120", "--format", "markdown", "m"});
  ASSERT_NE(md.out.find("t.py"), std::string::npos) << md.out;
  // Outside code spans, no `<img`: split on backticks and look at the even parts.
  size_t tick = 0, from = 0;
  for (size_t at = md.out.find('`');; at = md.out.find('`', from)) {
    std::string part = md.out.substr(from, (at == std::string::npos ? md.out.size() : at) - from);
    if (tick % 2 == 0) EXPECT_EQ(part.find("<img"), std::string::npos) << part;
    if (at == std::string::npos) break;
    ++tick;
    from = at + 1;
  }
  EXPECT_NE(md.out.find("%3Cimg"), std::string::npos) << md.out;  // the link target, percent-encoded
  ProcessResult html = run({"audit", "--target", "sm_120", "--format", "html", "m"});
  EXPECT_EQ(html.out.find("<img"), std::string::npos);
}

// A file name with ESC, a newline, a pipe, a backtick and markup: no format
// may pass it through raw.
TEST_F(CheckCli, ControlCharactersInFileNamesAreEscapedInEveryFormat) {
  const std::string name = "e\x1b[31m<b>|`\nx.py";
  spit(dir / "n" / name,
       "import torch\nCAP = torch.cuda.get_device_capability()[0]\nT = {9: 1, 10: 2}\ndef f():\n    return T[CAP]\n");
  auto noRawControl = [](const std::string& out) {
    for (char c : out)
      if ((static_cast<unsigned char>(c) < 0x20 && c != '\n') || c == 0x7f) return false;
    return true;
  };
  ProcessResult text = run({"check", "--target", "sm_120", "--color", "never", "n"});
  EXPECT_EQ(text.exit_code, 1) << text.err;
  EXPECT_TRUE(noRawControl(text.out)) << text.out;
  EXPECT_EQ(text.out.rfind("n/e\\x1b[31m<b>|`\\x0ax.py:3: error[missing-arch] sm_120: ", 0), 0u) << text.out;

  ProcessResult github = run({"check", "--target", "sm_120", "--format", "github", "n"});
  EXPECT_TRUE(noRawControl(github.out)) << github.out;
  EXPECT_EQ(github.out.rfind("::error file=n/e\\x1b[31m<b>|`%0Ax.py,line=3,endLine=3,", 0), 0u) << github.out;
  EXPECT_EQ(std::count(github.out.begin(), github.out.end(), '\n'), 1) << github.out;

  ProcessResult md = run({"audit", "--target", "sm_120", "--format", "markdown", "n"});
  EXPECT_TRUE(noRawControl(md.out)) << md.out;
  EXPECT_NE(md.out.find("[n/e\\\\x1b\\[31m&lt;b&gt;\\|`\\\\x0ax.py:3](n/e%1B%5B31m%3Cb%3E%7C%60%0Ax.py#L3)"),
            std::string::npos)
      << md.out;
  EXPECT_EQ(md.out.find("<b>"), std::string::npos) << md.out;  // no markup a renderer would obey

  ProcessResult html = run({"audit", "--target", "sm_120", "--format", "html", "n"});
  EXPECT_TRUE(noRawControl(html.out));
  EXPECT_EQ(html.out.find("<b>|"), std::string::npos);
  EXPECT_NE(html.out.find("&lt;b&gt;"), std::string::npos);

  ProcessResult diff = run({"fix", "n", "--add", "sm_110", "--like", "sm_100"});
  ASSERT_EQ(diff.exit_code, 0) << diff.err;
  EXPECT_EQ(diff.out.rfind("--- \"a/n/e\\033[31m<b>|`\\nx.py\"\n+++ \"b/n/e\\033[31m<b>|`\\nx.py\"\n@@", 0), 0u)
      << diff.out;
  EXPECT_TRUE(noRawControl(diff.err)) << diff.err;
  // git reads the quoted header back to the real name.
  spit(dir / "fix.diff", diff.out);
  ProcessResult init = runProcess("/usr/bin/git", {"init", "-q", "."}, dir.string());
  ASSERT_EQ(init.exit_code, 0) << init.err;
  ProcessResult apply = runProcess("/usr/bin/git", {"apply", "--check", "fix.diff"}, dir.string());
  EXPECT_EQ(apply.exit_code, 0) << apply.err;
}

TEST_F(CheckCli, ArchsListsAliases) {
  ProcessResult r = run({"archs"});
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("sm_120"), std::string::npos);
  EXPECT_NE(r.out.find("rtx-pro-6000"), std::string::npos);
  EXPECT_NE(r.out.find("dgx-spark"), std::string::npos);
}

TEST_F(CheckCli, ExcludeAndGitignoreSkipFiles) {
  spit(dir / "t/vendor/copy.py", "import torch\nCAP = torch.cuda.get_device_capability()[0]\nV = {9: 1}\nx = V[CAP]\n");
  spit(dir / "t/gen/out.py", "import torch\nCAP = torch.cuda.get_device_capability()[0]\nG = {9: 1}\nx = G[CAP]\n");
  spit(dir / "t/.gitignore", "gen/\n");
  ProcessResult r = run({"check", "--format", "json", "--exclude", "vendor", "t"});
  YAML::Node json = YAML::Load(r.out);
  EXPECT_EQ(json["stats"]["files_seen"].as<int>(), 1);
}

// In a git work tree git says what is ignored: .git/info/exclude and
// core.excludesFile count, a tracked file stays scanned whatever a pattern
// says, and a repository inside keeps its own rules. Without git (or
// outside a work tree) the .gitignore files decide, as before.
TEST_F(CheckCli, GitIgnoreRulesComeFromGit) {
  if (!fs::exists("/usr/bin/git")) GTEST_SKIP() << "git is not installed";
  const std::string table = "import torch\nCAP = torch.cuda.get_device_capability()[0]\nA = {9: 1}\nx = A[CAP]\n";
  for (const char* f :
       {"r/pkg/a.py", "r/pkg/tracked.py", "r/pkg/x.mine.py", "r/gen/g.py", "r/inner/own.py", "r/inner/local.py"})
    spit(dir / f, table);
  spit(dir / "r/pkg/.gitignore", "tracked.py\n");
  spit(dir / "excludes", "*.mine.py\n");
  auto git = [&](const std::string& where, std::vector<std::string> args) {
    ProcessResult r = runProcess("/usr/bin/git", args, (dir / where).string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
  };
  git("r", {"init", "-q", "."});
  git("r", {"config", "core.excludesFile", (dir / "excludes").string()});
  git("r", {"add", "-f", "pkg/tracked.py"});
  spit(dir / "r/.git/info/exclude", "gen/\n");
  git("r/inner", {"init", "-q", "."});
  spit(dir / "r/inner/.git/info/exclude", "local.py\n");
  auto files = [&](const ProcessOptions& options) {
    ProcessResult r = runProcess(ARCHSCAN_BIN, {"check", "--format", "json", "--no-cache", "r"}, dir.string(), options);
    std::vector<std::string> got;
    for (const auto& site : YAML::Load(r.out)["sites"]) got.push_back(site["file"].as<std::string>());
    std::sort(got.begin(), got.end());
    return got;
  };
  EXPECT_EQ(files({}), (std::vector<std::string>{"r/inner/own.py", "r/pkg/a.py", "r/pkg/tracked.py"}));
  // Without git on PATH: only the .gitignore files.
  ProcessOptions noGit;
  noGit.env = {{"PATH", "/nonexistent"}};
  EXPECT_EQ(files(noGit), (std::vector<std::string>{"r/gen/g.py", "r/inner/local.py", "r/inner/own.py", "r/pkg/a.py",
                                                    "r/pkg/x.mine.py"}));
  // A folder git ignores, scanned by name, is scanned.
  ProcessResult r = run({"check", "--format", "json", "--no-cache", "r/gen"});
  EXPECT_EQ(YAML::Load(r.out)["sites"].size(), 1u) << r.err;
}

}  // namespace
}  // namespace archscan

namespace archscan {
namespace {

// With compile_commands.json (nvcc lines), Clang sees the enum header through
// the database's -I and reads the labels itself; without it they are
// recovered from the text. Both ways every label is found.
class CompileDatabaseCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::freshDir("archscan-cdb");
    spit(dir / "third/include/arch_enum.h", "#pragma once\nenum class CudaArch { Sm90a = 1, Sm100a = 2 };\n");
    spit(dir / "src/pick.cu",
         "#include \"arch_enum.h\"\n"
         "int tile(CudaArch arch) {\n"
         "  switch (arch) {\n"
         "    case CudaArch::Sm90a: return 1;\n"
         "    case CudaArch::Sm100a: return 2;\n"
         "    default: throw 1;\n"
         "  }\n"
         "}\n");
  }
  void TearDown() override { fs::remove_all(dir); }
  YAML::Node check(std::vector<std::string> extra) {
    std::vector<std::string> args{"check", "--format", "json", "--target", "sm_120"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back(".");
    ProcessResult r = runProcess(ARCHSCAN_BIN, args, dir.string());
    EXPECT_EQ(r.exit_code, 1) << r.err;
    return YAML::Load(r.out);
  }
  fs::path dir;
};

TEST_F(CompileDatabaseCli, NvccEntryGivesClangTheIncludeDirs) {
  auto recovered = [](const YAML::Node& site) {
    for (const auto& e : site["evidence"])
      if (e.as<std::string>().find("read from source text") != std::string::npos) return true;
    return false;
  };
  YAML::Node tolerant = check({});
  ASSERT_EQ(tolerant["sites"].size(), 1u);
  EXPECT_EQ(tolerant["sites"][0]["entries"].size(), 2u);
  EXPECT_TRUE(recovered(tolerant["sites"][0]));

  spit(dir / "build/compile_commands.json",
       "[{\"directory\": \"" + (dir / "build").string() +
           "\", \"file\": \"../src/pick.cu\",\n"
           "  \"command\": \"/usr/local/cuda/bin/nvcc -I../third/include -gencode arch=compute_90a,code=sm_90a "
           "-Xcompiler -fPIC --expt-relaxed-constexpr -std=c++17 -c ../src/pick.cu -o pick.o\"}]\n");
  YAML::Node found = check({});  // build*/compile_commands.json is picked up
  ASSERT_EQ(found["sites"].size(), 1u);
  EXPECT_EQ(found["sites"][0]["entries"].size(), 2u);
  EXPECT_FALSE(recovered(found["sites"][0]));
  EXPECT_EQ(found["findings"][0]["message"].as<std::string>().find("crashes") != std::string::npos, true);

  ProcessResult bad = runProcess(ARCHSCAN_BIN, {"check", "-p", "nowhere", "--target", "sm_120", "."}, dir.string());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("nowhere"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace archscan
