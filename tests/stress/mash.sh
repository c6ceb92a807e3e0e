#!/usr/bin/env bash
# mash.sh - the key mash (mash.c) as a test suite: prints "ok ..." or
# "not ok ..." and exits non-zero on failure.
#   $MASH         the driver, built with the sanitizers (make stress / test)
#   $MASH_EVENTS  events to send (default 1000000)
#   $MASH_SEED    the seed (default: from the clock, printed to reproduce)
#   $MASH_EVERY   draw a frame every N events (default 5)
# A run that takes more than $MASH_TIMEOUT seconds (default 3600) counts as a
# hang. Sanitizer reports make the driver fail, and are shown.
set -u
: "${MASH:?set MASH to the mash driver}"
events=${MASH_EVENTS:-1000000}
seed=${MASH_SEED:-$(date +%s)}
every=${MASH_EVERY:-5}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

name="key mash: $events events, seed $seed, a frame every $every"
ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
	timeout "${MASH_TIMEOUT:-3600}" "$MASH" -n "$events" -s "$seed" \
	-e "$every" >"$log" 2>&1
rc=$?
if [ "$rc" -eq 0 ] && ! grep -q 'runtime error\|Sanitizer' "$log"; then
	echo "ok $name ($(sed -n 's/.*frames, //p' "$log"))"
	exit 0
fi
head -c 20000 "$log" | sed 's/^/# /'
[ "$rc" -eq 124 ] && echo "# timed out after ${MASH_TIMEOUT:-3600} s"
echo "not ok $name (status $rc; reproduce: $MASH -n $events -s $seed -e $every)"
exit 1
