#pragma once
// Lookups: reads of a table with a subject: .at/.find/.count/[], std::find,
// and membership tests in a range-for over the table.
#include <functional>

#include "context.h"

namespace archscan::cpp {

class LookupObserver {
 public:
  explicit LookupObserver(ObserverContext& c) : c_(c) {}

  void visitMemberCall(const clang::CXXMemberCallExpr* call) {
    if (!c_.inMain(call->getBeginLoc()) || call->getNumArgs() != 1) return;
    const clang::VarDecl* table = tableOf(call->getImplicitObjectArgument());
    const clang::CXXMethodDecl* m = call->getMethodDecl();
    if (!table || !m) return;
    std::string name = m->getNameAsString();
    std::string t = table->getNameAsString();
    if (name == "at") add(table, call->getArg(0), OnMissing::Crash, t + ".at(cap) throws", call->getBeginLoc());
    else if (name == "find" || name == "count" || name == "contains")
      add(table, call->getArg(0), OnMissing::Fallback, t + "." + name + "(cap)", call->getBeginLoc());
  }

  void visitOperatorCall(const clang::CXXOperatorCallExpr* call) {
    if (!c_.inMain(call->getBeginLoc()) || call->getOperator() != clang::OO_Subscript || call->getNumArgs() != 2)
      return;
    if (const clang::VarDecl* table = tableOf(call->getArg(0)))
      add(table, call->getArg(1), OnMissing::Fallback, table->getNameAsString() + "[cap] inserts a default",
          call->getBeginLoc());
  }

  // std::find(std::begin(kArchs), std::end(kArchs), sm) and friends.
  void visitCall(const clang::CallExpr* call) {
    using namespace clang;
    if (!c_.inMain(call->getBeginLoc())) return;
    const FunctionDecl* fd = call->getDirectCallee();
    if (!fd || call->getNumArgs() != 3) return;
    std::string n = fd->getNameAsString();
    if (n != "find" && n != "count") return;
    const VarDecl* table = nullptr;
    std::function<void(const Stmt*)> findRef = [&](const Stmt* s) {
      if (!s || table) return;
      if (auto* ref = dyn_cast<DeclRefExpr>(s))
        if (auto* v = dyn_cast<VarDecl>(ref->getDecl()); v && !v->isLocalVarDeclOrParm()) table = v;
      for (const Stmt* ch : s->children()) findRef(ch);
    };
    findRef(call->getArg(0));
    if (!table) table = tableOf(call->getArg(0));  // a local array passed whole
    if (table)
      add(table, call->getArg(2), OnMissing::Fallback, "std::" + n + "(" + table->getNameAsString() + ", cap)",
          call->getBeginLoc());
  }

  // for (int a : kArchs) if (a == sm) ...: a membership test of kArchs.
  void visitRangeFor(const clang::CXXForRangeStmt* loop) {
    using namespace clang;
    if (!c_.inMain(loop->getBeginLoc())) return;
    const VarDecl* table = tableOf(loop->getRangeInit());
    const VarDecl* item = loop->getLoopVariable();
    if (!table || !item) return;
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
        auto next = c_.fills.next_of.find(loop);
        const Stmt* after = next != c_.fills.next_of.end() ? next->second : nullptr;
        std::string how = "a loop over " + table->getNameAsString();
        if (l == item && r != item) add(table, b->getRHS(), OnMissing::Fallback, how, b->getBeginLoc(), after);
        if (r == item && l != item) add(table, b->getLHS(), OnMissing::Fallback, how, b->getBeginLoc(), after);
      }
      for (const Stmt* ch : s->children()) scan(ch);
    };
    scan(loop->getBody());
  }

 private:
  static const clang::VarDecl* tableOf(const clang::Expr* e) {
    if (!e) return nullptr;
    if (auto* ref = clang::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts()))
      return clang::dyn_cast<clang::VarDecl>(ref->getDecl());
    return nullptr;
  }

  void add(const clang::VarDecl* table, const clang::Expr* subject, OnMissing m, std::string how,
           clang::SourceLocation at, const clang::Stmt* after = nullptr) {
    LookupObs l;
    if (after) l.after = c_.span(after->getSourceRange());
    clang::SourceLocation declared = c_.sm.getExpansionLoc(table->getLocation());
    if (c_.sm.getFileID(declared) != c_.sm.getMainFileID()) l.table_file = c_.sm.getFilename(declared).str();
    l.table = table->getNameAsString();
    l.function = table->isLocalVarDecl() ? c_.function() : "";
    l.subject = c_.operand(subject);
    l.on_missing = m;
    l.how = std::move(how);
    l.line = static_cast<int>(c_.sm.getExpansionLineNumber(at));
    if (!l.subject.text.empty()) c_.out.lookups.push_back(std::move(l));
  }

  ObserverContext& c_;
};

}  // namespace archscan::cpp
