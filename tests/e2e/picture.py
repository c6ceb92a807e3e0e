"""picture.py - what a heatmap looks like, measured from pescope's exports.

Used by tests/e2e/pictures.sh (and by hand). Reads the colours a person
sees, not pescope's tables: an SVG export (24-bit colour, the heat layer's
rectangles) or an ANSI export (xterm's 256 colours, the fg/bg of each '▀'),
turns them into CIELAB with its own formulas, and measures:

    contrast FILE    the mean CIELAB distance (Delta E 1976) between
                     vertically adjacent pixels in the lower third of the
                     first heatmap on the screen (the slow pairs, where a
                     heatmap that averages sines with cosines is a wash)

Python 3 standard library only.
"""
import math
import re
import sys
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"

# ---- colour ----

def xterm256(i):
    """The RGB of xterm colour 16..255: the 6x6x6 cube, then 24 greys."""
    if i >= 232:
        v = 8 + 10 * (i - 232)
        return (v, v, v)
    levels = (0, 95, 135, 175, 215, 255)
    i -= 16
    return (levels[i // 36], levels[i // 6 % 6], levels[i % 6])


def lab(rgb):
    """CIELAB (D65) of an sRGB colour with channels 0..255."""
    def linear(c):
        c /= 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(float(c)) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def delta_e(a, b):
    return math.dist(lab(a), lab(b))

# ---- reading exports into pixels: {(column, pixel row): rgb} ----

def svg_pixels(path):
    root = ET.parse(path).getroot()
    pixels = {}
    for g in root.iter(SVG_NS + "g"):
        if g.get("id") != "heatmap":
            continue
        for r in g.iter(SVG_NS + "rect"):
            x, y = int(r.get("x")), int(r.get("y"))
            w, h = int(r.get("width")), int(r.get("height"))
            fill = r.get("fill").lstrip("#")
            rgb = tuple(int(fill[k:k + 2], 16) for k in (0, 2, 4))
            # A cell is 10 units wide; a heat pixel is half a cell (h).
            for col in range(x // 10, (x + w) // 10):
                pixels[(col, y // h)] = rgb
    return pixels


SGR = re.compile(r"\x1b\[([0-9;]*)m")
CROSSHAIR = "\u2503"


def ans_pixels(path):
    """The pixels of every '▀' cell: top = foreground, bottom = background."""
    pixels = {}
    for row, line in enumerate(open(path, encoding="utf-8").read().split("\n")):
        fg = bg = None
        col = 0
        pos = 0
        while pos < len(line):
            m = SGR.match(line, pos)
            if m:
                fg = bg = None
                p = [int(x) for x in m.group(1).split(";") if x]
                k = 0
                while k < len(p):
                    if p[k] in (38, 48) and p[k + 1] == 5:
                        c = xterm256(p[k + 2])
                        if p[k] == 38:
                            fg = c
                        else:
                            bg = c
                        k += 3
                    elif p[k] in (38, 48) and p[k + 1] == 2:
                        c = tuple(p[k + 2:k + 5])
                        if p[k] == 38:
                            fg = c
                        else:
                            bg = c
                        k += 5
                    else:
                        k += 1
                pos = m.end()
                continue
            if line[pos] == "\u2580" and fg and bg:
                pixels[(col, 2 * row)] = fg
                pixels[(col, 2 * row + 1)] = bg
            elif line[pos] in CROSSHAIR:
                # The crosshair, drawn on the page: part of the map, not a
                # pixel seen.
                pixels[(col, 2 * row)] = pixels[(col, 2 * row + 1)] = None
            col += 1
            pos += 1
    return pixels


def pixels_of(path):
    return svg_pixels(path) if path.endswith(".svg") else ans_pixels(path)

# ---- the first heatmap ----

def first_heatmap(pixels):
    """Columns and pixel rows of the heatmap holding the top-left-most heat
    pixel: the columns run right from it to the first gap (the explorer's
    colour bar sits beyond a blank column), the rows down to the first row
    with no heat in those columns."""
    top = min(r for _, r in pixels)
    c0 = min(c for c, r in pixels if r == top)
    c1 = c0
    while any((c1 + 1, r) in pixels for r in range(top, top + 2)):
        c1 += 1
    cols = range(c0, c1 + 1)
    r1 = top
    while any((c, r1 + 1) in pixels for c in cols):
        r1 += 1
    return cols, range(top, r1 + 1)


def contrast(path):
    pixels = pixels_of(path)
    cols, rows = first_heatmap(pixels)
    lower = [r for r in rows if r >= rows.start + 2 * len(rows) // 3]
    d = [delta_e(pixels[(c, r)], pixels[(c, r + 1)])
         for r in lower[:-1] for c in cols
         if pixels.get((c, r)) and pixels.get((c, r + 1))]
    return sum(d) / len(d)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "contrast":
        print("%.1f" % contrast(sys.argv[2]))
    else:
        sys.exit("usage: picture.py contrast FILE.svg|FILE.ans")
