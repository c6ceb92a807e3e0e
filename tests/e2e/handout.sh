#!/usr/bin/env bash
# pescope --handout LESSON -o FILE.pdf | FILE.md (app/handout.c), checked
# on the files with poppler's tools and against the lesson files, read here
# by a small reader of their own (steps start with "== ", commands with
# ':', a question with "ask:", the caption is the other lines):
#   - the PDF has a page per step and then the answers' (pdfinfo), A4;
#   - page k holds step k's title and the start of its caption, as text
#     (pdftotext -f k -l k), and not the next step's caption; in Chinese
#     too (--lang zh, the zh lesson); a step that asks a question shows
#     the question and its options instead, and its caption, which
#     explains the answer, is with the answers;
#   - the answers are on the last pages only: a lesson of this script's
#     own with a question has its 2 steps and 1 page of answers, the right
#     option alone there; the question's figure is the screen above
#     "ask:" (the commands below it, the reveal, are not applied);
#   - FILE.md has a section per step with its caption (or its question)
#     and a link to FILE-0k.png, each a PNG of the screen's size, then the
#     answers, the lesson's text escaped;
#   - a bad LESSON exits 66 (not found) or 65 (does not load), an -o that
#     is neither .pdf nor .md 64, a folder that cannot be written in 73,
#     a write that fails midway 74, each with one line on stderr and no
#     file left behind (no FILE.md, no FILE-01.png, no temporary folder);
#   - a pescope built without librsvg ($PESCOPE_NORSVG) refuses the PDF
#     with 69 and the package, and writes FILE.md with each figure as the
#     screen's text in a fenced block, and no PNG.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.bash"
needs python3
: "${PESCOPE:?set PESCOPE to the binary under test}"
export LC_ALL=C.UTF-8
unset NO_COLOR
lessons=$here/../../assets/lessons

# steps FILE: one line per step of lesson FILE: its title, a tab, the
# first 40 characters of its caption with every blank taken out (so that
# they compare with pdftotext's lines, wrapped anywhere), a tab, and its
# question without blanks ("-" when it asks none).
steps() {
	"$PY" - "$1" <<'PY'
import sys
steps = []
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("== "):
        steps.append([line[3:].strip(), "", "-"])
    elif not steps or not line or line[0] in "#:":
        continue
    elif line.startswith("ask:"):
        steps[-1][2] = "".join(line[4:].split())
    elif line.startswith(("option ", "answer:")):
        continue
    elif len(steps[-1][1]) < 40:
        text = line[1:] if line.startswith("\\") else line
        steps[-1][1] += "".join(text.split())
for title, cap, ask in steps:
    print(title + "\t" + cap[:40] + "\t" + ask)
PY
}
# made NAME COMMAND...: ok when COMMAND exits 0. As run_status, with room
# for a loaded machine: a handout draws and renders every step (lesson 8,
# 10 steps, takes 0.4 s of processor time, and more than 10 s of the
# clock when other suites share the cores).
made() {
	local name=$1 rc
	shift
	timeout 300 "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	if [ "$rc" = 0 ]; then ok "$name"; else
		not_ok "$name" "status $rc: $(head -c 300 "$tmp/err")"
	fi
}
# page_text PDF K: page K's text, blanks taken out.
page_text() { pdftotext -f "$2" -l "$2" "$1" - 2>/dev/null | tr -d ' \n\t\f'; }
pages() { pdfinfo "$1" 2>/dev/null | sed -nE 's/^Pages: +([0-9]+)/\1/p'; }
# answers_text PDF N: the text of the pages after the N steps', blanks
# taken out.
answers_text() {
	pdftotext -f $(($2 + 1)) -l "$(pages "$1")" "$1" - 2>/dev/null |
		tr -d ' \n\t\f'
}

