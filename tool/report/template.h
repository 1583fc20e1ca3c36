#pragma once
// A minimal mustache-like renderer for the HTML audit page, so the page's
// markup lives in one template file instead of in C++ string concatenation.
//   {{name}}      the value, HTML-escaped
//   {{{name}}}    the value as is (inline SVG, pre-escaped text)
//   {{#name}}...{{/name}}  a list: once per item; a flag or non-empty text: once
//   {{^name}}...{{/name}}  once when the list is empty, the flag false or the text empty
// Names are looked up in the innermost item first, then outwards.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace archscan {

struct TemplateError : std::logic_error {
  using std::logic_error::logic_error;
};

class View {
 public:
  View& set(const std::string& key, std::string text);
  View& set(const std::string& key, const char* text) { return set(key, std::string(text)); }
  View& set(const std::string& key, long long number) { return set(key, std::to_string(number)); }
  View& set(const std::string& key, int number) { return set(key, std::to_string(number)); }
  View& set(const std::string& key, size_t number) { return set(key, std::to_string(number)); }
  View& flag(const std::string& key, bool on);
  // Appends an item to the list `key` and returns it to be filled.
  View& add(const std::string& key);
  // An empty list, so that {{^key}} renders.
  View& list(const std::string& key);

  struct Value {
    enum Kind { Text, Flag, List } kind = Text;
    std::string text;
    bool on = false;
    std::vector<std::unique_ptr<View>> items;
  };
  const Value* find(const std::string& key) const;

 private:
  std::map<std::string, Value> values_;
};

std::string htmlEscape(const std::string& s);
// Throws TemplateError on an unclosed or mismatched section, or a name no
// view in scope defines (a typo in the template is a bug, not empty output).
std::string renderTemplate(const std::string& tpl, const View& view);

}  // namespace archscan
