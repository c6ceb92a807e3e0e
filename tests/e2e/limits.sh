#!/usr/bin/env bash
# limits.sh - the hostile round of issue 22 outside the terminal, over
# every mode:
#   - output that fails: the bench's line to a full standard output is exit
#     74 with one line; its byte counts need no temporary file (a full /tmp
#     changes nothing, no file grows with the frames);
#   - limits named for what they are: every mode under ulimit -v, -n and -f
#     either works or ends with the documented status and one line that
#     names the cause (71 "out of memory"/"Cannot allocate memory", 71
#     "Too many open files", 74 "File too large"); the explorer and
#     --lesson too, in tmux; in a sanitizer build, where ulimit -v cannot
#     be used, ASan's allocator fails every block above 1 MiB instead, with
#     LeakSanitizer on, so each way out of memory runs and frees all;
#   - names with escapes: every file name a message prints (--keys,
#     --lesson, -o of each data mode, --export) has its control characters
#     written as \x1b, so no message can move the cursor or change colour;
#   - failure paths: each mode's failure exits with its exact status and,
#     in a sanitizer build (make test runs this again on it), without a
#     leak report: LeakSanitizer would change the status to 23.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
export LC_ALL=C.UTF-8
unset NO_COLOR COLORTERM
sanitized=0
grep -qa '__asan_init' "$PESCOPE" && sanitized=1
cd "$tmp" || exit 1
printf 'key l\nkey l\n' >"$tmp/ok.keys"

# expect NAME STATUS CMD...: CMD (its stdout to $tmp/out, stderr to
# $tmp/err) ends with STATUS, says at most one line, and no sanitizer
# reported anything.
expect() {
	local name=$1 want=$2 rc
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	if [ "$rc" != "$want" ]; then
		not_ok "$name: status $want" "status $rc: $(head -c 300 "$tmp/err")"
	elif [ "$(wc -l <"$tmp/err")" -gt 1 ]; then
		not_ok "$name: status $want, one line" "$(head -c 300 "$tmp/err")"
	elif grep -q 'Sanitizer\|runtime error' "$tmp/err"; then
		not_ok "$name: no sanitizer report" "$(grep -m 2 'Sanitizer\|runtime error' "$tmp/err")"
	else
		ok "$name: status $want${want:+ }$(head -c 120 "$tmp/err")"
	fi
}
says() { grep -qF -- "$1" "$tmp/err"; }

# ---- output that fails: the bench ----

expect "--bench >/dev/full" 74 sh -c 'exec "$@" >/dev/full' sh "$PESCOPE" --bench --frames 5
"$PESCOPE" --bench --frames 5 >/dev/full 2>"$tmp/err"
check "--bench >/dev/full says why" grep -q '^pescope: cannot write to standard output: No space left on device$' "$tmp/err"
"$PESCOPE" --bench --frames 20 >"$tmp/bench.txt" 2>&1
want_bytes=$(grep -oE 'move_bytes=[0-9]+ full_bytes=[0-9]+' "$tmp/bench.txt")
check "--bench counts bytes ($want_bytes)" grep -qE 'move_bytes=[1-9][0-9]* full_bytes=[1-9]' <<<"$want_bytes"
# One rule for every view (src/app/bench_tally.h): an action's own frame
# counts, so no view reports that its work took 0 frames (the attention
# view once did: its work outlasted the run, and the old measure only saw
# work that finished).
for v in $("$PESCOPE" --list views); do
	line=$("$PESCOPE" --bench --frames 8 --size 80x24 --view "$v" 2>&1)
	check "--bench --view $v: catch-up of 1 frame or more (${line#*catchup_frames=})" \
		grep -qE 'catchup_frames=[1-9][0-9]* .* actions=[1-9][0-9]* unfinished=[0-9]+$' <<<"$line"
