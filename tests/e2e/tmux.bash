# tmux.bash - helpers for end-to-end tests that drive the real binary in tmux.
# Source it; it needs $PESCOPE. It sources tap.bash (ok, not_ok, check,
# at_exit, finish, $tmp).
#
#   tm_start W H [ENV=VALUE ...] -- ARGS   start pescope in a fresh tmux server
#   tm_keys KEY...                         send keys (tmux send-keys syntax)
#   tm_wait TEXT [SECONDS]                 poll the screen until TEXT shows
#   tm_until SECONDS COMMAND...            poll until COMMAND succeeds
#   tm_screen                              print the screen (add -e for colour)
#   tm_status                              the pescope status line (row 0)
#   tm_rc [SECONDS]                        wait for the exit status, print it
#   tm_flags                               "alternate cursor mouse" flags
#   tm_stop                                kill the tmux server
# Every wait polls with a deadline; none is a bare sleep.
set -u
: "${PESCOPE:?set PESCOPE to the binary under test}"
source "$(dirname "${BASH_SOURCE[0]}")/tap.bash"
needs tmux
TM_DIR=$(mktemp -d)
TM="tmux -S $TM_DIR/sock -f /dev/null"
at_exit 'tm_stop; rm -rf "$TM_DIR"'

tm_start() {
	local w=$1 h=$2; shift 2
	local envs=()
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
	[ "${1:-}" = "--" ] && shift
	rm -f "$TM_DIR/rc"
	local cmd
	cmd="env -u NO_COLOR -u COLORTERM TERM=tmux-256color LC_ALL=C.UTF-8 ${envs[*]} $(printf '%q ' "$PESCOPE" "$@")"
	cmd="$cmd; echo \$? > $TM_DIR/rc; sleep 60"
	$TM new-session -d -s t -x "$w" -y "$h" "$cmd"
}

tm_keys() { $TM send-keys -t t "$@"; }
tm_screen() { $TM capture-pane -p -t t "$@"; }
tm_status() { tm_screen | head -n 1; }
tm_flags() { $TM display -p -t t '#{alternate_on} #{cursor_flag} #{mouse_any_flag}'; }
tm_resize() { $TM resize-window -t t -x "$1" -y "$2"; }

tm_until() { # tm_until SECONDS COMMAND...: true once COMMAND succeeds
	local deadline=$(( $(date +%s) + $1 ))
	shift
	while [ "$(date +%s)" -le "$deadline" ]; do
		"$@" && return 0
		sleep 0.02
	done
	return 1
}

tm_shows() { tm_screen | grep -qF -- "$1"; }
tm_hides() { ! tm_shows "$1"; }

tm_wait() { # tm_wait TEXT [SECONDS]: true once TEXT is on the screen
	tm_until "${2:-10}" tm_shows "$1" && return 0
	echo "# timed out waiting for: $1" >&2
	tm_screen | sed 's/^/# /' >&2
	return 1
}

tm_wait_gone() { # tm_wait_gone TEXT [SECONDS]: true once TEXT is off the screen
	tm_until "${2:-10}" tm_hides "$1"
}

tm_rc() { # print the exit status once the program has ended
	if tm_until "${1:-10}" test -s "$TM_DIR/rc"; then
		cat "$TM_DIR/rc"
	else
		echo timeout
	fi
}

tm_pid() { # pid of pescope: the child of this pane's shell (never another
	# test's pescope, even when several suites run at once)
	pgrep -P "$($TM display -p -t t '#{pane_pid}')" -n
}

# tm_gone PID: true once PID has ended. A zombie has ended too: it holds no
# socket and no terminal, and an orphaned one can wait seconds for init to
# reap it (in some containers), which is no reason for a test to wait.
tm_gone() {
	local st=""
	kill -0 "$1" 2>/dev/null || return 0
	{ read -r st <"/proc/$1/stat"; } 2>/dev/null	# PID (NAME) STATE ...
	st=${st##*) }
	[ "${st%% *}" = Z ]
}

# tm_tree PID: PID and every process under it, read from /proc (procps may
# be missing on a bare machine).
tm_tree() {
	local f st ppid kids=() k
	echo "$1"
	for f in /proc/[0-9]*/stat; do
		{ read -r st <"$f"; } 2>/dev/null || continue
		st=${st##*) }	# STATE PPID ...
		ppid=${st#* }
		ppid=${ppid%% *}
		[ "$ppid" = "$1" ] || continue
		k=${f#/proc/}
		kids+=("${k%/stat}")
	done
	for k in "${kids[@]}"; do tm_tree "$k"; done
}

tm_stop() { # kill the tmux server and wait until it is gone, so that the
	# next tm_start on the same socket never meets a dying server; then
	# wait for what ran in its pane to end of the hang-up, and kill what
	# has not within 10 s: a sanitizer build stuck in LeakSanitizer's
	# exit check (seen under load) would spin for the rest of the run
	local spid pane pids=() p
	spid=$($TM display -p -t t '#{pid}' 2>/dev/null)
	pane=$($TM display -p -t t '#{pane_pid}' 2>/dev/null)
	case $pane in '' | *[!0-9]*) ;; *) mapfile -t pids < <(tm_tree "$pane") ;; esac
	$TM kill-server 2>/dev/null || true
	case $spid in '' | *[!0-9]*) ;; *) tm_until 10 tm_gone "$spid" ;; esac
	for p in "${pids[@]}"; do
		tm_until 10 tm_gone "$p" && continue
		echo "# tm_stop: pid $p outlived the hang-up by 10 s: killed"
		kill -9 "$p" 2>/dev/null
	done
	return 0
}

