#!/usr/bin/env bash
# --load FILE[:TENSOR]: learned position matrices from .npy (every float
# dtype, both byte orders, C and Fortran order) and .safetensors (F16,
# BF16, F32, F64) against NumPy (tests/e2e/load_ref.py, which writes the
# files and reads them back on its own): the values (--dump csv), the
# similarity cos(M[p], M[p+k]) from -p, the wave of -i and each
# dimension's dominant DFT period (--dump-series wavelengths); the 2-D
# tensors listed when none is named; and every bad input with its exit
# status and its one line.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
export LC_ALL=C.UTF-8
here=$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")" && pwd)
P=$(cd "$(dirname "${PESCOPE:-./pescope}")" && pwd)/$(basename "${PESCOPE:-./pescope}")

if ! "$PY" -c 'import numpy' 2>/dev/null; then
	not_ok "NumPy available for cross-checks" "install python3-numpy (make check does)"
	exit 1
fi
cd "$tmp" || exit 1
pre=(env)
mapfile -t args < <("$PY" "$here/load_ref.py" write .)

# agree ARG WHAT KIND N PESCOPE-ARGS...: pescope's numbers (the CSV's last
# column, or every value of a --dump csv) within 1e-12 of load_ref.py's
# KIND N; the largest difference is printed for the report. The checks are
# queued and load_ref.py compares them all at once (compare_all).
queued=() names=()
agree() {
	local arg=$1 what=$2 kind=$3 n=$4 got=got.${#queued[@]}.csv
	shift 4
	if ! "$P" --load "$arg" "$@" >"$got" 2>err; then
		not_ok "$arg: $what" "$(cat err)"
		return
	fi
	queued+=("$got $arg $kind $n") names+=("$arg: $what")
}
compare_all() {
	local i=0 verdict diff
	while read -r verdict diff; do
		if [ "$verdict" = ok ]; then
			ok "${names[i]} match NumPy within 1e-12 (largest $diff)"
		else
			not_ok "${names[i]} match NumPy within 1e-12" "$diff"
		fi
		i=$((i + 1))
	done < <(printf '%s\n' "${queued[@]}" | "$PY" "$here/load_ref.py" compare)
	check "every queued comparison answered" test "$i" -eq "${#queued[@]}"
}
for a in "${args[@]}"; do
	agree "$a" "values" values 0 --dump csv
	agree "$a" "similarity from -p 5" similarity 5 --dump-series similarity -p 5
	agree "$a" "wave of -i 3" wave 3 --dump-series wave -i 3
	agree "$a" "dominant periods" periods 0 --dump-series wavelengths
done
compare_all
# the matrix goes out as the formula's does: npy back to NumPy, exactly
if "$P" --load mlef4F.npy --dump npy -o back.npy 2>err &&
   "$PY" -c 'import sys, numpy as np; sys.exit(not (np.load("back.npy") == np.load("mlef4F.npy").astype("f8")).all())'; then
	ok "--dump npy of a loaded matrix reads back equal in NumPy"
else
	not_ok "--dump npy of a loaded matrix reads back equal in NumPy" "$(cat err)"
fi

# The explorer on the matrix (--snapshot draws the explorer's frame):
# what the inspector, the colour bar and the spectrum print, against
# load_ref.py's NumPy. The screen prints 6 significant digits (the bar 2,
# the periods 4), so the figures agree to that.
# sig GOT WANT DIGITS: GOT equals WANT printed to DIGITS significant
# digits (as %.{DIGITS}g), trailing zeros aside.
sig() {
	"$PY" -c 'import sys
got, want, n = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
sys.exit(not float(got) == float("%.*g" % (n, want)))' "$1" "$2" "$3"
}
m=mlef8C.npy
"$PY" "$here/load_ref.py" ref $m values >values
"$PY" "$here/load_ref.py" ref $m norms >norms
for pi in "5 3" "0 0" "63 15" "31 8"; do
	set -- $pi
	"$P" --load $m --snapshot --size 120x40 -p "$1" -i "$2" >snap 2>err
	check "explorer on $m at p=$1 i=$2: exit 0" test $? -eq 0
	got=$(sed -n "s/.*M\[$1\]\[$2\] = \([^ ]*\)   loaded from $m.*/\1/p" snap)
	want=$(sed -n "$(($1 * 16 + $2 + 1))p" values)
	check "the inspector's M[$1][$2] = $got is NumPy's $want to 6 digits" \
		sig "${got:-x}" "$want" 6
	got=$(sed -n "s/.*‖M\[$1\]‖ = \([^ │]*\).*/\1/p" snap)
	want=$(sed -n "$(($1 + 1))p" norms)
	check "the inspector's row norm |M[$1]| = $got is NumPy's $want to 6 digits" \
		sig "${got:-x}" "$want" 6
done
want=$("$PY" "$here/load_ref.py" ref $m absmax)
got=$(sed -n 's/.*#+\([0-9.]*\) .*/\1/p' snap)
check "the colour bar's top +$got is NumPy's max|M| $want to 2 digits" \
	sig "${got:-x}" "$want" 2
check "the status line names the file" grep -qF " $m  d_model=16 len=64 pos=31 dim=8" snap
check "the heatmap's title names the file" grep -qF "Heatmap M[pos][dim] of $m" snap
"$PY" "$here/load_ref.py" ref $m periods >periods
for i in 0 5 11 15; do
	"$P" --load $m --snapshot --size 100x30 --view spectrum -i $i >snap 2>&1
	got=$(sed -n "s/.*dim $i: period \([^ ]*\) positions.*/\1/p" snap)
	want=$(sed -n "$((i + 1))p" periods)
	check "spectrum: dim $i's period $got is NumPy's rfft argmax L/k = $want to 4 digits" \
		sig "${got:-x}" "$want" 4
done

# The heatmap's pixels are exact means, as the formula's are; its title
# says what the crosshair's pixel averages and the mean's value, which
# NumPy's mean of that block gives (to the 4 digits shown): one value on
# a 64-position matrix, 10 positions of one dimension on 1000, and
# positions by every 2nd dimension on a 1000 x 64 matrix.
"$PY" -c 'import numpy as np; r = np.random.default_rng(7); np.save("wide.npy", r.standard_normal((1000, 64)))'
for case in "mlef8C.npy 31 8" "len1000.npy 500 6" "wide.npy 321 9"; do
	set -- $case
	"$P" --load "$1" --snapshot --size 120x40 -p "$2" -i "$3" >snap 2>err
	cap=$(sed -n '2s/.*▶ this pixel: //p' snap | sed 's/ ─.*//')
	if "$PY" - "$1" "$cap" <<'PYEOF'
import re, sys, numpy as np
m = np.load(sys.argv[1]).astype(float)
g = re.fullmatch(r"(?:the mean of )?M\[(\d+)(?:–(\d+))?\]\[(\d+)(?:–(\d+) every 2nd)?\] = (\S+?)(, one value)?", sys.argv[2])
a, b, c, d, v = g.group(1), g.group(2) or g.group(1), g.group(3), g.group(4) or g.group(3), g.group(5)
want = m[int(a):int(b) + 1, int(c):int(d) + 1:2 if g.group(4) else 1].mean()
sys.exit(not float(v) == float("%.4g" % want))
PYEOF
	then
		ok "heatmap of $1 at p=$2 i=$3: \"$cap\" is NumPy's mean of that block"
	else
		not_ok "heatmap of $1 at p=$2 i=$3: its pixel's mean is NumPy's" "${cap:-no caption}"
	fi
done
# A fast column's waves show their oscillation: a window around -p of
# at least two of the column's periods (NumPy's rfft peak, to the 3
# digits the title shows), narrower than the matrix.
"$PY" "$here/load_ref.py" ref len1000.npy periods >periods
for i in 2 9 14; do
	"$P" --load len1000.npy --snapshot --size 120x40 -p 500 -i $i >snap 2>err
	t=$(sed -n "s/.*Waves M\[q\]\[$i\] and M\[q\]\[[0-9]*\], q \([0-9]*\)–\([0-9]*\): period \([^ ]*\) .*/\1 \2 \3/p" snap)
	want=$(sed -n "$((i + 1))p" periods)
	if [ -n "$t" ] && "$PY" - $t "$want" <<'PYEOF'
import sys
a, b, per, want = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
sys.exit(not (per == float("%.3g" % want) and a <= 500 <= b and b - a + 1 >= 2 * want and b - a + 1 < 1000))
PYEOF
	then
		ok "waves of dim $i (period $want): a window of its own, q ${t% *}"
	else
		not_ok "waves of dim $i (period $want): a window of two periods or more around p" "$(sed -n 16p snap)"
	fi
done

# The waves say which colour is which column: a legend row names the
# selected dimension and its neighbour at 80x24 too, where the title has
# room for one.
"$P" --load $m --snapshot --size 80x24 -p 5 -i 6 >snap 2>err
check "waves at 80x24: the legend names dim 6 and dim 7" \
	grep -qE "^│dim 6  dim 7( |$)" snap

# Where a cosine is undefined (a row of zeros has no direction) the
# similarity says so: no curve from a zero row p, and rows of zeros left
# out of the curve's means, in the title at 120x40 and 80x24. Elsewhere
# the dotted zero line shows where the similarity turns negative.
"$PY" -c 'import numpy as np
m = np.load("mlef8C.npy"); m[3] = 0; m[40] = 0; np.save("zrow.npy", m)'
for case in "120x40 3 Similarity: M[3] is all zeros, no direction, no cosine" \
	    "80x24 3 M[3] = 0: no cosine" \
	    "120x40 10 Similarity cos(M[10], M[q]), rows of zeros left out" \
	    "80x24 10 cos(M[10], M[q]), zero rows out"; do
	set -- $case
	size=$1 p=$2
	shift 2
	"$P" --load zrow.npy --snapshot --size "$size" -p "$p" >snap 2>err
	check "similarity at $size from p=$p of a matrix with zero rows: \"$*\"" \
		grep -qF "┌ $* ─" snap
done
"$P" --load $m --snapshot --size 80x24 -p 5 >snap 2>err
check "similarity at 80x24: the dotted zero line" grep -qE "││ +0 [^ ]*·" snap

# The heatmap's pixels stay means; where a pixel covers several positions
# its axis line says that fast columns fade to grey in them (issue 35's
# glance review), and not where each pixel is one value.
"$P" --load len1000.npy --snapshot --size 80x24 >snap 2>err
check "heatmap of 1000 positions at 80x24: fast waves fade to grey, it says" \
	grep -qF "a pixel is a mean: fast waves fade to grey" snap
"$P" --load $m --snapshot --size 120x40 >snap 2>err
check "heatmap of 64 positions at 120x40, a value a pixel: no such line" \
	bash -c '! grep -qF "fade to grey" snap'

# The keys that would change d_model, base, the length or the layout are
# refused with one line, and the state stays as the file set it; views of
# the formula alone are refused, Tab skips them.
for k in "key ]" "key [" "key }" "key ." "key ," "key >" "key =" "key -" "key +" "key t" "cmd d 64" \
	 "cmd len 10" "cmd base 500" "cmd preset head-5e5"; do
	printf '%s\n' "$k" >k.keys
	"$P" --load $m --keys k.keys --snapshot --size 80x24 >snap 2>err
	rc=$?
	if [ $rc -eq 0 ] && [ "$(tail -1 snap)" = "$m  d_model=16 len=64 pos=0 dim=0" ] &&
	   sed -n 24p snap | grep -qF "$m fixes d_model and the length; a learned matrix has no base"; then
		ok "\"$k\" with --load: refused in one line, state unchanged"
	else
		not_ok "\"$k\" with --load: refused in one line, state unchanged" \
			"exit $rc: $(sed -n '24,25p' snap) $(head -c 200 err)"
	fi
done
printf 'key 3\n' >k.keys
"$P" --load $m --keys k.keys --snapshot --size 80x24 >snap 2>&1
check "a view of the formula alone is refused in one line" \
	grep -qF "view draws the formula only; explore, spectrum show $m" snap
printf 'key Tab\n' >k.keys
"$P" --load $m --keys k.keys --snapshot --size 80x24 >snap 2>&1
check "Tab goes from explore to spectrum, past the formula's views" \
	grep -qF "Spectrum: the dominant period of each dimension" snap
printf 'key Right\nkey Down\nkey Down\n' >k.keys
"$P" --load $m --keys k.keys --size 80x24 >snap 2>&1
check "position and dimension move within the matrix" \
	test "$(tail -1 snap)" = "$m  d_model=16 len=64 pos=1 dim=2"

# No tensor named: its 2-D tensors with their shapes, and exit 64.
"$P" --load model.safetensors --dump csv >out 2>err
check "no tensor named: exit 64" test $? -eq 64
check "no tensor named: its four 2-D tensors listed with their shapes" \
	test "$(cut -f1,2 out | paste -sd' ')" = \
	"pos.f16	64 x 16 pos.bf16	64 x 16 pos.f32	64 x 16 pos.f64	64 x 16"
check "no tensor named: one line says how to name one" \
	grep -qF "name one of its 2-D tensors: --load model.safetensors:TENSOR" err

# refused NAME STATUS TEXT ARG [PESCOPE-ARGS]: run after the words of
# ${pre[@]}, exits STATUS with one line
# on standard error holding TEXT, and writes nothing to standard output.
refused() {
	local name=$1 want=$2 text=$3 rc
	shift 3
	"${pre[@]}" "$P" --load "$@" </dev/null >out 2>err
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		not_ok "$name: exit $want" "got $rc: $(head -c 300 err)"
	elif [ "$(wc -l <err)" -ne 1 ] || ! grep -qF -- "$text" err; then
		not_ok "$name: one line with \"$text\"" "$(head -c 300 err)"
	elif [ -s out ]; then
		not_ok "$name: nothing on standard output"
	else
		ok "$name: exit $want, \"$text\""
	fi
}
# npy NAME DESCR SHAPE DATA-BYTES: a .npy file whose header says DESCR and
# SHAPE, followed by DATA-BYTES zero bytes.
npy() {
	"$PY" - "$@" <<'PYEOF'
import sys
name, descr, shape, nbytes = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
h = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)
h += " " * (-(len(h) + 11) % 64) + "\n"
open(name, "wb").write(b"\x93NUMPY\x01\x00" + len(h).to_bytes(2, "little") + h.encode() + bytes(nbytes))
PYEOF
}
# The --load argument is kept for :cmdline and :save (255 bytes): a longer
# one is refused, not kept cut.
refused "a --load path over 255 bytes" 64 "(a path of at most 255 bytes)" \
	"$(printf 'l%.0s' $(seq 300)).npy" --dump csv
