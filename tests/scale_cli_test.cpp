// Speed features must not change a single finding: over all of testdata, a
// scan through a cold or warm content cache, a scan merged from sharded
// facts files, a scan without the prefilter, and one with or without the
// precompiled Clang prelude report what a plain scan does.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>

#include "process.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

const std::vector<std::string> kTargets = {"--target", "sm_120", "--target", "sm_121", "--all"};

// The report minus its timing, the one field that may differ between runs.
std::string timeless(const std::string& json) {
  return std::regex_replace(json, std::regex(R"("seconds":\s*[-+0-9.eE]+)"), "\"seconds\": 0");
}

class Scale : public ::testing::Test {
 protected:
  void SetUp() override { dir = test::freshDir("archscan-scale"); }
  void TearDown() override { fs::remove_all(dir); }

  ProcessResult run(std::vector<std::string> args) { return runProcess(ARCHSCAN_BIN, args, TESTDATA_DIR, process); }
  // check --format json over all of testdata, with `extra` options.
  std::string check(const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"check", "--format", "json", "--fail-on", "never", "-q"};
    args.insert(args.end(), kTargets.begin(), kTargets.end());
    args.insert(args.end(), extra.begin(), extra.end());
    ProcessResult r = run(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return timeless(r.out);
  }
  size_t entries(const fs::path& cache) {
    size_t n = 0;
    for (const auto& e : fs::recursive_directory_iterator(cache)) n += e.path().extension() == ".facts";
    return n;
  }
  // Where archscan finds the prelude built with it (ARCHSCAN_PRELUDE_DIR).
  void shipPreludeFrom(const fs::path& folder) {
    fs::create_directories(folder);
    process.env = {{"ARCHSCAN_PRELUDE_DIR", folder.string()}};
  }
  std::vector<fs::path> pchFiles(const fs::path& folder) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folder, ec))
      if (e.path().extension() == ".pch") out.push_back(e.path());
    return out;
  }
  fs::path dir;
  ProcessOptions process;  // how run() starts archscan
};

TEST_F(Scale, WarmCacheGivesTheColdOutputByteForByte) {
  std::string plain = check({"--no-cache", "."});
  ASSERT_NE(plain.find("\"findings\""), std::string::npos);
  std::string cache = (dir / "cache").string();
  EXPECT_EQ(check({"--cache-dir", cache, "."}), plain);  // cold: fills the cache
  size_t stored = entries(cache);
  EXPECT_GT(stored, 20u);
  ProcessResult warm = run({"check", "--format", "json", "--fail-on", "never", "-v", "--cache-dir", cache, "--target",
                            "sm_120", "--target", "sm_121", "--all", "."});
  EXPECT_EQ(timeless(warm.out), plain);
  EXPECT_NE(warm.err.find(" 0 misses"), std::string::npos) << warm.err;
  EXPECT_EQ(entries(cache), stored);
  // testdata/ was written long before: the snapshot answers for every file.
  EXPECT_EQ(warm.err.find(" 0 files unchanged"), std::string::npos) << warm.err;
  EXPECT_NE(warm.err.find("files unchanged since the last scan"), std::string::npos) << warm.err;

  // Without the snapshot, every file is read again and its entry is a hit.
  fs::remove_all(fs::path(cache) / "snapshots");
  ProcessResult hits = run({"check", "--format", "json", "--fail-on", "never", "-v", "--cache-dir", cache, "--target",
                            "sm_120", "--target", "sm_121", "--all", "."});
  EXPECT_EQ(timeless(hits.out), plain);
  EXPECT_NE(hits.err.find(": 0 files unchanged since the last scan (not read), " + std::to_string(stored) + " hits"),
            std::string::npos)
      << hits.err;

  // Damage every entry and drop the snapshot: each entry is refused and re-extracted, never trusted.
  fs::remove_all(fs::path(cache) / "snapshots");
  for (const auto& e : fs::recursive_directory_iterator(cache)) {
    if (e.path().extension() != ".facts") continue;
    std::string bytes = test::slurp(e.path());
    test::spit(e.path(), bytes.substr(0, bytes.size() * 2 / 3));
  }
  EXPECT_EQ(check({"--cache-dir", cache, "."}), plain);
  EXPECT_EQ(check({"--cache-dir", cache, "."}), plain);
}

