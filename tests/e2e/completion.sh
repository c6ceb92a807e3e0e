#!/usr/bin/env bash
# `pescope --list WHAT` and the shell completions of assets/completion/ that
# are built on it. Prints "ok NAME" / "not ok NAME # why" per check.
#   --list: the WHATs it accepts are the twelve it documents; every list is
#     the set of words its option's own message names ("--view must be ...,
#     got"), each of them appears in the option's --help text, and each is
#     accepted by the option in a real run; lesson names are those of
#     --lessons, in either language; a bad or missing WHAT is one line on
#     stderr naming the accepted ones, status 64; a full stdout is 74.
#   bash: the completion is sourced in a non-interactive bash and called
#     with COMP_WORDS / COMP_CWORD set, as bash calls it: "--view s" offers
#     exactly the views starting with s, every word option offers its
#     --list, option prefixes complete to the options of --help, FILE
#     arguments to files, and the words come from the program on the line
#     (a stand-in program that prints other words gets those offered).
#   zsh, fish: syntax (zsh -n, fish -n), every option of --help named, and
#     real completions: fish's `complete -C`, zsh typing Tab in tmux.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
: "${PESCOPE:?set PESCOPE to the binary under test}"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
comp=$root/assets/completion
export LC_ALL=C.UTF-8


# same NAME GOT WANT: ok when the two newline-separated lists hold the same
# words (order aside), else says which words differ.
same() {
	local a b
	a=$(sort -u <<<"$2" | grep -v '^$')
	b=$(sort -u <<<"$3" | grep -v '^$')
	if [ "$a" = "$b" ] && [ -n "$a" ]; then
		ok "$1"
	else
		not_ok "$1" "got [$(tr '\n' ' ' <<<"$a")] want [$(tr '\n' ' ' <<<"$b")]"
	fi
}

# words_of_message OPTION...: the words of "--x must be A, B or C, got" for
# a refused value of OPTION, one a line.
words_of_message() {
	"$PESCOPE" "$@" 2>&1 >/dev/null </dev/null |
		sed -nE 's/.* must be (.*), got .*/\1/p' | sed 's/ or /, /' |
		tr ',' '\n' | sed 's/ //g' | grep -v '^$'
}

# help_of OPTION: the --help text of OPTION (its line and the indented ones
# that follow), on one line.
help_of() {
	"$PESCOPE" --help | awk -v o="$1" '
		/^  +-/ { on = 0 }
		$0 ~ "^  +(-., )?" o " " { on = 1 }
		on { printf "%s ", $0 }'
}

# ---- --list ----

whats="views knobs commands presets models layouts formats dtypes series scalings schemes palettes themes colors depths langs config lessons"
same "--list accepts the lists it documents" \
	"$(words_of_message --list /)" "$(tr ' ' '\n' <<<"$whats")"

for bad in "/" "view" ""; do
	"$PESCOPE" --list "$bad" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	if [ "$rc" -eq 64 ] && [ ! -s "$tmp/out" ] &&
	   [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	   grep -q 'views, knobs, commands, presets, .* or lessons' "$tmp/err"; then
		ok "--list \"$bad\": status 64, one line naming the lists"
	else
		not_ok "--list \"$bad\": status 64, one line naming the lists" \
			"status $rc, stderr: $(head -c 300 "$tmp/err")"
	fi
done
"$PESCOPE" --list >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
if [ "$rc" -eq 64 ] && grep -q -- '--list needs a value: views, .* or lessons' "$tmp/err"; then
	ok "--list without WHAT: status 64, names the lists"
else
	not_ok "--list without WHAT: status 64, names the lists" "status $rc: $(cat "$tmp/err")"
fi
"$PESCOPE" --list views >/dev/full 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 74 ]; then ok "--list views >/dev/full: status 74"
else not_ok "--list views >/dev/full: status 74" "status $rc"; fi