npy shape-lie.npy '<f4' '(64, 16)' $((60 * 16 * 4))
refused "a .npy header that lies about its shape" 65 \
	"shape-lie.npy: 3840 bytes of data, but 64 x 16 '<f4' is 4096: its header lies" shape-lie.npy --dump csv
npy dtype-lie.npy '<f8' '(64, 16)' $((64 * 16 * 4))
refused "a .npy header that lies about its dtype" 65 \
	"dtype-lie.npy: 4096 bytes of data, but 64 x 16 '<f8' is 8192" dtype-lie.npy --dump csv
head -c 100 mlef4C.npy >cut.npy
refused "a .npy file truncated in its header" 65 \
	"cut.npy: truncated: its header is longer than the file" cut.npy --dump csv
head -c 2000 mlef4C.npy >cut2.npy
refused "a .npy file truncated in its data" 65 \
	"cut2.npy: 1872 bytes of data, but 64 x 16 '<f4' is 4096" cut2.npy --dump csv
npy overflow.npy '<f4' '(99999999999999999999999, 4)' 0
refused "a shape whose size overflows" 65 \
	"overflow.npy: its shape holds more than 2^31 values" overflow.npy --dump csv
npy huge.npy '<f2' '(65536, 32769)' 0
refused "a matrix above 2^31 cells" 65 \
	"huge.npy: its shape holds more than 2^31 values" huge.npy --dump csv
