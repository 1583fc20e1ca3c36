// JSON data files: build matrices and tables of toolkit version to arch
// list (`{"12.8": {"cuda_archs": "8.0;9.0;10.0;12.0"}}`, `"archs": [80,
// 90]`). Each member's string or array of scalars is a binding or sequence
// named by its key path, as a YAML workflow's are. Read without recursion:
// a file nested 50,000 deep costs a vector, not the stack.
#include <cctype>

#include "formats.h"
#include "toolkit.h"

namespace archscan::shell {
namespace {

struct Frame {
  bool object = false;
  std::string segment;  // its step in the key path: the member's key, "[0]" in an array
  std::string key;  // object: the member being read
  bool have_key = false;
  uint32_t key_begin = 0;
  int key_line = 0;
  size_t index = 0;  // array: elements so far
  bool scalars = true;  // array: every element a string or number
  std::vector<SequenceItem> items;
  int max_cuda = 0;  // inside `"12.4": {...}`: built by that toolkit only
};

// The key path of what `stack` leads to, then `key`: "builds[0].gpu_archs".
// Only the last few steps: deep nesting would make every name as long as the
// file, and a list's own few keys are what name it.
std::string keyPath(const std::vector<Frame>& stack, const std::string& key) {
  constexpr size_t kSteps = 8;
  std::string out;
  for (size_t i = stack.size() > kSteps ? stack.size() - kSteps : 0; i < stack.size(); ++i) {
    const std::string& step = stack[i].segment;
    if (step.empty()) continue;
    out += (out.empty() || step[0] == '[' ? "" : ".") + step;
  }
  if (!key.empty()) out += (out.empty() ? "" : ".") + key;
  return out;
}

}  // namespace

void readJson(std::string_view s, SiteBuilder& b, Errors& errors) {
  if (toolFile(s)) return;
  std::vector<Frame> stack;
  int line = 1;
  auto fail = [&](const std::string& what) { errors.push_back({line, what + "; the rest is not read"}); };
  // The step a container opened here adds to the key path, and its toolkit ceiling.
  auto childStep = [&](Frame* parent) -> std::pair<std::string, int> {
    if (!parent) return {"", 0};
    if (parent->object) {
      int ceiling = toolkitCeiling(parent->key);
      return {parent->key, ceiling ? ceiling : parent->max_cuda};
    }
    parent->scalars = false;
    return {"[" + std::to_string(parent->index++) + "]", parent->max_cuda};
  };
  // A scalar member: a binding named by its key path.
  auto member = [&](Frame& f, const Slice& value, uint32_t end) {
    std::string name = keyPath(stack, f.key);
    b.binding(name, value, BareSeparators{true, true}, f.key_line, ByteRange{f.key_begin, end}, "a JSON value");
    b.toolkitCeiling(name, f.max_cuda);
    f.have_key = false;
  };
  for (uint32_t i = 0; i < s.size();) {
    char c = s[i];
    if (c == '\n') ++line;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == ':') {
      ++i;
      continue;
    }
    Frame* top = stack.empty() ? nullptr : &stack.back();
    if (c == '{' || c == '[') {
      if (top && top->object && !top->have_key) return fail("a value where a key belongs");
      auto [step, ceiling] = childStep(top);
      if (top && top->object) top->have_key = false;
      Frame f;
      f.object = c == '{';
      f.segment = step;
      f.max_cuda = ceiling;
      if (top && top->object) {
        f.key_begin = top->key_begin;
        f.key_line = top->key_line;
      } else {
        f.key_begin = i;
        f.key_line = line;
      }
      stack.push_back(std::move(f));
      ++i;
      continue;
    }
    if (c == '}' || c == ']') {
      if (!top || top->object != (c == '}')) return fail(std::string("an unmatched '") + c + "'");
      if (!top->object && top->scalars && !top->items.empty() && stack.size() > 1 && stack[stack.size() - 2].object) {
        std::string name = keyPath(stack, "");
        b.sequence(name, top->items, false, top->key_line, ByteRange{top->key_begin, i + 1}, "JSON array");
        b.toolkitCeiling(name, top->max_cuda);
      }
      stack.pop_back();
      ++i;
      continue;
    }
    if (!top) return fail("a value outside any object or array");
    if (c == '"') {
      uint32_t open = i++;
      Slice text;
      int startLine = line;
      while (i < s.size() && s[i] != '"') {
        if (s[i] == '\n') return fail("a line break inside a string");
        if (s[i] == '\\' && i + 1 < s.size()) {
          char e = s[i + 1];
          char decoded = e == 'n'   ? '\n'
                         : e == 't' ? '\t'
                         : e == 'r' ? '\r'
                         : e == 'b' ? '\b'
                         : e == 'f' ? '\f'
                         : e == 'u' ? '?'
                                    : e;
          text.push(decoded, i, true);
          i += e == 'u' ? 6 : 2;
          continue;
        }
        text.push(s[i], i, true);
        ++i;
      }
      if (i >= s.size()) return fail("an unterminated string");
      uint32_t close = ++i;
      if (top->object && !top->have_key) {
        top->key = text.text;
        top->have_key = true;
        top->key_begin = open;
        top->key_line = startLine;
      } else if (top->object) {
        member(*top, text, close);
      } else {
        SequenceItem it;
        it.text = text.text;
        it.quote = '"';
        it.scalar = it.item = ByteRange{open, close};
        it.line = startLine;
        ++top->index;
        top->items.push_back(std::move(it));
      }
      continue;
    }
    // A number or true / false / null.
    uint32_t b0 = i;
    while (i < s.size() &&
           (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '.' || s[i] == '-' || s[i] == '+'))
      ++i;
    if (i == b0) return fail(std::string("an unexpected '") + c + "'");
    std::string_view word = s.substr(b0, i - b0);
    bool number = std::isdigit(static_cast<unsigned char>(word[0])) || word[0] == '-';
    if (top->object) {
      if (!top->have_key) return fail("a value where a key belongs");
      if (!number) {
        top->have_key = false;
        continue;
      }
      Slice text;
      for (uint32_t k = b0; k < i; ++k) text.push(s[k], k, false);
      member(*top, text, i);
    } else {
      ++top->index;
      if (!number) {
        top->scalars = false;
        continue;
      }
      SequenceItem it;
      it.text = std::string(word);
      it.scalar = it.item = ByteRange{b0, i};
      it.line = line;
      top->items.push_back(std::move(it));
    }
  }
  if (!stack.empty()) fail("the file ends inside an object or array");
}

}  // namespace archscan::shell
