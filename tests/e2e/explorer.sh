#!/usr/bin/env bash
# End-to-end tests of the interactive explorer in a real terminal (tmux):
# what needs one. The keys, ':' commands, views, help and clicks themselves
# are checked headless by the --keys scripts of tests/keys (keys.sh); here:
#   - start-up: the alternate screen, the cursor hidden, the mouse on, the
#     panels drawn in 256 colours (none with NO_COLOR);
#   - the keys that arrive as escape sequences (arrows, Home, End, PgUp,
#     PgDn, Shift-Tab, Esc) and Enter;
#   - resizes (SIGWINCH), mouse reports (SGR), signals, Ctrl-Z and fg;
#   - every way out restores the terminal with the documented status, and
#     without a usable terminal the explorer exits 69 with one line;
#   - a bad line of the settings file shows on the message line at start.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"

START="d_model=128 base=10000 len=128 pos=10 dim=0"

# ---- start-up ----
tm_start 120 40 --
if tm_wait "$START"; then ok "status line at start-up"; else not_ok "status line at start-up"; fi
check "start-up: alternate screen on, cursor hidden, mouse on" test "$(tm_flags)" = "1 0 1"
if tm_wait "Heatmap" 5 && tm_screen | grep -qF "Inspector"; then
	ok "start-up: the terminal shows the panels"
else
	not_ok "start-up: the terminal shows the panels"
fi
check "256 colours by default" grep -qE $'\e\\[[0-9;]*38;5;[0-9]+' <<<"$(tm_screen -e)"

# ---- keys that arrive as escape sequences ----
key_case() { # key_case NAME EXPECTED KEY...
	local name=$1 want=$2; shift 2
	tm_keys "$@"
	if tm_wait "$want" 5; then ok "terminal key $name"; else not_ok "terminal key $name" "wanted $want"; fi
}
key_case "Right moves right"    "pos=11 dim=0"         Right
key_case "Left moves left"      "pos=10 dim=0"         Left
key_case "End goes last"        "pos=127 dim=0"        End
key_case "Home goes first"      "pos=0 dim=0"          Home
key_case "PgDn pages"           "pos=12 dim=0"         NPage
key_case "PgUp pages"           "pos=0 dim=0"          PPage
key_case "Down next dim"        "pos=0 dim=1"          Down
key_case "Up previous dim"      "pos=0 dim=0"          Up
# From the first view, S-Tab wraps to the last one of the catalog, whichever
# it is (its bottom line starts with its name).
last_view=$("$PESCOPE" --list views | tail -n 1)
key_case "Shift-Tab previous view (the last, $last_view)" " $last_view: " BTab
key_case "Tab next view"        "Heatmap PE(pos, dim)" Tab
tm_keys ":"; tm_keys -l "d 768"; tm_keys Enter
if tm_wait "d_model=768 " 5; then ok "terminal key Enter runs a ':' command"; else not_ok "terminal key Enter runs a ':' command"; fi
before=$(tm_status)
tm_keys ":"; tm_keys -l "d 64"
tm_wait ":d 64" 5 >/dev/null
tm_keys Escape
if tm_wait_gone ":d 64" 5 && [ "$(tm_status)" = "$before" ]; then
	ok "terminal key Esc cancels the ':' line"
else
	not_ok "terminal key Esc cancels the ':' line" "$(tm_status)"
fi

# ---- resize ----
tm_resize 40 12
if tm_wait "terminal too small" 5; then ok "40x12 says too small"; else not_ok "40x12 says too small"; fi
tm_resize 120 40
if tm_wait "Heatmap" 5 && tm_wait "Inspector" 5; then ok "panels return after growing"; else not_ok "panels return after growing"; fi

# ---- quit restores the terminal ----
tm_keys q
rc=$(tm_rc)
check "q exits 0" test "$rc" = 0
check "q leaves alternate screen, shows cursor, mouse off" test "$(tm_flags)" = "0 1 0"
tm_stop

# ---- NO_COLOR ----
tm_start 100 30 NO_COLOR=1 --
tm_wait "$START" >/dev/null
if tm_screen -e | grep -qE $'\e\\[[0-9;]*(3[0-7]|4[0-7]|38|48)[;m]'; then
	not_ok "NO_COLOR shows no colour escapes"
else
	ok "NO_COLOR shows no colour escapes"
fi
check "NO_COLOR heatmap still drawn (density ramp)" grep -qE '[@#%*+=:.]{8}' <<<"$(tm_screen)"
tm_stop

