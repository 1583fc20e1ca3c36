// Walks the main file's declarations once and records, per site kind, what
// the arch rules need: switches, if-chains, lone comparisons, braced
// initialisers, lookups, template arguments and function summaries. One
// Visit* per site kind; deciding what is an arch site happens in cpp_sites.
#include "clang_observer.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Lex/Lexer.h>

#include <map>
#include <set>

#include "raw_lexer.h"

namespace archscan::cpp {
namespace {

using namespace clang;

class Observer : public RecursiveASTVisitor<Observer> {
 public:
  Observer(ASTContext& ctx, std::string_view text, Observations& out)
      : ctx_(ctx), sm_(ctx.getSourceManager()), lo_(ctx.getLangOpts()), text_(text), out_(out) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  // First pass: what fills a variable besides its initialiser.
  bool collecting = true;

  bool TraverseDecl(Decl* d) {
    auto* fd = dyn_cast_or_null<FunctionDecl>(d);
    if (fd && fd->doesThisDeclarationHaveABody()) functions_.push_back(fd);
    bool ok = RecursiveASTVisitor::TraverseDecl(d);
    if (fd && fd->doesThisDeclarationHaveABody()) functions_.pop_back();
    return ok;
  }

  bool VisitCallExpr(CallExpr* call) {
    if (collecting) {
      // cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev)
      for (Expr* arg : call->arguments()) {
        auto* u = dyn_cast<UnaryOperator>(arg->IgnoreParenImpCasts());
        if (!u || u->getOpcode() != UO_AddrOf) continue;
        if (auto* ref = dyn_cast<DeclRefExpr>(u->getSubExpr()->IgnoreParenImpCasts()))
          if (auto* v = dyn_cast<VarDecl>(ref->getDecl())) outParams_[v].push_back(call);
      }
      return true;
    }
    if (!inMain(call->getBeginLoc())) return true;
    observeFindCall(call);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator* b) {
    if (collecting) {
      if (b->getOpcode() == BO_Assign) {
        const Expr* lhs = b->getLHS()->IgnoreParenImpCasts();
        if (auto* ref = dyn_cast<DeclRefExpr>(lhs))
          if (auto* v = dyn_cast<VarDecl>(ref->getDecl())) assigned_[v].push_back(b->getRHS());
        if (auto* m = dyn_cast<MemberExpr>(lhs))  // mSM = getSMVersion(); in any method
          if (auto* f = dyn_cast<FieldDecl>(m->getMemberDecl())) assigned_[f].push_back(b->getRHS());
      }
      return true;
    }
    if ((b->isComparisonOp() || b->isLogicalOp()) && inMain(b->getBeginLoc())) observeLone(b);
    return true;
  }

  bool VisitCXXConstructorDecl(CXXConstructorDecl* ctor) {
    // GemmRunner() : mSM(getSMVersion()) {}
    if (!collecting) return true;
    for (const CXXCtorInitializer* init : ctor->inits())
      if (init->isWritten() && init->getMember() && init->getInit()) assigned_[init->getMember()].push_back(init->getInit());
    return true;
  }

  bool VisitCompoundStmt(CompoundStmt* c) {
    if (collecting) return true;
    int i = 0;
    Stmt* prev = nullptr;
    for (Stmt* s : c->body()) {
      if (prev && (isa<IfStmt>(prev) || isa<CXXForRangeStmt>(prev))) nextOf_[prev] = s;
      if (auto* is = dyn_cast<IfStmt>(s)) position_[is] = {reinterpret_cast<uint64_t>(c), i};
      prev = s;
      ++i;
    }
    return true;
  }

