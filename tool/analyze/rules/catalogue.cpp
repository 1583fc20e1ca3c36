#include "analyze/rules/rules.h"

#include "analyze/effect.h"

namespace archscan {

const std::vector<RuleInfo>& ruleCatalogue() {
  static const std::vector<RuleInfo> rules = {
      {"missing-arch", "MissingArch", "A target arch is absent from an allow-list site.",
       "Add the arch to the table (archscan fix --add ARCH --like NEIGHBOUR), or make the read fall back on purpose. "
       "Severity follows what the read does on a missing key: error when it crashes, warning when it falls back.",
       Severity::Error, checkMissingArch,
       R"(# tiles.py: check --target sm_120
import torch

TILE_M = {9: 128, 10: 256}  # error[missing-arch] sm_120: a KeyError on sm_120


def tile_m() -> int:
    major = torch.cuda.get_device_capability()[0]
    return TILE_M[major]
)",
       AuditRole::FromSeverity, true,
       R"(A `--target` arch is absent from an allow-list site.
- **error**: the read crashes without the arch (a `KeyError`, a `raise` or
  `throw` after the chain, an `assert`, a `TORCH_CHECK`, a `default:` that
  traps).
- **warning**: it falls back, and something says the fallback is wrong: the
  site handles a family mate of the target (`120` but not `121`), an arm
  shares a hardware fact with the target that the fallback does not
  (shared memory per block, threads per SM from `knowledge.yaml`), the table
  is a tuned table (`*_CONFIGS`, `*_BY_SM`), or it is a build list (no native
  code is built for the target). Code compiled out by an `#if __CUDA_ARCH__`
  guard wrapping a whole function is a warning too.
- **note / --all**: a fallback with no such evidence, or a read whose effect
  is unknown.
Not reported: per-arch variants named for their archs (`GEMM_SM90_ARCHS`),
one-arch sites unless the arch is a family mate of the target (a one-chip
`#if` guard stays deliberate) or shares the arm's hardware fact, test skips,
branches for toolkits older than the target needs, deliberate gates (see
`gated`), and lists that build nothing users install (`--all` lists them):
a `TORCH_CUDA_ARCH_LIST` default in a setup.py whose nvcc flags carry their
own `-gencode` pairs (PyTorch's extension builder then ignores the
variable), a CMakeLists.txt whose opening comment says it only serves IDE
indexing, and CI jobs under `.github/` that build to test and upload no
wheel, release or package.
Fix: add the arch like its neighbour (`fix --add sm_120 --like sm_100`), or
make the read fall back on purpose.
)"},
      {"sibling-gap", "SiblingGap", "A site lacks an arch that a sibling in its family handles.",
       "Siblings are read through the same variable or attribute; when one handles an arch the others usually must "
       "too.",
       Severity::Error, checkSiblingGap,
       R"(# reducer.py: check
import torch


class Reducer:
    MAX_BYTES = {9: 64, 10: 64, 12: 32}
    WORLD_SIZES = {9: [2, 4, 8], 10: [2, 4, 8]}  # error[sibling-gap] sm_12x: MAX_BYTES has 12

    def __init__(self):
        self.capability = torch.cuda.get_device_capability()[0]

    def max_bytes(self) -> int:
        return self.MAX_BYTES[self.capability]

    def world_sizes(self):
        return self.WORLD_SIZES[self.capability]
)",
       AuditRole::None, true,
       R"(A table lacks an arch that a sibling table of its family handles (no target
needed), one finding per table naming every missing arch. Only tables are
siblings (named mappings and sets that allow archs, no checks): two `if`
chains over the same capability routinely handle different archs. A guard
that admits an arch into a crashing read is a sibling of that read. The seed
case: `TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES` got `12`, its sibling
`_WORLD_SIZES_MULTIMEM` (read with the same `self.device_capability`) did
not. Severity is that of the read of the table that lacks the arch.
)"},
      {"bounded-range", "BoundedRange", "A range excludes the target and sends it down a crashing or wrong path.",
       "Widen the bound or add an exact arm for the target; ranges are never patched automatically.", Severity::Warning,
       checkBoundedRange,
       R"(# attention.py: check --target sm_120
import torch


def pick_kernel() -> str:
    major, minor = torch.cuda.get_device_capability()
    sm = major * 10 + minor
    if sm == 80:  # error[bounded-range] sm_120: 90 <= sm < 120 sends it to the raise
        return "fa2"
    elif 90 <= sm < 120:
        return "fa3"
    raise NotImplementedError(f"no attention kernel for sm_{sm}")
)",
       AuditRole::FromSeverity, false,
       R"(A range with an upper bound excludes the target and the target then crashes,
