#!/usr/bin/env bash
# pescope --handout LESSON -o FILE.pdf | FILE.md (app/handout.c), checked
# on the files with poppler's tools and against the lesson files, read here
# by a small reader of their own (steps start with "== ", commands with
# ':', the caption is the other lines):
#   - the PDF has a page per step and one more for the answers (pdfinfo),
#     A4;
#   - page k holds step k's title and the start of its caption, as text
#     (pdftotext -f k -l k), and no other step's caption; in Chinese too
#     (--lang zh, the zh lesson);
#   - the answers are on the last page only;
#   - FILE.md has a section per step with its caption and a link to
#     FILE-0k.png, each a PNG of the screen's size, then the answers;
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
# they compare with pdftotext's lines, wrapped anywhere).
steps() {
	"$PY" - "$1" <<'EOF'
import sys
steps = []
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("== "):
        steps.append([line[3:].strip(), ""])
    elif steps and line and line[0] not in "#:" and len(steps[-1][1]) < 40:
        text = line[1:] if line.startswith("\\") else line
        steps[-1][1] += "".join(text.split())
for title, cap in steps:
    print(title + "\t" + cap[:40])
EOF
}
# page_text PDF K: page K's text, blanks taken out.
page_text() { pdftotext -f "$2" -l "$2" "$1" - 2>/dev/null | tr -d ' \n\t\f'; }
pages() { pdfinfo "$1" 2>/dev/null | sed -nE 's/^Pages: +([0-9]+)/\1/p'; }

# check_pdf NAME PDF LESSON_FILE: pages, titles, captions and answers.
check_pdf() {
	local name=$1 pdf=$2 lesson=$3 n k=0 title cap text bad="" other
	n=$(steps "$lesson" | wc -l)
	check "$name: $((n + 1)) pages, a step each and the answers" \
		test "$(pages "$pdf")" = $((n + 1))
	while IFS=$'\t' read -r title cap; do
		k=$((k + 1))
		text=$(page_text "$pdf" $k)
		case $text in
		*"$(printf %s "$title" | tr -d ' ')"*"$cap"*) ;;
		*) bad+="page $k lacks \"$title\" or \"$cap\"; " ;;
		esac
		# the next step's caption is not on this page
		other=$(steps "$lesson" | sed -n "$((k + 1))p" | cut -f2)
		if [ -n "$other" ] && [[ $text == *"$other"* ]]; then
			bad+="page $k holds step $((k + 1))'s caption; "
		fi
	done < <(steps "$lesson")
	if [ -z "$bad" ]; then ok "$name: each step's title and caption on its page"
	else not_ok "$name: each step's title and caption on its page" "$bad"; fi
}

if has pdftotext "handout PDF pages" && has pdfinfo "handout PDF pages"; then
	en=$lessons/en/01-positions.txt zh=$lessons/zh/03-sincos.txt
	run_status "--handout positions -o en.pdf" 0 \
		"$PESCOPE" --handout positions -o "$tmp/en.pdf"
	check_pdf "English PDF" "$tmp/en.pdf" "$en"
	check "English PDF is A4" grep -q "595.28 x 841.89" \
		<(pdfinfo "$tmp/en.pdf")
	n=$(pages "$tmp/en.pdf")
	check "the answers are on the last page" \
		grep -q "Answers" <(pdftotext -f "$n" -l "$n" "$tmp/en.pdf" -)
	check "... and on no other page" \
		test "$(pdftotext -l $((n - 1)) "$tmp/en.pdf" - | grep -c Answers)" = 0

	run_status "--handout 3 --lang zh -o zh.pdf" 0 \
		"$PESCOPE" --handout 3 --lang zh -o "$tmp/zh.pdf"
	check_pdf "Chinese PDF" "$tmp/zh.pdf" "$zh"
	n=$(pages "$tmp/zh.pdf")
	check "Chinese PDF: 答案 on the last page only" \
		test "$(page_text "$tmp/zh.pdf" "$n" | grep -c 答案)" = 1 -a \
		"$(pdftotext -l $((n - 1)) "$tmp/zh.pdf" - | grep -c 答案)" = 0

	# A lesson named by its path, as --lesson takes it.
	cp "$en" "$tmp/mine.txt"
	run_status "--handout ./FILE" 0 \
		"$PESCOPE" --handout "$tmp/mine.txt" -o "$tmp/mine.pdf"
	check "--handout FILE: the same pages as by its name" \
		test "$(pages "$tmp/mine.pdf")" = "$(pages "$tmp/en.pdf")"
