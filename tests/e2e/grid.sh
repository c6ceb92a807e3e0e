#!/usr/bin/env bash
# --dump-series grid2d and grid-ids against NumPy ports of the reference
# code (tests/e2e/grid_ref.py says which code: naver-ai/rope-vit for the
# axial and mixed 2-D RoPE, transformers' Qwen2-VL get_rope_index and
# apply_multimodal_rotary_pos_emb, Qwen3-VL's apply_interleaved_mrope) at
# grids unlike the defaults (non-square, one row, one column, videos of
# 2 to 4 frames, patches at the edges); the knob words in --list knobs;
# bad input with its status; and the grid view on the screen.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs py:numpy
export LC_ALL=C.UTF-8
P=${PESCOPE:-./pescope}
REF=$(dirname "${BASH_SOURCE[0]:-$0}")/grid_ref.py
# lacks PATTERN FILE: no line of FILE matches PATTERN.
lacks() { ! grep -q -- "$1" "$2"; }
lacks_p() { ! grep -qP -- "$1" "$2"; }

# VARIANT ROWS COLS FRAMES TEXT ROW COL
configs=(
	"axial 5 7 1 3 2 4"
	"axial 1 13 1 1 0 12"
	"axial 32 32 1 1 31 0"
	"mixed 6 3 1 2 5 1"
	"mixed 11 1 1 5 10 0"
	"mrope 3 4 2 2 1 3"
	"mrope 2 2 1 1 0 0"
	"mrope 9 5 3 8 4 4"
	"mrope 1 6 4 3 0 5"
	"mrope-i 4 5 3 4 3 0"
	"mrope-i 7 3 4 6 6 2"
	"mrope-i 12 10 1 2 11 9"
)
for cfg in "${configs[@]}"; do
	set -- $cfg
	for kind in grid2d grid-ids; do
		name="$kind $1 rows $2 cols $3 frames $4 text $5 patch ($6, $7)"
		tap_wanted "$name" || continue
		if ! "$P" --dump-series "$kind" --set "grid=$1" --set "rows=$2" \
			--set "cols=$3" --set "frames=$4" --set "text=$5" \
			--dim "$6" --position "$7" >"$tmp/g.csv" 2>"$tmp/err"; then
			not_ok "$name" "$(head -c 300 "$tmp/err")"
		elif msg=$("$PY" "$REF" "$tmp/g.csv" "$kind" $cfg 2>&1); then
			ok "$name"
		else
			not_ok "$name" "$msg"
		fi
	done
done

# the defaults: an 8 x 8 image under axial RoPE, the patch at column
# --position (10: the last, 7) and row --dim (0)
"$P" --dump-series grid2d >"$tmp/default.csv"
check "the default is axial RoPE on 8 x 8, the patch at (0, 7)" \
	"$PY" "$REF" "$tmp/default.csv" grid2d axial 8 8 1 3 0 7
check "... its own similarity is 1" grep -qx "0,0,7,1" "$tmp/default.csv"

"$P" --list knobs >"$tmp/knobs"
for w in grid rows cols frames text; do
	check "--list knobs names $w" grep -qx -- "$w" "$tmp/knobs"
done
"$P" --list series >"$tmp/series"
for w in grid2d grid-ids; do
	check "--list series names $w" grep -qx -- "$w" "$tmp/series"
done

run_status "an unknown variant is a usage error" 64 \
	"$P" --dump-series grid2d --set grid=spiral
check "... with one line naming the knob" grep -q "grid" "$tmp/err"
run_status "no rows is refused" 64 "$P" --dump-series grid2d --set rows=0
run_status "33 columns are refused" 64 "$P" --dump-series grid2d --set cols=33
run_status "5 frames are refused" 64 "$P" --dump-series grid-ids --set frames=5

