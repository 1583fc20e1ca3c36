// Text from the scanned tree, shown: a byte that is not UTF-8 reads the same
// in every writer (\xff), and a JSON document stays valid UTF-8, except in
// archscan's own journal, which must name the very file it wrote.
#include <gtest/gtest.h>

#include <sstream>

#include "util/escape.h"
#include "util/json_writer.h"

namespace archscan {
namespace {

TEST(Escape, Utf8LengthFollowsUnicodesTableOfWellFormedSequences) {
  struct Case {
    std::string text;
    size_t length;
  } cases[] = {
      {"a", 1},
      {"\xc3\xa9", 2},  // é
      {"\xe2\x82\xac", 3},  // €
      {"\xf0\x9f\x98\x80", 4},  // an emoji
      {"\xf4\x8f\xbf\xbf", 4},  // U+10FFFF
      {"\xff", 0},
      {"\xe9 ", 0},  // Latin-1 é
      {"\x80", 0},  // a continuation byte alone
      {"\xc3", 0},  // truncated
      {"\xc0\xaf", 0},  // overlong '/'
      {"\xe0\x80\xaf", 0},  // overlong
      {"\xed\xa0\x80", 0},  // a surrogate
      {"\xf4\x90\x80\x80", 0},  // past U+10FFFF
      {"\xf5\x80\x80\x80", 0},
  };
  for (const auto& c : cases) EXPECT_EQ(utf8Length(c.text, 0), c.length) << printable(c.text);
  EXPECT_EQ(printable("caps\xff\xed\xa0\x80.py"), "caps\\xff\\xed\\xa0\\x80.py");
}

TEST(Escape, JsonShowsBytesThatAreNotUtf8AsTheTextWriterDoesOrKeepsThem) {
  std::string name = "caf\xe9/caps\xff\xc3\xa9.py";
  EXPECT_EQ(JsonWriter::escape(name), "\"caf\\\\xe9/caps\\\\xff\xc3\xa9.py\"");
  EXPECT_EQ(JsonWriter::escape(name, JsonWriter::Bytes::Exact), "\"" + name + "\"");
  std::ostringstream out;
  JsonWriter(out, JsonWriter::Bytes::Exact).beginObject().field("path", name).endObject();
  EXPECT_NE(out.str().find(name), std::string::npos);
}

}  // namespace
}  // namespace archscan