or the bound is the start of the newest family the site otherwise handles
(`sm >= 100 and sm < 120` next to `== 120` arms); or an open range of another
family catches the target while an exact arm of its own family exists. A
kernel body compiled to nothing outside its range is not reported when a
run-time test in the same file checks the same bounds before the launch
(`NVTE_CHECK(sm >= 90 && sm < 100, ...)`): that test is where the arch is
decided. Ranges are never patched.
)",
       "missing-arch"},
      {"name-mismatch", "NameMismatch", "A site inside something named for an arch does not list that arch.",
       "A function named for sm120 whose arch list has no 12 builds or dispatches for the wrong arch.", Severity::Error,
       checkNameMismatch,
       R"(# gemm.py: check
import torch


def get_nvcc_flags_list(supported_major_versions=None):
    major = torch.cuda.get_device_capability()[0]
    if supported_major_versions and major not in supported_major_versions:
        raise RuntimeError(f"no supported arch among {supported_major_versions}")
    return [f"-arch=sm_{major}0a"]


def gen_gemm_sm120_module():
    return get_nvcc_flags_list(supported_major_versions=[10])  # error[name-mismatch] sm_120
)",
       AuditRole::FromSeverity, true,
       R"(A gate list inside something named for an arch does not list it: a
`gen_fp4_gemm_sm120_module` whose `supported_major_versions` list has no
`12`. Family semantics: `sm100` is satisfied by `10`, `100` or `100a`.
)"},
      {"deny-list-review", "DenyListReview", "A deny-list names archs of the target's family but not the target.",
       "Check whether the reason an arch of this family was denied applies to the target too.", Severity::Note,
       checkDenyListReview,
       R"(# fused.py: check --target sm_121
import torch


def fused_allowed() -> bool:
    cap = torch.cuda.get_device_capability()
    if cap == (12, 0):  # note[deny-list-review] sm_121: does the reason hold for 12.1 too?
        return False
    return True
)",
       AuditRole::Review, false,
       R"(A deny-list names archs of the target's family but not the target (note):
`if cap == (12, 0): use_cudnn = False` checked for `sm_121`.
)"},
      {"unlinked-site", "UnlinkedSite", "An arch table with no read found.",
       "No lookup of this table was found in the scanned tree, so what a missing arch does is unknown.", Severity::Note,
       checkUnlinkedSite,
       R"(# configs.py: check --all
ARCH_STAGES = {90: 4, 100: 6}  # note[unlinked-site]: nothing in the tree reads it
)",
       AuditRole::None, false,
       R"(An arch table with no read found in the scanned tree (note, `--all` only):
what a missing arch does there is unknown.
)"},
      {"gated", "DeliberateGate", "A deliberate hardware gate keeps the target out.",
       "A raise, assert or check whose message says a feature is only for, or requires, other archs (or that ties "
       "the arch to a feature tested beside it) is a decision: the feature is off on the target by design. "
       "Listed with --all (a low-confidence note) so a bring-up knows; reconsider the gate if the target has the "
       "hardware it needs.",
       Severity::Note, checkGated,
       R"(# attention.py: check --all --target sm_120
import torch


def fp8_forward(q):
    major = torch.cuda.get_device_capability()[0]
    assert major == 10, "FP8 attention is only supported on SM100"  # note[gated] sm_120
    return q
)",
       AuditRole::Gated, false,
       R"(A deliberate hardware gate keeps the target out (low-confidence note,
