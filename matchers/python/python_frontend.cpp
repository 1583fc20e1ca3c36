#include "python_frontend.h"

#include <tree_sitter/api.h>

#include <algorithm>
#include <memory>
#include <regex>

#include "build_strings.h"
#include "build_units.h"
#include "conditions.h"
#include "context.h"
#include "frontend/path_needs.h"
#include "frontend/prefilter.h"
#include "frontend/suppressions.h"
#include "import_lines.h"
#include "imports.h"
#include "literal_sites.h"
#include "lookups.h"
#include "module_index.h"
#include "parse_arena.h"
#include "prose.h"
#include "query_set.h"
#include "record_tables.h"
#include "subject.h"
#include "test_fakes.h"
#include "ts_util.h"

extern "C" const TSLanguage* tree_sitter_python(void);

namespace archscan {
namespace {

struct TreeDeleter {
  void operator()(TSTree* t) const { ts_tree_delete(t); }
};
struct ParserDeleter {
  void operator()(TSParser* p) const { ts_parser_delete(p); }
};
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

TreePtr parse(const std::string& source) {
  std::unique_ptr<TSParser, ParserDeleter> parser(ts_parser_new());
  if (!ts_parser_set_language(parser.get(), tree_sitter_python()))
    throw std::runtime_error("tree-sitter runtime cannot load the Python grammar (ABI mismatch)");
  return TreePtr(ts_parser_parse_string(parser.get(), nullptr, source.data(), static_cast<uint32_t>(source.size())));
}

int countErrors(TSNode n);

// tree-sitter-python 0.25 rejects two shapes of valid Python: a splat of a
// parenthesized expression after a comma (`return a, b, *((None,) * n)`) and
// a format spec that starts with an `=` fill (`f"{title:=^{width}}"`). Those
// spots are blanked (same length, so every byte offset holds): the splat
// star, the fill character. Only what the parse needs changes; node text is
// still read from the file.
std::string withGrammarGapsBlanked(std::string s) {
  static const std::regex splat(R"(,\s*\*\()"), fill(R"(\{[A-Za-z_][\w.]*(\[[^\]\n]*\])?(![rsa])?:=)");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), splat); it != std::sregex_iterator(); ++it)
    s[it->position(0) + it->length(0) - 2] = ' ';
  for (auto it = std::sregex_iterator(s.begin(), s.end(), fill); it != std::sregex_iterator(); ++it)
    s[it->position(0) + it->length(0) - 1] = ' ';
  return s;
}

// The tree of `source`, or of it with the grammar's gaps blanked when that
// parses with fewer errors.
TreePtr parseTolerant(const std::string& source) {
  TreePtr tree = parse(source);
  if (!tree || !ts_node_has_error(ts_tree_root_node(tree.get()))) return tree;
  TreePtr retry = parse(withGrammarGapsBlanked(source));
  if (retry && countErrors(ts_tree_root_node(retry.get())) < countErrors(ts_tree_root_node(tree.get()))) return retry;
  return tree;
}

// The first ERROR or MISSING node, depth first.
TSNode firstError(TSNode n) {
  if (ts_node_is_error(n) || ts_node_is_missing(n)) return n;
  if (!ts_node_has_error(n)) return TSNode{};
  for (uint32_t i = 0; i < ts_node_child_count(n); ++i) {
    TSNode e = firstError(ts_node_child(n, i));
    if (!ts_node_is_null(e)) return e;
  }
  return TSNode{};
}

int countErrors(TSNode n) {
  if (!ts_node_has_error(n)) return 0;
  if (ts_node_is_error(n) || ts_node_is_missing(n)) return 1;
  int c = 0;
  for (uint32_t i = 0; i < ts_node_child_count(n); ++i) c += countErrors(ts_node_child(n, i));
  return c;
}

}  // namespace

PythonFrontend::PythonFrontend(const Knowledge& k)
    : k_(k), queries_(std::make_unique<py::QuerySet>(tree_sitter_python())) {}
PythonFrontend::~PythonFrontend() = default;

bool PythonFrontend::accepts(std::string_view filename, std::string_view) const {
  auto endsWith = [&](std::string_view e) {
    return filename.size() >= e.size() && filename.substr(filename.size() - e.size()) == e;
  };
  return endsWith(".py") || endsWith(".pyi");
}

// Most files have no arch word at all; prose (comments, docstrings) is
// blanked only for those that do, and they are asked again.
bool PythonFrontend::worthParsing(std::string_view text) const {
  auto mentions = [](std::string_view t) { return mentionsArchWord(t) || mentionsArchLiteral(t); };
  return mentions(text) && mentions(py::withoutProse(text));
}

FileFacts PythonFrontend::skim(const SourceText& source) const {
  FileFacts facts;
  facts.imports = py::importLines(source.text);  // re-exports still link
  return facts;
}

int PythonFrontend::syntaxErrors(const SourceText& source) const {
  TreePtr tree = parseTolerant(source.text);
  return countErrors(ts_tree_root_node(tree.get()));
}

