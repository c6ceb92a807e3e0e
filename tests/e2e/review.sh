#!/usr/bin/env bash
# The second outside review's findings in the lessons' words (issue 38),
# as a reader sees them at 80x24 in English and Chinese: each claim the
# review found wrong is gone and its truthful form is on the screen. The
# numbers behind the words are tested where they are drawn (test_lesson8.c,
# test_view_context.c, men_bound.sh, alibi.sh); this script holds the
# sentences.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
export LC_ALL=C.UTF-8

# words LANG LESSON STEP: the screen of that step at 80x24 into $tmp/w,
# flattened: box borders and line ends dropped, runs of blanks one blank;
# in Chinese, which wraps between any two characters, no blanks at all.
# Fails when the step does not open.
words() {
	"$PESCOPE" --lang "$1" --lesson "$2" --step "$3" --size 80x24 --snapshot \
		>"$tmp/w.raw" 2>&1 || return 1
	sed 's/[│┌┐└┘─]/ /g' "$tmp/w.raw" | tr '\n' ' ' | tr -s ' ' |
		if [ "$1" = zh ]; then tr -d ' '; else cat; fi >"$tmp/w"
}

# says LANG LESSON STEP NAME TEXT: the screen holds TEXT (blanks dropped in
# Chinese, as words does).
says() {
	local t=$5
	[ "$1" = zh ] && t=${t// /}
	if ! words "$1" "$2" "$3"; then not_ok "$1 $2 step $3: $4" "$(head -n 2 "$tmp/w.raw")"
	elif grep -qF -- "$t" "$tmp/w"; then ok "$1 $2 step $3: $4"
	else not_ok "$1 $2 step $3: $4" "no \"$t\" in: $(cat "$tmp/w")"; fi
}

# not_says LANG LESSON STEP NAME TEXT: it does not.
not_says() {
	local t=$5
	[ "$1" = zh ] && t=${t// /}
	if ! words "$1" "$2" "$3"; then not_ok "$1 $2 step $3: $4" "$(head -n 2 "$tmp/w.raw")"
	elif ! grep -qF -- "$t" "$tmp/w"; then ok "$1 $2 step $3: $4"
	else not_ok "$1 $2 step $3: $4" "still \"$t\""; fi
}

# Lesson 7, step 3: with one content x·x is a constant, so it too depends
# on p - q alone (trivially), not p·p only.
says en attention 3 "x·x is one number with one content" "so x·x is one number, and p·p depends on p − q alone"
not_says en attention 3 "not 'only p·p'" "Only p·p depends"
says zh attention 3 "x·x is one number with one content" "所以 x·x 处处是同一个数；p·p 只取决于 p − q"
not_says zh attention 3 "not 'only p·p'" "只有 p·p 只取决于"
# step 5: RoPE's score is a function of q - p whatever the weights only
# when the content is the same at every position.
says en attention 5 "whatever the weights, with one content" "with the same word at every position, as here, the score is a function of q − p whatever the weights are (x switches W)"
says zh attention 5 "whatever the weights, with one content" "当每个位置上是同一个词（如这里），无论权重是什么（按 x 切换 W）"
# step 6: ALiBi as published is causal, -m·(p - q); |p - q| is the
# bidirectional variant the panel draws; 2^(-8h/H) for H a power of two.
says en attention 6 "ALiBi as published is causal" "as published (causal) it adds −m·(p − q) to the score of query p and key q ≤ p"
says en attention 6 "the matrix draws the bidirectional variant" "draws the bidirectional variant, −m·|p − q|"
says en attention 6 "2^(-8h/H) only for H a power of two" "2^(−8h/H) for head h of H when H is a power of two"
says zh attention 6 "ALiBi as published is causal" "论文里的 ALiBi 是因果的，给查询 p 与键 q ≤ p 的得分加上 −m·(p − q)"
says zh attention 6 "the matrix draws the bidirectional variant" "双向的变体 −m·|p − q|"
says zh attention 6 "2^(-8h/H) only for H a power of two" "H 是 2 的幂时，第 h 个头为 2^(−8h/H)"

# M1: the score panel's spreads are relative to the largest |score| of
# their matrix and say so, beside numbers in raw score units (lesson 7,
# step 3, at 80x24 and 100x30 through words: its 80x24 screen).
says en attention 3 "the spreads say they are of max|s|" "spread 0.034 of max|s|"
says en attention 3 "p·p's spread says it too" "p·p: 1.1e-15 of max|s|"
says zh attention 3 "the spreads say they are of max|s|" "离散 0.034·最大|s|"
says zh attention 3 "p·p's spread says it too" "p·p：1.1e-15·最大|s|"

# Lesson 8, step 7 (E1, M3) is held by test_lesson8.c with its numbers.
# Lesson 6, step 6: NTK-aware "needs no fine-tuning" was stronger than
# the truth (M5); the stretch scale's ×5 is dynamic NTK at len = 2·L0 (M4);
# step 7 the same for ×9 at s = 8.
not_says en context 6 "not 'needs no fine-tuning'" "because it needs no fine-tuning"
says en context 6 "works fairly well without fine-tuning, better tuned" "It works fairly well untuned, better tuned"
says en context 6 "the scale's ×5 is dynamic NTK's" "The scale's ×5 is dynamic NTK at len = 2·L0: s·2 − (s − 1) = 5"
says en context 6 "the panel's scale is ×5" "×1 to ×5"
not_says zh context 6 "not 'needs no fine-tuning'" "不用微调就能用"
says zh context 6 "works fairly well without fine-tuning, better tuned" "不微调也相当好用，微调后更好"
says zh context 6 "the scale's ×5 is dynamic NTK's" "刻度到 ×5 是动态 NTK 的"
says en context 7 "the scale's ×9 is dynamic NTK's" "the scale runs to ×9: dynamic NTK at len = 2·L0"
says en context 7 "the panel's scale is ×9" "×1 to ×9"
says zh context 7 "the scale's ×9 is dynamic NTK's" "刻度到 ×9：这是 len = 2·L0 时的动态 NTK"
# Lesson 1, step 6: separate directions are possible, not guaranteed (M6).
says en positions 6 "directions: possible, not forced" "may learn to keep words and positions in different directions of one space (nothing forces it)"
says zh positions 6 "directions: possible, not forced" "模型可以学会在同一空间的不同方向上分别读出词义和位置，但没有什么强迫它这样做"
# Lessons 1.3, 2.2, 4.2: a one-glyph cell shows the mean of a sine row and
# its cosine row (I1), said where the caption reads the rows apart.
says en positions 3 "one glyph a cell: the mean" "(One character a cell, --ascii or no colour: a sine and its cosine's mean.)"
says zh positions 3 "one glyph a cell: the mean" "一格只有一个字符时，如 --ascii 或没有颜色，它显示的是正弦行和余弦行的均值"
says en formula 2 "one glyph a cell: the mean" "(one character a cell: one mean shade)"
says zh formula 2 "one glyph a cell: the mean" "一格只有一个字符时（--ascii、没有颜色），它显示两者的均值"
says en frequencies 2 "one glyph a cell: the mean" "(One character a cell: sine and cosine averaged too.)"
says zh frequencies 2 "one glyph a cell: the mean" "一格只有一个字符时，正弦和余弦也被平均"
# In ASCII a heat cell is one character, the mean of its sine half and its
# cosine half: the heatmap's own words say that, not "top half sin" (I1).
"$PESCOPE" --ascii --lesson formula --step 2 --size 80x24 --snapshot >"$tmp/a.txt" 2>&1
check "--ascii heatmap: each cell is the mean of sin and cos" grep -q "each cell: the mean of sin and cos" "$tmp/a.txt"
check "--ascii heatmap: no 'top half sin'" bash -c "! grep -q 'top half sin\|sin above, cos below' '$tmp/a.txt'"

# Lesson 4, step 1: k = 6 turns pair 0 by 6 rad, 16° short of a turn:
# cos 6 = 0.96 is no identity (the slip).
python_deg=$("$PY" -c 'import math; print(round(math.degrees(2*math.pi-6)), round(math.cos(6),2), round(math.sin(6),2))')
check "2π − 6 rad is 16°, cos 6 = 0.96, sin 6 = −0.28 (Python)" [ "$python_deg" = "16 0.96 -0.28" ]
says en frequencies 1 "M_6 is a 16° turn, not the identity" "M_6 is a −16° turn (cos 6 = 0.96, sin 6 = −0.28), not the identity"
says zh frequencies 1 "M_6 is a 16° turn, not the identity" "它的 M_k 是转 −16°（cos 6 = 0.96，sin 6 = −0.28），不是单位矩阵"
not_says en frequencies 1 "not 'almost the identity'" "almost the identity"

# E2: static NTK, base·s^(d/(d−2)), is bloc97's; transformers'
# modeling_rope_utils has no such kind (default, linear, dynamic, yarn,
# longrope, llama3). --help, the man page and the context view say so.
# (--help wraps its lines: read flat, blanks dropped)
"$PESCOPE" --help 2>&1 | tr -d ' \n' >"$tmp/help.txt"
check "--help: ntk is bloc97's formula" grep -q "bloc97'sformula;transformershasnostaticNTK" "$tmp/help.txt"
"$PESCOPE" --lang zh --help 2>&1 | tr -d ' \n' >"$tmp/help-zh.txt"
check "--help (zh): ntk is bloc97's formula" grep -q "NTK用bloc97的公式" "$tmp/help-zh.txt"
man_dir=$(dirname "${BASH_SOURCE[0]:-$0}")/../../assets
check "man page: ntk is bloc97's, not in transformers" grep -q "which transformers does not have" "$man_dir/pescope.1"
for l in en zh; do
	"$PESCOPE" --lang $l --view context --size 120x40 --snapshot >"$tmp/ctx.txt" 2>&1
	check "$l context view 120x40: no 'as Hugging Face computes them'" \
		bash -c "! grep -q 'Formulas (as Hugging Face computes them)\|公式（按 HF 代码的算法）' '$tmp/ctx.txt'"
	check "$l context view 120x40: the NTK formula is bloc97's" grep -q "base·s^(d/(d−2)) (bloc97)" "$tmp/ctx.txt"
	check "$l context view 120x40: its title says so" grep -q "bloc97" <(head -n 40 "$tmp/ctx.txt" | grep -i "formul\|公式")
done

# M2: Men et al.'s smallest base is the first, not a threshold (the man
# page gives the numbers; men_bound.sh checks them against NumPy).
check "man page: the smallest base is not a threshold" grep -q "That base is the first one, not a threshold" "$man_dir/pescope.1"
finish
