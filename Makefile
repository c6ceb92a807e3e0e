# pescope - a terminal explorer for sinusoidal positional encodings.
#
#   make              build ./pescope
#   make test         build and run every test (unit, golden, end to end),
#                     then all of them again under AddressSanitizer + UBSan,
#                     a short key mash and a short fuzzing run, with the
#                     -Werror builds of make warnings (what CI runs, as
#                     `make deps-test test`)
#   make check        the quick loop (aim: under a minute on a quiet machine):
#                     layers, strings and cppcheck, then the suites on the
#                     normal build but the long ones, four at a time
#                     (tests/run-all.sh's SLOW; QUICK=0 runs all); no
#                     -Werror builds: make warnings, or make test
#   make check-fast   the loop of an edit: the unit tests, the golden
#                     screens and the --keys scripts (under 20 s)
#   make coverage     line and branch coverage per layer (gcov, gcovr) of
#                     the unit tests and make check's suites
#   TEST_OPTS='--run=PATTERN -v -i' aims check, check-fast, test and
#                     coverage: only the suites whose names match PATTERN
#                     (keys, golden,keys, "unit tests"), every suite's whole
#                     log, stop at the first failure (tests/run-all.sh).
#                     A script alone takes the same, for its checks:
#                     PESCOPE=$PWD/pescope tests/e2e/keys.sh --run=drill -v
#   make warnings     every build with -Werror, by gcc and clang (each
#                     that is installed), into build/werror
#   make cppcheck     cppcheck over src/ and tests/unit/, when installed
#   make layers       check that includes point down (src/layers.txt) and
#                     that no files use each other's symbols
#   make strings      check that every sentence has its Chinese (base/tr.h)
#   make sanitize     the tests under AddressSanitizer + UBSan only
#   make portable     build with only POSIX.1-2008 + XSI declared, every
#                     warning an error (part of test): no GNU extensions
#   make stress       the long key mash: a million events under the sanitizers
#   make fuzz         every libFuzzer target for FUZZ_SECONDS (default 60)
#   make bench        benchmarks against NumPy / matplotlib (not part of test)
#   make deps         install the Debian/Ubuntu packages that building and
#                     running need, when missing (apt-get)
#   make deps-test    the same, and every tool the tests need (test, check,
#                     sanitize, fuzz, coverage, deb); deps-bench for bench.
#                     No other goal installs anything: a suite whose tool
#                     is missing says "skip NAME: needs TOOL" (a failure
#                     under CI=true)
#   make run          build and start the explorer
#   make deb          build the Debian package pescope_VERSION_ARCH.deb
#   make install / uninstall / clean

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/pescope
# Where the shells look for completions of a command by its name.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
DESTDIR ?=

CC         ?= cc
PKG_CONFIG ?= pkg-config
CFLAGS     ?= -O2 -g
LDFLAGS    ?=

VERSION := 0.1.0
WARN    := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wconversion
# The feature macros. The code asks for POSIX.1-2008 with its XSI option
# (realpath, wcwidth) and nothing more; `make portable` (part of `make
# test`) checks that. Each system is then told, in its own words, to show
# what its headers keep apart: SIGWINCH is a BSD signal on macOS and the
# BSDs, hidden there by _XOPEN_SOURCE alone. The BSDs show everything when
# no macro is set, and FreeBSD has no macro that shows its own again once
# _XOPEN_SOURCE is set, so they get none. PORTABLE=1 is the strict build.
UNAME_S := $(shell uname -s 2>/dev/null)
ifeq ($(PORTABLE),1)
FEATURES := -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700
else ifeq ($(UNAME_S),Darwin)
FEATURES := -D_XOPEN_SOURCE=700 -D_DARWIN_C_SOURCE
else ifneq ($(filter FreeBSD NetBSD OpenBSD DragonFly,$(UNAME_S)),)
FEATURES :=
else
FEATURES := -D_XOPEN_SOURCE=700 -D_DEFAULT_SOURCE
endif
# ncursesw: pkg-config's flags, or else -lncursesw, or else -lncurses (the
# first that links), with the defines that turn on its wide-character
# functions (curses.h reads either). Our macros above win: ncursesw's own
# older _XOPEN_SOURCE and its _DEFAULT_SOURCE are filtered out. On macOS,
# Homebrew's ncurses (keg-only, so not on pkg-config's path by itself) is
# looked for first: the system's ncurses 5.7 lacks init_extended_pair.
# These ask pkg-config when used, not when the Makefile is read, so that
# `make deps test` works on a machine where deps has just installed them.
ifeq ($(UNAME_S),Darwin)
BREW_NCURSES := $(shell brew --prefix ncurses 2>/dev/null)
NC_PC = PKG_CONFIG_PATH='$(BREW_NCURSES)/lib/pkgconfig':"$$PKG_CONFIG_PATH" \
        $(PKG_CONFIG)
