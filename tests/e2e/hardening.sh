#!/usr/bin/env bash
# hardening.sh - nothing a user types, a file holds or a signal does may
# crash pescope, hang it, lose output or garble the terminal. On the real
# binary $PESCOPE (normal or sanitizer build):
#   - scripted sessions (--keys): results, bad lines with FILE:LINE and 65,
#     unreadable scripts 66, huge lines, NUL bytes and random bytes, output
#     failures 74, closed pipes;
#   - every signal whose default action ends a process, sent to the
#     explorer in tmux: the terminal is restored (alternate screen, cursor,
#     mouse, keypad and paste modes, tty modes, checked with stty -a after
#     it ended) and the status is 128+sig, or, in a sanitizer build, that
#     of the sanitizer's report for the faults it reports;
#   - bursts of keys leave no backlog (2000 cheap ones; 402 that each need
#     a slow frame), and q still answers at once;
#   - the extremes (d 65536, len 1e9, base 1.000001 and 1e12, the last
#     position, terminals from 1x1 up): every view answers in tmux and
#     finishes its sliced work ("[computing]" comes and goes), and --bench
#     runs every view there (how fast is for `make bench`, never asserted
#     here);
#   - output failures the other suites leave out: a read-only folder (as an
#     unprivileged user when run as root), standard output on /dev/full, a
#     closed pipe.
# (valgrind.sh runs memcheck on the same kinds of session.)
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
at_exit 'chmod -R u+w "$tmp" 2>/dev/null'
export LC_ALL=C.UTF-8

START="d_model=128 base=10000 len=128 pos=10 dim=0"
sanitized=0
grep -qa '__asan_init' "$PESCOPE" && sanitized=1

# run NAME STATUS CMD...: runs CMD (stdout, stderr to $tmp/out, $tmp/err)
# and checks its exit status.
run_status() {
	local name=$1 want=$2 rc
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" = "$want" ]; then ok "$name"; else
		not_ok "$name" "status $rc, want $want: $(head -c 300 "$tmp/err")"
	fi
}
one_line_err() { [ "$(wc -l <"$tmp/err")" -eq 1 ]; }
no_sanitizer_report() { ! grep -q 'Sanitizer\|runtime error' "$tmp/err"; }

# ---- scripted sessions ----

cat >"$tmp/demo.keys" <<'EOF'
# three steps right, then a command
key l
key Right
text l
cmd d 64

key Down
EOF
run_status "--keys FILE runs the session" 0 "$PESCOPE" --keys "$tmp/demo.keys"
check "--keys prints the status line" \
	test "$(cat "$tmp/out")" = "d_model=64 base=10000 len=128 pos=13 dim=1"
check "--keys writes nothing on stderr" test ! -s "$tmp/err"

run_status "--keys - reads standard input" 0 \
	sh -c 'printf "cmd len 1e9\ncmd pos 999999999\nkey End\n" | "$1" --keys -' _ "$PESCOPE"
check "--keys - status" \
	test "$(cat "$tmp/out")" = "d_model=128 base=10000 len=1000000000 pos=999999999 dim=0"

run_status "--keys FILE --snapshot" 0 "$PESCOPE" --keys "$tmp/demo.keys" \
	--snapshot --size 80x24 --color never
check "--keys --snapshot: the screen, then the status line" \
	test "$(wc -l <"$tmp/out")" -eq 25 -a \
	"$(tail -n 1 "$tmp/out")" = "d_model=64 base=10000 len=128 pos=13 dim=1"
check "--keys --snapshot: the screen shows the final state" \
	grep -qF "d_model=64 base=10000 len=128 pos=13 dim=1" <<<"$(head -n 1 "$tmp/out")"

printf 'key l\nkey Lefty\nkey l\n' >"$tmp/bad.keys"
run_status "a bad line: status 65" 65 "$PESCOPE" --keys "$tmp/bad.keys"
check "a bad line: FILE:LINE: message" test "$(cat "$tmp/err")" = \
	"$tmp/bad.keys:2: key: unknown key \"Lefty\" (a character, a name such as Left, Enter or Space, or C-a .. C-z)"
