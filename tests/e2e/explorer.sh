#!/usr/bin/env bash
# End-to-end tests of the interactive explorer, driving the real binary in
# tmux: start-up, each key family, ':' commands, help, resize, colour, mouse,
# and every way out restoring the terminal with the documented status.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"

START="d_model=512 base=10000 len=128 pos=0 dim=0"

# ---- start-up: panels and status line ----
tm_start 120 40 --
if tm_wait "$START"; then ok "status line at start-up"; else not_ok "status line at start-up"; fi
scr=$(tm_screen)
for panel in Heatmap Waveforms Similarity Inspector "? help"; do
	check "start-up shows $panel" grep -qF "$panel" <<<"$scr"
done
check "status line is the top row" grep -qF "$START" <<<"$(tm_status)"

# ---- key families ----
key_case() { # key_case NAME EXPECTED KEY...
	local name=$1 want=$2; shift 2
	tm_keys "$@"
	if tm_wait "$want" 5; then ok "key $name"; else not_ok "key $name" "wanted $want"; fi
}
key_case "l moves right"        "pos=1 dim=0"          l
key_case "Right moves right"    "pos=2 dim=0"          Right
key_case "h moves left"         "pos=1 dim=0"          h
key_case "End goes last"        "pos=127 dim=0"        End
key_case "Home goes first"      "pos=0 dim=0"          Home
key_case "PgDn pages"           "pos=12 dim=0"         NPage
key_case "PgUp pages"           "pos=0 dim=0"          PPage
key_case "j next dim"           "pos=0 dim=1"          j
key_case "Down next dim"        "pos=0 dim=2"          Down
key_case "k previous dim"       "pos=0 dim=1"          k
key_case "] d_model +2"         "d_model=514 base"     ]
key_case "[ d_model -2"         "d_model=512 base"     [
key_case "} d_model x2"         "d_model=1024 base"    "}"
key_case "{ d_model /2"         "d_model=512 base"     "{"
key_case ". base up a quarter"  "base=17782.8 "        .
key_case ", base down a quarter" "base=10000 "         ,
key_case "> base x10"           "base=100000 "         ">"
key_case "< base /10"           "base=10000 "          "<"
key_case "= length x2"          "len=256 "             =
key_case "- length /2"          "len=128 "             -
key_case "+ length x10"         "len=1280 "            +
key_case "_ length /10"         "len=128 "             _
key_case "t layout"             "concat"               t
key_case "r resets"             "$START  interleaved"  r

# ---- ':' commands ----
cmd_case() { # cmd_case COMMAND EXPECTED
	tm_keys ":" ; tm_keys -l "$1"; tm_keys Enter
	if tm_wait "$2" 5; then ok ":$1"; else not_ok ":$1" "wanted $2"; fi
}
cmd_case "d 768"            "d_model=768 "
cmd_case "base 5e5"         "base=500000 "
cmd_case "len 4096"         "len=4096 "
cmd_case "pos 1000"         "pos=1000 "
cmd_case "dim 10"           "dim=10"
cmd_case "layout concat"    "concat"
cmd_case "layout interleaved" "interleaved"
before=$(tm_status)
tm_keys ":"; tm_keys -l "d 513"; tm_keys Enter
if tm_wait "d_model must be an even integer" 5 && [ "$(tm_status)" = "$before" ]; then
	ok ":d 513 shows an error and changes nothing"
else
	not_ok ":d 513 shows an error and changes nothing"
fi
tm_keys ":"; tm_keys -l "d 64"; tm_keys Escape
sleep 0.3
check "Esc cancels the ':' line" test "$(tm_status)" = "$before"

# ---- views: each by its key and by :view ----
tm_keys ":"; tm_keys -l "reset"; tm_keys Enter
view_keys=(1 2 3 4 5 6 7 8)
view_names=(explore spectrum clocks bands layouts context bugs vector)
view_titles=("Heatmap PE(pos, dim)" "Spectrum: the wavelength" "Clocks: pairs turn"
	"Bands: similarity over all" "Interleaved (paper)" "Presets (m / M)"
	"Mistake 1/6" "Vector PE(")
for i in 7 6 5 4 3 2 1 0; do
	tm_keys "${view_keys[$i]}"
	if tm_wait "${view_titles[$i]}" 5; then ok "key ${view_keys[$i]} opens ${view_names[$i]}"; else not_ok "key ${view_keys[$i]} opens ${view_names[$i]}"; fi
done
for i in 1 2 3 4 5 6 7 0; do
	tm_keys ":"; tm_keys -l "view ${view_names[$i]}"; tm_keys Enter
	if tm_wait "${view_titles[$i]}" 5; then ok ":view ${view_names[$i]}"; else not_ok ":view ${view_names[$i]}"; fi
done
tm_keys ":"; tm_keys -l "view nowhere"; tm_keys Enter
if tm_wait 'no view called "nowhere"' 5; then ok ":view with a bad name says so"; else not_ok ":view with a bad name says so"; fi

# ---- help overlay ----
tm_keys "?"
if tm_wait "Help: keys and commands" 5 && tm_screen | grep -qF "d_model -2 / +2"; then
	ok "? shows the help from the key table"
else
	not_ok "? shows the help from the key table"
fi
tm_keys Escape
if tm_wait_gone "Help: keys and commands" 5; then ok "Esc closes the help"; else not_ok "Esc closes the help"; fi

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

# ---- colour by default ----
tm_start 100 30 --
tm_wait "$START" >/dev/null
check "256 colours by default" grep -qE $'\e\\[[0-9;]*38;5;[0-9]+' <<<"$(tm_screen -e)"
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
$TM new-session -d -s t -x 100 -y 30 "env -i PATH=$PATH HOME=/tmp TERM=tmux-256color LC_ALL=C.UTF-8 PS1='$ ' bash --norc --noprofile -i"
sleep 0.3
tm_keys -l "$PESCOPE"; tm_keys Enter
tm_wait "$START" >/dev/null
tm_keys C-z
if tm_wait "Stopped" 5; then ok "Ctrl-Z suspends"; else not_ok "Ctrl-Z suspends"; fi
tm_keys -l "fg"; tm_keys Enter
if tm_wait "$START" 5 && tm_wait "Heatmap" 5; then ok "fg resumes with a full redraw"; else not_ok "fg resumes with a full redraw"; fi
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
