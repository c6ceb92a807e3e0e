#!/usr/bin/python3
"""marks.py PAGE FILE...: the WCAG non-text contrast of every mark of ANSI
screens (pescope --snapshot --color always), as xterm draws them.

PAGE is the terminal's own background: black, white, or both (a screen that
must read on either; it is measured on each). A mark is a cell drawn with a
graphical glyph: arrows (U+2190..21FF), box drawing and block elements
(U+2500..259F: frames, axes, reference lines, bars), geometric shapes
(U+25A0..25FF: dots, triangles), braille dots (U+2801..28FF: curves, clock
hands), the middle dot and the bullet. Each is measured, as WCAG 2.1 SC
1.4.11 asks of the parts of graphics, against what is under it: its
foreground against its background, which is the page for a mark drawn on
it (the terminal's own foreground is the page's opposite, so such marks
pass on any page) and the heat for a mark drawn over a heatmap. The heat
itself (half blocks and shades whose background is not the page: two heat
values, or a level between two) is a surface measured against its
neighbours, not the page, and is left out.
Prints one line per file and page, "FILE on PAGE: N marks, worst R:1",
then, for marks under 3:1, up to 6 of them: row, column, glyph, colours.
Exits 1 when some mark is under 3:1, 2 on bad arguments.

Written for the tests, independent of pescope's own palette code: it reads
only what the program wrote, through contrast.py's reading of a screen."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from contrast import cells, ratio  # noqa: E402

NEED = 3.0
PAGES = {"black": [(0, 0, 0)], "white": [(255, 255, 255)],
         "both": [(0, 0, 0), (255, 255, 255)]}
HEAT = "\u2580\u2584\u2591\u2592\u2593"


def is_mark(ch):
    o = ord(ch)
    return (0x2190 <= o <= 0x21FF or 0x2500 <= o <= 0x259F or
            0x25A0 <= o <= 0x25FF or 0x2801 <= o <= 0x28FF or
            o in (0x00B7, 0x2022))


def report(path, page):
    with open(path, encoding="utf-8", errors="replace") as fp:
        data = fp.read()
    marks = [c for c in cells(data, page) if is_mark(c[2]) and
             not (c[2] in HEAT and c[4] != page)]
    name = "black" if page == (0, 0, 0) else "white"
    if not marks:
        print("%s on %s: no marks" % (path, name))
        return True
    low = [(ratio(f, b), r, c, ch, f, b) for r, c, ch, f, b in marks
           if ratio(f, b) < NEED]
    print("%s on %s: %d marks, worst %.2f:1" %
          (path, name, len(marks), min(ratio(f, b) for *_, f, b in marks)))
    for q, r, c, ch, f, b in sorted(low)[:6]:
        print("  row %d col %d %r fg #%02x%02x%02x bg #%02x%02x%02x %.2f:1" %
              (r, c, ch, *f, *b, q))
    return not low


def main(argv):
    if len(argv) < 3 or argv[1] not in PAGES:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    ok = True
    for path in argv[2:]:
        for page in PAGES[argv[1]]:
            ok = report(path, page) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
