// Walks the main file's declarations in two passes: first what fills
// variables and fields (observe/fills.h, returned as data), then the sites,
// one observer class per site kind (observe/<kind>_observer.h). The kinds
// share ObserverContext (observe/context.h): spelled ranges, macro origins,
// subject tracing and conditions. They are headers included here so that all
// Clang code stays one translation unit (each costs ~30 s to compile).
// Deciding what is an arch site happens in cpp_sites, without Clang.
#include "clang_observer.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Lex/Lexer.h>

#include <map>

#include "observe/context.h"
#include "observe/fills.h"
#include "observe/function_observer.h"
#include "observe/if_chain_observer.h"
#include "observe/initializer_observer.h"
#include "observe/lone_test_observer.h"
#include "observe/lookup_observer.h"
#include "observe/switch_observer.h"
#include "observe/template_arg_observer.h"
// scripts/new-kind.sh adds observer headers above this line.

namespace archscan::cpp {
namespace {

using namespace clang;

// The second pass: one walk that hands each node to the observer of its kind,
// in source order (an if is seen before the comparisons in its condition).
class SiteWalk : public RecursiveASTVisitor<SiteWalk> {
 public:
  explicit SiteWalk(ObserverContext& c)
      : c_(c), switches_(c), chains_(c), lones_(c), inits_(c), lookups_(c), templates_(c), functions_(c) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(Decl* d) {
    auto* fd = dyn_cast_or_null<FunctionDecl>(d);
    bool body = fd && fd->doesThisDeclarationHaveABody();
    if (body) c_.functions.push_back(fd);
    bool ok = inside(nullptr, [&] { return RecursiveASTVisitor::TraverseDecl(d); });
    if (body) c_.functions.pop_back();
    return ok;
  }
  // Without the queue argument, the base class recurses into children here
  // instead of queueing them: the path nests as the tree does.
  bool TraverseStmt(Stmt* s) {
    return inside(s, [&] { return RecursiveASTVisitor::TraverseStmt(s); });
  }
  // What is neither a statement nor a declaration but holds expressions.
  bool TraverseTypeLoc(TypeLoc tl) {
    return inside(nullptr, [&] { return RecursiveASTVisitor::TraverseTypeLoc(tl); });
  }
  bool TraverseTemplateArgumentLoc(const TemplateArgumentLoc& a) {
    return inside(nullptr, [&] { return RecursiveASTVisitor::TraverseTemplateArgumentLoc(a); });
  }
  bool TraverseConstructorInitializer(CXXCtorInitializer* init) {
    return inside(nullptr, [&] { return RecursiveASTVisitor::TraverseConstructorInitializer(init); });
  }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc n) {
    return inside(nullptr, [&] { return RecursiveASTVisitor::TraverseNestedNameSpecifierLoc(n); });
  }
  bool TraverseAttr(Attr* a) {
    return inside(nullptr, [&] { return RecursiveASTVisitor::TraverseAttr(a); });
  }

  bool VisitSwitchStmt(SwitchStmt* s) { return switches_.visit(s), true; }
  bool VisitIfStmt(IfStmt* s) { return chains_.visit(s), true; }
  bool VisitConditionalOperator(ConditionalOperator* t) { return chains_.visit(t), true; }
  bool VisitBinaryOperator(BinaryOperator* b) { return lones_.visit(b), true; }
  bool VisitVarDecl(VarDecl* v) { return inits_.visit(v), true; }
  bool VisitCallExpr(CallExpr* call) { return lookups_.visitCall(call), true; }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* call) { return lookups_.visitMemberCall(call), true; }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr* call) { return lookups_.visitOperatorCall(call), true; }
  bool VisitCXXForRangeStmt(CXXForRangeStmt* loop) { return lookups_.visitRangeFor(loop), true; }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc tl) {
    return templates_.visitTypeLoc(tl), true;
  }
  bool VisitClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl* d) {
    return templates_.visitSpecialization(d), true;
  }
  bool VisitDeclRefExpr(DeclRefExpr* ref) { return templates_.visitRef(ref), true; }
  bool VisitFunctionDecl(FunctionDecl* fd) { return functions_.visit(fd), true; }
  // scripts/new-kind.sh adds visits above this line.

 private:
  template <class F>
  bool inside(const Stmt* s, F traverse) {
    c_.path.push_back(s);
    bool ok = traverse();
    c_.path.pop_back();
    return ok;
  }
  ObserverContext& c_;
  SwitchObserver switches_;
  IfChainObserver chains_;
  LoneTestObserver lones_;
  InitializerObserver inits_;
  LookupObserver lookups_;
  TemplateArgObserver templates_;
  FunctionObserver functions_;
  // scripts/new-kind.sh adds observers above this line.
};

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
    // Those are all parsed here, never read from the prelude, so the
    // prelude's thousands of top-level declarations stay unread (decls()
    // would deserialize every one of them, in every parse).
    SourceManager& sm = ctx.getSourceManager();
    std::vector<Decl*> mine;
    for (Decl* d : ctx.getTranslationUnitDecl()->noload_decls())
      if (d->getLocation().isValid() && sm.isWrittenInMainFile(sm.getExpansionLoc(d->getLocation()))) mine.push_back(d);
    ctx.setTraversalScope(mine);
    Fills fills = collectFills(ctx);
    ObserverContext context(ctx, text_, fills, out_);
    SiteWalk(context).TraverseAST(ctx);
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
