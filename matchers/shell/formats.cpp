#include "formats.h"

#include <cctype>
#include <map>
#include <regex>

#include "toolkit.h"

namespace archscan::shell {
namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool endsWith(std::string_view s, std::string_view x) {
  return s.size() >= x.size() && s.substr(s.size() - x.size()) == x;
}

// One physical line: [begin, end) without its line break.
struct Line {
  uint32_t begin = 0, end = 0;
  uint32_t content = 0;  // first non-blank byte (== end when blank)
  int number = 0;
  bool empty() const { return content == end; }
  int indent() const { return static_cast<int>(content - begin); }
};

std::vector<Line> splitLines(std::string_view s) {
  std::vector<Line> out;
  uint32_t p = 0;
  int n = 1;
  while (p <= s.size()) {
    size_t nl = s.find('\n', p);
    uint32_t e = static_cast<uint32_t>(nl == std::string_view::npos ? s.size() : nl);
    Line l{p, e, p, n++};
    while (l.end > l.begin && s[l.end - 1] == '\r') --l.end;
    while (l.content < l.end && blank(s[l.content])) ++l.content;
    out.push_back(l);
    if (nl == std::string_view::npos) break;
    p = e + 1;
  }
  return out;
}

// The end of a value before a ` #` comment (outside quotes) and trailing blanks.
uint32_t valueEnd(std::string_view s, uint32_t b, uint32_t e) {
  char q = '\0';
  for (uint32_t i = b; i < e; ++i) {
    char c = s[i];
    if (q) {
      if (c == q) q = '\0';
    } else if (c == '"' || c == '\'') {
      if (i == b || blank(s[i - 1]) || s[i - 1] == '[' || s[i - 1] == ',') q = c;
    } else if (c == '#' && (i == b || blank(s[i - 1]))) {
      e = i;
      break;
    }
  }
  while (e > b && blank(s[e - 1])) --e;
  return e;
}

// A scalar [b, e): its text without quotes.
SequenceItem scalar(std::string_view s, uint32_t b, uint32_t e, int line) {
  SequenceItem it;
  it.scalar = it.item = ByteRange{b, e};
  it.line = line;
  if (e - b >= 2 && (s[b] == '"' || s[b] == '\'') && s[e - 1] == s[b]) {
    it.quote = s[b];
    it.text = std::string(s.substr(b + 1, e - b - 2));
  } else {
    it.text = std::string(s.substr(b, e - b));
  }
  return it;
}

// `[80, 90, "100a"]` on one line: its elements, or nothing when one is no plain scalar.
std::vector<SequenceItem> flowSequence(std::string_view s, uint32_t b, uint32_t e, int line) {
  std::vector<SequenceItem> out;
  uint32_t p = b + 1, close = e - 1;
  while (p < close) {
    while (p < close && blank(s[p])) ++p;
    uint32_t start = p;
    char q = (s[p] == '"' || s[p] == '\'') ? s[p] : '\0';
    if (q) {
      ++p;
      while (p < close && s[p] != q) ++p;
      if (p < close) ++p;
    }
    while (p < close && s[p] != ',') ++p;
    uint32_t end = p;
    while (end > start && blank(s[end - 1])) --end;
    if (end > start) {
      SequenceItem it = scalar(s, start, end, line);
      if (it.text.find_first_of("[]{}:") != std::string::npos) return {};
      out.push_back(it);
    }
    ++p;
  }
  return out;
}

}  // namespace

namespace {

// Files named for archscan (archscan.yaml, the archscan-*.yaml beside a
// tree) are its own settings, not the project's.
bool archscanOwn(std::string_view name) { return name.rfind("archscan", 0) == 0 || name.rfind(".archscan", 0) == 0; }
bool yamlFile(std::string_view, std::string_view name) {
  return (endsWith(name, ".yml") || endsWith(name, ".yaml")) && !archscanOwn(name);
}
// compile_commands.json is a compile database (the C++ front-end's flags),
// not a file of the project's own settings.
bool jsonFile(std::string_view, std::string_view name) {
  return endsWith(name, ".json") && name != "compile_commands.json" && !archscanOwn(name);
}
bool dockerfile(std::string_view, std::string_view name) {
  return name.rfind("dockerfile", 0) == 0 || endsWith(name, ".dockerfile");
}
bool shellScript(std::string_view, std::string_view name) { return endsWith(name, ".sh") || endsWith(name, ".bash"); }
bool anyFile(std::string_view, std::string_view) { return true; }

}  // namespace