# the ViT notes panel (the box right of the map) at small sizes: no
# sentence cut at its last row, and the one-patch numbers, its point, shown
for lang in en zh; do
	for g in axial mixed; do
		for size in 80x24 100x30; do
			"$P" --snapshot --view grid --size "$size" --lang "$lang" \
				--set "grid=$g" >"$tmp/notes.txt"
			awk -F '││' 'NF > 1 { t = $NF; sub(/│ *$/, "", t);
				sub(/ +$/, "", t); if (t != "") last = t }
				END { print last }' "$tmp/notes.txt" >"$tmp/last"
			check "$lang $g $size: the notes end a sentence" \
				grep -Eq '(\.|。)$' "$tmp/last"
			check "... and it is the one-patch numbers" \
				grep -Eq '((^|: )[0-9.]+\.|：[0-9.]+。)$' "$tmp/last"
		done
	done
done

# the view
"$P" --snapshot --view grid --size 120x40 --dim 3 --position 5 >"$tmp/vit.txt"
check "at 120x40 the map names the patch the keys chose" \
	grep -q "Similarity of patch (row 3, col 5) to every patch" "$tmp/vit.txt"
check "... the notes name the reference code" \
	grep -q "compute_axial_cis" "$tmp/vit.txt"
"$P" --snapshot --view grid --size 80x24 --set grid=mrope --set frames=2 \
	>"$tmp/mrope.txt"
check "at 80x24 M-RoPE shows the ids of text · video · text" \
	grep -q "Position ids (t, h, w) of text · video · text" "$tmp/mrope.txt"
check "... Qwen2-VL's [16, 24, 24] of 64 pairs" grep -q \
	">Qwen2-VL tttttttttttttttthhhhhhhhhhhhhhhhhhhhhhhhwwwwwwwwwwwwwwwwwwwwwwww" \
	"$tmp/mrope.txt"
check "... Qwen3-VL's interleaved [24, 20, 20] beside it" grep -q \
	" Qwen3-VL thwthwthwthwthwthwthwthwthwthwthwthwthwthwthwthwthwthwthwthwtttt" \
	"$tmp/mrope.txt"
check "... and a map of each frame" grep -q "frame 1 (t = 4)" "$tmp/mrope.txt"

# what to see (the reviews of the screenshots): each M-RoPE caption names
# its row and split and says what the maps show; the ViT title at 80x24
# says row and col; RoPE-Mixed says its θ is not axial's (rope-vit:
# rope_theta 10.0 mixed, 100.0 axial)
check "... the caption names Qwen2-VL's split and says h, w get slow pairs" \
	grep -q "Qwen2-VL \[16, 24, 24\]: h, w only slow pairs: a frame's patches look alike" \
	"$tmp/mrope.txt"
check "... the pairs' fast end and slow end are marked" \
	grep -q "pair 0: fast  *slow: pair 63" "$tmp/mrope.txt"
"$P" --snapshot --view grid --size 80x24 --set grid=mrope-i >"$tmp/mropei.txt"
check "with Qwen3-VL chosen the caption names its own split, fast pairs too" \
	grep -q "Qwen3-VL \[24, 20, 20\] interleaved: h, w get fast pairs too: patches differ" \
	"$tmp/mropei.txt"
check "... an image's maps say they are its patches" \
	grep -q "the image's patches (t = 3)" "$tmp/mropei.txt"
check "... and beside each layout's map, why it looks as it does" \
	grep -q "h turns pairs 1, 4, … 58 and w pairs 2, 5, … 59, fast ones" \
	"$tmp/mropei.txt"
check "... Qwen2-VL's too" grep -q "h and w turn only the slow pairs 16–63" \
	"$tmp/mropei.txt"
check "... on one scale, as the legend says" \
	grep -q "one scale for all maps" "$tmp/mropei.txt"
"$P" --snapshot --view grid --size 80x24 --set grid=mixed --dim 4 \
	--position 3 >"$tmp/mixed.txt"
check "at 80x24 the ViT title names row and col" \
	grep -q "Similarity to (row 4, col 3) ─" "$tmp/mixed.txt"
check "... RoPE-Mixed says its θ differs from axial's" \
	grep -q "(axial: 100)" "$tmp/mixed.txt"