# check_pdf NAME PDF LESSON_FILE: pages, titles, captions and questions.
check_pdf() {
	local name=$1 pdf=$2 lesson=$3 n k=0 title cap ask text answers other
	local bad=""
	n=$(steps "$lesson" | wc -l)
	check "$name: a page per step ($n), then the answers" \
		test "$(pages "$pdf")" -gt "$n"
	answers=$(answers_text "$pdf" "$n")
	while IFS=$'\t' read -r title cap ask; do
		k=$((k + 1))
		text=$(page_text "$pdf" $k)
		[[ $text == *"$(printf %s "$title" | tr -d ' ')"* ]] ||
			bad+="page $k lacks its title \"$title\"; "
		if [ "$ask" = - ]; then
			[[ $text == *"$cap"* ]] || bad+="page $k lacks \"$cap\"; "
		else
			[[ $text == *"$ask"* ]] || bad+="page $k lacks \"$ask\"; "
			[[ $text != *"$cap"* ]] || bad+="page $k tells the answer; "
			[[ $answers == *"$cap"* ]] ||
				bad+="the answers lack step $k's \"$cap\"; "
		fi
		# the next step's caption is not on this page
		other=$(steps "$lesson" | sed -n "$((k + 1))p" | cut -f2)
		if [ -n "$other" ] && [[ $text == *"$other"* ]]; then
			bad+="page $k holds step $((k + 1))'s caption; "
		fi
	done < <(steps "$lesson")
	if [ -z "$bad" ]; then
		ok "$name: each step's title and caption (or question) on its page"
	else
		not_ok "$name: each step's title and caption (or question) on its page" "$bad"
	fi
}

cat >"$tmp/ask.txt" <<'LESSON'
title: Predictions
about: A lesson that asks.

== Before the question
: view explore
: d 64
The heatmap, first.

== Bases
: view explore
ask: What does a larger base do to the slowest wavelength?
option a: It gets shorter
option b: It gets longer
option c: Nothing & <nothing>
answer: b
: view spectrum
: base 1e6
A larger base stretches the slow pairs: their wavelengths grow.
LESSON

if has pdftotext "handout PDF pages" && has pdfinfo "handout PDF pages"; then
	en=$lessons/en/01-positions.txt zh=$lessons/zh/03-sincos.txt
	made "--handout positions -o en.pdf" \
		"$PESCOPE" --handout positions -o "$tmp/en.pdf"
	check_pdf "English PDF" "$tmp/en.pdf" "$en"
	check "English PDF is A4" grep -q "595.28 x 841.89" \
		<(pdfinfo "$tmp/en.pdf")
	n=$(steps "$en" | wc -l)
	check "the answers are on the last pages" \
		grep -q "Answers" <(answers_text "$tmp/en.pdf" "$n")
	check "... and on no other page" \
		test "$(pdftotext -l "$n" "$tmp/en.pdf" - | grep -c Answers)" = 0

	made "--handout 3 --lang zh -o zh.pdf" \
		"$PESCOPE" --handout 3 --lang zh -o "$tmp/zh.pdf"
	check_pdf "Chinese PDF" "$tmp/zh.pdf" "$zh"
	n=$(steps "$zh" | wc -l)
	check "Chinese PDF: 答案 on the last pages only" \
		test "$(answers_text "$tmp/zh.pdf" "$n" | grep -c 答案)" = 1 -a \
		"$(pdftotext -l "$n" "$tmp/zh.pdf" - | grep -v 我的答案 | grep -c 答案)" = 0

	# A lesson named by its path, as --lesson takes it.
	cp "$en" "$tmp/mine.txt"
	made "--handout ./FILE" \
		"$PESCOPE" --handout "$tmp/mine.txt" -o "$tmp/mine.pdf"
	check "--handout FILE: the same pages as by its name" \
		test "$(pages "$tmp/mine.pdf")" = "$(pages "$tmp/en.pdf")"

	# A question: its screen, its options, its answer apart.
	made "--handout ./ask.txt -o ask.pdf" \
		"$PESCOPE" --handout "$tmp/ask.txt" -o "$tmp/ask.pdf"
	check_pdf "a lesson that asks" "$tmp/ask.pdf" "$tmp/ask.txt"
	check "a lesson that asks: 2 steps and 1 page of answers" \
		test "$(pages "$tmp/ask.pdf")" = 3
	p2=$(page_text "$tmp/ask.pdf" 2)
	check "the question's page: every option and a line to answer on" \
		test -n "$(grep -F 'a)Itgetsshorter' <<<"$p2" |
			grep -F 'b)Itgetslonger' | grep -F 'c)Nothing&<nothing>' |
			grep -F 'Myanswer:')"
	check "the question's figure: the screen above ask: (explore, base 10000)" \
		test -n "$(grep -F 'HeatmapPE(pos,dim)' <<<"$p2" | grep -F 'base=10000')"
	check "... not the reveal below it (spectrum, base 1e6)" \
		test -z "$(grep -e Spectrum -e 'base=1e6' -e 'base=1000000' <<<"$p2")"
	p3=$(page_text "$tmp/ask.pdf" 3)
	check "the answers page: the right option" grep -qF 'b)Itgetslonger' <<<"$p3"
	check "... and no other option" \
		test -z "$(grep -F -e 'a)Itgets' -e 'c)Nothing' <<<"$p3")"