npy one.npy '<f4' '(16,)' 64
refused "a 1-D array" 65 "one.npy: a 1-D array, not the 2-D matrix" one.npy --dump csv
npy three.npy '<f4' '(2, 2, 2)' 32
refused "a 3-D array" 65 "three.npy: a 3-D array, not the 2-D matrix" three.npy --dump csv
npy ints.npy '<i4' '(2, 2)' 16
refused "an integer dtype" 65 "ints.npy: dtype '<i4', not one of <f2 <f4 <f8 >f2 >f4 >f8" ints.npy --dump csv
npy odd.npy '<f4' '(4, 3)' 48
refused "an odd width" 65 "odd.npy: 3 dimensions; --load takes an even number from 2 to 65536" odd.npy --dump csv
"$PY" -c 'import numpy as np; np.save("nan.npy", np.array([[1.0, 2.0], [np.nan, 4.0]]))'
refused "a NaN value" 65 "nan.npy: NaN at position 1, dimension 0" nan.npy --dump csv
printf 'not a matrix at all, but long enough' >text.npy
refused "a file of neither format" 65 "text.npy: its header's length" text.npy --dump csv

# st NAME JSON DATA-BYTES [N]: a .safetensors file with header JSON (its
# length N when given, else the true one) and DATA-BYTES zero bytes.
st() {
	"$PY" - "$@" <<'PYEOF'
import struct, sys
name, text, nbytes = sys.argv[1], sys.argv[2].encode(), int(sys.argv[3])
n = int(sys.argv[4]) if len(sys.argv) > 4 else len(text)
open(name, "wb").write(struct.pack("<Q", n) + text + bytes(nbytes))
PYEOF
}
st beyond.safetensors '{}' 0 1000
refused "a safetensors header length beyond the file" 65 \
	"beyond.safetensors: its header's length 1000 runs beyond the file's 10 bytes" beyond.safetensors:x --dump csv
