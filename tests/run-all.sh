#!/usr/bin/env bash
# Runs every test suite and ends with one line "N passed, N failed".
#   $PESCOPE  the binary under test (absolute path)
#   $UNIT     the Criterion unit-test binary (absolute path)
# Suites: the Criterion unit tests, then each tests/e2e/*.sh script. A script
# prints "ok NAME" / "not ok NAME" lines (TAP-like) and exits non-zero on failure.
# `make test` sets more, each adding a suite:
#   $MASH       the key-mash driver: tests/stress/mash.sh (with $MASH_EVENTS)
#   $FUZZ_DIR   the folder of fuzz targets: tests/fuzz/fuzz.sh ($FUZZ_SECONDS)
#   $SAN_PESCOPE, $SAN_UNIT   the sanitizer builds: the unit and e2e suites
#               run again on them, and their counts join the summary
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${PESCOPE:?set PESCOPE to the binary under test}"
: "${UNIT:?set UNIT to the unit-test binary}"
export PESCOPE
passed=0 failed=0

# Criterion prints "Synthesis: Tested: N | Passing: N | Failing: N | Crashing: N".
log=$(mktemp); trap 'rm -f "$log"' EXIT
"$UNIT" --jobs 2 2>&1 | tee "$log"
syn=$(grep -a 'Synthesis:' "$log" | tail -n 1)
if [ -n "$syn" ]; then
	p=$(sed -E 's/.*Passing: ([0-9]+).*/\1/' <<<"$syn")
	f=$(sed -E 's/.*Failing: ([0-9]+).*/\1/' <<<"$syn")
	c=$(sed -E 's/.*Crashing: ([0-9]+).*/\1/' <<<"$syn")
	passed=$((passed + p)); failed=$((failed + f + c))
else
	echo "unit tests did not report a synthesis" >&2
	failed=$((failed + 1))
fi

suites=("$here"/e2e/*.sh)
[ -n "${MASH:-}" ] && suites+=("$here/stress/mash.sh")
[ -n "${FUZZ_DIR:-}" ] && suites+=("$here/fuzz/fuzz.sh")
for t in "${suites[@]}"; do
	[ -e "$t" ] || continue
	echo "== $(basename "$t")"
	bash "$t" >"$log" 2>&1
	rc=$?
	cat "$log"
	p=$(grep -ac '^ok ' "$log"); f=$(grep -ac '^not ok ' "$log")
	passed=$((passed + p)); failed=$((failed + f))
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok $(basename "$t") exited $rc"
		failed=$((failed + 1))
	fi
done

if [ -n "${SAN_PESCOPE:-}" ]; then
	echo "== the unit and e2e suites again under AddressSanitizer + UBSan"
	PESCOPE=$SAN_PESCOPE UNIT=${SAN_UNIT:?} SAN_PESCOPE= MASH= FUZZ_DIR= \
		bash "$0" 2>&1 | tee "$log"
	sum=$(grep -aE '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
	if [ -n "$sum" ]; then
		p=${sum%% *}; f=${sum#*, }; f=${f%% *}
		passed=$((passed + p)); failed=$((failed + f))
	else
		echo "not ok the sanitizer suites gave no summary"
		failed=$((failed + 1))
	fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
