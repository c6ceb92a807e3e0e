# tap.bash - what every end-to-end script shares. Source it first thing.
#
#   ok NAME                 print "ok NAME"
#   not_ok NAME [WHY]       print "not ok NAME # WHY" and count a failure
#   check NAME COMMAND...   ok when COMMAND succeeds, else not_ok
#   at_exit COMMAND         run COMMAND (a string) when the script ends
#   finish                  end the script: status 0 when nothing failed
#   $tmp                    a scratch folder of the script's own, removed
#                           at the end with everything at_exit was given
#   $PY                     the Python of the test packages: Debian's
#                           /usr/bin/python3, whose python3-numpy and
#                           python3-pyte make deps-test installs ($PYTHON
#                           instead when set, python3 where there is none)
#
# TAP_PREFIX, when set before sourcing, starts every name ("keys ...").
# tests/run-all.sh counts the "not ok" lines and the exit status.
set -u
PY=${PYTHON:-/usr/bin/python3}
[ -x "$PY" ] || PY=python3
tap_failures=0
tap_cleanups=()
tmp=$(mktemp -d)
trap 'for tap_c in "${tap_cleanups[@]}"; do eval "$tap_c"; done; rm -rf "$tmp"' EXIT

ok() { echo "ok ${TAP_PREFIX:+$TAP_PREFIX }$1"; }
not_ok() {
	echo "not ok ${TAP_PREFIX:+$TAP_PREFIX }$1${2:+ # $2}"
	tap_failures=$((tap_failures + 1))
}
check() {
	local name=$1
	shift
	if "$@"; then ok "$name"; else not_ok "$name"; fi
}
at_exit() { tap_cleanups+=("$1"); }
finish() { exit $((tap_failures > 0)); }
