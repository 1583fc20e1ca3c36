// The walk: which files reach a front-end, under which names and modules,
// what .gitignore, hidden folders, links and the size cap keep out, and
// that a file's stamp is the one stat() gives.
#include "discover/discover.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "extract/registry.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

class Discover : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::freshDir("archscan-discover");
    outside = test::freshDir("archscan-discover-outside");
    test::spit(dir / "pkg" / "__init__.py", "");
    test::spit(dir / "pkg" / "sub" / "__init__.py", "");
    test::spit(dir / "pkg" / "sub" / "ops.py", "A = 1\n");
    test::spit(dir / "pkg" / "sub" / "v1.2.py", "");
    test::spit(dir / "loose" / "tool.py", "");
    test::spit(dir / "loose" / "run", "#!/bin/bash\nnvcc -arch=sm_90 k.cu\n");  // a script by its first line
    test::spit(dir / "loose" / ".pth.py", "");
    test::spit(dir / ".gitignore", "gen/\n*.bak.py\n");
    test::spit(dir / "gen" / "made.py", "");
    test::spit(dir / "keep.bak.py", "");
    test::spit(dir / "deep" / ".gitignore", "local.py\n");
    test::spit(dir / "deep" / "local.py", "");
    test::spit(dir / "deep" / "other.py", "");
    test::spit(dir / "local.py", "");
    test::spit(dir / ".hidden" / "h.py", "");
    test::spit(dir / ".github" / "ci.py", "");
    test::spit(dir / "__pycache__" / "c.py", "");
    test::spit(dir / "node_modules" / "n.py", "");
    test::spit(dir / "notes.txt", "9.0\n");
    test::spit(outside / "far.py", "");
    test::spit(outside / "pkg2" / "x.py", "");
    fs::create_symlink(dir / "pkg" / "sub" / "ops.py", dir / "alias.py");
    fs::create_symlink(outside / "far.py", dir / "far.py");
    fs::create_directory_symlink(outside / "pkg2", dir / "pkg2");
    fs::create_symlink(dir / "missing.py", dir / "dangling.py");
  }
  void TearDown() override {
    fs::current_path(start);
    fs::remove_all(dir);
    fs::remove_all(outside);
  }

  Discovery run(const std::vector<std::string>& paths, DiscoverOptions o = {}) {
    return discover(paths, o, *frontends);
  }
  static std::vector<std::string> paths(const Discovery& d) {
    std::vector<std::string> out;
    for (const auto& f : d.files) out.push_back(f.path);
    return out;
  }
  static const SourceFile* find(const Discovery& d, const std::string& path) {
    for (const auto& f : d.files)
      if (f.path == path) return &f;
    return nullptr;
  }

  fs::path start = fs::current_path();
  fs::path dir, outside;
  Knowledge knowledge = builtinKnowledge();
  std::shared_ptr<const FrontendSet> frontends = makeFrontends(knowledge, FrontendSettings{".", ""});
};

TEST_F(Discover, FindsTheFilesAFrontendReadsAndNothingElse) {
  fs::current_path(dir);
  Discovery d = run({"."});
  std::vector<std::string> want{
      "alias.py",      "deep/other.py",   ".github/ci.py",       "local.py",       "loose/.pth.py",  "loose/run",
      "loose/tool.py", "pkg/__init__.py", "pkg/sub/__init__.py", "pkg/sub/ops.py", "pkg/sub/v1.2.py"};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(paths(d), want);
  EXPECT_TRUE(d.diagnostics.empty());
}

TEST_F(Discover, NamesFilesTheSameWhicheverWayTheRootIsSpelled) {
  fs::current_path(dir.parent_path());
  std::string name = dir.filename().string();
  std::vector<std::string> expected = paths(run({name}));
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(expected.front().rfind(name + "/", 0), 0u) << expected.front();
  for (const std::string& spelling :
       std::vector<std::string>{name + "/", "./" + name, name + "//", "./" + name + "/../" + name})
    EXPECT_EQ(paths(run({spelling})), expected) << spelling;
  EXPECT_EQ(paths(run({dir.string()})), expected) << "an absolute root below the working folder";
  fs::current_path(outside);
  std::vector<std::string> absolute;
  for (const std::string& p : expected) absolute.push_back(dir.parent_path().string() + "/" + p);
  for (const std::string& spelling : std::vector<std::string>{dir.string(), dir.string() + "/", "../" + name})
    EXPECT_EQ(paths(run({spelling})), absolute)
        << spelling << ": a root beside the working folder names files absolute";
  fs::current_path(dir / "pkg");
  std::vector<std::string> inside = paths(run({dir.string()}));
  EXPECT_NE(std::find(inside.begin(), inside.end(), "sub/ops.py"), inside.end());
  EXPECT_NE(std::find(inside.begin(), inside.end(), (dir / "loose" / "tool.py").string()), inside.end())
      << "a file outside the working folder is named by its absolute path";
}

