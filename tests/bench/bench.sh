#!/usr/bin/env bash
# make bench: pescope against the Python way of doing the same jobs, side by
# side in one run.
#   tests/bench/bench.sh /abs/path/to/pescope [/abs/path/to/attn-bench]
# Sections (each prints its table and adds it to tests/bench/RESULTS.md,
# which the README links; to add one, write a function that calls `table`
# and `row`, and list it in SECTIONS):
#   dump     the 16384x4096 float64 matrix to .npy: time (best of $REPS,
#            alternating) and peak memory (/usr/bin/time -f %M) of pescope
#            and of the NumPy reference function + np.save;
#   frames   per-frame time p50/p95 at 80x24, 160x50 and 240x70, default
#            and extreme parameters: pescope --bench against a matplotlib
#            Agg re-render of the same screen (mpl_frames.py);
#   bytes    bytes a terminal receives for a full redraw and a one-step
#            move, in 256 colours (xterm-256color) and 24-bit colour
#            (xterm-direct);
#   startup  start-up to a first frame (pescope --snapshot) against Python
#            importing NumPy and matplotlib;
#   extremes every view at d=65536 and a billion positions, at 240x70 and
#            400x200, for the three bases 1.000001, 1e4 and 1e12, in one
#            table: how long a change takes to finish, frames and ms, the
#            worst case per view, and a mark where it takes more than
#            $BUDGET_FRAMES frames of 16 ms; and for the explorer's screen,
#            that time against a matplotlib re-render;
#   attention the attention view at 240x70, d=512, L=4096: its move frames
#            (p95) and how long a parameter change takes to finish; and the
#            numbers its score panel computes on the grid it shows (read
#            from the view's own header: "p, q = 0…4081 step 53"), the four
#            terms of added PE and their sum, RoPE, ALiBi, the spreads
#            along the diagonals and the terms' sizes, by the engine
#            (attn-bench, tests/bench/attn_bench.c) against NumPy computing
#            the same (attn_npy.py), with the identity and with random
#            weights.
#   load     --load of a 1024x768 float32 .npy (GPT-2's wpe size) and of a
#            8192x4096 float16 .safetensors tensor, both NumPy-made
#            (load_bench.py): time to the first frame (--snapshot at
#            120x40, median of $LOAD_RUNS runs) against the 50 ms target,
#            peak memory (the file is mapped, not copied: about the
#            tensor's own bytes), and the explorer's frames on each
#            (--bench at 120x40, moves: p50 / p95).
# SECTIONS="section_attention" in the environment runs only some.
#
# Python is Debian's /usr/bin/python3. Where it lacks NumPy or matplotlib,
# the comparisons that need them say so and are skipped (make bench installs
# them). OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE, which this machine may set
# for old OpenBLAS builds and which slow a current NumPy, are unset for the
# Python commands only (see `py`), and RESULTS.md says which BLAS NumPy then
# ran (threadpoolctl).
set -eu
bin=${1:?usage: bench.sh /path/to/pescope [/path/to/attn-bench]}
attn_bin=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3
REPS=${REPS:-5}
MPL_FRAMES=${MPL_FRAMES:-50}
# The extremes: frames of each run, and the most frames a change may take.
EXTREME_FRAMES=${EXTREME_FRAMES:-200}
BUDGET_FRAMES=2
# BASELINE=/path/to/an/older/pescope: the extremes run it beside this one,
# cell by cell, taking turns at going first, so that noise from the rest of
# the machine hits both alike; a cell then reads "NEW (was OLD)".
BASELINE=${BASELINE:-}
LOAD_RUNS=${LOAD_RUNS:-5}
SECTIONS=${SECTIONS:-"section_dump section_frames section_bytes section_startup section_extremes section_attention section_load"}
out=()		# Markdown lines of RESULTS.md after the header
notes=()	# lines for the notes at the end

# py ARGS...: the Python command, with the OpenBLAS overrides unset for it
# alone (never for pescope, the tests or CI).
py() {
	env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE "$PY" "$@"
}

have_numpy=false have_mpl=false
py -c 'import numpy' 2>/dev/null && have_numpy=true
py -c 'import matplotlib' 2>/dev/null && have_mpl=true

# ---- table helpers ----

