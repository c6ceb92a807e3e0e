#!/usr/bin/env bash
# layers.sh - the layer rules of src/ (src/layers.txt), checked by
# tests/tools/layers.py: the real tree passes (its includes, and with the
# objects of the build under test, no circle of files at the symbol level),
# and each kind of breach, made on purpose in a copy, is refused with its
# file and line.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs python3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
check=$root/tests/tools/layers.py


# The objects of the build under test ($UNIT is BUILD/unit-tests).
build=${UNIT:+$(dirname "$UNIT")}
[ -n "$build" ] && [ -e "$build/base/fmt.o" ] || build=""
if out=$("$PY" "$check" "$root/src" $build 2>&1); then
	ok "src/ keeps its layers${build:+ (and no file circle in $build)}"
else
	not_ok "src/ keeps its layers" "$(head -3 <<<"$out" | tr '\n' ' ')"
fi

# breach NAME WANT FILE LINE: FILE (relative to src/) gets LINE prepended
# in a fresh copy; the checker must exit 1 and print WANT.
breach() {
	local name=$1 want=$2 file=$3 line=$4 copy=$tmp/$RANDOM out rc
	mkdir -p "$copy"
	cp -r "$root/src" "$copy/src"
	printf '%s\n' "$line" | cat - "$copy/src/$file" >"$copy/new" &&
		mv "$copy/new" "$copy/src/$file"
	out=$("$PY" "$check" "$copy/src" 2>/dev/null)
	rc=$?
	if [ "$rc" -eq 1 ] && grep -qF -- "$want" <<<"$out"; then
		ok "$name is refused"
	else
		not_ok "$name is refused" "exit $rc, output: $(head -2 <<<"$out" | tr '\n' ' ')"
	fi
}

breach "an upward include" \
	'src/engine/pe.c:1: includes "model/state.h": engine/ may not include model/ (up' \
	engine/pe.c '#include "model/state.h"'
breach "a sideways include" \
	'src/render/plot.c:1: includes "model/keys.h": render/ may not include model/ (sideways' \
	render/plot.c '#include "model/keys.h"'
breach "an include circle" \
	'include circle between 2 modules: model/cmdline, model/state' \
	model/cmdline.c '#include "model/state.h"'
breach "curses outside the terminal sink" \
	'src/views/screen.c:1: includes curses; only io/term.c may' \
	views/screen.c '#include <curses.h>'
breach "a view marking its cache done by hand" \
	"src/views/view_bands.c:1: reads or writes a cache's done flag; use cache_done or cache_finish" \
	views/view_bands.c 'static void planted(struct cache *c) { c->done = true; }'
breach "a view casting its cache's memory" \
	"src/views/panel_caption.c:1: takes a cache's memory by hand; use CACHE_MEM" \
	views/panel_caption.c 'static double *planted(struct cache *c) { return (double *)c->mem; }'
breach "a view choosing its layout by a bare size" \
	"src/views/view_clocks.c:1: compares a size with a bare number (in.h >= 12); give the panel a tier table" \
	views/view_clocks.c 'static int planted(struct rect in) { return in.h >= 12 ? 2 : 1; }'
breach "a view computing a panel's inside by hand" \
	"src/views/view_vector.c:1: computes a panel's inside by hand; use panel_inside" \
	views/view_vector.c 'static struct rect planted(struct rect r) { return (struct rect){ r.x + 1, r.y + 1, r.w - 2, r.h - 2 }; }'
breach "the heat cache handing its job over by hand" \
	"src/render/heat.c:1: writes a cache's flag; use cache_forget" \
	render/heat.c 'static void planted(struct cache *c) { c->started = false; }'
breach "an include without its folder" \
	'src/base/fmt.c:1: includes "utf8.h" without its folder' \
	base/fmt.c '#include "utf8.h"'

# A circle no include shows: base/fmt.c uses a function of base/words.c,
# which uses one of fmt.c, each declaring what it takes. The copy's two
# objects are built; the checker must name both files and the symbols.
copy=$tmp/circle
mkdir -p "$copy/build/base"
cp -r "$root/src" "$copy/src"
cat >>"$copy/src/base/fmt.c" <<'EOF'
bool words_same(const char *word, size_t len, const char *name);
int fmt_planted(void);
int fmt_planted(void) { return words_same("a", 1, "a"); }
EOF
cat >>"$copy/src/base/words.c" <<'EOF'
char *fmt_count(double x, char *buf, size_t n);
char *words_planted(char *buf);
char *words_planted(char *buf) { return fmt_count(1, buf, 8); }
EOF
for f in fmt words; do
	${CC:-cc} -std=c11 -D_XOPEN_SOURCE=700 -D_DEFAULT_SOURCE -I"$copy/src" \
		-c -o "$copy/build/base/$f.o" "$copy/src/base/$f.c" || not_ok "planted $f.c builds"