NC_DIRS := $(if $(BREW_NCURSES),-I$(BREW_NCURSES)/include -L$(BREW_NCURSES)/lib)
else
NC_PC = $(PKG_CONFIG)
NC_DIRS :=
endif
NC_LIBDIR := $(filter -L%,$(NC_DIRS))
NC_WIDE   := -D_XOPEN_SOURCE_EXTENDED -DNCURSES_WIDECHAR=1
NC_CFLAGS = $(NC_WIDE) $(filter-out -D_XOPEN_SOURCE=% -D_DEFAULT_SOURCE \
              $(NC_WIDE) -DNCURSES_WIDECHAR,\
             $(shell $(NC_PC) --cflags ncursesw 2>/dev/null || \
               echo $(filter -I%,$(NC_DIRS))))
NC_LINKS  = $(shell echo 'int main(void){return 0;}' | \
              $(CC) -x c - -o /dev/null $(NC_LIBDIR) $(1) 2>/dev/null && echo ok)
NC_LIBS   = $(or $(shell $(NC_PC) --libs ncursesw 2>/dev/null),\
                 $(if $(call NC_LINKS,-lncursesw),$(NC_LIBDIR) -lncursesw),\
                 $(NC_LIBDIR) -lncurses)
# jansson parses the JSON of model configs (src/io/config_json.c):
# pkg-config's flags, or else -ljansson.
JSON_CFLAGS = $(patsubst -I%,-isystem %,$(shell $(PKG_CONFIG) --cflags jansson 2>/dev/null))
JSON_LIBS   = $(or $(shell $(PKG_CONFIG) --libs jansson 2>/dev/null),-ljansson)
PE_CPPFLAGS := $(FEATURES) \
               -DPESCOPE_VERSION='"$(VERSION)"' -DPESCOPE_DATADIR='"$(DATADIR)"'
ALL_CFLAGS  = $(WARN) $(PE_CPPFLAGS) $(NC_CFLAGS) $(CPPFLAGS) $(CFLAGS) -MMD -MP
LIBS        = $(NC_LIBS) $(JSON_LIBS) -lm -pthread

# PNG and PDF figures (src/io/export_raster.c) are drawn by librsvg over
# cairo, an optional library: with librsvg2-dev (in TEST_PKGS) pkg-config
# finds its headers and pescope is built for it; without it the build
# works and --export f.png names the package (exit 69). RSVG=0 leaves it
# out even when it is there. Like NC_*, asked when used, so that `make deps
# test` compiles after deps-test has installed it; its headers are
# -isystem, so glib's own warnings are not ours. The library is not
# linked: export_raster.c loads it with dlopen (in the C library since
# glibc 2.34) when a PNG or PDF is asked for, so the other runs do not map
# its fifty libraries. $(RSVG_STAMP) records whether it was found, so that
# installing it later rebuilds export_raster.o.
# $(NORSVG_BIN), the same program without it, is for the tests of exit 69.
RSVG_PC     = $(if $(filter 0,$(RSVG)),,$(shell $(PKG_CONFIG) --exists \
                librsvg-2.0 cairo-png cairo-pdf 2>/dev/null && \
                echo librsvg-2.0 cairo-png cairo-pdf))
RSVG_CFLAGS = $(if $(RSVG_PC),-DPESCOPE_RSVG $(patsubst -I%,-isystem %,\
                $(shell $(PKG_CONFIG) --cflags $(RSVG_PC))))

# Sanitizer builds go to their own folder so they never mix with normal objects.
BUILD ?= build
# The strict build fails on any warning: a function its headers do not
# declare there is one that another system may lack.
ifeq ($(PORTABLE),1)
ALL_CFLAGS += -Werror
endif
ifeq ($(SAN),1)
ALL_CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer \
              -fno-sanitize-recover=undefined
LDFLAGS    += -fsanitize=address,undefined
endif
# Coverage builds (make coverage) count every line and branch for gcov.
ifeq ($(COV),1)
ALL_CFLAGS += --coverage
LDFLAGS    += --coverage
endif
# Fuzzing builds (clang's libFuzzer) instrument every object for coverage.
ifeq ($(FUZZ),1)
CC         := clang
ALL_CFLAGS += -fsanitize=fuzzer-no-link,address,undefined \
              -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS    += -fsanitize=fuzzer,address,undefined
endif
# ncurses keeps some memory to the end by design (and leaks a little when
# newterm fails); LeakSanitizer is told to look only at ours. The slow
# unwinder sees through libraries built without frame pointers (GPM, for
# TERM=linux: see lsan.supp); 16 frames reach the call to blame.
export LSAN_OPTIONS ?= suppressions=$(CURDIR)/tests/stress/lsan.supp:print_suppressions=0:fast_unwind_on_malloc=0:malloc_context_size=16

SAN_BUILD  := build/san
PORTABLE_BUILD := build/portable
FUZZ_BUILD := build/fuzz
# A fuzz target is a file tests/fuzz/fuzz_NAME.c with its seeds in
# tests/fuzz/corpus/NAME/: adding one needs no change here.
FUZZ_BINS   = $(patsubst tests/fuzz/%.c,$(BUILD)/%,$(wildcard tests/fuzz/fuzz_*.c))
MASH        = $(BUILD)/mash
ATTN_BENCH  = $(BUILD)/attn-bench
FUZZ_SECONDS  ?= 60
STRESS_EVENTS ?= 1000000
# The short runs inside `make test`: events of the mash, seconds per target.
TEST_MASH_EVENTS ?= 100000
TEST_FUZZ_SECONDS ?= 10