done
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
	# The binary is held open first (fd 3) and run through it, since the
	# tree under test may itself live under /tmp, which the mount hides.
	got=$(unshare -m sh -c 'exec 3<"$1" && shift &&
		mount -t tmpfs -o size=64k tmpfs /tmp &&
		dd if=/dev/zero of=/tmp/fill bs=4k 2>/dev/null;
		exec /proc/self/fd/3 "$@"' sh "$PESCOPE" --bench --frames 20 2>&1)
	if grep -qF "$want_bytes" <<<"$got"; then
		ok "--bench with /tmp full: the same byte counts ($want_bytes)"
	else
		not_ok "--bench with /tmp full: the same byte counts" "$got"
	fi
else
	echo "# skipped: a full /tmp needs root and unshare"
fi
# A long bench holds no file that grows: its descriptors are the three
# standard ones, /dev/null and (between frames of a count) a pipe. A
# descriptor this shell already holds is inherited, not pescope's own, and
# is left out (a parent's descriptor of a since deleted file reads
# "(deleted)").
inherited=" $(ls "/proc/$BASHPID/fd" | tr '\n' ' ') "
"$PESCOPE" --bench --frames 1000000 >/dev/null 2>&1 &
pid=$!
tm_until 10 test -e "/proc/$pid/fd/4"
sleep 0.5
fds=""
for f in "/proc/$pid/fd"/*; do
	case "$inherited" in *" ${f##*/} "*) continue ;; esac
	t=$(readlink "$f") || continue
	case "$t" in /dev/null | /dev/pts/* | pipe:* | socket:* | "$tmp"/*) ;; *) fds="$fds$t " ;; esac
done
kill "$pid"; wait "$pid" 2>/dev/null
check "--bench --frames 1000000 writes to no file (${fds:-none})" test -z "$fds"

# ---- limits ----

# The modes, each in a form that needs memory (for ulimit -v), then one
# that writes (for ulimit -f).
mem_modes=(
	"--snapshot --size 1000x1000"
	"--export $tmp/m.svg --size 1000x1000"
	"--dump csv -d 65536 -n 3 -o $tmp/m.csv"
	"--dump-series scores -n 4096 -d 512 -o $tmp/m2.csv"
	"--bench --frames 2 --size 1000x1000"
	"--keys $tmp/ok.keys --size 1000x1000"
	"--lesson positions --snapshot --size 1000x1000"
)
all_modes=(
	"--snapshot"
	"--export $tmp/f.svg"
	"--dump csv -d 512 -n 100 -o $tmp/f.csv"
	"--dump npy -d 512 -n 100"
	"--dump-series wave -n 10000 -o $tmp/s.csv"
	"--dump-series scores -n 64 -d 64"
	"--vector 5 -d 4096 -o $tmp/v.txt"
	"--bench --frames 2"
	"--keys $tmp/ok.keys --snapshot"
	"--lessons"
	"--lesson positions --snapshot"
	"--list-keys"
	"--help"
)
# limited LIMIT VALUE ARGS...: pescope ARGS under `ulimit LIMIT VALUE`
# (applied after the shell has opened its redirections).
limited() {
	local lim=$1 val=$2
	shift 2
	sh -c "ulimit $lim $val; exec \"\$@\"" sh "$PESCOPE" "$@"
}
# sweep_case NAME LIMIT VALUE CAUSE OKSTATUS ARGS...: works (OKSTATUS) or
# ends with 71/74 as documented and a line naming CAUSE.
swept=0
sweep_case() {
	local name=$1 lim=$2 val=$3 cause=$4 okst=$5 rc
	shift 5
	swept=$((swept + 1))
	limited "$lim" "$val" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	if [ "$rc" = "$okst" ] && ! grep -q 'Sanitizer' "$tmp/err"; then
		ok "ulimit $lim $val, $name: status $rc"
	elif [ "$rc" = "$cause_status" ] && grep -qE "^pescope: .*($cause)" "$tmp/err" &&
	     [ "$(wc -l <"$tmp/err")" = 1 ]; then
		ok "ulimit $lim $val, $name: status $rc, $(cut -c1-100 "$tmp/err")"
	else
		not_ok "ulimit $lim $val, $name: works or $cause_status naming the cause" "status $rc: $(head -c 300 "$tmp/err")"
	fi
}

if [ "$sanitized" = 0 ]; then
	cause_status=71
	for m in "${mem_modes[@]}"; do
		# shellcheck disable=SC2086
		sweep_case "$m" -v 10000 "out of memory|Cannot allocate memory" 0 $m
	done
else
	# ulimit -v cannot be used here: ASan reserves terabytes of address
	# space for its shadow at start. Its allocator is told instead to fail
	# (return NULL, as malloc does out of memory) every allocation above
	# 1 MiB, with LeakSanitizer on: each mode's way out of memory is run
	# whole and must free everything (a leak makes the status 23). ASan
	# says each allocation it failed in its log ($tmp/asan.PID): at
	# least one is asked for, so a run that never reached the way out
	# cannot pass. The dump streams its rows and needs no block above
	# 512 KiB (a row at d 65536), so no ASan option can fail it (its
	# mmap_limit_mb aborts, its soft_rss_limit_mb is a timer's sample);
	# it must work, as under ulimit -v 10000 in the plain build.
	cause_status=71
	oom_asan="allocator_may_return_null=1:max_allocation_size_mb=1:detect_leaks=1:log_path=$tmp/asan"
	for m in "${mem_modes[@]}"; do
		swept=$((swept + 1))
		rm -f "$tmp"/asan.*
		# shellcheck disable=SC2086
		ASAN_OPTIONS=$oom_asan "$PESCOPE" $m >"$tmp/out" 2>"$tmp/err" </dev/null
		rc=$?
		name="ASan failing allocations above 1 MiB, $m"
		report=$(cat "$tmp"/asan.* 2>/dev/null | grep -m 3 'ERROR\|Sanitizer:\|SUMMARY')
		case $m in --dump\ *) want=0 ;; *) want=71 ;; esac
		if [ -n "$report" ]; then
			not_ok "$name: no sanitizer report" "status $rc: $report"
		elif [ "$rc" != "$want" ]; then
			not_ok "$name: status $want" "status $rc: $(head -c 300 "$tmp/err")"
		elif [ "$want" = 71 ] && ! grep -qE '^pescope: .*(out of memory|Cannot allocate memory)' "$tmp/err"; then
			not_ok "$name: one line naming the cause" "$(head -c 300 "$tmp/err")"
		elif [ "$want" = 71 ] && [ "$(wc -l <"$tmp/err")" != 1 ]; then
			not_ok "$name: one line" "$(head -c 300 "$tmp/err")"
		elif [ "$want" = 71 ] && ! cat "$tmp"/asan.* 2>/dev/null | grep -q 'failed to allocate'; then
			not_ok "$name: an allocation failed inside ASan" "no 'failed to allocate' in its log"
		else
			note=$(cut -c1-80 "$tmp/err")
			[ "$want" = 0 ] && note="works: no block above 1 MiB"
			ok "$name: status $rc, $note"
		fi
	done
fi
cause_status=71
for n in 4 5 6 7; do
	for m in "${all_modes[@]}"; do
		# shellcheck disable=SC2086
		sweep_case "$m" -n "$n" "Too many open files" 0 $m
	done
done
# ulimit -f 1: one KiB of file, standard output a file, standard error a
# pipe. The bench's line fits; everything else does not.
cause_status=74
for m in "${all_modes[@]}"; do
	okst=never
	case $m in --bench*) okst=0 ;; esac
	swept=$((swept + 1))
	# shellcheck disable=SC2086
	limited -f 1 $m >"$tmp/fout" 2> >(cat >"$tmp/err") </dev/null
	rc=$?
	wait
	if [ "$rc" = "$okst" ] || { [ "$rc" = 74 ] && grep -qE '^pescope: .*File too large$' "$tmp/err" &&
	   [ "$(wc -l <"$tmp/err")" = 1 ]; }; then
		ok "ulimit -f 1, $m: status $rc $(cut -c1-80 "$tmp/err")"
	else
		not_ok "ulimit -f 1, $m: 74 naming EFBIG" "status $rc: $(head -c 300 "$tmp/err")"
	fi
done

# The explorer and --lesson, which need a terminal: in tmux.
tty_case() { # NAME LIMIT VALUE CAUSE [ENV=VALUE...] -- ARGS...: starts and
	# quits with q, or ends with 71 and a line naming CAUSE
	local name=$1 lim=$2 val=$3 cause=$4 rc envs=()
	shift 4
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
	[ "${1:-}" = "--" ] && shift
	swept=$((swept + 1))
	rm -f "$TM_DIR/rc"
	# the limit in a subshell of its own: the pane's sh needs descriptors
	# above 10 to write the status file
	$TM new-session -d -s t -x 100 -y 30 "(ulimit $lim $val; exec env TERM=tmux-256color ${envs[*]} $(printf '%q ' "$PESCOPE" "$@")) 2>$tmp/tty.err; echo \$? > $TM_DIR/rc; sleep 60"
	tm_until 10 eval 'tm_shows "d_model=" || test -s "$TM_DIR/rc"'
	test -s "$TM_DIR/rc" || tm_keys q
	rc=$(tm_rc 10)
	# under ASan's failing allocator (tty_oom set): 71 only, no report,
	# and an allocation that failed
	if [ -n "${tty_oom:-}" ] && { [ "$rc" != 71 ] ||
	   grep -q 'ERROR\|Sanitizer:\|SUMMARY' "$tmp"/asan.* 2>/dev/null ||
	   ! cat "$tmp"/asan.* 2>/dev/null | grep -q 'failed to allocate'; }; then
		not_ok "ulimit $lim $val, $name: 71, no sanitizer report" "status $rc: $(head -c 200 "$tmp/tty.err") $(cat "$tmp"/asan.* 2>/dev/null | grep -m 3 'ERROR\|SUMMARY\|failed to')"
	elif [ "$rc" = 0 ] || { [ "$rc" = 71 ] && grep -qE "^pescope: .*($cause)" "$tmp/tty.err" &&
	   [ "$(wc -l <"$tmp/tty.err")" = 1 ]; }; then
		ok "ulimit $lim $val, $name: status $rc $(cut -c1-80 "$tmp/tty.err")"
	else
		not_ok "ulimit $lim $val, $name: works or 71 naming the cause" "status $rc: $(head -c 300 "$tmp/tty.err")"
	fi
	tm_stop
}
for n in 4 5 6; do
	tty_case "the explorer" -n "$n" "Too many open files" --
	tty_case "--lesson positions" -n "$n" "Too many open files" -- --lesson positions
done
if [ "$sanitized" = 0 ]; then
	tty_case "the explorer (1000x1000)" -v 10000 "out of memory|Cannot allocate memory" COLUMNS=1000 LINES=1000 --
	tty_case "--lesson positions" -v 10000 "out of memory|Cannot allocate memory" -- --lesson positions
else
	# ASan's allocator fails the blocks above 1 MiB instead (see above):
	# a 1000x1000 screen needs one (the canvas).
	tty_oom=1
	rm -f "$tmp"/asan.*
	tty_case "the explorer (1000x1000), ASan failing allocations above 1 MiB" -v unlimited \
		"out of memory|Cannot allocate memory" "ASAN_OPTIONS=$oom_asan" COLUMNS=1000 LINES=1000 --
	rm -f "$tmp"/asan.*
	tty_case "--lesson positions (1000x1000), ASan failing allocations above 1 MiB" -v unlimited \
		"out of memory|Cannot allocate memory" "ASAN_OPTIONS=$oom_asan" COLUMNS=1000 LINES=1000 -- --lesson positions
	tty_oom=
fi
echo "# limits: $swept cases swept"

# ---- names with escapes ----

esc=$'\e[31mred\e[2J\a\xc2\x9b1m'
mkdir -p "$tmp/ro"
for args in "--keys $tmp/no${esc}.keys" "--lesson $tmp/no${esc}.txt --snapshot" \
	"--dump csv -n 2 -d 2 -o $tmp/none/${esc}.csv" \
	"--dump-series wave -n 2 -o $tmp/none/${esc}.csv" \
	"--vector 1 -o $tmp/none/${esc}.txt" \
	"--export $tmp/none/${esc}.svg"; do
	IFS=' ' read -r -a a <<<"$args"
	"$PESCOPE" "${a[@]}" >/dev/null 2>"$tmp/err"
	shown=${args%% *}
	if [ -s "$tmp/err" ] && ! LC_ALL=C grep -qaP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$tmp/err" &&
	   grep -qF '\x1b[31mred\x1b[2J\x07\x9b1m' "$tmp/err"; then
		ok "$shown: a name with ESC, BEL and C1 CSI is printed escaped"
	else
		not_ok "$shown: the name is printed escaped" "$(cat -v "$tmp/err" | head -c 300)"
	fi
done

# ---- failure paths, exact statuses (and no leak under ASan) ----

printf 'key l\nbogus line\n' >"$tmp/bad.keys"
expect "--bench, TERM unknown" 69 env TERM=no-such-terminal "$PESCOPE" --bench --frames 2
expect "--bench, ulimit -n 5" 71 limited -n 5 --bench --frames 2
expect "--keys, no such file" 66 "$PESCOPE" --keys "$tmp/none.keys"
expect "--keys, a bad line" 65 "$PESCOPE" --keys "$tmp/bad.keys"
expect "--keys >/dev/full" 74 sh -c 'exec "$@" >/dev/full' sh "$PESCOPE" --keys "$tmp/ok.keys"
expect "--lesson, no such file" 66 "$PESCOPE" --lesson "$tmp/none/x.txt" --snapshot
expect "--lesson, no such lesson" 66 "$PESCOPE" --lesson no-such-lesson --snapshot
expect "--snapshot >/dev/full" 74 sh -c 'exec "$@" >/dev/full' sh "$PESCOPE" --snapshot
expect "--snapshot, a refused size" 64 "$PESCOPE" --snapshot --size 1001x10
expect "--export, no such folder" 73 "$PESCOPE" --export "$tmp/none/x.svg"
expect "--export, a name of no known format" 64 "$PESCOPE" --export "$tmp/x.gif"
expect "--dump >/dev/full" 74 sh -c 'exec "$@" >/dev/full' sh "$PESCOPE" --dump csv -n 10 -d 4
expect "--dump, no such folder" 73 "$PESCOPE" --dump csv -n 10 -d 4 -o "$tmp/none/x.csv"
expect "--dump-series >/dev/full" 74 sh -c 'exec "$@" >/dev/full' sh "$PESCOPE" --dump-series wave -n 10
expect "--dump-series, too long" 64 "$PESCOPE" --dump-series scores -n 4096 -d 65536
expect "--vector >/dev/full" 74 sh -c 'exec "$@" >/dev/full' sh "$PESCOPE" --vector 3
expect "--lessons >/dev/full" 74 sh -c 'exec "$@" >/dev/full' sh "$PESCOPE" --lessons
expect "--list-keys >/dev/full" 74 sh -c 'exec "$@" >/dev/full' sh "$PESCOPE" --list-keys
expect "--list views >/dev/full" 74 sh -c 'exec "$@" >/dev/full' sh "$PESCOPE" --list views
expect "--version >/dev/full" 74 sh -c 'exec "$@" >/dev/full' sh "$PESCOPE" --version
expect "the explorer, no terminal" 69 "$PESCOPE"
expect "the explorer, TERM unknown" 69 script -qec "TERM=no-such-terminal $PESCOPE 2>$tmp/x.err; exit \$?" /dev/null
expect "the explorer, TERM=dumb" 69 script -qec "TERM=dumb $PESCOPE 2>$tmp/x.err; exit \$?" /dev/null
check "the explorer, TERM=dumb: LeakSanitizer silent" test ! -s "$tmp/x.err" -o -z "$(grep -l Sanitizer "$tmp/x.err")"

# ---- absurd series ----

expect "--dump-series scores -n 4096 -d 65536 is refused" 64 "$PESCOPE" --dump-series scores -n 4096 -d 65536
check "... with its estimate in one line" grep -qE '^pescope: --dump-series scores at d_model 65536 and length 4096 is about [0-9]+ minutes of work on one core, more than the 60 seconds pescope starts without --force: add --force to run it$' "$tmp/err"
check "... and before it wrote a byte" test ! -s "$tmp/out"
expect "--dump csv -n 1e9 -d 65536 is refused" 64 "$PESCOPE" --dump csv -n 1e9 -d 65536 -o "$tmp/big.csv"
check "... and leaves no file" test ! -e "$tmp/big.csv"
expect "--dump-series similarity -n 1e9 is refused" 64 "$PESCOPE" --dump-series similarity -n 1e9
expect "--dump-series rope-bound -n 1e9 -d 4096 is refused" 64 "$PESCOPE" --dump-series rope-bound -n 1e9 -d 4096
expect "--dump-series scores -n 1024 -d 512 runs" 0 "$PESCOPE" --dump-series scores -n 1024 -d 512 -o "$tmp/s512.csv"
expect "--dump-series wave -n 1e6 runs" 0 "$PESCOPE" --dump-series wave -n 1e6 -o "$tmp/w.csv"
# --force starts it: its first rows arrive, then it is stopped.
"$PESCOPE" --dump csv -n 1e9 -d 65536 --force >"$tmp/force.csv" 2>/dev/null &
pid=$!
if tm_until 30 test -s "$tmp/force.csv"; then
	ok "--force starts a job above the bound (its first rows arrive)"
else
	not_ok "--force starts a job above the bound"
fi
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
# A progress line on a terminal's standard error (script gives one), none
# on a pipe.
script -qec "$PESCOPE --dump-series similarity -n 70000 -d 1024 -o $tmp/p.csv" /dev/null >"$tmp/tty.out" 2>&1
check "a long job on a terminal: a progress line with the time left" \
	grep -qE 'pescope: --dump-series similarity: [0-9]+%, about [0-9.]+ (seconds|minutes) left' "$tmp/tty.out"
"$PESCOPE" --dump-series similarity -n 70000 -d 1024 -o "$tmp/p.csv" 2>"$tmp/err"
check "... and none when standard error is not a terminal" test ! -s "$tmp/err"

finish
