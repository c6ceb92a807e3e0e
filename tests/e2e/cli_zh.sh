#!/usr/bin/env bash
# The command line in Chinese, on the real binary $PESCOPE: what pescope
# prints outside the explorer follows --lang (wherever it is on the command
# line) or a Chinese locale. Prints "ok NAME" / "not ok NAME # why".
#   - --help --lang zh: no English word (the rule of tests/tools/strings.py,
#     with the words typed as they are: --list's words, variable names, key
#     script words), the same options as the English --help, every line
#     within 80 display columns (a Chinese character is 2);
#   - LANG=zh_CN.UTF-8 gives the same --help (a private LOCPATH makes that
#     locale a UTF-8 one, so no Chinese locale need be installed);
#   - usage errors with --lang zh before and after the bad option, a bad
#     --lang under a Chinese locale, a missing lesson, a bad --keys line, a
#     dump to a folder that does not exist: one line on stderr, nothing on
#     stdout, Chinese, and the exit status of the same command in English.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs python3
: "${PESCOPE:?set PESCOPE to the binary under test}"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export LC_ALL=C.UTF-8
unset LANG LC_MESSAGES

# A locale called zh_CN.UTF-8 that is C.UTF-8 inside: LANG=zh_CN.UTF-8 then
# asks for Chinese and setlocale finds a UTF-8 locale.
loc=$(find /usr/lib/locale -maxdepth 1 -iname 'C.utf*8' -print -quit 2>/dev/null)
zh_env=()
if [ -n "$loc" ]; then
	mkdir "$tmp/loc" && ln -s "$loc" "$tmp/loc/zh_CN.UTF-8"
	zh_env=(env -u LC_ALL LOCPATH="$tmp/loc" LANG=zh_CN.UTF-8)
fi

# The words Chinese output may keep: those pescope accepts as typed (every
# --list), and the variable names and script words its sentences name.
for what in $("$PESCOPE" --list views >/dev/null && echo views presets models \
	knobs commands layouts formats dtypes series scalings schemes palettes themes colors depths langs); do
	echo "$what"
	"$PESCOPE" --list "$what" | cut -f 1	# models: the names, not the lines
done >"$tmp/typed"
printf '%s\n' LC_ALL LC_MESSAGES LANG NO_COLOR COLORTERM COLORFGBG OSC \
	truecolor ASCII ANSI Markdown ans cast lessons key text cmd click wheel \
	resize tick up down WORD VALUE >>"$tmp/typed"
# --model's: the file and the fields of a Hugging Face config it names
printf '%s\n' Hugging Face config json rope_theta linear longrope >>"$tmp/typed"

