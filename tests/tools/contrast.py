#!/usr/bin/python3
"""contrast.py PAGE MIN FILE...: the WCAG contrast of every letter and digit of
ANSI screens (pescope --snapshot --color always), as xterm draws them.

PAGE is the terminal's own background, black or white; its own foreground is
the other one. Each FILE is one screen. For every cell that holds a letter or a
digit (Unicode categories L and N: Chinese characters too), the contrast ratio
of its foreground against its background is computed as WCAG 2.x defines it
(relative luminance of sRGB; (L1 + 0.05) / (L2 + 0.05)), with:
  - SGR 38/48;5;N from the xterm-256 palette (its 16 system colours as xterm's
    defaults, the 6x6x6 cube at 0, 95, 135, 175, 215, 255, the grey ramp
    8 + 10k), 38/48;2;R;G;B as given, 30-37/90-97 and 40-47/100-107 likewise;
  - reverse video (7) swapping the two;
  - faint (2) drawn at 2/3 of the foreground, as xterm does.
Prints one line per file, "FILE: N text cells, worst R:1", then, for a file
with cells under MIN, up to 6 of them: row, column, the run of text, colours.
Exits 1 when some file has a cell under MIN or no text, 2 on bad arguments.

Written for the tests, independent of pescope's own palette code: it reads
only what the program wrote."""
import re
import sys
import unicodedata

SYSTEM16 = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238),
            (205, 0, 205), (0, 205, 205), (229, 229, 229), (127, 127, 127),
            (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255)]
CUBE = [0, 95, 135, 175, 215, 255]


def xterm256(n):
    if n < 16:
        return SYSTEM16[n]
    if n < 232:
        n -= 16
        return (CUBE[n // 36], CUBE[n // 6 % 6], CUBE[n % 6])
    g = 8 + 10 * (n - 232)
    return (g, g, g)


def luminance(c):
    def lin(v):
        v /= 255.0
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def ratio(a, b):
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def is_text(ch):
    return ch.isalnum() and unicodedata.category(ch)[0] in "LN"


SGR = re.compile(r"\x1b\[([0-9;]*)m")
OTHER = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][A-Z0-9]|[=>])")


def colour(ps, k):
    """The colour of the 38/48 sequence at ps[k]; (colour, next index)."""
    if k + 1 < len(ps) and ps[k + 1] == 5 and k + 2 < len(ps):
        return xterm256(ps[k + 2]), k + 3
    if k + 1 < len(ps) and ps[k + 1] == 2 and k + 4 < len(ps):
        return tuple(ps[k + 2:k + 5]), k + 5
    return None, k + 1


def cells(data, page):
    """Every printed cell: (row, col, ch, fg, bg) with defaults resolved."""
    ink = (255, 255, 255) if page == (0, 0, 0) else (0, 0, 0)
    out = []
    row = col = 0
    fg = bg = None
    faint = rev = False
    i = 0
    while i < len(data):
        m = SGR.match(data, i)
        if m:
            ps = [int(p) if p else 0 for p in m.group(1).split(";")]
            k = 0
            while k < len(ps):
                p = ps[k]
                if p in (38, 48):
                    c, k = colour(ps, k)
                    if p == 38:
                        fg = c
                    else:
                        bg = c
                    continue
                if p == 0:
                    fg = bg = None
                    faint = rev = False
                elif p == 2:
                    faint = True
                elif p == 22:
                    faint = False
                elif p == 7:
                    rev = True
                elif p == 27:
                    rev = False
                elif p == 39:
                    fg = None
                elif p == 49:
                    bg = None
                elif 30 <= p <= 37:
                    fg = xterm256(p - 30)
                elif 90 <= p <= 97:
                    fg = xterm256(p - 90 + 8)
                elif 40 <= p <= 47:
                    bg = xterm256(p - 40)
                elif 100 <= p <= 107:
                    bg = xterm256(p - 100 + 8)
                k += 1
            i = m.end()
            continue
        m = OTHER.match(data, i)
        if m:
            i = m.end()
            continue
        ch = data[i]
        i += 1
        if ch == "\n":
            row, col = row + 1, 0
            continue
        f = fg if fg is not None else ink
        b = bg if bg is not None else page
        if rev:
            f, b = b, f
        if faint:
            f = tuple(v * 2 // 3 for v in f)
        out.append((row, col, ch, f, b))
        col += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return out


def report(path, page, need):
    with open(path, encoding="utf-8", errors="replace") as fp:
        text = [c for c in cells(fp.read(), page) if is_text(c[2])]
    if not text:
        print("%s: no text cells" % path)
        return False
    worst = min(ratio(f, b) for _, _, _, f, b in text)
    print("%s: %d text cells, worst %.2f:1" % (path, len(text), worst))
    runs = {}
    for r, c, ch, f, b in text:
        q = ratio(f, b)
        if q < need:
            runs.setdefault((r, f, b), []).append((c, ch, q))
    for (r, f, b), chars in sorted(runs.items(),
                                   key=lambda kv: min(x[2] for x in kv[1]))[:6]:
        chars.sort()
        print("  row %d col %d %r fg #%02x%02x%02x bg #%02x%02x%02x %.2f:1" %
              (r, chars[0][0], "".join(x[1] for x in chars)[:40], *f, *b,
               min(x[2] for x in chars)))
    return not runs


def main(argv):
    if len(argv) < 4 or argv[1] not in ("black", "white"):
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    page = (0, 0, 0) if argv[1] == "black" else (255, 255, 255)
    need = float(argv[2])
    ok = True
    for path in argv[3:]:
        ok = report(path, page, need) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
