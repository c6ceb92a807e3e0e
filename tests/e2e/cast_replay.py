#!/usr/bin/env python3
"""cast_replay.py CAST SNAPSHOT - plays an asciicast v2 recording through
pyte, a terminal emulator library, at the size its header gives (and its
"r" events), and compares the screen it ends on with SNAPSHOT, the text of
`pescope --keys FILE --snapshot --color never` (its screen rows, then the
status line, which is not part of the screen). Trailing blanks are not
compared (the snapshot trims them). Also checks the recording's form: a
header with version 2, width, height and title, then [time, "o"|"r", data]
events in time order. Prints the first difference and exits 1 on any."""
import json
import sys

import pyte


def fail(msg):
    print("cast_replay: " + msg)
    sys.exit(1)


def main():
    cast_path, snap_path = sys.argv[1], sys.argv[2]
    with open(cast_path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    head = json.loads(lines[0])
    for key, kind in (("version", int), ("width", int), ("height", int),
                      ("title", str)):
        if not isinstance(head.get(key), kind):
            fail(f"header has no {key} of type {kind.__name__}: {head}")
    if head["version"] != 2:
        fail(f"version {head['version']}, not 2")
    screen = pyte.Screen(head["width"], head["height"])
    stream = pyte.Stream(screen)
    last = 0.0
    for n, line in enumerate(lines[1:], 2):
        ev = json.loads(line)
        if (not isinstance(ev, list) or len(ev) != 3 or
                not isinstance(ev[0], (int, float)) or ev[1] not in "or" or
                not isinstance(ev[2], str)):
            fail(f"line {n} is not [time, \"o\"|\"r\", data]: {line[:80]}")
        if ev[0] < last:
            fail(f"line {n}: time {ev[0]} before {last}")
        last = ev[0]
        if ev[1] == "r":
            w, h = map(int, ev[2].split("x"))
            screen.resize(h, w)
        else:
            stream.feed(ev[2])
    with open(snap_path, encoding="utf-8") as f:
        snap = f.read().split("\n")[:screen.lines]
    shown = [row.rstrip() for row in screen.display]
    for y, (got, want) in enumerate(zip(shown, snap)):
        if got != want.rstrip():
            fail(f"row {y} differs:\n  cast:     {got!r}\n  snapshot: {want!r}")
    if len(snap) != len(shown):
        fail(f"{len(shown)} rows played, {len(snap)} in the snapshot")
    print(f"cast_replay: {len(lines) - 1} events, {last:.2f} s, "
          f"{screen.columns}x{screen.lines} screen as the snapshot")


main()