bool toolFile(std::string_view s) {
  if (s.rfind("archscan:", 0) == 0 || s.find("\narchscan:") != std::string_view::npos) return true;
  static const std::regex own(R"("tool"\s*:\s*"archscan"|"archscan_facts"|sarif)");
  std::string head(s.substr(0, 4096));
  return std::regex_search(head, own);
}

const std::vector<FormatSpec>& formats() {
  static const std::vector<FormatSpec> table = {
      {Format::Workflow, "YAML", yamlFile, true, readWorkflow},
      {Format::Json, "JSON", jsonFile, true, readJson},
      {Format::Dockerfile, "Dockerfile", dockerfile, true, readDockerfile},
      {Format::Shell, "shell script", shellScript, true, readShell},
      {Format::Shell, "shell script", anyFile, false, readShell},
  };
  return table;
}

const FormatSpec& formatOf(std::string_view path) {
  std::string low = lower(path);
  size_t slash = low.rfind('/');
  std::string_view name = std::string_view(low).substr(slash == std::string::npos ? 0 : slash + 1);
  for (const auto& f : formats())
    if (f.matches(low, name)) return f;
  return formats().back();
}

void readShell(std::string_view source, SiteBuilder& b, Errors& errors) {
  ShellLex lex = lexShell(source);
  errors.insert(errors.end(), lex.errors.begin(), lex.errors.end());
  b.shell(lex);
}

// Instructions are lines; a trailing `\` continues one, and comment lines
// inside a continued instruction are dropped, as Docker does.
// `RUN bash -ex <<"EOF"` (BuildKit's heredoc): the delimiter word, or empty.
std::string heredocDelimiter(std::string_view source, uint32_t from, uint32_t to) {
  std::string_view text = source.substr(from, to - from);
  size_t at = text.find("<<");
  if (at == std::string_view::npos) return "";
  size_t p = at + 2;
  if (p < text.size() && text[p] == '-') ++p;
  while (p < text.size() && blank(text[p])) ++p;
  char quote = p < text.size() && (text[p] == '"' || text[p] == '\'') ? text[p++] : 0;
  size_t w = p;
  while (p < text.size() && (std::isalnum(static_cast<unsigned char>(text[p])) || text[p] == '_')) ++p;
  if (p == w || (quote && (p >= text.size() || text[p] != quote))) return "";
  return std::string(text.substr(w, p - w));
}

