#!/usr/bin/env bash
# settings.sh - the settings file (src/app/settings_file.h) on the real
# binary $PESCOPE, each case in a configuration folder of its own
# ($XDG_CONFIG_HOME/pescope/config, or ~/.config/pescope/config):
#   - `theme light` in it makes a start light (the same screen, colours
#     included, as --theme light), and --theme dark on the command line
#     still wins; --no-config leaves it unread; a --dump ignores it;
#   - a scene's theme, palette and language win over the file's, and the
#     command line's over the scene's;
#   - a bad line is one message naming FILE:LINE, the rest applies and the
#     exit status is unchanged; an ESC byte in it is never printed as one;
#     in Chinese under --lang zh, and after the file's own `lang zh` (in
#     English before it, and under --lang en);
#   - a file that cannot be read (a folder, over 1 MiB) is one line, and
#     the start is the defaults';
#   - :save-settings in a --keys script writes the look, keeps the file's
#     other lines, and the next start has that look; a theme or palette
#     nobody chose (found on the terminal, a default) it leaves out, and
#     says which words it wrote; when the write fails
#     the old file stays whole and no temporary is left;
#   - --list config lists its words, each a long option of --help.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
export LC_ALL=C.UTF-8
: "${PESCOPE:?set PESCOPE to the binary under test}"
shot=(--snapshot --size 80x24 --color always)

# conf DIR LINE...: a settings file in DIR (the XDG_CONFIG_HOME of a case)
conf() {
	local d=$1; shift
	mkdir -p "$d/pescope"
	printf '%s\n' "$@" >"$d/pescope/config"
}
# with DIR ARGS...: pescope with XDG_CONFIG_HOME=DIR, stdout to $tmp/out,
# stderr to $tmp/err; its status in $rc
with() {
	local d=$1; shift
	XDG_CONFIG_HOME=$d "$PESCOPE" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}
# The references: the screens without any settings file.
none=$tmp/none
XDG_CONFIG_HOME=$none "$PESCOPE" "${shot[@]}" >"$tmp/default"
XDG_CONFIG_HOME=$none "$PESCOPE" "${shot[@]}" --theme light >"$tmp/light"
XDG_CONFIG_HOME=$none "$PESCOPE" "${shot[@]}" --theme dark >"$tmp/dark"
if cmp -s "$tmp/light" "$tmp/dark"; then not_ok "light and dark screens differ"
else ok "light and dark screens differ"; fi

# ---- a light theme in the file ----
conf "$tmp/a" "# mine" "theme light"
with "$tmp/a" "${shot[@]}"
check "theme light in the file: a light start" cmp -s "$tmp/out" "$tmp/light"
check "a good file says nothing" test "$rc" = 0 -a ! -s "$tmp/err"
with "$tmp/a" "${shot[@]}" --theme dark
check "--theme dark wins over the file" cmp -s "$tmp/out" "$tmp/dark"
with "$tmp/a" "${shot[@]}" --no-config
check "--no-config: the file is not read" cmp -s "$tmp/out" "$tmp/default"
# ~/.config/pescope/config when XDG_CONFIG_HOME is unset or relative
mkdir -p "$tmp/home/.config" && cp -r "$tmp/a/pescope" "$tmp/home/.config/"
env -u XDG_CONFIG_HOME HOME="$tmp/home" "$PESCOPE" "${shot[@]}" >"$tmp/out"
check "without XDG_CONFIG_HOME, ~/.config/pescope/config" \
	cmp -s "$tmp/out" "$tmp/light"
XDG_CONFIG_HOME=rel HOME="$tmp/home" "$PESCOPE" "${shot[@]}" >"$tmp/out"
check "a relative XDG_CONFIG_HOME is ignored" cmp -s "$tmp/out" "$tmp/light"

# ---- the order: the command line, then a scene, then the file ----
# A scene saved dark, rdbu, in Chinese; the file says light, puor, en.
sc=$tmp/order.scene
printf '# pescope scene 1\ntheme: dark\npalette: rdbu\nlang: zh\n== scene\n: view spectrum\n' >"$sc"
conf "$tmp/o" "theme light" "palette puor" "lang en"
XDG_CONFIG_HOME=$none "$PESCOPE" "${shot[@]}" --view spectrum --theme dark \
	--palette rdbu --lang zh -d 512 -p 0 >"$tmp/want"
with "$tmp/o" "${shot[@]}" --scene "$sc"
check "a scene's theme, palette and language win over the file's" \
	cmp -s "$tmp/out" "$tmp/want"
XDG_CONFIG_HOME=$none "$PESCOPE" "${shot[@]}" --view spectrum --theme light \
	--palette puor --lang en -d 512 -p 0 >"$tmp/want"
with "$tmp/o" "${shot[@]}" --scene "$sc" --theme light --palette puor \
	--lang en