listed with `--all`): a check whose
message says the feature is only for, requires, or is supported on named
archs (`"FP8 block scaling needs SM90 or SM100"`), a check conjoined with
a feature test, or a chain that selects by another input (a contraction, a
dtype) with one arm tied to an arch and an else that fails for that input
(`"unsupported expression"`). The hardware is a reason too: when every
path a site lets in needs what the target lacks (each arm or table value
launches a kernel named for sm100, tcgen05 or wgmma code; see `wrong-path`
and `archscan archs`), keeping the target out is right, and adding it would
send it into code it cannot run. It is not a bug to fix, but the bring-up
has to decide whether the target gets the feature, so `--all` lists each
gate once with its message or evidence. Such sites are not also reported as
`missing-arch`.
)"},
      {"wrong-path", "WrongPath", "The target is admitted into a path that needs hardware it lacks.",
       "A range or family test (`major >= 10`), an else or default, or a list the arch was added to sends the target "
       "into code whose own words say it needs hardware the target does not have: a kernel named for sm100 "
       "(tcgen05), wgmma, inline tcgen05 PTX. Narrow the test so the target reaches a path it can run, or give it "
       "one of its own.",
       Severity::Error, checkWrongPath,
       R"(# gemm.py: check --target sm_120
import torch


def grouped_gemm(a, b):
    major, minor = torch.cuda.get_device_capability()
    if major >= 10:  # error[wrong-path] sm_120: grouped_gemm_sm100 needs tcgen05
        return grouped_gemm_sm100(a, b)
    return grouped_gemm_sm80(a, b)
)",
       AuditRole::FromSeverity, true,
       R"(A range, a family test, an else or default, or a list the arch was added
to admits the target into a path that needs hardware the target lacks. An
arch is hardware, not a number: sm_120 is above sm_100 and has neither
tcgen05 (tensor memory, UMMA) nor Hopper's wgmma, so `major >= 10` sends it
into sm_100 kernels it cannot run ("no kernel image", or ptxas refusing the
instructions). What a path needs comes from its own words: callees, kernels
and modules named for an arch (`grouped_gemm_sm100`: that arch's signature
feature, from `knowledge.yaml`), feature words (`tcgen05`, `umma`, `tmem`,
`wgmma`), inline PTX in a guarded branch (`tcgen05.mma`, `wgmma.`), and
kernel libraries whose builds run on a few archs only (`import flash_mla`,
`deep_gemm.fp8_gemm_nt(...)`: `knowledge.yaml`'s `libraries`, each with the
code objects its project builds, so FlashMLA's sm_90a and sm_100f run on
9.0 and 10.x and not on 12.0). What
each arch has is `knowledge.yaml`'s hardware model, from the PTX ISA's
target notes and checked with ptxas (`archscan archs sm_120` shows it).
Never from the number alone: a path with no such word is not judged, and a
path that also names an arch the target runs (an sm120 variant beside the
sm100 one) holds its own alternative. sm_110 may take a tcgen05 path;
sm_120 may not. A branch that throws refuses rather than admits (that is
`gated` or `missing-arch`), and a `#if` branch that also tests
`__CUDA_ARCH_FEAT_SM100_ALL` or `__CUDA_ARCH_SPECIFIC__` is compiled only
for its own `a` target. The decision may be written elsewhere than where it
chooses: a helper that returns a range test (`if is_sm_at_least_90():`) is
judged at each call, by the range its definition tests; a ternary's two
answers (`arch >= 90 ? tiles_sm90() : tiles_sm80()`) are two paths; and a
`#if` that defines a flag (`#define SM90_ENABLED`) compiles what `#ifdef
SM90_ENABLED` guards in the same file. A capability compared as a string
(`cc < "80"`, `capability < "8.9"`) is ordered by its characters: "120" <
"80" and "12.0" < "8.9", so a three-digit arch takes the oldest archs'
branch wherever the order of the strings and of the numbers disagree for
the target, whatever the path needs: an error where that branch raises, a
warning where it only takes another path. A device-side test (`#if
__CUDA_ARCH__ >= 1000`) is evaluated only at the archs its file is compiled
for: where every build that compiles the file, itself or through the
sources that include it, is read by default (`cmake -S . -B build` with no
-D: a cache variable at its default, CMAKE_CUDA_FLAGS and
CMAKE_CUDA_ARCHITECTURES passed down add_subdirectory(), a setup.py
extension's own flags) and none is for the target's family, the wrong path
is a low-confidence note (--all) for the bring-up that will add the target
to that build. A header no scanned file includes, or one a build with
unread archs compiles (TORCH_CUDA_ARCH_LIST), stays a finding.
Fix: narrow the admitting test, so the target reaches its refusal or a
generic path, or add a path for it. `fix --add sm_120` narrows it, marked for
review: `major >= 10` becomes `10 <= major < 12`, C/C++ `sm >= 100` becomes
`sm >= 100 && sm < 120`, and a refusal the target passes (`if cc[0] < 10:
return`) turns it away too (`(cc[0] < 10 or cc[0] >= 12)`). An else branch,
a helper's range or a macro's test is left to a person, with the reason.
)"},
      {"suffix-mismatch", "SuffixMismatch",
       "A build list serves the target's family only through another member's arch-specific cubin, while a "
       "run-time check admits the target.",
       "An `a` target (sm_120a, 10.0a) is compiled for exactly one arch: its cubin does not run on 12.1 or 10.3, "
       "and with no PTX that runs there either the module has no kernel image for them, yet a check elsewhere "
       "lets them in. Build the family target (12.0f, CUDA 12.9 and later) or the target's own `a` target (12.1a), "
       "or keep the target out at run time.",
       Severity::Error, checkSuffixMismatch,
       R"(# fp4_gemm.py: check --all --target sm_121
import torch
from torch.utils.cpp_extension import load

NVCC_FLAGS = ["-O3", "-gencode", "arch=compute_120a,code=sm_120a"]  # error[suffix-mismatch] sm_121: no sm_121 image


def fp4_gemm_module():
    major = torch.cuda.get_device_capability()[0]
    if major != 12:
        raise RuntimeError("FP4 GEMM needs an SM120-class GPU")
    return load("fp4_gemm", ["fp4_gemm.cu"], extra_cuda_cflags=NVCC_FLAGS)
)",
       AuditRole::FromSeverity, false,
       R"(A build list (`TORCH_CUDA_ARCH_LIST`, `CMAKE_CUDA_ARCHITECTURES`, an arch