# NO_COLOR set but empty means colour (no-color.org).
tm_start 100 30 NO_COLOR= --
tm_wait "$START" >/dev/null
check "NO_COLOR set but empty keeps colour" grep -qE $'\e\\[[0-9;]*38;5;[0-9]+' <<<"$(tm_screen -e)"
tm_stop

# ---- colour depth: COLORTERM and --colors ----
# depth_case NAME WANT [ENV=VALUE...] -- ARGS: the screen (capture-pane -e)
# has 24-bit colour sequences (WANT=24), 256-colour ones but no 24-bit
# (256), only the 8 basic colours (8), or no colour at all (0). tmux keeps
# the colours of each cell as the program sent them.
depth_case() {
	local name=$1 want=$2 scr got
	shift 2
	tm_start 100 30 "$@"
	tm_wait "$START" >/dev/null
	scr=$(tm_screen -e)
	if grep -qE $'\e\\[[0-9;]*[34]8;2;[0-9]+;[0-9]+;[0-9]+' <<<"$scr"; then got=24
	elif grep -qE $'\e\\[[0-9;]*[34]8;5;[0-9]+' <<<"$scr"; then got=256
	elif grep -qE $'\e\\[[0-9;]*[34][0-7][;m]' <<<"$scr"; then got=8
	else got=0; fi
	check "$name: $want-colour sequences (found $got)" test "$got" = "$want"
	tm_keys q
	check "$name: q exits 0 and restores the terminal" \
		test "$(tm_rc)" = 0 -a "$(tm_flags)" = "0 1 0"
	tm_stop
}
depth_case "COLORTERM=truecolor on tmux-256color" 24 COLORTERM=truecolor --
depth_case "COLORTERM=24bit on xterm-256color" 24 COLORTERM=24bit TERM=xterm-256color --
depth_case "no COLORTERM on tmux-256color" 256 --
depth_case "COLORTERM=yes is not a 24-bit claim" 256 COLORTERM=yes --
depth_case "--colors 24bit without COLORTERM" 24 -- --colors 24bit
depth_case "--colors 256 with COLORTERM=truecolor" 256 COLORTERM=truecolor -- --colors 256
depth_case "--colors 16" 8 -- --colors 16
depth_case "--colors mono" 0 COLORTERM=truecolor -- --colors mono
depth_case "NO_COLOR=1 with COLORTERM=truecolor" 0 NO_COLOR=1 COLORTERM=truecolor --
# 8 colours, 64 pairs (TERM=xterm): the help's white on blue still shows
# (the dark theme's: tmux answers no OSC 11, and auto would be any, whose
# help has no paper of its own).
# With nine codes (default and 0-7) made up front, the 81 combinations ran
# past the 64 pairs and everything in white lost its colours: the help's
# text sat on the terminal's default background. last_bg TEXT: the last
# background set before TEXT on the screen (capture-pane -e writes only
# the changes, across rows).
last_bg() {
	tm_screen -e | tr '\n' ' ' | sed "s/$1.*//" |
		grep -oE $'\e\\[[0-9;]*m' | grep -oE '(^|;|\[)4[0-9]m' | tail -n1 |
		grep -oE '4[0-9]'
}
tm_start 100 30 TERM=xterm -- --theme dark
tm_wait "$START" >/dev/null
tm_keys '?'
tm_wait "no knobs of its own" 5 >/dev/null
got=$(last_bg "no knobs of its own")
check "8 colours: the help's text on its blue background (found ${got:-none})" \
	test "$got" = 44
tm_stop
# The -direct entry still knows the keys: Home, End, PgDn, arrows.
tm_start 100 30 COLORTERM=truecolor --
tm_wait "$START" >/dev/null
tm_keys End
if tm_wait "pos=127 dim=0" 5; then tm_keys Home NPage Down
	tm_wait "pos=12 dim=1" 5 && ok "keys work with COLORTERM=truecolor (tmux-direct)" ||
		not_ok "keys work with COLORTERM=truecolor (tmux-direct)" "$(tm_status)"
else not_ok "keys work with COLORTERM=truecolor (tmux-direct)" "$(tm_status)"; fi
tm_stop
# --colors 24bit where no -direct entry exists: 256 colours, and it says so.
tm_start 100 30 TERM=screen-256color -- --colors 24bit
if tm_wait "--colors 24bit: this terminal's entry has less; showing 256" 5; then
	ok "--colors 24bit on screen-256color says it shows 256 colours"
else
	not_ok "--colors 24bit on screen-256color says it shows 256 colours"
