#!/usr/bin/env bash
# input.sh - what a terminal can throw at the explorer, in tmux:
#   - bracketed paste: pasted text is text. On the ':' line it is typed (an
#     ESC inside it does not cancel the line); anywhere else it is never run
#     as keys (a pasted q does not quit, a pasted e saves nothing) and the
#     message line says so; paste mode is off again after every way out;
#   - invalid UTF-8 becomes U+FFFD and the bytes after it still arrive;
#   - a cut escape sequence (a mouse report, CSI, SS3, a paste marker) or a
#     cut character is dropped once the escape delay has passed, and the
#     key after it arrives (issue 22: q after ESC[<0;5; was lost);
#   - holding e: one picture per press, however fast the key repeats, and
#     a message that says so; another press after a pause saves another;
#   - absurd COLUMNS and LINES (30000x30000, which ncurses believes): the
#     screen is capped at 1000x1000 cells or the terminal's own size, the
#     message line says what was refused, memory stays small, SIGTERM
#     answers at once; and out of memory is exit 71 with the cause.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
. "$here/rawterm.bash"
START="d_model=128 base=10000 len=128 pos=10 dim=0"
sanitized=0
grep -qa '__asan_init' "$PESCOPE" && sanitized=1

# paste TEXT: a bracketed paste into the pane (tmux wraps it in ESC[200~ and
# ESC[201~ when the program asked for that).
paste() {
	$TM set-buffer -b in "$1"
	$TM paste-buffer -p -b in -t t
}

# ---- bracketed paste ----

# Every paste waits for paste mode itself, in the stream, not for a screen.
PASTE_ON=$'\e[?2004h'
rt_start 100 30 tmux-256color --
tm_wait "$START" >/dev/null
rt_wait "$PASTE_ON" || not_ok "paste mode comes on (ESC[?2004h)"
paste "q"
if tm_wait "a paste is not run as keys" 5 && [ ! -s "$TM_DIR/rc" ]; then
	ok "a pasted q does not quit, and the message line says why"
else
	not_ok "a pasted q does not quit" "status file: $(cat "$TM_DIR/rc" 2>/dev/null)"
fi
check "a paste outside the ':' line changes nothing" \
	grep -qF "$START" <<<"$(tm_status)"
(cd "$tmp" && paste "eee")
sleep 0.5
check "a pasted e saves no picture" test -z "$(ls "$tmp")"
tm_keys ":"
paste $'d 6\e4'
tm_keys Enter
if tm_wait "d_model=64 " 5; then
	ok "a paste on the ':' line is typed there, ESC inside it ignored"
else
	not_ok "a paste on the ':' line is typed there" "$(tm_status) / $(tm_screen | tail -n 1)"
fi
tm_keys ":"
paste $'len 4\n096'
if tm_wait ":len 4 096" 5 && grep -qF "d_model=64 base=10000 len=128 " <<<"$(tm_status)"; then
	ok "a line end inside a paste is a space: the line waits for Enter"
else
	not_ok "a line end inside a paste is a space" "$(tm_status) / $(tm_screen | tail -n 1)"
fi
tm_keys Escape
tm_keys q
check "q after pastes exits 0" test "$(tm_rc)" = 0
paste "pasted-after-quit"
if tm_wait "pasted-after-quit" 5 >/dev/null 2>&1 && ! tm_screen | grep -qF '[200~'; then
	ok "paste mode is off after q"
else
	not_ok "paste mode is off after q" "$(tm_screen | grep -F pasted-after)"
fi
tm_stop

# The same in Chinese.
rt_start 100 30 tmux-256color -- --lang zh
tm_wait "d_model=128" >/dev/null
rt_wait "$PASTE_ON" || not_ok "paste mode comes on (ESC[?2004h)"
paste "q"
if tm_wait "粘贴的内容不会当作按键执行：先按 : 再粘贴命令" 5; then
	ok "--lang zh: the paste message is in Chinese"
else
	not_ok "--lang zh: the paste message is in Chinese" "$(tm_screen | tail -n 1)"
fi
tm_stop

# Ctrl-Z: paste mode off while stopped, on again after fg.
$TM new-session -d -s t -x 100 -y 30 "env -i PATH=$PATH HOME=$tmp TERM=tmux-256color LC_ALL=C.UTF-8 PS1='$ ' sh -i"
: >"$RT_RAW"
$TM pipe-pane -O -t t "cat >>$RT_RAW"
tm_wait '$' >/dev/null
tm_keys -l "$PESCOPE"; tm_keys Enter
tm_wait "$START" >/dev/null
rt_wait "$PASTE_ON" || not_ok "paste mode comes on (ESC[?2004h)"
tm_keys C-z
sleep 0.5
paste "stopped-paste"
if tm_wait "stopped-paste" 5 >/dev/null 2>&1 && ! tm_screen | grep -qF '[200~'; then
	ok "paste mode is off while suspended (Ctrl-Z)"
