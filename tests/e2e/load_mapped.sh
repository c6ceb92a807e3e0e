#!/usr/bin/env bash
# load_mapped.sh - --load maps its file and reads the numbers where they
# lie (io/matrix_file.h), never copying them. A file that another program
# shortens while the explorer shows it takes those pages away: the next
# read raises SIGBUS, which must end pescope with the terminal put back
# (no alternate screen) and one line naming the file, status 128 + 7;
# so must a file :open read in place of the first.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
export LC_ALL=C.UTF-8
cd "$tmp" || exit 1
if ! "$PY" -c 'import numpy' 2>/dev/null; then
	not_ok "NumPy available to write the matrix" "install python3-numpy (make check does)"
	finish
fi
"$PY" "$here/load_ref.py" synthetic "$tmp/shrinks.npy" 1024 64

# Under the sanitizers the handler pescope hands the fault back to is
# AddressSanitizer's, which reports it and ends with a status of its own;
# handle_sigbus=0 leaves the default there, as in any other build.
tm_start 100 30 "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_sigbus=0" \
	-- --load "$tmp/shrinks.npy"
if ! tm_wait "loaded from shrinks.npy" 20; then
	not_ok "the explorer shows the matrix" "$(tm_screen | head -5)"
	finish
fi
# the header stays, every number goes
truncate -s 128 "$tmp/shrinks.npy"
tm_keys Right z z Down
rc=$(tm_rc 20)
check "a file shortened under the explorer: status 135 (SIGBUS)" test "$rc" = 135
check "the terminal put back: no alternate screen" \
	test "$(tm_flags | cut -d' ' -f1)" = 0
check "one line names the file" tm_until 5 tm_shows \
	"pescope: $tmp/shrinks.npy: the file shrank while pescope read it (SIGBUS)"

# A matrix that :open reads (a scene naming it) replaces the one shown,
# which is unmapped: the line then names the new file, shortened the same
# way under the explorer.
tm_stop
"$PY" "$here/load_ref.py" synthetic "$tmp/first.npy" 64 16
"$PY" "$here/load_ref.py" synthetic "$tmp/opened.npy" 1024 64
printf '# pescope scene 1\nload: opened.npy\n== scene\n: view explore\n' \
	>"$tmp/o.scene"
tm_start 100 30 "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_sigbus=0" \
	-- --load "$tmp/first.npy"
if ! tm_wait "loaded from first.npy" 20; then
	not_ok "the explorer shows the first matrix" "$(tm_screen | head -5)"
	finish
fi
tm_keys :
tm_keys -l "open o.scene"
tm_keys Enter
check ":open of a scene naming a matrix shows it" \
	tm_wait "opened.npy  d_model=64 len=1024" 20
truncate -s 128 "$tmp/opened.npy"
tm_keys Right z z Down
rc=$(tm_rc 20)
check "the opened file shortened: status 135 (SIGBUS)" test "$rc" = 135
check "one line names the opened file" tm_until 5 tm_shows \
	"pescope: opened.npy: the file shrank while pescope read it (SIGBUS)"
finish