check "... the pairs' directions have no letter of their own (a)" \
	lacks " a = \| a + 90" "$tmp/mixed.txt"
check "... the bars' fast end and slow end are named" \
	grep -q "pairs  angle  fast  *slow" "$tmp/mixed.txt"

# the marked patch is the one the status line names, or the title says
# why: the default pos 10 lies past the 8 columns
"$P" --snapshot --view grid --size 200x40 >"$tmp/clamped.txt"
check "pos 10 on 8 columns: the title says the patch is the last column" \
	grep -q "(row 0, col 7) to every patch; pos 10 is past the grid's 8 columns, so this is the last column" \
	"$tmp/clamped.txt"
"$P" --snapshot --view grid --size 120x40 >"$tmp/clamped.txt"
check "... at 120x40 in brief" \
	grep -q "Similarity to (row 0, col 7); pos 10 is past the 8 columns ─" \
	"$tmp/clamped.txt"
"$P" --snapshot --view grid --size 80x24 >"$tmp/clamped80.txt"
check "... at 80x24 too, in brief" \
	grep -q "Similarity to (row 0, col 7), last column ─" "$tmp/clamped80.txt"
"$P" --snapshot --view grid --size 200x40 --dim 9 --pos 3 >"$tmp/clamped.txt"
check "dim 9 on 8 rows: the patch is the last row" \
	grep -q "(row 7, col 3) to every patch; dim 9 is past the grid's 8 rows, so this is the last row ─" \
	"$tmp/clamped.txt"
"$P" --snapshot --view grid --size 80x24 --dim 9 --pos 3 >"$tmp/clamped80.txt"
check "... at 80x24 in brief" \
	grep -q "Similarity to (row 7, col 3), last row ─" "$tmp/clamped80.txt"
"$P" --snapshot --view grid --size 200x40 --set rows=6 --dim 9 >"$tmp/clamped.txt"
check "pos 10 and dim 9 on 6 x 8: the patch is the grid's last" \
	grep -q "(row 5, col 7) to every patch; pos 10 and dim 9 are past the 6×8 grid, so this is its last patch ─" \
	"$tmp/clamped.txt"
"$P" --snapshot --view grid --size 80x24 --set grid=mrope --dim 9 >"$tmp/clamped80.txt"
check "... M-RoPE's title at 80x24 says both" \
	grep -q "Similarity to (row 7, col 7) of frame 0; pos 10 and dim 9 are past the grid ─" \
	"$tmp/clamped80.txt"
"$P" --snapshot --view grid --size 80x24 --lang zh --dim 9 >"$tmp/clamped80.txt"
check "... and in Chinese at 80x24, past both, the shortest wording fits" \
	grep -q "┌ 与（第 7 行，第 7 列）的相似度，最后一块 ─" "$tmp/clamped80.txt"
check "... and not when the patch is the one named" \
	lacks "past the\|last column\|last row\|last patch" "$tmp/vit.txt"

# the status line gives the grid's parameters, not the explorer's d_model,
# base and len; θ and the head's dims as the sources give them (rope-vit's
# compute_axial_cis theta 100, init_random_2d_freqs theta 10, head dim 64;
# Qwen2-VL's config rope_theta 1000000, head dim 128)
"$P" --snapshot --view grid --size 120x40 --set grid=mrope >"$tmp/head.txt"
check "M-RoPE's status line: its grid, θ 1e6 and d_h 128" \
	grep -q "^ pescope  grid=mrope frames=1 rows=8 cols=8 text=3 θ=1e6 d_h=128 pos=10 dim=0 " \
	"$tmp/head.txt"
check "... and not the explorer's d_model, base, len or layout" \
	lacks "d_model=\|base=\|len=\|interleaved" "$tmp/head.txt"
check "... the strip's title says θ 1e6 and 128 dims" \
	grep -q "and the pairs each axis turns: θ 1e6, 128 dims ─" "$tmp/head.txt"