st outside.safetensors '{"w": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}}' 8
refused "offsets outside the data" 65 \
	"outside.safetensors: tensor \"w\": data_offsets [0, 16] outside the 8 bytes of data" outside.safetensors:w --dump csv
st overlap.safetensors '{"a": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}, "b": {"dtype": "F32", "shape": [2, 2], "data_offsets": [8, 24]}}' 24
refused "overlapping tensors" 65 \
	"overlap.safetensors: tensors \"a\" and \"b\" overlap" overlap.safetensors:a --dump csv
st size.safetensors '{"a": {"dtype": "F64", "shape": [2, 2], "data_offsets": [0, 16]}}' 16
refused "a tensor whose bytes are not its shape's" 65 \
	"size.safetensors: tensor \"a\": 16 bytes, not what its shape and dtype F64 take" size.safetensors:a --dump csv
refused "a tensor name that does not exist" 65 \
	"model.safetensors: no tensor named \"wpe\" (--load model.safetensors lists them)" model.safetensors:wpe --dump csv
refused "a 1-D tensor" 65 "model.safetensors: a 1-D array" model.safetensors:bias --dump csv
st badjson.safetensors '{"a": {"dtype": "F32",
 "shape": [2, 2], }' 16
refused "malformed JSON in the header" 65 "badjson.safetensors:2:19:" badjson.safetensors:a --dump csv
st i64.safetensors '{"a": {"dtype": "I64", "shape": [2, 2], "data_offsets": [0, 32]}}' 32
refused "an integer tensor" 65 "i64.safetensors: tensor \"a\" is I64, not one of F16 BF16 F32 F64" i64.safetensors:a --dump csv
refused "a .npy file with a tensor named" 64 \
	"mlef4C.npy: a .npy file holds one matrix, not a tensor called \"w\"" mlef4C.npy:w --dump csv
