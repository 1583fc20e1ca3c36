// The content cache: hits give back what was stored; damaged, truncated or
// foreign entries are refused and deleted; concurrent writers leave whole
// entries and no temporaries; pruning keeps the most recently used.
#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "cache/content_cache.h"
#include "facts_io/facts_io.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

FileFacts someFacts(const std::string& path, int sites) {
  FileFacts f;
  f.path = path;
  f.parsed = true;
  for (int i = 0; i < sites; ++i) {
    Site s;
    s.name = "T" + std::to_string(i);
    s.line = i + 1;
    s.entries.push_back(Entry{});
    f.sites.push_back(s);
  }
  return f;
}

class Cache : public ::testing::Test {
 protected:
  void SetUp() override { dir = test::freshDir("archscan-cache"); }
  void TearDown() override { fs::remove_all(dir); }
  // Files other than the folder's own .gitignore: entries and any leftover.
  size_t filesIn(const fs::path& d) {
    size_t n = 0;
    for (const auto& e : fs::recursive_directory_iterator(d))
      n += e.is_regular_file() && e.path().filename() != ".gitignore" ? 1 : 0;
    return n;
  }
  fs::path dir;
};

TEST_F(Cache, AHitIsWhatWasStored) {
  ContentCache c(dir.string(), 0);
  EXPECT_FALSE(c.load(42).has_value());
  FileFacts f = someFacts("a.py", 3);
  c.store(42, f);
  auto back = c.load(42);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(writeFileFacts(*back), writeFileFacts(f));
  EXPECT_FALSE(c.load(43).has_value());
}

TEST_F(Cache, DamagedEntriesAreReExtractedNotTrusted) {
  ContentCache c(dir.string(), 0);
  c.store(1, someFacts("a.py", 2));
  std::string good = test::slurp(c.entryPath(1));
  auto refused = [&](const std::string& bytes) {
    test::spit(c.entryPath(1), bytes);
    bool missed = !c.load(1).has_value();
    bool deleted = !fs::exists(c.entryPath(1));
    return missed && deleted;
  };
  EXPECT_TRUE(refused(good.substr(0, good.size() - 7)));  // truncated
  std::string flipped = good;
  flipped[flipped.size() - 5] ^= 0x01;  // one bit of the payload
  EXPECT_TRUE(refused(flipped));
  std::string other = good;
  const std::string version = " " + std::to_string(kFactsFormat) + " ";
  other.replace(other.find(version), version.size(), " 99 ");  // another format version
  EXPECT_TRUE(refused(other));
  EXPECT_TRUE(refused(""));
  EXPECT_TRUE(refused("archscan-cache 1 0000000000000000 2\n{}"));  // checksum of nothing it holds
  test::spit(c.entryPath(1), good);
  EXPECT_TRUE(c.load(1).has_value());
}

TEST_F(Cache, ConcurrentWritersLeaveWholeEntriesAndNoTemporaries) {
  ContentCache c(dir.string(), 0);
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t)
    writers.emplace_back([&c, t] {
      for (int i = 0; i < 50; ++i) c.store(uint64_t(i % 5), someFacts("f" + std::to_string(i % 5) + ".py", 20 + t));
    });
  for (auto& w : writers) w.join();
  EXPECT_EQ(filesIn(dir), 5u);
  for (uint64_t k = 0; k < 5; ++k) {
    auto f = c.load(k);
    ASSERT_TRUE(f.has_value()) << k;
    EXPECT_EQ(f->path, "f" + std::to_string(k) + ".py");
  }
}

TEST_F(Cache, PruningDeletesTheLeastRecentlyUsed) {
  ContentCache unbounded(dir.string(), 0);
  for (uint64_t k = 0; k < 6; ++k) {
    unbounded.store(k, someFacts("x.py", 10));
    // Distinct times, oldest first, whatever the file system's resolution.
    fs::last_write_time(unbounded.entryPath(k), fs::file_time_type::clock::now() - std::chrono::hours(10 - k));
  }
  uint64_t one = fs::file_size(unbounded.entryPath(0));
  ASSERT_TRUE(unbounded.load(0).has_value());  // used now: the newest
  ContentCache bounded(dir.string(), one * 3);
  EXPECT_EQ(bounded.prune(), 3u);
  EXPECT_TRUE(fs::exists(bounded.entryPath(0)));
  EXPECT_FALSE(fs::exists(bounded.entryPath(1)));
  EXPECT_FALSE(fs::exists(bounded.entryPath(2)));
  EXPECT_FALSE(fs::exists(bounded.entryPath(3)));
  EXPECT_TRUE(fs::exists(bounded.entryPath(4)));
  EXPECT_TRUE(fs::exists(bounded.entryPath(5)));
  EXPECT_EQ(bounded.prune(), 0u);
}

// The folder lives in the user's checkout: git must not pick it up, and
// pruning deletes entries only, never its .gitignore or a write journal.
TEST_F(Cache, FolderIgnoresItselfAndPruningKeepsWhatIsNotAnEntry) {
  ContentCache c(dir.string(), 1);
  c.store(7, someFacts("x.py", 10));
  EXPECT_EQ(test::slurp(dir / ".gitignore"), "# Made by archscan: its content cache, never to be committed.\n*\n");
  test::spit(dir / "txn-1.json", "{}");
  c.store(8, someFacts("y.py", 10));
  EXPECT_EQ(c.prune(), 2u);
  EXPECT_TRUE(fs::exists(dir / ".gitignore"));
  EXPECT_TRUE(fs::exists(dir / "txn-1.json"));
}

// A run killed between writing an entry's temporary and renaming it leaves
// the temporary behind; the next prune removes it once it is old enough to
// belong to no write still going on, and leaves a fresh one alone.
TEST_F(Cache, StaleTemporariesOfAKilledWriteAreRemoved) {
  ContentCache c(dir.string(), 0);
  c.store(7, someFacts("x.py", 10));
  fs::path entry = c.entryPath(7);
  fs::path stale = entry.string() + ".tmp.4242.17", fresh = entry.string() + ".tmp.4243.18";
  test::spit(stale, "half");
  test::spit(fresh, "half");
  fs::last_write_time(stale, fs::file_time_type::clock::now() - std::chrono::hours(2));
  c.prune();
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(fresh));
  EXPECT_TRUE(c.load(7).has_value());
}

TEST_F(Cache, DefaultFolderIsAtTheRepositoryRoot) {
  fs::create_directories(dir / "repo/.git");
  fs::create_directories(dir / "repo/src/pkg");
  EXPECT_EQ(defaultCacheDir((dir / "repo/src/pkg").string()), (dir / "repo/.archscan-cache").string());
}

}  // namespace
}  // namespace archscan
