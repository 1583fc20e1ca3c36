// The audit page's template renderer and CODEOWNERS patterns.
#include <gtest/gtest.h>

#include "report/audit_model.h"
#include "report/template.h"

namespace archscan {
namespace {

TEST(Template, EscapesTextAndKeepsTripleBracesRaw) {
  View v;
  v.set("name", "<T & \"U\">").set("svg", "<rect/>");
  EXPECT_EQ(renderTemplate("{{name}}|{{{svg}}}", v), "&lt;T &amp; &quot;U&quot;&gt;|<rect/>");
}

TEST(Template, SectionsIterateListsAndTestFlagsAndText) {
  View v;
  v.set("title", "rows");
  v.add("rows").set("name", "a").flag("bad", true);
  v.add("rows").set("name", "b").flag("bad", false);
  v.list("none").set("empty", "");
  EXPECT_EQ(renderTemplate("{{#rows}}[{{title}}:{{name}}{{#bad}}!{{/bad}}{{^bad}}.{{/bad}}]{{/rows}}"
                           "{{^none}}no items{{/none}}{{#empty}}x{{/empty}}",
                           v),
            "[rows:a!][rows:b.]no items");
}

TEST(Template, NestedSectionsOfOneNameCloseInOrder) {
  View v;
  View& outer = v.add("g");
  outer.add("g").set("n", "inner");
  outer.set("n", "outer");
  EXPECT_EQ(renderTemplate("{{#g}}<{{n}}{{#g}}({{n}}){{/g}}>{{/g}}", v), "<outer(inner)>");
}

TEST(Template, MistakesInTheTemplateAreErrors) {
  View v;
  v.set("a", "1");
  EXPECT_THROW(renderTemplate("{{b}}", v), TemplateError);
  EXPECT_THROW(renderTemplate("{{#a}}open", v), TemplateError);
  EXPECT_THROW(renderTemplate("{{/a}}", v), TemplateError);
  EXPECT_THROW(renderTemplate("{{a", v), TemplateError);
}

TEST(Codeowners, PatternsMatchAsGitDoes) {
  struct Case {
    const char* pattern;
    const char* path;
    bool match;
  };
  const Case cases[] = {
      {"*", "a/b.py", true},
      {"*.py", "deep/x/y.py", true},
      {"*.py", "y.cu", false},
      {"/pkg/attn/", "pkg/attn/a.py", true},
      {"/pkg/attn/", "other/pkg/attn/a.py", false},
      {"attn/", "other/pkg/attn/a.py", true},  // no slash inside: anywhere
      {"pkg/moe", "pkg/moe/m.py", true},  // a slash inside: from the root
      {"pkg/moe", "x/pkg/moe/m.py", false},
      {"docs/*.md", "docs/a.md", true},
      {"docs/*.md", "docs/sub/a.md", false},
      {"csrc/**/gemm*", "csrc/a/b/gemm_sm90.cu", true},
  };
  for (const auto& c : cases) EXPECT_EQ(codeownersMatch(c.pattern, c.path), c.match) << c.pattern << " ~ " << c.path;
}

}  // namespace
}  // namespace archscan
