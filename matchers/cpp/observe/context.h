#pragma once
// What every site-kind observer shares: the AST and the file's text, spelled
// ranges, macro origins, subject tracing through what the fill pass found,
// and conditions in disjunctive normal form. Only clang_observer.cpp
// includes this (all Clang code is one translation unit).
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Lex/Lexer.h>

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "../observations.h"
#include "../raw_lexer.h"
#include "fills.h"

namespace archscan::cpp {

class ObserverContext {
 public:
  ObserverContext(clang::ASTContext& ctx, std::string_view text, const Fills& fills, Observations& out)
      : ast(ctx), sm(ctx.getSourceManager()), lo(ctx.getLangOpts()), text(text), fills(fills), out(out) {}

  clang::ASTContext& ast;
  clang::SourceManager& sm;
  const clang::LangOptions& lo;
  std::string_view text;
  const Fills& fills;
  Observations& out;
  // Functions being walked, innermost last (kept by the walk).
  std::vector<clang::FunctionDecl*> functions;
  // Conditions an if or switch already took, so lone tests skip them.
  std::set<const clang::Expr*> consumed;
  // The statements the walk is inside, outermost first, the node being
  // visited last; nullptr for a declaration, type or initializer between
  // them. Asking Clang for a node's parents would build a map of every node
  // of the file, some fifty bytes a source byte on a long brace list.
  std::vector<const clang::Stmt*> path;

  // The statement `s` sits directly in, or nullptr (a declaration, the top).
  const clang::Stmt* parentOf(const clang::Stmt* s) const {
    for (size_t i = path.size(); i-- > 1;)
      if (path[i] == s) return path[i - 1];
    return nullptr;
  }

  bool inMain(clang::SourceLocation loc) const {
    return loc.isValid() && sm.isWrittenInMainFile(sm.getExpansionLoc(loc));
  }
  std::string function() const { return functions.empty() ? "" : functions.back()->getQualifiedNameAsString(); }

  std::optional<Span> span(clang::SourceRange r) const {
    using namespace clang;
    CharSourceRange cr = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm, lo);
    if (cr.isInvalid()) cr = Lexer::makeFileCharRange(sm.getExpansionRange(r), sm, lo);
    if (cr.isInvalid()) return std::nullopt;
    auto [fid, b] = sm.getDecomposedLoc(cr.getBegin());
    if (fid != sm.getMainFileID()) return std::nullopt;
    unsigned e = sm.getFileOffset(cr.getEnd());
    if (e < b || e > text.size()) return std::nullopt;
    return Span{b, e, static_cast<int>(sm.getLineNumber(fid, b)), static_cast<int>(sm.getLineNumber(fid, e))};
  }
  Span spanOr(clang::SourceRange r) const { return span(r).value_or(Span{}); }
  std::string textOf(const Span& s) const { return std::string(text.substr(s.begin, s.end - s.begin)); }
  std::string textOf(clang::SourceRange r) const {
    auto s = span(r);
    return s ? textOf(*s) : std::string();
  }

  // A token written in a macro's body at some level, not in the file. A
  // token of a macro argument is spelled where the argument is written,
  // unless that argument was itself expanded from a body: ARCH_SWITCH's
  // `ARCH == 86` inside another macro's argument (`BOOL_SWITCH(d, D, [&] {
  // ARCH_SWITCH(...) })`) is an argument expansion on top and a body
  // token underneath.
  // Where the token's macro body is, walking down its spelling levels; an
  // invalid location when every level is an argument (spelled in the file).
  clang::SourceLocation bodyLevel(clang::SourceLocation loc) const {
    for (clang::SourceLocation l = loc; l.isMacroID(); l = sm.getImmediateSpellingLoc(l))
      if (!sm.isMacroArgExpansion(l)) return l;
    return {};
  }
  bool fromMacroBody(clang::SourceLocation loc) const { return bodyLevel(loc).isValid(); }
  // The macro whose body it is; empty when it is spelled in the file. The
  // name costs a look at the macro's text, so only where it is kept.
  std::string bodyMacro(clang::SourceLocation loc) const {
    clang::SourceLocation l = bodyLevel(loc);
    if (l.isInvalid()) return {};
    std::string name = clang::Lexer::getImmediateMacroName(l, sm, lo).str();
    return name.empty() ? "(macro)" : name;
  }