TEST_F(Discover, NamesModulesAfterTheirPackages) {
  fs::current_path(dir);
  for (const std::string& root : std::vector<std::string>{".", "./", dir.string()}) {
    Discovery d = run({root});
    auto module = [&](const std::string& p) {
      const SourceFile* f = find(d, p);
      return f ? f->module : "(not found: " + p + ")";
    };
    EXPECT_EQ(module("pkg/sub/ops.py"), "pkg.sub.ops") << root;
    EXPECT_EQ(module("pkg/sub/__init__.py"), "pkg.sub") << root;
    EXPECT_EQ(module("pkg/__init__.py"), "pkg") << root;
    EXPECT_EQ(module("pkg/sub/v1.2.py"), "pkg.sub.v1.2") << root;  // only the last suffix goes
    EXPECT_EQ(module("loose/tool.py"), "tool") << root;
    EXPECT_EQ(module("loose/.pth.py"), ".pth") << root;
  }
  Discovery one = run({"pkg/sub/ops.py"});
  ASSERT_EQ(one.files.size(), 1u);
  EXPECT_EQ(one.files[0].module, "pkg.sub.ops");
  EXPECT_EQ(one.files[0].root, "pkg/sub");
}

TEST_F(Discover, StampsEachFileAsStatDoesAndSkipsHugeOnes) {
  fs::current_path(dir);
  test::spit(dir / "big.py", std::string(2048, '#'));
  DiscoverOptions o;
  o.max_bytes = 1024;
  Discovery d = run({"."}, o);
  EXPECT_EQ(find(d, "big.py"), nullptr);
  ASSERT_EQ(d.diagnostics.size(), 1u);
  EXPECT_EQ(d.diagnostics[0].file, "big.py");
  EXPECT_EQ(d.diagnostics[0].message,
            "skipped: larger than 1024 bytes (named on the command line, a file is read whatever its size)");
  EXPECT_EQ(d.too_large, std::vector<std::string>{"big.py"});
  for (const std::string& p : std::vector<std::string>{"pkg/sub/ops.py", "alias.py"}) {
    const SourceFile* f = find(d, p);
    ASSERT_NE(f, nullptr) << p;
    ASSERT_TRUE(f->stamp.has_value()) << p;
    EXPECT_EQ(*f->stamp, *stampOf(p)) << p;  // a link's stamp is its target's
  }
}

TEST_F(Discover, ListsHeadersAndTheFoldersItDidNotEnter) {
  test::spit(dir / "gen" / "g.h", "");
  test::spit(dir / "inc" / "a.cuh", "");
  DiscoverOptions o;
  o.list_suffixes = {".h", ".cuh"};
  Discovery d = run({dir.string()}, o);
  ASSERT_EQ(d.listings.size(), 1u);
  EXPECT_EQ(d.listings[0].files, std::vector<std::string>{(dir / "inc" / "a.cuh").string()});
  std::vector<std::string> skipped = d.listings[0].skipped;
  std::sort(skipped.begin(), skipped.end());
  std::vector<std::string> want{(dir / ".hidden").string(), (dir / "__pycache__").string(), (dir / "gen").string(),
                                (dir / "node_modules").string()};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(skipped, want);  // not pkg2: a link to a folder is neither entered nor listed
}

TEST_F(Discover, ExcludesByBareNameAndByPathFromTheirBase) {
  DiscoverOptions o;
  o.excludes = {{"sub", start.string()}, {"loose/*.py", dir.string()}};
  fs::current_path(dir);
  Discovery d = run({"."}, o);
  for (const auto& f : d.files) {
    EXPECT_EQ(f.path.find("sub/"), std::string::npos) << f.path;
    EXPECT_NE(f.path, "loose/tool.py");
  }
  EXPECT_NE(find(d, "loose/run"), nullptr);
  EXPECT_EQ(d.exclude_hits, (std::vector<size_t>{1, 2}));
}

}  // namespace
}  // namespace archscan