# list_checks WHAT OPTION RUN...: --list WHAT is the set of words the
# option's message names, each word is in the option's --help text and
# each works in the command RUN with the word after OPTION (status 0).
list_checks() {
	local what=$1 opt=$2 got w bad="" missing=""
	shift 2
	got=$("$PESCOPE" --list "$what" 2>&1)
	if [ $? -ne 0 ] || [ -z "$got" ]; then
		not_ok "--list $what" "status $?: $got"
		return
	fi
	if [ "$(sort <<<"$got" | uniq -d)" ]; then
		not_ok "--list $what has no word twice" "$(sort <<<"$got" | uniq -d)"
	fi
	same "--list $what = the words $opt names when refusing a value" \
		"$got" "$(words_of_message "$opt" /)"
	local help
	help=$(help_of "$opt")
	for w in $got; do
		grep -qE "(^|[^a-z0-9-])$w([^a-z0-9-]|$)" <<<"$help" ||
			missing="$missing $w"
		"$@" "$opt" "$w" >/dev/null 2>"$tmp/err" </dev/null ||
			bad="$bad $w($(head -c 100 "$tmp/err"))"
	done
	if [ -z "$missing" ]; then ok "--list $what: every word is in --help of $opt"
	else not_ok "--list $what: every word is in --help of $opt" "missing:$missing"; fi
	if [ -z "$bad" ]; then ok "--list $what: $opt takes every word ($(wc -w <<<"$got"))"
	else not_ok "--list $what: $opt takes every word" "refused:$bad"; fi
}

snap=("$PESCOPE" --snapshot --size 60x20 -d 16 -n 32)
list_checks views --view "${snap[@]}"
list_checks presets --preset "${snap[@]}"
list_checks layouts --layout "${snap[@]}"
list_checks formats --dump "$PESCOPE" -n 4 -d 4 -o "$tmp/dump"
list_checks dtypes --dtype "$PESCOPE" --dump-series collisions -n 4 -d 4
list_checks series --dump-series "$PESCOPE" -n 4 -d 4
list_checks palettes --palette "${snap[@]}"
list_checks themes --theme "${snap[@]}"
list_checks colors --color "${snap[@]}"
list_checks depths --colors "${snap[@]}"
list_checks langs --lang "${snap[@]}"

# Lessons: the names --lessons prints ("  NN  name  about"), per language,
# and each opens with --lesson.
for lang in en zh; do
	got=$("$PESCOPE" --list lessons --lang "$lang" 2>&1)
	want=$("$PESCOPE" --lessons --lang "$lang" 2>/dev/null |
		sed -nE 's/^ +[0-9]+  ([^ ]+) .*/\1/p')
	same "--list lessons --lang $lang = the names of --lessons" "$got" "$want"
	bad=""
	for w in $got; do
		"${snap[@]}" --lang "$lang" --lesson "$w" >/dev/null 2>&1 </dev/null ||
			bad="$bad $w"
	done
	if [ -z "$bad" ] && [ -n "$got" ]; then
		ok "--list lessons --lang $lang: --lesson opens every name"
	else
		not_ok "--list lessons --lang $lang: --lesson opens every name" "refused:$bad"
	fi
done

# ---- the options of --help ----

# "  -d, --d-model N   ..." -> "-d" and "--d-model", one a line
help_opts=$("$PESCOPE" --help | sed -nE 's/^ {2,6}(-[^ ].*)$/\1/p' |
	sed -E 's/  +.*//; s/ [A-Za-z=]+$//; s/, /\n/')
long_opts=$(grep '^--' <<<"$help_opts")
if [ "$(wc -l <<<"$long_opts")" -lt 20 ]; then
	not_ok "options read from --help" "only $(wc -l <<<"$long_opts")"
fi

# ---- bash ----

