#!/usr/bin/env bash
# scenes.sh - scenes (src/model/scene.h, src/app/scene_file.h) on the real
# binary $PESCOPE:
#   - the round trip, for every view of `--list views`: a --keys script sets
#     the parameters, the window, a panel and every knob of `--list knobs`
#     at random (seeded: the same every run), then `:save F`; `--scene F
#     --snapshot` is byte for byte the screen that script ends on, colours
#     included; and a theme and palette given when saving come back;
#   - `:open F` in a script shows the same screen as `--scene F`;
#   - a loaded matrix (a NumPy-made .npy): :cmdline names --load, not -d
#     -b -n --layout, and draws the screen; a scene holds it (load:, a
#     .npy and a .safetensors tensor) and --scene draws the same screen;
#     :open of such a scene reads the matrix as --scene does (from the
#     formula and under another matrix: the same screen byte for byte),
#     :open of a formula scene under a matrix shows the formula; a matrix
#     a scene names that is missing or bad: SCENE:LINE: why (from the
#     command line, 66 or 65; in a script, the message and nothing
#     changed); d, len, layout, base in a scene of a matrix, or a
#     position or dimension past it: SCENE:LINE, 65;
#   - the save key E: the ':' line as ":save pescope-VIEW-N.scene", N the
#     first free, and Enter saves it;
#   - the theme is saved and on :cmdline only when chosen (command line,
#     settings file, a scene), never the one found on the terminal;
#   - the model: a row of the table and a config.json (a fixture copied
#     beside the scene), in the context, spectrum and attention views,
#     round-trip through :save, --scene (from another folder), :open and
#     the command line; a scene moved with its config still opens; a
#     config wider than d_model 128 takes -i and --set at its width;
#   - what a scene refuses: a wrong first line or version, a bad value
#     (FILE:LINE and its range, status 65), more than 1 MiB or 10 000
#     lines, an ESC byte (never printed as one); what it skips (a line it
#     does not know: one message naming FILE:LINE, the rest applied); a
#     file that cannot be read (66); --scene with --lesson (64); a model
#     not in the table, a config that cannot be read or holds an ESC
#     (FILE:LINE, 65);
#   - in a script, a bad :open changes nothing and says why;
#   - the messages in Chinese, with the same FILE:LINE and status: under
#     --lang zh, under a settings file's `lang zh`, and for a scene whose
#     own `lang: zh` comes before the bad line (not under --lang en).
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
export LC_ALL=C.UTF-8
: "${PESCOPE:?set PESCOPE to the binary under test}"
size=(--size 100x30 --color always)

mapfile -t views < <("$PESCOPE" --list views)
mapfile -t knobs < <("$PESCOPE" --list knobs)
check "the catalog lists views and knobs" \
	test "${#views[@]}" -ge 2 -a "${#knobs[@]}" -ge 1

# ranges D: "WORD message" lines, the range of every knob at d_model D, as
# the message of a --set value that is no value states it.
ranges() {
	local w
	for w in "${knobs[@]}"; do
		printf '%s %s\n' "$w" \
			"$("$PESCOPE" -d "$1" --set "$w=?" --snapshot 2>&1)"
	done
}
for d in 32 64 128; do
	ranges "$d" >"$tmp/ranges-$d"
done

# script VIEW SEED [plain]: a --keys script that shows VIEW with parameters, a
# window, a panel and every knob drawn at random from SEED (Python's
# random, so the same every run), ending with Esc so that no message of
# its commands stays on the bottom line. With "plain", only what options
# can give: no window, zoom, highlight or panel.
script() {
	"$PY" - "$1" "$2" "$tmp" "${3:-}" <<'PYEOF'
import random, re, sys
view, seed, tmp, plain = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
r = random.Random(seed)
d = r.choice([32, 64, 128])
n = r.choice([16, 50, 128, 300])
print("cmd view", view)
print("cmd d", d)
print("cmd base", r.choice(["10000", "500000", "123.5", "1e6"]))
print("cmd layout", r.choice(["interleaved", "concat"]))
print("cmd len", n)
print("cmd pos", r.randrange(n))
print("cmd dim", r.randrange(d))
for line in open(f"{tmp}/ranges-{d}"):
    w, m = line.split(" ", 1)
    g = re.search(r"must be an integer from (-?\d+) to (-?\d+)", m)
    if g:
        lo, hi = int(g[1]), min(int(g[2]), int(g[1]) + 500)
        print("cmd", w, r.randint(lo, hi))
        continue
    g = re.search(r"must be a number from (\S+) to (\S+),", m)
    if g:
        print("cmd", w, "%.3g" % r.uniform(float(g[1]), float(g[2])))
        continue
    g = re.search(r"must be 1 to (\d+) or a name", m)
    if g:
        print("cmd", w, r.randint(1, int(g[1])))
        continue
    sys.exit("no range for " + w + ": " + m)
if plain:
    print("key Esc")
    sys.exit()
a = r.randrange(n)
print("cmd window", a, r.randrange(a, n))
if r.random() < 0.5:
    print("key z")
if r.random() < 0.5:
    print("cmd highlight dims", 0, r.randrange(d))
for _ in range(r.randrange(3)):
    print("key w")
if r.random() < 0.5:
    print("key F")
print("key Esc")
PYEOF
}