// A file name may be any bytes, and the content cache stores JSON: a name
// that is not UTF-8 must come back from it as it went in, or the report
// (and fix's writes) would name another file. Every writer shows such a
// byte as the text writer does, \xff, so the JSON is valid UTF-8 too.
TEST_F(Scale, ANameThatIsNotUtf8ReadsTheSameFromTheCache) {
  fs::path tree = dir / "tree";
  // 0xff, and 0xe9 alone (Latin-1 e-acute): neither is UTF-8.
  test::spit(tree / "kernels" / "caps\xff.py", test::kOneCapabilityTable);
  test::spit(tree / "caf\xe9" / "CMakeLists.txt",
             "cmake_minimum_required(VERSION 3.18)\nset(CMAKE_CUDA_ARCHITECTURES 90 100)\n");
  std::string cache = (dir / "cache").string();
  auto scan = [&](const std::string& format, const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"check", "--target", "sm_120", "--all", "--fail-on", "never", "--format", format};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back("tree");
    ProcessResult r = runProcess(ARCHSCAN_BIN, args, dir.string());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "") << r.err;
    return timeless(r.out);
  };
  for (std::string format : {"text", "json", "sarif"}) {
    fs::remove_all(cache);
    std::string plain = scan(format, {"--no-cache"});
    EXPECT_EQ(scan(format, {"-q", "--cache-dir", cache}), plain) << format << ": cold";
    EXPECT_EQ(scan(format, {"-q", "--cache-dir", cache}), plain) << format << ": warm, from the snapshot";
    fs::remove_all(fs::path(cache) / "snapshots");
    EXPECT_EQ(scan(format, {"-q", "--cache-dir", cache}), plain) << format << ": warm, from the content cache";
    EXPECT_EQ(plain.find("\xef\xbf\xbd"), std::string::npos) << format << ": U+FFFD in\n" << plain;
    EXPECT_EQ(plain.find('\xff'), std::string::npos) << format << ": a raw byte in\n" << plain;
    if (format == "text") {
      EXPECT_NE(plain.find("tree/kernels/caps\\xff.py:3: error[missing-arch]"), std::string::npos) << plain;
      EXPECT_NE(plain.find("tree/caf\\xe9/CMakeLists.txt:2:"), std::string::npos) << plain;
    } else if (format == "json") {
      EXPECT_NE(plain.find("\"file\": \"tree/kernels/caps\\\\xff.py\""), std::string::npos) << plain;
    } else {
      EXPECT_NE(plain.find("\"uri\": \"tree/kernels/caps%FF.py\""), std::string::npos) << plain;
    }
  }
}

TEST_F(Scale, KnowledgeChangesMissTheCache) {
  std::string cache = (dir / "cache").string();
  check({"--cache-dir", cache, "."});
  // An arch the table lacks is added to the knowledge for the run, which
  // changes what counts as a site: nothing extracted without it may be reused.
  ProcessResult r =
      run({"check", "--format", "json", "--fail-on", "never", "-v", "--cache-dir", cache, "--target", "sm_107", "."});
  EXPECT_NE(r.err.find(" 0 hits"), std::string::npos) << r.err;
  ProcessResult plain =
      run({"check", "--format", "json", "--fail-on", "never", "--no-cache", "--target", "sm_107", "."});
  EXPECT_EQ(timeless(r.out), timeless(plain.out));
}

