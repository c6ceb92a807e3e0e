#!/usr/bin/env bash
# Runs every test suite and ends with one line "N passed, N failed".
#   $PESCOPE  the binary under test (absolute path)
#   $UNIT     the Criterion unit-test binary (absolute path)
# Suites: the Criterion unit tests, then each tests/e2e/*.sh script. A script
# prints "ok NAME" / "not ok NAME" lines (TAP-like) and exits non-zero on failure.
# `make test` sets more, each adding suites:
#   $MASH       the key-mash driver: tests/stress/mash.sh (with $MASH_EVENTS)
#   $FUZZ_DIR   the folder of fuzz targets: tests/fuzz/fuzz.sh ($FUZZ_SECONDS)
#   $SAN_PESCOPE, $SAN_UNIT   the sanitizer builds: the unit and e2e suites
#               run again on them, and their counts join the summary
# The suites are independent (each keeps its files and its tmux server in a
# folder of its own), so $TEST_JOBS of them (default 2, one per core here)
# run at a time. Each suite's log is printed whole once it and the suites
# before it have ended, in the order above whatever the order they end in,
# under "== NAME (SECONDS s)".
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${PESCOPE:?set PESCOPE to the binary under test}"
: "${UNIT:?set UNIT to the unit-test binary}"
jobs=${TEST_JOBS:-2}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# The suites, in the order their logs are printed: a name, the binaries it
# tests, and what runs it ("unit" for the Criterion binary, else a script).
names=() bins=() units=() runs=()
add() { names+=("$1"); bins+=("$2"); units+=("$3"); runs+=("$4"); }
# round LABEL PESCOPE UNIT: the unit tests and every end-to-end script.
round() {
	local t
	add "unit tests$1" "$2" "$3" unit
	for t in "$here"/e2e/*.sh; do
		[ -e "$t" ] && add "$(basename "$t")$1" "$2" "$3" "$t"
	done
}
round "" "$PESCOPE" "$UNIT"
[ -n "${MASH:-}" ] && add mash.sh "$PESCOPE" "$UNIT" "$here/stress/mash.sh"
[ -n "${FUZZ_DIR:-}" ] && add fuzz.sh "$PESCOPE" "$UNIT" "$here/fuzz/fuzz.sh"
[ -n "${SAN_PESCOPE:-}" ] &&
	round " (ASan + UBSan)" "$SAN_PESCOPE" "${SAN_UNIT:?set SAN_UNIT too}"

# run_suite I: runs suite I into $logs/I.log, then writes its passed and
# failed counts and its seconds to $logs/I.done.
run_suite() {
	local i=$1 log=$logs/$1.log rc p f syn t start=${EPOCHREALTIME/[.,]/}
	export PESCOPE=${bins[i]} UNIT=${units[i]}
	if [ "${runs[i]}" = unit ]; then
		# Criterion: "Synthesis: Tested: N | Passing: N | Failing: N | Crashing: N".
		"$UNIT" --jobs 2 >"$log" 2>&1
		syn=$(grep -a 'Synthesis:' "$log" | tail -n 1)
		if [ -n "$syn" ]; then
			p=$(sed -E 's/.*Passing: ([0-9]+).*/\1/' <<<"$syn")
			f=$(sed -E 's/.*Failing: ([0-9]+).*/\1/' <<<"$syn")
			f=$((f + $(sed -E 's/.*Crashing: ([0-9]+).*/\1/' <<<"$syn")))
		else
			echo "not ok the unit tests did not report a synthesis" >>"$log"
			p=0 f=1
		fi
	else
		bash "${runs[i]}" >"$log" 2>&1
		rc=$?
		p=$(grep -ac '^ok ' "$log")
		f=$(grep -ac '^not ok ' "$log")
		if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
			echo "not ok ${names[i]} exited $rc" >>"$log"
			f=1
		fi
	fi
	t=$(( (${EPOCHREALTIME/[.,]/} - start) / 100000 ))	# tenths of a second
	echo "$p $f $((t / 10)).$((t % 10))" >"$logs/$i.done.tmp"
	mv "$logs/$i.done.tmp" "$logs/$i.done"
}

passed=0 failed=0 next=0
# Prints the logs of the suites that have ended, in order, up to the first
# one still running.
flush() {
	local p f s
	while [ "$next" -lt "${#names[@]}" ] && [ -e "$logs/$next.done" ]; do
		read -r p f s <"$logs/$next.done"
		echo "== ${names[next]} ($s s)"
		cat "$logs/$next.log"
		passed=$((passed + p)) failed=$((failed + f))
		next=$((next + 1))
	done
}

# The fuzzing (a fixed time per target) and the mash take longest: they
# start first, so that the other suites fill the other core meanwhile.
order=()
for i in "${!names[@]}"; do
	case ${runs[i]} in */fuzz.sh | */mash.sh) order+=("$i") ;; esac
done
for i in "${!names[@]}"; do
	case ${runs[i]} in */fuzz.sh | */mash.sh) ;; *) order+=("$i") ;; esac
done

for i in "${order[@]}"; do
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
		wait -n
		flush
	done
	run_suite "$i" &
done
wait
flush

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