  bool VisitSwitchStmt(SwitchStmt* s);
  bool VisitIfStmt(IfStmt* s);
  bool VisitVarDecl(VarDecl* v);
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* call);
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr* call);
  bool VisitCXXForRangeStmt(CXXForRangeStmt* loop);
  bool VisitDeclRefExpr(DeclRefExpr* ref);
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc tl);
  bool VisitClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl* d);
  bool VisitFunctionDecl(FunctionDecl* fd);

 private:
  ASTContext& ctx_;
  SourceManager& sm_;
  const LangOptions& lo_;
  std::string_view text_;
  Observations& out_;
  std::vector<FunctionDecl*> functions_;
  std::map<const VarDecl*, std::vector<const CallExpr*>> outParams_;
  std::map<const ValueDecl*, std::vector<const Expr*>> assigned_;  // variables and fields
  std::map<const IfStmt*, std::pair<uint64_t, int>> position_;
  std::map<const Stmt*, const Stmt*> nextOf_;  // the statement after an if or a loop
  std::set<const IfStmt*> elseIfs_;
  std::set<const Expr*> consumed_;

  bool inMain(SourceLocation loc) const { return loc.isValid() && sm_.isWrittenInMainFile(sm_.getExpansionLoc(loc)); }

  std::string function() const { return functions_.empty() ? "" : functions_.back()->getQualifiedNameAsString(); }

  std::optional<Span> span(SourceRange r) const {
    CharSourceRange cr = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm_, lo_);
    if (cr.isInvalid()) cr = Lexer::makeFileCharRange(sm_.getExpansionRange(r), sm_, lo_);
    if (cr.isInvalid()) return std::nullopt;
    auto [fid, b] = sm_.getDecomposedLoc(cr.getBegin());
    if (fid != sm_.getMainFileID()) return std::nullopt;
    unsigned e = sm_.getFileOffset(cr.getEnd());
    if (e < b || e > text_.size()) return std::nullopt;
    return Span{b, e, static_cast<int>(sm_.getLineNumber(fid, b)), static_cast<int>(sm_.getLineNumber(fid, e))};
  }
  Span spanOr(SourceRange r) const { return span(r).value_or(Span{}); }
  std::string textOf(const Span& s) const { return std::string(text_.substr(s.begin, s.end - s.begin)); }
  std::string textOf(SourceRange r) const {
    auto s = span(r);
    return s ? textOf(*s) : std::string();
  }

  MacroOrigin origin(SourceLocation loc) const {
    MacroOrigin o;
    if (!loc.isMacroID()) return o;
    // A construct written as a macro argument is still spelled in the file.
    if (sm_.isMacroArgExpansion(loc)) return o;
    o.expanded = true;
    for (SourceLocation l = loc; l.isMacroID(); l = sm_.getImmediateMacroCallerLoc(l))
      o.macro = Lexer::getImmediateMacroName(l, sm_, lo_).str();
    return o;
  }

  // --- subjects
  void traceText(const Span& s, Operand& o) const {
    auto toks = lexCpp(text_, s.begin, s.end);
    for (size_t i = 0; i < toks.size(); ++i) {
      if (toks[i].kind != Tok::Ident) continue;
      std::string w(spell(text_, toks[i]));
      bool call = i + 1 < toks.size() && spell(text_, toks[i + 1]) == "(";
      if (call) {
        o.calls.push_back(w);
        o.undefined_calls.push_back(w);
      } else {
        o.names.push_back(w);
        o.atoms.push_back(w);
      }
    }
  }

  static const Expr* firstReturn(const Stmt* s) {
    if (!s || isa<LambdaExpr>(s)) return nullptr;
    if (auto* r = dyn_cast<ReturnStmt>(s)) return r->getRetValue();
    for (const Stmt* c : s->children())
      if (const Expr* e = firstReturn(c)) return e;
    return nullptr;
  }

  // `seen` keeps a variable assigned in a loop (`x = x + 1`) or a recursive
  // helper from being followed more than once per operand.
  void trace(const Expr* e, Operand& o, int depth, std::set<const Decl*>& seen) const {
    if (!e || depth > 4) return;
    e = e->IgnoreParenImpCasts();
    if (auto* c = dyn_cast<CXXConstructExpr>(e); c && c->getNumArgs() == 1) e = c->getArg(0)->IgnoreParenImpCasts();
    SourceLocation loc = e->getBeginLoc();
    if (loc.isMacroID() && !sm_.isMacroArgExpansion(loc)) o.atoms.push_back(Lexer::getImmediateMacroName(loc, sm_, lo_).str());
    if (auto* ref = dyn_cast<DeclRefExpr>(e)) {
      const ValueDecl* d = ref->getDecl();
      std::string name = d->getNameAsString();
      if (isa<EnumConstantDecl>(d)) {
        o.atoms.push_back(name);
      } else if (auto* p = dyn_cast<ParmVarDecl>(d)) {
        o.names.push_back(name);
        if (depth == 0) {
          o.parameter = true;
          o.binding = dotted(function()) + "." + name;
        }
      } else if (auto* v = dyn_cast<VarDecl>(d)) {
        o.names.push_back(name);
        if (!seen.insert(v).second) return;
        if (depth == 0) o.binding = v->isLocalVarDeclOrParm() ? dotted(function()) + "." + name : name;
        if (const RecordDecl* rd = v->getType()->getAsRecordDecl()) o.atoms.push_back(rd->getNameAsString());
        if (v->getInit()) trace(v->getInit(), o, depth + 1, seen);
        if (auto it = assigned_.find(v); it != assigned_.end())
          for (const Expr* rhs : it->second) trace(rhs, o, depth + 1, seen);
        if (auto it = outParams_.find(v); it != outParams_.end())
          for (const CallExpr* call : it->second) {
            if (const FunctionDecl* fd = call->getDirectCallee()) o.calls.push_back(fd->getNameAsString());
            for (const Expr* arg : call->arguments())
              if (auto* r = dyn_cast<DeclRefExpr>(arg->IgnoreParenImpCasts())) o.atoms.push_back(r->getDecl()->getNameAsString());
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
        if (auto it = assigned_.find(f); it != assigned_.end())
          for (const Expr* rhs : it->second) trace(rhs, o, depth + 1, seen);
        if (f->hasInClassInitializer()) trace(f->getInClassInitializer(), o, depth + 1, seen);
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

  Operand operand(const Expr* e) const {
    Operand o;
    o.text = textOf(e->IgnoreParenImpCasts()->getSourceRange());
    std::set<const Decl*> seen;
    trace(e, o, 0, seen);
    return o;
  }

  static std::string dotted(std::string q) {
    for (size_t p; (p = q.find("::")) != std::string::npos;) q.replace(p, 2, ".");
    return q;
  }

  // --- conditions
  std::optional<long long> literalValue(const Expr* e, std::string& spelled, Span& where) const {
    e = e->IgnoreParenImpCasts();
    auto* lit = dyn_cast<IntegerLiteral>(e);
    if (!lit) return std::nullopt;
    auto s = span(lit->getSourceRange());
    if (!s) return std::nullopt;
    spelled = textOf(*s);
    where = *s;
    return static_cast<long long>(lit->getValue().getLimitedValue(1LL << 40));
  }

  static CmpOp cmpOf(BinaryOperatorKind k) {
    switch (k) {
      case BO_EQ: return CmpOp::Eq;
      case BO_NE: return CmpOp::Ne;
      case BO_LT: return CmpOp::Lt;
      case BO_LE: return CmpOp::Le;
      case BO_GT: return CmpOp::Gt;
      default: return CmpOp::Ge;
    }
  }
  static CmpOp mirror(CmpOp op) {
    switch (op) {
      case CmpOp::Lt: return CmpOp::Gt;
      case CmpOp::Le: return CmpOp::Ge;
      case CmpOp::Gt: return CmpOp::Lt;
      case CmpOp::Ge: return CmpOp::Le;
      default: return op;
    }
  }
  static CmpOp negate(CmpOp op) {
    switch (op) {
      case CmpOp::Eq: return CmpOp::Ne;
      case CmpOp::Ne: return CmpOp::Eq;
      case CmpOp::Lt: return CmpOp::Ge;
      case CmpOp::Le: return CmpOp::Gt;
      case CmpOp::Gt: return CmpOp::Le;
      default: return CmpOp::Lt;
    }
  }

  Condition condition(const Expr* e) const {
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
        t.op = cmpOf(b->getOpcode());
        const Expr* subject = nullptr;
        std::optional<long long> v;
        if ((v = literalValue(b->getRHS(), t.literal, t.literal_span))) {
          subject = b->getLHS();
        } else if ((v = literalValue(b->getLHS(), t.literal, t.literal_span))) {
          subject = b->getRHS();
          t.op = mirror(t.op);
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

  // De Morgan over the DNF: !(a || b) is (!a && !b), the form assert macros
  // expand to (`if (!(arch == 9 || arch == 10)) throw ...`).
  static Condition negated(const Condition& c) {
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
          grown.back().op = negate(t.op);
          next.push_back(std::move(grown));
        }
      out = std::move(next);
    }
    return out;
  }

  static bool hasTests(const Condition& c) {
    for (const auto& conj : c)
      if (!conj.empty()) return true;
    return false;
  }

  void observeLone(BinaryOperator* b);
  void observeFindCall(CallExpr* call);
  void addLookup(const VarDecl* table, const Expr* subject, OnMissing m, std::string how, SourceLocation at,
                 const Stmt* after = nullptr);
  void addTemplateArg(const std::string& templ, const NamedDecl* td, unsigned index, const TemplateArgumentLoc& arg,
                      SourceRange whole, bool specialization);
};

bool Observer::VisitSwitchStmt(SwitchStmt* s) {
  if (collecting || !inMain(s->getBeginLoc()) || !s->getCond()) return true;
  consumed_.insert(s->getCond()->IgnoreParenImpCasts());
  SwitchObs obs;
  obs.subject = operand(s->getCond());
  obs.whole = spanOr(s->getSourceRange());
  if (s->getBody()) obs.body = spanOr(s->getBody()->getSourceRange());
  obs.function = function();
  obs.origin = origin(s->getBeginLoc());
  for (const SwitchCase* c = s->getSwitchCaseList(); c; c = c->getNextSwitchCase()) {
    if (auto* d = dyn_cast<DefaultStmt>(c)) {
      Branch b;
      b.body = spanOr(SourceRange(d->getBeginLoc(), d->getEndLoc()));
      obs.fallthrough_default = b;
      continue;
    }
    auto* cs = cast<CaseStmt>(c);
    CaseObs co;
    const Expr* lhs = cs->getLHS();
    if (!lhs) continue;
    co.label = spanOr(lhs->getSourceRange());
    co.text = textOf(co.label);
    if (!lhs->isValueDependent())
      if (auto v = lhs->getIntegerConstantExpr(ctx_)) co.value = v->getExtValue();
    if (auto* ref = dyn_cast<DeclRefExpr>(lhs->IgnoreParenImpCasts()))
      if (isa<EnumConstantDecl>(ref->getDecl())) co.enumerator = ref->getDecl()->getNameAsString();
    obs.cases.push_back(co);
  }
  // Clang lists cases last to first.
  std::sort(obs.cases.begin(), obs.cases.end(), [](const CaseObs& a, const CaseObs& b) { return a.label.begin < b.label.begin; });
  out_.switches.push_back(std::move(obs));
  return true;
}

bool Observer::VisitIfStmt(IfStmt* s) {
  if (collecting || elseIfs_.count(s) || !inMain(s->getBeginLoc())) return true;
  ChainObs chain;
  chain.function = function();
  chain.origin = origin(s->getBeginLoc());
  chain.whole = spanOr(s->getSourceRange());
  bool any = false;
  for (IfStmt* cur = s; cur;) {
    if (cur->getCond()) consumed_.insert(cur->getCond()->IgnoreParenImpCasts());
    Branch b;
    b.condition = condition(cur->getCond());
    any |= hasTests(b.condition);
    if (cur->getThen()) b.body = spanOr(cur->getThen()->getSourceRange());
    chain.branches.push_back(std::move(b));
    Stmt* e = cur->getElse();
    if (auto* elif = dyn_cast_or_null<IfStmt>(e)) {
      elseIfs_.insert(elif);
      cur = elif;
      continue;
    }
    if (e) {
      Branch other;
      other.body = spanOr(e->getSourceRange());
      chain.otherwise = other;
    }
    cur = nullptr;
  }
  if (!any) return true;
  if (auto it = position_.find(s); it != position_.end()) {
    chain.block = it->second.first;
    chain.index = it->second.second;
  }
  if (auto it = nextOf_.find(s); it != nextOf_.end()) {
    Branch next;
    next.body = spanOr(it->second->getSourceRange());
    chain.next = next;
  }
  out_.chains.push_back(std::move(chain));
  return true;
}

void Observer::observeLone(BinaryOperator* b) {
  // Only the outermost of a && / || tree, and not an if/switch condition.
  const Expr* root = b;
  for (;;) {
    auto parents = ctx_.getParents(*root);
    if (parents.empty()) break;
    const Expr* p = parents[0].get<Expr>();
    if (!p) break;
    if (isa<ParenExpr>(p) || isa<ImplicitCastExpr>(p) || isa<ExprWithCleanups>(p)) {
      root = p;
      continue;
    }
    if (auto* u = dyn_cast<UnaryOperator>(p); u && u->getOpcode() == UO_LNot) {
      root = p;
      continue;
    }
    if (auto* pb = dyn_cast<BinaryOperator>(p); pb && pb->isLogicalOp()) return;
    break;
  }
  if (consumed_.count(root->IgnoreParenImpCasts())) return;
  LoneObs lone;
  lone.condition = condition(root);
  if (!hasTests(lone.condition)) return;
  lone.whole = spanOr(root->getSourceRange());
  lone.function = function();
  lone.origin = origin(root->getBeginLoc());
  out_.lones.push_back(std::move(lone));
}

bool Observer::VisitVarDecl(VarDecl* v) {
  if (collecting || isa<ParmVarDecl>(v) || !inMain(v->getLocation())) return true;
  // The braces are read from the text: Sema may have dropped an initialiser
  // whose value type comes from a missing header.
  auto whole = span(v->getSourceRange());
  if (!whole) return true;
  auto toks = lexCpp(text_, whole->begin, whole->end, whole->line);
  size_t name = 0;
  std::string vname = v->getNameAsString();
  while (name < toks.size() && spell(text_, toks[name]) != vname) ++name;
  size_t open = name;
  while (open < toks.size() && spell(text_, toks[open]) != "{" && spell(text_, toks[open]) != ";") ++open;
  if (name >= toks.size() || open >= toks.size() || spell(text_, toks[open]) != "{") return true;
  InitObs obs;
  obs.name = v->getNameAsString();
  obs.type = name > 0 ? std::string(text_.substr(whole->begin, toks[name].begin - whole->begin)) : "";
  obs.function = v->isLocalVarDecl() ? function() : "";
  obs.whole = *whole;
  obs.init = Span{toks[open].begin, whole->end, toks[open].line, whole->end_line};
  obs.origin = origin(v->getLocation());
  out_.inits.push_back(std::move(obs));
  return true;
}

void Observer::addLookup(const VarDecl* table, const Expr* subject, OnMissing m, std::string how, SourceLocation at,
                         const Stmt* after) {
  LookupObs l;
  if (after) l.after = span(after->getSourceRange());
  l.table = table->getNameAsString();
  l.function = table->isLocalVarDecl() ? function() : "";
  l.subject = operand(subject);
  l.on_missing = m;
  l.how = std::move(how);
  l.line = static_cast<int>(sm_.getExpansionLineNumber(at));
  if (!l.subject.text.empty()) out_.lookups.push_back(std::move(l));
}

static const VarDecl* tableOf(const Expr* e) {
  if (!e) return nullptr;
  if (auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts())) return dyn_cast<VarDecl>(ref->getDecl());
  return nullptr;
}

bool Observer::VisitCXXMemberCallExpr(CXXMemberCallExpr* call) {
  if (collecting || !inMain(call->getBeginLoc()) || call->getNumArgs() != 1) return true;
  const VarDecl* table = tableOf(call->getImplicitObjectArgument());
  const CXXMethodDecl* m = call->getMethodDecl();
  if (!table || !m) return true;
  std::string name = m->getNameAsString();
  std::string t = table->getNameAsString();
  if (name == "at") addLookup(table, call->getArg(0), OnMissing::Crash, t + ".at(cap) throws", call->getBeginLoc());
  else if (name == "find" || name == "count" || name == "contains")
    addLookup(table, call->getArg(0), OnMissing::Fallback, t + "." + name + "(cap)", call->getBeginLoc());
  return true;
}

bool Observer::VisitCXXOperatorCallExpr(CXXOperatorCallExpr* call) {
  if (collecting || !inMain(call->getBeginLoc()) || call->getOperator() != OO_Subscript || call->getNumArgs() != 2)
    return true;
  if (const VarDecl* table = tableOf(call->getArg(0)))
    addLookup(table, call->getArg(1), OnMissing::Fallback, table->getNameAsString() + "[cap] inserts a default",
              call->getBeginLoc());
  return true;
}

void Observer::observeFindCall(CallExpr* call) {
  // std::find(std::begin(kArchs), std::end(kArchs), sm) and friends.
  const FunctionDecl* fd = call->getDirectCallee();
  if (!fd || call->getNumArgs() != 3) return;
  std::string n = fd->getNameAsString();
  if (n != "find" && n != "count") return;
  const VarDecl* table = nullptr;
  std::function<void(const Stmt*)> findRef = [&](const Stmt* s) {
    if (!s || table) return;
    if (auto* ref = dyn_cast<DeclRefExpr>(s))
      if (auto* v = dyn_cast<VarDecl>(ref->getDecl()); v && !v->isLocalVarDeclOrParm()) table = v;
    for (const Stmt* c : s->children()) findRef(c);
  };
  findRef(call->getArg(0));
  if (!table) {
    findRef(call->getArg(0));
    if (auto* ref = dyn_cast<DeclRefExpr>(call->getArg(0)->IgnoreParenImpCasts())) table = dyn_cast<VarDecl>(ref->getDecl());
  }
  if (table)
    addLookup(table, call->getArg(2), OnMissing::Fallback, "std::" + n + "(" + table->getNameAsString() + ", cap)",
              call->getBeginLoc());
}

bool Observer::VisitCXXForRangeStmt(CXXForRangeStmt* loop) {
  // for (int a : kArchs) if (a == sm) ...: a membership test of kArchs.
  if (collecting || !inMain(loop->getBeginLoc())) return true;
  const VarDecl* table = tableOf(loop->getRangeInit());
  const VarDecl* item = loop->getLoopVariable();
  if (!table || !item) return true;
  std::function<void(const Stmt*)> scan = [&](const Stmt* s) {
    if (!s) return;
    if (auto* b = dyn_cast<BinaryOperator>(s); b && b->getOpcode() == BO_EQ) {
      // `a == sm`, or `e.arch == sm` over an array of {arch, value} structs.
      auto itemOf = [&](const Expr* x) -> const VarDecl* {
        x = x->IgnoreParenImpCasts();
        if (auto* m = dyn_cast<MemberExpr>(x)) x = m->getBase();
        return tableOf(x);
      };
      const VarDecl* l = itemOf(b->getLHS());
      const VarDecl* r = itemOf(b->getRHS());
      const Stmt* after = nextOf_.count(loop) ? nextOf_[loop] : nullptr;
      std::string how = "a loop over " + table->getNameAsString();
      if (l == item && r != item) addLookup(table, b->getRHS(), OnMissing::Fallback, how, b->getBeginLoc(), after);
      if (r == item && l != item) addLookup(table, b->getLHS(), OnMissing::Fallback, how, b->getBeginLoc(), after);
    }
    for (const Stmt* c : s->children()) scan(c);
  };
  scan(loop->getBody());
  return true;
}

void Observer::addTemplateArg(const std::string& templ, const NamedDecl* td, unsigned index,
                              const TemplateArgumentLoc& arg, SourceRange whole, bool specialization) {
  const Expr* e = nullptr;
  if (arg.getArgument().getKind() == TemplateArgument::Expression) e = arg.getSourceExpression();
  else if (arg.getArgument().getKind() == TemplateArgument::Integral) e = arg.getSourceIntegralExpression();
  if (!e) return;
  TemplateArgObs t;
  auto v = literalValue(e, t.literal, t.literal_span);
  if (!v) return;
  t.templ = templ;
  t.value = *v;
  t.whole = spanOr(whole);
  t.function = function();
  t.specialization = specialization;
  if (auto* tmpl = dyn_cast_or_null<TemplateDecl>(td))
    if (TemplateParameterList* ps = tmpl->getTemplateParameters(); ps && index < ps->size())
      t.templ += "|" + ps->getParam(index)->getNameAsString();
  out_.template_args.push_back(std::move(t));
}

bool Observer::VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc tl) {
  if (collecting || !inMain(tl.getBeginLoc())) return true;
  TemplateDecl* td = tl.getTypePtr()->getTemplateName().getAsTemplateDecl();
  if (!td) return true;
  for (unsigned i = 0; i < tl.getNumArgs(); ++i)
    addTemplateArg(td->getQualifiedNameAsString(), td, i, tl.getArgLoc(i), tl.getSourceRange(), false);
  return true;
}

bool Observer::VisitClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl* d) {
  if (collecting || !inMain(d->getLocation()) || d->getSpecializationKind() != TSK_ExplicitSpecialization) return true;
  const ASTTemplateArgumentListInfo* args = d->getTemplateArgsAsWritten();
  if (!args) return true;
  for (unsigned i = 0; i < args->NumTemplateArgs; ++i)
    addTemplateArg(d->getSpecializedTemplate()->getQualifiedNameAsString(), d->getSpecializedTemplate(), i,
                   (*args)[i], d->getSourceRange(), true);
  return true;
}

