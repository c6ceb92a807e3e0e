#!/usr/bin/env bash
# End-to-end test of the interview drill, in English and Chinese.
#
# Scripted, no terminal: tests/keys/drill.keys is a --keys session of
# `--drill --seed 104571` that answers, skips and ends on the summary; keys.sh
# checks its facts and its last screen (drill.ref). Here: it runs twice with
# byte-identical output, so a drill can be scripted and repeated exactly.
#
# In tmux: `pescope --drill --seed N` asks a question; a wrong answer gets
# "not quite" with the answer, and the view that shows it opens with the
# question's parameters; the same seed asks the same question again, and
# typing the answer it gave gets "correct"; Esc ends with the summary, Enter
# closes it. (The answer to type is read from the screen.)
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
# Messages in English, whatever the caller's locale.
export LC_ALL=C.UTF-8

# ---- the scripted drill, twice ----

keys=$here/../keys/drill.keys
read -ra args <<<"$(sed -n 's/^#args //p' "$keys")"
out1=$(mktemp) out2=$(mktemp) err=$(mktemp)
at_exit 'rm -f "$out1" "$out2" "$err"'
run_keys() { # run_keys OUT: the script with its #args, as keys.sh runs it
	LC_ALL=C.UTF-8 "$PESCOPE" --keys "$keys" --snapshot --color never \
		"${args[@]}" >"$1" 2>"$err"
}
if run_keys "$out1" && [ ! -s "$err" ] && grep -qF "Drill summary" "$out1"; then
	ok "--drill --seed 104571 --keys runs a scripted drill to its summary"
else
	not_ok "--drill --seed 104571 --keys runs a scripted drill to its summary" \
		"$(head -c 300 "$err")"
fi
run_keys "$out2"
check "the scripted drill repeats exactly" cmp -s "$out1" "$out2"

# run_lang SEED LANG ASKED NEXT RIGHT WRONG ANSWER_RE SUMMARY SCORE: the
# whole flow in one language; ASKED and NEXT mark questions 1 and 2,
# ANSWER_RE captures the answer in the verdict line.
run_lang() {
	local seed=$1 lang=$2 asked=$3 next=$4 right=$5 wrong=$6 answer_re=$7
	local summary=$8 score=$9
	local q d view ans wrong_in

	lang="$lang seed $seed"
	tm_start 120 40 -- --drill --seed "$seed" --lang "${lang%% *}"
	if ! tm_wait "$asked" 5; then
		not_ok "$lang: --drill asks a question"; tm_stop; return
	fi
	ok "$lang: --drill asks a question"
	q=$(tm_screen)
	# "d_model = 512", or a head's "d = 128"
	d=$(sed -n 's/.*\bd\(_model\)\? = \([0-9]*\).*/\2/p' <<<"$q" | head -n 1)
	# a wrong answer: another letter for a choice, -999 for a number
	if grep -q "│ a) " <<<"$q"; then wrong_in=a; else wrong_in=-999; fi
	tm_keys -l -- "$wrong_in"; tm_keys Enter
	if tm_wait "$wrong" 5; then
		ok "$lang: a wrong answer gets \"$wrong\""
	elif [ "$wrong_in" = a ] && tm_wait "$right" 1; then
		# 'a' happened to be right: the next steps still apply
		ok "$lang: a wrong answer gets \"$wrong\" (a was right)"
	else
		not_ok "$lang: a wrong answer gets \"$wrong\""
	fi
	ans=$(tm_screen | sed -n "s/.*$answer_re.*/\1/p" | head -n 1)
	ans=${ans%.}
	# "Live in the clocks view", "时钟视图实时显示答案": the view's word
	view=$(tm_screen | grep -o 'Live in the [a-z]* view\|RoPE 视图实时\|[^ │]*视图实时' |
	       head -n 1 | sed 's/Live in the //; s/ view//; s/ *视图实时//')
	word=$view	# the Chinese footer names the view so ("时钟视图:")
	case $view in
	探索) view=explore ;; 频谱) view=spectrum ;; 时钟) view=clocks ;;
	频段) view=bands ;; 布局) view=layouts ;; 上下文) view=context ;;
	常见错误) view=bugs ;; 向量) view=vector ;; 注意力) view=attention ;;
	RoPE) view=rope ;;
	esac
	check "$lang: the answer is shown ($ans)" test -n "$ans"
	check "$lang: the status line has the question's d_model ($d)" \
		grep -q "d_model=$d " <<<"$(tm_status)"
	# the bottom row belongs to the view: its name, or the explorer's hints
	case $view in
	explore) check "$lang: the explore view opens" \
			grep -q "\[ \] d_model" <<<"$(tm_screen | tail -n 1)" ;;
	"") not_ok "$lang: the reveal names its view" ;;
	*) check "$lang: the $view view opens" \
			grep -qE "^ ($view|$word *视图): " <<<"$(tm_screen | tail -n 1)" ;;
	esac
	tm_stop

	# The same seed asks the same question: its answer is now right.
	tm_start 120 40 -- --drill --seed "$seed" --lang "${lang%% *}"
	tm_wait "$asked" 5 >/dev/null
	check "$lang: the same seed asks the same question" \
		test "$(tm_screen | head -n 12)" = "$(head -n 12 <<<"$q")"
	case $ans in
	[a-d][\)）]*) tm_keys -l "${ans:0:1}" ;;
	*) tm_keys -l -- "$ans" ;;
	esac
	tm_keys Enter
	if tm_wait "$right" 5; then ok "$lang: the right answer gets \"$right\""
	else not_ok "$lang: the right answer gets \"$right\""; fi
	tm_keys n
	tm_wait "$next" 5 >/dev/null
	tm_keys Escape
	if tm_wait "$summary" 5 && tm_wait "$score" 1; then
		ok "$lang: Esc ends with the summary ($score)"
	else
		not_ok "$lang: Esc ends with the summary ($score)"
	fi
	tm_keys Enter
	if tm_wait_gone "$summary" 5; then ok "$lang: Enter closes the summary"
	else not_ok "$lang: Enter closes the summary"; fi
	tm_keys q
	check "$lang: q quits with status 0" test "$(tm_rc 5)" = 0
	tm_stop
}

