#!/usr/bin/env bash
# --dump-series bias against NumPy ports of each scheme's reference code
# (tests/e2e/families_ref.py says which code): every scheme at
# configurations chosen to be unlike the defaults (T5 with 16 and 20
# buckets, ALiBi with 12 and 6 heads, ...), bidirectional and causal; the
# knob words in --list knobs; bad input with its status; and the families
# view on the screen.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs py:numpy
export LC_ALL=C.UTF-8
P=${PESCOPE:-./pescope}
REF=$(dirname "${BASH_SOURCE[0]:-$0}")/families_ref.py

# L D BASE BUCKETS MAXDIST CAUSAL HEADS ALIBI-HEAD CLIP
configs=(
	"40 64 10000 16 50 0 12 7 5"
	"300 32 10000 20 77 1 6 5 3"
	"200 64 500 32 128 0 8 1 16"
	"1500 16 10000 64 1000 1 64 33 200"
	"130 8 10000 6 40 0 3 3 1"
)
for s in t5 shaw alibi kerple xpos added rope nope; do
	for cfg in "${configs[@]}"; do
		set -- $cfg
		name="bias $s at L $1 d $2 base $3 buckets $4 maxdist $5 causal $6 heads $7 head $8 clip $9"
		tap_wanted "$name" || continue
		if ! "$P" --dump-series bias --scheme "$s" -n "$1" -d "$2" -b "$3" \
			--set "buckets=$4" --set "maxdist=$5" --set "causal=$6" \
			--set "heads=$7" --set "alibi-head=$8" --set "clip=$9" \
			>"$tmp/bias.csv" 2>"$tmp/err"; then
			not_ok "$name" "$(head -c 300 "$tmp/err")"
		elif msg=$("$PY" "$REF" "$tmp/bias.csv" "$s" $cfg 2>&1); then
			ok "$name"
		else
			not_ok "$name" "$msg"
		fi
	done
done

# the defaults: T5's 32 buckets and 128, bidirectional
"$P" --dump-series bias -n 200 >"$tmp/t5.csv"
check "the default scheme is T5 with 32 buckets, max_distance 128" \
	"$PY" "$REF" "$tmp/t5.csv" t5 200 128 10000 32 128 0 8 1 16

"$P" --list knobs >"$tmp/knobs"
for w in scheme buckets maxdist causal alibi-head clip heads; do
	check "--list knobs names $w" grep -qx -- "$w" "$tmp/knobs"
done

run_status "an unknown scheme is a usage error" 64 \
	"$P" --dump-series bias --scheme sinusoid
check "... with one line naming the option" \
	grep -q -- "--scheme" "$tmp/err"
run_status "--scheme with another series is a usage error" 64 \
	"$P" --dump-series similarity --scheme t5
run_status "buckets below 4 are refused" 64 \
	"$P" --dump-series bias --set buckets=3
run_status "maxdist at most 32 is refused" 64 \
	"$P" --dump-series bias --set maxdist=32
run_status "an ALiBi head past 64 is refused" 64 \
	"$P" --dump-series bias --set alibi-head=65

# the view: the plot, the letters' table, the map of the scheme chosen
"$P" --snapshot --view families --size 120x40 --set scheme=alibi \
	>"$tmp/wide.txt"
check "at 120x40 the plot's title is there" \
	grep -q "What each scheme does to a score, against k = q − p" "$tmp/wide.txt"
check "... the map of the scheme chosen, its rows and columns named" \
	grep -q "rows query p, columns key q: ALiBi" "$tmp/wide.txt"
check "... and a table row per scheme with its source" \
	grep -q "T5 buckets .*Raffel 2020" "$tmp/wide.txt"
check "... the chosen scheme's note" grep -q "A: −m·|k|" "$tmp/wide.txt"
"$P" --snapshot --view families --size 80x24 >"$tmp/small.txt"
check "at 80x24 every scheme has a lane of two rows, its letter on its trace" \
	"$PY" - "$tmp/small.txt" <<'PY'
import sys
rows = open(sys.argv[1], encoding="utf-8").read().splitlines()
lanes = [i for i, r in enumerate(rows) if r[1:3].strip() and r[2] in "+RSTAKXN" and r[3] == " "]
assert len(lanes) == 8, lanes
assert all(b - a >= 2 for a, b in zip(lanes, lanes[1:])), lanes
for i, l in enumerate(lanes):
    end = lanes[i + 1] if i + 1 < len(lanes) else l + 2
    letter = rows[l][2]
    trace = "".join(r[11:51] for r in rows[l:end])
    assert letter in trace, (letter, trace)
