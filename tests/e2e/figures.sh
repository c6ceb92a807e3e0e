#!/usr/bin/env bash
# --export FILE.png and FILE.pdf (io/export_raster.c, librsvg over cairo),
# checked on the files themselves:
#   - every view, in English and Chinese, dark and light: a PNG (its magic,
#     and its size from the IHDR chunk: 10 x 20 pixels per cell, so at least
#     8 per column) and a PDF (its magic, one page of the screen's size);
#   - --png-scale N multiplies both sides by N; a light theme gives a light
#     page and a dark one a dark page (mean grey level, png_grey.py);
#   - the PDF is vector with its text as text: pdftotext finds d_model and
#     the status line, and with --lang zh a Chinese word of the screen;
#     pdfimages finds no picture in it; pdffonts lists only embedded fonts,
#     a CJK one among them for Chinese;
#   - bad --png-scale values and a PNG larger than cairo draws exit 64, a
#     full disk 74, with one line on stderr and nothing left behind;
#   - a pescope built without librsvg ($PESCOPE_NORSVG, which make check
#     builds) refuses .png and .pdf with exit 69 and one line naming the
#     package, in both languages, and makes no file.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.bash"
needs pdftotext pdffonts pdfimages pdfinfo python3
: "${PESCOPE:?set PESCOPE to the binary under test}"
export LC_ALL=C.UTF-8
unset NO_COLOR

# png_size FILE: "WxH" from the IHDR chunk, or "not a PNG".
png_size() {
	"$PY" -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print("%dx%d" % struct.unpack(">II", d[16:24]) if d[:8]==b"\x89PNG\r\n\x1a\n" and d[12:16]==b"IHDR" else "not a PNG")' "$1"
}
# pdf_page FILE: "WxH" of its first page in points, from pdfinfo.
pdf_page() {
	pdfinfo "$1" 2>/dev/null | sed -nE 's/^Page size: +([0-9.]+) x ([0-9.]+) pts.*/\1x\2/p'
}
# grey FILE: the mean grey level of a PNG, 0 (black) to 1 (white).
grey() { "$PY" "$here/png_grey.py" "$1"; }

# ---- every view, both languages, both themes ----