check "a bad line: nothing on stdout" test ! -s "$tmp/out"
run_status "a bad line on stdin: status 65" 65 \
	sh -c 'printf "tick 0\n" | "$1" --keys -' _ "$PESCOPE"
check "a bad line on stdin: <stdin>:1:" grep -q '^<stdin>:1: tick: ' "$tmp/err"

run_status "a missing script: status 66" 66 "$PESCOPE" --keys "$tmp/nope.keys"
check "a missing script: one line" one_line_err
run_status "a folder as script: status 66" 66 "$PESCOPE" --keys "$tmp"
check "a folder as script: says so" grep -q 'Is a directory' "$tmp/err"
run_status "--keys with --dump: status 64" 64 "$PESCOPE" --keys "$tmp/demo.keys" --dump csv

# A 100 MB line is refused at once, without being read into memory.
head -c 100000000 /dev/zero | tr '\0' x >"$tmp/long.keys"
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f '%M %e' -o "$tmp/time" "$PESCOPE" --keys "$tmp/long.keys" \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	read -r rss secs < <(tail -n 1 "$tmp/time")
	check "a 100 MB line: status 65" test "$rc" = 65
	check "a 100 MB line: line 1, too long" \
		test "$(cat "$tmp/err")" = "$tmp/long.keys:1: line longer than 4096 bytes"
	check "a 100 MB line: under 64 MiB of memory (${rss} KiB), ${secs} s" \
		test "$rss" -lt 65536
fi
rm -f "$tmp/long.keys"

printf 'key l\ncmd d \0 64\n' >"$tmp/nul.keys"
run_status "a NUL byte: status 65" 65 "$PESCOPE" --keys "$tmp/nul.keys"
check "a NUL byte: line 2, column 7" \
	test "$(cat "$tmp/err")" = "$tmp/nul.keys:2: NUL byte at column 7"
printf 'text caf\xe9\n' >"$tmp/latin1.keys"
run_status "Latin-1 text: status 65" 65 "$PESCOPE" --keys "$tmp/latin1.keys"
check "Latin-1 text: invalid UTF-8" grep -qF ':1: invalid UTF-8 at column 9' "$tmp/err"

# Random bytes: refused with a message, never a crash.
for seed in 1 2 3; do
	head -c 65536 /dev/urandom >"$tmp/random.keys"
	"$PESCOPE" --keys "$tmp/random.keys" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" = 65 ] && one_line_err && no_sanitizer_report; then
		ok "64 KiB of random bytes ($seed): status 65, one line"
	else
		cp "$tmp/random.keys" "/tmp/pescope-random-$seed.keys"
		not_ok "64 KiB of random bytes ($seed)" "status $rc, kept in /tmp/pescope-random-$seed.keys"
	fi
done

# A session through every view at the extremes, with mouse and resizes.
{
	echo "cmd d 65536"; echo "cmd len 1e9"; echo "cmd base 1.000001"
	echo "key End"
	for v in 1 2 3 4 5 6 7 8; do
		echo "key $v"; echo "key x"; echo "key C"; echo "click 5 5"
		echo "wheel up 30 10"
	done
	echo "resize 1 1"; echo "key l"; echo "resize 400 200"; echo "key 1"
	echo "click 200 100"; echo "wheel down 200 100"; echo "cmd base 1e12"
	echo "key ?"; echo "key Esc"; echo "key Space"; echo "tick 100000"
} >"$tmp/extreme.keys"
run_status "a session through every view at the extremes" 0 \
	"$PESCOPE" --keys "$tmp/extreme.keys" --size 240x70
check "the extreme session ends where it should" \
	grep -qE '^d_model=65536 base=1e12 len=1000000000 pos=[0-9]+ dim=[0-9]+$' "$tmp/out"

# ---- output failures ----

