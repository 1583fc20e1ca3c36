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

 private:
  ObserverContext& c_;
  std::set<const clang::IfStmt*> else_ifs_;  // arms already read as part of their chain
};

}  // namespace archscan::cpp