void readDockerfile(std::string_view source, SiteBuilder& b, Errors& errors) {
  std::vector<Line> lines = splitLines(source);
  std::map<std::string, std::string> args;  // ARG defaults, for FROM
  auto continues = [&](const Line& l) { return l.end > l.content && source[l.end - 1] == '\\'; };
  for (size_t i = 0; i < lines.size(); ++i) {
    const Line& l = lines[i];
    if (l.empty() || source[l.content] == '#') continue;
    uint32_t we = l.content;
    while (we < l.end && !blank(source[we])) ++we;
    std::string instr = lower(source.substr(l.content, we - l.content));
    size_t last = i;
    bool more = continues(l);
    while (more && last + 1 < lines.size()) {
      const Line& n = lines[++last];
      if (n.empty() || source[n.content] == '#') continue;
      more = continues(n);
    }
    uint32_t end = lines[last].end;
    int line = l.number;
    ByteRange extent{l.content, end};
    if (instr == "from") {
      // A stage's base image may say which toolkit builds its lists
      // (`FROM nvidia/cuda:${CUDA_VERSION}-devel`, an ARG default before it).
      std::vector<Word> words = lexWords(source, we, end, line, false, errors);
      std::string image;
      for (const Word& w : words)
        if (w.value.text.rfind("--", 0) != 0) {
          image = w.value.text;
          break;
        }
      for (size_t at = image.find("${"); at != std::string::npos; at = image.find("${", at)) {
        size_t close = image.find('}', at);
        if (close == std::string::npos) break;
        auto it = args.find(image.substr(at + 2, close - at - 2));
        if (it == args.end()) break;
        image.replace(at, close - at + 1, it->second);
      }
      b.toolkit(imageToolkitCeiling(image));
    } else if (instr == "run") {
      uint32_t body = we;
      while (body < end && blank(source[body])) ++body;
      std::string delimiter = heredocDelimiter(source, body, end);
      if (!delimiter.empty()) {
        // The script is the lines up to the delimiter; the RUN line only starts it.
        size_t stop = last + 1;
        while (stop < lines.size() &&
               source.substr(lines[stop].content, lines[stop].end - lines[stop].content) != delimiter)
          ++stop;
        if (last + 1 < lines.size() && stop < lines.size()) {
          ShellLex lex = lexShell(source, lines[last + 1].begin, lines[stop].begin, lines[last + 1].number);
          errors.insert(errors.end(), lex.errors.begin(), lex.errors.end());
          b.shell(lex);
          last = stop;
        }
      } else if (body < end && source[body] != '[') {  // exec form ["bash", "-c", ...] is not read
        ShellLex lex = lexShell(source, body, end, line);
        errors.insert(errors.end(), lex.errors.begin(), lex.errors.end());
        b.shell(lex);
      }
    } else if (instr == "env" || instr == "arg") {
      // Docker keeps a ` # note` in the value; no arch list has one, so it is read as a comment.
      end = valueEnd(source, we, end);
      std::vector<Word> words = lexWords(source, we, end, line, false, errors);
      std::string origin = "a Dockerfile " + std::string(instr == "env" ? "ENV" : "ARG");
      if (!words.empty() && splitAssignment(words[0], false)) {
        for (const Word& w : words)
          if (auto a = splitAssignment(w, false)) {
            if (instr == "arg") args[a->name] = a->value.text;
            b.binding(a->name, a->value, BareSeparators{true, false}, w.line, ByteRange{w.begin, w.end}, origin);
          }
      } else if (instr == "env" && !words.empty()) {  // ENV NAME value with blanks
        std::vector<Word> value = lexWords(source, words[0].end, end, line, true, errors);
        if (value.size() == 1)
          b.binding(words[0].value.text, value[0].value, BareSeparators{true, true}, line, extent, origin);
      }
    }
    i = last;
  }
}

// Line by line: a key's scalar, flow sequence or block sequence; `run:`
// bodies as shell. Keys under `matrix:` name matrix axes (`matrix.arch`).
// The newest toolkit a workflow names (`cuda: ["11.8", "12.1"]`,
// `CUDA_VERSION: 12.1`, `container: nvidia/cuda:12.1.0-devel`), as a
// ceiling; 0 when it names none. One per file: its jobs share it at most.
int workflowToolkit(std::string_view source, const std::vector<Line>& lines) {
  static const std::regex keyValue(R"re(^\s*(?:-\s+)?["']?([A-Za-z_][A-Za-z0-9_-]*)["']?\s*:\s*(\S.*)$)re");
  int ceiling = 0;
  for (const Line& l : lines) {
    std::string text(source.substr(l.content, l.end - l.content));
    std::smatch m;
    if (text.size() > 512 || !std::regex_match(text, m, keyValue)) continue;
    std::string key = m[1], value = m[2];
    if (size_t hash = value.find(" #"); hash != std::string::npos) value.resize(hash);
    bool image = key == "image" || key == "container";
    if (!image && !toolkitKey(key)) continue;
    std::string item;
    auto take = [&] {
      while (!item.empty() && (item.back() == ' ' || item.back() == '"' || item.back() == '\'')) item.pop_back();
      size_t b = item.find_first_not_of(" \"'");
      if (b != std::string::npos)
        ceiling = std::max(ceiling, image ? imageToolkitCeiling(item.substr(b)) : toolkitCeiling(item.substr(b)));
      item.clear();
    };
    for (char c : value) {
      if (c == '[' || c == ']') continue;
      if (c == ',') take();
      else item += c;
    }
    take();
  }
  return ceiling;
}

// One YAML line read as `key: value` (or `- key: value`, an item's first
// key). `col` is the key's column; `item` marks a sequence item's first line.
struct KeyLine {
  bool ok = false, item = false;
  int col = 0;
  std::string key;
  uint32_t vb = 0, ve = 0;  // the value, without a trailing comment
};

