#!/usr/bin/env bash
# The mla view: its numbers (the KV cache a token costs under MHA, GQA and
# MLA, DeepSeek-V3's head split, Llama 4's iRoPE layers and temperature)
# against tests/e2e/mla_ref.py, which computes them from the published
# configs with NumPy; each part alone on a small screen, in both languages.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs py:numpy
export LC_ALL=C.UTF-8
P=${PESCOPE:-./pescope}
REF=$(dirname "${BASH_SOURCE[0]:-$0}")/mla_ref.py

for part in fold split cache irope; do
	"$P" --snapshot --view mla --size 80x24 --set "part=$part" \
		>"$tmp/$part.txt"
done
"$P" --snapshot --view mla --size 120x40 >"$tmp/big.txt"
check "at 120x40 and one part at a time at 80x24, the numbers match NumPy" \
	"$PY" "$REF" "$tmp/big.txt" "$tmp/fold.txt" "$tmp/split.txt" \
	"$tmp/cache.txt" "$tmp/irope.txt"
check "at 80x24 the fold shows the two chains of boxes with their shapes" \
	grep -q "1536×128" "$tmp/fold.txt"
check "... and the rotation between W_UQ and W_UK" \
	grep -q "128×128" "$tmp/fold.txt"
check "... and names its part and the key to the next" \
	grep -q "1/4, s: next" "$tmp/fold.txt"
check "at 80x24 the split names DeepSeek's two widths" \
	grep -q "q_R 64" "$tmp/split.txt"
check "at 80x24 the cache part shows MLA's 68.6 KiB" \
	grep -q "68.6 KiB" "$tmp/cache.txt"
check "at 80x24 the iRoPE part shows the layers" \
	grep -q "■■■□■■■□" "$tmp/irope.txt"

"$P" --snapshot --view mla --size 120x40 --lang zh >"$tmp/zh.txt"
check "in Chinese the cache line speaks Chinese" \
	grep -q "每个词元占用的 KV 缓存" "$tmp/zh.txt"
check "... and shows the same bytes" grep -q "68.6 KiB" "$tmp/zh.txt"

run_status "an unknown part is a usage error" 64 \
	"$P" --snapshot --view mla --set part=sideways
