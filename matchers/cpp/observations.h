#pragma once
// What the Clang pass saw in one C++/CUDA file, as plain data with spelled
// byte ranges. No Clang type crosses this line: deciding which of these are
// arch sites (cpp_sites.cpp) is ordinary code, testable without a compiler.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/facts.h"

namespace archscan::cpp {

struct Span {
  uint32_t begin = 0;
  uint32_t end = 0;  // exclusive
  int line = 0;
  int end_line = 0;
};

// Where a construct comes from when a macro expansion produced it.
struct MacroOrigin {
  bool expanded = false;
  std::string macro;  // outermost macro name
};

// An expression a decision is made on, traced inside this file through
// locals, out-parameters, arithmetic and the bodies of called functions.
struct Operand {
  std::string text;  // as spelled
  std::string binding;  // fn.var for locals and parameters, var for globals, "" otherwise
  std::vector<std::string> names;  // variables, parameters, fields met on the way
  std::vector<std::string> calls;  // callees met, and calls that filled an out-parameter
  std::vector<std::string> atoms;  // enumerators, macros, member names, type names
  std::vector<std::string> undefined_calls;  // callees whose body this file does not have
};

enum class CmpOp { Eq, Ne, Lt, Le, Gt, Ge };

// `subject OP literal`, normalised so the literal is on the right.
struct Test {
  Operand subject;
  CmpOp op = CmpOp::Eq;
  long long value = 0;
  std::string literal;  // as spelled
  Span literal_span;
  Span whole;
};

// A condition in disjunctive normal form, keeping only comparisons of an
// operand with an integer literal: `a == 9 || (b >= 100 && b < 120)`.
using Conjunction = std::vector<Test>;
using Condition = std::vector<Conjunction>;

// How a block ends, read from its tokens (cpp_subject.h: exitOf).
enum class Exit { Falls, Returns, Crashes };

struct Branch {
  Condition condition;  // empty for an else, a default, a next statement
  Span body;
};

struct ChainObs {
  std::vector<Branch> branches;  // if, else if, ...
  std::optional<Branch> otherwise;  // the final else
  Span whole;
  std::string function;
  // Position among the statements of the enclosing block, so runs of
  // `if (sm == 90) return ...;` can be read as one chain.
  uint64_t block = 0;
  int index = -1;
  std::optional<Branch> next;  // the statement after it in the block (condition empty)
  MacroOrigin origin;
  bool recovered = false;  // read from text: Clang did not see this code
};

struct CaseObs {
  std::optional<long long> value;  // when Sema evaluated it
  std::string text;  // spelled label expression
  std::string enumerator;  // the enumerator a label names, if any
  Span label;
  bool recovered = false;  // read from the text because Clang dropped it
};

struct SwitchObs {
  Operand subject;
  std::vector<CaseObs> cases;  // source order
  std::optional<Branch> fallthrough_default;  // `default:` and what it does
  Span whole;
  Span body;
  std::string function;
  MacroOrigin origin;
  bool recovered = false;  // the whole switch was read from text
};

// Comparisons outside if/switch conditions: asserts, checks, bools, ternaries.
struct LoneObs {
  Condition condition;
  Span whole;
  std::string function;
  MacroOrigin origin;
  // The condition of a ternary (`arch >= 90 ? tile_sm90() : tile_sm80()`):
  // what each answer evaluates, the paths it chooses between.
  std::optional<Span> when_true;
  std::optional<Span> when_false;
};

// A variable with a braced initializer: maps, arrays of {arch, value}, arch arrays.
struct InitObs {
  std::string name;
  std::string function;  // empty at namespace or class scope
  Span whole;
  Span init;  // the outer braces
  MacroOrigin origin;
};

struct LookupObs {
  std::string table;
  std::string function;
  Operand subject;
  OnMissing on_missing = OnMissing::Unknown;
  std::string how;
  int line = 0;
  std::optional<Span> after;  // for a loop: the statement that runs when nothing matched
  std::string table_file;  // the included file that declares the table; "" for this one
};

struct TemplateArgObs {
  std::string templ;  // qualified template name
  long long value = 0;
  std::string literal;
  Span literal_span;
  Span whole;  // the template-id or the specialisation
};

struct FunctionObs {
  std::string name;
  std::vector<std::string> params;
  Span body;
  std::optional<Operand> returns;  // the first returned expression, traced
};

// `ns::fn` -> `ns.fn`: the form bindings and scopes take, as in Python.
inline std::string dottedName(std::string q) {
  for (size_t p; (p = q.find("::")) != std::string::npos;) q.replace(p, 2, ".");
  return q;
}

struct Observations {
  std::vector<SwitchObs> switches;
  std::vector<ChainObs> chains;
  std::vector<LoneObs> lones;
  std::vector<InitObs> inits;
  std::vector<LookupObs> lookups;
  std::vector<TemplateArgObs> template_args;
  std::vector<FunctionObs> functions;
  std::vector<uint32_t> seen_ifs;  // where every if statement Clang saw begins
  std::vector<Diagnostic> diagnostics;  // Clang's errors, summarised
  int errors = 0;
  bool parsed = false;  // Clang produced an AST
};

}  // namespace archscan::cpp
