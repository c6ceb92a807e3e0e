#!/usr/bin/env bash
# --export FILE and the explorer's export key, on the real binary $PESCOPE.
#   - every view exports a well-formed SVG (xmllint --noout);
#   - its structure matches the same screen's text export, cell for cell
#     (checked by a small Python reader, independent of export_svg.c):
#       * heat: with one position and d_model 2 the heatmap is PE(0,0) = 0
#         over PE(0,1) = 1, so every pixel row is one rectangle spanning the
#         heat columns of the text, #f7f7f7 where the text ramp shows 0 and
#         #b2182b where it shows 1 (RdBu's middle and top);
#       * curves: every braille dot of the UTF-8 text lies on a polyline or
#         circle of the SVG (within a third of a dot), and every point of
#         every polyline lies near a dot (within 0.75 dot: the stroke may cut
#         the corner between two diagonal neighbours, never more);
#       * labels: the status line, and every word of the text, are in <text>;
#   - rsvg-convert renders it to a PNG of the expected size (when installed);
#   - .txt and .ans are byte for byte --snapshot --color never / always,
#     also with a view, a lesson, the drill or presenter mode;
#   - bad names exit 64, an uncreatable file 73, a failing write 74, with
#     one line on stderr and nothing left behind;
#   - the `e` key in the explorer writes pescope-<view>-<time>.svg in the
#     current folder and says so on the bottom line.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
export LC_ALL=C.UTF-8
unset NO_COLOR

# ---- every view is well-formed XML ----

views=$("$PESCOPE" --view / 2>&1 | sed -E 's/.*must be (.*), got.*/\1/; s/ or /, /; s/,//g')
for v in $views; do
	f=$tmp/view-$v.svg
	if "$PESCOPE" --export "$f" --view "$v" --size 120x40 -d 64 -n 500 -p 100 -i 5 \
		2>"$tmp/err" && xmllint --noout "$f" 2>>"$tmp/err"; then
		ok "--export $v view is well-formed SVG"
	else
		not_ok "--export $v view is well-formed SVG" "$(head -c 300 "$tmp/err")"
	fi
done

# ---- structure against the text of the same screen ----