"$P" --snapshot --view grid --size 80x24 --set grid=mrope-i >"$tmp/head80.txt"
check "... at 80x24 its shorter title does too" \
	grep -q "┌ Position ids (t, h, w) of text · image · text: θ 1e6, 128 dims ─" \
	"$tmp/head80.txt"
"$P" --snapshot --view grid --size 60x24 --set grid=mrope >"$tmp/head60.txt"
check "... and at 60x24 its brief one" \
	grep -q "┌ Position ids and pairs: θ 1e6, 128 dims ─" "$tmp/head60.txt"
check "... and its status line fits whole" \
	grep -q "^ grid=mrope-i frames=1 rows=8 cols=8 text=3 θ=1e6 d_h=128 pos=10 dim=0 " \
	"$tmp/head80.txt"
"$P" --snapshot --view grid --size 120x40 --set grid=mixed >"$tmp/head.txt"
check "RoPE-Mixed's status line: θ 10, d_h 64, no frames or text" \
	grep -q "^ pescope  grid=mixed rows=8 cols=8 θ=10 d_h=64 pos=10 dim=0 " \
	"$tmp/head.txt"
# the key hints name only keys that change the screen: frames (v/V) and
# text (u/U) only under M-RoPE
check "... its key hints leave out v/V frames and u/U text" \
	lacks "v/V\|u/U" "$tmp/head.txt"
"$P" --snapshot --view grid --size 120x40 --set grid=mrope >"$tmp/head.txt"
check "M-RoPE's key hints keep v/V frames and u/U text" \
	grep -q "v/V frames -/+1   u/U text -/+1   Tab" "$tmp/head.txt"

# no cell of a map holds the edge of two patches where a patch is more
# than one pixel: xterm draws such a half block with a thin line of its
# lower colour along its top (seams inside the patches, 120x40 M-RoPE)
for g in mrope axial; do
	"$P" --snapshot --color always --view grid --size 120x40 --set "grid=$g" \
		>"$tmp/seams.txt"
	check "$g at 120x40: every half block of its maps is one colour" \
		lacks_p '38;5;(\d+);48;5;(?!\1m)\d+m▀' "$tmp/seams.txt"
	check "... and there are half blocks to look at" \
		grep -q '▀' "$tmp/seams.txt"
done

# every number the screen prints about the maps and the pairs against the
# NumPy ports (grid_ref.py screen): the legend's least, middle and most,
# each M-RoPE map's least and most, the ViT pairs' degrees and speed bars,
# and the ViT maps' dots along the pairs' directions (grid_ref.py dots),
# at both sizes, at settings unlike the defaults
for cfg in "axial 5 7 1 3 2 4" "mixed 6 3 1 2 5 1" "mixed 12 12 1 2 6 6" \
	"mrope 3 4 2 2 1 3" "mrope 2 2 1 1 0 0" "mrope-i 4 5 3 4 3 0" \
	"mrope-i 7 3 4 6 6 2"; do
	set -- $cfg
	for size in 80x24 120x40; do
		name="the numbers on the screen, $size, $cfg"
		tap_wanted "$name" || continue
		"$P" --snapshot --view grid --size "$size" --set "grid=$1" \
			--set "rows=$2" --set "cols=$3" --set "frames=$4" \
			--set "text=$5" --dim "$6" --position "$7" >"$tmp/s.txt"
		if msg=$("$PY" "$REF" "$tmp/s.txt" screen $cfg 2>&1); then
			ok "$name"
		else
			not_ok "$name" "$msg"
		fi
		case $1 in mrope*) continue ;; esac
		# the dots along the pairs' directions, on the colour screen
		name="the dots on the lines of the pairs, $size, $cfg"
		"$P" --snapshot --color always --view grid --size "$size" \
			--set "grid=$1" --set "rows=$2" --set "cols=$3" \
			--dim "$6" --position "$7" >"$tmp/s.txt"
		if msg=$("$PY" "$REF" "$tmp/s.txt" dots $cfg 2>&1) &&
			[ "${msg%% *}" -gt 0 ]; then
			ok "$name"
		else
			not_ok "$name" "$msg"
		fi
	done
done
finish