KeyLine keyLine(std::string_view source, const Line& l) {
  KeyLine out;
  if (l.empty() || source[l.content] == '#') return out;
  uint32_t c = l.content;
  if (source[c] == '-' && (c + 1 == l.end || source[c + 1] == ' ')) {
    out.item = true;
    ++c;
    while (c < l.end && blank(source[c])) ++c;
  }
  out.col = static_cast<int>(c - l.begin);
  uint32_t k = c;
  char q = (k < l.end && (source[k] == '"' || source[k] == '\'')) ? source[k] : '\0';
  if (q) {
    ++k;
    while (k < l.end && source[k] != q) ++k;
    if (k < l.end) ++k;
  } else {
    while (k < l.end && (std::isalnum(static_cast<unsigned char>(source[k])) || source[k] == '_' || source[k] == '-' ||
                         source[k] == '.'))
      ++k;
  }
  if (k == c || k >= l.end || source[k] != ':' || (k + 1 < l.end && !blank(source[k + 1]))) return out;
  out.key = std::string(source.substr(q ? c + 1 : c, q ? k - c - 2 : k - c));
  out.vb = k + 1;
  while (out.vb < l.end && blank(source[out.vb])) ++out.vb;
  out.ve = valueEnd(source, out.vb, l.end);
  out.ok = true;
  return out;
}

// The `shell:` a step states beside its `run:` (before or after it in the
// same mapping), or "" when it states none.
std::string stepShell(std::string_view source, const std::vector<Line>& lines, size_t run, int col) {
  auto value = [&](const KeyLine& k) { return std::string(source.substr(k.vb, k.ve - k.vb)); };
  KeyLine self = keyLine(source, lines[run]);
  for (size_t j = run; !self.item && j-- > 0;) {
    KeyLine k = keyLine(source, lines[j]);
    if (!k.ok) {
      if (!lines[j].empty() && source[lines[j].content] != '#' && lines[j].indent() < col) break;
      continue;
    }
    if (k.col < col) break;
    if (k.col == col && k.key == "shell") return value(k);
    if (k.col == col && k.item) break;
  }
  for (size_t j = run + 1; j < lines.size(); ++j) {
    if (lines[j].empty() || source[lines[j].content] == '#') continue;
    KeyLine k = keyLine(source, lines[j]);
    if (lines[j].indent() < col && !(k.ok && k.item && k.col > col)) break;
    if (k.ok && k.item && k.col <= col) break;
    if (k.ok && !k.item && k.col == col && k.key == "shell") return value(k);
  }
  return "";
}

// What a run block is written in. GitHub runs a step with no `shell:` in
// bash, except on Windows runners, where it uses pwsh; a runner named by an
// expression (`runs-on: ${{ matrix.os }}`) may be either.
enum class RunShell { Posix, Other, Either };

RunShell runShell(std::string_view shell) {
  size_t b = shell.find_first_not_of("\"' ");
  shell = b == std::string_view::npos ? std::string_view{} : shell.substr(b);
  if (shell.empty()) return RunShell::Either;
  bool posix = shell.rfind("bash", 0) == 0 || shell == "sh" || shell.rfind("sh ", 0) == 0;
  return posix ? RunShell::Posix : RunShell::Other;
}

