# Two entry points for a fresh Debian 12 machine: `make demo` and `make test`.
# Both install what is missing, fetch the pinned tree-sitter sources, configure
# with CMake + Ninja and build.
BUILD ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)

.PHONY: all setup setup-lint setup-test-tools configure build demo test test-fast format lint lint-tidy sanitize sanitize-subset fuzz clean

all: build

setup:
	scripts/setup.sh

setup-test-tools: setup
	scripts/setup-test-tools.sh

setup-lint:
	scripts/setup.sh --lint

configure: setup
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# The demo builds quietly: setup and build output go to $(BUILD)/demo-build.log,
# which is named (with its last lines) only when the build fails.
demo:
	@mkdir -p $(BUILD)
	@echo "archscan demo: building (output in $(BUILD)/demo-build.log) ..."
	@$(MAKE) --no-print-directory build > $(BUILD)/demo-build.log 2>&1 || \
	  { tail -n 30 $(BUILD)/demo-build.log; echo "archscan demo: the build failed; see $(BUILD)/demo-build.log" >&2; exit 1; }
	@echo "== archscan check --target sm_120 testdata/frameworks/sglang-symm-mem"
	@$(BUILD)/archscan check --target sm_120 --fail-on never testdata/frameworks/sglang-symm-mem
	@echo
	@echo "== archscan audit --target sm_120 --target sm_121 testdata/frameworks/sglang-symm-mem"
	@$(BUILD)/archscan audit --target sm_120 --target sm_121 --fail-on never testdata/frameworks/sglang-symm-mem
	@echo
	@echo "== archscan check --target sm_121 testdata/frameworks/trtllm-sm-dispatch   (C++: Clang + the raw lexer)"
	@$(BUILD)/archscan check --target sm_121 --fail-on never testdata/frameworks/trtllm-sm-dispatch
	@echo
	@echo "== archscan fix --add sm_120 --like sm_100 testdata/frameworks/sglang-symm-mem   (sm_100's path is not one sm_120 can take)"
	@$(BUILD)/archscan fix --add sm_120 --like sm_100 testdata/frameworks/sglang-symm-mem
	@echo
	@echo "== archscan patch testdata/frameworks/sglang-symm-mem/sm120.yaml testdata/frameworks/sglang-symm-mem   (its own values; a dry run: nothing is written)"
	@$(BUILD)/archscan patch testdata/frameworks/sglang-symm-mem/sm120.yaml testdata/frameworks/sglang-symm-mem

test: build setup-test-tools
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# Unit tests and the fast end-to-end ones (ctest label "fast"): the loop to
# run while changing code. `make test` runs everything.
test-fast: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) -L fast

# clang-format over the C++ sources (.clang-format): `format` rewrites them,
# `lint` fails on drift (CI runs it), `lint-tidy` adds clang-tidy (.clang-tidy)
# on the files changed since main.
format: setup-lint
	scripts/lint.sh --fix
lint: setup-lint
	scripts/lint.sh
lint-tidy: setup-lint configure
	BUILD=$(BUILD) scripts/lint.sh --tidy

# The whole suite again, built with ASan+UBSan in build-sanitize/. LLVM and
# Clang are not instrumented; what they report is suppressed by name in
# tests/sanitizers/ (each entry says why).
SANITIZE_BUILD ?= build-sanitize
SANITIZE_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/sanitizers/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$(CURDIR)/tests/sanitizers/ubsan.supp
sanitize: setup-test-tools
	cmake -S . -B $(SANITIZE_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARCHSCAN_SANITIZE=ON
	cmake --build $(SANITIZE_BUILD) -j $(JOBS)
	$(SANITIZE_ENV) ctest --test-dir $(SANITIZE_BUILD) --output-on-failure -j $(JOBS)

# The same build and settings, only the tests labelled sanitize-subset (every
# reader of outside input, the writer and its recovery, each front-end on a
# testdata case; tests/CMakeLists.txt lists them): what CI runs when the
# whole pass does not fit its budget. Only the targets those tests run are built.
sanitize-subset: setup
	cmake -S . -B $(SANITIZE_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARCHSCAN_SANITIZE=ON
	cmake --build $(SANITIZE_BUILD) -j $(JOBS) --target archscan archscan_unit_tests archscan_golden_tests
	$(SANITIZE_ENV) ctest --test-dir $(SANITIZE_BUILD) --output-on-failure -j $(JOBS) -L sanitize-subset

# libFuzzer targets in build-fuzz/ (clang-19), each run for FUZZ_RUNS executions.
FUZZ_RUNS ?= 1000000
fuzz:
	scripts/setup.sh --fuzz
	scripts/fuzz.sh $(FUZZ_RUNS) build-fuzz

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD) build-fuzz
