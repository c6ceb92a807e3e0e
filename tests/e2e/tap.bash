# tap.bash - what every end-to-end script shares. Source it first thing.
#
#   ok NAME                 print "ok NAME"
#   not_ok NAME [WHY]       print "not ok NAME # WHY" and count a failure
#   check NAME COMMAND...   ok when COMMAND succeeds, else not_ok
#   run_status NAME STATUS CMD...
#                           run CMD (no input; stdout, stderr to $tmp/out,
#                           $tmp/err) for at most 10 s: ok when it exits
#                           with STATUS
#   refuses DIR STATUS TEXT CMD...
#                           run CMD in folder DIR (no input): ok when it
#                           exits with STATUS, prints nothing on stdout
#                           and one line holding TEXT on stderr, and
#                           leaves DIR as it was (no file, no temporary)
#   at_exit COMMAND         run COMMAND (a string) when the script ends
#   finish                  end the script: status 0 when nothing failed
#   $tmp                    a scratch folder of the script's own, removed
#                           at the end with everything at_exit was given
#   needs TOOL...           the script needs each TOOL: a command (python3
#                           means $PY), or py:MODULE, a module of $PY. One missing
#                           ends the script with "skip SCRIPT: needs TOOL"
#   has TOOL WHAT           whether TOOL is there for a part of the
#                           script (WHAT); if not, prints "skip WHAT:
#                           needs TOOL" and returns 1
#   $PY                     the Python of the test packages: Debian's
#                           /usr/bin/python3, whose python3-numpy and
#                           python3-pyte make deps-test installs ($PYTHON
#                           instead when set, python3 where there is none)
#
# A skip is not a failure on a developer's machine, which may lack a tool;
# under CI (CI=true), where the README's test command has installed every
# one, a skip is a failure ("not ok").
#
# Every script takes, as git's test library does (tap.bash reads them and
# removes them from the script's arguments, so "$@" holds the rest):
#   --run=PATTERN   only the checks whose names match PATTERN are printed
#                   and counted (a shell glob; a word without * ? [ matches
#                   anywhere in the name; several separated by commas);
#                   `check NAME COMMAND` runs COMMAND only for those
#   -v              verbose: every command the script runs, traced on
#                   standard error with its file and line (set -x)
#   -i              stop at the first failing check
# TAP_RUN, TAP_VERBOSE=1 and TAP_IMMEDIATE=1 in the environment do the same.
#
# TAP_PREFIX, when set before sourcing, starts every name ("keys ...").
# tests/run-all.sh counts the "ok", "not ok" and "skip" lines and the exit
# status.
set -u
TAP_RUN=${TAP_RUN:-} TAP_VERBOSE=${TAP_VERBOSE:-0} TAP_IMMEDIATE=${TAP_IMMEDIATE:-0}
tap_args=()
for tap_a in "$@"; do
	case $tap_a in
	--run=*) TAP_RUN=${tap_a#--run=} ;;
	-v | --verbose) TAP_VERBOSE=1 ;;
	-i | --immediate) TAP_IMMEDIATE=1 ;;
	*) tap_args+=("$tap_a") ;;
	esac
done
set -- ${tap_args[@]+"${tap_args[@]}"}
unset tap_a tap_args
PY=${PYTHON:-/usr/bin/python3}
[ -x "$PY" ] || PY=python3
tap_failures=0
tap_cleanups=()
tmp=$(mktemp -d)
# The user's settings file (src/app/settings_file.h) must change no
# screen a test compares: the configuration folder is this script's own,
# empty unless the script writes one.
export XDG_CONFIG_HOME="$tmp/xdg-config"
trap 'for tap_c in "${tap_cleanups[@]}"; do eval "$tap_c"; done; rm -rf "$tmp"' EXIT

source "$(dirname "${BASH_SOURCE[0]}")/../run_pattern.bash"
# tap_wanted NAME: whether NAME is among the checks --run asks for.
tap_wanted() { run_matches "$TAP_RUN" "${TAP_PREFIX:+$TAP_PREFIX }$1"; }
ok() { tap_wanted "$1" && echo "ok ${TAP_PREFIX:+$TAP_PREFIX }$1"; return 0; }
not_ok() {
	tap_wanted "$1" || return 0
	echo "not ok ${TAP_PREFIX:+$TAP_PREFIX }$1${2:+ # $2}"
	tap_failures=$((tap_failures + 1))
	if [ "$TAP_IMMEDIATE" = 1 ]; then
		echo "# stopped at the first failure (-i)"
		exit 1
	fi
}
check() {
	local name=$1
	shift
	tap_wanted "$name" || return 0
	if "$@"; then ok "$name"; else not_ok "$name"; fi
}
run_status() {
	local name=$1 want=$2 rc
	shift 2
	timeout 10 "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	if [ "$rc" = "$want" ]; then ok "$name"; else
		not_ok "$name" "status $rc, want $want: $(head -c 300 "$tmp/err")"
	fi
}
# refuses DIR STATUS TEXT CMD...: CMD, run in DIR, exits STATUS with one
# line on stderr holding TEXT, nothing on stdout, and DIR as it was. The
# check is named by the command; refuses_named NAME DIR ... names it.
refuses() {
	local dir=$1 want=$2 text=$3
	shift 3
	refuses_named "exit $want: ${*#"${PESCOPE:-}"}" "$dir" "$want" "$text" "$@"
}
refuses_named() {
	local name=$1 dir=$2 want=$3 text=$4 rc before
	shift 4
	tap_wanted "$name" || return 0
	before=$(ls -A "$dir")
	(cd "$dir" && "$@" >"$tmp/stdout" 2>"$tmp/err" </dev/null)
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		not_ok "$name" "status $rc: $(cat "$tmp/err")"
	elif [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -qF -- "$text" "$tmp/err"; then
		not_ok "$name" "stderr: $(cat "$tmp/err")"
	elif [ -s "$tmp/stdout" ]; then
		not_ok "$name" "stdout: $(head -c 200 "$tmp/stdout")"
	elif [ "$(ls -A "$dir")" != "$before" ]; then
		not_ok "$name" "left behind: $(ls -A "$dir" | tr '\n' ' ')"
	else
		ok "$name"
	fi
}
at_exit() { tap_cleanups+=("$1"); }
finish() { exit $((tap_failures > 0)); }

# tap_has TOOL: TOOL (a command, or py:MODULE) is there.
tap_has() {
	case $1 in
	python3) command -v "$PY" >/dev/null ;;
	py:*) command -v "$PY" >/dev/null && "$PY" -c "import ${1#py:}" 2>/dev/null ;;
	*) command -v "$1" >/dev/null ;;
	esac
}
# tap_skip WHAT TOOL: a skip line, or under CI a failure.
tap_skip() {
	if [ "${CI:-}" = true ]; then
		not_ok "$1: needs $2" "CI must have every tool (make deps-test installs it)"
	else
		echo "skip $1: needs $2"
	fi
}
has() {
	tap_has "$1" && return 0
	tap_skip "$2" "$1"
	return 1
}
needs() {
	local t
	for t in "$@"; do
		if ! tap_has "$t"; then
			tap_skip "$(basename "$0")" "$t"
			finish
		fi
	done
}

if [ "$TAP_VERBOSE" = 1 ]; then
	PS4='+ ${BASH_SOURCE[0]##*/}:${LINENO}: '
	set -x
fi
