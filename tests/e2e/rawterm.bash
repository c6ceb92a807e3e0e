# rawterm.bash - the bytes a program writes to its terminal, from the first
# one. Source it after tmux.bash.
#
#   rt_start W H TERM [ENV=VALUE ...] -- ARGS
#                       like tm_start, under TERM, with the pane's output
#                       stream captured into $RT_RAW (tmux pipe-pane) before
#                       pescope has written a byte
#   rt_has BYTES        true when the stream so far holds BYTES ($'\e[?2004h')
#   rt_wait BYTES [S]   poll until the stream holds BYTES
#   rt_ended [S]        poll until the stream holds all pescope wrote: the
#                       pane prints a mark once pescope has exited, and the
#                       capture (a cat that tmux feeds) can lag behind the
#                       exit status, so a test of the last bytes waits for it
#   rt_modes            the private modes set or reset so far, one a line
#                       (?2004h, ?1000l, ...), in order
RT_RAW=$TM_DIR/raw
RT_END="[the program has ended]"

rt_start() {
	local w=$1 h=$2 term=$3; shift 3
	local envs=()
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
	[ "${1:-}" = "--" ] && shift
	rm -f "$TM_DIR/rc" "$TM_DIR/go" "$RT_RAW"
	: >"$RT_RAW"
	local cmd
	cmd="env -u NO_COLOR -u COLORTERM TERM=$term LC_ALL=C.UTF-8 ${envs[*]} $(printf '%q ' "$PESCOPE" "$@")"
	# pescope starts once the capture is on ($TM_DIR/go)
	cmd="while [ ! -e $TM_DIR/go ]; do sleep 0.01; done; $cmd; echo \$? > $TM_DIR/rc; echo; echo '$RT_END'; sleep 60"
	$TM new-session -d -s t -x "$w" -y "$h" "$cmd"
	$TM pipe-pane -O -t t "cat >>$RT_RAW"
	touch "$TM_DIR/go"
}

rt_has() { grep -qaF -- "$1" "$RT_RAW"; }

rt_wait() {
	tm_until "${2:-10}" rt_has "$1" && return 0
	echo "# timed out waiting for the bytes: $(printf %q "$1")" >&2
	return 1
}

rt_ended() {
	tm_until "${1:-10}" rt_has "$RT_END" && return 0
	echo "# timed out waiting for the end of the program's output" >&2
	return 1
}

rt_modes() { grep -aoE $'\e\\[\\?[0-9;]+[hl]' "$RT_RAW" | cut -c2-; }