# The screen a --keys --snapshot run ends on, without the status line
# printed after it.
screen_of() {
	head -n 30 "$1"
}

seed=1
for view in "${views[@]}"; do
	seed=$((seed + 1))
	if ! script "$view" "$seed" >"$tmp/k-$view"; then
		not_ok "$view: a random script"
		continue
	fi
	"$PESCOPE" "${size[@]}" --keys "$tmp/k-$view" --snapshot \
		>"$tmp/from" 2>"$tmp/err"
	{ cat "$tmp/k-$view"; echo "cmd save $tmp/$view.scene"; } \
		>"$tmp/ks-$view"
	"$PESCOPE" "${size[@]}" --keys "$tmp/ks-$view" >/dev/null 2>>"$tmp/err"
	"$PESCOPE" "${size[@]}" --scene "$tmp/$view.scene" --snapshot \
		>"$tmp/to" 2>>"$tmp/err"
	if [ -s "$tmp/err" ] || ! cmp -s <(screen_of "$tmp/from") "$tmp/to"; then
		not_ok "$view: --scene shows the screen :save saved" \
			"$(cat "$tmp/err"; diff <(screen_of "$tmp/from") \
				"$tmp/to" | head -20; cat "$tmp/$view.scene")"
	else
		ok "$view: --scene shows the screen :save saved"
	fi
	# the same through :open in a script, from another start
	printf 'cmd view %s\ncmd d 16\ncmd open %s\nkey Esc\n' "${views[0]}" \
		"$tmp/$view.scene" >"$tmp/ko"
	"$PESCOPE" "${size[@]}" -n 7 --keys "$tmp/ko" --snapshot >"$tmp/opened"
	check "$view: :open shows the screen :save saved" \
		cmp -s <(screen_of "$tmp/opened") "$tmp/to"
done

# :cmdline, for every view: the command line on a saved scene's second
# line (and on the message line) draws the same screen with --snapshot.
for view in "${views[@]}"; do
	seed=$((seed + 1))
	script "$view" "$seed" plain >"$tmp/k-$view"
	"$PESCOPE" "${size[@]}" --keys "$tmp/k-$view" --snapshot >"$tmp/from"
	{ cat "$tmp/k-$view"; echo "cmd save $tmp/$view.scene"; } \
		>"$tmp/ks-$view"
	"$PESCOPE" "${size[@]}" --keys "$tmp/ks-$view" >/dev/null
	line=$(sed -n '2s/^# //p' "$tmp/$view.scene")
	eval "set -- ${line#pescope }"
	"$PESCOPE" "$@" "${size[@]}" --snapshot >"$tmp/to" 2>&1
	if ! cmp -s <(screen_of "$tmp/from") "$tmp/to"; then
		not_ok "$view: the command line draws the saved screen" \
			"$line $(diff <(screen_of "$tmp/from") "$tmp/to" | head)"
	else
		ok "$view: the command line draws the saved screen"
	fi
	{ cat "$tmp/k-$view"; echo "cmd cmdline"; } >"$tmp/kc"
	check "$view: :cmdline shows that command line" \
		test "$("$PESCOPE" --size 1000x30 --keys "$tmp/kc" --snapshot |
			sed -n '30p' | sed 's/ *$//')" = "$line"
done
printf 'key z\ncmd cmdline\n' >"$tmp/kc"
check ":cmdline says when a scene is needed" \
	sh -c '"$0" --size 1000x30 --keys "$1" --snapshot | grep -q "only a scene keeps: :save FILE"' \
	"$PESCOPE" "$tmp/kc"

# The look: a theme and a palette given when saving come back with the
# scene, and an option given when opening wins over it.
printf 'cmd view spectrum\ncmd save %s\nkey Esc\n' "$tmp/look.scene" >"$tmp/kl"
"$PESCOPE" "${size[@]}" --theme light --palette puor --keys "$tmp/kl" \
	--snapshot | head -n 30 >"$tmp/light"
check "a scene keeps its theme and palette" \
	grep -qx 'theme: light' "$tmp/look.scene"
check "a scene keeps its palette" grep -qx 'palette: puor' "$tmp/look.scene"
"$PESCOPE" "${size[@]}" --scene "$tmp/look.scene" --snapshot >"$tmp/to"
check "--scene draws with the scene's theme and palette" \
	cmp -s "$tmp/light" "$tmp/to"
"$PESCOPE" "${size[@]}" --view spectrum --theme dark --snapshot >"$tmp/dark"
"$PESCOPE" "${size[@]}" --scene "$tmp/look.scene" --theme dark \
	--palette rdbu --snapshot >"$tmp/to"
check "--theme and --palette win over the scene's" cmp -s "$tmp/dark" "$tmp/to"
# The theme is named only when chosen: on the command line, in the
# settings file or in a scene opened; never the one the terminal was
# found to have (THEME_ANY here, where none is asked).
printf 'cmd save %s\ncmd cmdline\n' "$tmp/found.scene" >"$tmp/kt"
"$PESCOPE" --size 1000x30 --keys "$tmp/kt" --snapshot | sed -n 30p >"$tmp/line"
check "a theme found, not chosen: :cmdline names none" \
	sh -c '! grep -q -- "--theme" "$0" && grep -q "^pescope " "$0"' "$tmp/line"
