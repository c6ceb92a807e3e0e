#!/usr/bin/env bash
# terminals.sh - every terminal type of Debian's ncurses-base and
# ncurses-term that pescope may meet (issue 22), in tmux with the output
# stream captured from its first byte:
#   - a type without cursor addressing (dumb) is refused: exit 69, one
#     line, not a byte of screen set-up;
#   - every other type starts, draws (the status line is in the stream:
#     tmux cannot show a vt52's screen), quits with q and exits 0;
#   - bracketed paste (?2004) only where the entry has BE/BD or the
#     terminal is of an xterm-like family, mouse reporting (?1000, ?1006)
#     only where it has XM or kmous or is of the family: a vt52 or vt100
#     never sees "?2004h"; and what was turned on is turned off again;
#   - both modes are on before the first frame shows (before the status
#     line's first byte), so a paste the moment the screen shows is one;
#   - a type without an alternate screen (vt100, linux) is cleared on exit,
#     with the cursor on an empty line.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
. "$here/rawterm.bash"
START="d_model=128 base=10000 len=128 pos=10 dim=0"

# has_cap TERM CAP: the entry of TERM has the capability CAP.
has_cap() { infocmp -x -1 "$1" 2>/dev/null | grep -qE "^[[:space:]]*$2[=,@#]"; }
family() {
	case $1 in xterm* | tmux* | screen* | rxvt* | st | st-* | kitty* | \
		alacritty* | foot* | putty*) return 0 ;; esac
	return 1
}

terms="dumb vt52 vt100 vt220 linux screen screen-256color tmux-256color
rxvt-unicode-256color xterm-256color xterm-direct putty st-256color kitty
alacritty foot"
swept=0 absent=""
for term in $terms; do
	if ! infocmp "$term" >/dev/null 2>&1; then
		absent="$absent $term"
		continue
	fi
	swept=$((swept + 1))
	if ! has_cap "$term" cup; then
		rt_start 100 30 "$term" -- 2>"$tmp/err"
		rc=$(tm_rc 10)
		if [ "$rc" = 69 ] && tm_wait "cannot move the cursor" 5 >/dev/null &&
		   rt_ended 10 && ! rt_has $'\e['; then
			ok "$term: refused, exit 69, one line, no screen set-up"
		else
			not_ok "$term: refused with exit 69" "status $rc, $(tm_screen | grep . | head -n 2)"
		fi
		tm_stop
		continue
	fi
	want_paste=0 want_mouse=0
	{ family "$term" || { has_cap "$term" BE && has_cap "$term" BD; }; } && want_paste=1
	{ family "$term" || has_cap "$term" XM || has_cap "$term" kmous; } && want_mouse=1
	rt_start 100 30 "$term" --
	# tmux shows what it understands, which a vt52's cursor moves are
	# not: the frame is looked for in the stream
	if ! rt_wait "d_model=128 " 10; then
		not_ok "$term: starts and draws" "$(head -c 300 "$RT_RAW" | cat -v)"
		tm_stop
		continue
	fi
	tm_keys q
	rc=$(tm_rc 10)
	check "$term: starts, draws, q exits 0 (status $rc)" test "$rc" = 0
	rt_ended 10 || true	# then the modes below are all it wrote
	modes=$(rt_modes | tr '\n' ' ')
	bad=""
	if [ "$want_paste" = 0 ]; then
		grep -q '?2004' <<<"$modes" && bad="$bad bracketed paste"
	else
		grep -q '?2004h .*?2004l' <<<"$modes" || bad="$bad paste not on then off"
	fi
	if [ "$want_mouse" = 0 ]; then
		grep -qE '\?10(00|02|03|06|15)' <<<"$modes" && bad="$bad mouse"
	else
		grep -qE '\?(1006;)?1000h .*\?(1006;)?1000l' <<<"$modes" || bad="$bad mouse not on then off"
	fi
	# an entry with kmous alone (X10 reports: the Linux console) is
	# asked for mode 1000 only
	if [ "$want_mouse" = 1 ] && ! family "$term" && ! has_cap "$term" XM &&
	   grep -qE '\?10(02|03|06|15)' <<<"$modes"; then
		bad="$bad modes beyond 1000 for an X10 mouse"
	fi
	if [ -z "$bad" ]; then
		ok "$term: only the modes it has (paste $want_paste, mouse $want_mouse), off again at the end"
	else
		not_ok "$term: only the modes it has (paste $want_paste, mouse $want_mouse)" "$bad: $modes"
	fi
	# On before the first frame: before the first byte of the status line.
	if [ "$want_paste" = 1 ]; then
		first=$(grep -aob 'pescope ' "$RT_RAW" | head -n 1 | cut -d: -f1)
		mode=$(grep -aobF $'\e[?2004h' "$RT_RAW" | head -n 1 | cut -d: -f1)
		if [ -n "$first" ] && [ -n "$mode" ] && [ "$mode" -lt "$first" ]; then
			ok "$term: paste mode on before the first frame (byte $mode < $first)"
		else
			not_ok "$term: paste mode on before the first frame" "mode at ${mode:-none}, frame at ${first:-none}"
		fi
	fi
	if ! has_cap "$term" smcup && [ "$term" = vt52 ]; then
		# tmux cannot show a vt52's screen: its clear (ESC H ESC J)
		# must come after the last frame's text
		clear=$(tput -T vt52 clear)
		last=$(grep -aob ': cmd' "$RT_RAW" | tail -n 1 | cut -d: -f1)
		cl=$(grep -aobF -- "$clear" "$RT_RAW" | tail -n 1 | cut -d: -f1)
		if [ -n "$cl" ] && [ -n "$last" ] && [ "$cl" -gt "$last" ]; then
			ok "$term (no alternate screen): the screen is cleared on exit"
		else
			not_ok "$term (no alternate screen): cleared on exit" "clear at ${cl:-none}, last text at ${last:-none}"
		fi
	elif ! has_cap "$term" smcup; then
		# what the shell sees after pescope: nothing of it, and the
		# cursor on an empty line
		left=$(tm_screen | grep -c 'pescope\|: cmd\|help')
		row=$($TM display -p -t t '#{cursor_y}')
		line=$(tm_screen | sed -n "$((row + 1))p")
		if [ "$left" = 0 ] && [ -z "${line// /}" ]; then
			ok "$term (no alternate screen): the screen is cleared on exit, cursor on an empty line"
		else
			not_ok "$term (no alternate screen): cleared on exit" "$left lines left; cursor line \"$line\""
		fi
	fi
	tm_stop
done
echo "# $swept terminal types swept${absent:+; not installed here:$absent}"
finish
