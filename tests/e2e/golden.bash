# golden.bash - how a failing golden comparison explains itself; sourced by
# golden.sh and keys.sh after tap.bash.
#
#   golden_explain WANT GOT UPDATE   prints, each line as "#   ...": the row
#                  and column of the first difference with the two
#                  characters (tests/tools/first_diff.py), the first 30
#                  lines of `diff -u WANT GOT`, and the command UPDATE that
#                  rewrites the golden once the new screen has been looked
#                  at.
golden_explain() {
	local want=$1 got=$2 update=$3
	{
		"$PY" "$(dirname "${BASH_SOURCE[0]}")/../tools/first_diff.py" "$want" "$got"
		diff -u --label "$want (golden)" --label "the screen now" "$want" "$got" |
			head -n 30
		echo "after looking at the new screen, accept it with: $update"
	} | sed 's/^/#   /'
}