check "the command line's win over the scene's" cmp -s "$tmp/out" "$tmp/want"
printf '# pescope scene 1\n== scene\n: view spectrum\n' >"$sc"
XDG_CONFIG_HOME=$none "$PESCOPE" "${shot[@]}" --view spectrum --theme light \
	--palette puor -d 512 -p 0 >"$tmp/want"
with "$tmp/o" "${shot[@]}" --scene "$sc"
check "a scene without a look: the file's" cmp -s "$tmp/out" "$tmp/want"

# ---- start values, and the modes that draw nothing ----
conf "$tmp/b" "d-model 64" "view spectrum" "palette puor"
with "$tmp/b" "${shot[@]}"
XDG_CONFIG_HOME=$none "$PESCOPE" "${shot[@]}" -d 64 --view spectrum \
	--palette puor >"$tmp/want"
check "start values: d-model, view, palette" cmp -s "$tmp/out" "$tmp/want"
with "$tmp/b" "${shot[@]}" -d 32
XDG_CONFIG_HOME=$none "$PESCOPE" "${shot[@]}" -d 32 --view spectrum \
	--palette puor >"$tmp/want"
check "-d on the command line wins over d-model" cmp -s "$tmp/out" "$tmp/want"
with "$tmp/b" --dump csv -n 4
XDG_CONFIG_HOME=$none "$PESCOPE" --dump csv -n 4 >"$tmp/want"
check "a --dump ignores the settings file" cmp -s "$tmp/out" "$tmp/want"

# ---- bad lines: FILE:LINE once each, the rest applied ----
conf "$tmp/c" "theme light" "bogus 3" "d-model 7" "present maybe" \
	"palette $(printf '\033')[31m"
with "$tmp/c" "${shot[@]}"
f=$tmp/c/pescope/config
check "bad lines: the status is unchanged" test "$rc" = 0
check "bad lines: the rest applies" cmp -s "$tmp/out" "$tmp/light"
check "bad lines: one message each, naming FILE:LINE" \
	test "$(wc -l <"$tmp/err")" = 4 -a \
	"$(cut -d: -f1-2 "$tmp/err" | sort -u | tr '\n' ' ')" = \
	"$f:2 $f:3 $f:4 $f:5 "
check "bad lines: a word that is not a setting names --list config" \
	grep -qF "$f:2: \"bogus\" is not a setting (see pescope --list config)" \
	"$tmp/err"
check "bad lines: a bad value gets the option's range" \
	grep -qF "$f:3: --d-model must be an even integer from 2 to 65536" \
	"$tmp/err"
check "bad lines: an ESC byte is not printed" \
	test "$(grep -c $'\033' "$tmp/err")" = 0
check "bad lines: the ESC byte is named" grep -qF "U+001B" "$tmp/err"
# In Chinese: under --lang zh, and from the file's `lang zh` on.
with "$tmp/c" "${shot[@]}" --lang zh
check "bad lines under --lang zh: the status is unchanged" test "$rc" = 0
check "bad lines under --lang zh: the why in Chinese" \
	test "$(sed -n '2p;4p' "$tmp/err")" = "$f:3: --d-model 应为：2 到 65536 之间的偶数；输入的是 \"7\"（是奇数）
$f:5: 控制字符 U+001B，在第 9 列"
conf "$tmp/c2" "bogus 3" "lang zh" "d-model 7" "palette $(printf '\033')[31m"
f=$tmp/c2/pescope/config
with "$tmp/c2" "${shot[@]}"
check "a file's lang zh: the lines after it in Chinese, before it in English" \
	test "$rc" = 0 -a "$(cat "$tmp/err")" = "$f:1: \"bogus\" is not a setting (see pescope --list config)
$f:3: --d-model 应为：2 到 65536 之间的偶数；输入的是 \"7\"（是奇数）
$f:4: 控制字符 U+001B，在第 9 列"
with "$tmp/c2" "${shot[@]}" --lang en
check "a file's lang zh under --lang en: all in English" \
	test "$rc" = 0 -a "$(sed -n 3p "$tmp/err")" = "$f:4: control character U+001B at column 9"

# ---- a file that cannot be read: one line, the defaults ----
mkdir -p "$tmp/d/pescope/config"
with "$tmp/d" "${shot[@]}"
check "a folder in its place: status 0 and the defaults" \
	test "$rc" = 0 -a "$(wc -l <"$tmp/err")" = 1
check "a folder in its place: one line that says why" \
	grep -qF "cannot read the settings file \"$tmp/d/pescope/config\": not a regular file; starting without it" \
	"$tmp/err"
check "a folder in its place: the default screen" \
	cmp -s "$tmp/out" "$tmp/default"
