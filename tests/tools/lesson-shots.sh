#!/usr/bin/env bash
# lesson-shots.sh: photographs for the glance test of issue 19 (a tool, not
# part of make test). In a real xterm, 24-bit colour, it takes
#   - every step of every lesson, English and Chinese, at 80x24 on a dark
#     terminal: pescope --lesson N is started and n is typed k-1 times to
#     reach step k, as a teacher would (LANG/en-NN-SS.png);
#   - every view on a dark and on a light terminal
#     (view-NAME-SIZE-dark.png, view-NAME-SIZE-light.png).
#
#   tests/tools/lesson-shots.sh [OUTDIR] [lessons|views|all] [en|zh|both]
#
# OUTDIR defaults to ../lessons-shots (outside the tree). PESCOPE names the
# binary (default ./pescope); SHOT the term-shot tool (default
# ../shared/tools/term-shot). SIZE changes the size (default 80x24), WAIT
# the seconds term-shot waits before typing (default 2.5).
# Open the pictures with an image viewer and ask what each one shows.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$here/../lessons-shots}
what=${2:-all}
langs=${3:-both}
pescope=${PESCOPE:-$here/pescope}
shot=${SHOT:-$here/../shared/tools/term-shot}
size=${SIZE:-80x24}
wait=${WAIT:-2.5}
export COLORTERM=truecolor
[ -x "$pescope" ] || { echo "lesson-shots: no $pescope (make first)" >&2; exit 2; }
[ -x "$shot" ] || { echo "lesson-shots: no $shot" >&2; exit 2; }
mkdir -p "$out"
case $langs in both) langs="en zh" ;; esac

# steps FILE: the number of steps (lines starting with "== ") in a lesson.
steps() { grep -c '^== ' "$1"; }

if [ "$what" = lessons ] || [ "$what" = all ]; then
	for lang in $langs; do
		mkdir -p "$out/$lang"
		for f in "$here"/assets/lessons/"$lang"/[0-9][0-9]-*.txt; do
			n=$(basename "$f" | cut -c1-2)
			k=1 total=$(steps "$f")
			while [ "$k" -le "$total" ]; do
				keys=()
				if [ "$k" -gt 1 ]; then
					typed=$(printf 'n %.0s' $(seq 2 "$k"))
					keys=(-k "$typed")
				fi
				png=$out/$lang/$lang-$n-$(printf %02d "$k").png
				"$shot" "$png" "$size" -w "$wait" "${keys[@]}" -- \
					"$pescope" --lesson "$((10#$n))" --lang "$lang" \
					--theme dark >/dev/null ||
					echo "lesson-shots: $png failed" >&2
				k=$((k + 1))
			done
		done
	done
fi

if [ "$what" = views ] || [ "$what" = all ]; then
	for v in $("$pescope" --list views); do
		for theme in dark light; do
			light=()
			[ "$theme" = light ] && light=(-l)
			"$shot" "$out/view-$v-$size-$theme.png" "$size" -w "$wait" "${light[@]}" \
				-- "$pescope" --view "$v" --theme "$theme" >/dev/null ||
				echo "lesson-shots: view $v ($theme) failed" >&2
		done
	done
fi
echo "pictures in $out"