bool Observer::VisitDeclRefExpr(DeclRefExpr* ref) {
  // dispatch<90>(), is_major_v<10>
  if (collecting || !ref->hasExplicitTemplateArgs() || !inMain(ref->getBeginLoc())) return true;
  const NamedDecl* td = nullptr;
  if (auto* fd = dyn_cast<FunctionDecl>(ref->getDecl())) td = fd->getPrimaryTemplate();
  else if (auto* vd = dyn_cast<VarTemplateSpecializationDecl>(ref->getDecl())) td = vd->getSpecializedTemplate();
  if (!td) return true;
  for (unsigned i = 0; i < ref->getNumTemplateArgs(); ++i)
    addTemplateArg(td->getQualifiedNameAsString(), td, i, ref->getTemplateArgs()[i], ref->getSourceRange(), false);
  return true;
}

bool Observer::VisitFunctionDecl(FunctionDecl* fd) {
  if (collecting || !fd->doesThisDeclarationHaveABody() || !inMain(fd->getLocation())) return true;
  FunctionObs f;
  f.name = fd->getQualifiedNameAsString();
  for (const ParmVarDecl* p : fd->parameters()) f.params.push_back(p->getNameAsString());
  f.body = spanOr(fd->getBody()->getSourceRange());
  if (const Expr* r = firstReturn(fd->getBody())) f.returns = operand(r);
  out_.functions.push_back(std::move(f));
  return true;
}