fi

# ---- Markdown ----

# png_size FILE: "WxH" from the IHDR chunk, or "not a PNG".
png_size() {
	"$PY" -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print("%dx%d" % struct.unpack(">II", d[16:24]) if d[:8]==b"\x89PNG\r\n\x1a\n" and d[12:16]==b"IHDR" else "not a PNG")' "$1"
}
mkdir "$tmp/md"
made "--handout 1 -o notes.md" "$PESCOPE" --handout 1 -o "$tmp/md/notes.md"
en=$lessons/en/01-positions.txt
n=$(steps "$en" | wc -l)
bad="" k=0
while IFS=$'\t' read -r title cap ask; do
	k=$((k + 1))
	f=$(printf 'notes-%02d.png' $k)
	grep -qxF "## $k. $title" "$tmp/md/notes.md" || bad+="no heading $k; "
	grep -qF "]($f)" "$tmp/md/notes.md" || bad+="no link to $f; "
	[ "$(png_size "$tmp/md/$f")" = 1200x800 ] || bad+="$f is $(png_size "$tmp/md/$f"); "
done < <(steps "$en")
if [ -z "$bad" ]; then ok "notes.md: a section and a 1200x800 PNG per step ($n)"
else not_ok "notes.md: a section and a 1200x800 PNG per step" "$bad"; fi
# Every caption (or question) in order, Markdown's escapes taken out.
steps "$en" >"$tmp/en.steps"
check "notes.md: every caption, in order" "$PY" - "$tmp/md/notes.md" "$tmp/en.steps" <<'PY'
import re, sys
md = "".join(open(sys.argv[1], encoding="utf-8").read().split())
md = re.sub(r"\\(.)", r"\1", md)
at = 0
for line in open(sys.argv[2], encoding="utf-8").read().splitlines():
    title, cap, ask = line.split("\t")
    at = md.find(cap if ask == "-" else ask, at)
    if at < 0:
        sys.exit("missing: " + cap)
PY
check "notes.md: the answers last" \
	test "$(grep '^## ' "$tmp/md/notes.md" | tail -1)" = "## Answers"
check "notes.md: nothing else in the folder" \
	test "$(ls -A "$tmp/md" | wc -l)" = $((n + 1))
made "--handout 3 --lang zh -o zh.md" "$PESCOPE" --handout 3 --lang zh -o "$tmp/md/zh.md"
check "zh.md: the Chinese lesson's title" \
	grep -q "^# $(sed -n 's/^title: //p' "$lessons/zh/03-sincos.txt")" "$tmp/md/zh.md"
check "zh.md: its answers section is 答案" grep -qx "## 答案" "$tmp/md/zh.md"
mkdir "$tmp/md2"
made "--handout ./ask.txt -o ask.md" \
	"$PESCOPE" --handout "$tmp/ask.txt" -o "$tmp/md2/ask.md"
