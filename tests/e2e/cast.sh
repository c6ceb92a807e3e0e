#!/usr/bin/env bash
# Sessions as asciicast v2: `--keys FILE --export F.cast`.
#   - played through pyte (a terminal emulator library; cast_replay.py) at
#     the header's size, the recording ends on exactly the screen that
#     `--keys FILE --snapshot` prints, in English and Chinese, with a
#     resize in the middle, a lesson, and the sweep;
#   - the header has version 2, width, height and a title; the events are
#     [time, "o"|"r", data] in time order, paced by the script: 0.5 s a key,
#     40 ms a tick step, the last screen held 2 s;
#   - a bad line exits 65 and leaves no file; an uncreatable one exits 73;
#     a .cast without --keys exits 64.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.bash"
needs py:pyte
: "${PESCOPE:?set PESCOPE to the binary under test}"
export LC_ALL=C.UTF-8
unset NO_COLOR

cat >"$tmp/walk.keys" <<'KEYS'
# a walk through three views
key l
key l
text ]]
cmd base 5e5      # a long-context base
key 2
key Space
tick 20
key Space
resize 90 28
key 3
key j
KEYS

# replays NAME ARGS...: the cast of walk.keys with ARGS replays to the snapshot.
replays() {
	local name=$1
	shift
	if ! "$PESCOPE" --keys "$tmp/walk.keys" --export "$tmp/walk.cast" "$@" \
		>/dev/null 2>"$tmp/err"; then
		not_ok "$name" "export: $(head -c 300 "$tmp/err")"
		return
	fi
	"$PESCOPE" --keys "$tmp/walk.keys" --snapshot --color never "$@" >"$tmp/walk.snap"
	if out=$("$PY" "$here/cast_replay.py" "$tmp/walk.cast" "$tmp/walk.snap"); then
		ok "$name ($out)"
	else
		not_ok "$name" "$(tr '\n' ';' <<<"$out")"
	fi
}
replays "cast replays to the snapshot (80x24, English)" --size 80x24
replays "cast replays to the snapshot (120x40, Chinese)" --size 120x40 --lang zh
replays "cast replays to the snapshot (light theme, lesson 1)" --size 100x30 --theme light --lesson 1
replays "cast replays to the snapshot (ASCII, puor)" --size 80x24 --ascii --palette puor

# ---- the header and the pace ----

printf 'key Space\ntick 25\nkey Space\n# a comment takes no time\nkey l\n' >"$tmp/pace.keys"
"$PESCOPE" --keys "$tmp/pace.keys" --export "$tmp/pace.cast" --size 80x24 -d 64 >/dev/null
check "header: version 2, 80x24, the title names the view" "$PY" - "$tmp/pace.cast" <<'EOF'
import json, sys
head = json.loads(open(sys.argv[1], encoding="utf-8").readline())
sys.exit(not (head["version"] == 2 and head["width"] == 80 and
              head["height"] == 24 and
              head["title"].startswith("pescope explore: d_model=64")))
EOF
times=$("$PY" -c '
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()[1:]
print(" ".join("%.2f" % json.loads(l)[0] for l in lines))' "$tmp/pace.cast")
# first frame, Space, 25 ticks (1 s), Space, l, and the hold
check "times follow the script: 0.5 s a key, 40 ms a tick ($times)" \
	test "$times" = "0.00 0.50 1.50 2.00 2.50 4.50"

# ---- failures ----

mkdir -p "$tmp/out"
printf 'key l\nkey NoSuchKey\n' >"$tmp/bad.keys"
(cd "$tmp/out" && "$PESCOPE" --keys "$tmp/bad.keys" --export bad.cast >/dev/null 2>"$tmp/err")
rc=$?
check "a bad line exits 65 (got $rc) and names the line" test "$rc" = 65 -a "$(grep -c 'bad.keys:2:' "$tmp/err")" = 1
check "a bad line leaves no cast and no temporary" test -z "$(ls -A "$tmp/out")"
"$PESCOPE" --keys "$tmp/pace.keys" --export "$tmp/no/such/x.cast" >/dev/null 2>"$tmp/err"
rc=$?
check "an uncreatable cast exits 73 (got $rc) with one line" test "$rc" = 73 -a "$(wc -l <"$tmp/err")" = 1
(cd "$tmp/out" && "$PESCOPE" --export a.cast 2>"$tmp/err")
rc=$?
check "a .cast without --keys exits 64 (got $rc)" test "$rc" = 64 -a -z "$(ls -A "$tmp/out")"
check "... saying it needs --keys" grep -qF -- '--export "a.cast" needs --keys FILE' "$tmp/err"

finish