# bcomp [PROG] WORD...: what the bash completion offers for the command
# line PROG WORD... (the last word is the one being completed), one a
# line. PROG is $PESCOPE unless the first word starts with "prog=".
bcomp() {
	local prog=$PESCOPE
	case $1 in prog=*) prog=${1#prog=}; shift ;; esac
	bash --norc --noprofile -c '
		source "$1" || exit 9
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"
		COMP_POINT=${#COMP_LINE}
		COMPREPLY=()
		_pescope pescope "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
		printf "%s\n" "${COMPREPLY[@]}"' bcomp "$comp/pescope.bash" \
		"$prog" "$@" 2>&1
}

got=$(bcomp --view s)
if grep -qx spectrum <<<"$got"; then ok "bash: --view s offers spectrum"
else not_ok "bash: --view s offers spectrum" "got: $got"; fi
same "bash: --view s offers exactly the views starting with s" \
	"$got" "$("$PESCOPE" --list views | grep '^s')"
same "bash: --view offers every view" "$(bcomp --view '')" "$("$PESCOPE" --list views)"
same "bash: --preset offers every preset" "$(bcomp --preset '')" \
	"$(words_of_message --preset /)"
same "bash: --view=s (split at =) offers spectrum" "$(bcomp --view = s)" spectrum
same "bash: --view= (split at =) offers every view" "$(bcomp --view =)" \
	"$("$PESCOPE" --list views)"
same "bash: --view=s (one word) offers --view=spectrum" "$(bcomp --view=s)" \
	--view=spectrum
for pair in --layout:layouts --dump:formats --dtype:dtypes \
	    --dump-series:series --palette:palettes --theme:themes --color:colors --colors:depths \
	    --lang:langs --lesson:lessons; do
	same "bash: ${pair%%:*} offers --list ${pair#*:}" \
		"$(bcomp -d 64 "${pair%%:*}" '')" "$("$PESCOPE" --list "${pair#*:}")"
done
same "bash: --set offers every knob's WORD=" "$(bcomp --set '')" \
	"$("$PESCOPE" --list knobs | sed 's/$/=/')"
same "bash: --set s offers the knobs starting with s, then =" "$(bcomp --set s)" \
	"$("$PESCOPE" --list knobs | grep '^s' | sed 's/$/=/')"
same "bash: --list offers every list" "$(bcomp --list '')" \
	"$(words_of_message --list /)"
same "bash: --pre completes to --present and --preset" "$(bcomp --pre)" \
	"$(printf '%s\n' --present --preset)"
same "bash: --dump completes to --dump and --dump-series" "$(bcomp -n 8 --dump)" \
	"$(printf '%s\n' --dump --dump-series)"
same "bash: -- offers every long option of --help" "$(bcomp --)" "$long_opts"
same "bash: an empty word offers every option of --help" "$(bcomp '')" "$help_opts"
same "bash: after a flag, options again" "$(bcomp --ascii --vers)" --version
got=$(bcomp -d '')
if [ -z "$got" ]; then ok "bash: -d N offers nothing"
else not_ok "bash: -d N offers nothing" "got: $got"; fi

mkdir -p "$tmp/files/sub"
: >"$tmp/files/pe.npy"
: >"$tmp/files/pe.csv"
: >"$tmp/files/other"
for o in -o --output --keys --export; do
	same "bash: $o FILE offers files" "$(bcomp "$o" "$tmp/files/pe")" \
		"$(printf '%s\n' "$tmp/files/pe.npy" "$tmp/files/pe.csv")"
done
same "bash: --lesson with a / offers files" "$(bcomp --lesson "$tmp/files/s")" \
	"$tmp/files/sub"

# The words come from the program on the line: a stand-in that prints its
# own words, and records how it was asked.
mkdir -p "$tmp/bin"
cat >"$tmp/bin/pescope" <<EOF
#!/bin/sh
echo "\$*" >>"$tmp/asked"
printf '%s\n' alpha beta
EOF
chmod +x "$tmp/bin/pescope"
same "bash: the words are the program's (a stand-in's alpha, beta)" \
	"$(bcomp prog="$tmp/bin/pescope" --view '')" "$(printf '%s\n' alpha beta)"
: >"$tmp/asked"
bcomp prog="$tmp/bin/pescope" --lang zh --lesson '' >/dev/null
same "bash: lesson names are asked in the --lang of the line" \
	"$(cat "$tmp/asked")" "--list lessons --lang zh"

# ---- zsh ----

zfile=$comp/_pescope
if has zsh "zsh completion"; then
	if err=$(zsh -n "$zfile" 2>&1); then ok "zsh -n _pescope"
	else not_ok "zsh -n _pescope" "$err"; fi
	# "'(-d --d-model)'{-d+,--d-model=}'[what]:..." -> -d, --d-model: the
	# option specs without their exclusion lists and descriptions
	got=$(grep -E "^ +['{]" "$zfile" |
		sed -E "s/'\([^)]*\)'//g; s/\[[^]]*\]//g" |
		grep -oE -- "-{1,2}[A-Za-z][a-z-]*[+=',}]" | sed -E "s/.$//")
	same "zsh: _pescope names every option of --help" "$got" "$help_opts"
fi

# zsh_tab LINE WANT: types LINE and Tab into an interactive zsh in tmux
# (with the completion loaded and `pescope` on PATH) and waits for WANT on
# the screen.
zsh_tab() {
	local line=$1 want=$2 deadline
	$ZT send-keys -t z C-u C-l
	$ZT send-keys -t z -l "$line"
	$ZT send-keys -t z Tab
	deadline=$(( $(date +%s) + 10 ))
	while [ "$(date +%s)" -le "$deadline" ]; do
		$ZT capture-pane -p -t z | grep -qF -- "$want" && return 0
		sleep 0.05
	done
	$ZT capture-pane -p -t z | grep -v '^$' | sed 's/^/# /' >&2
	return 1
}

if command -v zsh >/dev/null && command -v tmux >/dev/null; then
	mkdir -p "$tmp/zbin" "$tmp/zhome"
	ln -s "$PESCOPE" "$tmp/zbin/pescope"
	ZT="tmux -S $tmp/zsock -f /dev/null"
	$ZT new-session -d -s z -x 120 -y 20 \
		"env -i PATH=$tmp/zbin:/usr/bin:/bin HOME=$tmp/zhome TERM=tmux-256color LC_ALL=C.UTF-8 zsh -f"
	$ZT send-keys -t z -l "fpath=($comp \$fpath); autoload -Uz compinit; compinit -u -D; PS1='zsh> '"
	$ZT send-keys -t z Enter
	if zsh_tab 'pescope --view s' 'zsh> pescope --view spectrum'; then
		ok "zsh: --view s completes to spectrum"
	else
		not_ok "zsh: --view s completes to spectrum"
	fi
	# Every preset, listed under the line.
	if zsh_tab 'pescope --preset ' 'transformer'; then
		screen=$($ZT capture-pane -p -t z)
		miss=""
		for w in $("$PESCOPE" --list presets); do
			grep -qw -- "$w" <<<"$screen" || miss="$miss $w"
		done
		if [ -z "$miss" ]; then ok "zsh: --preset lists every preset"
		else not_ok "zsh: --preset lists every preset" "missing:$miss"; fi
	else
		not_ok "zsh: --preset lists every preset"
	fi
	if zsh_tab 'pescope --dump-s' 'zsh> pescope --dump-series'; then
		ok "zsh: --dump-s completes to --dump-series"
	else
		not_ok "zsh: --dump-s completes to --dump-series"
	fi
	if zsh_tab "pescope -o $tmp/files/ot" "zsh> pescope -o $tmp/files/other"; then
		ok "zsh: -o FILE completes a file"
	else
		not_ok "zsh: -o FILE completes a file"
	fi
	: >"$tmp/asked"
	if zsh_tab "$tmp/bin/pescope --lang=zh --lesson al" "--lesson alpha"; then
		same "zsh: lesson names are the program's, asked in the --lang of the line" \
			"$(cat "$tmp/asked")" "--list lessons --lang zh"
	else
		not_ok "zsh: lesson names are the program's, asked in the --lang of the line"
	fi
	$ZT kill-server 2>/dev/null
elif command -v zsh >/dev/null; then
	has tmux "zsh: completing in a terminal"
fi

# ---- fish ----

ffile=$comp/pescope.fish
if has fish "fish completion"; then
	if err=$(fish --no-config -n "$ffile" 2>&1); then ok "fish -n pescope.fish"
	else not_ok "fish -n pescope.fish" "$err"; fi
	# fcomp LINE: fish's completions of LINE (words only), pescope on PATH.
	mkdir -p "$tmp/fbin"
	ln -sf "$PESCOPE" "$tmp/fbin/pescope"
	fcomp() {
		PATH=$tmp/fbin:$PATH fish --no-config -c \
			'source $argv[1]; complete -C $argv[2]' "$ffile" "$1" 2>&1 |
			cut -f1
	}
	got=$(fcomp 'pescope --view s')
	same "fish: --view s offers exactly the views starting with s" \
		"$got" "$("$PESCOPE" --list views | grep '^s')"
	same "fish: --preset offers every preset" "$(fcomp 'pescope --preset ')" \
		"$("$PESCOPE" --list presets)"
	same "fish: --set offers every knob's WORD=" "$(fcomp 'pescope --set ')" \
		"$("$PESCOPE" --list knobs | sed 's/$/=/')"
	same "fish: --lesson offers every lesson" "$(fcomp 'pescope --lang zh --lesson ')" \
		"$("$PESCOPE" --list lessons --lang zh)"
	same "fish: --pre completes to --present and --preset" "$(fcomp 'pescope --pre')" \
		"$(printf '%s\n' --present --preset)"
	same "fish: - offers every option of --help" "$(fcomp 'pescope -')" \
		"$help_opts"
	: >"$tmp/asked"
	same "fish: the words are the program's (a stand-in's alpha, beta)" \
		"$(fcomp "$tmp/bin/pescope --lang zh --lesson ")" "$(printf '%s\n' alpha beta)"
	same "fish: lesson names are asked in the --lang of the line" \
		"$(cat "$tmp/asked")" "--list lessons --lang zh"
	same "fish: -o FILE offers files" "$(fcomp "pescope -o $tmp/files/pe")" \
		"$(printf '%s\n' "$tmp/files/pe.npy" "$tmp/files/pe.csv")"
fi

finish
