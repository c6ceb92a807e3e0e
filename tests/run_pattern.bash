# run_pattern.bash - the --run=PATTERN of tests/run-all.sh (which suites)
# and of tests/e2e/tap.bash (which checks of a script), as git's test
# library takes it. Source it.
#
#   run_matches PATTERNS NAME   whether NAME matches one of PATTERNS: shell
#                               globs separated by commas, a word without
#                               * ? [ matching anywhere in the name; an
#                               empty PATTERNS matches every name
run_matches() {
	local pat
	[ -z "$1" ] && return 0
	while IFS= read -r -d , pat; do
		case $pat in *[*?[]*) ;; *) pat="*$pat*" ;; esac
		# shellcheck disable=SC2053 # a glob, on purpose
		[[ $2 == $pat ]] && return 0
	done <<<"$1,"
	return 1
}
