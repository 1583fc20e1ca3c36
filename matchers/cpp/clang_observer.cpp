// Walks the main file's declarations twice (first what fills variables and
// fields, then the sites) and records what the arch rules need. This file
// holds the walk and what every kind shares: spelled ranges, macro origins,
// subject tracing and conditions; each site kind's Visit* lives in
// observe/<kind>.inc, included below so all Clang code stays one translation
// unit (each costs ~30 s to compile). Deciding what is an arch site happens
// in cpp_sites, without Clang.
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
      } else if (isa<ParmVarDecl>(d)) {
        o.names.push_back(name);
        if (depth == 0) o.binding = dottedName(function()) + "." + name;
      } else if (auto* v = dyn_cast<VarDecl>(d)) {
        o.names.push_back(name);
        if (!seen.insert(v).second) return;
        if (depth == 0) o.binding = v->isLocalVarDeclOrParm() ? dottedName(function()) + "." + name : name;
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
                      SourceRange whole);
};

#include "observe/switches.inc"
#include "observe/if_chains.inc"
#include "observe/lone_tests.inc"
#include "observe/initializers.inc"
#include "observe/lookups.inc"
#include "observe/template_args.inc"
#include "observe/functions.inc"

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