check "ask.md: the question and its options, escaped, in its section" \
	test "$(sed -n '/^## 2\. Bases/,/^## Answers/p' "$tmp/md2/ask.md" |
		grep -cxF -e '- a) It gets shorter' -e '- b) It gets longer' \
		-e '- c) Nothing \& \<nothing\>' \
		-e '**Predict, then look:** What does a larger base do to the slowest wavelength?')" = 4
check "ask.md: the answer, and the caption that explains it, after ## Answers" \
	test "$(sed -n '/^## Answers/,$p' "$tmp/md2/ask.md" |
		grep -cF -e '**b)** It gets longer' -e 'A larger base stretches')" = 2
check "ask.md: the caption not before the answers" \
	test "$(sed -n '1,/^## Answers/p' "$tmp/md2/ask.md" | grep -c 'A larger base')" = 0

# ---- failures: status, one line, nothing left behind ----

mkdir -p "$tmp/w"
printf 'title: x\nabout: y\n' >"$tmp/bad.txt"
fails() { refuses "$tmp/w" "$@"; }	# fails STATUS TEXT ARGS...
fails 66 'no lesson "nosuch"' "$PESCOPE" --handout nosuch -o a.md
fails 66 "cannot read" "$PESCOPE" --handout ./missing.txt -o a.pdf
fails 65 "bad.txt:" "$PESCOPE" --handout "$tmp/bad.txt" -o a.md
fails 64 '--handout needs -o FILE.pdf or -o FILE.md, got "a.txt"' \
	"$PESCOPE" --handout 1 -o a.txt
fails 64 '--handout needs -o FILE.pdf or -o FILE.md, got "-"' \
	"$PESCOPE" --handout 1 -o -
fails 64 "--handout needs -o FILE.pdf or -o FILE.md" "$PESCOPE" --handout 1
fails 64 '--handout needs -o FILE.pdf or -o FILE.md, got ".md"' \
	"$PESCOPE" --handout 1 -o .md
fails 64 '--lesson "2" only works with the explorer' "$PESCOPE" --handout 1 --lesson 2 -o a.pdf
fails 64 "--handout 需要 -o FILE.pdf 或 -o FILE.md" "$PESCOPE" --handout 1 --lang zh
for f in a.md a.pdf; do
	fails 73 "No such file or directory" "$PESCOPE" --handout 1 -o nowhere/$f
	: >"$tmp/w/file"
	fails 73 "Not a directory" "$PESCOPE" --handout 1 -o file/$f
	rm -f "$tmp/w/file"
done
# A write that fails midway (the file size limit, reported as EFBIG: main
# ignores SIGXFSZ): the figures written so far and the temporary go too.
# Each figure of lesson 1 is more than 100 KiB, and so is its PDF.
fails 74 "File too large" bash -c 'ulimit -f 100; exec "$0" --handout 1 -o a.md' "$PESCOPE"
fails 74 "File too large" bash -c 'ulimit -f 100; exec "$0" --handout 1 -o a.pdf' "$PESCOPE"

nors=${PESCOPE_NORSVG:-}
if [ -n "$nors" ] && [ -x "$nors" ]; then
	fails 69 "install librsvg2-dev" "$nors" --handout 1 -o a.pdf
	fails 69 "请安装 librsvg2-dev 后重新构建" "$nors" --handout 1 --lang zh -o a.pdf
	mkdir "$tmp/nors"
	made "without librsvg, -o FILE.md still works" \
		"$nors" --handout 1 -o "$tmp/nors/a.md"
	check "... with each figure as text in a fenced block" \
		test "$(grep -c '^```text$' "$tmp/nors/a.md")" = "$n"
	check "... the status line in it" grep -q "d_model=64 base=10000" "$tmp/nors/a.md"
	check "... and no other file" test "$(ls -A "$tmp/nors")" = a.md
else
	not_ok "a pescope built without librsvg to test exit 69" \
		"set PESCOPE_NORSVG (make check builds build/pescope-norsvg)"
fi

finish
