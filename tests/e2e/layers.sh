#!/usr/bin/env bash
# layers.sh - the layer rules of src/ (src/layers.txt), checked by
# tests/tools/layers.py: the real tree passes, and each kind of breach,
# made on purpose in a copy, is refused with its file and line.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
check=$root/tests/tools/layers.py


if out=$(python3 "$check" "$root/src" 2>&1); then
	ok "src/ keeps its layers"
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
	out=$(python3 "$check" "$copy/src" 2>/dev/null)
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
breach "an include without its folder" \
	'src/base/fmt.c:1: includes "utf8.h" without its folder' \
	base/fmt.c '#include "utf8.h"'
finish
