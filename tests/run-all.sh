#!/usr/bin/env bash
# Runs every test suite and ends with one line "N passed, N failed" (and
# ", N skipped" when a suite skipped something for a missing tool).
#   $PESCOPE  the binary under test (absolute path)
#   $UNIT     the Criterion unit-test binary (absolute path), or empty when
#             Criterion is not installed: the unit tests are then skipped
#   $UNIT_FILTER  a Criterion --filter for the unit tests (make check-fast
#             leaves out the heaviest suites with it), or unset: all
# Options, as git's test library takes them:
#   --run=PATTERN  only the suites whose names match PATTERN: a shell glob,
#                  a word without * ? [ matching anywhere in the name,
#                  several separated by commas ("unit tests", "keys.sh",
#                  --run=golden,keys)
#   -v             every suite's whole log (else a passing suite's log is
#                  one line, with its skips; a failing one's is whole)
#   -i             stop at the first failing suite: start no other one
# Suites: the Criterion unit tests, then each tests/e2e/*.sh script. A script
# prints "ok NAME" / "not ok NAME" lines (TAP-like) and exits non-zero on
# failure, and "skip NAME: needs TOOL" for what a missing tool keeps it from
# checking (tests/e2e/tap.bash; under CI=true that is a "not ok" instead).
# `make test` sets more, each adding suites:
#   $MASH       the key-mash driver: tests/stress/mash.sh (with $MASH_EVENTS)
#   $FUZZ_DIR   the folder of fuzz targets: tests/fuzz/fuzz.sh ($FUZZ_SECONDS)
#   $SAN_PESCOPE, $SAN_UNIT   the sanitizer builds: the unit and e2e suites
#               run again on them, and their counts join the summary
# The suites are independent (each keeps its files and its tmux server in a
# folder of its own), so $TEST_JOBS of them (default 2, one per core here)
# run at a time. Each suite's log is printed whole once it and the suites
# before it have ended, in the order above whatever the order they end in,
# under "== NAME (SECONDS s, cpu SECONDS s)" (the processor time of the
# suite's own processes, which the load of the machine changes less than
# the first; a program a suite runs inside tmux is the tmux server's, not
# counted).
# $QUICK=1 (make check, the quick loop of a developer) leaves out the
# suites of $SLOW: the package, the installation, valgrind and the other
# long ones, which make test (what CI runs) runs with everything else. The
# summary then says which were left out.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${PESCOPE:?set PESCOPE to the binary under test}"
: "${UNIT?set UNIT to the unit-test binary (empty: none)}"
run_pattern="" verbose=0 immediate=0
for a in "$@"; do
	case $a in
	--run=*) run_pattern=${a#--run=} ;;
	-v | --verbose) verbose=1 ;;
	-i | --immediate) immediate=1 ;;
	*) echo "usage: $0 [--run=PATTERN] [-v] [-i]" >&2; exit 64 ;;
	esac
done
jobs=${TEST_JOBS:-2}
logs=$(mktemp -d)
# No suite reads the settings file of whoever runs the tests
# (src/app/settings_file.h): the configuration folder is one of our own,
# empty (tap.bash makes one per script, for a script run alone).
export XDG_CONFIG_HOME="$logs/xdg-config"
trap 'rm -rf "$logs" ${TEST_TIMES:+"$TEST_TIMES.tmp"}' EXIT

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
# The suites make check leaves out (QUICK=1), more than half the processor
# time of the normal build's round: the Debian package and its lintian,
# make install into folders, the sessions under valgrind, the extremes and
# signals of hardening.sh, the PNG and PDF figures, the limits of the
# system, and the two sweeps of every view (contrast.sh: each in 3 themes,
# 2 modes, 2 sizes and 3 colour depths; knobs.sh: each knob at 3 values in
# every view, 3 ways), which a change of colours or knobs runs alone.
SLOW="deb.sh install.sh valgrind.sh hardening.sh figures.sh limits.sh contrast.sh knobs.sh"
round "" "$PESCOPE" "$UNIT"
if [ "${QUICK:-0}" = 1 ]; then
	keep_n=() keep_b=() keep_u=() keep_r=() left=""
	for i in "${!names[@]}"; do
		case " $SLOW " in
		*" ${names[i]} "*) left="$left ${names[i]}"; continue ;;
		esac
		keep_n+=("${names[i]}") keep_b+=("${bins[i]}")
		keep_u+=("${units[i]}") keep_r+=("${runs[i]}")
	done
	names=("${keep_n[@]}") bins=("${keep_b[@]}") units=("${keep_u[@]}") runs=("${keep_r[@]}")