# chinese NAME FILE: ok when FILE is Chinese: no English word left that
# Chinese may not keep (strings.py's rule), leaving out what the user
# typed (quoted values, paths, "file:line:" of a script, the option column
# of --help), and some Chinese characters. The file is kept, and all of
# them are read at the end by one Python (chinese_report), which gives the
# verdicts in the order they were asked for.
zh_names=()
chinese() {
	cp "$2" "$tmp/zh.${#zh_names[@]}"
	zh_names+=("$1")
}
chinese_report() {
	local i=0 verdict
	[ ${#zh_names[@]} -gt 0 ] || return 0
	"$PY" - "$root/tests/tools" "$root/assets/glossary.txt" \
		"$tmp/typed" "$tmp/zh" ${#zh_names[@]} >"$tmp/verdicts" <<'EOF'
import re, sys
sys.path.insert(0, sys.argv[1])
import strings
_, kept = strings.glossary(sys.argv[2])
kept |= {p for w in open(sys.argv[3]).read().split() for p in w.split("-")}
for i in range(int(sys.argv[5])):
    text = open("%s.%d" % (sys.argv[4], i), encoding="utf-8").read()
    han = re.search("[\u4e00-\u9fff]", text)
    head = text[:200].replace("\n", " ")
    text = re.sub(r"^ {2,6}(-\w, )?--\S+( \S+)?", " ", text, flags=re.M)
    text = re.sub(r'"(?:[^"\\\n]|\\.)*"', " ", text)
    text = re.sub(r"\S*/\S*", " ", text)
    words = " ".join(strings.english_words(text, kept))
    print("English words: " + words if words else
          "" if han else "no Chinese in: " + head)
EOF
	while IFS= read -r verdict; do
		if [ -n "$verdict" ]; then
			not_ok "${zh_names[i]}" "$verdict"
		else
			ok "${zh_names[i]}"
		fi
		i=$((i + 1))
	done <"$tmp/verdicts"
	[ "$i" -eq ${#zh_names[@]} ] ||
		not_ok "every Chinese text read" "$i of ${#zh_names[@]}"
}

# ---- --help ----

"$PESCOPE" --help >"$tmp/help.en"
"$PESCOPE" --help --lang zh >"$tmp/help.zh"
check "--help --lang zh: status 0" test $? -eq 0
chinese "--help --lang zh is Chinese" "$tmp/help.zh"
"$PESCOPE" --lang zh --help >"$tmp/help.zh2"
check "--lang zh --help: the same text" cmp -s "$tmp/help.zh" "$tmp/help.zh2"

# The option column, as tests/e2e/docs.sh reads it.
options() { sed -nE 's/^ {2,6}(-[^ ].*)$/\1/p' "$1" | sed -E 's/  +.*//'; }
options "$tmp/help.en" >"$tmp/opts.en"
options "$tmp/help.zh" >"$tmp/opts.zh"
if [ "$(wc -l <"$tmp/opts.en")" -ge 30 ] &&
   cmp -s "$tmp/opts.en" "$tmp/opts.zh"; then
	ok "--help in Chinese names the same $(wc -l <"$tmp/opts.en") options"
else
	not_ok "--help in Chinese names the same options" \
		"$(diff "$tmp/opts.en" "$tmp/opts.zh" | tr '\n' ' ')"
fi

wide=$("$PY" - "$tmp/help.zh" <<'EOF'
import sys, unicodedata
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    w = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
    if w > 80:
        print(w, line)
EOF
)
check "--help in Chinese: every line within 80 columns" test -z "$wide"
[ -z "$wide" ] || echo "# $wide"

if [ ${#zh_env[@]} -gt 0 ]; then
	"${zh_env[@]}" "$PESCOPE" --help >"$tmp/help.env"
	check "LANG=zh_CN.UTF-8: the Chinese --help" \
		cmp -s "$tmp/help.zh" "$tmp/help.env"
	"${zh_env[@]}" "$PESCOPE" --help --lang en >"$tmp/help.env"
	check "LANG=zh_CN.UTF-8 --lang en: the English --help" \
		cmp -s "$tmp/help.en" "$tmp/help.env"
else
	ok "LANG=zh_CN.UTF-8 --help # SKIP no C.UTF-8 locale files to alias"
fi

# ---- one-line messages ----

# said NAME STATUS [ENV...] -- ARGS...: pescope ARGS in English exits with
# STATUS; run again with --lang zh first and last (or, when ENV is given,
# in that environment and no --lang), it exits with the same STATUS,
# prints nothing on stdout and one Chinese line on stderr.
said() {
	local name=$1 want=$2 rc envs=()
	shift 2
	while [ "$1" != "--" ]; do envs+=("$1"); shift; done
	shift
	"$PESCOPE" "$@" >/dev/null 2>"$tmp/err.en" </dev/null
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		not_ok "$name: English status $want" "got $rc: $(cat "$tmp/err.en")"
		return
	fi
	local runs=()
	if [ ${#envs[@]} -gt 0 ]; then
		runs=(env)
	else
		runs=(first last)
	fi
	for how in "${runs[@]}"; do
		case $how in
		first) "$PESCOPE" --lang zh "$@" ;;
		last) "$PESCOPE" "$@" --lang zh ;;
		env) "${envs[@]}" "$PESCOPE" "$@" ;;
		esac >"$tmp/out" 2>"$tmp/err" </dev/null
		rc=$?
		if [ "$rc" -ne "$want" ]; then
			not_ok "$name ($how): status $want" "got $rc: $(cat "$tmp/err")"
		elif [ -s "$tmp/out" ] || [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
			not_ok "$name ($how): one line on stderr only" "$(cat "$tmp/err")"
		else
			chinese "$name ($how): $want, in Chinese" "$tmp/err"
		fi
	done
}

said "-d 513" 64 -- -d 513
said "-n 0" 64 -- -n 0
said "--base 1" 64 -- --base 1
said "--layout diagonal" 64 -- --layout diagonal
# (--lang after it would be the value --view lacks)
"$PESCOPE" --lang zh --view >/dev/null 2>"$tmp/err"
check "--view missing its value: 64" test $? -eq 64
chinese "... in Chinese" "$tmp/err"
said "--view nowhere" 64 -- --view nowhere
said "--size 3" 64 -- --snapshot --size 3
said "--frobnicate" 64 -- --frobnicate
said "--ascii=1" 64 -- --ascii=1
said "a stray argument" 64 -- --snapshot stray
said "--snapshot with --bench" 64 -- --snapshot --bench
said "--step without --lesson" 64 -- --step 2
said "-p beyond the length" 64 -- -n 5 -p 5
said "--dump-series scores too long" 64 -- --dump-series scores -n 5000
said "a missing lesson" 66 -- --snapshot --lesson nosuch
said "a folder as a lesson" 66 -- --snapshot --lesson /
printf 'key j\nfrob 1\n' >"$tmp/bad.keys"
said "a bad --keys line" 65 -- --keys "$tmp/bad.keys"
printf 'click 1\n' >"$tmp/short.keys"
said "a --keys line missing values" 65 -- --keys "$tmp/short.keys"
said "a --keys file that is not there" 66 -- --keys "$tmp/none.keys"
if [ ${#zh_env[@]} -gt 0 ]; then
	said "a bad --lang under a Chinese locale" 64 "${zh_env[@]}" -- --lang fr
	said "--dump to a folder that is not there" 73 "${zh_env[@]}" -- \
		--dump csv -o "$tmp/none/m.csv"
	said "--dump npy with --dtype float16" 64 "${zh_env[@]}" -- \
		--dump npy --dtype float16 -o "$tmp/m.npy"
	check "... and no file left behind" test ! -e "$tmp/none" -a ! -e "$tmp/m.npy"
else
	ok "Chinese locale messages # SKIP no C.UTF-8 locale files to alias"
fi

# A bad --lang is refused in the environment's language: English here.
"$PESCOPE" --lang fr 2>"$tmp/err" >/dev/null
check "--lang fr in an English environment: English" \
	grep -qx 'pescope: --lang must be en or zh, got "fr"' "$tmp/err"

chinese_report
finish