check "a theme found, not chosen: the scene names none" \
	sh -c '! grep -q "theme" "$0" && grep -qx "palette: rdbu" "$0"' \
	"$tmp/found.scene"
"$PESCOPE" --size 1000x30 --theme any --keys "$tmp/kt" --snapshot |
	sed -n 30p >"$tmp/line"
check "--theme any chosen: :cmdline names it" \
	grep -q -- "--theme any --palette" "$tmp/line"
mkdir -p "$tmp/lightconf/pescope"
echo 'theme light' >"$tmp/lightconf/pescope/config"
XDG_CONFIG_HOME=$tmp/lightconf "$PESCOPE" --size 1000x30 --keys "$tmp/kt" \
	--snapshot | sed -n 30p >"$tmp/line"
check "a theme from the settings file: :cmdline names it" \
	grep -q -- "--theme light --palette" "$tmp/line"
check "a theme from the settings file: the scene names it" \
	grep -qx "theme: light" "$tmp/found.scene"
printf 'cmd open %s\ncmd cmdline\n' "$tmp/look.scene" >"$tmp/kt"
"$PESCOPE" --size 1000x30 --keys "$tmp/kt" --snapshot | sed -n 30p >"$tmp/line"
check "a theme from a scene opened: :cmdline names it" \
	grep -q -- "--theme light --palette puor" "$tmp/line"
# and the language
printf 'cmd save %s\n' "$tmp/zh.scene" >"$tmp/kz"
"$PESCOPE" "${size[@]}" --lang zh --keys "$tmp/kz" >/dev/null
"$PESCOPE" "${size[@]}" --lang zh --snapshot >"$tmp/zh"
"$PESCOPE" "${size[@]}" --scene "$tmp/zh.scene" --snapshot >"$tmp/to"
check "a scene keeps its language" cmp -s "$tmp/zh" "$tmp/to"
# A scene zoomed on the context view's similarity plot, the table never
# drawn, still marks Men et al.'s reach (d 64 at base 1e6, s·L0 = 221 *
# 260: inside the plot, as the round trip above found): the mark follows
# the state, not whether the table ran the scan before.
printf '# pescope scene 1\n== scene\n: view context\n: d 64\n: base 1e6\n: train 260\n: scale 221\n: zoom similarity\n' \
	>"$tmp/reach.scene"
check "a scene zoomed on the context similarity plot marks the reach" \
	grep -q 'Σcos(mθ)<0' <("$PESCOPE" "${size[@]}" --scene \
		"$tmp/reach.scene" --snapshot)

# ---- the model ----

# A model carries over: a row of the table by its name, a config.json by
# its path (kept relative to the scene's folder, so that the scene and the
# config beside it travel together), in the views where a model shows
# (its name on the status line, its trained length, the context view's
# table and curves). The script changes L0 after the model, which the
# command line must set after --model too.
mkdir -p "$tmp/class" "$tmp/moved/class"
root=$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/../.." && pwd)
cp "$root/tests/fixtures/models/qwen2.5-7b.json" "$tmp/class/config.json"
for model in llama-3-8b class/config.json; do
	for view in context spectrum attention; do
		name="$view with $model"
		printf 'cmd view %s\ncmd model %s\ncmd train 5000\ncmd pos 3\nkey Esc\n' \
			"$view" "$model" >"$tmp/km"
		(cd "$tmp" && "$PESCOPE" "${size[@]}" --keys km --snapshot) |
			screen_of /dev/stdin >"$tmp/from"
		{ cat "$tmp/km"; echo "cmd save class/m.scene"; } >"$tmp/kms"
		(cd "$tmp" && "$PESCOPE" "${size[@]}" --keys kms >/dev/null)
		check "$name: the scene names the model" \
			grep -qx ": model ${model#class/}" "$tmp/class/m.scene"
		# opened from another folder: the config is found beside it
		(cd / && "$PESCOPE" "${size[@]}" --scene "$tmp/class/m.scene" \
			--snapshot) >"$tmp/to" 2>&1
		check "$name: --scene shows the screen :save saved" \
			cmp -s "$tmp/from" "$tmp/to"
		printf 'cmd d 16\ncmd open %s\nkey Esc\n' "$tmp/class/m.scene" \
			>"$tmp/ko"
		"$PESCOPE" "${size[@]}" --keys "$tmp/ko" --snapshot |
			screen_of /dev/stdin >"$tmp/to"
		check "$name: :open shows the screen :save saved" \
			cmp -s "$tmp/from" "$tmp/to"
		line=$(sed -n '2s/^# //p' "$tmp/class/m.scene")
		eval "set -- ${line#pescope }"
		(cd "$tmp" && "$PESCOPE" "$@" "${size[@]}" --snapshot) \
			>"$tmp/to" 2>&1
		check "$name: its command line draws the saved screen" \
			cmp -s "$tmp/from" "$tmp/to"
		check "$name: the command line names the model" \
			grep -q -- "--model $model " <<<"$line"
	done
