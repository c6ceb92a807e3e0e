#!/usr/bin/env bash
# Contrast on the real binary $PESCOPE: every letter and digit of every
# screen against its background, as xterm draws it (tests/tools/contrast.py:
# WCAG 2.x ratios, the xterm-256 palette, faint at 2/3 of its colour), and
# every mark (lines, dots, hands, bars, arrows, frames: tests/tools/marks.py,
# WCAG 2.1 SC 1.4.11) against what is under it.
# Prints "ok NAME" / "not ok NAME # why".
#   - every view (--list views) x {80x24, 120x40} x {24bit, 256, 16} x
#     {--theme dark on a black page, --theme light on a white one, --theme
#     any on both}: letters 4.5:1 at least (WCAG AA), marks 3:1 against the
#     page, or against the heat they are drawn over;
#   - the same in presenter mode (--present): letters 7:1 at least (AAA),
#     except with --theme any, where no colour is better than 4.58:1 (the
#     square root of 21) against both black and white, and in 16 colours,
#     where xterm's leave only blue and black 7:1 on white: 4.5:1 there;
#   - the help overlay over every view, an error message and another
#     message, a lesson's caption and the drill, every theme, 24-bit and
#     256 colours: 4.5:1 (7:1 in presenter mode, as above);
#   - --theme auto without a terminal follows COLORFGBG (a last field of 15
#     is light, 0 dark, unset any), screen for screen the same as the
#     theme it names; --export FILE.ans draws in the theme it is given.
# Faint grey hints (SGR 2 on colour 138, #5c5c5c as xterm draws it) were
# 3.14:1 on black, and the light-blue titles 2.3:1 on white. The dark
# theme, which --theme auto chose when nothing said what the page was (tmux
# 3.3a answers no OSC 11), drew its yellow curves and grey lines at 1.06:1
# on a white page.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs python3
: "${PESCOPE:?set PESCOPE to the binary under test}"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
contrast=$root/tests/tools/contrast.py
marks=$root/tests/tools/marks.py
export LC_ALL=C.UTF-8
unset COLORFGBG NO_COLOR

# shot FILE ARGS...: one screen with ANSI colours into FILE.
shot() {
	local f=$1
	shift
	"$PESCOPE" --snapshot --color always "$@" >"$f" 2>"$f.err" </dev/null
}

# floor NAME PAGES MIN FILE...: ok when every text cell of every FILE is at
# least MIN:1 on each of PAGES ("black", "white" or "black white"); else the
# contrast report of the files that fall short.
floor() {
	local name=$1 pages=$2 min=$3 out page
	shift 3
	for page in $pages; do
		if ! out=$("$PY" "$contrast" "$page" "$min" "$@"); then
			not_ok "$name" "on $page: $(grep -B1 -e '^  ' -e 'no text' <<<"$out" |
				sed "s|$tmp/||g" | head -n 12 | tr '\n' ' ')"
			return
		fi
	done
	ok "$name"
}

# seen NAME PAGES FILE...: ok when every mark of every FILE is 3:1 against
# what is under it on each of PAGES; else the marks report of the files that
# fall short.
seen() {
	local name=$1 pages=$2 out page
	shift 2
	for page in $pages; do
		if ! out=$("$PY" "$marks" "$page" "$@"); then
			not_ok "$name" "on $page: $(grep -B1 -e '^  ' <<<"$out" |
				sed "s|$tmp/||g" | head -n 12 | tr '\n' ' ')"
			return
		fi
	done
	ok "$name"
}

mapfile -t views < <("$PESCOPE" --list views)
[ "${#views[@]}" -ge 9 ] && ok "--list views gives the views" ||
	not_ok "--list views gives the views" "${views[*]}"
printf 'key ?\n' >"$tmp/help.keys"
printf 'cmd d 3\n' >"$tmp/error.keys"	# a refused value: an error message
printf 'cmd d 64\n' >"$tmp/done.keys"	# a value taken: a message

for theme in dark light any; do
	case $theme in
	dark) pages=black ;;
	light) pages=white ;;
	any) pages="black white" ;;
	esac
	for mode in plain present; do
		min=4.5 extra=()
		[ "$mode" = present ] && extra=(--present) &&
			[ "$theme" != any ] && min=7
		files=() files16=()
		for v in "${views[@]}"; do
			for size in 80x24 120x40; do
				for depth in 24bit 256 16; do
					f=$tmp/$theme-$mode-$v-$size-$depth.ans
					shot "$f" --theme "$theme" --colors "$depth" \
						--size "$size" --view "$v" "${extra[@]}"
					if [ "$depth" = 16 ]; then
						files16+=("$f")
					else
						files+=("$f")
					fi
				done
			done
		done
		floor "$theme, $mode: every view at 80x24 and 120x40, 24-bit and 256 colours, letters $min:1 or more on $pages" \
			"$pages" "$min" "${files[@]}"
		floor "$theme, $mode: every view at 80x24 and 120x40, 16 colours, letters 4.5:1 or more on $pages" \
			"$pages" 4.5 "${files16[@]}"
		seen "$theme, $mode: every view at 80x24 and 120x40, 24-bit, 256 and 16 colours, marks 3:1 or more on $pages and over heat" \
			"$pages" "${files[@]}" "${files16[@]}"
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
			"$pages" "$min" "${files[@]}"
	done
done

# --theme auto without a terminal: COLORFGBG or any.
shot "$tmp/dark.ans" --theme dark --view explore
shot "$tmp/light.ans" --theme light --view explore
shot "$tmp/any.ans" --theme any --view explore
check "the three themes draw different colours" \
	bash -c '! cmp -s "$1" "$2" && ! cmp -s "$1" "$3" && ! cmp -s "$2" "$3"' \
	_ "$tmp/dark.ans" "$tmp/light.ans" "$tmp/any.ans"
shot "$tmp/auto.ans" --view explore
check "--theme auto without COLORFGBG is any" \
	cmp -s "$tmp/auto.ans" "$tmp/any.ans"
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
   grep -q 'dark, light, any or auto' "$tmp/err"; then
	ok "--theme grey: status 64, one line naming the themes"
else
	not_ok "--theme grey: status 64, one line naming the themes" \
		"status $rc: $(cat "$tmp/err")"
fi
finish
