// The scan snapshot: a file whose stamp is the recorded one takes its facts
// from the last scan unread; any change of content, size, inode or times, a
// damaged snapshot, or a stamp too close to the scan's start makes it read
// the file again.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "cache/snapshot.h"
#include "extract/extract.h"
#include "extract/registry.h"
#include "facts_io/facts_io.h"
#include "test_files.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

FileStamp someStamp() { return FileStamp{1, 2, 3, 4'000'000'000, 5'000'000'000}; }

class SnapshotTest : public ::testing::Test {
 protected:
  void SetUp() override { dir = test::freshDir("archscan-snapshot"); }
  void TearDown() override { fs::remove_all(dir); }
  fs::path dir;
};

TEST_F(SnapshotTest, AFileIsFoundOnlyWithItsRecordedStamp) {
  std::string file = (dir / "s.snapshot").string();
  writeSnapshot(file, "H", {{"a.py", someStamp(), "{\"a\":1}"}, {"b.py", someStamp(), "{\"b\":2}"}});
  Snapshot s = Snapshot::load(file);
  EXPECT_EQ(s.size(), 2u);
  EXPECT_EQ(s.headers(), "H");
  ASSERT_TRUE(s.find("a.py", someStamp()).has_value());
  EXPECT_EQ(*s.find("a.py", someStamp()), "{\"a\":1}");
  EXPECT_EQ(*s.find("b.py", someStamp()), "{\"b\":2}");
  EXPECT_FALSE(s.find("c.py", someStamp()).has_value());
  for (int field = 0; field < 5; ++field) {
    FileStamp t = someStamp();
    uint64_t* u[] = {&t.dev, &t.ino, &t.size};
    if (field < 3) ++*u[field];
    else if (field == 3) ++t.mtime_ns;
    else ++t.ctime_ns;
    EXPECT_FALSE(s.find("a.py", t).has_value()) << "stamp field " << field;
  }
  Snapshot moved = std::move(s);  // the records point into its bytes
  EXPECT_EQ(*moved.find("b.py", someStamp()), "{\"b\":2}");
}

TEST_F(SnapshotTest, AHeaderHashIsFoundOnlyWithItsRecordedStamp) {
  std::string file = (dir / "s.snapshot").string();
  writeSnapshot(file, "H", {{"a.cu", someStamp(), "{}"}}, {{"/t/a.h", someStamp(), 42}, {"/t/b.h", someStamp(), 7}});
  Snapshot s = Snapshot::load(file);
  EXPECT_EQ(s.size(), 1u);
  EXPECT_EQ(s.headerHash("/t/a.h", someStamp()), std::optional<uint64_t>(42));
  EXPECT_EQ(s.headerHash("/t/b.h", someStamp()), std::optional<uint64_t>(7));
  EXPECT_FALSE(s.headerHash("/t/c.h", someStamp()).has_value());
  EXPECT_FALSE(s.headerHash("a.cu", someStamp()).has_value()) << "a file's record is no header's";
  FileStamp touched = someStamp();
  ++touched.ctime_ns;
  EXPECT_FALSE(s.headerHash("/t/a.h", touched).has_value());
}

TEST_F(SnapshotTest, DamagedTruncatedOrAbsentSnapshotsLoadEmpty) {
  std::string file = (dir / "s.snapshot").string();
  EXPECT_EQ(Snapshot::load(file).size(), 0u);
  writeSnapshot(file, "", {{"a.py", someStamp(), "{}"}});
  std::string good = test::slurp(file);
  ASSERT_EQ(Snapshot::load(file).size(), 1u);
  std::string flipped = good;
  flipped[flipped.size() - 1] ^= 1;
  test::spit(file, flipped);
  EXPECT_EQ(Snapshot::load(file).size(), 0u);
  test::spit(file, good.substr(0, good.size() - 3));
  EXPECT_EQ(Snapshot::load(file).size(), 0u);
  std::string otherFormat = good;
  otherFormat.replace(otherFormat.find(' '), 2, " 9");
  test::spit(file, otherFormat);
  EXPECT_EQ(Snapshot::load(file).size(), 0u);
  EXPECT_TRUE(fs::remove(file));
  writeSnapshot(file, "", {});
  EXPECT_EQ(fs::directory_iterator(dir) == fs::directory_iterator(), false);
  for (const auto& e : fs::directory_iterator(dir)) EXPECT_EQ(e.path().filename(), "s.snapshot");  // no temporary
}