# table TITLE HEADER...: starts a section's table.
table() {
	local title=$1 sep="|" head="|"
	shift
	for h in "$@"; do
		head="$head $h |"
		sep="$sep --- |"
	done
	out+=("" "## $title" "" "$head" "$sep")
	printf '\n%s\n' "$title"
}

# row CELL...: one row of the current table, printed as it comes.
row() {
	local line="|"
	for c in "$@"; do line="$line $c |"; done
	out+=("$line")
	echo "$line"
}

# ratio A B: B / A to one decimal, followed by "x" ("-" when either is
# missing or A is 0).
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a == "" || b == "" || a + 0 == 0) print "-";
		else if (b / a >= 100) printf "%.0fx\n", b / a;
		else printf "%.1fx\n", b / a }'
}

# min A B: the smaller of two decimal numbers ("" counts as infinite).
min() {
	awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'
}

# median VALUES...: the middle value (the lower of the two middle ones).
median() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# seconds CMD...: wall time of one run, stdout to /dev/null.
seconds() {
	local TIMEFORMAT=%4R t
	t=$({ time "$@" >/dev/null; } 2>&1)
	echo "${t##*$'\n'}"
}

# peak_kb CMD...: the peak resident memory of one run in KiB.
peak_kb() {
	/usr/bin/time -f %M -o "$tmp/peak" "$@" >/dev/null
	tail -n 1 "$tmp/peak"
}

# mib KIB: "12.3 MiB".
mib() {
	awk -v k="$1" 'BEGIN { printf "%.1f MiB\n", k / 1024 }'
}

# field NAME LINE: the value of NAME=value in a --bench line.
field() {
	sed -nE "s/.*(^| )$1=([^ ]+).*/\\2/p" <<<"$2"
}

# ---- sections ----

section_dump() {
	local L=16384 d=4096 best_c="" best_py="" t mem_c mem_py
	table "Writing the ${L}x${d} float64 matrix to .npy (/dev/null)" \
		"" "pescope --dump npy" "NumPy reference + np.save" "pescope is"
	if ! $have_numpy; then
		row "time" "-" "skipped: $PY has no NumPy (make bench installs it)" "-"
		return
	fi
	for _ in $(seq "$REPS"); do
		t=$(seconds "$bin" --dump npy -n "$L" -d "$d")
		best_c=$(min "$best_c" "$t")
		t=$(py "$here/npy_bench.py" "$L" "$d")
		best_py=$(min "$best_py" "$t")
	done
	row "time, best of $REPS" "$(printf '%.3f s' "$best_c")" \
		"$(printf '%.3f s' "$best_py")" "$(ratio "$best_c" "$best_py") faster"
	mem_c=$(peak_kb "$bin" --dump npy -n "$L" -d "$d" -o /dev/null)
	mem_py=$(peak_kb env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE \
		"$PY" "$here/npy_bench.py" "$L" "$d")
	row "peak memory (max RSS)" "$(mib "$mem_c")" "$(mib "$mem_py")" \
		"$(ratio "$mem_c" "$mem_py") smaller"
	notes+=("- The NumPy time covers the reference function and np.save only," \
		"  not Python's start-up; pescope's covers the whole process.")
}

section_frames() {
	local size params c m p
	table "Time per frame, p50 / p95" "screen" "parameters" \
		"pescope --bench" "matplotlib Agg re-render" "pescope is (p50)"
	for size in 80x24 160x50 240x70; do
		for params in "default" "extreme"; do
			local args=() label="d=512, L=128" d=512 n=128
			if [ "$params" = extreme ]; then
				args=(-d 8192 -n 1000000)
				label="d=8192, L=1e6"
				d=8192 n=1000000
			fi
			c=$(TERM=xterm-256color "$bin" --bench --size "$size" "${args[@]}")
			m="-"
			if $have_mpl && $have_numpy; then
				m=$(py "$here/mpl_frames.py" "${size%x*}" "${size#*x}" \
					"$d" "$n" "$MPL_FRAMES")
			fi
			p=$(field p50_ms "$c")
			if [ "$m" = "-" ]; then
				row "$size" "$label" "$p / $(field p95_ms "$c") ms" \
					"skipped: no matplotlib (make bench installs it)" "-"
			else
				row "$size" "$label" "$p / $(field p95_ms "$c") ms" \
					"$(field p50_ms "$m") / $(field p95_ms "$m") ms" \
					"$(ratio "$p" "$(field p50_ms "$m")") faster"
			fi
		done
	done
	notes+=("- pescope's frame is screen_draw plus the ncurses copy and diff" \
		"  for a 256-colour terminal, 500 frames; matplotlib's is the data" \
		"  update plus fig.canvas.draw(), $MPL_FRAMES frames, same sequence" \
		"  of moves and parameter changes (tests/bench/mpl_frames.py).")
}