# check_svg SVG TXT_UTF8 [TXT_ASCII]: prints problems, exits 1 if any. The
# heat is compared only when the ASCII text is given.
check_svg() {
	"$PY" - "$@" <<'EOF'
import math, re, sys
import xml.etree.ElementTree as ET

svg_path, txt_path = sys.argv[1:3]
ascii_path = sys.argv[3] if len(sys.argv) > 3 else None
NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(svg_path).getroot()
text = open(txt_path, encoding="utf-8").read().split("\n")
asc = open(ascii_path, encoding="utf-8").read().split("\n") if ascii_path else []
problems = []

def layer(name):
    for g in root.iter(NS + "g"):
        if g.get("id") == name:
            return g
    problems.append("no layer " + name)
    return ET.Element("g")

# Heat: in the ASCII text, the heat columns are the widest run from the
# first '#' to the last '#' of a row.
best = None
for y, line in enumerate(asc):
    if "#" in line:
        a, b = line.index("#"), line.rindex("#")
        if best is None or b - a > best[2] - best[1]:
            best = (y, a, b)
if ascii_path and best is None:
    problems.append("no heat row ('#') in the text")
elif best:
    _, x0, x1 = best
    # A pixel row's heat is one rectangle over the text's heat columns, or
    # two with the one cell of the crosshair's column between them (its
    # line is drawn on the page, as on the terminal).
    lo, hi = 10 * x0, 10 * (x1 + 1)
    runs = {}
    for r in layer("heatmap").iter(NS + "rect"):
        x, w = int(r.get("x")), int(r.get("width"))
        if w > 100 or (runs.get(int(r.get("y"))) and lo <= x and x + w <= hi):
            runs.setdefault(int(r.get("y")), []).append(r)
    rows = {}
    for y, rs in runs.items():
        rs.sort(key=lambda r: int(r.get("x")))
        rows[y] = rs[0]
        xa = int(rs[0].get("x"))
        xb = int(rs[-1].get("x")) + int(rs[-1].get("width"))
        covered = sum(int(r.get("width")) for r in rs)
        if len(rs) > 2 or covered < xb - xa - 10:
            problems.append("two wide rectangles on pixel row y=%d" % y)
        if (xa, xb - xa) != (lo, hi - lo):
            problems.append("heat row y=%d spans x=%d width=%d, text says %d..%d"
                            % (y, xa, xb - xa, x0, x1))
    if len(rows) < 4:
        problems.append("only %d heat pixel rows" % len(rows))
    want = {" ": ("#f7f7f7", "#f7f7f7"), "+": ("#f7f7f7", "#b2182b"),
            "#": ("#b2182b", "#b2182b")}
    checked = 0
    for y, line in enumerate(asc):
        top, bot = rows.get(20 * y), rows.get(20 * y + 10)
        if top is None or bot is None:
            continue
        g = line[x0] if x0 < len(line) else " "
        if g not in want:
            continue  # a crosshair over the heat hides the ramp
        got = (top.get("fill"), bot.get("fill"))
        if got != want[g]:
            problems.append("text row %d shows %r but the SVG has %s" % (y, g, got))
        checked += 1
    if checked < 3:
        problems.append("only %d heat rows compared" % checked)

# Curves: dots of the braille cells in the UTF-8 text.
bits = [(0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08),
        (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80)]
dots = set()
for y, line in enumerate(text):
    for x, ch in enumerate(line):
        m = ord(ch) - 0x2800
        if 0 < m <= 0xff:
            for dx, dy, bit in bits:
                if m & bit:
                    dots.add((2 * x + dx, 4 * y + dy))

def pt(px, py):
    """SVG units to dot units (dot (x, y) is centred at 5x + 2.5, 5y + 2.5)."""
    return (px - 2.5) / 5, (py - 2.5) / 5

def seg_dist(p, a, b):
    (x, y), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - ax - t * dx, y - ay - t * dy)

segs = []
curves = layer("curves")
npoly = 0
for p in curves.iter(NS + "polyline"):
    npoly += 1
    pts = [pt(*map(float, xy.split(","))) for xy in p.get("points").split()]
    segs += list(zip(pts, pts[1:]))
for c in curves.iter(NS + "circle"):
    q = pt(float(c.get("cx")), float(c.get("cy")))
    segs.append((q, q))
if not dots:
    problems.append("no braille dots in the text")
lost = [d for d in dots if not any(seg_dist(d, a, b) <= 0.34 for a, b in segs)]
if lost:
    problems.append("%d of %d dots are on no curve of the SVG, e.g. %s"
                    % (len(lost), len(dots), sorted(lost)[:3]))
stray = 0
for a, b in segs:
    for k in range(9):
        x, y = a[0] + (b[0] - a[0]) * k / 8, a[1] + (b[1] - a[1]) * k / 8
        near = [(dx, dy) for dx in (math.floor(x), math.ceil(x))
                for dy in (math.floor(y), math.ceil(y)) if (dx, dy) in dots]
        if not any(math.hypot(x - dx, y - dy) <= 0.75 for dx, dy in near):
            stray += 1
            break
if stray:
    problems.append("%d of %d curve segments stray from the dots" % (stray, len(segs)))

# Labels: the status and every word of the text are in the SVG's text.
words = " ".join(t.text or "" for t in layer("text").iter(NS + "text"))
status = re.search(r"d_model=\S+ base=\S+ len=\S+ pos=\S+ dim=\S+", text[0])
if not status or status.group(0) not in words:
    problems.append("status line not in the SVG text")
for w in sorted(set(re.findall(r"[A-Za-z_]{4,}", "\n".join(text)))):
    if w not in words:
        problems.append("word %r of the text is not in the SVG" % w)

for p in problems:
    print(p)
print("checked %d polylines, %d dots" % (npoly, len(dots)), file=sys.stderr)
sys.exit(1 if problems else 0)
EOF
}