fi
[ -n "${MASH:-}" ] && add mash.sh "$PESCOPE" "$UNIT" "$here/stress/mash.sh"
[ -n "${FUZZ_DIR:-}" ] && add fuzz.sh "$PESCOPE" "$UNIT" "$here/fuzz/fuzz.sh"
[ -n "${SAN_PESCOPE:-}" ] &&
	round " (ASan + UBSan)" "$SAN_PESCOPE" "${SAN_UNIT?set SAN_UNIT too}"

# --run: the suites whose names match one of the patterns.
source "$here/run_pattern.bash"
if [ -n "$run_pattern" ]; then
	keep_n=() keep_b=() keep_u=() keep_r=()
	for i in "${!names[@]}"; do
		run_matches "$run_pattern" "${names[i]}" || continue
		keep_n+=("${names[i]}") keep_b+=("${bins[i]}")
		keep_u+=("${units[i]}") keep_r+=("${runs[i]}")
	done
	if [ "${#keep_n[@]}" -eq 0 ]; then
		echo "no suite matches --run=$run_pattern" >&2
		exit 64
	fi
	names=("${keep_n[@]}") bins=("${keep_b[@]}") units=("${keep_u[@]}") runs=("${keep_r[@]}")
fi

# run_suite I: runs suite I into $logs/I.log, then writes its passed,
# failed and skipped counts and its seconds to $logs/I.done.
run_suite() {
	local i=$1 log=$logs/$1.log rc p f s=0 syn t cpu start=${EPOCHREALTIME/[.,]/}
	export PESCOPE=${bins[i]} UNIT=${units[i]}
	if [ "${runs[i]}" = unit ] && [ -z "$UNIT" ]; then
		# no Criterion: make did not build the unit tests
		if [ "${CI:-}" = true ]; then
			echo "not ok unit tests: needs Criterion # CI must have every tool" >"$log"
			p=0 f=1
		else
			echo "skip unit tests: needs Criterion (libcriterion-dev)" >"$log"
			p=0 f=0 s=1
		fi
	elif [ "${runs[i]}" = unit ]; then
		# Criterion: "Synthesis: Tested: N | Passing: N | Failing: N | Crashing: N".
		"$UNIT" --jobs 2 ${UNIT_FILTER:+--filter "$UNIT_FILTER"} >"$log" 2>&1
		syn=$(grep -a 'Synthesis:' "$log" | tail -n 1)
		if [ -n "$syn" ]; then
			p=$(sed -E 's/.*Passing: ([0-9]+).*/\1/' <<<"$syn")
			f=$(sed -E 's/.*Failing: ([0-9]+).*/\1/' <<<"$syn")
			f=$((f + $(sed -E 's/.*Crashing: ([0-9]+).*/\1/' <<<"$syn")))
		else
			echo "not ok the unit tests did not report a synthesis" >>"$log"
			p=0 f=1
		fi
		# a sanitizer's report in a test's process (a leak at its
		# exit) leaves Criterion's counts as they were: a failure too
		if grep -aq -e 'ERROR: [A-Za-z]*Sanitizer' -e 'runtime error:' "$log"; then
			echo "not ok the unit tests: a sanitizer reported (above)" >>"$log"
			f=$((f + 1))
		fi
	else
		bash "${runs[i]}" >"$log" 2>&1
		rc=$?
		p=$(grep -ac '^ok ' "$log")
		f=$(grep -ac '^not ok ' "$log")
		s=$(grep -ac '^skip ' "$log")
		if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
			echo "not ok ${names[i]} exited $rc" >>"$log"
			f=1
		fi
	fi
	t=$(( (${EPOCHREALTIME/[.,]/} - start) / 100000 ))	# tenths of a second
	# times (here, not in a subshell, whose counts start at 0): this
	# shell's user and system time, then its children's.
	times >"$logs/$i.times"
	cpu=$(tail -n 1 "$logs/$i.times" | tr , . | awk '{ n = 0
		for (k = 1; k <= 2; k++) { split($k, a, "m"); n += a[1] * 60 + a[2] }
		printf "%.1f", n }')
	echo "$p $f $((t / 10)).$((t % 10)) $cpu $s" >"$logs/$i.done.tmp"
	mv "$logs/$i.done.tmp" "$logs/$i.done"
}

