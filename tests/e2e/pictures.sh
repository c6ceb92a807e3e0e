#!/usr/bin/env bash
# What a person sees in the heatmap, measured from the exports of the real
# binary $PESCOPE (tests/e2e/picture.py reads them, with its own CIELAB):
# the adjacent-row contrast in the slow region, the mean CIELAB distance
# between vertically adjacent pixels in the lower third of the interleaved
# heatmap, where a slow pair's sine is near 0 and its cosine near 1.
# Averaging the two gave a uniform 0.5 there (Delta E 1.5 to 3.3; 6 to 10
# in 256 colours, where rounding added noise); keeping them apart gives
# stripes (about 85). It must be at least MIN_CONTRAST in 24-bit colour (the
# SVG export) and in xterm's 256 colours (the ANSI export), at the
# explorer's screen sizes 80x24 to 160x50, and with d = 64.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
needs python3
MIN_CONTRAST=40
export LC_ALL=C.UTF-8
unset NO_COLOR

# The measuring tool measures: sRGB red is L*a*b* (53.24, 80.09, 67.20),
# white against black is Delta E 100, and the xterm colours are xterm's.
check "picture.py computes CIELAB and xterm's colours" "$PY" -c '
import sys
sys.path.insert(0, sys.argv[1])
import picture
L, a, b = picture.lab((255, 0, 0))
assert abs(L - 53.24) < 0.01 and abs(a - 80.09) < 0.01 and abs(b - 67.20) < 0.01
assert abs(picture.delta_e((255, 255, 255), (0, 0, 0)) - 100) < 0.01
assert picture.xterm256(196) == (255, 0, 0)
assert picture.xterm256(244) == (128, 128, 128)
' "$here"

for case in "80x24" "100x30" "120x40" "160x50" "100x30 -d 64" "120x40 -d 64"; do
	# shellcheck disable=SC2086 # the size, then pescope's arguments
	set -- $case
	size=$1
	shift
	for ext in svg ans; do
		f=$tmp/heat.$ext
		if ! "$PESCOPE" --export "$f" --size "$size" "$@" 2>"$tmp/err"; then
			not_ok "contrast at $case ($ext)" "export failed: $(head -c 300 "$tmp/err")"
			continue
		fi
		de=$("$PY" "$here/picture.py" contrast "$f" 2>"$tmp/err")
		if awk -v d="$de" -v m="$MIN_CONTRAST" 'BEGIN { exit !(d != "" && d + 0 >= m) }'; then
			ok "contrast at $case ($ext): Delta E $de"
		else
			not_ok "contrast at $case ($ext)" \
				"Delta E ${de:-?} below $MIN_CONTRAST $(head -c 300 "$tmp/err")"
		fi
	done
done
finish
