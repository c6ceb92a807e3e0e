#!/usr/bin/env bash
# strings.sh - the table of Chinese (src/base/tr_zh.c) against the code,
# checked by tests/tools/strings.py: the real tree passes, and each kind of
# fault, made on purpose in a copy, is refused with its file and line.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs python3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
check=$root/tests/tools/strings.py
gloss=$root/assets/glossary.txt


if out=$("$PY" "$check" "$root/src" "$gloss" 2>&1); then
	ok "every sentence has its Chinese"
else
	not_ok "every sentence has its Chinese" "$(head -3 <<<"$out" | tr '\n' ' ')"
fi

# fault NAME WANT FILE SED: a fresh copy of src/ with the sed script SED run
# on FILE (relative to src/); the checker must exit 1 and print WANT.
fault() {
	local name=$1 want=$2 file=$3 script=$4 copy=$tmp/$RANDOM out rc
	mkdir -p "$copy"
	cp -r "$root/src" "$copy/src"
	sed -i -e "$script" "$copy/src/$file"
	out=$("$PY" "$check" "$copy/src" "$gloss" 2>/dev/null)
	rc=$?
	if [ "$rc" -eq 1 ] && grep -qF -- "$want" <<<"$out"; then
		ok "$name is refused"
	else
		not_ok "$name is refused" "exit $rc, output: $(head -2 <<<"$out" | tr '\n' ' ')"
	fi
}

fault "a sentence without its Chinese" \
	'no Chinese for "Waveforms in a new word"' \
	views/panel_waves.c 's/tr(s->lang, "Waveforms")/tr(s->lang, "Waveforms in a new word")/'
fault "a marked sentence without its Chinese" \
	'no Chinese for "a marked sentence"' \
	base/tr.h 's|^#define N_(en) (en)|&\nstatic const char *const x = N_("a marked sentence");|'
fault "a row no code uses" \
	'"Waveforms" is not a sentence of the code' \
	views/panel_waves.c 's/tr(s->lang, "Waveforms")/"Waveforms"/'
fault "a Chinese with other conversions" \
	'conversions' \
	base/tr_zh.c 's/"热力图 PE(pos, dim)  维 %d-%d"/"热力图 PE(pos, dim)  维 %d-%s"/'
fault "a Chinese with its conversions swapped" \
	'conversions' \
	base/tr_zh.c 's/"%d 对（共 %d 对）在 %lld 个位置内转满一圈"/"%lld 个位置内 %d 对（共 %d 对）转满一圈"/'
fault "a word the glossary avoids" \
	'"热图" in the Chinese: the glossary says 热力图' \
	base/tr_zh.c 's/"热力图  %s %s"/"热图  %s %s"/'
fault "an English word left in the Chinese" \
	'English word "Waves" in the Chinese of "Waveforms"' \
	base/tr_zh.c 's/"波形"/"Waves 波形"/'
fault "one English twice" \
	'has a row already' \
	base/tr_zh.c 's|^\t/\* end \*/|\t{ "Waveforms", "波形" },\n&|'
# lesson_fault NAME WANT FILE SED: a copy of assets/ (the glossary and the
# lessons beside it) with SED run on the Chinese lesson FILE; the checker
# must exit 1 and print WANT.
lesson_fault() {
	local name=$1 want=$2 file=$3 script=$4 copy=$tmp/$RANDOM out rc
	mkdir -p "$copy"
	cp -r "$root/assets" "$copy/assets"
	sed -i -e "$script" "$copy/assets/lessons/zh/$file"
	out=$("$PY" "$check" "$root/src" "$copy/assets/glossary.txt" 2>/dev/null)
	rc=$?
	if [ "$rc" -eq 1 ] && grep -qF -- "$want" <<<"$out"; then
		ok "$name is refused"
	else
		not_ok "$name is refused" "exit $rc, output: $(head -2 <<<"$out" | tr '\n' ' ')"
	fi
}

fault "half-width punctuation in a Chinese row" \
	'half-width "形," in the Chinese of "Waveforms"' \
	base/tr_zh.c 's/"波形"/"波形,"/'
lesson_fault "a word the glossary avoids, in a lesson" \
	'"NTK 感知" in the lesson: the glossary says NTK-aware' \
	06-context.txt 's/NTK-aware 缩放/NTK 感知缩放/'
lesson_fault "an English word left in a lesson" \
	'English word "heatmap" in the lesson' \
	01-positions.txt 's/热力图把这些向量/heatmap 把这些向量/'
lesson_fault "half-width punctuation in a lesson" \
	'half-width "置:" in Chinese' \
	01-positions.txt 's/标出的一列是 p = 10。/标出的一列是位置: p = 10。/'
finish