list in CMake, a setup.py, a script or a CI file, `-gencode` pairs) whose
only code object of the target's family is another member's arch-specific
cubin (`12.0a` for `sm_121`, `10.0a` for `sm_103`), with no PTX that runs on
the target, while a run-time check in the tree admits the target: it names
the target (`(12, 1)`), tests its whole major (`major == 12`), or is a range
that starts in its family (`major >= 12`, `sm >= 100`). The target then gets
"no kernel image": an `a` cubin runs on its own arch alone, where plain SASS
(`sm_120`) runs on later minors of its major and a family target (`sm_120f`)
on later minors of its family. The finding names both ends, the list and the
check (file:line), and the fix in the list's spelling: the family target,
from the first toolkit that has it (`family_cuda` in `knowledge.yaml`), or
the target's own `a` target.
What each item builds: a `-gencode` pair its `code=` targets; `-real` SASS,
`-virtual` and `compute_XY` PTX, `+PTX` both; a dotted item
(`TORCH_CUDA_ARCH_LIST`) SASS; any other plain item (`90`, `sm_90`) SASS and
PTX, as `CMAKE_CUDA_ARCHITECTURES` and nvcc's `-arch=sm_90` build it (where
the consumer is not known this reading can only hide a finding).
Not reported: a list that also builds plain SASS, the family target, the
target's own `a` target or PTX that runs on it; a tree whose checks admit
only other members (`cap == (12, 0)`) or admit the target only through a
range from an older family (`major >= 9`); lists in a branch for a toolkit
older than the target needs.
Listed with `--all` only (a low-confidence error): the two ends are joined
across the tree, not through the module a check loads, and too few real
findings have been judged to show it by default. `missing-arch` reports the
same list by default. A filter that drops `+PTX` (a user list intersected
with a supported list) is not recognised yet: the intersection's operands
are not in the facts.
)"},
      {"not-built", "NotBuilt",
       "A run-time check admits the target into a module that is built with no code object that runs on it.",
       "The check is compiled into the same extension as the kernels, and the extension's arch flags build "
       "nothing that runs on the target: the check passes and the first launch fails with \"no kernel image is "
       "available\". Refuse the target at the check with a clear message, or build the module for it.",
       Severity::Error, checkNotBuilt,
       R"(# setup.py: check --target sm_120
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# The kernels use wgmma: the Hopper-specific target only.
cc_flag = ["-gencode", "arch=compute_90a,code=sm_90a"]

setup(
    name="attn",
    ext_modules=[CUDAExtension("attn._C", ["csrc/api.cpp", "csrc/attn_sm90.cu"],
                               extra_compile_args={"nvcc": ["-O3"] + cc_flag})],
    cmdclass={"build_ext": BuildExtension},
)
==> csrc/api.cpp <==
#include <ATen/cuda/CUDAContext.h>

void check_device() {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  TORCH_CHECK(dprops->major >= 9, "needs Hopper or newer");  // error[not-built] sm_120: no sm_120 image
}
)",
       AuditRole::FromSeverity, false,
       R"(A run-time check in a source file of a compiled module lets the target in,
