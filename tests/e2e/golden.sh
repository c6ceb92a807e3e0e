#!/usr/bin/env bash
# Golden snapshot tests: every case of tests/golden/cases.txt rendered with
# --snapshot and compared byte for byte with tests/golden/NAME.txt.
# UPDATE_GOLDEN=1 rewrites the golden files instead (review the diff).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
dir=$here/golden
fails=0
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT

while read -r name args; do
	case $name in ''|'#'*) continue ;; esac
	# shellcheck disable=SC2086 # the arguments are words on purpose
	if ! LC_ALL=C.UTF-8 NO_COLOR= "$PESCOPE" --snapshot --color never $args >"$tmp" 2>&1; then
		echo "not ok golden $name: pescope failed: $(head -c 300 "$tmp")"
		fails=$((fails + 1))
		continue
	fi
	if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
		cp "$tmp" "$dir/$name.txt"
		echo "ok golden $name (updated)"
	elif cmp -s "$tmp" "$dir/$name.txt"; then
		echo "ok golden $name"
	else
		echo "not ok golden $name: differs from tests/golden/$name.txt"
		diff "$dir/$name.txt" "$tmp" | head -n 20 | sed 's/^/#   /'
		fails=$((fails + 1))
	fi
done <"$dir/cases.txt"
[ "$fails" -eq 0 ]