views=$("$PESCOPE" --view / 2>&1 | sed -E 's/.*must be (.*), got.*/\1/; s/ or /, /; s/,//g')
sizes=(80x24 120x40 100x30)
n=0
for v in $views; do
	size=${sizes[$((n % 3))]}
	lang=$([ $((n % 2)) = 0 ] && echo en || echo zh)
	theme=$([ $((n % 4)) -lt 2 ] && echo dark || echo light)
	n=$((n + 1))
	w=${size%x*} h=${size#*x}
	args=(--view "$v" --size "$size" --lang "$lang" --theme "$theme" -d 64)
	if "$PESCOPE" --export "$tmp/$v.png" "${args[@]}" 2>"$tmp/err"; then
		got=$(png_size "$tmp/$v.png")
		check "$v view as PNG ($size, $lang, $theme): $got, 10x20 pixels a cell" \
			test "$got" = "$((w * 10))x$((h * 20))"
	else
		not_ok "$v view as PNG" "$(head -c 300 "$tmp/err")"
	fi
	if "$PESCOPE" --export "$tmp/$v.pdf" "${args[@]}" 2>"$tmp/err" &&
	   [ "$(head -c 5 "$tmp/$v.pdf")" = "%PDF-" ]; then
		got=$(pdf_page "$tmp/$v.pdf")
		check "$v view as PDF ($size, $lang, $theme): one page of ${got} pt" \
			test "$got" = "$((w * 75 / 10))x$((h * 15))"
	else
		not_ok "$v view as PDF" "$(head -c 300 "$tmp/err")"
	fi
done

# ---- scale and theme ----

"$PESCOPE" --export "$tmp/s1.png" --size 80x24 --theme light
"$PESCOPE" --export "$tmp/s3.png" --size 80x24 --theme light --png-scale 3
check "--png-scale 1: 800x480 (got $(png_size "$tmp/s1.png"))" test "$(png_size "$tmp/s1.png")" = 800x480
check "--png-scale 3: 2400x1440 (got $(png_size "$tmp/s3.png"))" test "$(png_size "$tmp/s3.png")" = 2400x1440
"$PESCOPE" --export "$tmp/dark.png" --size 80x24 --theme dark
light=$(grey "$tmp/s1.png") dark=$(grey "$tmp/dark.png")
check "--theme light gives a light page (mean grey $light)" \
	"$PY" -c "import sys; sys.exit(not float('$light') > 0.6)"
check "--theme dark gives a dark page (mean grey $dark)" \
	"$PY" -c "import sys; sys.exit(not float('$dark') < 0.4)"
"$PESCOPE" --export "$tmp/s3.pdf" --size 80x24
check "--png-scale leaves the PDF alone" test "$(pdf_page "$tmp/s3.pdf")" = 600x360

# ---- the PDF is vector, with its text as text ----

"$PESCOPE" --export "$tmp/en.pdf" --size 120x40 -d 64 -p 7
pdftotext "$tmp/en.pdf" "$tmp/en.txt"
check "pdftotext finds d_model in the PDF" grep -q "d_model" "$tmp/en.txt"
check "pdftotext finds the status line" grep -qF "d_model=64 base=10000 len=128 pos=7 dim=0" "$tmp/en.txt"
check "the PDF holds no picture (pdfimages)" test "$(pdfimages -list "$tmp/en.pdf" | tail -n +3 | wc -l)" = 0
"$PESCOPE" --export "$tmp/zh.pdf" --size 120x40 --lang zh
pdftotext "$tmp/zh.pdf" "$tmp/zh.txt"
check "pdftotext finds Chinese text (热力图) with --lang zh" grep -q "热力图" "$tmp/zh.txt"
check "pdftotext finds d_model with --lang zh" grep -q "d_model" "$tmp/zh.txt"
for f in en zh; do
	pdffonts "$tmp/$f.pdf" | tail -n +3 >"$tmp/fonts-$f"
	# The emb column: the third from the right ("emb sub uni object ID").
	check "$f PDF: every font embedded ($(wc -l <"$tmp/fonts-$f") fonts)" \
		awk 'NF < 5 || $(NF-4) != "yes" { bad = 1 } END { exit bad || NR == 0 }' "$tmp/fonts-$f"
done
check "the Chinese PDF embeds a CJK font" grep -qi "cjk\|han\|hei\|song\|ming\|wqy" "$tmp/fonts-zh"

# ---- failures: status, one line, nothing left behind ----

mkdir -p "$tmp/out"
fails() { refuses "$tmp/out" "$@"; }	# fails STATUS TEXT ARGS...
fails 64 "--png-scale must be an integer from 1 to 8" "$PESCOPE" --export a.png --png-scale 0
fails 64 "--png-scale must be an integer from 1 to 8" "$PESCOPE" --export a.png --png-scale 9
fails 64 "--png-scale must be an integer from 1 to 8" "$PESCOPE" --export a.png --png-scale 2x
fails 64 "--png-scale only works with --export FILE.png" "$PESCOPE" --export a.pdf --png-scale 2
fails 64 "--png-scale \"2\" only works with --keys or --export" "$PESCOPE" --snapshot --png-scale 2
fails 64 "more than cairo draws" "$PESCOPE" --export big.png --size 1000x1000 --png-scale 2
ln -s /dev/full "$tmp/out/full.png"
fails 74 "No space left on device" "$PESCOPE" --export full.png
rm -f "$tmp/out/full.png"

nors=${PESCOPE_NORSVG:-}
if [ -n "$nors" ] && [ -x "$nors" ]; then
	for f in a.png b.pdf c.PNG; do
		fails 69 "install librsvg2-dev" "$nors" --export "$f"
	done
	fails 69 "请安装 librsvg2-dev 后重新构建" "$nors" --export z.pdf --lang zh
	check "without librsvg, SVG export still works" "$nors" --export "$tmp/nors.svg"
	fails 64 "--png-scale must be an integer from 1 to 8" "$nors" --export a.png --png-scale 0
else
	not_ok "a pescope built without librsvg to test exit 69" \
		"set PESCOPE_NORSVG (make check builds build/pescope-norsvg)"
fi

finish