conf "$tmp/e" "theme light"
head -c $((1024 * 1024)) /dev/zero | tr '\0' '#' >>"$tmp/e/pescope/config"
with "$tmp/e" "${shot[@]}"
check "over 1 MiB: one line, the defaults" \
	test "$rc" = 0 -a "$(wc -l <"$tmp/err")" = 1 -a \
	"$(grep -c 'larger than 1048576 bytes' "$tmp/err")" = 1
check "over 1 MiB: not applied" cmp -s "$tmp/out" "$tmp/default"

# ---- :save-settings ----
printf 'cmd save-settings\n' >"$tmp/save.keys"
# a new file, its folders made
with "$tmp/f" --theme light --palette puor --present --keys "$tmp/save.keys"
check ":save-settings: status 0" test "$rc" = 0
check ":save-settings: the file has the look" \
	grep -qx "theme light" "$tmp/f/pescope/config"
check ":save-settings: its words are --list config's" \
	test "$(grep -v '^#' "$tmp/f/pescope/config" | cut -d' ' -f1 | tr '\n' ' ')" = \
	"theme palette lang present "
check ":save-settings: the folder is the user's alone" \
	test "$(stat -c %a "$tmp/f/pescope")" = 700
with "$tmp/f" "${shot[@]}"
XDG_CONFIG_HOME=$none "$PESCOPE" "${shot[@]}" --theme light --palette puor \
	--present >"$tmp/want"
check ":save-settings round trip: the next start has the look" \
	cmp -s "$tmp/out" "$tmp/want"
# an old file: its other lines kept, the saved words replaced once
conf "$tmp/g" "# my comment" "theme dark" "d-model 64" "theme any" "bogus 1"
with "$tmp/g" --theme light --keys "$tmp/save.keys"
check ":save-settings keeps the other lines and replaces the look" \
	test "$(cat "$tmp/g/pescope/config" | tr '\n' '|')" = \
	"# my comment|theme light|d-model 64|bogus 1|lang en|present no|"
# Only the look the user chose: no theme found on the terminal or palette
# by default (the file's own lines for them stay), one the settings file
# chose is written again, and the message names what was written.
with "$tmp/j" --keys "$tmp/save.keys" --snapshot --size 120x40
check ":save-settings writes no theme or palette nobody chose" \
	test "$(grep -v '^#' "$tmp/j/pescope/config" | tr '\n' '|')" = "lang en|present no|"
check ":save-settings says what it wrote" \
	grep -qF "saved lang, present in $tmp/j/pescope/config" "$tmp/out"
conf "$tmp/k" "theme dark" "palette puor"
with "$tmp/k" --keys "$tmp/save.keys"
check ":save-settings keeps a chosen palette, and a theme nobody changed" \
	test "$(cat "$tmp/k/pescope/config" | tr '\n' '|')" = \
	"theme dark|palette puor|lang en|present no|"
conf "$tmp/l" "theme light"
with "$tmp/l" --palette puor --no-config --keys "$tmp/save.keys"
check ":save-settings with --no-config: the palette given, the theme line left" \
	test "$(cat "$tmp/l/pescope/config" | tr '\n' '|')" = \
	"theme light|palette puor|lang en|present no|"
# a failed write: the old file whole, no temporary
conf "$tmp/h" "theme dark" "d-model 64"
cp "$tmp/h/pescope/config" "$tmp/h-before"
# (ulimit -f 0: a write fails with EFBIG; what pescope prints goes
# through a pipe, which the limit does not stop)
(ulimit -f 0; XDG_CONFIG_HOME=$tmp/h "$PESCOPE" --theme light \
	--keys "$tmp/save.keys" --snapshot --size 120x40 2>&1) | cat >"$tmp/out"
check ":save-settings that cannot write: the old file stays" \
	cmp -s "$tmp/h/pescope/config" "$tmp/h-before"
check ":save-settings that cannot write: no temporary left" \
	test "$(ls -A "$tmp/h/pescope")" = config
check ":save-settings that cannot write: the message says why" \
	grep -qF "save-settings: cannot write" "$tmp/out"
# a file in the folder's place: refused, nothing made
mkdir -p "$tmp/i" && : >"$tmp/i/pescope"
with "$tmp/i" --keys "$tmp/save.keys" --snapshot
check ":save-settings with a file for its folder: refused" \
	grep -qF "save-settings: cannot write" "$tmp/out"

# ---- --list config ----
mapfile -t words < <("$PESCOPE" --list config)
check "--list config lists the words" test "${#words[@]}" -ge 10
XDG_CONFIG_HOME=$none "$PESCOPE" --help >"$tmp/help"
for w in "${words[@]}"; do
	grep -qE -- "--$w( |$)" "$tmp/help" || not_ok "--list config: $w is an option"
done
ok "--list config: each word is a long option of --help"
finish
