#!/usr/bin/env bash
# clipboard.sh - :cmdline copy (src/app/scene_file.c, io/term.h:
# term_clipboard) in tmux, with the program's output stream captured:
#   - plain :cmdline writes no OSC 52: nothing reaches a clipboard
#     uninvited;
#   - :cmdline copy writes ESC ] 52 ; c ; BASE64 BEL, the base64 (coreutils'
#     base64, an independent encoder) of the very command line a saved
#     scene holds on its second line, and tmux with set-clipboard on makes
#     a paste buffer of that line;
#   - the message says it was sent and that a terminal may ignore it.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
. "$here/rawterm.bash"
needs base64
export LC_ALL=C.UTF-8
look=(--theme dark --palette rdbu -d 64 --view spectrum)

# The command line of that screen, from a scene saved headless.
printf 'cmd save %s\n' "$tmp/s.scene" >"$tmp/save.keys"
"$PESCOPE" "${look[@]}" --keys "$tmp/save.keys" >/dev/null
want=$(sed -n '2s/^# //p' "$tmp/s.scene")
check "the scene's second line is a command line" \
	test "${want#pescope --view spectrum }" != "$want"
b64=$(printf %s "$want" | base64 -w0)

rt_start 200 30 tmux-256color -- "${look[@]}"
tm_wait "d_model=64" >/dev/null
$TM set -g set-clipboard on
tm_keys ':'; tm_keys -l 'cmdline'; tm_keys Enter
if tm_wait "$want"; then ok ":cmdline shows the line"; else not_ok ":cmdline shows the line"; fi
if rt_has $'\e]52;'; then not_ok "plain :cmdline writes no OSC 52"
else ok "plain :cmdline writes no OSC 52"; fi
tm_keys ':'; tm_keys -l 'cmdline copy'; tm_keys Enter
if rt_wait $'\e]52;c;'"$b64"$'\a'; then
	ok ":cmdline copy writes OSC 52 with the line's base64"
else
	not_ok ":cmdline copy writes OSC 52 with the line's base64"
fi
check ":cmdline copy: the message says it was sent and may be ignored" \
	tm_wait "sent to the clipboard by OSC 52 (a terminal may ignore it; tmux needs set -g set-clipboard on)"
got=$($TM show-buffer 2>/dev/null)
check ":cmdline copy: tmux's paste buffer holds the line" test "$got" = "$want"
check "one OSC 52 in all" test "$(grep -ac $'\e]52;' "$RT_RAW")" = 1
tm_keys q
rt_ended >/dev/null
finish