TEST_F(SnapshotTest, OnlyStampsBeforeTheMarginAreSettled) {
  FileStamp s = someStamp();  // mtime 4 s, ctime 5 s
  EXPECT_TRUE(stampIsSettled(s, 5'000'000'001));
  EXPECT_FALSE(stampIsSettled(s, 5'000'000'000));
  s.mtime_ns = 6'000'000'000;  // an mtime set ahead of the ctime
  EXPECT_FALSE(stampIsSettled(s, 5'500'000'000));
}

TEST_F(SnapshotTest, TimesCenturiesAheadSaturateAndAreNeverSettled) {
  fs::path f = dir / "x.py";
  test::spit(f, "x = 1\n");
  timespec times[2] = {{0, UTIME_OMIT}, {20'000'000'000, 0}};  // the year 2603 (touch -d)
  if (::utimensat(AT_FDCWD, f.c_str(), times, 0) != 0) GTEST_SKIP() << "this file system refuses such a time";
  auto s = stampOf(f.string());
  ASSERT_TRUE(s.has_value());
  EXPECT_GT(s->mtime_ns, nowNs());  // no overflow into the past
  EXPECT_FALSE(stampIsSettled(*s, nowNs()));
}

// Extraction through a snapshot, as a scan does it.
class SnapshotScan : public SnapshotTest {
 protected:
  void SetUp() override {
    SnapshotTest::SetUp();
    frontends = makeFrontends(knowledge, FrontendSettings{dir.string(), ""});  // keeps a reference
    cache = std::make_unique<ContentCache>((dir / "cache").string(), 0);
  }
  // One extraction of `files`; the next snapshot is written where the last was read.
  Extraction scan(const std::vector<SourceFile>& files, int64_t settled_before_ns) {
    std::string file = (dir / "cache" / "x.snapshot").string();
    Snapshot previous = Snapshot::load(file);
    ExtractOptions o;
    o.jobs = 1;
    o.cache = cache.get();
    o.fingerprint = "test";
    o.root = dir.string();
    o.snapshot = &previous;
    o.record = true;
    o.settled_before_ns = settled_before_ns;
    Extraction ex = extractAll(files, *frontends, o);
    writeSnapshot(file, ex.headers, ex.records);
    return ex;
  }
  Knowledge knowledge = builtinKnowledge();
  std::shared_ptr<const FrontendSet> frontends;
  std::unique_ptr<ContentCache> cache;
};

std::string factsOf(const Extraction& ex) {
  std::string all;
  for (const auto& f : ex.files) all += writeFileFacts(f) + "\n";
  return all;
}

TEST_F(SnapshotScan, UnchangedFilesAreNotReadAndGiveTheSameFacts) {
  fs::path a = dir / "a.py", b = dir / "b.py";
  test::spit(a, test::kOneCapabilityTable);
  test::spit(b, "import os\n");
  std::vector<SourceFile> files = {{a.string(), dir.string(), Language::Python, "a"},
                                   {b.string(), dir.string(), Language::Python, "b"}};
  int64_t later = nowNs() + 60'000'000'000;  // every stamp settled
  Extraction cold = scan(files, later);
  EXPECT_EQ(cold.stats.unchanged, 0u);
  EXPECT_EQ(cold.records.size(), 2u);
  Extraction warm = scan(files, later);
  EXPECT_EQ(warm.stats.unchanged, 2u);
  EXPECT_EQ(factsOf(warm), factsOf(cold));
  ASSERT_EQ(warm.files[0].sites.size(), 1u);
  EXPECT_EQ(warm.files[0].module, "a");

  // Same size, mtime set back to what it was: the ctime still tells.
  struct stat before{};
  ASSERT_EQ(::stat(a.c_str(), &before), 0);
  std::string edited = test::kOneCapabilityTable;
  edited.replace(edited.find("{9: 1, 10: 2}"), 13, "{9: 1, 12: 2}");
  test::spit(a, edited);
  timespec times[2] = {before.st_atim, before.st_mtim};
  ASSERT_EQ(::utimensat(AT_FDCWD, a.c_str(), times, 0), 0);
  Extraction edit = scan(files, later);
  EXPECT_EQ(edit.stats.unchanged, 1u);
  ASSERT_EQ(edit.files[0].sites.size(), 1u);
  EXPECT_NE(writeFileFacts(edit.files[0]), writeFileFacts(cold.files[0]));
  EXPECT_EQ(edit.files[0].sites[0].entries.back().arch.major, 12);

  // Replaced by a rename (a checkout, an editor's save): another inode.
  fs::path tmp = dir / "a.py.new";
  test::spit(tmp, test::kOneCapabilityTable);
  fs::rename(tmp, a);
  Extraction renamed = scan(files, later);
  EXPECT_EQ(renamed.stats.unchanged, 1u);
  EXPECT_EQ(writeFileFacts(renamed.files[0]), writeFileFacts(cold.files[0]));
  // b's facts went from snapshot to snapshot twice without being read again.
  EXPECT_EQ(writeFileFacts(renamed.files[1]), writeFileFacts(cold.files[1]));
}

TEST_F(SnapshotScan, FilesChangedNearTheScanAreNotRecorded) {
  fs::path a = dir / "a.py";
  test::spit(a, test::kOneCapabilityTable);
  std::vector<SourceFile> files = {{a.string(), dir.string(), Language::Python, "a"}};
  int64_t margin = nowNs() - 2'000'000'000;  // what a scan uses: the file was written just now
  EXPECT_TRUE(scan(files, margin).records.empty());
  EXPECT_EQ(scan(files, margin).stats.unchanged, 0u);
}

TEST_F(SnapshotScan, UnreadableAndNonUtf8FilesAreNeverRecorded) {
  fs::path bad = dir / "bad.py";
  test::spit(bad, "x = '\xff'\n");
  std::vector<SourceFile> files = {{bad.string(), dir.string(), Language::Python, "bad"},
                                   {(dir / "gone.py").string(), dir.string(), Language::Python, "gone"}};
  Extraction ex = scan(files, nowNs() + 60'000'000'000);
  EXPECT_TRUE(ex.records.empty());
  ASSERT_FALSE(ex.files[0].diagnostics.empty());
  EXPECT_EQ(ex.files[0].diagnostics[0].message.rfind("not UTF-8", 0), 0u);
}

}  // namespace
}  // namespace archscan