PY
# what a glance review found unexplained at 80x24: p and q, the S and T
# lanes (an index, not a value), the colours of the map
check "at 80x24 the plot says what p and q are" \
	grep -q "k = q − p: key at q, query at p" "$tmp/small.txt"
check "... and the map's title which axis is the query and which the key" \
	grep -q "↓query, →key: T5 buckets" "$tmp/small.txt"
check "... and in words what the S and T lanes draw" \
	grep -q "S, T: which learned entry is added, not its value" "$tmp/small.txt"
# the map's legend by what an index means (T5Attention.
# _relative_position_bucket, families_ref.py): k < 0 takes the lower half
# of the buckets, k > 0 the upper half from num_buckets / 2, bucket 0 the
# diagonal; causal T5 has k < 0 alone
check "... and the map's legend runs from T5's farthest past bucket (15) through 0 to its farthest future one (31)" \
	grep -q "│←15 .* 0 .* 31→ *│" "$tmp/small.txt"
"$P" --snapshot --view families --size 80x24 --set buckets=8 --set causal=1 \
	>"$tmp/small8.txt"
check "... and from 7 to 0 with 8 causal buckets, nothing after the query" \
	grep -q "│←7 .*0 T5 bucket *│" "$tmp/small8.txt"
"$P" --snapshot --view families --size 80x24 --set scheme=shaw --set clip=5 \
	>"$tmp/shaw.txt"
check "... Shaw's map from table row 0 through clip = 5 to 2 clip = 10" \
	grep -q "│←0 .*5.* 10→ *│" "$tmp/shaw.txt"

# the map's colours mean what its legend says (a glance review found T5's
# bucket 15, far in the past, and 17, next in the future, both pale):
# every colour of the map is in the legend, the far corners have the
# legend's end colours, and no row has a colour of the future's side left
# of one of the past's
for args in "" "--set causal=1" "--set scheme=shaw --set clip=5 -n 20" \
	"--set buckets=16 --set maxdist=40"; do
	for theme in dark light; do
		"$P" --snapshot --color always --theme "$theme" --colors 24bit \
			--view families --size 80x24 $args >"$tmp/map.ans"
		check "map colours as the legend's, $theme, ${args:-defaults}" \
			"$PY" - "$tmp/map.ans" "$args" <<'PY'
import re, sys
rows, fg, bg = [[]], None, None
text = open(sys.argv[1], encoding="utf-8").read()
for m in re.finditer(r"\x1b\[([0-9;]*)m|(\n)|(.)", text, re.S):
    if m.group(1) is not None:
        ps, i = m.group(1).split(";"), 0
        while i < len(ps):
            p = ps[i]
            if p in ("0", ""):
                fg = bg = None
            elif p in ("38", "48"):
                v = ";".join(ps[i + 2:i + 5])
                if p == "38":
                    fg = v
                else:
                    bg = v
                i += 4
            elif p == "39":
                fg = None
            elif p == "49":
                bg = None
            i += 1
    elif m.group(2):
        rows.append([])
    else:
        rows[-1].append((m.group(3), fg, bg))
plain = ["".join(c for c, _, _ in r) for r in rows]
ly = next(i for i, r in enumerate(plain) if "←" in r[52:])
leg = rows[ly][53:79]
mid = next(i for i, (c, _, _) in enumerate(leg) if c.isdigit() and leg[i - 1][0] == "▀")
past = [f for c, f, _ in leg[:mid] if c == "▀"]
neutral = leg[mid][2]
future = [f for c, f, _ in leg[mid:] if c == "▀"]
assert past and not set(past) & set(future), (past, future)
assert neutral not in past + future, neutral
side = {f: -1 for f in past}
side.update({f: 1 for f in future})
side[neutral] = 0
top = next(i for i in range(ly) if "▀" in plain[i][53:79])
for y in range(top, ly):
    seen = []
    for c, f, b in rows[y][53:79]:
        cols = (f, b) if c == "▀" else (b,)
        for col in cols:
            assert col in side, (y, col, plain[y][53:79])
            seen.append(side[col])
    nz = [v for v in seen if v]
    assert nz == sorted(nz), (y, plain[y][53:79])