done
# The scene and its config, moved together, still open (a config.json
# is named by its folder, kept).
cp "$tmp/class/m.scene" "$tmp/class/config.json" "$tmp/moved/class/"
rm "$tmp/class/config.json"
(cd "$tmp" && "$PESCOPE" "${size[@]}" --scene moved/class/m.scene --snapshot) \
	>"$tmp/to" 2>&1
check "a scene and its config moved together still open" \
	cmp -s "$tmp/from" "$tmp/to"
# A config outside the scene's folder is named by its whole path.
printf 'cmd model %s\ncmd save %s\n' "$tmp/moved/class/config.json" \
	"$tmp/class/out.scene" >"$tmp/km"
"$PESCOPE" "${size[@]}" --keys "$tmp/km" >/dev/null
check "a config elsewhere is named by its whole path" \
	grep -qx ": model $(cd "$tmp/moved/class" && pwd -P)/config.json" \
	"$tmp/class/out.scene"

# A config wider than the command line's start (Gemma 2's 256): its -i
# and --set values are checked against its width, not d_model 128.
mkdir -p "$tmp/wide"
cp "$root/tests/fixtures/models/gemma-2-2b.json" "$tmp/wide/config.json"
printf 'cmd view spectrum\ncmd model wide/config.json\ncmd dim 200\ncmd split 100\ncmd save wide/w.scene\nkey Esc\n' >"$tmp/kw"
(cd "$tmp" && "$PESCOPE" "${size[@]}" --keys kw --snapshot) |
	screen_of /dev/stdin >"$tmp/from"
line=$(sed -n '2s/^# //p' "$tmp/wide/w.scene")
eval "set -- ${line#pescope }"
(cd "$tmp" && "$PESCOPE" "$@" "${size[@]}" --snapshot) >"$tmp/to" 2>&1
check "a wide config: its command line, with -i 200 and split 100, draws the screen" \
	cmp -s "$tmp/from" "$tmp/to"

# ---- the save key ----
# E opens the ':' line as "save pescope-VIEW-N.scene", N the first free.
mkdir -p "$tmp/keyed"
printf 'key 2\nkey E\n' >"$tmp/ke"
(cd "$tmp/keyed" && "$PESCOPE" --size 100x30 --keys ../ke --snapshot) >"$tmp/out"
check "E opens the : line with a scene's name" \
	grep -q ":save pescope-spectrum-1.scene" "$tmp/out"
printf 'key 2\nkey E\nkey Enter\n' >"$tmp/ke"
(cd "$tmp/keyed" && "$PESCOPE" --size 100x30 --keys ../ke &&
	"$PESCOPE" --size 100x30 --keys ../ke) >/dev/null
check "E, Enter saves a scene, and again a second, not over the first" \
	test -s "$tmp/keyed/pescope-spectrum-1.scene" -a \
	-s "$tmp/keyed/pescope-spectrum-2.scene"
check "the scene E saved opens the view it was saved in" \
	grep -qx ": view spectrum" "$tmp/keyed/pescope-spectrum-2.scene"

# refused STATUS MESSAGE -- ARGS: the run ends with STATUS, prints nothing
# on standard output and exactly MESSAGE on standard error.
refused() {
	local want=$1 msg=$2 out err st
	shift 3
	out=$("$PESCOPE" "$@" 2>"$tmp/stderr")
	st=$?
	err=$(cat "$tmp/stderr")
	if [ "$st" -ne "$want" ] || [ -n "$out" ] || [ "$err" != "$msg" ]; then
		not_ok "refused ($want): $msg" "status $st, stderr: $err"
	else
		ok "refused ($want): $msg"
	fi
}

# ---- a loaded matrix ----
# :cmdline names --load, without -d, -b, -n and --layout, which the
# matrix fixes; :save and :open say a scene cannot hold one yet, and do
# nothing.
if has py:numpy "scenes of a loaded matrix"; then
	"$PY" -c 'import sys, numpy as np
np.save(sys.argv[1], np.random.default_rng(3).standard_normal((40, 16)).astype("f4"))' \
		"$tmp/m.npy"
	for view in explore spectrum; do
		printf 'cmd view %s\ncmd pos 7\ncmd dim 5\nkey Esc\n' "$view" >"$tmp/kl"
		"$PESCOPE" "${size[@]}" --load "$tmp/m.npy" --keys "$tmp/kl" \
			--snapshot | screen_of /dev/stdin >"$tmp/from"
		printf 'cmd view %s\ncmd pos 7\ncmd dim 5\ncmd cmdline\n' "$view" >"$tmp/kl"
		line=$("$PESCOPE" --size 1000x30 --load "$tmp/m.npy" --keys "$tmp/kl" \
			--snapshot | sed -n 30p | sed 's/ *$//')
		check "$view of a loaded matrix: :cmdline names --load, not -d -b -n" \
			sh -c 'case "$0" in *"--load $1 -p 7 -i 5 "*) ! grep -qE -- " -[dbn] | --layout" <<EOT
