#pragma once
// The first pass of the Clang observer: what fills each variable and field
// besides its initialiser, and where each statement sits in its block. Only
// clang_observer.cpp includes this (all Clang code is one translation unit).
#include <clang/AST/RecursiveASTVisitor.h>

#include <map>
#include <utility>
#include <vector>

namespace archscan::cpp {

struct Fills {
  // cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev)
  std::map<const clang::VarDecl*, std::vector<const clang::CallExpr*>> out_params;
  // x = ...; this->mSM = ...; constructor initialisers: variables and fields
  std::map<const clang::ValueDecl*, std::vector<const clang::Expr*>> assigned;
  // An if statement's block and its index there (runs of `if (...) return`).
  std::map<const clang::IfStmt*, std::pair<uint64_t, int>> position;
  // The statement after an if or a loop (what runs when no arm matched).
  std::map<const clang::Stmt*, const clang::Stmt*> next_of;
};

class FillCollector : public clang::RecursiveASTVisitor<FillCollector> {
 public:
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitCallExpr(clang::CallExpr* call) {
    for (clang::Expr* arg : call->arguments()) {
      auto* u = clang::dyn_cast<clang::UnaryOperator>(arg->IgnoreParenImpCasts());
      if (!u || u->getOpcode() != clang::UO_AddrOf) continue;
      if (auto* ref = clang::dyn_cast<clang::DeclRefExpr>(u->getSubExpr()->IgnoreParenImpCasts()))
        if (auto* v = clang::dyn_cast<clang::VarDecl>(ref->getDecl())) fills.out_params[v].push_back(call);
    }
    return true;
  }

  bool VisitBinaryOperator(clang::BinaryOperator* b) {
    if (b->getOpcode() != clang::BO_Assign) return true;
    const clang::Expr* lhs = b->getLHS()->IgnoreParenImpCasts();
    if (auto* ref = clang::dyn_cast<clang::DeclRefExpr>(lhs))
      if (auto* v = clang::dyn_cast<clang::VarDecl>(ref->getDecl())) fills.assigned[v].push_back(b->getRHS());
    if (auto* m = clang::dyn_cast<clang::MemberExpr>(lhs))  // mSM = getSMVersion(); in any method
      if (auto* f = clang::dyn_cast<clang::FieldDecl>(m->getMemberDecl())) fills.assigned[f].push_back(b->getRHS());
    return true;
  }

  bool VisitCXXConstructorDecl(clang::CXXConstructorDecl* ctor) {
    // GemmRunner() : mSM(getSMVersion()) {}
    for (const clang::CXXCtorInitializer* init : ctor->inits())
      if (init->isWritten() && init->getMember() && init->getInit())
        fills.assigned[init->getMember()].push_back(init->getInit());
    return true;
  }

  bool VisitCompoundStmt(clang::CompoundStmt* c) {
    int i = 0;
    clang::Stmt* prev = nullptr;
    for (clang::Stmt* s : c->body()) {
      if (prev && (clang::isa<clang::IfStmt>(prev) || clang::isa<clang::CXXForRangeStmt>(prev)))
        fills.next_of[prev] = s;
      if (auto* is = clang::dyn_cast<clang::IfStmt>(s)) fills.position[is] = {reinterpret_cast<uint64_t>(c), i};
      prev = s;
      ++i;
    }
    return true;
  }

  Fills fills;
};

// Walks the traversal scope already set on `ctx` and returns what it found.
inline Fills collectFills(clang::ASTContext& ctx) {
  FillCollector c;
  c.TraverseAST(ctx);
  return std::move(c.fills);
}

}  // namespace archscan::cpp