else
	not_ok "paste mode is off while suspended (Ctrl-Z)" "$(tm_screen | grep -F stopped-paste)"
fi
tm_keys C-u; tm_keys -l "fg"; tm_keys Enter
tm_wait "$START" >/dev/null
tm_until 10 test "$(grep -acF "$PASTE_ON" "$RT_RAW")" -ge 2
paste "q"
if tm_wait "a paste is not run as keys" 5; then
	ok "paste mode is on again after fg"
else
	not_ok "paste mode is on again after fg"
fi
tm_keys q
tm_stop

# ---- invalid UTF-8 ----

tm_start 100 30 --
tm_wait "$START" >/dev/null
tm_keys ":"
tm_keys -l $'d \xff 64'
if tm_wait ":d � 64" 5; then
	ok "an invalid byte is shown as U+FFFD and the rest still arrives"
else
	not_ok "an invalid byte is shown as U+FFFD" "$(tm_screen | tail -n 1)"
fi
tm_keys Escape
tm_keys -l $'l\xc3l\xe2\x82l'
if tm_wait "pos=13 " 5; then
	ok "keys after a cut-short character still arrive (pos=13)"
else
	not_ok "keys after a cut-short character still arrive" "$(tm_status)"
fi
tm_keys ":"; tm_keys -l "d 1é"; tm_keys Enter
check "valid UTF-8 still arrives whole" tm_wait 'got "1é"' 5
tm_keys q
tm_stop

# ---- cut sequences ----

# Each sequence below is cut off; after more than the escape delay an l
# follows, which must arrive (pos goes up by one) while nothing of the cut
# sequence acts as keys (its "1" would switch to view 1, and so on). The
# pause only makes the cut: nothing is timed or asserted on time.
# TERM=xterm-256color: its mouse reports are SGR's (kmous ESC [ <), the
# form whose cut report ate the next key.
rt_start 100 30 xterm-256color -- --view vector -p 0
tm_wait "Vector PE(0)" >/dev/null
rt_wait $'\e[?1006;1000h' || not_ok "SGR mouse mode comes on (xterm-256color's XM)"
n=0
cut_case() { # NAME HEX...: the bytes HEX, a pause, then l
	local name=$1
	shift
	tm_keys -H "$@"
	sleep 0.3
	tm_keys l
	n=$((n + 1))
	if tm_wait "pos=$n " 5 >/dev/null && tm_shows "Vector PE($n)"; then
		ok "a cut $name is dropped and the key after it arrives"
	else
		not_ok "a cut $name is dropped and the key after it arrives" "$(tm_status) / $(tm_screen | sed -n 2p)"
		n=$(tm_status | sed -nE 's/.* pos=([0-9]+) .*/\1/p')
	fi
}
cut_case "SGR mouse report (ESC[<0;5;)" 1b 5b 3c 30 3b 35 3b
cut_case "SGR mouse report (ESC[<64;1)" 1b 5b 3c 36 34 3b 31
cut_case "X10 mouse report (ESC[M and one byte)" 1b 5b 4d 20
cut_case "CSI (ESC[1;)" 1b 5b 31 3b
cut_case "CSI (ESC[)" 1b 5b
cut_case "SS3 (ESC O)" 1b 4f
cut_case "paste start marker (ESC[20)" 1b 5b 32 30
cut_case "paste end marker (ESC[201)" 1b 5b 32 30 31
cut_case "UTF-8 character (2 of 3 bytes)" e4 b8
# cut by a byte that cannot go on with it: the byte itself is the next key
tm_keys -H 1b 5b 3c 30 3b 35 3b 6c
n=$((n + 1))
if tm_wait "pos=$n " 5 >/dev/null; then
	ok "a mouse report cut by a key (ESC[<0;5;l): the l arrives at once"
else
	not_ok "a mouse report cut by a key (ESC[<0;5;l): the l arrives" "$(tm_status)"
fi
tm_keys q
check "q after the cut sequences exits 0" test "$(tm_rc)" = 0
tm_stop

# ---- holding e ----

mkdir "$tmp/pics"
cd "$tmp/pics" || exit 1
tm_start 100 30 --
tm_wait "$START" >/dev/null
# A held key repeats every 30-50 ms; here 40 presses 30 ms apart.
for _ in $(seq 40); do tm_keys e; sleep 0.03; done
tm_wait "saved pescope-explore-" 5 >/dev/null
sleep 0.3
n=$(ls | grep -c '\.svg$')
check "e held down (40 repeats): one picture ($n)" test "$n" = 1
if tm_screen | grep -qF "(e held down: one picture per press)"; then
	ok "e held down: the message says one picture per press"
else
	not_ok "e held down: the message says one picture per press" "$(tm_screen | tail -n 1)"
