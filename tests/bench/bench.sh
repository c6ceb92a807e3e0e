#!/usr/bin/env bash
# make bench: pescope against the Python/NumPy way of doing the same job.
#   tests/bench/bench.sh /abs/path/to/pescope
# Each section measures one thing, alternating the two programs (best of
# $REPS each, so noise from the other core hits both alike), prints a line
# and adds a row to the Markdown table in tests/bench/RESULTS.md, which the
# README quotes. To add a section: write a function that calls `row`, and
# list it in SECTIONS.
#
# NumPy is Debian's /usr/bin/python3 with python3-numpy. OPENBLAS_CORETYPE
# may be set on this machine (see DESIGN); the code measured here is
# element-wise and never reaches BLAS, so it is left as it is.
set -eu
bin=${1:?usage: bench.sh /path/to/pescope}
here=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3
REPS=${REPS:-5}
SECTIONS="section_dump"
rows=()

# row WHAT PESCOPE_SECONDS OTHER_SECONDS OTHER_NAME: one line of the table.
row() {
	local a b ratio
	a=$(printf '%.3f' "$2")
	b=$(printf '%.3f' "$3")
	ratio=$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.1f", b / a }')
	printf '%s: pescope %s s, %s %s s, %sx\n' "$1" "$a" "$4" "$b" "$ratio"
	rows+=("| $1 | $a s | $b s ($4) | ${ratio}x |")
}

# min A B: the smaller of two decimal numbers ("" counts as infinite).
min() {
	awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'
}

# seconds CMD...: wall time of one run, stdout to /dev/null.
seconds() {
	local TIMEFORMAT=%4R t
	t=$({ time "$@" >/dev/null; } 2>&1)
	echo "${t##*$'\n'}"
}

# ---- sections ----

section_dump() {
	local L=16384 d=4096 best_c="" best_py="" t
	for _ in $(seq "$REPS"); do
		t=$(seconds "$bin" --dump npy -n "$L" -d "$d")
		best_c=$(min "$best_c" "$t")
		t=$("$PY" "$here/npy_bench.py" "$L" "$d")
		best_py=$(min "$best_py" "$t")
	done
	row "npy dump ${L}x${d} float64 to /dev/null" "$best_c" "$best_py" \
		"NumPy reference + np.save"
}

# ---- run ----

if ! "$PY" -c 'import numpy' 2>/dev/null; then
	echo "bench: $PY has no NumPy (make deps installs python3-numpy)" >&2
	exit 1
fi
for s in $SECTIONS; do
	"$s"
done

{
	echo "# Benchmarks"
	echo
	echo "Made by \`make bench\` ($(date -u +%Y-%m-%d), $(nproc) cores," \
		"$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)," \
		"NumPy $("$PY" -c 'import numpy; print(numpy.__version__)')):" \
		"best of $REPS runs each, alternating. The ratio is how many" \
		"times faster pescope is; absolute times vary with the machine."
	echo
	echo "| benchmark | pescope | other | ratio |"
	echo "| --- | --- | --- | --- |"
	printf '%s\n' "${rows[@]}"
} >"$here/RESULTS.md"
echo "wrote $here/RESULTS.md"