$0
EOT
;; *) false ;; esac' "$line" "$tmp/m.npy"
		eval "set -- ${line#pescope }"
		"$PESCOPE" "$@" "${size[@]}" --snapshot >"$tmp/to" 2>&1
		check "$view of a loaded matrix: its command line draws the screen" \
			cmp -s "$tmp/from" "$tmp/to"
	done
	# A scene holds the matrix: `load: FILE[:TENSOR]`, FILE from the
	# scene's folder, and no d, base, layout or len; --scene opens the
	# same screen. A .npy beside the scene, and a .safetensors tensor
	# named "wpe" (16 rows, 8 columns of float32) in a folder below.
	mkdir -p "$tmp/mats/sub"
	cp "$tmp/m.npy" "$tmp/mats/m.npy"
	"$PY" -c 'import json, struct, sys, numpy as np
a = np.random.default_rng(5).standard_normal((16, 8)).astype("<f4")
h = json.dumps({"wpe": {"dtype": "F32", "shape": [16, 8], "data_offsets": [0, a.nbytes]}}).encode()
open(sys.argv[1], "wb").write(struct.pack("<Q", len(h)) + h + a.tobytes())' \
		"$tmp/mats/sub/w.safetensors"
	for arg in "m.npy|m.npy" "sub/w.safetensors:wpe|sub/w.safetensors:wpe"; do
		for view in explore spectrum; do
			printf 'cmd view %s\ncmd pos 3\ncmd dim 5\ncmd save %s\nkey Esc\n' \
				"$view" "$tmp/mats/s.scene" >"$tmp/kl"
			(cd "$tmp/mats" && "$PESCOPE" "${size[@]}" --load "${arg%|*}" \
				--keys "$tmp/kl" --snapshot) | screen_of /dev/stdin >"$tmp/from"
			check "$view of ${arg%|*}: the scene names load: ${arg#*|}, no d, base, layout, len" \
				sh -c 'grep -qx "load: $1" "$0" && ! grep -qE "^: (d|base|layout|len) " "$0"' \
				"$tmp/mats/s.scene" "${arg#*|}"
			"$PESCOPE" "${size[@]}" --scene "$tmp/mats/s.scene" --snapshot \
				>"$tmp/to" 2>&1
			check "$view of ${arg%|*}: --scene draws the screen saved from" \
				cmp -s "$tmp/from" "$tmp/to"
			# :open reads the matrix too: from the formula (another
			# view, d_model, a window), and under another matrix
			# (40 x 16, whose caches the new one must not see).
			printf 'cmd view layouts\ncmd d 32\ncmd window 3 9\ncmd open %s\nkey Esc\n' \
				"$tmp/mats/s.scene" >"$tmp/ko"
			"$PESCOPE" "${size[@]}" --keys "$tmp/ko" --snapshot |
				screen_of /dev/stdin >"$tmp/opened"
			check "$view of ${arg%|*}: :open of the scene draws what --scene does" \
				cmp -s "$tmp/to" "$tmp/opened"
			printf 'cmd view %s\ncmd pos 30\ncmd open %s\nkey Esc\n' \
				"$view" "$tmp/mats/s.scene" >"$tmp/ko"
			"$PESCOPE" "${size[@]}" --load "$tmp/m.npy" --keys "$tmp/ko" \
				--snapshot | screen_of /dev/stdin >"$tmp/opened"
			check "$view of ${arg%|*}: :open under another matrix draws what --scene does" \
				cmp -s "$tmp/to" "$tmp/opened"
		done
	done
	# A matrix of the same shape, width and largest value (m's rows
	# reversed) opened over m: nothing drawn from m's caches may stay.
	"$PY" -c 'import sys, numpy as np