fi
# pictures N: true once N pictures are saved (a loaded machine can take
# a while to write one)
pictures() { [ "$(ls | grep -c '\.svg$')" = "$1" ]; }
sleep 0.7
tm_keys e
tm_until 5 pictures 2
n=$(ls | grep -c '\.svg$')
check "a new press of e after a pause saves a second picture ($n)" test "$n" = 2
tm_keys l e
tm_until 5 pictures 3
n=$(ls | grep -c '\.svg$')
check "e, another key, e at once: two presses, two pictures ($n)" test "$n" = 3
tm_keys q
tm_stop
cd "$tmp" || exit 1

# ---- absurd sizes ----

# size_case NAME ENV... : the explorer started with ENV in a 100x30 pane
# shows its panels at the pane's size, says what it refused, stays small,
# and answers SIGTERM at once.
size_case() {
	local name=$1 pid rss rc
	shift
	tm_start 100 30 "$@" --
	if ! tm_wait "$START" 20 >/dev/null; then
		not_ok "$name: the explorer starts"
		tm_stop
		return
	fi
	if tm_wait "screen is more than pescope draws (1000x1000 at most): showing 100x30" 5 &&
	   tm_wait "Inspector" 5; then
		ok "$name: the message line says what was refused, panels at 100x30"
	else
		not_ok "$name: the message line says what was refused" "$(tm_screen | tail -n 2)"
	fi
	pid=$(tm_pid)
	rss=$(ps -o rss= -p "$pid" 2>/dev/null | tr -d ' ')
	if [ "$sanitized" = 1 ]; then
		echo "# $name: resident ${rss:-?} KiB (not checked in a sanitizer build)"
	else
		check "$name: resident memory under 64 MiB (${rss:-?} KiB)" \
			test "${rss:-999999}" -lt 65536
	fi
	kill -TERM "$pid"
	rc=$(tm_rc 3)
	check "$name: SIGTERM answered at once (status $rc)" test "$rc" = 143
	tm_stop
}
size_case "COLUMNS=30000 LINES=30000" COLUMNS=30000 LINES=30000
size_case "COLUMNS=99999999999999999999" COLUMNS=99999999999999999999

# A terminal that says it is 3000 columns wide (stty): capped at 1000.
tm_start 100 30 --
tm_wait "$START" >/dev/null
$TM resize-window -t t -x 1500 -y 30
if tm_wait "a 1500x30 screen is more than pescope draws (1000x1000 at most): showing 1000x30" 10; then
	ok "a 1500-column terminal: capped at 1000 columns, and it says so"
else
	not_ok "a 1500-column terminal: capped at 1000 columns" "$(tm_screen | tail -n 1 | cut -c1-200)"
fi
tm_keys q
check "a 1500-column terminal: q exits 0" test "$(tm_rc)" = 0
tm_stop

# Under a memory limit (normal build only: ASan reserves terabytes of
# address space): with COLUMNS and LINES refused the explorer still fits in
# 200 MB; a limit too small for ncurses' screen is exit 71 with the cause.
if [ "$sanitized" = 0 ]; then
	rm -f "$TM_DIR/rc"
	$TM new-session -d -s t -x 100 -y 30 "ulimit -v 200000; env -u NO_COLOR -u COLORTERM TERM=tmux-256color LC_ALL=C.UTF-8 COLUMNS=30000 LINES=30000 $(printf '%q' "$PESCOPE"); echo \$? > $TM_DIR/rc; sleep 60"
	if tm_wait "$START" 10; then
		ok "COLUMNS=30000 LINES=30000 under ulimit -v 200000: the explorer runs"
		tm_keys q
		check "... and q exits 0" test "$(tm_rc)" = 0
	else
		not_ok "COLUMNS=30000 LINES=30000 under ulimit -v 200000: the explorer runs" "$(tm_screen | grep . | head -n 3)"
	fi
	tm_stop
	rm -f "$TM_DIR/rc"
	$TM new-session -d -s t -x 100 -y 30 "ulimit -v 60000; env -u NO_COLOR -u COLORTERM TERM=tmux-256color LC_ALL=C.UTF-8 COLUMNS=1000 LINES=1000 $(printf '%q' "$PESCOPE") 2>$tmp/oom.err; echo \$? > $TM_DIR/rc; sleep 60"
	rc=$(tm_rc 10)
	if [ "$rc" = 71 ] && grep -q '^pescope: out of memory' "$tmp/oom.err" &&
	   [ "$(wc -l <"$tmp/oom.err")" = 1 ]; then
		ok "a 1000x1000 screen under ulimit -v 60000: exit 71, one line: $(cat "$tmp/oom.err")"
	else
		not_ok "a 1000x1000 screen under ulimit -v 60000: exit 71" "status $rc: $(head -c 300 "$tmp/oom.err")"
	fi
	check "... and the terminal is restored" test "$(tm_flags)" = "0 1 0"
	tm_stop
else
	echo "# skipped: memory limits (a sanitizer build reserves terabytes of address space)"
fi

finish