class ObserverConsumer : public ASTConsumer {
 public:
  ObserverConsumer(std::string_view text, const std::string& root, const KeepBody& keepBody, Observations& out)
      : text_(text), root_(root), keepBody_(keepBody), out_(out) {}

  bool shouldSkipFunctionBody(Decl* d) override {
    SourceManager& sm = d->getASTContext().getSourceManager();
    FileID fid = sm.getFileID(sm.getExpansionLoc(d->getLocation()));
    if (fid == sm.getMainFileID()) return false;
    auto it = inside_.find(fid);
    if (it == inside_.end()) {
      llvm::StringRef name = sm.getFilename(sm.getLocForStartOfFile(fid));
      bool in = name.starts_with(root_) && (name.size() == root_.size() || name[root_.size()] == '/');
      it = inside_.emplace(fid, in).first;
    }
    if (!it->second) return true;
    auto* nd = dyn_cast<NamedDecl>(d);
    return !(nd && nd->getIdentifier() && keepBody_ && keepBody_(nd->getName().str()));
  }

  void HandleTranslationUnit(ASTContext& ctx) override {
    // Walk only what the main file declares: headers are their own units.
    SourceManager& sm = ctx.getSourceManager();
    std::vector<Decl*> mine;
    for (Decl* d : ctx.getTranslationUnitDecl()->decls())
      if (d->getLocation().isValid() && sm.isWrittenInMainFile(sm.getExpansionLoc(d->getLocation()))) mine.push_back(d);
    ctx.setTraversalScope(mine);
    Observer obs(ctx, text_, out_);
    obs.TraverseAST(ctx);
    obs.collecting = false;
    obs.TraverseAST(ctx);
    out_.parsed = true;
  }

 private:
  std::string_view text_;
  std::string root_;
  const KeepBody& keepBody_;
  std::map<FileID, bool> inside_;
  Observations& out_;
};

}  // namespace

std::unique_ptr<ASTConsumer> makeObserver(CompilerInstance& ci, std::string_view text, const std::string& root,
                                          const KeepBody& keepBody, Observations& out) {
  ci.getFrontendOpts().SkipFunctionBodies = true;  // asks shouldSkipFunctionBody per function
  return std::make_unique<ObserverConsumer>(text, root, keepBody, out);
}

}  // namespace archscan::cpp