done
out=$("$PY" "$check" "$copy/src" "$copy/build" 2>/dev/null)
rc=$?
want1='file circle between 2 files: base/fmt.c, base/words.c'
want2="$copy/src/base/words.c uses fmt_count of $copy/src/base/fmt.c"
if [ "$rc" -eq 1 ] && grep -qF -- "$want1" <<<"$out" && grep -qF -- "$want2" <<<"$out"; then
	ok "a file circle at the symbol level is refused"
else
	not_ok "a file circle at the symbol level is refused" "exit $rc, output: $(head -3 <<<"$out" | tr '\n' ' ')"
fi

# What a file exports, another file uses (tests/tools/exports.py): the real
# tree passes with the objects of the build under test and of its tests
# (when make layers has built them all: the unit tests, fuzz targets, mash
# and bench).
exports=$root/tests/tools/exports.py
if [ -n "$build" ] && compgen -G "$build/tests/test_*.o" >/dev/null &&
	compgen -G "$build/tests/fuzz_*.o" >/dev/null &&
	[ -e "$build/tests/mash.o" ] && [ -e "$build/tests/attn_bench.o" ]; then
	if out=$("$PY" "$exports" "$root/src" "$build" "$build"/tests/*.o 2>&1); then
		ok "every exported function of src/ is used by another file, or marked for tests"
	else
		not_ok "every exported function of src/ is used by another file, or marked for tests" \
			"$(head -3 <<<"$out" | tr '\n' ' ')"
	fi
fi
# Planted in a copy: words.c exports a function only it uses, and one only
# a test uses, declared in words.h without the mark; each is named with its
# file and line. With the mark, the second passes.
copy=$tmp/exports
mkdir -p "$copy/build/base"
cp -r "$root/src" "$copy/src"
echo 'int words_planted_test(void);' >>"$copy/src/base/words.h"
cat >>"$copy/src/base/words.c" <<'EOF'
int words_planted_local(void);
int words_planted_local(void) { return 1; }
int words_planted_test(void) { return words_planted_local(); }
EOF
printf '%s\n' '#include "base/words.h"' 'int tests_use(void);' \
	'int tests_use(void) { return words_planted_test(); }' >"$copy/use.c"
cc_copy() { ${CC:-cc} -std=c11 -D_XOPEN_SOURCE=700 -D_DEFAULT_SOURCE -I"$copy/src" "$@"; }
for f in words fmt utf8; do
	cc_copy -c -o "$copy/build/base/$f.o" "$copy/src/base/$f.c" || not_ok "planted $f.c builds"
done
cc_copy -c -o "$copy/use.o" "$copy/use.c" || not_ok "the planted test builds"
out=$("$PY" "$exports" "$copy/src" "$copy/build" "$copy/use.o" 2>/dev/null)
rc=$?
l=$(grep -n 'int words_planted_local(void) {' "$copy/src/base/words.c" | cut -d: -f1)
want1="$copy/src/base/words.c:$l: words_planted_local is used only in its own file: make it static"
h=$(wc -l <"$copy/src/base/words.h")
want2="$copy/src/base/words.h:$h: words_planted_test is used only by tests (use.o): mark it"
if [ "$rc" -eq 1 ] && grep -qF -- "$want1" <<<"$out"; then
	ok "an exported function only its own file uses is refused"
else
	not_ok "an exported function only its own file uses is refused" \
		"exit $rc, output: $(head -3 <<<"$out" | tr '\n' ' ')"
fi
if [ "$rc" -eq 1 ] && grep -qF -- "$want2" <<<"$out"; then
	ok "a function only tests use, unmarked in its header, is refused"
else
	not_ok "a function only tests use, unmarked in its header, is refused" \
		"exit $rc, output: $(head -3 <<<"$out" | tr '\n' ' ')"
fi
sed -i 's|^int words_planted_test(void);|/* For tests only. */\n&|' "$copy/src/base/words.h"
out=$("$PY" "$exports" "$copy/src" "$copy/build" "$copy/use.o" 2>/dev/null)
if grep -q words_planted_local <<<"$out" && ! grep -q words_planted_test <<<"$out"; then
	ok "a function only tests use passes once its header marks it for tests"
else
	not_ok "a function only tests use passes once its header marks it for tests" \
		"output: $(head -3 <<<"$out" | tr '\n' ' ')"
fi
finish