  MacroOrigin origin(clang::SourceLocation loc) const {
    MacroOrigin o;
    if (!loc.isMacroID()) return o;
    // A construct written as a macro argument is still spelled in the file.
    if (!fromMacroBody(loc)) return o;
    o.expanded = true;
    for (clang::SourceLocation l = loc; l.isMacroID(); l = sm.getImmediateMacroCallerLoc(l))
      o.macro = clang::Lexer::getImmediateMacroName(l, sm, lo).str();
    return o;
  }

  static const clang::Expr* firstReturn(const clang::Stmt* s) {
    if (!s || clang::isa<clang::LambdaExpr>(s)) return nullptr;
    if (auto* r = clang::dyn_cast<clang::ReturnStmt>(s)) return r->getRetValue();
    for (const clang::Stmt* c : s->children())
      if (const clang::Expr* e = firstReturn(c)) return e;
    return nullptr;
  }

  // The operand of a comparison, lookup or switch, traced to where its value comes from.
  Operand operand(const clang::Expr* e) const {
    Operand o;
    o.text = textOf(e->IgnoreParenImpCasts()->getSourceRange());
    std::set<const clang::Decl*> seen;
    trace(e, o, 0, seen);
    return o;
  }

  std::optional<long long> literalValue(const clang::Expr* e, std::string& spelled, Span& where) const {
    e = e->IgnoreParenImpCasts();
    auto* lit = clang::dyn_cast<clang::IntegerLiteral>(e);
    if (!lit) return std::nullopt;
    auto s = span(lit->getSourceRange());
    if (!s) return std::nullopt;
    long long value = static_cast<long long>(lit->getValue().getLimitedValue(1LL << 40));
    // A literal written in a macro's body is located at the whole invocation:
    // its spelling is the number, not the invocation's text.
    clang::SourceLocation at = lit->getBeginLoc();
    bool inBody = fromMacroBody(at);
    spelled = inBody ? std::to_string(value) : textOf(*s);
    where = *s;
    return value;
  }

  // The comparisons of an integer subject with literals in `e`, as a DNF.
  Condition condition(const clang::Expr* e) const;
  // De Morgan over the DNF: !(a || b) is (!a && !b), the form assert macros
  // expand to (`if (!(arch == 9 || arch == 10)) throw ...`).
  static Condition negated(const Condition& c);
  static bool hasTests(const Condition& c) {
    for (const auto& conj : c)
      if (!conj.empty()) return true;
    return false;
  }

 private:
  void traceText(const Span& s, Operand& o) const;
  // The member initializers `name(...)` the file spells, for a field Sema gave none.
  void traceMemberInits(const std::string& name, Operand& o) const;
  // The main file's tokens, lexed once, on the first member-initializer read.
  mutable std::optional<std::vector<Token>> tokens_;
  // `seen` keeps a variable assigned in a loop (`x = x + 1`) or a recursive
  // helper from being followed more than once per operand.
  void trace(const clang::Expr* e, Operand& o, int depth, std::set<const clang::Decl*>& seen) const;
};

// --- out of line, still in this header: only one translation unit includes it.

inline void ObserverContext::traceText(const Span& s, Operand& o) const {
  auto toks = lexCpp(text, s.begin, s.end);
  for (size_t i = 0; i < toks.size(); ++i) {
    if (toks[i].kind != Tok::Ident) continue;
    std::string w(spell(text, toks[i]));
    bool call = i + 1 < toks.size() && spell(text, toks[i + 1]) == "(";
    if (call) {
      o.calls.push_back(w);
      o.undefined_calls.push_back(w);
    } else {
      o.names.push_back(w);
      o.atoms.push_back(w);
    }
  }
}

inline void ObserverContext::traceMemberInits(const std::string& name, Operand& o) const {
  if (!tokens_) tokens_ = lexCpp(text);
  const std::vector<Token>& toks = *tokens_;
  for (size_t i = 1; i + 1 < toks.size(); ++i) {
    if (toks[i].kind != Tok::Ident || spell(text, toks[i]) != name || spell(text, toks[i + 1]) != "(") continue;
    std::string_view before = spell(text, toks[i - 1]);
    if (before != ":" && before != ",") continue;  // a constructor's member initializer list
    size_t close = matchingToken(text, toks, i + 1);
    if (close >= toks.size() || toks[close].begin - toks[i + 1].end > 512) continue;
    traceText(Span{toks[i + 1].end, toks[close].begin, toks[i].line, toks[close].line}, o);
  }
}

