#include "report/template.h"

namespace archscan {

View& View::set(const std::string& key, std::string text) {
  Value& v = values_[key];
  v.kind = Value::Text;
  v.text = std::move(text);
  return *this;
}

View& View::flag(const std::string& key, bool on) {
  Value& v = values_[key];
  v.kind = Value::Flag;
  v.on = on;
  return *this;
}

View& View::add(const std::string& key) {
  Value& v = list(key).values_[key];
  v.items.push_back(std::make_unique<View>());
  return *v.items.back();
}

View& View::list(const std::string& key) {
  Value& v = values_[key];
  v.kind = Value::List;
  return *this;
}

const View::Value* View::find(const std::string& key) const {
  auto it = values_.find(key);
  return it == values_.end() ? nullptr : &it->second;
}

std::string htmlEscape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default: {
        // A control character (ESC, BEL, ...) from a file name is shown,
        // never passed to the page; tabs and line ends are text.
        auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7f) {
          static const char* hex = "0123456789abcdef";
          out += "\\x";
          out += hex[u >> 4];
          out += hex[u & 15];
        } else {
          out += c;
        }
      }
    }
  }
  return out;
}

namespace {

struct Tag {
  size_t begin = 0, end = 0;  // the whole tag in the template
  char sigil = 0;  // 0, '{', '#', '^', '/'
  std::string name;
};

// The next tag at or after `from`; begin == npos when there is none.
Tag nextTag(const std::string& t, size_t from) {
  Tag tag;
  tag.begin = t.find("{{", from);
  if (tag.begin == std::string::npos) return tag;
  bool triple = t.compare(tag.begin, 3, "{{{") == 0;
  size_t close = t.find(triple ? "}}}" : "}}", tag.begin);
  if (close == std::string::npos) throw TemplateError("unclosed tag at offset " + std::to_string(tag.begin));
  size_t inner = tag.begin + (triple ? 3 : 2);
  tag.end = close + (triple ? 3 : 2);
  tag.name = t.substr(inner, close - inner);
  if (triple) tag.sigil = '{';
  else if (!tag.name.empty() && (tag.name[0] == '#' || tag.name[0] == '^' || tag.name[0] == '/')) {
    tag.sigil = tag.name[0];
    tag.name = tag.name.substr(1);
  }
  return tag;
}

// Where the section opened just before `from` closes: its {{/name}} tag.
Tag sectionEnd(const std::string& t, size_t from, const std::string& name) {
  int depth = 1;
  for (Tag tag = nextTag(t, from); tag.begin != std::string::npos; tag = nextTag(t, tag.end)) {
    if ((tag.sigil == '#' || tag.sigil == '^') && tag.name == name) ++depth;
    if (tag.sigil == '/' && tag.name == name && --depth == 0) return tag;
  }
  throw TemplateError("section '" + name + "' is never closed");
}

const View::Value* lookup(const std::vector<const View*>& stack, const std::string& name) {
  for (auto it = stack.rbegin(); it != stack.rend(); ++it)
    if (const View::Value* v = (*it)->find(name)) return v;
  throw TemplateError("the template names '" + name + "', which nothing defines");
}

bool truthy(const View::Value& v) {
  switch (v.kind) {
    case View::Value::Text:
      return !v.text.empty();
    case View::Value::Flag:
      return v.on;
    case View::Value::List:
      return !v.items.empty();
  }
  return false;
}

void render(const std::string& t, size_t begin, size_t end, std::vector<const View*>& stack, std::string& out) {
  size_t pos = begin;
  while (pos < end) {
    Tag tag = nextTag(t, pos);
    if (tag.begin == std::string::npos || tag.begin >= end) {
      out.append(t, pos, end - pos);
      return;
    }
    out.append(t, pos, tag.begin - pos);
    if (tag.sigil == '/') throw TemplateError("'" + tag.name + "' is closed but never opened");
    const View::Value& v = *lookup(stack, tag.name);
    if (tag.sigil == 0 || tag.sigil == '{') {
      if (v.kind == View::Value::List) throw TemplateError("'" + tag.name + "' is a list, not text");
      const std::string& text = v.kind == View::Value::Flag ? (v.on ? "true" : "false") : v.text;
      out += tag.sigil == '{' ? text : htmlEscape(text);
      pos = tag.end;
      continue;
    }
    Tag close = sectionEnd(t, tag.end, tag.name);
    if (tag.sigil == '^') {
      if (!truthy(v)) render(t, tag.end, close.begin, stack, out);
    } else if (v.kind == View::Value::List) {
      for (const auto& item : v.items) {
        stack.push_back(item.get());
        render(t, tag.end, close.begin, stack, out);
        stack.pop_back();
      }
    } else if (truthy(v)) {
      render(t, tag.end, close.begin, stack, out);
    }
    pos = close.end;
  }
}

}  // namespace

std::string renderTemplate(const std::string& tpl, const View& view) {
  std::vector<const View*> stack{&view};
  std::string out;
  out.reserve(tpl.size() * 4);
  render(tpl, 0, tpl.size(), stack, out);
  return out;
}

}  // namespace archscan