fi
tm_stop

# ---- TERM=linux under the sanitizers ----
# ncurses loads the GPM mouse library for the Linux console, which leaks
# 10 bytes: tests/stress/lsan.supp names it, so a sanitizer build still
# exits 0 (a normal build passes trivially).
tm_start 100 30 TERM=linux --
tm_wait "$START" >/dev/null
tm_keys q
rc=$(tm_rc)
if [ "$rc" = 0 ] && ! tm_screen -S -60 | grep -q 'LeakSanitizer'; then
	ok "TERM=linux: q exits 0, no leak report"
else
	not_ok "TERM=linux: q exits 0, no leak report" "status $rc: $(tm_screen -S -60 | grep -m 3 -i 'leak\|#[0-9]')"
fi
tm_stop

# ---- mouse (xterm-256color: SGR mouse reports) ----
tm_start 120 40 TERM=xterm-256color --
tm_wait "$START" >/dev/null
# Click in the middle of the heatmap's width, on its second row.
tm_keys -l $'\e[<0;60;4M'
tm_keys -l $'\e[<0;60;4m'
if tm_wait_gone "pos=0 dim=0" 5 && tm_status | grep -qE 'pos=[1-9][0-9]* dim=[0-9]+'; then
	ok "mouse click selects a position"
else
	not_ok "mouse click selects a position" "$(tm_status)"
fi
tm_stop

# ---- signals ----
sig_case() { # sig_case NAME SIGNAL STATUS
	tm_start 100 30 --
	tm_wait "$START" >/dev/null
	if [ "$2" = INT ]; then tm_keys C-c; else kill -"$2" "$(tm_pid)"; fi
	local rc; rc=$(tm_rc)
	check "$1 exits $3" test "$rc" = "$3"
	check "$1 restores the terminal" test "$(tm_flags)" = "0 1 0"
	tm_stop
}
sig_case "Ctrl-C" INT 130
sig_case "SIGTERM" TERM 143
sig_case "SIGHUP" HUP 129
sig_case "SIGQUIT" QUIT 131

# ---- Ctrl-Z and fg ----
$TM new-session -d -s t -x 100 -y 30 "env -i PATH=$PATH HOME=$tmp TERM=tmux-256color LC_ALL=C.UTF-8 PS1='$ ' bash --norc --noprofile -i"
tm_wait '$' 5 >/dev/null	# the prompt (capture-pane drops its space)
tm_keys -l "$PESCOPE"; tm_keys Enter
tm_wait "$START" >/dev/null
tm_keys C-z
if tm_wait "Stopped" 5; then ok "Ctrl-Z suspends"; else not_ok "Ctrl-Z suspends"; fi
tm_keys -l "fg"; tm_keys Enter
if tm_wait "$START" 5 && tm_wait "Heatmap" 5; then ok "fg resumes with a full redraw"; else not_ok "fg resumes with a full redraw"; fi
tm_keys q
tm_stop

# ---- a bad settings line, on the message line at start ----
# On standard error it would be written under the screen and seen only
# after quitting.
mkdir -p "$tmp/badconf/pescope"
printf 'theme light\nbogus 3\n' >"$tmp/badconf/pescope/config"
tm_start 120 40 "XDG_CONFIG_HOME=$tmp/badconf" --
if tm_wait "$tmp/badconf/pescope/config:2: " 5 && tm_wait "$START" 5; then
	ok "a bad settings line shows on the message line at start"
else
	not_ok "a bad settings line shows on the message line at start"
fi
tm_keys q
tm_stop

# ---- no usable terminal: exit 69 with one line ----
no_tty() { # no_tty NAME CMD...: status 69, one line naming --snapshot
	local name=$1 err rc
	shift
	err=$("$@" 2>&1 </dev/null); rc=$?
	err=$(tr -d '\r' <<<"$err")
	if [ "$rc" = 69 ] && [ "$(wc -l <<<"$err")" = 1 ] && grep -q -- "--snapshot" <<<"$err"; then
		ok "$name"
	else
		not_ok "$name" "status $rc: $err"
	fi
}
no_tty "stdin not a terminal" env TERM=xterm "$PESCOPE"
no_tty "TERM unset" env -u TERM script -qec "$PESCOPE" /dev/null
no_tty "TERM unknown" env TERM=no-such-terminal script -qec "$PESCOPE" /dev/null
no_tty "TERM without cursor addressing" env TERM=dumb script -qec "$PESCOPE" /dev/null

finish
