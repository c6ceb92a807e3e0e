# pescope - a terminal explorer for sinusoidal positional encodings.
#
#   make              build ./pescope
#   make test         build and run every test (unit, golden, end to end)
#   make sanitize     the same under AddressSanitizer + UBSan
#   make bench        benchmarks against NumPy / matplotlib (not part of test)
#   make deps         install the missing Debian/Ubuntu packages (apt-get)
#   make run          build and start the explorer
#   make install / uninstall / clean

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/pescope
DESTDIR ?=

CC         ?= cc
PKG_CONFIG ?= pkg-config
CFLAGS     ?= -O2 -g
LDFLAGS    ?=

VERSION := 0.1.0
WARN    := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes
# Our own feature macros; ncursesw's pkg-config flags bring an older
# _XOPEN_SOURCE, which is filtered out so the two never disagree.
# These ask pkg-config when used, not when the Makefile is read, so that
# `make deps test` works on a machine where deps has just installed them.
NC_CFLAGS = $(filter-out -D_XOPEN_SOURCE=% -D_DEFAULT_SOURCE,\
             $(shell $(PKG_CONFIG) --cflags ncursesw 2>/dev/null))
NC_LIBS   = $(or $(shell $(PKG_CONFIG) --libs ncursesw 2>/dev/null),-lncursesw)
PE_CPPFLAGS := -D_XOPEN_SOURCE=700 -D_DEFAULT_SOURCE \
               -DPESCOPE_VERSION='"$(VERSION)"' -DPESCOPE_DATADIR='"$(DATADIR)"'
ALL_CFLAGS  = $(WARN) $(PE_CPPFLAGS) $(NC_CFLAGS) $(CPPFLAGS) $(CFLAGS) -MMD -MP
LIBS        = $(NC_LIBS) -lm

# Sanitizer builds go to their own folder so they never mix with normal objects.
BUILD ?= build
ifeq ($(SAN),1)
ALL_CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer \
              -fno-sanitize-recover=undefined
LDFLAGS    += -fsanitize=address,undefined
endif

SRCS      := $(wildcard src/*.c)
LIB_OBJS  := $(patsubst src/%.c,$(BUILD)/%.o,$(filter-out src/main.c,$(SRCS)))
MAIN_OBJ  := $(BUILD)/main.o
TEST_SRCS := $(wildcard tests/unit/*.c)
TEST_OBJS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%.o,$(TEST_SRCS))
BIN       := $(if $(filter 1,$(SAN)),$(BUILD)/pescope,pescope)
UNIT      := $(BUILD)/unit-tests
CRIT_CFLAGS = $(shell $(PKG_CONFIG) --cflags criterion 2>/dev/null)
CRIT_LIBS   = $(or $(shell $(PKG_CONFIG) --libs criterion 2>/dev/null),-lcriterion)

# Debian packages the build, the tests and the benchmarks need.
DEPS_PKGS := gcc clang make pkg-config libncurses-dev ncurses-bin ncurses-term \
             libcriterion-dev tmux python3 python3-numpy python3-matplotlib \
             valgrind mandoc libxml2-utils

.PHONY: all test unit sanitize bench deps run install uninstall clean

all: $(BIN)

$(BIN): $(MAIN_OBJ) $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/%.o: src/%.c | $(BUILD)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%.o: tests/unit/%.c | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) $(CRIT_CFLAGS) -Isrc -c -o $@ $<

$(UNIT): $(TEST_OBJS) $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(CRIT_LIBS) $(LIBS)

$(BUILD) $(BUILD)/tests:
	mkdir -p $@

test: $(BIN) $(UNIT)
	PESCOPE=$(abspath $(BIN)) UNIT=$(abspath $(UNIT)) tests/run-all.sh

sanitize:
	$(MAKE) SAN=1 BUILD=build/san test

bench: $(BIN)
	tests/bench/bench.sh $(abspath $(BIN))

deps:
	@missing=""; for p in $(DEPS_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' \
	    || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then echo "deps: all present"; exit 0; fi; \
	command -v apt-get >/dev/null || { echo "deps: apt-get not found; install:$$missing" >&2; exit 1; }; \
	sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	echo "deps: installing:$$missing"; \
	$$sudo apt-get update -qq && \
	DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing

run: $(BIN)
	./$(BIN)

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DATADIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/pescope

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/pescope
	-rmdir $(DESTDIR)$(DATADIR) 2>/dev/null

clean:
	rm -rf build pescope

-include $(wildcard $(BUILD)/*.d $(BUILD)/tests/*.d)