run_status "--keys > /dev/full: status 74" 74 \
	sh -c '"$1" --keys "$2" >/dev/full' _ "$PESCOPE" "$tmp/demo.keys"
check "--keys > /dev/full: one line" one_line_err
run_status "--keys --snapshot > /dev/full: status 74" 74 \
	sh -c '"$1" --keys "$2" --snapshot >/dev/full' _ "$PESCOPE" "$tmp/demo.keys"
run_status "--snapshot > /dev/full: status 74" 74 \
	sh -c '"$1" --snapshot >/dev/full' _ "$PESCOPE"
check "--snapshot > /dev/full: one line" one_line_err
run_status "--vector 3 > /dev/full: status 74" 74 \
	sh -c '"$1" --vector 3 >/dev/full' _ "$PESCOPE"
check "--vector 3 > /dev/full: one line" one_line_err

# pipe_case NAME IGNORE CMD...: CMD | head -n 1 ends with 0 or 141 and
# nothing on stderr; IGNORE=1 starts CMD with SIGPIPE ignored, as some
# parents leave it.
pipe_case() {
	local name=$1 ign=$2 st
	shift 2
	if [ "$ign" = 1 ]; then
		(trap '' PIPE; "$@" 2>"$tmp/err" | head -n 1 >"$tmp/out"; echo "${PIPESTATUS[0]}" >"$tmp/st")
	else
		("$@" 2>"$tmp/err" | head -n 1 >"$tmp/out"; echo "${PIPESTATUS[0]}" >"$tmp/st")
	fi
	st=$(cat "$tmp/st")
	if [ "$st" != 0 ] && [ "$st" != 141 ]; then
		not_ok "$name" "status $st"
	elif [ -s "$tmp/err" ]; then
		not_ok "$name" "stderr: $(head -c 200 "$tmp/err")"
	elif [ ! -s "$tmp/out" ]; then
		not_ok "$name" "no first line"
	else
		ok "$name"
	fi
}
pipe_case "--snapshot 1000x1000 | head -1: quiet" 0 \
	"$PESCOPE" --snapshot --size 1000x1000
pipe_case "--keys --snapshot 1000x1000 | head -1: quiet" 0 \
	"$PESCOPE" --keys "$tmp/demo.keys" --snapshot --size 1000x1000
pipe_case "--keys --snapshot | head -1, SIGPIPE ignored: quiet" 1 \
	"$PESCOPE" --keys "$tmp/demo.keys" --snapshot --size 1000x1000
pipe_case "--dump csv | head -1, SIGPIPE ignored: quiet" 1 \
	"$PESCOPE" --dump csv -n 100000 -d 512
pipe_case "--vector | head -1: quiet" 0 "$PESCOPE" --vector 3 -d 65536

# A read-only folder: root writes anywhere, so run as nobody then.
ro=$tmp/ro
mkdir -p "$ro/in"
chmod 755 "$tmp" "$ro"
chmod 555 "$ro/in"
as_user=()
if [ "$(id -u)" = 0 ]; then
	if command -v setpriv >/dev/null; then
		as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
	else
		as_user=(runuser -u nobody --)
	fi