TEST_F(Scale, ShardedFactsMergeToTheSingleScan) {
  std::string plain = check({"--no-cache", "."});
  for (int n : {1, 3, 7}) {
    std::vector<std::string> facts = {"--no-cache"};
    for (int k = 1; k <= n; ++k) {
      // Plain JSON for N = 1, zstd-compressed otherwise: both are read back.
      std::string out =
          (dir / ("facts-" + std::to_string(k) + "-of-" + std::to_string(n) + (n == 1 ? ".json" : ".json.zst")))
              .string();
      std::vector<std::string> args = {"extract", ".", "--shard",    std::to_string(k) + "/" + std::to_string(n),
                                       "-o",      out, "--no-cache", "-q"};
      args.insert(args.end(), kTargets.begin(), kTargets.end() - 1);
      ProcessResult r = run(args);
      ASSERT_EQ(r.exit_code, 0) << r.err;
      facts.push_back("--facts");
      facts.push_back(out);
    }
    facts.push_back(".");
    EXPECT_EQ(check(facts), plain) << "N = " << n;
    // As a shell glob gives them: one flag, then every shard as an argument.
    std::vector<std::string> globbed = {"--no-cache", "."};
    for (size_t i = 2; i < facts.size() - 1; i += 2) globbed.push_back(facts[i]);
    globbed.insert(globbed.begin() + 2, "--facts");
    EXPECT_EQ(check(globbed), plain) << "N = " << n << ", --facts FILE...";
  }
}

TEST_F(Scale, IncompleteOrForeignFactsAreRefused) {
  auto extract = [&](const std::string& shard, const std::string& target) {
    std::string out = (dir / ("f" + shard.substr(0, 1) + target + ".json")).string();
    ProcessResult r = run({"extract", ".", "--shard", shard, "-o", out, "--no-cache", "-q", "--target", target});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return out;
  };
  std::string one = extract("1/2", "sm_120");
  ProcessResult missing = run({"check", "--target", "sm_120", "--facts", one, "."});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("shard 2/2 is missing"), std::string::npos) << missing.err;
  EXPECT_EQ(missing.out, "");
  // Extracted knowing sm_107 (an arch the table lacks): other knowledge.
  std::string two = extract("2/2", "sm_107");
  ProcessResult foreign = run({"check", "--target", "sm_120", "--facts", one, "--facts", two, "."});
  EXPECT_EQ(foreign.exit_code, 2);
  EXPECT_NE(foreign.err.find(two + ": extracted by archscan"), std::string::npos) << foreign.err;
  ProcessResult twice = run({"check", "--target", "sm_120", "--facts", one, "--facts", one, "."});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("shard 1 also given"), std::string::npos) << twice.err;
  ProcessResult badShard = run({"extract", ".", "--shard", "4/3", "-o", (dir / "x.json").string()});
  EXPECT_EQ(badShard.exit_code, 2);
  EXPECT_FALSE(fs::exists(dir / "x.json"));
}

// A shard records what chose its files; shards of different walks are not
// one scan, and a shard edited by hand is not what archscan wrote.
TEST_F(Scale, ShardsOfAnotherWalkOrEditedByHandAreRefused) {
  std::string one = (dir / "s1.json").string(), two = (dir / "s2.json").string();
  ASSERT_EQ(run({"extract", ".", "--shard", "1/2", "-o", one, "--no-cache", "-q", "--target", "sm_120"}).exit_code, 0);
  ProcessResult other = run({"extract", ".", "--shard", "2/2", "-o", two, "--no-cache", "-q", "--target", "sm_120",
                             "--exclude", "nothing-here/"});
  ASSERT_EQ(other.exit_code, 0) << other.err;
  ProcessResult mixed = run({"check", "--target", "sm_120", "--facts", one, "--facts", two, "."});
  EXPECT_EQ(mixed.exit_code, 2);
  EXPECT_NE(mixed.err.find(two + ": extracted with exclude=nothing-here/"), std::string::npos) << mixed.err;
  EXPECT_EQ(mixed.out, "");

  ASSERT_EQ(run({"extract", ".", "--shard", "2/2", "-o", two, "--no-cache", "-q", "--target", "sm_120"}).exit_code, 0);
  std::string text = test::slurp(two);
  size_t at = text.find("\"line\":");
  ASSERT_NE(at, std::string::npos);
  text.insert(at + 7, "1");  // one digit more in a line number
  test::spit(two, text);
  ProcessResult edited = run({"check", "--target", "sm_120", "--facts", one, "--facts", two, "."});
  EXPECT_EQ(edited.exit_code, 2);
  EXPECT_NE(edited.err.find(two + ": the checksum does not match its contents"), std::string::npos) << edited.err;
}

