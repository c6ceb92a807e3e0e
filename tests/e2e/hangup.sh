#!/usr/bin/env bash
# hangup.sh - the explorer's terminal goes away under it (issue 22, output
# that fails): its pty's other end is closed while SIGHUP is ignored (as
# under nohup) or while the pty is no controlling terminal (setsid), so no
# signal comes and every write and read of the terminal fails (EIO).
# ncurses drops its own write errors; the explorer must notice anyway and
# end with exit 74 and one line on standard error, keeping a --record
# script of what was typed, whether it was idle (no frame to write: the
# read notices), playing the sweep (a frame every 40 ms: the frame
# notices), in a lesson, or in Chinese. The old explorer spun at full CPU
# forever, its --record never written.
#
# The pty is tmux's pane: killing the tmux server closes its master side,
# which hangs the pane's terminal up. Run again on the sanitizer build by
# make test, where a leak on this way out would change 74 into 23.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
export LC_ALL=C.UTF-8
unset NO_COLOR COLORTERM
cd "$tmp" || exit 1

# hup_start HOW ARGS...: pescope ARGS in a fresh pane, standard error to
# $tmp/err, its status to $TM_DIR/rc. HOW is "nohup" (SIGHUP ignored, the
# pane its controlling terminal) or "setsid" (a session of its own: the
# pane is no controlling terminal of it, so the hang-up sends it nothing).
hup_start() {
	local how=$1 run
	shift
	rm -f "$TM_DIR/rc" "$tmp/err" "$tmp/pid"
	# sh writes the pid pescope will have, then becomes it
	run="sh -c 'echo \$\$ >$tmp/pid; exec \"\$0\" \"\$@\"' env TERM=tmux-256color $(printf '%q ' "$PESCOPE" "$@")"
	case $how in
	nohup) run="trap '' HUP; $run" ;;
	setsid) run="trap '' HUP; setsid -w $run" ;;
	esac
	# the shell ignores SIGHUP too, so that it lives to write the status
	$TM new-session -d -s t -x 100 -y 30 "$run 2>$tmp/err; echo \$? > $TM_DIR/rc"
}

# hang_up: closes the pane's pty (its master side) and waits for the
# server to be gone.
hang_up() { tm_stop; }

# expect_74 NAME: the explorer ended with 74 and the one line of a lost
# terminal (English unless $2 says zh).
expect_74() {
	local name=$1 line='^pescope: cannot write to the terminal: Input/output error$' rc
	[ "${2:-}" = zh ] && line='^pescope: 无法写入终端：'
	rc=$(tm_rc 20)
	reap
	if [ "$rc" != 74 ]; then
		not_ok "$name: exit 74" "status $rc: $(head -c 300 "$tmp/err" 2>/dev/null)"
	elif [ "$(wc -l <"$tmp/err")" != 1 ] || ! grep -qE "$line" "$tmp/err"; then
		not_ok "$name: exit 74 and one line" "$(head -c 300 "$tmp/err")"
	else
		ok "$name: exit 74, $(cat "$tmp/err")"
	fi
}

# An explorer that did not notice would run on at full CPU: ended here.
at_exit 'reap'
reap() {
	local pid
	pid=$(cat "$tmp/pid" 2>/dev/null)
	case $pid in '' | *[!0-9]*) return 0 ;; esac
	kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
	rm -f "$tmp/pid"
}

swept=0
for how in nohup setsid; do
	# Idle: nothing changes, so no frame is written; the read notices.
	swept=$((swept + 1))
	hup_start "$how"
	tm_wait "d_model=" && hang_up
	expect_74 "$how, idle explorer, its pty closed"

	# Playing the sweep: a frame every 40 ms.
	swept=$((swept + 1))
	hup_start "$how"
	tm_wait "d_model=" && tm_keys Space && tm_wait "[playing]" && hang_up
	expect_74 "$how, the sweep playing, its pty closed"
done

# A lesson, and Chinese.
swept=$((swept + 1))
hup_start nohup --lesson positions
tm_wait "d_model=" && hang_up
expect_74 "nohup, --lesson positions, its pty closed"
swept=$((swept + 1))
hup_start nohup --lang zh
tm_wait "d_model=" && hang_up
expect_74 "nohup, --lang zh, its pty closed" zh

# --record: the keys typed up to the hang-up are kept, as q would have
# kept them, and replay to the screen that was shown.
swept=$((swept + 1))
hup_start nohup --record "$tmp/rec.keys"
tm_wait "d_model=" && tm_keys 2 && tm_wait "Spectrum:" && tm_keys Right Right &&
	tm_wait "pos=12" && hang_up
expect_74 "nohup, --record, its pty closed"
if [ -s "$tmp/rec.keys" ] && grep -q '^key 2$' "$tmp/rec.keys" &&
   [ "$(grep -c '^key Right$' "$tmp/rec.keys")" = 2 ]; then
	ok "--record: the script of the session that lost its terminal is written"
else
	not_ok "--record: the script is written" "$(ls -a "$tmp" | tr '\n' ' ') $(head -c 300 "$tmp/rec.keys" 2>/dev/null)"
fi
"$PESCOPE" --keys "$tmp/rec.keys" --snapshot --size 100x30 >"$tmp/replay.txt" 2>&1
if grep -qF "pos=12" "$tmp/replay.txt" && grep -qF "Spectrum:" "$tmp/replay.txt"; then
	ok "--record: the script replays to the screen that was shown"
else
	not_ok "--record: the script replays to the screen shown" "$(head -c 300 "$tmp/replay.txt")"
fi
check "--record: no temporary file is left" test -z "$(ls -a "$tmp" | grep '^\.pescope-')"

echo "# hangup: $swept sessions hung up"
finish
