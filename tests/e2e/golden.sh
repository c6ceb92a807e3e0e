#!/usr/bin/env bash
# Golden snapshot tests: every case of tests/golden/cases.txt rendered with
# --snapshot and compared byte for byte with tests/golden/NAME.txt.
# UPDATE_GOLDEN=1 rewrites the golden files instead (review the diff).
# With NAMEs (golden.sh NAME...), only those cases run. A
# failure names the row and column of the first difference, shows diff -u
# and the command that rewrites that golden (golden.bash).
set -u
TAP_PREFIX=golden
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
source "$(dirname "${BASH_SOURCE[0]:-$0}")/golden.bash"
here=$(cd "$(dirname "$0")/.." && pwd)
dir=$here/golden
out=$tmp/out
# {matrix} in a case's arguments: a small GPT-2-like learned matrix that
# NumPy writes here (tests/e2e/load_ref.py synthetic), for --load
if ! "$PY" "$here/e2e/load_ref.py" synthetic "$tmp/wpe.npy" 128 32; then
	not_ok "NumPy writes the test matrix" "install python3-numpy (make check does)"
fi

while read -r name args; do
	case $name in ''|'#'*) continue ;; esac
	[ $# -eq 0 ] || [[ " $* " == *" $name "* ]] || continue
	args=${args//\{matrix\}/$tmp/wpe.npy}
	# shellcheck disable=SC2086 # the arguments are words on purpose
	if ! LC_ALL=C.UTF-8 NO_COLOR= "$PESCOPE" --snapshot --color never $args >"$out" 2>&1; then
		not_ok "$name" "pescope failed: $(head -c 300 "$out")"
		continue
	fi
	if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
		cp "$out" "$dir/$name.txt"
		ok "$name (updated)"
	elif cmp -s "$out" "$dir/$name.txt"; then
		ok "$name"
	else
		not_ok "$name" "differs from tests/golden/$name.txt"
		golden_explain "$dir/$name.txt" "$out" \
			"UPDATE_GOLDEN=1 PESCOPE=\$PWD/pescope tests/e2e/golden.sh $name"
	fi
done <"$dir/cases.txt"
finish
