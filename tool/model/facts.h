#pragma once
// What a front-end knows about one file, as plain data. Front-ends see one
// file only; everything that needs several files happens in link/.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arch/arch.h"
#include "arch/spelling.h"
#include "model/language.h"

namespace archscan {

struct ByteRange {
  uint32_t begin = 0;
  uint32_t end = 0;  // exclusive
  bool empty() const { return begin == end; }
};

enum class SiteKind { Mapping, Set, Switch, IfChain, Guard, Range };
// How an entry is written, which decides how a patch adds a neighbour.
enum class EntryForm {
  Key,  // a mapping key: `9: {...}`, `{90, cfg}`
  Element,  // an element of a list, tuple, set or brace list
  Compare,  // a comparison: `x == 10`
  Case,  // a match/switch label
  SemicolonItem,  // an item of "9.0;10.0"
  SpaceItem,  // an item of "90 100"
  Gencode,  // a -gencode arch=compute_90,code=sm_90 pair
  TemplateArg,  // a template argument: `Sm<100>`
};
enum class Polarity { Allow, Deny };
enum class OnMissing { Unknown, Fallback, Crash };  // ordered: worse is larger
enum class Confidence { Low, Medium, High };

const char* kindName(SiteKind k);
const char* entryFormName(EntryForm f);
const char* onMissingName(OnMissing m);
const char* confidenceName(Confidence c);

// Why a site or subject is believed to be about archs.
struct Evidence {
  bool subject = false;  // reaches a capability source
  bool name = false;  // an arch-like name (table, subject, parameter, callee, function)
  bool negative = false;  // a negative name or source vetoes
  std::vector<std::string> reasons;  // human-readable
  // Functions called on the way that this file does not define: link/ looks
  // them up in other files and upgrades `subject` if one returns a capability.
  std::vector<std::string> via_calls;
};

// How strongly evidence says "arch subject": -1 vetoed, else capability 2 + name 1.
// Front-ends pick a condition's subject by it.
inline int evidenceScore(const Evidence& e) { return e.negative ? -1 : (e.subject ? 2 : 0) + (e.name ? 1 : 0); }

// An `archscan: ignore` / `archscan: ignore[rule,...]` comment.
struct Suppression {
  int line = 0;
  std::vector<std::string> rules;  // "*" for all
  std::string text;  // the comment as written, trimmed
};

// One arch a site handles.
struct Entry {
  Arch arch;
  SpellingStyle style;  // how this key is written (quote, prefix, tuple spacing)
  Interned key_text;  // the key literal as spelled ("12.0" with quotes, (9, 0), 100)
  ByteRange key;  // the key literal (for a composite key, the arch element)
  ByteRange value;  // mapping value; empty for sets, chains
  ByteRange item;  // the whole entry: `9: {...}`, the element, the comparison
  ByteRange composite;  // composite key: the whole tuple key; else empty
  ByteRange container;  // element: the collection literal it sits in
  EntryForm form = EntryForm::Key;
  int arm = 0;  // which branch, case or value of its site the entry selects (entries of one arm share a path)
  // A major-only key narrowed by a minor test beside it
  // (`major == 8 and minor in [6, 9]`): the minors the arm admits; empty: all.
  std::vector<int> minors;
  int line = 0;
  int end_line = 0;
};

// A bound on the subject: `sm >= 100 && sm < 120`, `cap >= (9, 0)`, in sm
// units (major * 10 + minor): [low, high). A missing bound is open.
struct ArchRange {
  std::optional<int> low;
  std::optional<int> high;
  std::string text;  // the comparison as written
  int arm = 0;  // which branch of its site the range selects
  ByteRange item;
  int line = 0;
  // A helper's verdict read as a range (`if not is_sm_at_least_90():`): the
  // test is the helper's range turned around. Only until link/ fills it in.
  bool negated = false;
  // An ordering against a string literal (`cc < "90"`, `arch >= "sm_80"`):
  // Python compares the characters, so "120" < "90". The literal as written
  // and the operator with the subject on its left; empty for numbers.
  std::string lexical;
  std::string lexical_op;
  bool contains(const Arch& a) const;
};

// What one path a site chooses needs from the hardware (knowledge.yaml's
// features), and the word that says so: a callee or kernel named for an
// arch (`grouped_gemm_sm100`), a feature word (`tcgen05`, `wgmma`), inline
// PTX. Only what the code says; nothing is inferred from an arch number.
struct NeedEvidence {
  std::string feature;  // tcgen05
  std::string why;  // the first word that says so, as written (`grouped_gemm_sm100`, inline PTX)
  int line = 0;
  // Code that runs it (a call, a template, a namespace, a module path, a
  // feature word, PTX), or only a value named for an arch (`kBlockM_sm90`,
  // `SM100_TESTS`): a tuning, which mis-tunes rather than fails.
  bool runs = false;
};

struct PathNeed {
  // The arm (branch, case) whose body it is; for a mapping, the index of the
  // entry whose value it is (every key of a table is its own path).
  // kFallbackArm: else, default.
  int arm = 0;
  std::vector<NeedEvidence> needs;  // one per feature
  // Archs the path is named for (sm100, sm120): when one of them is the
  // target's, or one the target runs, the path holds its own alternative.
  std::vector<Arch> named;
  std::vector<std::string> features() const;
};
constexpr int kFallbackArm = -1;

// The expression a decision is made on, resolved as far as this file allows.
struct Subject {
  std::string text;  // as written: self.device_capability
  std::string binding;  // stable identity for families: module:Class.self.device_capability, module:f:cap
  Evidence evidence;
};

struct Site {
  std::string name;  // qualified: TORCH_SYMM..., Communicator._WORLD_SIZES_MULTIMEM, gen_module.<arg>
  std::string binding;  // what lookups resolve to: NAME, Class.NAME, func.NAME (empty: not referable)
  std::string scope;  // enclosing function/class chain, dotted
  SiteKind kind = SiteKind::Mapping;
  SpellingStyle spelling;  // the style of its keys; Unknown for ranges
  Polarity polarity = Polarity::Allow;
  std::vector<Entry> entries;
  std::vector<ArchRange> ranges;
  std::optional<Subject> subject;  // for chains, comparisons, switch; from lookups after linking
  Evidence evidence;
  OnMissing on_missing = OnMissing::Unknown;  // intrinsic: a chain's else, a gate's raise
  std::string on_missing_reason;
  std::string gate;  // callee or decorator a list is handed to
  std::string gate_param;  // its parameter name
  std::string gate_object;  // the object a gate method is called on (`ctx` in ctx.gate(...))
  int gate_arg_index = -1;  // positional index when no keyword
  std::vector<Arch> scope_archs;  // archs the enclosing function is named for (sm120)
  std::vector<Arch> name_archs;  // archs the site's own name spells (GEMM_SM90_ARCHS): a per-arch variant
  // The site only runs under CUDA toolkits older than this (major * 10 +
  // minor; 0: any): a build list in an `if cuda < 12.8` branch cannot hold sm_120.
  int max_cuda = 0;
  int nesting = 0;  // 1 for a dict nested in an outer mapping's value
  std::string parent_binding;  // outer mapping's binding when nesting > 0
  ByteRange extent;
  ByteRange container;  // the literal's brackets, where edits are placed
  int line = 0;
  int end_line = 0;
  bool patchable = true;
  std::string unpatchable_reason;  // why not, when !patchable
  std::vector<Suppression> suppressions;  // comments on its first line or the line above
  // A check earlier in the same function (`DG_HOST_ASSERT(arch == 9 || arch
  // == 10)`) that crashes for every arch it does not list: only those reach
  // this site. `dominated_by` is the check's dominatorKey().
  std::string dominated_by;
  std::vector<Arch> reached_only_by;
  bool check = false;  // an assert or check: crashes for every arch it does not list
  // A guard that leaves (return, raise, continue) for every arch it does not
  // list: like a check, only its archs reach what follows it.
  bool exits_unlisted = false;
  // What the crashing path says: the string literals of its raise, assert,
  // check or the print before an exit. Deliberate gates say why.
  std::string crash_message;
  // The arch test shares its condition with tests on something else
  // (`fp4 and arch == 10`): the arch is required for that feature only.
  bool conjoined = false;
  // A missing arch skips a test (pytest.skip, GTEST_SKIP): the right outcome.
  bool skips = false;
  // What a missing arch does not get is compiled out (`#if __CUDA_ARCH__ ==
  // 900` around a kernel body): it silently computes nothing.
  bool compiled_out = false;
  // An arch list that decides which kernels a build contains: a missing arch
  // gets no native code (a crash, or JIT from PTX when the list has some).
  bool build_list = false;
  // The macro whose expansion produced the site, or whose #define it is;
  // its every expansion is one place to fix.
  std::string macro;
  // Keys spelled in a macro's body, located at one expansion: that text is
  // every expansion's, so it is edited in the #define, never here.
  bool macroExpansion() const { return !macro.empty() && !patchable; }
  // What each path needs from the hardware, where the code says (one per arm at most).
  std::vector<PathNeed> needs;
  // A default: every write of the list sits under `if(NOT DEFINED V)` (CMake)
  // for the list's own variable V, so a value set before takes its place.
  std::string default_of;
  // The decision is a call of a helper that returns a range test
  // (`if is_sm_at_least_90():`, `assert is_supported()`), as written. Its
  // ranges are placeholders until link/ finds the helper's definition
  // (FunctionSummary::admits) in the scanned tree and fills them in; a
  // helper it cannot find leaves no site.
  std::string predicate;
};

// How a dominated site names its dominating check.
inline std::string dominatorKey(const Site& s) { return s.name + "@" + std::to_string(s.line); }

// A read of a table: T[s], T[s][k], T.get(s, d), s in T.
struct Lookup {
  std::string table;  // local reference: NAME, self.NAME, mod.NAME
  std::string scope_class;  // enclosing class, for self.NAME
  std::string scope_function;  // enclosing function (dotted), for locals
  std::vector<Subject> subjects;  // one per subscript level
  OnMissing on_missing = OnMissing::Unknown;
  std::string how;  // "T[cap]", ".get(cap, default)", "cap in T"
  std::string crash_message;  // what the crashing path says, as for Site
  bool skips = false;  // a missing arch skips a test
  int line = 0;
  // The file that declares the table, when the front-end knows it from its
  // own resolution (a C++ table in an included header); absolute.
  std::string table_file;
};

struct Import {
  int level = 0;  // leading dots of a relative import
  std::string module;  // as written, without the dots (a.b)
  std::string name;  // imported name, empty for `import a.b`
  std::string alias;  // local name
};

// What a function does with an arch list handed to it, for gates in other files.
struct FunctionSummary {
  std::string name;
  std::vector<std::string> params;
  bool raises = false;  // raises or asserts somewhere in its body
  bool returns_capability = false;
  // For a predicate helper (`return major >= 9`, or `if cc[0] < 10: return
  // False` ... `return True`): the one-sided range of archs it returns true
  // for. Empty when it is not such a helper.
  std::vector<ArchRange> admits;
  // The functions its body calls, by their last name (`get_default_recipe`,
  // `fp8_gemm_nt`), at most kMaxCalls: link/ turns them into callers, so a
  // refusal deep in a helper can be judged by what its callers run.
  std::vector<std::string> calls;
  static constexpr size_t kMaxCalls = 64;
};

// `NAME = Class(...)` at module level: calls on NAME run Class's methods.
struct Instance {
  std::string name;
  std::string cls;
};

// The arch flags a CMake directory or target builds with by default.
// CMAKE_CUDA_FLAGS and CMAKE_CUDA_ARCHITECTURES pass from a directory to
// those it adds, so the build of a target is read up that chain.
struct DefaultBuild {
  std::vector<std::string> arch_flags;  // -gencode pairs and CUDA_ARCHITECTURES items as nvcc flags
  // Everything this file contributes could be evaluated (no `native`, no
  // variable set elsewhere or only under an if()).
  bool known = false;
  // The archs are set here (a CUDA_ARCHITECTURES property, or
  // CMAKE_CUDA_ARCHITECTURES, OFF included); otherwise a directory above
  // decides them, or CMake's compiler default does.
  bool archs_set = false;
};

// add_subdirectory(dir) and what the including directory builds by default
// at that point: a target below with no archs of its own builds those.
struct Subdirectory {
  std::string dir;  // as written, relative to the CMake file's folder
  DefaultBuild scope;
};

// One compiled module a build file declares (setup.py's
// `CUDAExtension(name, sources, extra_compile_args=...)`): which sources it
// compiles and which arch flags it compiles them with, as far as the file's
// own literals say. With the code-object rules this says whether a run-time
// check inside the module's sources admits an arch the module has no
// kernel image for.
struct BuildUnit {
  std::string name;  // as written: "flash_attn_3._C"
  int line = 0;
  // Source files named by literals, relative to the build file's folder
  // (`csrc/api.cpp`); only those the file spells out, never a glob's.
  std::vector<std::string> sources;
  // Every arch flag literal the file holds (`arch=compute_90a,code=sm_90a`,
  // `-arch=sm_90`), those its flags reach and any other: a build step may
  // swap flags per source, so what could be compiled is the union.
  std::vector<std::string> arch_flags;
  // Its flags reach an arch flag of their own, so the extension builder adds
  // none from TORCH_CUDA_ARCH_LIST: the flags are what is built.
  bool own_arch_flags = false;
  // Its flags reach a string built at run time that names archs (an
  // f-string with `compute_`): what is built cannot be read from the file.
  bool open = false;
  // Compiled when first used, by the file that declares it
  // (torch.utils.cpp_extension.load): that file's checks decide who loads it.
  bool jit = false;
  // What a build with every option at its default compiles (CMake:
  // `cmake -S . -B build`, no -D; a cache variable takes its default,
  // CMAKE_CUDA_FLAGS starts empty). Only for saying that no build compiles a
  // header for an arch today, never that a target cannot get one: a builder
  // may always pass other options (`open` says so).
  DefaultBuild by_default;
};

// A file name a build compiles (`.cu`, `.cpp`, `.cc`, `.cxx`, `.c`), not a
// header: what BuildUnit::sources may name.
bool isCompiledSource(std::string_view path);

struct Diagnostic {
  std::string level;  // error, warning, note
  std::string file;
  int line = 0;
  std::string message;
};

struct FileFacts {
  std::string path;  // as given / discovered, relative to cwd
  std::string module;  // dotted Python module name, filled by discover/link
  Language language = Language::Python;
  uint64_t content_hash = 0;  // of the bytes read, so a patch can tell the file changed since
  std::vector<Site> sites;
  std::vector<Lookup> lookups;
  std::vector<Import> imports;
  std::vector<FunctionSummary> functions;
  std::vector<Instance> instances;  // module-level instances of classes
  std::vector<BuildUnit> build_units;  // modules a build file declares
  std::vector<Subdirectory> subdirectories;  // CMake: the folders it adds
  // C, C++, CUDA: every #include's path as written; link/ finds the builds
  // that compile a header through the sources that include it.
  std::vector<std::string> includes;
  std::vector<Diagnostic> diagnostics;
  std::vector<Suppression> suppressions;  // every ignore comment in the file
  bool parsed = false;
};

}  // namespace archscan