// The prefilter skips files without arch-shaped words before any parse. It
// must never lose a site a full parse finds: every site of every testdata
// case (audit rows, --all) is the same with every file parsed.
TEST_F(Scale, ThePrefilterNeverLosesASite) {
  auto rows = [&](const std::string& extra) {
    std::vector<std::string> args = {"audit", "--format", "json", "--no-cache", "-q", "--fail-on", "never"};
    args.insert(args.end(), kTargets.begin(), kTargets.end());
    if (!extra.empty()) args.push_back(extra);
    args.push_back(".");
    ProcessResult r = run(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    size_t at = r.out.find("\"rows\"");
    EXPECT_NE(at, std::string::npos);
    if (at == std::string::npos) return std::string();
    // The stats count the files parsed, which is what the prefilter changes.
    size_t stats = r.out.find("\"stats\"", at);
    return r.out.substr(at, stats == std::string::npos ? std::string::npos : stats - at);
  };
  std::string filtered = rows("");
  EXPECT_GT(filtered.size(), 1000u);
  EXPECT_EQ(rows("--no-prefilter"), filtered);
  std::string findings = check({"--no-cache", "."});
  std::string unfiltered = check({"--no-cache", "--no-prefilter", "."});
  auto withoutStats = [](const std::string& s) {
    return std::regex_replace(s, std::regex(R"("files_parsed":\s*[0-9]+)"), "");
  };
  EXPECT_EQ(withoutStats(unfiltered), withoutStats(findings));
}

// Every C/C++ file of testdata that includes what it uses, parsed from the
// precompiled standard headers or from its own includes: the same sites,
// findings and audit rows. (cpp-std-via-framework is the one that does not,
// and there the prelude finds more: its golden runs show both.)
TEST_F(Scale, TheClangPreludeChangesNoFindingOfAFileThatIncludesWhatItUses) {
  const std::vector<std::string> scope = {"--exclude", "cpp-std-via-framework", "."};
  auto with = [&](std::vector<std::string> args) {
    args.insert(args.end(), scope.begin(), scope.end());
    return args;
  };
  std::string without = check(with({"--no-cache", "--no-clang-prelude"}));
  ASSERT_NE(without.find("\"findings\""), std::string::npos);
  EXPECT_EQ(check(with({"--no-cache"})), without);
  auto audit = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {"audit",  "--format", "json",      "--no-cache", "-q",       "--fail-on", "never",
                                     "--show", "all",      "--columns", "all",        "--target", "sm_120"};
    args.insert(args.end(), extra.begin(), extra.end());
    ProcessResult r = run(with(args));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return timeless(r.out);
  };
  std::string rows = audit({"--no-clang-prelude"});
  EXPECT_GT(rows.size(), 1000u);
  EXPECT_EQ(audit({}), rows);
}

// The prelude is kept in the cache folder and used again; a damaged copy is
// found out by loading it once, rebuilt, and replaced.
TEST_F(Scale, AKeptPreludeIsReusedAndADamagedOneRebuilt) {
  shipPreludeFrom(dir / "none shipped");
  std::string plain = check({"--no-cache", "."});
  fs::path cache = dir / "cache";
  auto scanAgain = [&] {
    // Drop every entry and snapshot so that Clang parses again; keep the prelude.
    for (const auto& e : fs::directory_iterator(cache))
      if (e.path().filename() != "prelude") fs::remove_all(e.path());
    return check({"--cache-dir", cache.string(), "."});
  };
  EXPECT_EQ(check({"--cache-dir", cache.string(), "."}), plain);
  std::vector<fs::path> kept = pchFiles(cache / "prelude");
  ASSERT_EQ(kept.size(), 1u);
  std::string built = test::slurp(kept[0]);
  EXPECT_GT(built.size(), 100000u);

  auto stamp = fs::last_write_time(kept[0]);
  EXPECT_EQ(scanAgain(), plain);
  EXPECT_EQ(fs::last_write_time(kept[0]), stamp);  // loaded, not rebuilt

  test::spit(kept[0], built.substr(0, built.size() / 2));
  EXPECT_EQ(scanAgain(), plain);
  EXPECT_EQ(test::slurp(kept[0]).size(), built.size());
  test::spit(kept[0], std::string(4096, 'x'));
  EXPECT_EQ(scanAgain(), plain);
  EXPECT_EQ(test::slurp(kept[0]).size(), built.size());
}