fi
# A copy of the binary the unprivileged user can reach, wherever the tree
# is (a CI checkout under /root is not).
ro_bin=$PESCOPE
if [ ${#as_user[@]} -gt 0 ]; then
	ro_bin=$tmp/pescope-copy
	cp "$PESCOPE" "$ro_bin" && chmod 755 "$ro_bin"
fi
# ro_case NAME ARGS... (the file goes in $ro/in): status 73, one line that
# names the file, and nothing created.
ro_case() {
	local name=$1 rc
	shift
	"${as_user[@]}" "$ro_bin" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" != 73 ]; then
		not_ok "read-only folder: $name: status 73" "status $rc: $(head -c 200 "$tmp/err")"
	elif ! one_line_err || ! grep -qF "$ro/in/" "$tmp/err"; then
		not_ok "read-only folder: $name: one line naming the file" "$(cat "$tmp/err")"
	elif [ -n "$(ls -A "$ro/in")" ]; then
		not_ok "read-only folder: $name: nothing created" "$(ls -A "$ro/in")"
	else
		ok "read-only folder: $name: 73, one line, nothing left"
	fi
}
if "${as_user[@]}" test -x "$ro_bin" && ! "${as_user[@]}" test -w "$ro/in"; then
	ro_case "--dump csv -o" --dump csv -n 10 -d 4 -o "$ro/in/m.csv"
	ro_case "--dump npy -o" --dump npy -n 10 -d 4 -o "$ro/in/m.npy"
	ro_case "--vector -o" --vector 3 -o "$ro/in/v.txt"
	if "$PESCOPE" --help | grep -q -- '--export'; then
		ro_case "--export" --export "$ro/in/s.svg"
	fi
else
	echo "# skipped: read-only folder (cannot run pescope as an unprivileged user)"
fi

# ---- the explorer in tmux ----

# The pid of pescope in the pane: the pescope child of the pane's shell
# (not a search by name alone, which could find another suite's pescope
# when several run at once). Empty when there is none.
pane_child() {
	local pp
	pp=$($TM display -p -t t '#{pane_pid}' 2>/dev/null)
	case $pp in '' | *[!0-9]*) return 1 ;; esac
	tm_until 5 pgrep -n -P "$pp" -x "$(basename "$PESCOPE" | cut -c1-15)"
}

# Like tm_start, but without core files, and the pane records `stty -a`
# once pescope has ended.
start_recorded() {
	local w=$1 h=$2
	shift 2
	rm -f "$TM_DIR/rc" "$TM_DIR/stty"
	$TM new-session -d -s t -x "$w" -y "$h" \
		"ulimit -c 0; env -u NO_COLOR -u COLORTERM TERM=tmux-256color LC_ALL=C.UTF-8 $(printf '%q ' "$PESCOPE" "$@"); echo \$? > $TM_DIR/rc; stty -a > $TM_DIR/stty; sleep 60"
}

# signal_case SIGNAL: the explorer sent SIGNAL (any signal whose default
# action ends a process) restores the terminal and ends with 128+N: the
# alternate screen, cursor, mouse, keypad and bracketed paste modes (a
# paste into the pane afterwards arrives without ESC[200~ around it) and
# the tty modes (stty -a after it ended).
signal_case() {
	local sig=$1 num pid rc want flags
	num=$(kill -l "$sig")
	start_recorded 100 30 --
	tm_wait "$START" 20 >/dev/null
	if ! pid=$(pane_child); then
		not_ok "SIG$sig: pescope is running in the pane"
		tm_stop
		return
	fi
	kill -"$sig" "$pid"
	rc=$(tm_rc 20)
	want=$((128 + num))
	# ASan reports SEGV, BUS and FPE itself, then exits 1; the other
	# faults are left to the default action.
	case "$sanitized $sig" in
	"1 SEGV" | "1 BUS" | "1 FPE")
		if [ "$rc" = 1 ] && tm_screen -S -60 | grep -q "AddressSanitizer: $sig"; then
			ok "SIG$sig: the sanitizer still reports it (status 1)"
		else
			not_ok "SIG$sig: the sanitizer still reports it" "status $rc"
		fi ;;
	*)
		check "SIG$sig: ends with status $want" test "$rc" = "$want" ;;
	esac
	flags=$($TM display -p -t t '#{alternate_on} #{cursor_flag} #{mouse_any_flag} #{keypad_cursor_flag} #{keypad_flag}')
	check "SIG$sig: alternate screen off, cursor on, mouse and keypad modes off" \
		test "$flags" = "0 1 0 0 0"
	tm_until 5 test -s "$TM_DIR/stty"
	if grep -qw -- '-echo\|-icanon' "$TM_DIR/stty" 2>/dev/null ||
	   ! grep -qw 'icanon' "$TM_DIR/stty" 2>/dev/null ||
	   ! grep -qw 'echo' "$TM_DIR/stty" 2>/dev/null; then
		not_ok "SIG$sig: tty modes restored (echo, icanon)" "$(tr '\n' ' ' <"$TM_DIR/stty" 2>/dev/null | head -c 300)"
	else
		ok "SIG$sig: tty modes restored (echo, icanon)"
	fi
	$TM set-buffer -b probe "pasted-after-$sig"
	$TM paste-buffer -p -b probe -t t
	if tm_wait "pasted-after-$sig" 5 >/dev/null 2>&1 &&
	   ! tm_screen | grep -qF '[200~'; then
		ok "SIG$sig: bracketed paste off"
	else
		not_ok "SIG$sig: bracketed paste off" "$(tm_screen | grep -F pasted-after)"
	fi
	tm_stop
}
# Every signal whose default action ends the process, but SIGKILL and
# SIGSTOP (which cannot be caught) and SIGXFSZ (ignored: see cli.sh).
for sig in HUP INT QUIT ILL TRAP ABRT BUS FPE USR1 SEGV USR2 PIPE ALRM TERM \
	STKFLT XCPU VTALRM PROF IO PWR SYS RTMIN RTMAX; do
	signal_case "$sig"