inline void ObserverContext::trace(const clang::Expr* e, Operand& o, int depth,
                                   std::set<const clang::Decl*>& seen) const {
  using namespace clang;
  if (!e || depth > 4) return;
  e = e->IgnoreParenImpCasts();
  if (auto* c = dyn_cast<CXXConstructExpr>(e); c && c->getNumArgs() == 1) e = c->getArg(0)->IgnoreParenImpCasts();
  SourceLocation loc = e->getBeginLoc();
  if (std::string m = bodyMacro(loc); !m.empty()) o.atoms.push_back(m);
  if (auto* ref = dyn_cast<DeclRefExpr>(e)) {
    const ValueDecl* d = ref->getDecl();
    std::string name = d->getNameAsString();
    if (isa<EnumConstantDecl>(d)) {
      o.atoms.push_back(name);
    } else if (isa<ParmVarDecl>(d)) {
      o.names.push_back(name);
      if (depth == 0) o.binding = dottedName(function()) + "." + name;
    } else if (auto* v = dyn_cast<VarDecl>(d)) {
      o.names.push_back(name);
      if (!seen.insert(v).second) return;
      if (depth == 0) o.binding = v->isLocalVarDeclOrParm() ? dottedName(function()) + "." + name : name;
      if (const RecordDecl* rd = v->getType()->getAsRecordDecl()) o.atoms.push_back(rd->getNameAsString());
      if (v->getInit()) trace(v->getInit(), o, depth + 1, seen);
      // Sema drops an initializer it cannot type (`int sm = common::getSMVersion();`
      // with the header unread): the declaration's words say where it comes from.
      // Its range then ends at the name: read on to the statement's end.
      else if (auto s = span(v->getSourceRange()); s && s->end < text.size() && text[s->end] != ';' &&
                                                   text.find_first_not_of(" \t", s->end) < text.size() &&
                                                   text[text.find_first_not_of(" \t", s->end)] == '=') {
        size_t stop = text.find(';', s->end);
        if (stop != std::string_view::npos && stop - s->end < 512)
          traceText(Span{s->end, static_cast<uint32_t>(stop), s->end_line, s->end_line}, o);
      }
      if (auto it = fills.assigned.find(v); it != fills.assigned.end())
        for (const Expr* rhs : it->second) trace(rhs, o, depth + 1, seen);
      if (auto it = fills.out_params.find(v); it != fills.out_params.end())
        for (const CallExpr* call : it->second) {
          if (const FunctionDecl* fd = call->getDirectCallee()) o.calls.push_back(fd->getNameAsString());
          for (const Expr* arg : call->arguments())
            if (auto* r = dyn_cast<DeclRefExpr>(arg->IgnoreParenImpCasts()))
              o.atoms.push_back(r->getDecl()->getNameAsString());
        }
    }
    return;
  }
  if (auto* m = dyn_cast<MemberExpr>(e)) {
    std::string name = m->getMemberDecl()->getNameAsString();
    o.atoms.push_back(name);
    o.names.push_back(name);
    if (depth == 0 && isa<CXXThisExpr>(m->getBase()->IgnoreParenImpCasts()))
      if (auto* rd = dyn_cast<CXXRecordDecl>(m->getMemberDecl()->getDeclContext()))
        o.binding = rd->getNameAsString() + "." + name;
    if (auto* f = dyn_cast<FieldDecl>(m->getMemberDecl()); f && seen.insert(f).second) {
      auto it = fills.assigned.find(f);
      if (it != fills.assigned.end())
        for (const Expr* rhs : it->second) trace(rhs, o, depth + 1, seen);
      if (f->hasInClassInitializer()) trace(f->getInClassInitializer(), o, depth + 1, seen);
      // Sema drops a member initializer it cannot type (`: mSM(common::getSMVersion())`
      // with the header unread): the words of `name(...)` in the file say it.
      if (it == fills.assigned.end() && !f->hasInClassInitializer()) traceMemberInits(name, o);
    }
    trace(m->getBase(), o, depth, seen);
    return;
  }
  if (auto* call = dyn_cast<CallExpr>(e)) {
    if (const FunctionDecl* fd = call->getDirectCallee()) {
      o.calls.push_back(fd->getNameAsString());
      const FunctionDecl* def = nullptr;
      if (fd->hasBody(def) && def && seen.insert(def).second) {
        if (const Expr* r = firstReturn(def->getBody())) trace(r, o, depth + 1, seen);
      } else {
        o.undefined_calls.push_back(fd->getNameAsString());
      }
      if (auto* mc = dyn_cast<CXXMemberCallExpr>(call)) trace(mc->getImplicitObjectArgument(), o, depth, seen);
      return;
    }
  }
  if (auto* b = dyn_cast<BinaryOperator>(e)) {
    trace(b->getLHS(), o, depth + 1, seen);
    trace(b->getRHS(), o, depth + 1, seen);
    return;
  }
  if (auto* c = dyn_cast<ConditionalOperator>(e)) {
    trace(c->getTrueExpr(), o, depth + 1, seen);
    trace(c->getFalseExpr(), o, depth + 1, seen);
    return;
  }
  if (isa<IntegerLiteral>(e) || isa<StringLiteral>(e)) return;
  // Whatever Sema could not type (undeclared helpers, dependent names): the words.
  if (auto s = span(e->getSourceRange())) traceText(*s, o);
}

