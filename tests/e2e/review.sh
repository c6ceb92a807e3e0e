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

# words LANG LESSON STEP: the screen of that step at 80x24, flattened: box
# borders and line ends dropped, runs of blanks one blank; in Chinese,
# which wraps between any two characters, no blanks at all.
words() {
	"$PESCOPE" --lang "$1" --lesson "$2" --step "$3" --size 80x24 --snapshot 2>&1 |
		sed 's/[│┌┐└┘─]/ /g' | tr '\n' ' ' | tr -s ' ' |
		if [ "$1" = zh ]; then tr -d ' '; else cat; fi
}

# says LANG LESSON STEP NAME TEXT: the screen holds TEXT (blanks dropped in
# Chinese, as words does).
says() {
	local w t=$5
	w=$(words "$1" "$2" "$3")
	[ "$1" = zh ] && t=${t// /}
	if [[ $w == *"$t"* ]]; then ok "$1 $2 step $3: $4"
	else not_ok "$1 $2 step $3: $4" "no \"$t\" in: $w"; fi
}

# not_says LANG LESSON STEP NAME TEXT: it does not.
not_says() {
	local w t=$5
	w=$(words "$1" "$2" "$3")
	[ "$1" = zh ] && t=${t// /}
	if [[ $w != *"$t"* ]]; then ok "$1 $2 step $3: $4"
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
says en attention 5 "whatever the weights, with one content" "with the same word at every position, as here, the score is a function of q − p whatever the weights are"
says zh attention 5 "whatever the weights, with one content" "当每个位置上是同一个词（如这里），无论权重是什么"
# step 6: ALiBi as published is causal, -m·(p - q); |p - q| is the
# bidirectional variant the panel draws; 2^(-8h/H) for H a power of two.
says en attention 6 "ALiBi as published is causal" "as published (causal) it adds −m·(p − q) to the score of query p and key q ≤ p"
says en attention 6 "the matrix draws the bidirectional variant" "draws the bidirectional variant, −m·|p − q|"
says en attention 6 "2^(-8h/H) only for H a power of two" "2^(−8h/H) for head h of H when H is a power of two"
says zh attention 6 "ALiBi as published is causal" "论文里的 ALiBi 是因果的，给查询 p 与键 q ≤ p 的得分加上 −m·(p − q)"
says zh attention 6 "the matrix draws the bidirectional variant" "双向的变体 −m·|p − q|"
says zh attention 6 "2^(-8h/H) only for H a power of two" "H 是 2 的幂时，第 h 个头为 2^(−8h/H)"
finish