section_bytes() {
	local size c r
	table "Bytes a terminal receives per frame" "screen" \
		"full redraw, 256 colours" "one-step move, 256 colours" \
		"full redraw, 24-bit" "one-step move, 24-bit"
	if ! infocmp xterm-direct >/dev/null 2>&1; then
		row "-" "skipped: no terminfo for xterm-direct (make deps installs ncurses-term)" "-" "-" "-"
		return
	fi
	for size in 80x24 160x50 240x70; do
		c=$(TERM=xterm-256color "$bin" --bench --frames 1 --size "$size" -d 512 -n 128 -p 0)
		r=$(TERM=xterm-direct "$bin" --bench --frames 1 --size "$size" -d 512 -n 128 -p 0)
		row "$size" "$(field full_bytes "$c")" "$(field move_bytes "$c")" \
			"$(field full_bytes "$r")" "$(field move_bytes "$r")"
	done
	notes+=("- Bytes are for d=512, L=128 at position 0 (the start values until" \
		"  they became d=128, position 10), so that runs stay comparable." \
		"  A move changes the heatmap's cursor line, the curves' cursor and the" \
		"  numbers; ncurses sends only the cells that changed.")
}

section_startup() {
	local runs=20 t c=() p=() q=()
	table "Start-up to a first frame, median of $runs runs" "" "pescope" \
		"Python" "pescope is"
	for _ in $(seq "$runs"); do
		c+=("$(seconds "$bin" --snapshot --size 120x40)")
		if $have_numpy && $have_mpl; then
			p+=("$(seconds py -c 'import numpy, matplotlib')")
			q+=("$(seconds py -c 'import numpy, matplotlib; matplotlib.use("Agg"); import matplotlib.pyplot')")
		fi
	done
	t=$(median "${c[@]}")
	if [ "${#p[@]}" -eq 0 ]; then
		row "start-up" "$(printf '%.4f s' "$t")" "skipped: no NumPy or matplotlib (make bench installs them)" "-"
		return
	fi
	row "--snapshot (a full 120x40 frame) vs import numpy, matplotlib" \
		"$(printf '%.4f s' "$t")" "$(printf '%.4f s' "$(median "${p[@]}")")" \
		"$(ratio "$t" "$(median "${p[@]}")") faster"
	row "the same vs also import matplotlib.pyplot (Agg)" \
		"$(printf '%.4f s' "$t")" "$(printf '%.4f s' "$(median "${q[@]}")")" \
		"$(ratio "$t" "$(median "${q[@]}")") faster"
}

# cell LINE: one run's catch-up, "F, T ms": F frames and T ms from a
# change to the view's having nothing left to do (the slowest action of the
# run), "F+" when some action was still unfinished at the run's end (a
# lower bound), and " ✗" past BUDGET_FRAMES frames.
cell() {
	local f plus=""
	f=$(field catchup_frames "$1")
	[ "$(field unfinished "$1")" = 0 ] || plus="+"
	printf '%s%s, %s ms%s\n' "$f" "$plus" "$(field catchup_ms "$1")" \
		"$([ "$f" -le "$BUDGET_FRAMES" ] && [ -z "$plus" ] || echo " ✗")"
}

# extreme BIN: the --bench line of one cell of section_extremes, which
# sets size, base, view, args and own.
extreme() {
	TERM=xterm-256color "$1" --bench --frames "$EXTREME_FRAMES" \
		--size "$size" "${args[@]}" -b "$base" --view "$view" \
		${own[@]+"${own[@]}"}
}