# seed 3 asks a number first, seed 7 a choice revealed in the rope view;
# both name their width (d_model, or the head's d)
run_lang 3 en "Interview drill · question 1 · score 0/0" "question 2 · score 1/1" \
	"Correct: the answer is" \
	"Not quite: the answer is" 'the answer is \([^ ]*\)' \
	"Drill summary" "Right: 1 of 1."
run_lang 7 en "Interview drill · question 1 · score 0/0" "question 2 · score 1/1" \
	"Correct: the answer is" \
	"Not quite: the answer is" 'the answer is \([^ ]*\)' \
	"Drill summary" "Right: 1 of 1."
for seed in 3 7; do
	run_lang $seed zh "面试练习 · 第 1 题 · 得分 0/0" "第 2 题 · 得分 1/1" \
		"答对了！答案是" "不太对：答案是" \
		'答案是 \([^ 。]*\)' "练习小结" "答对 1 题，共 1 题。"
done

# A --keys script that starts the drill without --seed asks the same
# questions every run (seed 1), so it replays exactly.
printf 'key D\n' >"$TM_DIR/d.keys"
first=$(LC_ALL=C.UTF-8 "$PESCOPE" --keys "$TM_DIR/d.keys" --snapshot 2>&1)
second=$(LC_ALL=C.UTF-8 "$PESCOPE" --keys "$TM_DIR/d.keys" --snapshot 2>&1)
seeded=$(LC_ALL=C.UTF-8 "$PESCOPE" --keys "$TM_DIR/d.keys" --snapshot --seed 1 2>&1)
check "--keys without --seed replays the drill exactly" \
	test -n "$first" -a "$first" = "$second" -a "$first" = "$seeded"

# D starts the drill from the explorer, and q while asking ends the drill,
# not the program.
tm_start 120 40 -- --seed 2
tm_wait "d_model=128 base=10000 " >/dev/null || not_ok "D: the explorer starts"
tm_keys D
if tm_wait "Interview drill · question 1" 5; then ok "D starts the drill"
else not_ok "D starts the drill"; fi
tm_keys q
if tm_wait "Drill summary" 5; then ok "q while asking ends the drill"
else not_ok "q while asking ends the drill"; fi
tm_keys Escape
tm_wait_gone "Drill summary" 5
tm_keys q
check "then q quits with status 0" test "$(tm_rc 5)" = 0
tm_stop

finish