done

# ---- no backlog: 2000 keys at once ----

tm_start 120 40 -- -n 100000 -p 0
tm_wait "d_model=128 base=10000 len=100000 pos=0 dim=0" 20 >/dev/null
t0=$(date +%s%N)
tm_keys -l "$(head -c 2000 /dev/zero | tr '\0' l)"
if tm_wait "pos=2000 dim=0" 5; then
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	ok "2000 keys at once: pos=2000 within 5 s (${ms} ms)"
else
	not_ok "2000 keys at once: pos=2000 within 5 s" "$(tm_status)"
fi
t0=$(date +%s%N)
tm_keys q
rc=$(tm_rc 3)
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
check "q right after the burst: exits 0 within 3 s (${ms} ms)" test "$rc" = 0
tm_stop

# Keys that each cost a slow frame: 402 parameter changes on the bugs view
# at d_model 65534 take well over a minute if every one is drawn, a moment
# when the keys that queued up meanwhile are applied before the next frame.
# d_model goes 65532, 65534, ... and only the last two keys reach 65530.
tm_start 200 60 -- -d 65534 -n 1e9 --view bugs
tm_wait "d_model=65534 " 20 >/dev/null
t0=$(date +%s%N)
tm_keys -l "$(for _ in $(seq 200); do printf '[]'; done)[["
if tm_wait "d_model=65530 " 15; then
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	ok "402 slow keys at once: applied within 15 s (${ms} ms)"
else
	not_ok "402 slow keys at once: applied within 15 s" "$(tm_status)"
fi
tm_keys q
check "q right after the slow burst: exits 0 within 5 s" test "$(tm_rc 5)" = 0
tm_stop

# ---- extremes in the explorer ----

EXT=(-d 65536 -n 1e9 -p 999999999 -b 1e12)
tm_start 250 80 -- "${EXT[@]}"
if tm_wait "d_model=65536 base=1e12 len=1000000000 pos=999999999" 20; then
	ok "extremes: the explorer starts at d 65536, len 1e9, last position"
else
	not_ok "extremes: the explorer starts"