section_extremes() {
	local size view base c o worst wf cells broken=0 turn=0
	local bases="1.000001 10000 1e12" args=(-d 65536 -n 1000000000 -p 999999000)
	table "The extremes: d=65536, L=1e9, positions near the end: frames (and ms) until a change is finished, budget $BUDGET_FRAMES frames of 16 ms" \
		"view" "240x70, base 1.000001" "1e4" "1e12" \
		"400x200, base 1.000001" "1e4" "1e12" "worst"
	for view in $("$bin" --list views); do
		cells=() worst="" wf=-1
		# a view's own knobs at their largest where d and L do not
		# decide its work: the grid view's biggest grid, both M-RoPE
		# bands; the families view's map of RoPE's bound (a sum over
		# the pairs with a square root each, beside its traces)
		own=()
		[ "$view" = grid ] && own=(--set grid=mrope --set rows=32 \
			--set cols=32 --set frames=4 --set text=8)
		[ "$view" = families ] && own=(--set scheme=rope)
		for size in 240x70 400x200; do
			for base in $bases; do
				if [ -z "$BASELINE" ]; then
					c=$(extreme "$bin")
					cells+=("$(cell "$c")")
				else
					turn=$((turn + 1))
					if [ $((turn % 2)) = 0 ]; then
						o=$(extreme "$BASELINE") c=$(extreme "$bin")
					else
						c=$(extreme "$bin") o=$(extreme "$BASELINE")
					fi
					cells+=("$(cell "$c") (was $(cell "$o"))")
				fi
				# the worst: the most frames, an unfinished run first
				f=$(( $(field catchup_frames "$c") * 2 + ($(field unfinished "$c") > 0) ))
				if [ "$f" -gt "$wf" ]; then
					wf=$f worst="$(cell "$c") ($size, ${base/10000/1e4})"
				fi
			done
		done
		case "$worst" in *✗*) broken=$((broken + 1)) ;; esac
		row "$view" "${cells[@]}" "$worst"
	done
	notes+=("- The extremes: each cell is one \`pescope --bench --frames $EXTREME_FRAMES\`" \
		"  run: one-step moves with a change of base, d or L every 25" \
		"  actions. After an action the explorer draws frames without a key" \
		"  while work is left; the bench does the same and gives the next" \
		"  action once the view says it has nothing left to do" \
		"  (src/app/bench_tally.h). A cell is the slowest action of the run:" \
		"  frames from the action to the view's finished screen, counting" \
		"  the action's own frame, and their ms; \"+\" marks a run that ended" \
		"  with work still going (a lower bound), ✗ a cell past" \
		"  $BUDGET_FRAMES frames ($broken of the views break the rule" \
		"  somewhere). Frames spend at most 10 ms on sliced arithmetic (less" \
		"  where drawing the screen takes longer), showing the previous" \
		"  picture meanwhile (\"[computing]\"), so keys never wait.")
	[ -z "$BASELINE" ] || notes+=("- \"(was …)\": the same cell of the baseline" \
		"  $BASELINE ($("$BASELINE" --version)), run in turn with this one.")
	table "The explorer's screen at the extremes (d=65536, L=1e9, 240x70)" "" \
		"pescope: parameter change finished" "matplotlib Agg re-render" "pescope is"
	c=$(TERM=xterm-256color "$bin" --bench --frames 200 --size 240x70 "${args[@]}")
	if ! { $have_mpl && $have_numpy; }; then
		row "time" "$(field catchup_ms "$c") ms" "skipped: no matplotlib (make bench installs it)" "-"
	else
		m=$(py "$here/mpl_frames.py" 240 70 65536 1000000000 10)
		row "time to a finished screen" "$(field catchup_ms "$c") ms" \
			"$(field p50_ms "$m") ms" \
			"$(ratio "$(field catchup_ms "$c")" "$(field p50_ms "$m")") faster"
	fi
	notes+=("- matplotlib recomputes its (point-sampled) heatmap and curves" \
		"  every frame, 10 frames." \
		"- The vector view's frames are not arithmetic but text: at 400x200" \
		"  a move rewrites some 1500 numbers of 17 digits (about 40 KB for" \
		"  the terminal), and ncurses' diffing and output of that is most of" \
		"  its time.")
}