const EditingSyntax& PythonFrontend::editing() const {
  static const EditingSyntax syntax = [] {
    EditingSyntax s;
    s.line_comment = "#";
    s.or_op = " or ";
    s.and_op = " and ";
    s.chained_comparisons = true;
    s.condition_keywords = {"if", "elif", "assert", "while"};
    return s;
  }();
  return syntax;
}

// The parser only counts syntax errors, so "one expression" is tested by
// where the text may stand: as the right side of an assignment (the form the
// value takes), inside two different brackets (so it cannot close the table
// it is written into and open code of its own), and as the test of a
// conditional expression (one expression: no top-level comma, no
// comprehension, no statement, no comment).
std::optional<std::string> PythonFrontend::notOneValue(const std::string& value) const {
  for (const std::string& probe : {"x = " + value + "\n", "x = (" + value + "\n)\n", "x = [" + value + "\n]\n",
                                   "x = 0 if " + value + " else 0\n"}) {
    if (syntaxErrors(SourceText{"<value>", probe}) > 0) return "is not one Python expression";
  }
  return std::nullopt;
}

namespace {

// The names a function's body calls, by their last part (`utils.recipe()` ->
// `recipe`): link/ turns them into callers. A tree cursor keeps it iterative.
std::vector<std::string> callsIn(TSNode function, const py::ModuleIndex& idx) {
  std::vector<std::string> out;
  TSTreeCursor cur = ts_tree_cursor_new(function);
  bool down = true;
  while (out.size() < FunctionSummary::kMaxCalls) {
    TSNode n = ts_tree_cursor_current_node(&cur);
    if (down && py::is(n, "call")) {
      TSNode fn = py::field(n, "function");
      if (py::is(fn, "attribute")) fn = py::field(fn, "attribute");
      if (py::is(fn, "identifier")) {
        std::string name = idx.text(fn);
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(std::move(name));
      }
    }
    if (down && ts_tree_cursor_goto_first_child(&cur)) continue;
    if (ts_tree_cursor_goto_next_sibling(&cur)) {
      down = true;
      continue;
    }
    if (!ts_tree_cursor_goto_parent(&cur)) break;
    if (ts_node_eq(ts_tree_cursor_current_node(&cur), function)) break;
    down = false;
  }
  ts_tree_cursor_delete(&cur);
  return out;
}

}  // namespace

FileFacts PythonFrontend::extract(const SourceText& src) const {
  const std::string& path = src.path;
  const std::string& source = src.text;
  FileFacts facts;
  facts.path = path;
  facts.language = Language::Python;
  py::ParseScope scope;  // declared first: it outlives the tree and takes its memory back
  TreePtr tree = parseTolerant(source);
  if (!tree) {
    facts.diagnostics.push_back({"error", path, 0, "the Python parser gave up on this file"});
    return facts;
  }
  TSNode root = ts_tree_root_node(tree.get());
  TSNode err = firstError(root);
  if (!ts_node_is_null(err)) {
    facts.diagnostics.push_back(
        {"warning", path, py::lineOf(err), "syntax error; sites in the damaged region may be missed"});
  }
  py::TreeShape shape(ts_tree_language(tree.get()));
  py::Captures cap = queries_->run(root, &shape);
  py::ModuleIndex idx(std::move(shape), cap.definitions, source);
  py::SubjectEvaluator eval(idx, k_);
  py::PyContext ctx{k_, idx, eval, facts, {}};

  // First: a path's need is read from the modules its calls come from.
  py::extractImports(ctx, cap.imports);
  py::extractBranches(ctx, cap.branches);
  py::extractLoneComparisons(ctx, cap.comparisons);
  py::extractLiterals(ctx, cap.literals, cap.comparisons);
  py::extractLookups(ctx, cap.lookups, cap.comparisons);
  py::extractRecordTables(ctx, cap.literals, cap.loops);
  py::extractBuildStrings(ctx, cap.strings);
  py::extractBuildUnits(ctx, cap.strings);
  // scripts/new-kind.sh adds extractions above this line.
  py::dropSitesOnFakes(ctx);

  for (const auto& f : idx.functions()) {
    FunctionSummary s;
    s.name = f.qualname;
    s.params = f.params;
    s.raises = idx.raises(f.node);
    s.returns_capability = eval.returnsCapability(f);
    s.admits = py::admittedBy(f.node, ctx);
    s.calls = callsIn(f.node, idx);
    facts.functions.push_back(std::move(s));
  }
  for (const auto& a : idx.assignments()) {
    TSNode value = py::unparen(a.value);
    if (!ts_node_is_null(a.function) || !a.cls.empty() || !py::is(a.target, "identifier") || !py::is(value, "call"))
      continue;
    TSNode fn = py::field(value, "function");
    if (py::is(fn, "identifier")) facts.instances.push_back({idx.text(a.target), idx.text(fn)});
  }
  addValueNeeds(facts.sites, source, k_, "#");
  addScopeLibraryNeeds(facts.sites, k_);
  facts.suppressions = applySuppressions(source, "#", facts.sites);
  facts.parsed = true;
  if (scope.holdsEverything()) (void)tree.release();  // no walk to free node by node
  return facts;
}

}  // namespace archscan
