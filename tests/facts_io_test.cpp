// facts_io: every field of model/facts.h survives a write and a read, and
// anything that is not what writeFileFacts wrote is refused.
#include <gtest/gtest.h>

#include <type_traits>
#include <utility>

#include "facts_io/facts_binary.h"
#include "facts_io/facts_io.h"

namespace archscan {
namespace {

// How many fields an aggregate has, found by brace-initialising it with ever
// more arguments that convert to anything. A field added to a struct of
// model/facts.h changes its count and fails the asserts below: add it to
// its list in facts_io/fields.h (both codecs walk it) and to fullFacts(),
// then bump the count.
struct AnyField {
  template <typename T>
  operator T&() const;
};

template <typename T, typename... A>
constexpr auto braceable(int) -> decltype(T{std::declval<A>()...}, std::true_type{});
template <typename T, typename... A>
constexpr std::false_type braceable(...);

template <typename T, size_t... I>
constexpr bool braceableWith(std::index_sequence<I...>) {
  return decltype(braceable<T, decltype((void)I, AnyField{})...>(0))::value;
}

template <typename T, size_t N = 0>
constexpr size_t fieldCount() {
  if constexpr (N < 64 && braceableWith<T>(std::make_index_sequence<N + 1>{})) return fieldCount<T, N + 1>();
  else return N;
}

static_assert(fieldCount<ByteRange>() == 2);
static_assert(fieldCount<Arch>() == 4);
static_assert(fieldCount<SpellingStyle>() == 5);
static_assert(fieldCount<Evidence>() == 5);
static_assert(fieldCount<Suppression>() == 3);
static_assert(fieldCount<Entry>() == 13);
static_assert(fieldCount<ArchRange>() == 9);
static_assert(fieldCount<Subject>() == 3);
static_assert(fieldCount<NeedEvidence>() == 4);
static_assert(fieldCount<PathNeed>() == 3);
static_assert(fieldCount<Site>() == 41);
static_assert(fieldCount<Lookup>() == 10);
static_assert(fieldCount<Import>() == 4);
static_assert(fieldCount<FunctionSummary>() == 6);
static_assert(fieldCount<Instance>() == 2);
static_assert(fieldCount<DefaultBuild>() == 3);
static_assert(fieldCount<Subdirectory>() == 2);
static_assert(fieldCount<BuildUnit>() == 8);
static_assert(fieldCount<Diagnostic>() == 4);
static_assert(fieldCount<FileFacts>() == 15);

Evidence fullEvidence(int n) {
  return Evidence{true, true, true, {"reason " + std::to_string(n)}, {"helper" + std::to_string(n)}};
}

SpellingStyle fullStyle() { return SpellingStyle{SpellingKind::SmString, '\'', "sm_", ",", "-real"}; }

// Every field set, none to its default, no two alike where a swap could hide.
FileFacts fullFacts() {
  FileFacts f;
  f.path = "pkg/mod.py";
  f.module = "pkg.mod";
  f.language = Language::CMake;
  f.content_hash = 0xfedcba9876543210ull;  // above 2^53: must not pass through a double
  Site s;
  s.name = "T";
  s.binding = "Class.T";
  s.scope = "Class.f";
  s.kind = SiteKind::Guard;
  s.spelling = fullStyle();
  s.polarity = Polarity::Deny;
  Entry e;
  e.arch = Arch{12, 1, true, Variant::A};
  e.style = fullStyle();
  e.key_text = "\"sm_121a\"";
  e.key = {1, 2};
  e.value = {3, 4};
  e.item = {5, 6};
  e.composite = {7, 8};
  e.container = {9, 10};
  e.form = EntryForm::TemplateArg;
  e.arm = 3;
  e.minors = {6, 9};
  e.line = 11;
  e.end_line = 12;
  s.entries = {e};
  ArchRange r;
  r.low = 90;
  r.high = 120;
  r.text = "90 <= sm < 120";
  r.arm = 2;
  r.item = {13, 14};
  r.line = 15;
  r.negated = true;
  r.lexical = "\"90\"";
  r.lexical_op = ">=";
  ArchRange open;  // both bounds absent: null, not 0
  open.text = "any";
  s.ranges = {r, open};
  s.subject = Subject{"self.cap", "mod:Class.self.cap", fullEvidence(1)};
  s.evidence = fullEvidence(2);
  s.on_missing = OnMissing::Crash;
  s.on_missing_reason = "KeyError";
  s.gate = "arch_gate";
  s.gate_param = "archs";
  s.gate_object = "ctx";
  s.gate_arg_index = 2;
  s.scope_archs = {Arch{10, 0, false, Variant::F}};
  s.name_archs = {Arch{9, 0, false, Variant::A}};
  s.max_cuda = 128;
  s.nesting = 1;
  s.parent_binding = "OUTER";
  s.extent = {16, 17};
  s.container = {18, 19};
  s.line = 20;
  s.end_line = 21;
  s.patchable = false;
  s.unpatchable_reason = "a range";
  s.suppressions = {Suppression{22, {"missing-arch", "*"}, "# archscan: ignore"}};
  s.dominated_by = "check@3";
  s.reached_only_by = {Arch{9, 0, false, Variant::None}};
  s.check = true;
  s.exits_unlisted = true;
  s.crash_message = "unsupported \"arch\"\n\ttab";
  s.conjoined = true;
  s.skips = true;
  s.compiled_out = true;
  s.build_list = true;
  s.macro = "DISPATCH";
  s.needs = {
      PathNeed{kFallbackArm,
               {NeedEvidence{"tcgen05", "`gemm_sm100`", 23, true}, NeedEvidence{"wgmma", "inline PTX", 24, false}},
               {Arch{10, 0, false, Variant::None}}}};
  s.predicate = "utils.is_sm_at_least_90";
  f.sites = {s};
  Lookup l;
  l.table = "self.T";
  l.scope_class = "Class";
  l.scope_function = "Class.f";
  l.subjects = {Subject{"cap", "mod:f:cap", fullEvidence(3)}};
  l.on_missing = OnMissing::Fallback;
  l.how = ".get(cap, default)";
  l.crash_message = "boom";
  l.skips = true;
  l.line = 23;
  l.table_file = "/abs/table.h";
  f.lookups = {l};
  f.imports = {Import{2, "a.b", "T", "U"}};
  f.functions = {FunctionSummary{"helper", {"x", "archs"}, true, true, {r}, {"get_default_recipe", "launch"}}};
  f.instances = {Instance{"ctx", "Ctx"}};
  f.build_units = {BuildUnit{"ext._C",
                             31,
                             {"csrc/api.cpp"},
                             {"arch=compute_90a,code=sm_90a"},
                             true,
                             true,
                             true,
                             DefaultBuild{{"arch=compute_100a,code=sm_100a"}, true, true}}};
  f.subdirectories = {Subdirectory{"csrc/core", DefaultBuild{{"arch=compute_80,code=sm_80"}, true, true}}};
  f.includes = {"mlp.cuh", "proj/moe.h"};
  f.diagnostics = {Diagnostic{"warning", "pkg/mod.py", 24, "syntax error \xc3\xa9"}};
  f.suppressions = {Suppression{25, {"*"}, "# archscan: ignore"}};
  f.parsed = true;
  return f;
}

TEST(FactsIo, EveryFieldRoundTrips) {
  FileFacts f = fullFacts();
  std::string once = writeFileFacts(f);
  FileFacts back = readFileFacts(once, "test");
  EXPECT_EQ(writeFileFacts(back), once);
  // The writer covers what the fixture set: nothing is at its default.
  EXPECT_NE(once, writeFileFacts(FileFacts{}));
  EXPECT_EQ(back.content_hash, 0xfedcba9876543210ull);
  ASSERT_EQ(back.sites.size(), 1u);
  const Site& s = back.sites[0];
  EXPECT_EQ(s.entries[0].arch, (Arch{12, 1, true, Variant::A}));
  EXPECT_EQ(s.entries[0].style.quote, '\'');
  EXPECT_EQ(s.ranges[0].low, 90);
  EXPECT_FALSE(s.ranges[1].low.has_value());
  EXPECT_FALSE(s.ranges[1].high.has_value());
  EXPECT_EQ(s.crash_message, "unsupported \"arch\"\n\ttab");
  EXPECT_EQ(s.scope_archs[0].variant, Variant::F);
  EXPECT_EQ(back.language, Language::CMake);
  EXPECT_EQ(back.diagnostics[0].message, "syntax error \xc3\xa9");
}

// JSON strings are UTF-8 only; a file name is any bytes. The cache must give
// back the very bytes (0xff, a lone Latin-1 0xe9), not U+FFFD in their place.
TEST(FactsIo, BytesThatAreNotUtf8RoundTripExactly) {
  FileFacts f = fullFacts();
  f.path = "pkg/caps\xff.py";
  f.diagnostics[0].file = "pkg/caf\xe9/x.py";
  std::string once = writeFileFacts(f);
  EXPECT_NE(once.find("{\"hex\":\"706b672f63617073ff2e7079\"}"), std::string::npos) << once;
  FileFacts back = readFileFacts(once, "test");
  EXPECT_EQ(back.path, f.path);
  EXPECT_EQ(back.diagnostics[0].file, f.diagnostics[0].file);
  EXPECT_EQ(back.module, f.module);  // UTF-8 stays a plain string
  EXPECT_EQ(writeFileFacts(back), once);
  // Hex is only ever written for bytes that are not UTF-8, and must be hex.
  for (const char* bad : {"{\"hex\":\"706b67\"}", "{\"hex\":\"7g\"}", "{\"hex\":\"ff\",\"x\":1}", "{}"}) {
    std::string damaged = once;
    damaged.replace(damaged.find("{\"hex\":\"706b672f63617073ff2e7079\"}"), 34, bad);
    EXPECT_THROW(readFileFacts(damaged, "x"), FactsFormatError) << bad;
  }
}

TEST(FactsIo, DocumentsRoundTripAndCheckTheirFormat) {
  FactsDocument doc;
  doc.producer = "archscan 0.1.0";
  doc.fingerprint = "abc";
  doc.shard = 2;
  doc.shards = 3;
  doc.diagnostics = {Diagnostic{"error", "missing", 0, "no such file"}};
  doc.files = {fullFacts(), FileFacts{}};
  std::string text = writeFactsDocument(doc);
  FactsDocument back = readFactsDocument(text, "f.json");
  EXPECT_EQ(writeFactsDocument(back), text);
  EXPECT_EQ(back.shard, 2);
  EXPECT_EQ(back.files.size(), 2u);

  std::string future = text;
  future.replace(future.find("\"archscan_facts\":" + std::to_string(kFactsFormat)), 18, "\"archscan_facts\":99");
  try {
    readFactsDocument(future, "f.json");
    FAIL() << "a future format was read";
  } catch (const FactsFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("f.json: facts format 99"), std::string::npos) << e.what();
  }
}

TEST(FactsIo, DamagedBytesAreRefusedNotHalfRead) {
  std::string good = writeFileFacts(fullFacts());
  EXPECT_THROW(readFileFacts(good.substr(0, good.size() / 2), "x"), FactsFormatError);  // truncated
  std::string wrongType = good;
  wrongType.replace(wrongType.find("\"parsed\":true"), 13, "\"parsed\":1234");
  EXPECT_THROW(readFileFacts(wrongType, "x"), FactsFormatError);
  std::string missing = good;
  missing.replace(missing.find("\"macro\":"), 8, "\"macrO\":");
  EXPECT_THROW(readFileFacts(missing, "x"), FactsFormatError);
  std::string badEnum = good;
  badEnum.replace(badEnum.find("\"language\":2"), 12, "\"language\":7");
  EXPECT_THROW(readFileFacts(badEnum, "x"), FactsFormatError);
}

TEST(FactsIo, ZstdRoundTripsAndRefusesDamage) {
  if (!zstdAvailable()) GTEST_SKIP() << "LLVM built without zstd";
  std::string text = writeFileFacts(fullFacts());
  std::string packed = zstdCompress(text);
  EXPECT_LT(packed.size(), text.size());
  EXPECT_EQ(zstdDecompress(packed, "x"), text);
  EXPECT_THROW(zstdDecompress(packed.substr(0, packed.size() / 2), "x"), FactsFormatError);
}

// The snapshot's binary form carries what the JSON does, field for field.
TEST(FactsBinary, EveryFieldRoundTrips) {
  FileFacts f = fullFacts();
  std::string bytes = encodeFileFacts(f);
  FileFacts back = decodeFileFacts(bytes, "test");
  EXPECT_EQ(writeFileFacts(back), writeFileFacts(f));
  EXPECT_EQ(back.content_hash, 0xfedcba9876543210ull);
  EXPECT_EQ(back.sites[0].gate_arg_index, 2);
  EXPECT_EQ(writeFileFacts(decodeFileFacts(encodeFileFacts(FileFacts{}), "test")), writeFileFacts(FileFacts{}));
  FileFacts negative;
  negative.sites.push_back(Site{});  // gate_arg_index -1
  negative.sites[0].entries.push_back(Entry{});
  negative.sites[0].entries[0].minors = {-7, 1 << 30};
  EXPECT_EQ(writeFileFacts(decodeFileFacts(encodeFileFacts(negative), "t")), writeFileFacts(negative));
}

TEST(FactsBinary, TruncatedOrDamagedBytesAreRefused) {
  std::string bytes = encodeFileFacts(fullFacts());
  for (size_t n = 0; n < bytes.size(); ++n)
    EXPECT_THROW(decodeFileFacts(std::string_view(bytes).substr(0, n), "x"), FactsFormatError) << "first " << n;
  EXPECT_THROW(decodeFileFacts(bytes + "\x01", "x"), FactsFormatError);
  // The language is the third field, after two short strings: out of range.
  FileFacts plain;
  std::string small = encodeFileFacts(plain);
  ASSERT_EQ(small.substr(0, 3), std::string("\0\0\0", 3));
  small[2] = 99 << 1;
  try {
    decodeFileFacts(small, "snap");
    FAIL() << "an out-of-range language was read";
  } catch (const FactsFormatError& e) {
    EXPECT_EQ(std::string(e.what()), "snap: snapshot facts hold an out-of-range enum");
  }
}

}  // namespace
}  // namespace archscan
