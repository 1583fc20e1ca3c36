#pragma once
// Site kind `if-chain`: if / else-if chains and their position in the enclosing block.
#include <set>

#include "context.h"

namespace archscan::cpp {

class IfChainObserver {
 public:
  explicit IfChainObserver(ObserverContext& c) : c_(c) {}

  void visit(const clang::IfStmt* s) {
    using namespace clang;
    if (!c_.inMain(s->getBeginLoc())) return;
    if (auto at = c_.span(SourceRange(s->getBeginLoc(), s->getBeginLoc()))) c_.out.seen_ifs.push_back(at->begin);
    if (else_ifs_.count(s)) return;
    ChainObs chain;
    chain.function = c_.function();
    chain.origin = c_.origin(s->getBeginLoc());
    chain.whole = c_.spanOr(s->getSourceRange());
    bool any = false;
    for (const IfStmt* cur = s; cur;) {
      if (cur->getCond()) c_.consumed.insert(cur->getCond()->IgnoreParenImpCasts());
      Branch b;
      b.condition = c_.condition(cur->getCond());
      any |= ObserverContext::hasTests(b.condition);
      if (cur->getThen()) b.body = c_.spanOr(cur->getThen()->getSourceRange());
      chain.branches.push_back(std::move(b));
      const Stmt* e = cur->getElse();
      if (auto* elif = dyn_cast_or_null<IfStmt>(e)) {
        else_ifs_.insert(elif);
        cur = elif;
        continue;
      }
      if (e) {
        Branch other;
        other.body = c_.spanOr(e->getSourceRange());
        chain.otherwise = other;
      }
      cur = nullptr;
    }
    if (!any) return;
    if (auto it = c_.fills.position.find(s); it != c_.fills.position.end()) {
      chain.block = it->second.first;
      chain.index = it->second.second;
    }
    if (auto it = c_.fills.next_of.find(s); it != c_.fills.next_of.end()) {
      Branch next;
      next.body = c_.spanOr(it->second->getSourceRange());
      chain.next = next;
    }
    c_.out.chains.push_back(std::move(chain));
  }

  // `cc >= 100 ? a : (cc >= 90 ? b : c)`: a ternary whose answer when false
  // is another ternary decides like an else-if chain. Read apart, the inner
  // test would seem to admit archs the outer one already took elsewhere.
  void visit(const clang::ConditionalOperator* t) {
    using namespace clang;
    if (!c_.inMain(t->getBeginLoc()) || nestedFalseArm(t)) return;
    std::vector<const ConditionalOperator*> arms{t};
    for (;;) {
      auto* next = dyn_cast<ConditionalOperator>(arms.back()->getFalseExpr()->IgnoreParenImpCasts());
      if (!next) break;
      arms.push_back(next);
    }
    if (arms.size() < 2) return;  // one ternary: the lone-test reading keeps it
    ChainObs chain;
    chain.function = c_.function();
    chain.origin = c_.origin(t->getBeginLoc());
    chain.whole = c_.spanOr(t->getSourceRange());
    bool any = false;
    for (const ConditionalOperator* a : arms) {
      Branch b;
      b.condition = c_.condition(a->getCond());
      any |= ObserverContext::hasTests(b.condition);
      b.body = c_.spanOr(a->getTrueExpr()->getSourceRange());
      chain.branches.push_back(std::move(b));
    }
    if (!any) return;
    for (const ConditionalOperator* a : arms) c_.consumed.insert(a->getCond()->IgnoreParenImpCasts());
    Branch other;
    other.body = c_.spanOr(arms.back()->getFalseExpr()->getSourceRange());
    chain.otherwise = other;
    c_.out.chains.push_back(std::move(chain));
  }

 private:
  // Whether `t` is the answer-when-false of an enclosing ternary: its chain
  // was read from there.
  bool nestedFalseArm(const clang::ConditionalOperator* t) const {
    using namespace clang;
    const Expr* e = t;
    for (const Stmt* p = c_.parentOf(e); p; p = c_.parentOf(e)) {
      if (isa<ParenExpr>(p) || isa<ImplicitCastExpr>(p)) {
        e = cast<Expr>(p);
        continue;
      }
      auto* outer = dyn_cast<ConditionalOperator>(p);
      return outer && outer->getFalseExpr() == e;
    }
    return false;
  }

  ObserverContext& c_;
  std::set<const clang::IfStmt*> else_ifs_;  // arms already read as part of their chain
};

}  // namespace archscan::cpp
