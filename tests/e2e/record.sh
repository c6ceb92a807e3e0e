#!/usr/bin/env bash
# `pescope --record FILE`: a session in the explorer (in tmux) written as a
# --keys script that replays it.
#   - keys, a ':' command typed in a row, a view change, the sweep playing
#     and stopping, a click: replayed with `--keys FILE --snapshot`, the
#     script ends on exactly the screen tmux showed before the quit;
#   - the script has the header with the command line, "resize W H" first,
#     "cmd base 5e5" for the typed command, "tick N" for the sweep, and
#     "# view NAME" comments; with --lesson, "# lesson N NAME: step S of T"
#     comments, and the replay (with the same --lesson) matches too, also
#     when it answers a step's question;
#   - a file that cannot be created exits 73 before the screen is taken.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
export LC_ALL=C.UTF-8
unset NO_COLOR

# replay_matches SCRIPT SCREEN ARGS...: the script replayed with ARGS ends
# on SCREEN (tmux's capture), blanks at line ends aside. The replay is the
# coloured snapshot with its SGR escapes taken out: the glyphs a terminal
# shows (the plain snapshot draws heat as a density ramp instead).
replay_matches() {
	local script=$1 screen=$2
	shift 2
	"$PESCOPE" "$@" --keys "$script" --snapshot --color always >"$tmp/replay.ans" 2>"$tmp/err" || return 1
	sed $'s/\033\[[0-9;]*m//g' "$tmp/replay.ans" >"$tmp/replay"
	head -n "$(wc -l <"$screen")" "$tmp/replay" | sed 's/ *$//' >"$tmp/replay.screen"
	sed 's/ *$//' "$screen" >"$tmp/tmux.screen"
	diff "$tmp/tmux.screen" "$tmp/replay.screen" >"$tmp/diff"
}

# ---- a session with keys, a command, views, the sweep and a click ----

tm_start 100 30 -- -d 64 -n 300 -p 0 --record "$tmp/walk.keys"
if tm_wait "d_model=64 base=10000 len=300 pos=0 dim=0"; then
	tm_keys l l j ]
	tm_wait "d_model=66 " &&
	tm_keys : 'base 5e5' Enter &&
	tm_wait "base=500000" &&
	tm_keys 2 && tm_wait "pos=2 dim=1" &&
	# the sweep has moved at least 7 steps from pos 2 (any later position:
	# it does not stop on 9, so waiting for "pos=9 " could miss it)
	tm_keys Space &&
	tm_until 10 eval 'tm_status | grep -qE "pos=([1-9][0-9]+|9) "' &&
	tm_keys Space && tm_wait_gone "playing" 2
	tm_keys 1 && tm_wait "pos="
	tm_keys j
	tm_until 5 tm_shows "dim=2"
	# the screen settles: the same twice in a row
	tm_until 5 eval 'a=$(tm_screen); sleep 0.2; [ "$a" = "$(tm_screen)" ]'
	tm_screen >"$tmp/walk.screen"
	tm_keys q
	check "the recorded explorer quits with 0" test "$(tm_rc)" = 0
	if [ -s "$tmp/walk.keys" ]; then
		ok "--record wrote the script"
	else
		not_ok "--record wrote the script"
	fi
	check "the script starts with its header and the screen size" \
		test "$(sed -n 3p "$tmp/walk.keys")" = "# recorded with: pescope -d 64 -n 300 -p 0" -a \
		"$(grep -v '^#' "$tmp/walk.keys" | head -n 1)" = "resize 100 30"
	check "the typed command is one cmd line" grep -qx "cmd base 5e5" "$tmp/walk.keys"
	check "the sweep is tick lines" grep -qE "^tick [0-9]+$" "$tmp/walk.keys"
	check "views are comments" grep -qx "# view explore" "$tmp/walk.keys"
	if replay_matches "$tmp/walk.keys" "$tmp/walk.screen" -d 64 -n 300 -p 0; then
		ok "the replay ends on the screen tmux showed"
	else
		not_ok "the replay ends on the screen tmux showed" "$(head -c 400 "$tmp/diff" "$tmp/err" | tr '\n' ';')"
	fi
else
	not_ok "the explorer starts with --record"
fi
tm_stop

# ---- a lesson ----

tm_start 100 30 -- --lesson 1 --record "$tmp/lesson.keys"
if tm_wait "pos="; then
	tm_keys n && tm_wait " 2/7 " && tm_keys n && tm_wait " 3/7 "
	tm_until 5 eval 'a=$(tm_screen); sleep 0.2; [ "$a" = "$(tm_screen)" ]'
	tm_screen >"$tmp/lesson.screen"
	tm_keys q
	tm_rc >/dev/null
	check "lesson steps are comments" grep -qE "^# lesson 1 [a-z-]+: step 3 of [0-9]+, " "$tmp/lesson.keys"
	if replay_matches "$tmp/lesson.keys" "$tmp/lesson.screen" --lesson 1; then
		ok "the lesson replay ends on the screen tmux showed"
	else
		not_ok "the lesson replay ends on the screen tmux showed" "$(head -c 400 "$tmp/diff" "$tmp/err" | tr '\n' ';')"
	fi
else
	not_ok "the explorer starts with --lesson 1 --record"
fi
tm_stop

# ---- a lesson's question answered, and the replay answers it too ----

tm_start 100 30 -- --lesson 1 --step 7 --record "$tmp/ask.keys"
if tm_wait " a-b answer "; then
	tm_keys b && tm_wait "You predicted b)"
	tm_until 5 eval 'a=$(tm_screen); sleep 0.2; [ "$a" = "$(tm_screen)" ]'
	tm_screen >"$tmp/ask.screen"
	tm_keys q
	tm_rc >/dev/null
	check "the answer is a key of the script" grep -qx "key b" "$tmp/ask.keys"
	if replay_matches "$tmp/ask.keys" "$tmp/ask.screen" --lesson 1 --step 7; then
		ok "the answered question replays"
	else
		not_ok "the answered question replays" "$(head -c 400 "$tmp/diff" "$tmp/err" | tr '\n' ';')"
	fi
else
	not_ok "--lesson 1 --step 7 asks its question"
fi
tm_stop

# ---- failures ----

"$PESCOPE" --record "$tmp/no/such/x.keys" </dev/null >/dev/null 2>"$tmp/err"
rc=$?
check "an uncreatable --record file exits 73 (got $rc) with one line" \
	test "$rc" = 73 -a "$(wc -l <"$tmp/err")" = 1
check "... naming the file" grep -qF "no/such/x.keys" "$tmp/err"
"$PESCOPE" --snapshot --record "$tmp/x.keys" >/dev/null 2>&1
check "--record with --snapshot exits 64" test "$?" = 64 -a ! -e "$tmp/x.keys"

finish