np.save(sys.argv[2], np.load(sys.argv[1])[::-1].copy())' "$tmp/m.npy" "$tmp/mats/r.npy"
	for view in explore spectrum; do
		printf '# pescope scene 1\nload: r.npy\n== scene\n: view %s\n: pos 7\n' \
			"$view" >"$tmp/mats/r.scene"
		"$PESCOPE" "${size[@]}" --scene "$tmp/mats/r.scene" --snapshot >"$tmp/to"
		printf 'cmd view %s\ncmd pos 7\ncmd open %s\nkey Esc\n' "$view" \
			"$tmp/mats/r.scene" >"$tmp/ko"
		"$PESCOPE" "${size[@]}" --load "$tmp/m.npy" --keys "$tmp/ko" \
			--snapshot | screen_of /dev/stdin >"$tmp/opened"
		check "$view: :open of a matrix shaped as the one shown draws its own" \
			cmp -s "$tmp/to" "$tmp/opened"
	done
	# A scene of the formula opened under a matrix shows the formula:
	# the matrix goes (a scene is the whole screen, man page).
	"$PESCOPE" "${size[@]}" --scene "$tmp/look.scene" --snapshot >"$tmp/to"
	printf 'cmd view spectrum\ncmd open %s\nkey Esc\n' "$tmp/look.scene" >"$tmp/kl"
	"$PESCOPE" "${size[@]}" --load "$tmp/m.npy" --keys "$tmp/kl" \
		--snapshot >"$tmp/out"
	check "a formula scene opened under a matrix draws what --scene does" \
		cmp -s "$tmp/to" <(screen_of "$tmp/out")
	check "and the matrix is gone from the status" \
		sh -c 'tail -n 1 "$0" | grep -q "^d_model=[0-9]* base="' "$tmp/out"
	# A scene naming a matrix that is missing, or bad, opened in a
	# script: the message says why (SCENE:LINE: --load's words), and the
	# screen is the one before, byte for byte, once the message is gone.
	printf '# pescope scene 1\nload: gone.npy\n== scene\n: view explore\n' \
		>"$tmp/mats/gone.scene"
	printf '# pescope scene 1\nload: text.npy\n== scene\n: view explore\n' \
		>"$tmp/mats/text.scene"
	printf 'not a matrix at all, but long enough' >"$tmp/mats/text.npy"
	for start in "--load $tmp/m.npy" ""; do
		from=${start:+under a matrix}
		from=${from:-from the formula}
		printf 'cmd view spectrum\ncmd pos 7\nkey Esc\n' >"$tmp/kl"
		# shellcheck disable=SC2086
		"$PESCOPE" "${size[@]}" $start --keys "$tmp/kl" --snapshot >"$tmp/before"
		for bad in gone text; do
			printf 'cmd view spectrum\ncmd pos 7\nkey Esc\ncmd open %s\n' \
				"$tmp/mats/$bad.scene" >"$tmp/kl"
			# shellcheck disable=SC2086
			"$PESCOPE" --size 300x30 $start --keys "$tmp/kl" --snapshot >"$tmp/out"
			case $bad in
			gone) why="$tmp/mats/gone.scene:2: $tmp/mats/gone.npy: cannot read: No such file or directory" ;;
			text) why="$tmp/mats/text.scene:2: $tmp/mats/text.npy: its header" ;;
			esac
			check "a $bad matrix, $from: :open says SCENE:2: why" \
				grep -qF "$why" "$tmp/out"
			printf 'key Esc\n' >>"$tmp/kl"
			# shellcheck disable=SC2086
			"$PESCOPE" "${size[@]}" $start --keys "$tmp/kl" --snapshot >"$tmp/after"
			check "a $bad matrix, $from: :open changes nothing" \
				cmp -s "$tmp/before" "$tmp/after"
		done
	done
	# What a matrix fixes, in a scene of it, is refused: d, len,
	# layout, base (65, SCENE:LINE: why); a position or a dimension
	# past its rows or width, with their range. In a script, :open of
	# one says so and changes nothing.
	f=$tmp/mats/fix.scene
	for line in "d 64" "len 20" "layout concat" "base 500"; do
		printf '# pescope scene 1\nload: m.npy\n== scene\n: view spectrum\n: %s\n' \
			"$line" >"$f"
		case $line in
		base*) why="base: the matrix of the load: line (line 2) has no base; remove this line" ;;
		*) why="${line%% *}: the matrix of the load: line (line 2) fixes it; remove this line" ;;
		esac
		refused 65 "$f:5: $why" -- --scene "$f" --snapshot
	done
	printf '# pescope scene 1\nload: m.npy\n== scene\n: view spectrum\n: pos 40\n' >"$f"
	refused 65 "$f:5: pos must be an integer from 0 to 39, got \"40\" (out of range)" -- \
		--scene "$f" --snapshot
	printf '# pescope scene 1\nload: m.npy\n== scene\n: view spectrum\n: pos 39\n: dim 16\n' >"$f"
	refused 65 "$f:6: dim must be an integer from 0 to 15, got \"16\" (out of range)" -- \
		--scene "$f" --snapshot
	printf 'cmd pos 7\ncmd open %s\n' "$f" >"$tmp/kl"
	"$PESCOPE" --size 200x30 --keys "$tmp/kl" --snapshot >"$tmp/out"
	check "a scene past its matrix: :open says why, changes nothing" \
		sh -c 'grep -qF "$1:6: dim must be an integer from 0 to 15" "$0" && tail -n 1 "$0" | grep -qx "d_model=128 base=10000 len=128 pos=7 dim=0"' \
		"$tmp/out" "$f"
	printf '# pescope scene 1\nload: m.npy\n== scene\n: view spectrum\n: pos 39\n: dim 15\n' >"$f"
	"$PESCOPE" "${size[@]}" --scene "$f" --snapshot >"$tmp/to"
	"$PESCOPE" "${size[@]}" --load "$tmp/mats/m.npy" --view spectrum -p 39 -i 15 \
		--snapshot >"$tmp/want"
	check "a scene at its matrix's last row and width opens" \
		cmp -s "$tmp/want" "$tmp/to"
	# A matrix the scene names that is not there, or not a matrix:
	# SCENE:LINE: why, and the status of --load's refusal.
	f=$tmp/mats/bad.scene
	printf '# pescope scene 1\nload: gone.npy\n== scene\n: view explore\n' >"$f"
	refused 66 "$f:2: $tmp/mats/gone.npy: cannot read: No such file or directory" -- \
		--scene "$f" --snapshot
	printf 'not a matrix at all, but long enough' >"$tmp/mats/text.npy"
	printf '# pescope scene 1\nload: text.npy\n== scene\n' >"$f"
	"$PESCOPE" --scene "$f" --snapshot >/dev/null 2>"$tmp/err"
	check "a scene's load: of a bad file: 65, SCENE:2: the file: why" \
		sh -c 'test "$1" -eq 65 && grep -q "^$2:2: $3/text.npy: its header" "$0" && test "$(wc -l <"$0")" -eq 1' \
		"$tmp/err" "$?" "$f" "$tmp/mats"
	refused 64 "pescope: --scene $tmp/mats/s.scene opens the matrix it names; it takes no --load or --model" -- \
		--scene "$tmp/mats/s.scene" --load "$tmp/m.npy" --snapshot