corner = rows[ly - 1][53]
assert corner[2] == past[0], ("bottom-left", corner, past[0])
if "causal" not in sys.argv[2]:
    assert rows[top][78][1] == future[-1], ("top-right", rows[top][78], future)
PY
	done
done

# the causal knob's value is on the screen at 80x24 (every lane ends at
# k = 0 by it)
check "at 80x24 the plot's title says causal is off" \
	grep -q "Each scheme against k = q − p; causal off" "$tmp/small.txt"
check "... and on, with causal 1" \
	grep -q "Each scheme against k = q − p; causal on" "$tmp/small8.txt"

# NoPE without the causal mask adds 0 at every k: its lane runs the whole
# axis (its letter on both sides of k = 0), the map says there is no mask;
# with the mask its lane ends at k = 0 (one letter)
"$P" --snapshot --view families --size 80x24 --set scheme=nope >"$tmp/nope0.txt"
"$P" --snapshot --view families --size 80x24 --set scheme=nope --set causal=1 \
	>"$tmp/nope1.txt"
check "NoPE with causal off: its lane across the whole axis" \
	bash -c '[ "$(grep "^│>N NoPE" "$1" | sed "s/^│>N NoPE//; s/│.*//" | tr -cd N | wc -c)" = 2 ]' - "$tmp/nope0.txt"
check "... and its map says nothing is masked" grep -q "no mask, nothing added" "$tmp/nope0.txt"
check "NoPE with causal on: its lane ends at k = 0" \
	bash -c '[ "$(grep "^│>N NoPE" "$1" | sed "s/^│>N NoPE//; s/│.*//" | tr -cd N | wc -c)" = 1 ]' - "$tmp/nope1.txt"

# each lane's scale at its right: the values its top and bottom stand for,
# against families_ref.py's ports (each scheme's most and least over the
# offsets not masked), at lengths whose offsets are fewer than the plot's
# 120 dot columns at 120x40, so that every one is drawn; ALiBi's bottom is
# the steepest head's whichever head is drawn (of 12 heads, get_slopes'
# interleaved 2^(-1/2)); causal 1 masks k > 0 in every lane
for cfg in "20 128 10000 32 128 0 8 1 16" "24 64 500 16 64 1 12 3 5" \
	"31 16 10000 8 40 0 6 6 2"; do
	set -- $cfg
	"$P" --snapshot --view families --size 120x40 -n "$1" -d "$2" -b "$3" \
		--set "buckets=$4" --set "maxdist=$5" --set "causal=$6" \
		--set "heads=$7" --set "alibi-head=$8" --set "clip=$9" \
		>"$tmp/scale.txt"
	check "each lane's top and bottom value at L $1 d $2 base $3 causal $6 heads $7 head $8" \
		"$PY" "$REF" --scale "$tmp/scale.txt" $cfg
done
"$P" --snapshot --view families --size 80x24 >"$tmp/scale80.txt"
check "at 80x24 the lanes keep their scale: added's top is d/2 = 64 (k = 0 drawn)" \
	grep -q "^│ + added .* 64   │" "$tmp/scale80.txt"
check "... and ALiBi's top is 0" grep -q "^│ A ALiBi .* 0    │" "$tmp/scale80.txt"

# the chosen lane has the most rows (a trace climbs a dot row at a time:
# with 2 rows, 6 dot rows, ALiBi's line was a staircase at L 128)
"$P" --snapshot --view families --size 80x24 --set scheme=alibi \
	>"$tmp/chosen80.txt"
check "at 80x24 the chosen lane (ALiBi) has 3 rows, the others 2" \
	"$PY" - "$tmp/chosen80.txt" <<'PY'
import sys
rows = open(sys.argv[1], encoding="utf-8").read().splitlines()
lanes = [i for i, r in enumerate(rows) if r[1:3].strip() and r[2] in "+RSTAKXN" and r[3] == " "]
gaps = [b - a for a, b in zip(lanes, lanes[1:])]
assert gaps == [2, 2, 2, 2, 3, 2, 2], gaps
assert rows[lanes[4]].startswith("│>A ALiBi"), rows[lanes[4]]
PY

