#!/usr/bin/env bash
# Runs every test suite and ends with one line "N passed, N failed".
#   $PESCOPE  the binary under test (absolute path)
#   $UNIT     the Criterion unit-test binary (absolute path)
# Suites: the Criterion unit tests, then each tests/e2e/*.sh script. A script
# prints "ok NAME" / "not ok NAME" lines (TAP-like) and exits non-zero on failure.
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

for t in "$here"/e2e/*.sh; do
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

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
