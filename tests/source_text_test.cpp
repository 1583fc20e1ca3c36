// Reading source text that is not UTF-8: PEP 263 coding lines, bytes masked
// in place (offsets are what sites and patches count) and shown as Latin-1.
#include "util/source_text.h"

#include <gtest/gtest.h>

namespace archscan {
namespace {

TEST(SourceText, Pep263CodingLines) {
  EXPECT_EQ(pythonCoding("# -*- coding: latin-1 -*-\nx = 1\n"), "latin-1");
  EXPECT_EQ(pythonCoding("#!/usr/bin/env python\n# vim: set fileencoding=ISO-8859-1 :\n"), "iso-8859-1");
  EXPECT_EQ(pythonCoding("  # coding=cp1252\n"), "cp1252");
  // Only on the first two lines, and only in a comment.
  EXPECT_EQ(pythonCoding("\n\n# coding: latin-1\n"), std::nullopt);
  EXPECT_EQ(pythonCoding("x = 'coding: latin-1'\n"), std::nullopt);
  EXPECT_EQ(pythonCoding("# no coding here\n"), std::nullopt);
  EXPECT_EQ(pythonCoding("# coding: \n"), std::nullopt);
  for (const char* name : {"latin-1", "latin_1", "latin1", "iso-8859-1", "iso8859_1", "l1", "cp819", "latin-1-unix"})
    EXPECT_TRUE(isLatin1(name)) << name;
  for (const char* name : {"utf-8", "cp1252", "latin-2", "iso-8859-15"}) EXPECT_FALSE(isLatin1(name)) << name;
}

TEST(SourceText, MaskedBytesKeepEveryOffset) {
  std::string text = "// \xa9 2024 caf\xc3\xa9\nint x;\n";
  std::string masked = maskedBytes(text, false);
  EXPECT_EQ(masked, "// _ 2024 caf\xc3\xa9\nint x;\n");  // valid UTF-8 stays
  EXPECT_EQ(masked.size(), text.size());
  EXPECT_EQ(maskedBytes("# caf\xe9 \xc3\xa9\n", true), "# caf_ __\n");  // Latin-1: every high byte is one character
  EXPECT_FALSE(firstInvalidUtf8(maskedBytes("\xff\xfe\x80 x", false)));
}

TEST(SourceText, DisplayTextReadsBrokenBytesAsLatin1) {
  EXPECT_EQ(displayText("caf\xe9 \xa9"), "caf\xc3\xa9 \xc2\xa9");
  EXPECT_EQ(displayText("caf\xc3\xa9"), "caf\xc3\xa9");
  EXPECT_FALSE(firstInvalidUtf8(displayText("\x80\xff\xc3")));
}

}  // namespace
}  // namespace archscan