void readWorkflow(std::string_view source, SiteBuilder& b, Errors& errors) {
  if (toolFile(source)) return;
  std::vector<Line> lines = splitLines(source);
  b.toolkit(workflowToolkit(source, lines));
  struct Parent {
    int col;
    std::string key;
  };
  std::vector<Parent> parents;
  // The default shell of the mapping a `runs-on:` or `defaults: run: shell:`
  // sits in; it holds while lines stay at that mapping's column or deeper.
  struct ScopedShell {
    int col;
    RunShell shell;
  };
  std::vector<ScopedShell> defaults;
  for (size_t i = 0; i < lines.size(); ++i) {
    const Line& l = lines[i];
    KeyLine kl = keyLine(source, l);
    if (!kl.ok) continue;
    int col = kl.col;
    const std::string& key = kl.key;
    uint32_t vb = kl.vb, ve = kl.ve;
    while (!parents.empty() && parents.back().col >= col) parents.pop_back();
    while (!defaults.empty() && defaults.back().col > col) defaults.pop_back();
    std::string_view text = source.substr(vb, ve - vb);
    if (key == "runs-on") {
      std::string runner = lower(text);
      if (runner.find("windows") != std::string::npos) defaults.push_back({col, RunShell::Other});
      else if (runner.find("${{") != std::string::npos) defaults.push_back({col, RunShell::Either});
    } else if (key == "shell" && parents.size() >= 2 && parents.back().key == "run" &&
               parents[parents.size() - 2].key == "defaults") {
      defaults.push_back({parents[parents.size() - 2].col, runShell(text)});
    }
    bool inMatrix = false, inInclude = false;
    for (const auto& p : parents) {
      inMatrix |= p.key == "matrix";
      inInclude |= inMatrix && (p.key == "include" || p.key == "exclude");
    }
    std::string name = inMatrix ? "matrix." + key : key;
    ByteRange extent{l.content, ve};
    if (key == "run" && vb < ve && source[vb] != '{') {  // not `defaults: run:`, a mapping
      RunShell shell = runShell(stepShell(source, lines, i, col));
      if (shell == RunShell::Either) shell = defaults.empty() ? RunShell::Posix : defaults.back().shell;
      size_t last = i;
      bool block = vb < ve && (source[vb] == '|' || source[vb] == '>');
      if (block)
        for (size_t j = i + 1; j < lines.size() && (lines[j].empty() || lines[j].indent() > col); ++j) last = j;
      if (shell == RunShell::Other) {  // PowerShell, cmd or Python: not ours to read
        i = last;
        continue;
      }
      if (block && last > i) {
        ShellLex lex = lexShell(source, lines[i + 1].begin, lines[last].end, lines[i + 1].number);
        // A block that may be PowerShell keeps its sites but not its syntax errors.
        if (shell == RunShell::Posix) errors.insert(errors.end(), lex.errors.begin(), lex.errors.end());
        b.shell(lex);
        i = last;
      } else if (!block && vb < ve && source[vb] != '"' && source[vb] != '\'') {
        b.shell(lexShell(source, vb, ve, l.number));
      }
      continue;
    }
    if (vb == ve) {  // a mapping or a block sequence below
      std::vector<SequenceItem> items;
      size_t last = i;
      bool scalars = true;
      for (size_t j = i + 1; j < lines.size(); ++j) {
        const Line& n = lines[j];
        if (n.empty() || source[n.content] == '#') continue;
        if (n.indent() < col || source[n.content] != '-' || (n.content + 1 < n.end && source[n.content + 1] != ' '))
          break;
        uint32_t sb = n.content + 1;
        while (sb < n.end && blank(source[sb])) ++sb;
        uint32_t se = valueEnd(source, sb, n.end);
        SequenceItem it = scalar(source, sb, se, n.number);
        it.item = ByteRange{n.content, se};
        if (se == sb || it.text.find(": ") != std::string::npos || it.text.back() == ':' ||
            it.text.find_first_of("[]{}") != std::string::npos)
          scalars = false;
        items.push_back(it);
        last = j;
      }
      if (!items.empty() && scalars) {
        b.sequence(name, items, true, l.number, ByteRange{l.content, lines[last].end});
        i = last;
        continue;
      }
      parents.push_back({col, key});
      continue;
    }
    if (source[vb] == '[' && source[ve - 1] == ']') {
      b.sequence(name, flowSequence(source, vb, ve, l.number), false, l.number, extent);
      continue;
    }
    if (source[vb] == '{' || source[vb] == '&' || source[vb] == '*' || source[vb] == '|' || source[vb] == '>') continue;
    // A YAML value is not shell: an apostrophe in a plain scalar is text, so
    // a value that does not lex as one word is no binding and no error.
    Errors notShell;
    std::vector<Word> value = lexWords(source, vb, ve, l.number, true, notShell);
    if (value.size() != 1 || !notShell.empty()) continue;
    // A matrix entry (`- arch: 90` under include:) holds one arch of the axis.
    b.binding(name, value[0].value, BareSeparators{true, true}, l.number, extent,
              inMatrix ? "a matrix entry" : "a YAML value", inInclude);
    if (inInclude) b.byHand(name, "each arch is a matrix include entry of its own; add one by hand");
  }
}

}  // namespace archscan::shell