// The prelude built with archscan is taken as it is and never written to;
// the cache folder gets one only when that one does not load. The scanned
// folder uses a standard name it does not include, so its findings show
// whether the prelude was there at all.
TEST_F(Scale, AShippedPreludeIsUsedAndADamagedOneIsNeitherUsedNorMended) {
  const std::string folder = "kinds/cpp-std-via-framework";
  fs::path built = dir / "built";
  shipPreludeFrom(dir / "none shipped");
  std::string plain = check({"--cache-dir", (built / "cache").string(), folder});
  ASSERT_EQ(pchFiles(built / "cache" / "prelude").size(), 1u);
  ASSERT_NE(check({"--no-cache", "--no-clang-prelude", folder}), plain);

  fs::path shipped = dir / "shipped";
  shipPreludeFrom(shipped);
  fs::path pch = shipped / pchFiles(built / "cache" / "prelude")[0].filename();
  fs::copy_file(pchFiles(built / "cache" / "prelude")[0], pch);
  EXPECT_EQ(check({"--no-cache", folder}), plain);
  EXPECT_EQ(check({"--cache-dir", (dir / "a").string(), folder}), plain);
  EXPECT_TRUE(pchFiles(dir / "a" / "prelude").empty());

  std::string bytes = test::slurp(pch);
  test::spit(pch, bytes.substr(0, bytes.size() / 2));
  EXPECT_EQ(check({"--cache-dir", (dir / "b").string(), folder}), plain);
  EXPECT_EQ(pchFiles(dir / "b" / "prelude").size(), 1u);
  EXPECT_EQ(fs::file_size(pch), bytes.size() / 2);
}

// A binary linked against LLVM's archives keeps Clang in archscan-clang.so
// beside it and opens it at the first file Clang parses (ld.so names each
// object it opens under LD_DEBUG=files): a scan with nothing for Clang,
// here a Python tree or a warm one, never opens it.
TEST_F(Scale, ClangIsOpenedOnlyByAScanThatParsesCpp) {
  if (!fs::exists(fs::path(ARCHSCAN_BIN).parent_path() / "archscan-clang.so")) GTEST_SKIP() << "Clang is linked in";
  process.env = {{"LD_DEBUG", "files"}};
  auto opensClang = [&](const std::vector<std::string>& args) {
    ProcessResult r = run(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.err.find("archscan-clang.so") != std::string::npos;
  };
  const std::string cache = (dir / "cache").string();
  std::vector<std::string> cpp = {
      "check", "-q", "--fail-on", "never", "-o", "/dev/null", "--cache-dir", cache, "frameworks/trtllm-sm-dispatch"};
  EXPECT_FALSE(
      opensClang({"check", "-q", "--fail-on", "never", "-o", "/dev/null", "--no-cache", "frameworks/sglang-symm-mem"}));
  EXPECT_TRUE(opensClang(cpp));
  EXPECT_FALSE(opensClang(cpp)) << "a warm scan parses nothing";
}

// Without its module, such a binary says where it looked, in one line, and
// exits 2 before reading a file.
TEST_F(Scale, ABinaryWithoutItsClangModuleSaysSo) {
  if (!fs::exists(fs::path(ARCHSCAN_BIN).parent_path() / "archscan-clang.so")) GTEST_SKIP() << "Clang is linked in";
  fs::path lone = dir / "bin" / "archscan";
  fs::create_directories(lone.parent_path());
  fs::copy_file(ARCHSCAN_BIN, lone);
  ProcessResult r =
      runProcess(lone.string(), {"check", "--no-cache", "frameworks/trtllm-sm-dispatch"}, TESTDATA_DIR, process);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("cannot find the C++ front-end, archscan-clang.so, beside " + lone.parent_path().string()),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace
}  // namespace archscan