SRCS      := $(wildcard src/*/*.c)
CONFIG    := $(BUILD)/config
# Every file under assets/lessons, relative to it, for install.
LESSON_FILES = $(shell cd assets/lessons 2>/dev/null && find . -type f | \
                 sed 's|^\./||' | LC_ALL=C sort)
MANIFEST  := $(DATADIR)/installed
LIB_OBJS  := $(patsubst src/%.c,$(BUILD)/%.o,$(filter-out src/app/main.c,$(SRCS)))
MAIN_OBJ  := $(BUILD)/app/main.o
TEST_SRCS := $(wildcard tests/unit/*.c)
TEST_OBJS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%.o,$(TEST_SRCS))
# The sanitizer, portability and package builds keep their binary in their
# own folder: ./pescope is always the plain one.
BIN       := $(if $(filter 1,$(SAN) $(PORTABLE) $(PKG) $(COV)),$(BUILD)/pescope,pescope)
UNIT      := $(BUILD)/unit-tests
CRIT_CFLAGS = $(shell $(PKG_CONFIG) --cflags criterion 2>/dev/null)
CRIT_LIBS   = $(or $(shell $(PKG_CONFIG) --libs criterion 2>/dev/null),-lcriterion)

# Debian packages, one list per purpose, installed when missing by the
# deps goals only (DEPS_INSTALL below), so that `make deps run` and `make
# deps-test test` work on a fresh Debian 12 and no other goal touches the
# system.
#   BUILD_PKGS  building and running (make deps): a C compiler and the C
#               library's headers (gcc only recommends them), make,
#               pkg-config, ncursesw and its headers, and the terminfo
#               entries of xterm-direct, tmux-256color and the other less
#               common terminals (ncurses-term; the common ones are in
#               ncurses-base, which Debian always has, as it has ncurses-bin),
#               jansson and its headers for the JSON of model configs
#   TEST_PKGS   the suite (make deps-test, with BUILD_PKGS and FUZZ_PKGS:
#               make check, sanitize, test, coverage): Criterion, tmux and
#               pgrep (procps) for the terminal tests, python3 for make
#               layers and with NumPy for the cross-checks, valgrind, mandoc and xmllint for the manual
#               page, rsvg-convert for the SVGs, GNU time for peak memory,
#               bash-completion, zsh and fish for the completions;
#               librsvg2-dev, which pescope is built with when it is there
#               (PNG and PDF figures), poppler-utils (pdftotext, pdffonts)
#               to read the PDFs, a Chinese font (fonts-wqy-microhei; a
#               fresh Debian has none) for the Chinese figures,
#               python3-pyte to replay the asciicasts, man-db (man, for
#               the installed page), gcovr for make coverage
#   FUZZ_PKGS   clang and its libFuzzer runtime (make fuzz, test)
#   BENCH_PKGS  the benchmarks (make deps-bench bench): NumPy, matplotlib,
#               threadpoolctl, GNU time
BUILD_PKGS := gcc libc6-dev make pkg-config libncurses-dev ncurses-term \
              libjansson-dev
# PYTHON: the python3 of TEST_PKGS below, Debian's /usr/bin/python3, not one
# earlier on PATH (a pyenv shim costs 0.2 s a start and has no NumPy);
# python3 where there is none. tests/e2e/tap.bash takes it as $PY.
PYTHON ?= $(or $(wildcard /usr/bin/python3),python3)
export PYTHON
TEST_PKGS  := libcriterion-dev tmux procps python3 python3-numpy valgrind \
              mandoc libxml2-utils librsvg2-bin time zsh fish bash-completion \
              librsvg2-dev poppler-utils python3-pyte fonts-wqy-microhei man-db gcovr
FUZZ_PKGS  := clang libclang-rt-dev
BENCH_PKGS := python3 python3-numpy python3-matplotlib python3-threadpoolctl time
# make deb needs dpkg-dev (dpkg-buildflags, dpkg-shlibdeps, dpkg-gencontrol,
# strip through binutils); its test (tests/e2e/deb.sh) lintian too.
DEB_PKGS   := dpkg-dev
TEST_PKGS  += $(DEB_PKGS) lintian

# The shell completions make install puts where each shell looks.
COMPLETIONS := assets/completion/pescope.bash:$(BASHCOMPDIR)/pescope \
               assets/completion/_pescope:$(ZSHCOMPDIR)/_pescope \
               assets/completion/pescope.fish:$(FISHCOMPDIR)/pescope.fish

.PHONY: all test unit sanitize bench deps run install uninstall clean FORCE \
        check check-fast coverage coverage-run stress fuzz fuzzers layers strings \
        deps-test deps-bench portable deb

# The deps goals run before anything compiles or checks, also under -j
# (make -j2 deps-test test): every object waits for $(CONFIG).
DEPS_GOALS := $(filter deps deps-test deps-bench,$(MAKECMDGOALS))
ifneq ($(DEPS_GOALS),)
$(CONFIG) $(RSVG_STAMP) layers strings warnings cppcheck portable: | $(DEPS_GOALS)
endif

# Criterion is there, or deps-test, also asked, installs it first. Without
# it the unit tests are not built: run-all.sh says "skip unit tests".
HAVE_CRITERION := $(or $(filter deps-test,$(MAKECMDGOALS)),$(shell \
                    $(PKG_CONFIG) --exists criterion 2>/dev/null && echo yes))
UNIT_IF := $(if $(HAVE_CRITERION),$(UNIT))
# $(call HAS,WHAT,TOOL): a shell condition, true when the command TOOL is
# there; else it prints "skip WHAT: needs TOOL" and is false, or under CI
# (CI=true), where the README's test command has installed every tool,
# fails the recipe.
HAS = { command -v $(2) >/dev/null 2>&1 || { echo "skip $(1): needs $(2)"; \
        if [ "$$CI" = true ]; then echo "$(1): CI must have $(2)" >&2; \
        exit 1; fi; false; }; }

all: $(BIN)

$(BIN): $(MAIN_OBJ) $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/%.o: src/%.c $(CONFIG) | $(BUILD)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -c -o $@ $<

$(BUILD)/tests/%.o: tests/unit/%.c $(CONFIG) | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) $(CRIT_CFLAGS) -Isrc -c -o $@ $<

$(UNIT): $(TEST_OBJS) $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(CRIT_LIBS) $(LIBS)

$(BUILD) $(BUILD)/tests:
	mkdir -p $@

# The version and paths compiled in. Objects are rebuilt when they change, so
# `make install PREFIX=/opt/x` after a plain `make` installs a binary that
# looks for its lessons under /opt/x, not /usr/local. The stamp is remade
# only when what it records differs from what this run would compile in, so
# an up-to-date tree has nothing to do (`make -n` lists nothing).
CONFIG_NOW := $(VERSION) $(DATADIR)
ifneq ($(shell cat $(CONFIG) 2>/dev/null),$(CONFIG_NOW))
$(CONFIG): FORCE
endif
$(CONFIG): | $(BUILD)
	echo '$(CONFIG_NOW)' >$@

# librsvg or not (see RSVG_PC): the stamp holds what the last compile of
# export_raster.o found; it is remade when this run finds otherwise.
RSVG_STAMP := $(BUILD)/rsvg
NORSVG_BIN := $(BUILD)/pescope-norsvg
ifneq ($(shell cat $(RSVG_STAMP) 2>/dev/null),$(strip $(RSVG_PC)))
$(RSVG_STAMP): FORCE
endif
$(RSVG_STAMP): | $(BUILD)
	echo '$(strip $(RSVG_PC))' >$@
# When deps-test is asked too, export_raster.o is compiled after it (see
# DEPS_GOALS), and again when librsvg2-dev is missing as make starts
# (installed by this run: the comparison above was made before); else make
# -j2 deps-test check on a fresh machine builds a pescope without PNG and
# PDF and its figures' tests fail.
ifneq ($(filter deps-test,$(MAKECMDGOALS)),)
ifeq ($(shell command -v dpkg-query >/dev/null && ! dpkg-query -W \
        -f='$${Status}' librsvg2-dev 2>/dev/null | grep -q 'ok installed' \
        && echo missing),missing)
$(RSVG_STAMP): FORCE
endif
endif
$(BUILD)/io/export_raster.o: ALL_CFLAGS += $(RSVG_CFLAGS)
$(BUILD)/io/config_json.o: ALL_CFLAGS += $(JSON_CFLAGS)
# RoPE's bound takes a square root per offset and pair, of a sum of
# squares; the file reads no errno, and without math errno gcc packs the
# roots (sqrtpd) instead of testing each for a negative argument.
$(BUILD)/engine/rope_bound.o: ALL_CFLAGS += -fno-math-errno
$(BUILD)/io/export_raster.o: $(RSVG_STAMP)
$(BUILD)/norsvg/export_raster.o: src/io/export_raster.c $(CONFIG)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -c -o $@ $<
$(NORSVG_BIN): $(MAIN_OBJ) $(filter-out $(BUILD)/io/export_raster.o,\
                 $(LIB_OBJS)) $(BUILD)/norsvg/export_raster.o
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)
check test: $(NORSVG_BIN)
export PESCOPE_NORSVG = $(abspath $(NORSVG_BIN))

$(MASH): tests/stress/mash.c $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -Isrc -o $@ $^ $(LIBS)

$(ATTN_BENCH): tests/bench/attn_bench.c $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -Isrc -o $@ $^ $(LIBS)

$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -Isrc -o $@ $< $(LIB_OBJS) $(LIBS)

fuzzers: $(FUZZ_BINS)

# Fails, naming the file and line, on an include that points up or sideways,
# an include circle, curses outside io/term.c, or two files that use each
# other's symbols, through any number of files (nm over the objects)
# (tests/tools/layers.py, which needs the python3 of the test packages);
# and on a function (or variable) that no other file of the program uses
# but that is not static, unless tests use it and its header marks it
# "For tests only." (tests/tools/exports.py, nm over the program's objects
# and those of the unit tests, fuzz targets, mash and bench: EXPORT_USERS;
# without Criterion there are no unit tests to read, and it is skipped).
layers: $(MAIN_OBJ) $(LIB_OBJS)
	@if $(call HAS,layers,$(PYTHON)); then \
	  echo "$(PYTHON) tests/tools/layers.py src $(BUILD)"; \
	  $(PYTHON) tests/tools/layers.py src $(BUILD) || exit 1; \
	  if [ -z "$(UNIT_IF)" ]; then echo "skip exports: needs Criterion"; \
	    [ "$$CI" != true ] || exit 1; \
	  else $(PYTHON) tests/tools/exports.py src $(BUILD) $(EXPORT_USERS); fi; \
	fi

# Fails, naming the file and line, on a sentence without its Chinese, a row
# of src/base/tr_zh.c no code uses, printf conversions that differ between
# the two, or Chinese against assets/glossary.txt (tests/tools/strings.py).
strings:
	@if $(call HAS,strings,$(PYTHON)); then \
	  $(PYTHON) tests/tools/strings.py src assets/glossary.txt; fi

# make check is the quick loop: QUICK=1 leaves out the long suites that
# tests/run-all.sh lists in SLOW (the package, install, valgrind, hardening,
# figures, limits, and the sweeps of every view's colours and knobs); make
# test and make sanitize run them all, and so does make check QUICK=0. Nor
# does it make the two -Werror builds of make warnings, which compile
# everything twice more (make test does; the normal build shows the same
# warnings, without failing).
# It runs four suites at a time: many suites mostly wait on tmux or on
# short-lived processes (input, cli, explorer, terminals, files), so more
# slots than cores keep both cores busy; and it starts them longest first,
# by the times of its last run (build/test-times).
# Nor, with QUICK=1, does it run the unit suites of UNIT_HEAVY, which sweep
# every view, size, language, drill kind or lesson step (or the extremes of
# the work budget): 31 of the unit tests' 49 s of processor time here.
QUICK ?= 1
CHECK_JOBS ?= $(or $(TEST_JOBS),4)
UNIT_PATH = $(if $(UNIT_IF),$(abspath $(UNIT)))
UNIT_HEAVY := walk drill_kinds attention_view budget steps zh_screens
UNIT_LIGHT = !($(subst $(eval) ,|,$(strip $(UNIT_HEAVY))))/*
check: layers strings $(BIN) $(UNIT_IF)
	QUICK=$(QUICK) TEST_JOBS=$(CHECK_JOBS) TEST_TIMES=$(abspath $(BUILD))/test-times \
	$(if $(filter 1,$(QUICK)),UNIT_FILTER='$(UNIT_LIGHT)') \
	PESCOPE=$(abspath $(BIN)) UNIT=$(UNIT_PATH) tests/run-all.sh $(TEST_OPTS)
	@$(if $(filter 1,$(QUICK)),echo "left out by check (make test runs them): the unit suites $(UNIT_HEAVY)")

# make check-fast: what an edit of the code needs first, in seconds: the
# unit tests but UNIT_HEAVY, the golden screens and the --keys scripts with
# their last screens (no tmux, no builds with -Werror, no layers).
check-fast: $(BIN) $(UNIT_IF)
	TEST_JOBS=$(CHECK_JOBS) PESCOPE=$(abspath $(BIN)) UNIT=$(UNIT_PATH) \
	UNIT_FILTER='$(UNIT_LIGHT)' \
	tests/run-all.sh --run='unit tests,golden.sh,keys.sh' $(TEST_OPTS)
	@echo "left out by check-fast (make test runs them): the unit suites $(UNIT_HEAVY)"

# run-all.sh runs the suites on both builds, the short mash and fuzzing, two
# at a time, and ends with one "N passed, N failed" line for everything.
# Fuzzing needs clang: without it, a skip.
test: layers strings portable $(BIN) $(UNIT_IF)
	$(MAKE) SAN=1 BUILD=$(SAN_BUILD) $(SAN_BUILD)/pescope \
		$(if $(UNIT_IF),$(SAN_BUILD)/unit-tests) $(SAN_BUILD)/mash
	@if $(call HAS,fuzzing,clang); then \
	  $(MAKE) FUZZ=1 BUILD=$(FUZZ_BUILD) fuzzers; fi
	PESCOPE=$(abspath $(BIN)) UNIT=$(UNIT_PATH) \
	SAN_PESCOPE=$(abspath $(SAN_BUILD)/pescope) \
	SAN_UNIT=$(if $(UNIT_IF),$(abspath $(SAN_BUILD)/unit-tests)) \
	MASH=$(abspath $(SAN_BUILD)/mash) MASH_EVENTS=$(TEST_MASH_EVENTS) \
	MASH_SEED=1 FUZZ_DIR=$$(command -v clang >/dev/null && echo $(abspath $(FUZZ_BUILD))) \
	FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) QUICK=0 tests/run-all.sh $(TEST_OPTS)

# The program built as macOS and the BSDs would see it, as far as glibc can
# show: only the POSIX.1-2008 and XSI declarations (no _DEFAULT_SOURCE, no
# GNU or BSD extensions), every warning an error; then it must run.
portable:
	$(MAKE) PORTABLE=1 BUILD=$(PORTABLE_BUILD) $(PORTABLE_BUILD)/pescope
	$(PORTABLE_BUILD)/pescope --version

# ---- warnings and cppcheck (make test runs both, make check cppcheck) ----
# make warnings: every build the project makes, rebuilt with -Werror by gcc
# into build/werror/gcc and by clang into build/werror/clang (each that is
# installed): the program, the unit tests, the mash, the attention bench and
# the fuzz targets (compiled only: they link with clang's libFuzzer). So a
# warning fails make check, while a plain make, which has no -Werror, still
# builds for a user whose newer compiler knows warnings this one does not.
# make cppcheck: cppcheck over src/ and tests/unit/ (skipped, saying so,
# when it is not installed), src/ with its style checks too (a variable's
# scope, a condition always true, a value never read), the tests with
# warnings and portability only; a finding it gets wrong is suppressed on its
# line, with why; what it found stays in build/cppcheck, so a second run
# reads only the files that changed. One is suppressed here, for a whole file: test_cli.c ends
# its argument lists with NULL, which every C library pescope builds on
# defines as ((void *)0), and va_arg may read a void * as a char *.
WERROR_BUILD := build/werror
CPPCHECK     ?= cppcheck
CPPCHECK_FLAGS := --enable=warning,portability --inline-suppr \
                  --error-exitcode=1 --std=c11 -q -j2 -I src -I tests/unit \
                  --library=tests/tools/cppcheck-criterion.cfg \
                  --suppress=varFuncNullUB:tests/unit/test_cli.c
TEST_PKGS    += cppcheck
FUZZ_OBJS     = $(patsubst tests/fuzz/%.c,$(BUILD)/tests/%.o,\
                  $(wildcard tests/fuzz/fuzz_*.c))
ifeq ($(WERROR),1)
ALL_CFLAGS += -Werror
endif
.PHONY: warnings cppcheck

$(BUILD)/tests/fuzz_%.o: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(CONFIG) | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Isrc -c -o $@ $<

# What make layers reads for the users of the program's functions outside
# the program (tests/tools/exports.py).
EXPORT_USERS = $(if $(UNIT_IF),$(TEST_OBJS)) $(FUZZ_OBJS) $(BUILD)/tests/mash.o \
               $(BUILD)/tests/attn_bench.o
layers: $(EXPORT_USERS)
$(BUILD)/tests/mash.o: tests/stress/mash.c $(CONFIG) | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Isrc -c -o $@ $<
$(BUILD)/tests/attn_bench.o: tests/bench/attn_bench.c $(CONFIG) | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) -Isrc -c -o $@ $<

warnings:
	@for cc in gcc clang; do \
	  if ! $(call HAS,warnings of $$cc,$$cc); then continue; fi; \
	  b=$(WERROR_BUILD)/$$cc; echo "warnings: $$cc -Werror into $$b"; \
	  $(MAKE) -s --no-print-directory WERROR=1 CC=$$cc BUILD=$$b BIN=$$b/pescope \
	    $$b/pescope $(if $(UNIT_IF),$$b/unit-tests) $$b/mash $$b/attn-bench \
	    $(patsubst $(BUILD)/%,$$b/%,$(FUZZ_OBJS)) || exit 1; \
	done

cppcheck:
	@if $(call HAS,cppcheck,$(CPPCHECK)); then \
	  mkdir -p $(BUILD)/cppcheck/src $(BUILD)/cppcheck/unit && \
	  $(CPPCHECK) $(CPPCHECK_FLAGS) --enable=style \
	    --cppcheck-build-dir=$(BUILD)/cppcheck/src src && \
	  $(CPPCHECK) $(CPPCHECK_FLAGS) \
	    --cppcheck-build-dir=$(BUILD)/cppcheck/unit tests/unit; \
	fi

# (not again in make sanitize, whose check is the same code under ASan)
ifneq ($(SAN),1)
check: cppcheck
test: warnings cppcheck
endif

sanitize:
	$(MAKE) SAN=1 BUILD=$(SAN_BUILD) QUICK=0 check

stress:
	$(MAKE) SAN=1 BUILD=$(SAN_BUILD) $(SAN_BUILD)/mash
	MASH=$(abspath $(SAN_BUILD)/mash) MASH_EVENTS=$(STRESS_EVENTS) \
		tests/stress/mash.sh

fuzz:
	$(MAKE) FUZZ=1 BUILD=$(FUZZ_BUILD) fuzzers
	FUZZ_DIR=$(abspath $(FUZZ_BUILD)) FUZZ_SECONDS=$(FUZZ_SECONDS) \
		tests/fuzz/fuzz.sh

bench: $(BIN) $(ATTN_BENCH)
	tests/bench/bench.sh $(abspath $(BIN)) $(abspath $(ATTN_BENCH))

# DEPS_INSTALL WHO,PACKAGES: installs the PACKAGES that dpkg does not list
# as installed, with apt-get (through sudo when not root), or says that
# all are present. Where it cannot (no dpkg-query or apt-get: not Debian or
# Ubuntu; neither root nor sudo) it names the packages and fails: it was
# asked to install. A failing apt-get fails. apt-get waits for a dpkg lock
# held by another install (a fresh machine's own updates), but apt-get
# update does not wait for the lock of the package lists: so two of these
# goals (make -j2 deps deps-test; or two makes in two trees) take turns,
# through flock(1) on DEPS_LOCK when the system has it (util-linux, always
# there on Debian).
DEPS_LOCK ?= $${TMPDIR:-/tmp}/pescope-deps.lock
define DEPS_INSTALL
@missing=""; \
if command -v dpkg-query >/dev/null; then \
  for p in $(2); do \
    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' \
      || missing="$$missing $$p"; \
  done; \
else missing=" $(2)"; fi; \
if [ -z "$$missing" ]; then \
  echo "$(1): all present"; exit 0; fi; \
sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
why=""; \
if ! command -v apt-get >/dev/null || ! command -v dpkg-query >/dev/null; then \
  why="no apt-get or dpkg-query here (not Debian or Ubuntu)"; \
elif [ -n "$$sudo" ] && ! command -v sudo >/dev/null; then \
  why="not root and no sudo"; fi; \
if [ -n "$$why" ]; then \
  echo "$(1): $$why; install these (or what your system calls them):$$missing" >&2; \
  exit 1; fi; \
{ ! command -v flock >/dev/null || flock 9; \
echo "$(1): installing:$$missing"; \
$$sudo apt-get -o DPkg::Lock::Timeout=300 update -qq && \
DEBIAN_FRONTEND=noninteractive $$sudo apt-get -o DPkg::Lock::Timeout=300 \
  install -y -qq --no-install-recommends $$missing; } 9>>"$(DEPS_LOCK)"
endef

deps:
	$(call DEPS_INSTALL,deps,$(BUILD_PKGS))

deps-test:
	$(call DEPS_INSTALL,deps-test,$(BUILD_PKGS) $(TEST_PKGS) $(FUZZ_PKGS))

deps-bench:
	$(call DEPS_INSTALL,deps-bench,$(BUILD_PKGS) $(BENCH_PKGS))

run: $(BIN)
	./$(BIN)

# The completions' installed names (the DEST of COMPLETIONS' SOURCE:DEST),
# and every file install puts in place, as the manifest records them.
COMPLETION_DESTS = $(foreach c,$(COMPLETIONS),$(lastword $(subst :, ,$(c))))
INSTALL_FILES = $(BINDIR)/pescope $(MANDIR)/man1/pescope.1 \
                $(COMPLETION_DESTS) $(DATADIR)/glossary.txt \
                $(addprefix $(DATADIR)/lessons/,$(LESSON_FILES))

# install: the binary, the manual page, the shell completions, the glossary
# of the Chinese terms and every file under assets/lessons (any depth) into
# $(DATADIR)/lessons. It records what
# it put there and which folders it had to create in $(MANIFEST), so that
# uninstall removes exactly those files and those folders (when empty),
# whatever the tree holds by then. Paths are recorded without $(DESTDIR).
install: $(BIN)
	@set -e; dest='$(DESTDIR)'; \
	files="$(INSTALL_FILES)"; \
	new=""; \
	for f in $$files $(MANIFEST); do \
	  d=$$(dirname "$$f"); \
	  while [ "$$d" != / ] && [ "$$d" != . ] && [ ! -d "$$dest$$d" ]; do \
	    case " $$new " in *" $$d "*) ;; *) new="$$new $$d" ;; esac; \
	    d=$$(dirname "$$d"); \
	  done; \
	done; \
	for f in $$files $(MANIFEST); do install -d "$$dest$$(dirname "$$f")"; done; \
	echo "install $(BIN) -> $$dest$(BINDIR)/pescope"; \
	install -m 755 $(BIN) "$$dest$(BINDIR)/pescope"; \
	install -m 644 assets/pescope.1 "$$dest$(MANDIR)/man1/pescope.1"; \
	install -m 644 assets/glossary.txt "$$dest$(DATADIR)/glossary.txt"; \
	for c in $(COMPLETIONS); do \
	  install -m 644 "$${c%%:*}" "$$dest$${c#*:}"; \
	done; \
	for f in $(LESSON_FILES); do \
	  install -m 644 "assets/lessons/$$f" "$$dest$(DATADIR)/lessons/$$f"; \
	done; \
	m="$$dest$(MANIFEST)"; \
	{ [ ! -f "$$m" ] || cat "$$m"; \
	  for f in $$files; do echo "file $$f"; done; \
	  for d in $$new; do echo "dir $$d"; done; } | LC_ALL=C sort -u >"$$m.tmp"; \
	mv "$$m.tmp" "$$m"; \
	echo "installed $$(grep -c '^file ' "$$m") files under $$dest$(PREFIX)"

# uninstall: what $(MANIFEST) lists (or, without one, the files this tree
# would install), then the folders install created, deepest first, when
# they are empty.
uninstall:
	@dest='$(DESTDIR)'; m="$$dest$(MANIFEST)"; \
	if [ -f "$$m" ]; then \
	  files=$$(sed -n 's/^file //p' "$$m"); \
	  dirs=$$(sed -n 's/^dir //p' "$$m" | LC_ALL=C sort -r); \
	else \
	  files="$(INSTALL_FILES)"; \
	  dirs=""; \
	fi; \
	for f in $$files; do rm -f "$$dest$$f"; done; \
	rm -f "$$m"; \
	for d in $$dirs; do rmdir "$$dest$$d" 2>/dev/null || true; done; \
	echo "uninstalled pescope from $$dest$(PREFIX)"

# ---- the Debian package ----
# make deb: pescope_$(DEB_VERSION)_$(DEB_ARCH).deb here, made from scratch
# the way debhelper would, by hand: make install of a binary built for /usr
# with Debian's flags (dpkg-buildflags: all the hardening, no build path)
# into a stage, the zsh completion in Debian's vendor-completions; the
# binary stripped; the manual page with these paths in place of
# /usr/local's, gzipped; copyright, changelog.Debian.gz and lintian's
# overrides from packaging/deb; Depends from dpkg-shlibdeps (the libraries
# the binary links, at the versions its symbols need), the rest of the
# control file from packaging/deb/control by dpkg-gencontrol; then dpkg-deb,
# every file owned by root. No maintainer scripts: dpkg's list of the
# package's files is what dpkg -r removes (install's manifest is left out).
# The changelog's version must be $(VERSION)-N.
DEB_VERSION = $(shell dpkg-parsechangelog -l packaging/deb/changelog -SVersion)
DEB_ARCH    = $(shell dpkg --print-architecture)
DEB         = pescope_$(DEB_VERSION)_$(DEB_ARCH).deb
DEB_BUILD  := build/deb
DEB_STAGE  := $(DEB_BUILD)/debian/pescope
DEB_DOC    := $(DEB_STAGE)/usr/share/doc/pescope
DEB_FLAGS  := DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get

deb:
	@case '$(DEB_VERSION)' in $(VERSION)-*) ;; *) \
	  echo "deb: packaging/deb/changelog is at $(DEB_VERSION), the program at $(VERSION)" >&2; \
	  exit 1;; esac
	rm -rf $(DEB_BUILD)
	$(MAKE) PKG=1 BUILD=$(DEB_BUILD)/obj PREFIX=/usr \
		ZSHCOMPDIR=/usr/share/zsh/vendor-completions \
		CFLAGS="$$($(DEB_FLAGS) CFLAGS)" \
		CPPFLAGS="$$($(DEB_FLAGS) CPPFLAGS)" \
		LDFLAGS="$$($(DEB_FLAGS) LDFLAGS)" \
		DESTDIR=$(abspath $(DEB_STAGE)) install
	rm $(DEB_STAGE)/usr/share/pescope/installed
	strip --remove-section=.comment --remove-section=.note \
		$(DEB_STAGE)/usr/bin/pescope
	sed -i -e 's|/usr/local/share/zsh/site\\-functions|/usr/share/zsh/vendor\\-completions|' \
		-e 's|/usr/local/|/usr/|g' $(DEB_STAGE)/usr/share/man/man1/pescope.1
	gzip -9n $(DEB_STAGE)/usr/share/man/man1/pescope.1
	install -d $(DEB_DOC)
	install -m 644 packaging/deb/copyright $(DEB_DOC)/copyright
	gzip -9n <packaging/deb/changelog >$(DEB_DOC)/changelog.Debian.gz
	chmod 644 $(DEB_DOC)/changelog.Debian.gz
	install -D -m 644 packaging/deb/lintian-overrides \
		$(DEB_STAGE)/usr/share/lintian/overrides/pescope
	install -d -m 755 $(DEB_STAGE)/DEBIAN
	cp packaging/deb/control packaging/deb/changelog $(DEB_BUILD)/debian/
	cd $(DEB_BUILD) && dpkg-shlibdeps debian/pescope/usr/bin/pescope && \
		dpkg-gencontrol -ppescope -Pdebian/pescope
	cd $(DEB_STAGE) && find usr -type f | LC_ALL=C sort | \
		xargs md5sum >DEBIAN/md5sums
	chmod 644 $(DEB_STAGE)/DEBIAN/md5sums
	dpkg-deb --root-owner-group -Zxz --build $(DEB_STAGE) $(DEB)

# ---- coverage ----
# make coverage: the program and the unit tests built with gcov's counters
# at -O0 (so that a line of C is a line of the report) into build/cov, the
# counts of an earlier run cleared, the unit tests and make check's suites
# run on them (a failing test still counts; the summary says so), then
# gcovr's counts per file summed per layer by tests/tools/coverage.py,
# which writes them into the Coverage section of tests/bench/RESULTS.md.
# (Each step is a line of its own, so that make -n coverage only prints
# them: make runs a line that names $(MAKE) even under -n.)
COV_BUILD := build/cov
coverage:
	@if $(call HAS,coverage,gcovr); then $(MAKE) --no-print-directory coverage-run; fi
coverage-run:
	$(MAKE) --no-print-directory COV=1 BUILD=$(COV_BUILD) CFLAGS='-O0 -g' \
	  $(COV_BUILD)/pescope $(if $(UNIT_IF),$(COV_BUILD)/unit-tests)
	find $(COV_BUILD) -name '*.gcda' -delete
	-QUICK=1 TEST_JOBS=$(CHECK_JOBS) PESCOPE=$(abspath $(COV_BUILD)/pescope) \
	  UNIT=$(if $(UNIT_IF),$(abspath $(COV_BUILD)/unit-tests)) \
	  tests/run-all.sh $(TEST_OPTS)
	gcovr -j2 -r . --filter 'src/' --json-summary $(COV_BUILD)/summary.json \
	  $(COV_BUILD)
	$(PYTHON) tests/tools/coverage.py $(COV_BUILD)/summary.json \
	  --write tests/bench/RESULTS.md

clean:
	rm -rf build pescope pescope_*.deb

-include $(wildcard $(BUILD)/*/*.d $(BUILD)/tests/*.d)