# The dark theme, whose heat zero (#f7f7f7) check_svg expects; without
# --theme an export draws in the any theme, whose zero is grey #e4e4e4.
small=(-d 2 -n 1 --size 80x24 --theme dark)
"$PESCOPE" --export "$tmp/small.svg" "${small[@]}"
"$PESCOPE" --export "$tmp/small.txt" "${small[@]}"
"$PESCOPE" --export "$tmp/small-ascii.txt" --ascii "${small[@]}"
if out=$(check_svg "$tmp/small.svg" "$tmp/small.txt" "$tmp/small-ascii.txt" 2>/dev/null); then
	ok "SVG heat rectangles, curves and labels match the text (d=2, one position)"
else
	not_ok "SVG matches the text (d=2, one position)" "$(head -n 5 <<<"$out" | tr '\n' ';')"
fi

# A busier screen: many curves (its heat is not uniform, so only the curves
# and labels are compared).
busy=(-d 16 -n 64 -p 5 -i 3 --size 100x30)
"$PESCOPE" --export "$tmp/busy.svg" "${busy[@]}"
"$PESCOPE" --export "$tmp/busy.txt" "${busy[@]}"
if out=$(check_svg "$tmp/busy.svg" "$tmp/busy.txt" 2>/dev/null); then
	ok "SVG curves and labels match the text (d=16, 64 positions)"
else
	not_ok "SVG curves and labels match the text (d=16, 64 positions)" "$(head -n 5 <<<"$out" | tr '\n' ';')"
fi

# ---- rendering ----

