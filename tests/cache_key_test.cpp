// The C/C++ headers fingerprint covers every header below the scan root,
// including those .gitignore, --exclude or hidden folders keep from the scan.
// Discovery's listing spares a second walk of the tree; it must give the same
// fingerprint as that walk.
#include <gtest/gtest.h>

#include <filesystem>

#include "discover/discover.h"
#include "extract/cache_key.h"
#include "extract/registry.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

class HeadersFingerprint : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::freshDir("archscan-cache-key");
    outside = test::freshDir("archscan-cache-key-outside");
    test::spit(dir / "src" / "kernel.cu", "#include \"kernel.h\"\nint f(int sm) { return sm >= 90; }\n");
    test::spit(dir / "src" / "kernel.h", "int f(int sm);\n");
    test::spit(dir / ".gitignore", "build/\n");
    test::spit(dir / "build" / "generated.h", "#define GEN 1\n");
    test::spit(dir / "build" / ".git" / "not-ours.h", "x\n");
    test::spit(dir / "vendored" / "third.hpp", "int third();\n");
    test::spit(dir / ".hidden" / "y.cuh", "int y();\n");
    test::spit(dir / "node_modules" / "z.hh", "int z();\n");
    test::spit(dir / ".git" / "objects" / "q.h", "q\n");
    test::spit(dir / "src" / ".h", "not a header by extension\n");
    test::spit(outside / "out.h", "int out();\n");
    fs::create_directory_symlink(outside, dir / "linked");
  }
  void TearDown() override {
    fs::remove_all(dir);
    fs::remove_all(outside);
  }

  Discovery discoverTree() {
    DiscoverOptions o;
    o.excludes.push_back({"vendored", fs::current_path().string()});
    o.list_suffixes.assign(kHeaderSuffixes.begin(), kHeaderSuffixes.end());
    return discover({dir.string()}, o, *frontends);
  }

  fs::path dir, outside;
  Knowledge knowledge = builtinKnowledge();
  std::shared_ptr<const FrontendSet> frontends = makeFrontends(knowledge, FrontendSettings{".", ""});
};

TEST_F(HeadersFingerprint, DiscoveryListingGivesTheFingerprintOfAWholeWalk) {
  Discovery d = discoverTree();
  ASSERT_EQ(d.listings.size(), 1u);
  EXPECT_EQ(d.listings[0].root, fs::absolute(dir).lexically_normal().string());  // so the listing is used
  EXPECT_FALSE(d.listings[0].skipped.empty());  // build/, vendored/, .hidden/, node_modules/, .git/
  std::string listed = cppHeadersFingerprint(d.files, dir.string(), d.listings);
  EXPECT_FALSE(listed.empty());
  EXPECT_EQ(listed, cppHeadersFingerprint(d.files, dir.string()));

  // A header the scan skips still changes it, by either route; one in .git does not.
  for (const fs::path& changed : {dir / "build" / "generated.h", dir / "vendored" / "third.hpp",
                                  dir / ".hidden" / "y.cuh", dir / "node_modules" / "z.hh"}) {
    std::string before = test::slurp(changed);
    test::spit(changed, before + "// edited\n");
    Discovery again = discoverTree();
    std::string after = cppHeadersFingerprint(again.files, dir.string(), again.listings);
    EXPECT_NE(after, listed) << changed;
    EXPECT_EQ(after, cppHeadersFingerprint(again.files, dir.string())) << changed;
    test::spit(changed, before);
  }
  test::spit(dir / ".git" / "objects" / "q.h", "changed\n");
  test::spit(dir / "build" / ".git" / "not-ours.h", "changed\n");
  test::spit(outside / "out.h", "int out(int);\n");
  Discovery last = discoverTree();
  EXPECT_EQ(cppHeadersFingerprint(last.files, dir.string(), last.listings), listed);
}

TEST_F(HeadersFingerprint, AHeaderWhoseStampTheSnapshotRecordedIsNotRead) {
  Discovery d = discoverTree();
  HashedHeaders full = hashHeaders(d.files, dir.string(), d.listings, nullptr);
  EXPECT_EQ(full.fingerprint, cppHeadersFingerprint(d.files, dir.string(), d.listings));
  ASSERT_EQ(full.hashes.size(), 5u);  // kernel.h, generated.h, third.hpp, y.cuh, z.hh
  EXPECT_EQ(full.read, 5u);

  std::string file = (outside / "s.snapshot").string();
  writeSnapshot(file, full.fingerprint, {}, full.hashes);
  Snapshot snap = Snapshot::load(file);
  HashedHeaders warm = hashHeaders(d.files, dir.string(), d.listings, &snap);
  EXPECT_EQ(warm.fingerprint, full.fingerprint);
  EXPECT_EQ(warm.read, 0u);

  // The recorded hash is taken as it stands: proof that the header was not read.
  std::vector<HeaderRecord> forged = full.hashes;
  for (auto& h : forged) h.hash += 1;
  writeSnapshot(file, full.fingerprint, {}, forged);
  Snapshot forgedSnap = Snapshot::load(file);
  HashedHeaders trusted = hashHeaders(d.files, dir.string(), d.listings, &forgedSnap);
  EXPECT_NE(trusted.fingerprint, full.fingerprint);
  EXPECT_EQ(trusted.read, 0u);

  // An edited header has another stamp and is read again, listed or discovered.
  for (const fs::path& edited : {dir / "build" / "generated.h", dir / "src" / "kernel.h"}) {
    test::spit(edited, test::slurp(edited) + "// edited\n");
    Discovery again = discoverTree();
    HashedHeaders after = hashHeaders(again.files, dir.string(), again.listings, &snap);
    EXPECT_EQ(after.fingerprint, cppHeadersFingerprint(again.files, dir.string(), again.listings)) << edited;
    EXPECT_NE(after.fingerprint, full.fingerprint) << edited;
    EXPECT_EQ(after.read, edited.filename() == "kernel.h" ? 2u : 1u) << edited;  // generated.h stays edited
  }
}

TEST_F(HeadersFingerprint, AListingOfAnotherRootIsNotUsed) {
  Discovery d = discoverTree();
  d.listings[0].root = (outside / "elsewhere").string();
  d.listings[0].files.clear();
  d.listings[0].skipped.clear();
  EXPECT_EQ(cppHeadersFingerprint(d.files, dir.string(), d.listings), cppHeadersFingerprint(d.files, dir.string()));
}

TEST_F(HeadersFingerprint, NoCppFileNoFingerprint) {
  fs::remove(dir / "src" / "kernel.cu");
  fs::remove(dir / "src" / "kernel.h");
  fs::remove(dir / "src" / ".h");
  test::spit(dir / "a.py", "A = {9: 1}\n");
  Discovery d = discoverTree();
  EXPECT_EQ(cppHeadersFingerprint(d.files, dir.string(), d.listings), "");
}

}  // namespace
}  // namespace archscan