passed=0 failed=0 skipped=0 next=0 failed_suite=""
# skips N: ", N skipped", or nothing for 0.
skips() { [ "$1" -eq 0 ] || echo ", $1 skipped"; }
# Prints the logs of the suites that have ended, in order, up to the first
# one still running (or not run: -i). A passing suite without -v prints its
# heading with its counts, and its skips.
flush() {
	local p f s c k
	while [ "$next" -lt "${#names[@]}" ] && [ -e "$logs/$next.done" ]; do
		read -r p f s c k <"$logs/$next.done"
		if [ -e "$logs/$next.notrun" ]; then
			:
		elif [ "$verbose" = 1 ] || [ "$f" -gt 0 ]; then
			echo "== ${names[next]} ($s s, cpu $c s)"
			cat "$logs/$next.log"
		else
			echo "== ${names[next]} ($s s, cpu $c s): $p ok$(skips "$k")"
			grep -a '^skip ' "$logs/$next.log"
		fi
		passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + k))
		[ "$f" -gt 0 ] && [ -z "$failed_suite" ] && failed_suite=${names[next]}
		next=$((next + 1))
	done
}

# The fuzzing (a fixed time per target) and the mash take longest: they
# start first, so that the other suites fill the other core meanwhile. The
# rest start longest first, by the seconds each took last time, kept in
# $TEST_TIMES when it is set (make check keeps them in build/test-times): a
# long suite started last would run alone at the end while the other slots
# sit idle. A suite with no time yet (a new one, or no file) starts before
# those with one, in the order above; the logs print in that order anyway.
declare -A last=()
if [ -n "${TEST_TIMES:-}" ] && [ -r "$TEST_TIMES" ]; then
	while IFS=$'\t' read -r s n; do
		[[ $s =~ ^[0-9]+$ ]] && last[$n]=$s
	done <"$TEST_TIMES"
fi
order=()
for i in "${!names[@]}"; do
	case ${runs[i]} in */fuzz.sh | */mash.sh) order+=("$i") ;; esac
done
while read -r _ i; do order+=("$i"); done < <(
	for i in "${!names[@]}"; do
		case ${runs[i]} in */fuzz.sh | */mash.sh) continue ;; esac
		printf '%s %s\n' "${last[${names[i]}]:-999999}" "$i"
	done | sort -s -k1,1nr)

# failed_any: a suite that has ended failed (-i looks before starting one).
failed_any() {
	local d p f
	for d in "$logs"/*.done; do
		[ -e "$d" ] || continue
		read -r p f _ <"$d"
		[ "$f" -gt 0 ] && return 0
	done
	return 1
}
not_run=0
for i in "${order[@]}"; do
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
		wait -n
		flush
	done
	if [ "$immediate" = 1 ] && failed_any; then
		not_run=$((not_run + 1))
		touch "$logs/$i.notrun"
		echo "0 0 0 0 0" >"$logs/$i.done"
		continue
	fi
	run_suite "$i" &
done
wait
flush
[ "$not_run" -eq 0 ] ||
	echo "stopped after the first failure (-i), in $failed_suite: $not_run suites not run"

# The tenths of a second each suite took, for the next run's order: written
# whole to a temporary beside the file, then renamed over it.
if [ -n "${TEST_TIMES:-}" ]; then
	for i in "${!names[@]}"; do
		[ -e "$logs/$i.notrun" ] && continue
		read -r _ _ s _ <"$logs/$i.done"
		printf '%s\t%s\n' "${s/./}" "${names[i]}"
	done >"$TEST_TIMES.tmp" && mv "$TEST_TIMES.tmp" "$TEST_TIMES"
fi

[ -z "${left:-}" ] ||
	echo "left out by QUICK=1 (make check; make test runs them):$left"
echo "$passed passed, $failed failed$(skips "$skipped")"
[ "$failed" -eq 0 ] && [ "$not_run" -eq 0 ]
