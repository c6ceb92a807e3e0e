#!/usr/bin/env bash
# fuzz.sh - every libFuzzer target for a bounded time, as a test suite: one
# "ok fuzz NAME ..." or "not ok fuzz NAME ..." line per target, and a
# non-zero exit status when any failed.
#   $FUZZ_DIR      the folder holding the built targets fuzz_NAME (make fuzz)
#   $FUZZ_SECONDS  how long each runs (default 60)
# Each target starts from its seeds in tests/fuzz/corpus/NAME/ (read only:
# what it finds goes to a scratch folder, so the tree stays as it was). A
# crash, a sanitizer report, a leak or a run of one input that takes longer
# than 10 s fails the target; the input is kept in
# $FUZZ_DIR/artifacts/ and its path printed, to replay with
# "$FUZZ_DIR/fuzz_NAME FILE".
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${FUZZ_DIR:?set FUZZ_DIR to the folder of the built fuzz targets}"
secs=${FUZZ_SECONDS:-60}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$FUZZ_DIR/artifacts"
failed=0
found=0

for bin in "$FUZZ_DIR"/fuzz_*; do
	case $bin in *.d | *.o) continue ;; esac
	[ -x "$bin" ] || continue
	found=1
	name=${bin##*/fuzz_}
	seeds=$here/corpus/$name
	mkdir -p "$work/$name"
	[ -d "$seeds" ] || seeds=
	log=$work/$name.log
	# -rss_limit_mb: the sanitizers' shadow memory counts too.
	"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=4096 \
		-max_len=4096 -print_final_stats=1 \
		-artifact_prefix="$FUZZ_DIR/artifacts/$name-" \
		"$work/$name" ${seeds:+"$seeds"} >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	cov=$(grep -a -o 'cov: [0-9]*' "$log" | tail -n 1)
	if [ "$rc" -eq 0 ]; then
		echo "ok fuzz $name: ${runs:-?} runs in ${secs} s, ${speed:-?}/s, ${cov:-cov: ?}"
	else
		grep -a -m 40 -E 'ERROR|runtime error|broken|SUMMARY|Test unit written|#[0-9]+ ' "$log" \
			| grep -av '^#[0-9]* *\(INITED\|NEW\|REDUCE\|pulse\)' | sed 's/^/# /'
		echo "not ok fuzz $name (status $rc)"
		failed=1
	fi
done
if [ "$found" = 0 ]; then
	echo "not ok fuzz: no targets in $FUZZ_DIR (make fuzzers FUZZ=1 BUILD=...)"
	exit 1
fi
exit "$failed"