fi
mapfile -t VIEWS < <("$PESCOPE" --list views)	# every view, in key order
for v in $(seq 2 "${#VIEWS[@]}") 1; do
	name=${VIEWS[v - 1]}
	# The view (its digit, or :view NAME past 9), then a parameter change
	# (d_model - 2).
	if [ "$v" -le 9 ]; then tm_keys "$v"; else tm_keys ":"; tm_keys -l "view $name"; tm_keys Enter; fi
	# The change is d_model - 2, seen on the status line; the grid view
	# draws a head of its own (its status line shows rows, cols and d_h,
	# not d_model), so there the change is one column fewer.
	if [ "$name" = grid ]; then
		change=(c "cols=7 " C "cols=8 ")
	else
		change=("[" "d_model=65534 " "]" "d_model=65536 ")
	fi
	tm_keys "${change[0]}"
	if [ "$v" = 1 ]; then want="Heatmap"; else want=" $name: "; fi
	# "finishes" is the state waited for, not a speed: the sanitizer build
	# on a loaded machine takes up to about 21 s for the attention view's
	# random mean here (make bench measures the speed)
	if tm_wait "$want" 20 && tm_wait "${change[1]}" 20 &&
		tm_wait_gone "[computing]" 90; then
		ok "extremes: view $v ($name) answers a parameter change and finishes it"
	else
		not_ok "extremes: view $v ($name) answers a parameter change" "$(tm_status)"
	fi
	tm_keys "${change[2]}"
	tm_wait "${change[3]}" 20 >/dev/null
done
tm_keys ":"; tm_keys -l "base 1.000001"; tm_keys Enter
if tm_wait "base=1.000001 " 20; then ok "extremes: base 1.000001"; else not_ok "extremes: base 1.000001"; fi
# Each size once the explorer has drawn it: 2x2 shows the start of
# "terminal too small", 59x19 all of it, the large ones the panels. A 1x1
# screen shows nothing (its one cell is the corner curses leaves alone), so
# a key is sent there instead: d_model 65534 on the next large screen says
# it arrived.
tm_resize 1 1
tm_keys "["
resized=1
for step in "2 2 te" "400 200 d_model=65534" "59 19 terminal too small" \
	"250 80 Heatmap"; do
	read -r w h want <<<"$step"
	tm_resize "$w" "$h"
	tm_wait "$want" 20 >/dev/null || resized=0
done
tm_keys l
if [ "$resized" = 1 ] && tm_wait "pos=999999999" 20 && tm_wait "Heatmap" 20; then
	ok "extremes: resizes from 1x1 to 400x200 and back"
else
	not_ok "extremes: resizes from 1x1 to 400x200 and back"
fi
tm_keys q
check "extremes: q exits 0" test "$(tm_rc 20)" = 0
check "extremes: terminal restored" test "$(tm_flags)" = "0 1 0"
tm_stop

# ---- --bench at the extremes ----

# bench_case NAME ARGS...: --bench runs, exits 0 and prints its one line
# with every field, including the catch-up of the sliced parameter changes
# (at least one frame), the actions it made and how many it left
# unfinished. The numbers are printed for the log; the budget itself
# is measured by `make bench` (tests/bench/RESULTS.md), not here.
bench_case() {
	local name=$1 line
	shift
	line=$(TERM=xterm-256color "$PESCOPE" --bench --frames 60 "$@" 2>&1)
	if [ $? = 0 ] && grep -qE '^frames=60 p50_ms=[0-9.]+ p95_ms=[0-9.]+ max_ms=[0-9.]+ move_bytes=[0-9]+ full_bytes=[0-9]+ catchup_frames=[1-9][0-9]* catchup_ms=[0-9.]+ move_p95_ms=[0-9.]+ actions=[1-9][0-9]* unfinished=[0-9]+$' <<<"$line"; then
		ok "--bench, $name: $line"
	else
		not_ok "--bench, $name" "$line"
	fi
}
if [ "$sanitized" = 0 ]; then
	for b in 1e12 1.000001; do
		for v in "${VIEWS[@]}"; do
			bench_case "$v, base $b, 240x70" --view "$v" --size 240x70 \
				-d 65536 -n 1e9 -p 999999999 -b "$b"
		done
	done
	bench_case "explore, 1x1" --size 1x1 "${EXT[@]}"
	bench_case "explore, 60x20" --size 60x20 "${EXT[@]}"
	bench_case "explore, 400x200" --size 400x200 "${EXT[@]}"
else
	echo "# skipped: --bench at the extremes (a sanitizer build is slow on purpose)"
fi

finish
