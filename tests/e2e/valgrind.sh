#!/usr/bin/env bash
# valgrind.sh - memcheck of the real binary $PESCOPE: snapshots of every
# view, dumps, --vector and scripted sessions (views, mouse, resizes, a bad
# line) read nothing uninitialised, touch nothing out of bounds and leak
# nothing for certain, and exit with their documented status. Normal build
# only: valgrind and ASan do not mix.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs valgrind
: "${PESCOPE:?set PESCOPE to the binary under test}"
here=$(cd "$(dirname "$0")" && pwd)
export LC_ALL=C.UTF-8

mapfile -t VIEWS < <("$PESCOPE" --list views)	# every view, in key order
sanitized=0
grep -qa '__asan_init' "$PESCOPE" && sanitized=1

# vg NAME STATUS ARGS...: memcheck finds no invalid access and no definite
# leak (it would exit 99), and pescope exits with STATUS.
vg() {
	local name=$1 want=$2 rc
	shift 2
	valgrind -q --error-exitcode=99 --errors-for-leak-kinds=definite \
		--leak-check=full "$PESCOPE" "$@" >"$tmp/out" 2>"$tmp/vg"
	rc=$?
	if [ "$rc" = "$want" ]; then
		ok "valgrind: $name"
	else
		not_ok "valgrind: $name" "status $rc: $(grep -m 5 '==[0-9]*== [A-Z]' "$tmp/vg" | tr '\n' ' ')"
	fi
}
if [ "$sanitized" = 1 ]; then
	echo "# skipped: valgrind (sanitizer build)"
else
	for v in "${VIEWS[@]}"; do
		vg "--snapshot --view $v" 0 --snapshot --view "$v" --size 120x40 -d 256 -n 5000 -p 77
	done
	vg "--snapshot --color always --ascii" 0 --snapshot --color always --ascii --size 100x30
	vg "--dump csv" 0 --dump csv -n 50 -d 16
	vg "--dump npy -o FILE" 0 --dump npy -n 50 -d 16 -o "$tmp/vg.npy"
	vg "--dump npy to a missing folder" 73 --dump npy -n 5 -d 4 -o "$tmp/no/x.npy"
	if "$PESCOPE" --vector 3 >/dev/null 2>&1; then
		vg "--vector 3" 0 --vector 3 -d 64
	fi
	vg "--keys, every view" 0 --keys "$here/../keys/views.keys" --snapshot --size 100x30
	{
		for v in 1 2 3 4 5 6 7 8; do echo "key $v"; echo "key x"; echo "click 10 5"; done
		echo "resize 60 20"; echo "wheel up 20 8"; echo "cmd base 5e5"
	} >"$tmp/vg.keys"
	vg "--keys, views, mouse, resize" 0 --keys "$tmp/vg.keys" -d 128 -n 3000
	vg "--keys ... --export FILE.cast (a recording, resized)" 0 --keys "$tmp/vg.keys" -d 128 -n 3000 --export "$tmp/vg.cast"
	printf 'key l\nkey Lefty\n' >"$tmp/bad-cast.keys"
	vg "--keys --export FILE.cast with a bad line" 65 --keys "$tmp/bad-cast.keys" --export "$tmp/bad.cast"
	printf 'key l\nkey Lefty\nkey l\n' >"$tmp/bad.keys"
	vg "--keys with a bad line" 65 --keys "$tmp/bad.keys"
fi

finish