fi

# ---- what a scene refuses and skips ----
good=$tmp/look.scene
f=$tmp/bad.scene
printf '# pescope scene 2\n== scene\n: d 64\n' >"$f"
refused 65 "$f:1: a scene of version 2: this pescope reads version 1" -- \
	--scene "$f" --snapshot
printf 'title: a lesson\n' >"$f"
refused 65 "$f:1: not a pescope scene: its first line must be \"# pescope scene 1\"" -- \
	--scene "$f" --snapshot
: >"$f"
refused 65 "$f:1: not a pescope scene: its first line must be \"# pescope scene 1\"" -- \
	--scene "$f" --snapshot
printf '# pescope scene 1\n== scene\n: view spectrum\n: d 63000000\n' >"$f"
refused 65 "$f:4: d_model must be an even integer from 2 to 65536, got \"63000000\" (out of range)" -- \
	--scene "$f" --snapshot
printf '# pescope scene 1\n== scene\n: d 64\n: split 40\n' >"$f"
refused 65 "$f:4: split must be an integer from 1 to 31, got \"40\" (out of range)" -- \
	--scene "$f" --snapshot
printf '# pescope scene 1\ntheme: sepia\n' >"$f"
refused 65 "$f:2: theme must be dark, light or any, got \"sepia\"" -- \
	--scene "$f" --snapshot
printf '# pescope scene 1\nlang: fr\n' >"$f"
refused 65 "$f:2: lang must be en or zh, got \"fr\"" -- \
	--scene "$f" --snapshot
printf '# pescope scene 1\n== scene\n: view \033[31mred\n' >"$f"
refused 65 "$f:3: control character U+001B at column 8" -- \
	--scene "$f" --snapshot
check "no ESC byte reaches standard error" \
	sh -c '! grep -q "$(printf "\033")" "$0"' "$tmp/stderr"
"$PY" -c 'import sys; sys.stdout.write("# pescope scene 1\n" + "#\n" * 10000)' >"$f"
refused 65 "$f: more than 10000 lines" -- --scene "$f" --snapshot
"$PY" -c 'import sys; sys.stdout.write("# pescope scene 1\n#" + "x" * 900 + "\n")' >"$tmp/line"
for _ in $(seq 1200); do cat "$tmp/line"; done >"$f"
refused 65 "$f: larger than 1048576 bytes" -- --scene "$f" --snapshot
refused 66 "pescope: cannot read \"$tmp/none.scene\": No such file or directory" -- \
	--scene "$tmp/none.scene" --snapshot
refused 66 "pescope: cannot read \"$tmp\": not a regular file" -- \
	--scene "$tmp" --snapshot
refused 64 "pescope: --scene only works without --lesson and --drill" -- \
	--scene "$good" --lesson 1 --snapshot

# A model the scene names that is not there: FILE:LINE and why, 65.
printf '# pescope scene 1\n== scene\n: view spectrum\n: model llama-9\n' >"$f"
refused 65 "$f:4: no model called \"llama-9\": m and M step through the table" -- \
	--scene "$f" --snapshot
printf '# pescope scene 1\n== scene\n: model gone.json\n' >"$f"
refused 65 "$f:3: $tmp/gone.json: cannot read: No such file or directory" -- \
	--scene "$f" --snapshot
printf '{"rope_theta": "\033[31m"}' >"$tmp/esc.json"
printf '# pescope scene 1\n== scene\n: model esc.json\n' >"$f"
"$PESCOPE" --scene "$f" --snapshot >/dev/null 2>"$tmp/stderr"
check "a config with an ESC byte: refused with FILE:LINE, no ESC printed" \
	sh -c 'grep -q "^$1:3: $2/esc.json:1:" "$0" && ! grep -q "$(printf "\033")" "$0"' \
	"$tmp/stderr" "$f" "$tmp"

# A line it does not know: skipped with one message, the rest applied.
printf '# pescope scene 1\nsparkle: on\n== scene\n: view spectrum\n: glow 3\n: d 64\ncaption text\n' >"$f"
"$PESCOPE" "${size[@]}" --scene "$f" --snapshot >"$tmp/to" 2>"$tmp/stderr"
check "unknown lines: one message, naming the first" \
	test "$(cat "$tmp/stderr")" = "$f:2: skipped a line this pescope does not know, and 2 more"
"$PESCOPE" "${size[@]}" --view spectrum -d 64 -p 0 --snapshot >"$tmp/want"
check "unknown lines: the rest applies" cmp -s "$tmp/want" "$tmp/to"

# In Chinese: the same lines refused with the same status, the why in
# Chinese, whoever asks for it.
printf '# pescope scene 1\n== scene\n: view \033[31mred\n' >"$f"
refused 65 "$f:3: 控制字符 U+001B，在第 8 列" -- \
	--scene "$f" --snapshot --lang zh
