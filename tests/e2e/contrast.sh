#!/usr/bin/env bash
# Contrast on the real binary $PESCOPE: every letter and digit of every
# screen against its background, as xterm draws it (tests/tools/contrast.py:
# WCAG 2.x ratios, the xterm-256 palette, faint at 2/3 of its colour).
# Prints "ok NAME" / "not ok NAME # why".
#   - every view (--list views) x {80x24, 120x40} x {24bit, 256} x
#     {--theme dark on a black page, --theme light on a white one}: 4.5:1
#     at least (WCAG AA);
#   - the same in presenter mode (--present): 7:1 at least (AAA);
#   - the help overlay over every view, an error message and another
#     message, a lesson's caption and the drill, both themes and depths:
#     4.5:1 (7:1 in presenter mode);
#   - --theme auto without a terminal follows COLORFGBG (a last field of 15
#     is light, 0 dark, unset dark), screen for screen the same as the
#     theme it names; --export FILE.ans draws in the theme it is given.
# Faint grey hints (SGR 2 on colour 138, #5c5c5c as xterm draws it) were
# 3.14:1 on black, and the light-blue titles 2.3:1 on white.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs python3
: "${PESCOPE:?set PESCOPE to the binary under test}"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
contrast=$root/tests/tools/contrast.py
export LC_ALL=C.UTF-8
unset COLORFGBG NO_COLOR

# shot FILE ARGS...: one screen with ANSI colours into FILE.
shot() {
	local f=$1
	shift
	"$PESCOPE" --snapshot --color always "$@" >"$f" 2>"$f.err" </dev/null
}

# floor NAME PAGE MIN FILE...: ok when every text cell of every FILE is at
# least MIN:1; else the contrast report of the files that fall short.
floor() {
	local name=$1 page=$2 min=$3 out
	shift 3
	if out=$("$PY" "$contrast" "$page" "$min" "$@"); then
		ok "$name"
	else
		not_ok "$name" "$(grep -B1 -e '^  ' -e 'no text' <<<"$out" |
			sed "s|$tmp/||g" | head -n 12 | tr '\n' ' ')"
	fi
}

mapfile -t views < <("$PESCOPE" --list views)
[ "${#views[@]}" -ge 9 ] && ok "--list views gives the views" ||
	not_ok "--list views gives the views" "${views[*]}"
printf 'key ?\n' >"$tmp/help.keys"
printf 'cmd d 3\n' >"$tmp/error.keys"	# a refused value: an error message
printf 'cmd d 64\n' >"$tmp/done.keys"	# a value taken: a message

for theme in dark light; do
	page=black
	[ "$theme" = light ] && page=white
	for mode in plain present; do
		min=4.5 extra=()
		[ "$mode" = present ] && min=7 extra=(--present)
		files=()
		for v in "${views[@]}"; do
			for size in 80x24 120x40; do
				for depth in 24bit 256; do
					f=$tmp/$theme-$mode-$v-$size-$depth.ans
					shot "$f" --theme "$theme" --colors "$depth" \
						--size "$size" --view "$v" "${extra[@]}"
					files+=("$f")
				done
			done
		done
		floor "$theme, $mode: every view at 80x24 and 120x40, 24-bit and 256 colours, $min:1 or more" \
			"$page" "$min" "${files[@]}"
		files=()
		for depth in 24bit 256; do
			for v in "${views[@]}"; do
				f=$tmp/help-$theme-$mode-$v-$depth.ans
				"$PESCOPE" --keys "$tmp/help.keys" --snapshot \
					--color always --theme "$theme" \
					--colors "$depth" --size 120x40 --view "$v" \
					"${extra[@]}" >"$f" 2>/dev/null </dev/null
				files+=("$f")
			done
			for k in error done; do
				f=$tmp/$k-$theme-$mode-$depth.ans
				"$PESCOPE" --keys "$tmp/$k.keys" --snapshot \
					--color always --theme "$theme" \
					--colors "$depth" --size 80x24 \
					"${extra[@]}" >"$f" 2>/dev/null </dev/null
				files+=("$f")
			done
			f=$tmp/lesson-$theme-$mode-$depth.ans
			shot "$f" --theme "$theme" --colors "$depth" --size 80x24 \
				--lesson 1 "${extra[@]}"
			files+=("$f")
			f=$tmp/drill-$theme-$mode-$depth.ans
			shot "$f" --theme "$theme" --colors "$depth" --size 80x24 \
				--drill --seed 1 "${extra[@]}"
			files+=("$f")
		done
		floor "$theme, $mode: the help over every view, messages, a lesson and the drill, $min:1 or more" \
			"$page" "$min" "${files[@]}"
	done
done

# --theme auto without a terminal: COLORFGBG or dark.
shot "$tmp/dark.ans" --theme dark --view explore
shot "$tmp/light.ans" --theme light --view explore
check "the two themes draw different colours" \
	bash -c '! cmp -s "$1" "$2"' _ "$tmp/dark.ans" "$tmp/light.ans"
shot "$tmp/auto.ans" --view explore
check "--theme auto without COLORFGBG is dark" \
	cmp -s "$tmp/auto.ans" "$tmp/dark.ans"
COLORFGBG='0;15' shot "$tmp/auto.ans" --view explore
check "--theme auto with COLORFGBG=0;15 is light" \
	cmp -s "$tmp/auto.ans" "$tmp/light.ans"
COLORFGBG='15;default;0' shot "$tmp/auto.ans" --view explore
check "--theme auto with COLORFGBG=15;default;0 is dark" \
	cmp -s "$tmp/auto.ans" "$tmp/dark.ans"
COLORFGBG='0;15' shot "$tmp/auto.ans" --theme dark --view explore
check "--theme dark wins over COLORFGBG" \
	cmp -s "$tmp/auto.ans" "$tmp/dark.ans"

# --export FILE.ans draws in the theme too: the snapshot's 256 colours.
"$PESCOPE" --export "$tmp/light-export.ans" --theme light --size 80x24 \
	</dev/null 2>"$tmp/err"
shot "$tmp/light-256.ans" --theme light --colors 256 --size 80x24
check "--export FILE.ans --theme light is the light snapshot" \
	cmp -s "$tmp/light-export.ans" "$tmp/light-256.ans"

"$PESCOPE" --theme grey --snapshot >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
if [ "$rc" -eq 64 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
   grep -q 'dark, light or auto' "$tmp/err"; then
	ok "--theme grey: status 64, one line naming the themes"
else
	not_ok "--theme grey: status 64, one line naming the themes" \
		"status $rc: $(cat "$tmp/err")"
fi
finish
