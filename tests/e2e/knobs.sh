#!/usr/bin/env bash
# knobs.sh - --set WORD=VALUE, the views' knobs from the command line
# (src/app/knob_args.h), on the real binary $PESCOPE.
#   - every knob of `--list knobs` (the catalog's words, so a new view's
#     knobs are covered), at its lowest, highest and a middle value (the
#     range read from the message --set prints for a value that is none),
#     in every view of `--list views`: `--set W=V` draws the same screen,
#     colours included, as the ':' command "W V" in a --keys script, with
#     --keys --snapshot and with --snapshot alone; and each knob changes
#     the screen of at least one view, so neither side is a no-op;
#   - --set works with --export (the file differs from the one without);
#   - bad words and values: status 64, nothing on stdout, exactly the one
#     line naming the word and its range.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
export LC_ALL=C.UTF-8
: "${PESCOPE:?set PESCOPE to the binary under test}"
size=(--size 100x30 --color always)

# range WORD: the message of a --set value that is no number and no name,
# which states the knob's range in the words of the ':' line.
range() {
	"$PESCOPE" --set "$1=?" --snapshot 2>&1 >/dev/null
}

# values WORD: the lowest, a middle and the highest value of the knob,
# read from its range message.
values() {
	local m
	m=$(range "$1")
	"$PY" - "$m" <<'PYEOF'
import re, sys
m = sys.argv[1]
r = re.search(r"must be an integer from (-?\d+) to (-?\d+)", m)
if r:
    lo, hi = int(r[1]), int(r[2])
    print(lo, (lo + hi) // 2 if hi - lo < 1000 else lo + 7, hi)
    sys.exit()
r = re.search(r"must be a number from (\S+) to (\S+),", m)
if r:
    lo, hi = float(r[1]), float(r[2])
    print(r[1], "%g" % ((lo + hi) / 2), r[2])
    sys.exit()
r = re.search(r"must be 1 to (\d+) or a name such as (\S+),", m)
if r:
    n = int(r[1])
    print(r[2], (n + 1) // 2, n)
    sys.exit()
print("no range in: " + m, file=sys.stderr)
sys.exit(1)
PYEOF
}

# given[WORD]: the knob=value a knob acts under, set first on every side:
# the grid view's video frames and text tokens are positions of M-RoPE's
# sequence, which the axial and RoPE-Mixed grids it starts on have not.
declare -A given=([frames]=grid=mrope [text]=grid=mrope)

mapfile -t views < <("$PESCOPE" --list views)
mapfile -t knobs < <("$PESCOPE" --list knobs)
check "the catalog lists views and knobs" \
	test "${#views[@]}" -ge 1 -a "${#knobs[@]}" -ge 1

for w in "${knobs[@]}"; do
	if ! vals=$(values "$w"); then
		not_ok "--set $w: a range in the message" "$(range "$w")"
		continue
	fi
	bad="" moved=0 pre=() first=""
	if [ -n "${given[$w]:-}" ]; then
		pre=(--set "${given[$w]}")
		first="cmd ${given[$w]/=/ }"$'\n'
	fi
	for view in "${views[@]}"; do
		"$PESCOPE" --view "$view" "${size[@]}" "${pre[@]}" --snapshot \
			>"$tmp/plain" 2>&1
		for v in $vals; do
			printf '%scmd %s %s\n' "$first" "$w" "$v" >"$tmp/script"
			"$PESCOPE" --view "$view" "${size[@]}" --keys "$tmp/script" \
				--snapshot >"$tmp/typed" 2>&1
			"$PESCOPE" --view "$view" "${size[@]}" "${pre[@]}" --set "$w=$v" \
				--keys /dev/null --snapshot >"$tmp/set" 2>&1
			"$PESCOPE" --view "$view" "${size[@]}" "${pre[@]}" --set "$w=$v" \
				--snapshot >"$tmp/snap" 2>&1
			if ! cmp -s "$tmp/typed" "$tmp/set"; then
				bad+=" $view:$v(--keys)"
			fi
			# --keys --snapshot adds the status line to the screen
			if ! cmp -s <(head -n 30 "$tmp/set") "$tmp/snap"; then
				bad+=" $view:$v(--snapshot)"
			fi
			cmp -s "$tmp/snap" "$tmp/plain" || moved=1
		done
	done
	if [ -n "$bad" ]; then
		not_ok "--set $w=V draws what :$w V draws ($vals)" "differs in$bad"
	else
		ok "--set $w=V draws what :$w V draws ($vals)"
	fi
	check "--set $w changes the screen of some view" test "$moved" = 1
done

# ---- with --export ----
"$PESCOPE" --view clocks --export "$tmp/a.svg" &&
"$PESCOPE" --view clocks --set offset=9 --export "$tmp/b.svg"
check "--set works with --export" test -s "$tmp/b.svg" -a -s "$tmp/a.svg"
if cmp -s "$tmp/a.svg" "$tmp/b.svg"; then
	not_ok "--set changes what --export writes"
else
	ok "--set changes what --export writes"
fi

# ---- refused ----

# refused ARGS... -- LINE: status 64, empty stdout, stderr exactly LINE.
refused() {
	local args=() rc
	while [ "$1" != -- ]; do args+=("$1"); shift; done
	"$PESCOPE" "${args[@]}" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	if [ "$rc" -ne 64 ]; then
		not_ok "refused: ${args[*]}" "status $rc"
	elif [ -s "$tmp/out" ]; then
		not_ok "refused: ${args[*]}" "stdout not empty"
	elif [ "$(cat "$tmp/err")" != "$2" ]; then
		not_ok "refused: ${args[*]}" "said: $(cat "$tmp/err")"
	else
		ok "refused: ${args[*]}"
	fi
}
refused --set nope=3 --snapshot -- \
	'pescope: --set must be WORD=VALUE with a knob'"'"'s word from --list knobs, got "nope=3"'
refused --set offset --snapshot -- \
	'pescope: --set must be WORD=VALUE with a knob'"'"'s word from --list knobs, got "offset"'
refused --set =3 --snapshot -- \
	'pescope: --set must be WORD=VALUE with a knob'"'"'s word from --list knobs, got "=3"'
refused --set offset=0 --snapshot -- \
	'pescope: --set offset=0: offset must be an integer from 1 to 1000000000, got "0" (out of range)'
refused --set threshold=2 --snapshot -- \
	'pescope: --set threshold=2: threshold must be a number from 0.05 to 0.95, got "2" (out of range)'
refused --set bug=xx --view bugs --snapshot -- \
	'pescope: --set bug=xx: bug must be 1 to 12 or a name such as numpy, got "xx"'
refused --set "offset=1 2" --snapshot -- \
	'pescope: --set offset=1 2: offset takes one value'
# a range that follows d_model is read at the d_model given, before or after
refused --set split=40 -d 64 --snapshot -- \
	'pescope: --set split=40: split must be an integer from 1 to 31, got "40" (out of range)'
refused -d 64 --set split=40 --snapshot -- \
	'pescope: --set split=40: split must be an integer from 1 to 31, got "40" (out of range)'
check "--set split=40 is taken at d_model 128" \
	sh -c '"$0" --set split=40 --snapshot >/dev/null' "$PESCOPE"
refused --lesson 1 --set offset=5 --snapshot -- \
	'pescope: --set only works without --lesson: each step of a lesson sets its own knobs'
refused --set offset=5 --dump csv -- \
	'pescope: --set "offset=5" only works with the explorer, --dump-series, --snapshot, --keys, --export or --bench'
finish