# ALiBi's −m·|k| is a straight line where the plot has more dot columns
# than offsets: at L 3 on 120x60 each of the 5 offsets spans 24 of the
# 120 dot columns and the lane climbs its 3 rows (10 dot rows) in 2
# offsets, so a line stays at most about 24 / 5 columns on a dot row; a
# value held over each offset's columns stayed 24 (a staircase)
"$P" --snapshot --view families --size 120x60 -n 3 >"$tmp/line.txt"
check "ALiBi at L 3: a line, no dot row held over an offset's columns" \
	"$PY" - "$tmp/line.txt" <<'PY'
import sys
rows = open(sys.argv[1], encoding="utf-8").read().splitlines()
start = next(i for i, r in enumerate(rows) if r.startswith("│ A ALiBi"))
end = next(i for i, r in enumerate(rows) if r.startswith("│ K KERPLE"))
# braille dot bits by (column, row) in the cell
bits = {(0, 0): 1, (0, 1): 2, (0, 2): 4, (1, 0): 8, (1, 1): 16, (1, 2): 32,
        (0, 3): 64, (1, 3): 128}
top = {}
for y, r in enumerate(rows[start:end]):
    plot = r[1:].split("│")[0][10:-6]
    for x, ch in enumerate(plot):
        b = ord(ch) - 0x2800
        if not 0 < b < 256:
            continue
        for (dx, dy), bit in bits.items():
            if b & bit:
                k = 2 * x + dx
                top[k] = min(top.get(k, 99), 4 * y + dy)
cols = sorted(top)
peak = min(top.values())
left = [top[k] for k in cols if k <= cols[0] + (cols[-1] - cols[0]) // 2]
runs, run = [], 1
for a, b in zip(left, left[1:]):
    if a == b:
        run += 1
    else:
        runs.append(run)
        run = 1
runs.append(run)
assert max(runs[:-1]) <= 12, runs
PY

# the Chinese screen: no English left but names and symbols
"$P" --snapshot --view families --size 80x24 --lang zh >"$tmp/zh.txt"
check "in Chinese the footer names the view in Chinese" \
	grep -q "^ 家族视图: " "$tmp/zh.txt"
check "... the lanes' scale is said in Chinese, not min..max" \
	bash -c '! grep -q "min\.\.max" "$1"' - "$tmp/zh.txt"
check "... and the title says what varies with k" \
	grep -q "随 k = q − p 变化；因果：关" "$tmp/zh.txt"
check "... and the map's title which axis is the query and which the key" \
	grep -q "↓ 查询 p，→ 键 q：T5 桶" "$tmp/zh.txt"

# every scheme's lane in a colour of its own (KERPLE and the added lane
# were one green, RoPE and xPos one rust): the ink of each lane's braille,
# 8 distinct colours in every theme in 24-bit and 256 colours
for theme in dark light any; do
	for depth in 24bit 256; do
		"$P" --snapshot --color always --theme "$theme" --colors "$depth" \
			--view families --size 80x24 >"$tmp/lanes.ans"
		check "$theme, $depth: each lane's trace in a colour of its own" \
			"$PY" - "$tmp/lanes.ans" <<'PY'
import re, sys
# each row as (character, foreground SGR) cells
rows, fg = [[]], None
text = open(sys.argv[1], encoding="utf-8").read()
for m in re.finditer(r"\x1b\[([0-9;]*)m|(\n)|(.)", text, re.S):
    if m.group(1) is not None:
        ps = m.group(1).split(";")
        for i, p in enumerate(ps):
            if p in ("0", ""):
                fg = None
            elif p == "38":
                fg = ";".join(ps[i:i + (3 if ps[i + 1] == "5" else 5)])
                break
    elif m.group(2):
        rows.append([])
    else:
        rows[-1].append((m.group(3), fg))
plain = ["".join(ch for ch, _ in r) for r in rows]
lanes = [i for i, r in enumerate(plain)
         if len(r) > 3 and r[2] in "+RSTAKXN" and r[3] == " " and r[1] in " >"]
assert len(lanes) == 8, lanes
inks = []
for i, l in enumerate(lanes):
    end = lanes[i + 1] if i + 1 < len(lanes) else l + 2
    seen = {f for r in rows[l:end] for ch, f in r[11:51]
            if 0x2800 < ord(ch) <= 0x28ff}
    assert len(seen) == 1, (plain[l], seen)
    inks.append(seen.pop())
assert len(set(inks)) == 8, inks
PY
	done
done
finish
