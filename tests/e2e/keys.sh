#!/usr/bin/env bash
# keys.sh - the explorer's interaction without a terminal. Every
# tests/keys/NAME.keys is a `pescope --keys` script (src/app/script.h: key,
# text, cmd, click, wheel, resize and tick lines) run headless with
# --snapshot, through the same key -> state -> frame path as the explorer.
# Its last screen, then its status line, must equal tests/keys/NAME.ref byte
# for byte, and the facts it states on the way must hold.
#
# Checks are comment lines, so a .keys file stays a plain script that
# `pescope --keys FILE --snapshot` runs by hand:
#   #args ARGS           pescope's options for the script (--size, --lesson,
#                        --lang...; words split on blanks), before any event;
#                        the default is the explorer's start: 120x40
#   #shows NAME => TEXT  at this line, the screen shows TEXT
#   #hides NAME => TEXT  at this line, the screen does not show TEXT
#   #top NAME => TEXT    at this line, the top row (the status bar) shows TEXT
#   #status NAME => LINE at this line, the status line is exactly LINE
# "The screen" is what --keys --snapshot prints: the screen rows, then the
# status line. A check runs the lines above it (head -n) as a script of its
# own; every run must exit 0 and print nothing on stderr. The output of each
# is "ok keys NAME: CHECK" or "not ok keys NAME: CHECK", and a failing
# comparison with the .ref shows the row and column of the first
# difference, diff -u and the command that rewrites it (golden.bash).
#
# After an intended change of the screen, rewrite the .ref files on purpose:
#   UPDATE_GOLDEN=1 PESCOPE=$PWD/pescope tests/e2e/keys.sh [NAME...]
# and review the diff as a picture (the facts are still checked then).
# With NAMEs, only those scripts run.
set -u
TAP_PREFIX=keys
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
source "$(dirname "${BASH_SOURCE[0]:-$0}")/golden.bash"
: "${PESCOPE:?set PESCOPE to the binary under test}"
dir=$(cd "$(dirname "$0")/../keys" && pwd)
export LC_ALL=C.UTF-8


# run LINES: runs the first LINES lines of $script (all with "all") with
# $args into $tmp/out, stderr into $tmp/err; false with a reason in $why
# when pescope fails.
run() {
	local rc
	if [ "$1" = all ]; then
		cat "$script"
	else
		head -n "$1" "$script"
	fi | "$PESCOPE" --keys - --snapshot --color never "${args[@]}" \
		>"$tmp/out" 2>"$tmp/err"
	rc=${PIPESTATUS[1]}
	why=""
	if [ "$rc" -ne 0 ]; then
		why="status $rc: $(head -c 300 "$tmp/err")"
	elif [ -s "$tmp/err" ]; then
		why="stderr: $(head -c 300 "$tmp/err")"
	fi
	[ -z "$why" ]
}

# check KIND NAME TEXT LINE: one check of the script at line LINE.
check_at() {
	local kind=$1 name=$2 text=$3 line=$4 got
	if ! run "$line"; then
		not_ok "$base: $name" "$why"
		return
	fi
	case $kind in
	shows) grep -qF -- "$text" "$tmp/out" ;;
	hides) ! grep -qF -- "$text" "$tmp/out" ;;
	top) head -n 1 "$tmp/out" | grep -qF -- "$text" ;;
	status) [ "$(tail -n 1 "$tmp/out")" = "$text" ] ;;
	esac
	if [ $? -eq 0 ]; then
		ok "$base: $name"
	else
		case $kind in
		hides) got="the screen shows it" ;;
		top) got="the top row is: $(head -n 1 "$tmp/out")" ;;
		*) got="the status line is: $(tail -n 1 "$tmp/out")" ;;
		esac
		not_ok "$base: $name" "wanted $kind \"$text\"; $got"
	fi
}

# One script: its checks in order, then the whole against the .ref.
run_script() {
	local n=0 line kind rest name text
	script=$1
	base=$(basename "$script" .keys)
	args=()
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		line=${line%$'\r'}
		case $line in
		'#args '*)
			read -ra args <<<"${line#\#args }" ;;
		'#shows '* | '#hides '* | '#top '* | '#status '*)
			kind=${line%% *} kind=${kind#\#}
			rest=${line#* }
			if [[ $rest != *' => '* ]]; then
				not_ok "$base: line $n" "a check needs NAME => TEXT"
				continue
			fi
			name=${rest%% => *} text=${rest#* => }
			check_at "$kind" "$name" "$text" "$n" ;;
		'#'[a-z]*)
			not_ok "$base: line $n" "unknown check \"${line%% *}\"" ;;
		esac
	done <"$script"

	if ! run all; then
		not_ok "$base: the whole script runs" "$why"
	elif [ "${UPDATE_GOLDEN:-}" = 1 ]; then
		cp "$tmp/out" "${script%.keys}.ref"
		ok "$base: the last screen (updated $base.ref)"
	elif [ ! -f "${script%.keys}.ref" ]; then
		not_ok "$base: the last screen" "no $base.ref (make it with UPDATE_GOLDEN=1)"
	elif cmp -s "$tmp/out" "${script%.keys}.ref"; then
		ok "$base: the last screen equals $base.ref"
	else
		not_ok "$base: the last screen equals $base.ref"
		golden_explain "${script%.keys}.ref" "$tmp/out" \
			"UPDATE_GOLDEN=1 PESCOPE=\$PWD/pescope tests/e2e/keys.sh $base"
	fi
}

if [ $# -gt 0 ]; then
	for name in "$@"; do run_script "$dir/${name%.keys}.keys"; done
else
	for script in "$dir"/*.keys; do run_script "$script"; done
fi
finish