namespace detail {

inline CmpOp cmpOf(clang::BinaryOperatorKind k) {
  switch (k) {
    case clang::BO_EQ:
      return CmpOp::Eq;
    case clang::BO_NE:
      return CmpOp::Ne;
    case clang::BO_LT:
      return CmpOp::Lt;
    case clang::BO_LE:
      return CmpOp::Le;
    case clang::BO_GT:
      return CmpOp::Gt;
    default:
      return CmpOp::Ge;
  }
}

inline CmpOp mirror(CmpOp op) {
  switch (op) {
    case CmpOp::Lt:
      return CmpOp::Gt;
    case CmpOp::Le:
      return CmpOp::Ge;
    case CmpOp::Gt:
      return CmpOp::Lt;
    case CmpOp::Ge:
      return CmpOp::Le;
    case CmpOp::Eq:
    case CmpOp::Ne:
      return op;
  }
  return op;
}

inline CmpOp negate(CmpOp op) {
  switch (op) {
    case CmpOp::Eq:
      return CmpOp::Ne;
    case CmpOp::Ne:
      return CmpOp::Eq;
    case CmpOp::Lt:
      return CmpOp::Ge;
    case CmpOp::Le:
      return CmpOp::Gt;
    case CmpOp::Gt:
      return CmpOp::Le;
    case CmpOp::Ge:
      return CmpOp::Lt;
  }
  return op;
}

}  // namespace detail

inline Condition ObserverContext::condition(const clang::Expr* e) const {
  using namespace clang;
  if (!e) return {};
  e = e->IgnoreParenImpCasts();
  if (auto* b = dyn_cast<BinaryOperator>(e)) {
    if (b->getOpcode() == BO_LOr) {
      Condition l = condition(b->getLHS()), r = condition(b->getRHS());
      l.insert(l.end(), r.begin(), r.end());
      return l;
    }
    if (b->getOpcode() == BO_LAnd) {
      Condition l = condition(b->getLHS()), r = condition(b->getRHS());
      if (l.empty()) return r;
      if (r.empty()) return l;
      Condition out;
      for (const auto& a : l)
        for (const auto& c : r) {
          if (out.size() > 64) return out;
          Conjunction both = a;
          both.insert(both.end(), c.begin(), c.end());
          out.push_back(both);
        }
      return out;
    }
    if (b->isComparisonOp()) {
      Test t;
      t.op = detail::cmpOf(b->getOpcode());
      const Expr* subject = nullptr;
      std::optional<long long> v;
      if ((v = literalValue(b->getRHS(), t.literal, t.literal_span))) {
        subject = b->getLHS();
      } else if ((v = literalValue(b->getLHS(), t.literal, t.literal_span))) {
        subject = b->getRHS();
        t.op = detail::mirror(t.op);
      }
      std::string other;
      Span otherSpan;
      if (!v || literalValue(subject, other, otherSpan)) return {};
      t.value = *v;
      t.subject = operand(subject);
      t.whole = spanOr(b->getSourceRange());
      if (t.whole.end == 0 || t.subject.text.empty()) return {};
      return {{t}};
    }
  }
  if (auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_LNot) return negated(condition(u->getSubExpr()));
  return {};
}

inline Condition ObserverContext::negated(const Condition& c) {
  if (c.empty()) return {};
  Condition out{Conjunction{}};
  for (const auto& conj : c) {
    if (conj.empty()) return {};
    Condition next;
    for (const auto& partial : out)
      for (const auto& t : conj) {
        if (next.size() > 64) return {};
        Conjunction grown = partial;
        grown.push_back(t);
        grown.back().op = detail::negate(t.op);
        next.push_back(std::move(grown));
      }
    out = std::move(next);
  }
  return out;
}

}  // namespace archscan::cpp