refused "a missing file" 66 "missing.npy: cannot read: No such file or directory" missing.npy --dump csv
mkdir folder.npy
refused "a folder" 66 "folder.npy: is a folder, not a matrix file" folder.npy --dump csv
mkfifo fifo.npy
refused "a FIFO, without waiting for a writer" 66 "fifo.npy: not a regular file" fifo.npy --dump csv
refused "/dev/zero" 66 "/dev/zero: not a regular file" /dev/zero --dump csv
: >empty.npy
refused "an empty file" 65 "empty.npy: an empty file" empty.npy --dump csv
refused "--load with -d" 64 "--load FILE fixes d_model and the length" mlef4C.npy -d 64 --dump csv
refused "--load with -n" 64 "--load FILE fixes d_model and the length" mlef4C.npy -n 10 --dump csv
refused "-p beyond the matrix" 64 "--position must be below the matrix's 64 positions, got 64" \
	mlef4C.npy -p 64 --dump-series similarity
refused "-i beyond the matrix" 64 "--dim must be below the matrix's 16 dimensions, got 16" \
	mlef4C.npy -i 16 --dump-series wave
refused "--view of the formula alone" 64 \
	"--view clocks draws the formula only; with --load, use explore, spectrum" \
	mlef4C.npy --view clocks --snapshot
refused "--load with --lesson" 64 "--load FILE works without --lesson, --drill and --scene" \
	mlef4C.npy --lesson 1 --snapshot
refused "a series of the formula" 64 "--dump-series with --load writes wavelengths, similarity, wave" \
	mlef4C.npy --dump-series rope-bound
# the messages in Chinese: a locale called zh_CN.UTF-8 that is C.UTF-8
# inside, as cli_zh.sh makes one
loc=$(find /usr/lib/locale -maxdepth 1 -iname 'C.utf*8' -print -quit 2>/dev/null)
if [ -n "$loc" ] && mkdir loc && ln -s "$loc" loc/zh_CN.UTF-8; then
	pre=(env -u LC_ALL LOCPATH="$tmp/loc" LANG=zh_CN.UTF-8)
	refused "a Chinese message" 65 "one.npy：这是 1 维数组" one.npy --dump csv
else
	tap_skip "a Chinese message" "no C.UTF-8 locale to call zh_CN.UTF-8"
fi

finish
