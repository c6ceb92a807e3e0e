#!/usr/bin/env python3
"""first_diff.py - where two screens first differ, for a failing golden.

Usage: first_diff.py WANT GOT

Prints one line: "first difference: row R, column C: want 'X' (U+XXXX),
got 'Y' (U+YYYY)", rows and columns counted from 1 in characters (a wide
character is one), and the two rows in full under it. A row that one file
lacks is shown as "(no row)". Exits 0 when the files are the same, else 1."""
import sys


def rows(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return f.read().split('\n')


def show(ch):
    return f"'{ch}' (U+{ord(ch):04X})" if ch else 'the end of the row'


def main(argv):
    if len(argv) != 3:
        print('usage: first_diff.py WANT GOT', file=sys.stderr)
        return 2
    want, got = rows(argv[1]), rows(argv[2])
    for r in range(max(len(want), len(got))):
        a = want[r] if r < len(want) else None
        b = got[r] if r < len(got) else None
        if a == b:
            continue
        if a is None or b is None:
            print(f'first difference: row {r + 1}: '
                  f'{"want no row, got one" if a is None else "want a row, got none"}')
        else:
            c = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]),
                     min(len(a), len(b)))
            print(f'first difference: row {r + 1}, column {c + 1}: want '
                  f'{show(a[c:c + 1])}, got {show(b[c:c + 1])}')
        print(f'  want: {a if a is not None else "(no row)"}')
        print(f'  got:  {b if b is not None else "(no row)"}')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