fi

# ---- Markdown ----

# png_size FILE: "WxH" from the IHDR chunk, or "not a PNG".
png_size() {
	"$PY" -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print("%dx%d" % struct.unpack(">II", d[16:24]) if d[:8]==b"\x89PNG\r\n\x1a\n" and d[12:16]==b"IHDR" else "not a PNG")' "$1"
}
mkdir "$tmp/md"
run_status "--handout 1 -o notes.md" 0 "$PESCOPE" --handout 1 -o "$tmp/md/notes.md"
en=$lessons/en/01-positions.txt
n=$(steps "$en" | wc -l)
bad="" k=0
while IFS=$'\t' read -r title cap; do
	k=$((k + 1))
	f=$(printf 'notes-%02d.png' $k)
	grep -qxF "## $k. $title" "$tmp/md/notes.md" || bad+="no heading $k; "
	grep -qF "]($f)" "$tmp/md/notes.md" || bad+="no link to $f; "
	[ "$(png_size "$tmp/md/$f")" = 1200x800 ] || bad+="$f is $(png_size "$tmp/md/$f"); "
done < <(steps "$en")
if [ -z "$bad" ]; then ok "notes.md: a section and a 1200x800 PNG per step ($n)"
else not_ok "notes.md: a section and a 1200x800 PNG per step" "$bad"; fi
check "notes.md: every caption, in order" "$PY" - "$tmp/md/notes.md" <<EOF
import re, sys
md = "".join(open(sys.argv[1], encoding="utf-8").read().split()).replace("\\\\", "")
caps = """$(steps "$en" | cut -f2)""".split("\n")
at = 0
for c in caps:
    at = md.find(c, at)
    if at < 0:
        sys.exit("missing: " + c)
EOF
check "notes.md: the answers last" test "$(grep '^## ' "$tmp/md/notes.md" | tail -1)" = "## Answers"
check "notes.md: nothing else in the folder" \
	test "$(ls -A "$tmp/md" | wc -l)" = $((n + 1))
run_status "--handout 3 --lang zh -o zh.md" 0 "$PESCOPE" --handout 3 --lang zh -o "$tmp/md/zh.md"
check "zh.md: the Chinese lesson's title and 答案" \
	grep -q "^# $(sed -n 's/^title: //p' "$lessons/zh/03-sincos.txt")" "$tmp/md/zh.md"
check "zh.md: its answers section is 答案" grep -qx "## 答案" "$tmp/md/zh.md"

# ---- failures: status, one line, nothing left behind ----

mkdir -p "$tmp/w"
printf 'title: x\nabout: y\n' >"$tmp/bad.txt"
fails() { # fails STATUS TEXT ARGS...
	local want=$1 text=$2
	shift 2
	(cd "$tmp/w" && "$@" >"$tmp/stdout" 2>"$tmp/err" </dev/null)
	local rc=$? name="exit $want: ${*#"$PESCOPE"}"
	if [ "$rc" -ne "$want" ]; then
		not_ok "$name" "status $rc: $(cat "$tmp/err")"
	elif [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -qF -- "$text" "$tmp/err"; then
		not_ok "$name" "stderr: $(cat "$tmp/err")"
	elif [ -n "$(ls -A "$tmp/w" | grep -vx file)" ]; then
		not_ok "$name" "left behind: $(ls -A "$tmp/w" | tr '\n' ' ')"
	else
		ok "$name"
	fi
	find "$tmp/w" -mindepth 1 ! -name file -delete
}
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
	run_status "without librsvg, -o FILE.md still works" 0 \
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