if has rsvg-convert "rsvg-convert renders the SVG"; then
	if rsvg-convert "$tmp/busy.svg" -o "$tmp/busy.png" 2>"$tmp/err" &&
	   [ -s "$tmp/busy.png" ]; then
		size=$("$PY" -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print("%dx%d" % struct.unpack(">II", d[16:24]) if d[:8]==b"\x89PNG\r\n\x1a\n" else "not a PNG")' "$tmp/busy.png")
		check "rsvg-convert renders a 1000x600 PNG (got $size)" test "$size" = 1000x600
	else
		not_ok "rsvg-convert renders the SVG" "$(head -c 300 "$tmp/err")"
	fi
fi

# ---- text exports are the snapshots ----

"$PESCOPE" --snapshot --color never "${busy[@]}" >"$tmp/snap.txt"
check ".txt export is --snapshot --color never" cmp -s "$tmp/busy.txt" "$tmp/snap.txt"
# The same screen as --snapshot with the options of other features too: a
# view, a lesson's caption, the drill (with a fixed seed), presenter mode.
same_screen() { # same_screen ARGS...
	"$PESCOPE" --export "$tmp/same.txt" --size 100x30 "$@" 2>"$tmp/err" &&
		"$PESCOPE" --snapshot --color never --size 100x30 "$@" >"$tmp/same-snap.txt" &&
		cmp -s "$tmp/same.txt" "$tmp/same-snap.txt"
}
check ".txt export is the snapshot of --view clocks" same_screen --view clocks -d 32
for extra in "--lesson 1" "--drill --seed 3" "--present"; do
	opt=${extra%% *}
	if "$PESCOPE" --help | grep -q -- "$opt "; then
		# shellcheck disable=SC2086
		check ".txt export is the snapshot with $extra" same_screen $extra
	else
		ok ".txt export with $extra # SKIP no $opt option"
	fi
done

"$PESCOPE" --export "$tmp/busy.ans" "${busy[@]}"
"$PESCOPE" --snapshot --color always "${busy[@]}" >"$tmp/snap.ans"
check ".ans export is --snapshot --color always" cmp -s "$tmp/busy.ans" "$tmp/snap.ans"
check ".ans export has 256-colour escapes" grep -q $'\033\\[0;38;5;' "$tmp/busy.ans"

# ---- failures ----

# fails STATUS WANT_TEXT ARGS...: pescope ARGS refused with STATUS and one
# line, nothing made in $tmp/out (tap.bash: refuses).
mkdir -p "$tmp/out"
fails() {
	local want=$1 text=$2
	shift 2
	refuses "$tmp/out" "$want" "$text" "$PESCOPE" "$@"
}
fails 64 "--export must be a file name ending in .svg, .png, .pdf, .txt, .ans or .cast" --export shot.gif
fails 64 "--export" --export .svg
fails 64 "--frames \"5\" only works with --bench" --export a.svg --frames 5
fails 73 "cannot write \"no/such/dir/a.svg\"" --export no/such/dir/a.svg
ln -s /dev/full "$tmp/out/full.svg"
fails 74 "No space left on device" --export full.svg
rm -f "$tmp/out/full.svg"

# ---- the export key in the explorer ----

# second_saved: a second file is there, and the message names another file
# than the first ($shown, still on the screen until the second save).
second_saved() {
	[ "$(ls pescope-explore-*.svg | wc -l)" -ge 2 ] &&
	[ "$(tm_screen | grep -o 'saved pescope-explore-[0-9-]*\.svg')" != "$shown" ]
}
mkdir -p "$tmp/key"
cd "$tmp/key" || exit 1
tm_start 100 30 -- -d 64 -n 300 -p 7
if tm_wait "pos=7 dim=0"; then
	tm_keys e
	if tm_wait "saved pescope-explore-" 5; then
		f=$(ls pescope-explore-*.svg 2>/dev/null | head -n 1)
		shown=$(tm_screen | grep -o 'saved pescope-explore-[0-9-]*\.svg')
		if [ -n "$f" ] && [ "saved $f" = "$shown" ] && xmllint --noout "$f" &&
		   grep -qF "<title>pescope explore: d_model=64 base=10000 len=300 pos=7 dim=0 interleaved</title>" "$f"; then
			ok "e saves the screen as $f and says so"
		else
			not_ok "e saves the screen" "file '$f', screen '$shown'"
		fi
	else
		not_ok "e saves the screen" "no message"
	fi
	tm_keys l e
	if tm_until 5 second_saved && grep -lqF "pos=8 dim=0" pescope-explore-*.svg; then
		ok "a second e saves a second file (never overwrites)"
	else
		not_ok "a second e saves a second file" "$(ls)"
	fi
	tm_keys q
	check "explorer still quits with 0 after exports" test "$(tm_rc)" = 0
else
	not_ok "explorer starts for the export key"
fi
cd / || exit 1

# ---- :export FILE in the explorer: any figure format ----

mkdir -p "$tmp/cmd"
cd "$tmp/cmd" || exit 1
tm_stop
tm_start 100 30 -- -d 64 -p 7
if tm_wait "pos=7 dim=0"; then
	tm_keys : 'export slide.png' Enter
	if tm_wait "saved slide.png" 10 && [ "$(head -c 8 slide.png | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ]; then
		ok ":export slide.png writes a PNG and says so"
	else
		not_ok ":export slide.png writes a PNG" "$(ls -A) $(tm_status)"
	fi
	tm_keys : 'export notes.txt' Enter
	tm_wait "saved notes.txt" 10
	check ":export notes.txt writes the screen's text" grep -qF "d_model=64 base=10000 len=128 pos=7 dim=0" notes.txt
	tm_keys : 'export fig.gif' Enter
	check ":export fig.gif says which names it takes" tm_wait 'export: "fig.gif" must end in .svg, .png, .pdf, .txt or .ans' 10
	check ":export fig.gif writes nothing" test ! -e fig.gif
	tm_keys e
	tm_wait "saved pescope-explore-" 10
	check "e after :export still saves an SVG of its own name" \
		test "$(ls pescope-explore-*.svg 2>/dev/null | wc -l)" = 1
	tm_keys q
	check "explorer quits with 0 after :export" test "$(tm_rc)" = 0
	ls -A | grep -v '^\(slide.png\|notes.txt\|pescope-explore-.*\.svg\)$' >"$tmp/extra"
	check ":export leaves no temporary behind" test ! -s "$tmp/extra"
else
	not_ok "explorer starts for :export"
fi
cd / || exit 1

finish