printf '# pescope scene 1\n== scene\n: d 64\n: split 40\n' >"$f"
refused 65 "$f:4: split 必须是 1 到 31 的整数，输入的是 \"40\"（超出范围）" -- \
	--scene "$f" --snapshot --lang zh
printf '# pescope scene 1\ntheme: sepia\n' >"$f"
refused 65 "$f:2: theme 必须是 dark、light 或 any，得到的是“sepia”" -- \
	--scene "$f" --snapshot --lang zh
mkdir -p "$tmp/zhconf/pescope" && printf 'lang zh\n' >"$tmp/zhconf/pescope/config"
printf '# pescope scene 1\n== scene\n: d 7\n' >"$f"
XDG_CONFIG_HOME=$tmp/zhconf refused 65 \
	"$f:3: d_model 必须是 2 到 65536 之间的偶数，输入的是 \"7\"（是奇数）" -- \
	--scene "$f" --snapshot
printf '# pescope scene 1\nlang: zh\n== scene\n: d 7\n' >"$f"
refused 65 "$f:4: d_model 必须是 2 到 65536 之间的偶数，输入的是 \"7\"（是奇数）" -- \
	--scene "$f" --snapshot
refused 65 "$f:4: d_model must be an even integer from 2 to 65536, got \"7\" (odd)" -- \
	--scene "$f" --snapshot --lang en
printf '# pescope scene 1\n== scene\n: d 64\n: split 40\n' >"$f"
printf 'cmd open %s\n' "$f" >"$tmp/kb"
out=$("$PESCOPE" --size 100x30 --keys "$tmp/kb" --snapshot --lang zh)
check "a bad :open on a Chinese screen says why in Chinese" \
	grep -qF "bad.scene:4: split 必须是 1 到 31 的整数" <<<"$out"

# In a script: a bad :open says why and changes nothing.
printf '# pescope scene 1\n== scene\n: d 64\n: split 40\n' >"$f"
printf 'cmd d 32\ncmd open %s\n' "$f" >"$tmp/kb"
out=$("$PESCOPE" --size 100x30 --keys "$tmp/kb" --snapshot)
check "a bad :open leaves the state" \
	test "$(tail -n 1 <<<"$out")" = "d_model=32 base=10000 len=128 pos=10 dim=0"
check "a bad :open names FILE:LINE and the range" \
	grep -q "bad.scene:4: split must be an integer from 1 to 31" <<<"$out"
printf 'cmd save %s/no/such/dir/x.scene\n' "$tmp" >"$tmp/kb"
out=$("$PESCOPE" --size 100x30 --keys "$tmp/kb" --snapshot)
check "a :save that cannot write says so" \
	grep -q "save: cannot write" <<<"$out"
check "and leaves no file" test ! -e "$tmp/no"

# A model's path longer than a scene's command holds (121 bytes): :save
# says so, not "No space left on device", and writes nothing; a scene
# whose `: model config.json` is short but whose folder's path is long
# says the joined path is too long and where to run pescope from, which
# opens it.
deep=$tmp/deep/$(printf 'a%.0s' $(seq 60))/$(printf 'b%.0s' $(seq 60))
mkdir -p "$deep"
cp "$root/tests/fixtures/models/qwen2.5-7b.json" "$deep/config.json"
printf 'cmd save %s\n' "$tmp/far.scene" >"$tmp/kb"
out=$("$PESCOPE" --size 400x30 --model "$deep/config.json" --keys "$tmp/kb" --snapshot)
check ":save of a model too far for a scene says so" \
	grep -qF "save: the model's path from the scene's folder, ${deep#"$tmp"/}/config.json, is longer than the 121 bytes a scene holds: save the scene nearer the config" <<<"$out"
check "and writes no scene" test ! -e "$tmp/far.scene"
printf 'cmd view spectrum\ncmd save near.scene\nkey Esc\n' >"$tmp/kb"
(cd "$deep" && "$PESCOPE" "${size[@]}" --model config.json --keys "$tmp/kb" \
	--snapshot) | screen_of /dev/stdin >"$tmp/from"
refused 65 "$deep/near.scene:7: model: $deep/config.json, the file's path from where pescope runs, is longer than 121 bytes: run pescope in the scene's folder" -- \
	--scene "$deep/near.scene" --snapshot
(cd "$deep" && "$PESCOPE" "${size[@]}" --scene near.scene --snapshot) >"$tmp/to"
check "run in its folder, that scene opens" cmp -s "$tmp/from" "$tmp/to"
# Its path, typed on the ':' line (127 bytes), does not fit: not run, and
# the message says why (it said a cut path "cannot be read").
printf 'cmd d 32\ncmd open %s\n' "$deep/near.scene" >"$tmp/kb"
out=$("$PESCOPE" --size 200x30 --keys "$tmp/kb" --snapshot)
check ":open of a path longer than the : line: not run, says why" \
	sh -c 'grep -qF "the : line holds 127 bytes and what was typed past them is not there: not run" "$0" && tail -n 1 "$0" | grep -q "^d_model=32 "' \
	"$(printf '%s\n' "$out" >"$tmp/o" && echo "$tmp/o")"
finish