while the module's arch flags build no code object that runs on it. The
module is a setup.py `CUDAExtension(name, sources, extra_compile_args=...)`
whose sources name the check's file (followed through the file's own
assignments, `+=`, appends and `os.path.join`), and whose nvcc flags hold
`-gencode` pairs or `-arch=` of their own, so PyTorch's extension builder
adds nothing from `TORCH_CUDA_ARCH_LIST`; or a CMake target (`add_library`,
`pybind11_add_module`, `Python_add_library`, ... and `target_sources`, with
`${VAR}` from the file's own `set`/`list(APPEND)` and `file(GLOB)`,
evaluated over the scanned files) whose CUDA_ARCHITECTURES
(its own, or the file's CMAKE_CUDA_ARCHITECTURES) or `-gencode` options are
literals: `90a` builds SASS and PTX, `90a-real` SASS, `90-virtual` PTX; or
a module compiled on first use (`torch.utils.cpp_extension.load(name,
sources, extra_cuda_cflags=...)` with arch flags of its own), whose loading
file's checks count as its own: they decide who reaches its kernels. What is built is every arch flag
the build file spells, wherever it stands (a custom build step may hand some
sources other flags), read by the code-object rules: `sm_90a` runs on 9.0
alone, `sm_80` SASS on 8.x, `compute_80` PTX on anything from 8.0 up. The
check admits the target by an open range that holds it (`major >= 8`,
`arch >= 90`) or by a key that names it; then the host code runs, the check
passes, and the first launch fails with "no kernel image is available"
instead of the check's own refusal. The finding names both ends: the check
and the extension (file:line) with the code objects it builds. One finding
per function, at its first check that admits the target: later choices in
the function are reached only through it. `audit` lists each extension with
what it builds for each target and how many checks in its sources admit it.
Not reported: a module whose flags come from the environment
(`TORCH_CUDA_ARCH_LIST`) or from strings built at run time, a setup.py
extension whose sources are globbed, or a build that includes a code object
that runs on the target;
a site `wrong-path` already reports for the same target (it names the path
the target cannot run); `#if __CUDA_ARCH__` guards, which decide what is
compiled; a CMake target whose archs come from a cache variable, `native`
or `all`; a JIT load without arch flags of its own, which PyTorch compiles
for the GPU it runs on; a check in a source that another build also compiles
(a CMake target beside the wheel's setup.py, or one a project function
such as `gpu_cpp_library(...)` declares) for archs not known or for one that
runs on the target.
)"},
      {"never-admitted", "NeverAdmitted",
       "A module is built for the target, but every run-time check in its sources keeps the target out.",
       "The extension's arch flags compile kernels that run on the target, yet the checks compiled beside them "
       "refuse it: a key forgotten when the build was extended, or a build nothing lets in. Add the target to "
       "the check if its kernels are meant for it, or drop it from the build.",
       Severity::Error, checkNeverAdmitted,
       R"(# setup.py: check --target sm_120
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# Hopper and the RTX Blackwell cards each get their own kernels.
cc_flag = ["-gencode", "arch=compute_90a,code=sm_90a", "-gencode", "arch=compute_120a,code=sm_120a"]

setup(
    name="fp8_gemm",
    ext_modules=[CUDAExtension("fp8_gemm._C", ["csrc/api.cpp", "csrc/gemm.cu"],
                               extra_compile_args={"nvcc": ["-O3"] + cc_flag})],
    cmdclass={"build_ext": BuildExtension},
)
==> csrc/api.cpp <==
#include <ATen/cuda/CUDAContext.h>

void check_device() {
  auto dprops = at::cuda::getCurrentDeviceProperties();
  TORCH_CHECK(dprops->major == 9, "fp8_gemm needs a Hopper GPU");  // error[never-admitted] sm_120: built, refused
}
)",
       AuditRole::FromSeverity, false,
       R"(A run-time check in a source file of a compiled module keeps the target