section_attention() {
	local d=512 L=4096 reps=21 eng="" npy="" same grid last step side c
	local eng_id="" eng_rnd="" npy_id="" npy_rnd="" best="" worst=""
	table "The attention view at 240x70, d=$d, L=$L, frame budget 16 ms" \
		"" "move frame, p95 (best of $REPS runs)" \
		"a parameter change is finished after (frames, ms; worst of $REPS runs)"
	for _ in $(seq "$REPS"); do
		c=$(TERM=xterm-256color "$bin" --bench --size 240x70 -d "$d" -n "$L" \
			--view attention)
		best=$(min "$best" "$(field move_p95_ms "$c")")
		if [ -z "$worst" ] || [ "$(field catchup_frames "$c")" -gt "${worst%%,*}" ]; then
			worst="$(field catchup_frames "$c"), $(field catchup_ms "$c")"
		fi
	done
	row "pescope --bench --view attention" "$best ms" "$worst ms"
	# The grid the view's score panel shows at this size, from its header.
	grid=$("$bin" --snapshot --view attention --size 240x70 -d "$d" -n "$L" \
		--color never | grep -o 'p, q = [0-9]*…[0-9]* step [0-9]*' | head -n 1)
	last=$(sed -E 's/.*…([0-9]+) step.*/\1/' <<<"$grid")
	step=$(sed -E 's/.* step ([0-9]+)/\1/' <<<"$grid")
	side=$((last / step + 1))
	table "Its score panel's numbers ($side x $side positions: p, q = 0..$last step $step; d=$d)" \
		"weights" "pescope engine" "NumPy" "pescope is"
	if [ -z "$attn_bin" ] || ! $have_numpy; then
		row "-" "skipped: ${attn_bin:+no NumPy (make deps)}${attn_bin:-no attn-bench (make bench builds it)}" "-" "-"
		return
	fi
	for _ in $(seq "$REPS"); do
		eng=$("$attn_bin" "$d" "$side" "$step" "$reps")
		npy=$(py "$here/attn_npy.py" "$d" "$side" "$step" "$reps")
		eng_id=$(min "$eng_id" "$(field identity_ms "$eng")")
		eng_rnd=$(min "$eng_rnd" "$(field random_ms "$eng")")
		npy_id=$(min "$npy_id" "$(field identity_ms "$npy")")
		npy_rnd=$(min "$npy_rnd" "$(field random_ms "$npy")")
	done
	row "identity, uniform content" "$eng_id ms" "$npy_id ms" "$(ratio "$eng_id" "$npy_id") faster"
	row "random N(0, 1/d), 8 tokens" "$eng_rnd ms" "$npy_rnd ms" "$(ratio "$eng_rnd" "$npy_rnd") faster"
	same="differ"
	[ "$(field sum_added "$eng") $(field sum_rope "$eng") $(field sum_alibi "$eng")" = \
	  "$(field sum_added "$npy") $(field sum_rope "$npy") $(field sum_alibi "$npy")" ] &&
		same="agree to 12 digits"
	notes+=("- Attention: a move frame is a one-step move that found every job" \
		"  finished (the view redraws its three heatmaps, nothing is" \
		"  recomputed); a change recomputes the score matrices and the" \
		"  decay curves in slices (render/cache.h). The panel's numbers:" \
		"  everything its job computes, from the positions up; the fastest" \
		"  of $reps frames, best of $REPS runs. With the identity the two" \
		"  sides compute the same numbers (their sums $same; relative" \
		"  spreads added $(field spread_added "$eng") / $(field spread_added "$npy")," \
		"  RoPE $(field spread_rope "$eng") / $(field spread_rope "$npy")," \
		"  ALiBi $(field spread_alibi "$eng") / $(field spread_alibi "$npy"));" \
		"  NumPy skips the products with W there. With random weights both" \
		"  project the encoding of the $side positions through two" \
		"  ${d}x${d} matrices.")
}

