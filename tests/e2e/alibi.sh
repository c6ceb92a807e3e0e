#!/usr/bin/env bash
# ALiBi's slopes against the paper's own code: get_slopes of Press et al.
# 2022 (ofirpress/attention_with_linear_biases,
# fairseq/models/transformer.py), ported below line for line, for every
# head h of H = 1 .. 64 heads, to 1e-12; then the attention view's score
# panel at H = 12 and 64 names the first head's slope as get_slopes has it.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
export LC_ALL=C.UTF-8
: "${UNIT:?set UNIT to the unit-test binary}"

if ALIBI_DUMP=$tmp/dump "$UNIT" --filter 'attention/alibi_slopes_follow_get_slopes' \
	>"$tmp/unit.log" 2>&1 && [ -s "$tmp/dump" ]; then
	ok "the unit binary dumps the slopes"
else
	not_ok "the unit binary dumps the slopes" "$(tail -n 3 "$tmp/unit.log")"
	finish
fi

REF='
import math, sys

def get_slopes(n):
    def get_slopes_power_of_2(n):
        start = (2**(-2**-(math.log2(n)-3)))
        ratio = start
        return [start*ratio**i for i in range(n)]
    if math.log2(n).is_integer():
        return get_slopes_power_of_2(n)
    closest_power_of_2 = 2**math.floor(math.log2(n))
    return (get_slopes_power_of_2(closest_power_of_2)
            + get_slopes(2*closest_power_of_2)[0::2][:n-closest_power_of_2])

rows, worst = 0, 0.0
for line in open(sys.argv[1]):
    n, h, m = line.split()
    want = get_slopes(int(n))[int(h) - 1]
    worst = max(worst, abs(float(m) - want) / want)
    rows += 1
if rows != 64 * 65 // 2 or worst > 1e-12:
    sys.exit("%d rows, worst relative error %g" % (rows, worst))
'
if msg=$("$PY" -c "$REF" "$tmp/dump" 2>&1); then
	ok "every slope of H = 1 .. 64 heads is get_slopes's to 1e-12"
else
	not_ok "every slope of H = 1 .. 64 heads is get_slopes's to 1e-12" "$msg"
fi

# shows HEADS SLOPE: the score panel at H heads says "ALiBi, m = SLOPE".
shows() {
	printf 'cmd view attention\ncmd heads %s\ncmd zoom scores 100x30\n' "$1" >"$tmp/k.keys"
	if "$PESCOPE" --keys "$tmp/k.keys" --size 100x30 --snapshot >"$tmp/s.txt" 2>&1 &&
		grep -q "ALiBi, m = $2\b" "$tmp/s.txt"; then
		ok "at H = $1 the score panel's ALiBi slope is $2"
	else
		not_ok "at H = $1 the score panel's ALiBi slope is $2" "$(grep -o 'ALiBi, m = [^ ]*' "$tmp/s.txt" | head -n 1)"
	fi
}
shows 12 0.5
shows 5 0.25
shows 64 0.917

# The formula under ALiBi's matrix (the zoomed panel at 120x40) names the
# power of two the first slope comes from: 2^(-8/8) at H = 12.
printf 'cmd view attention\ncmd heads 12\nkey F\n' >"$tmp/k.keys"
"$PESCOPE" --keys "$tmp/k.keys" --size 120x40 --snapshot >"$tmp/s.txt" 2>&1
check "at H = 12 the formula under ALiBi is 2^(-8/8), head 1 of 12" \
	grep -q "m = 2^(-8/8): head 1 of 12" "$tmp/s.txt"
finish