out (it crashes or leaves for it), and no check in the module's sources
lets the target in, while the module's arch flags build code for the target
itself: SASS that runs there or its `a`/`f` target, not only generic PTX.
The module is joined as for `not-built` (a setup.py `CUDAExtension` whose
sources name the check's file and whose flags are its own). Either a key was
forgotten when the build was extended (the kernels are there and the check
refuses them), or the build compiles for an arch nothing lets in. The
finding sits on the refusing check and names the module (file:line) and
the code objects built for the target. `missing-arch` steps aside on such a
check: this finding says more. Not reported: modules whose build cannot be
read from the file, and checks that already admit the target elsewhere in
the module's sources.
)"},
      {"selector-limit", "SelectorLimit", "A build list is handed to a selector that cannot name the target arch.",
       "FindCUDA's cuda_select_nvcc_arch_flags names archs with a one-digit major only: `12.0` in its list stops "
       "the configure with \"Unknown CUDA Architecture Name\", and its Common and Auto lists end at 8.6+PTX. "
       "The target runs only the PTX the list embeds, JIT-compiled when a kernel loads, or nothing. Adding the "
       "arch to the list is no fix: pass -gencode flags in CUDA_NVCC_FLAGS, or move to CMake's CUDA language "
       "and CMAKE_CUDA_ARCHITECTURES.",
       Severity::Warning, checkSelectorLimit,
       R"(# CMakeLists.txt: check --target sm_120
cmake_minimum_required(VERSION 3.18)
project(translator LANGUAGES CXX)
find_package(CUDA 12.8 REQUIRED)
cuda_select_nvcc_arch_flags(ARCH_FLAGS Common)  # warning[selector-limit] sm_120: Common ends at 8.6+PTX
list(APPEND CUDA_NVCC_FLAGS ${ARCH_FLAGS})
cuda_add_library(translator_kernels kernels.cu)
)",
       AuditRole::FromSeverity, false,
       R"(An arch list handed to a build-system function that turns it into nvcc
flags by its own table, which cannot name the target. CMake's deprecated
FindCUDA module is the one known (knowledge.yaml `arch_selectors`): its
`cuda_select_nvcc_arch_flags` takes numbers with a one-digit major, so
`12.0` stops the configure with "Unknown CUDA Architecture Name"; `Common`
ends at `8.6+PTX`, `Auto` turns a detected 12.0 into `8.6+PTX`, and `All`
holds SASS up to 8.0 with no PTX. A warning when the target gets the list's
PTX (it runs, JIT-compiled at load, with no code tuned for it) or when the
list is not known here; an error when the list has no PTX. `fix` never adds
the arch to such a list: the build needs -gencode flags in CUDA_NVCC_FLAGS,
or CMake's CUDA language and CMAKE_CUDA_ARCHITECTURES (which FindCUDA's
cuda_add_library does not read). Not reported in a file that finds
Torch: PyTorch's CMake config brings its own copy of the selector, which
takes two-digit majors and knows 12.0.
)"},
      // scripts/new-rule.sh adds entries above this line.
  };
  return rules;
}

const RuleInfo* findRule(std::string_view id) {
  for (const auto& r : ruleCatalogue())
    if (id == r.id) return &r;
  return nullptr;
}

Finding makeFinding(const RuleContext& ctx, const char* rule, size_t site, Severity sev, const std::string& arch,
                    std::string message) {
  const LinkedSite& s = ctx.program.sites[site];
  Finding f;
  f.rule = rule;
  f.severity = sev;
  f.confidence = s.confidence;
  f.arch = arch;
  f.site = site;
  f.message = oneLine(message, 600);  // a report line: no raw newlines from macro bodies
  f.fingerprint = fingerprint(s.file, s.site.name, kindName(s.site.kind), rule, arch);
  return f;
}

}  // namespace archscan