section_load() {
	local f name t ts=() mem c
	table "--load: a learned matrix, time to the first frame (median of $LOAD_RUNS), peak memory and frames at 120x40" \
		"file" "data" "first frame" "peak memory (max RSS)" \
		"explorer frames p50 / p95"
	if ! $have_numpy; then
		row "-" "skipped: $PY has no NumPy (make bench installs it)" "-" "-" "-"
		return
	fi
	py "$here/load_bench.py" "$tmp"
	for f in "wpe.npy 1024x768 float32, 3.0 MiB" \
		 "pos.safetensors:wpe 8192x4096 float16, 64 MiB"; do
		name=${f%% *}
		ts=()
		for _ in $(seq "$LOAD_RUNS"); do
			ts+=("$(seconds "$bin" --load "$tmp/$name" --snapshot --size 120x40)")
		done
		t=$(median "${ts[@]}")
		mem=$(peak_kb "$bin" --load "$tmp/$name" --snapshot --size 120x40)
		c=$(TERM=xterm-256color "$bin" --bench --frames 20 --size 120x40 \
			--load "$tmp/$name")
		row "$name" "${f#* }" "$(awk -v t="$t" 'BEGIN { printf "%.0f ms%s", t * 1000, t <= 0.05 ? "" : " (target 50)" }')" \
			"$(mib "$mem")" "$(field p50_ms "$c") / $(field p95_ms "$c") ms"
	done
	notes+=("- --load: the first frame is the whole process (--snapshot: read," \
		"  check every value, draw the explorer's screen once); peak memory" \
		"  holds the mapped tensor's pages (the file is never copied)." \
		"  The frames are moves of the position, which recompute the" \
		"  similarity cos(M[p], M[q]) for every q: L x d multiply-adds.")
}

# ---- run ----

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load=$(cut -d' ' -f1-3 /proc/loadavg)

for s in $SECTIONS; do
	"$s"
done

# What the Python side ran with.
blas_note() {
	local was=""
	[ -n "${OPENBLAS_CORETYPE+x}" ] && was="OPENBLAS_CORETYPE=$OPENBLAS_CORETYPE "
	[ -n "${OPENBLAS_L2_SIZE+x}" ] && was="${was}OPENBLAS_L2_SIZE=$OPENBLAS_L2_SIZE"
	echo "- The Python commands ran with OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE" \
		"unset (in this run they were ${was:-not set in the first place})."
	if $have_numpy; then
		py - <<'EOF'
import numpy
try:
    import threadpoolctl
except ImportError:
    print("  threadpoolctl is missing (make bench installs it), so the BLAS in use was not checked.")
else:
    numpy.ones((64, 64)) @ numpy.ones((64, 64))  # load the BLAS
    info = [i for i in threadpoolctl.threadpool_info() if i.get("user_api") == "blas"]
    if info:
        for i in info:
            print("  NumPy's BLAS: %s %s, kernel %s, %s threads (threadpoolctl)."
                  % (i.get("internal_api"), i.get("version"),
                     i.get("architecture"), i.get("num_threads")))
    else:
        print("  threadpoolctl finds no OpenBLAS, MKL or BLIS in NumPy: it uses"
              " the reference BLAS (Debian's libblas3). Only the attention"
              " section calls BLAS (its matrix products); the others are"
              " element-wise and drawing.")
EOF
	fi
}

# A note when the machine was busy at the start (a load average above its
# cores): the times, the frame counts of the extremes and the ratios are
# then those of a shared machine, not what pescope does on a quiet one.
busy_note() {
	awk -v l="${load%% *}" -v n="$(nproc)" 'BEGIN { if (l + 0 > n + 0)
		printf "- The machine was busy: load average %s on %d cores at the start,\n  other work taking turns with both sides. Times, frame counts and\n  ratios here are slower and noisier than on a quiet machine; run\n  make bench again on one before reading them as what pescope does.\n", l, n }'
}

# The Coverage section (make coverage writes it) is kept as it is.
coverage=$(awk '/^## / { f = ($0 == "## Coverage") } f' "$here/RESULTS.md" 2>/dev/null)
versions=""
$have_numpy && versions=", NumPy $(py -c 'import numpy; print(numpy.__version__)')"
$have_mpl && versions="$versions, matplotlib $(py -c 'import matplotlib; print(matplotlib.__version__)')"
{
	echo "# Benchmarks"
	echo
	echo "Made by \`make bench\` ($(date -u +%Y-%m-%d), $(nproc) cores," \
		"$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)$versions," \
		"load average $load at the start)." \
		"Both sides run in the same invocation, alternating where it" \
		"matters, so noise from the rest of the machine hits both alike." \
		"Ratios say how many times faster or smaller pescope is; absolute" \
		"numbers vary with the machine."
	printf '%s\n' "${out[@]}"
	echo
	echo "## Notes"
	echo
	printf '%s\n' "${notes[@]}"
	busy_note
	blas_note
	[ -z "$coverage" ] || printf '\n%s\n' "$coverage"
} >"$here/RESULTS.md"
echo
echo "wrote $here/RESULTS.md"
