#!/usr/bin/env bash
# hostile.sh - the fourth hostile round (issue 41), on the real binary, as
# root with a second user (nobody, through setpriv) where one is needed:
#   1. an output name that is another user's link in a sticky folder
#      writable by all is refused (73), dangling or not; our own is followed;
#   2. a replaced file keeps its owner and group; where they cannot be
#      kept (nobody writing root's world-writable file) it is refused (73);
#   3. setuid and setgid are not carried to a file owned by another user;
#   4. SIGINT, SIGTERM, SIGHUP while -o waits for a FIFO's reader end the
#      run as the signal does (128 + N), nothing left;
#   5. an output that is one of the inputs (a lesson, a --keys script, a
#      --model config, by any name) is refused (73) and the input is
#      untouched;
#   6. --record keeps the script when the session ends by C-c, SIGTERM or
#      SIGHUP, with the signal's status;
#   7. Ctrl-Z, bg: the explorer writes nothing to the shell's terminal
#      until fg (pty_hostile.py jobs);
#   8. a lesson or --keys file that cannot be read exits 66, and so does
#      --lessons when a lesson in its folder cannot be read;
#   9. --lessons and --list lessons show control characters of file names
#      as \x1b;
#  10. a paste of 5000 characters on the ':' line is recorded in lines the
#      replay takes;
#  11. a newline in a recorded argument stays inside the header comment;
#  12. terminal answers that come late, split and huge are no keys
#      (pty_hostile.py answers).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
export LC_ALL=C.UTF-8
root=$(cd "$here/../.." && pwd)

stat_of() { stat -c '%u:%g %a' "$1"; }

# The second user: nobody, where this runs as root (as CI does).
other=""
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null &&
   setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	other="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
skip() { echo "ok $1 # SKIP not root, or no setpriv"; }
chmod 755 "$tmp"	# nobody walks through to the shared folder
# and runs a copy of the binary (the tree may be in a folder of root's)
cp "$PESCOPE" "$tmp/pescope"
chmod 755 "$tmp/pescope"

# ---- 1-3: a shared sticky folder ----

shared=$tmp/shared
secret=$tmp/secret
mkdir "$shared" "$secret"
chmod 1777 "$shared"
chmod 700 "$secret"
echo "root's secret" >"$secret/file"
if [ -n "$other" ]; then
	$other ln -s "$secret/file" "$shared/out.csv"
	$other ln -s "$secret/new.csv" "$shared/dangling.csv"
	run_status "1. -o through another user's link in a sticky folder: refused (73)" 73 \
		"$PESCOPE" --dump csv -n 2 -d 2 -o "$shared/out.csv"
	check "1. the file the link names is untouched" \
		test "$(cat "$secret/file")" = "root's secret"
	check "1. the message names the output" grep -qF "cannot write \"$shared/out.csv\": Permission denied" "$tmp/err"
	run_status "1. a dangling link of another user: refused (73)" 73 \
		"$PESCOPE" --dump csv -n 2 -d 2 -o "$shared/dangling.csv"
	check "1. nothing is created where it points" test ! -e "$secret/new.csv"
	$other ln -s "$secret" "$shared/dir"
	run_status "1. a name through another user's link to a folder: refused (73)" 73 \
		"$PESCOPE" --export "$shared/dir/x.svg" --size 40x12
	check "1. nothing is created in the folder it points to" test ! -e "$secret/x.svg"
	ln -s "$secret/mine.csv" "$shared/mine.csv"
	run_status "1. our own link in the sticky folder is followed (0)" 0 \
		"$PESCOPE" --dump csv -n 2 -d 2 -o "$shared/mine.csv"
	check "1. and the file it names is written" grep -q '^dim0,dim1$' "$secret/mine.csv"

	$other sh -c "echo old >'$shared/student.csv'; echo old >'$shared/tool'; chmod 4755 '$shared/tool'; chmod 2755 '$shared/student.csv'"
	run_status "2. root writes over nobody's file (0)" 0 \
		"$PESCOPE" --dump csv -n 2 -d 2 -o "$shared/student.csv"
	check "2. it is still nobody's, with its mode less setgid" \
		test "$(stat_of "$shared/student.csv")" = "65534:65534 755"
	check "2. with the new content" grep -q '^dim0,dim1$' "$shared/student.csv"
	run_status "3. root writes over nobody's setuid file (0)" 0 \
		"$PESCOPE" --dump csv -n 2 -d 2 -o "$shared/tool"
	check "3. it is nobody's and not setuid" \
		test "$(stat_of "$shared/tool")" = "65534:65534 755"

	open=$tmp/open
	mkdir "$open"
	chmod 777 "$open"
	echo "root's" >"$open/shared.csv"
	chmod 666 "$open/shared.csv"
	run_status "2. nobody cannot keep root's owner: refused (73)" 73 \
		$other "$tmp/pescope" --dump csv -n 2 -d 2 -o "$open/shared.csv"
	check "2. root's file is untouched and still root's" \
		test "$(cat "$open/shared.csv") $(stat_of "$open/shared.csv")" = "root's 0:0 666"
	check "2. no temporary is left" test -z "$(ls -A "$open" | grep -v '^shared.csv$')"
else
	for n in 1 2 3; do skip "$n. files of another user"; done
fi

# ---- 4. a signal while waiting for a FIFO's reader ----

mkfifo "$tmp/fifo"
"$PY" - "$PESCOPE" "$tmp/fifo" <<'EOF'
import os, signal, subprocess, sys, time
pescope, fifo = sys.argv[1], sys.argv[2]
def setup():	# every signal at its default, as a shell's foreground job
    for n in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(n, signal.SIG_DFL)
bad = 0
for name in ("INT", "TERM", "HUP"):
    num = int(getattr(signal, "SIG" + name))
    p = subprocess.Popen([pescope, "--dump", "csv", "-n", "2", "-d", "2",
                          "-o", fifo], stderr=subprocess.PIPE,
                         preexec_fn=setup)
    # waiting: its handlers are in (SigCgt has the bit) and it sleeps
    end = time.monotonic() + 20
    waiting = False
    while time.monotonic() < end and p.poll() is None and not waiting:
        try:
            status = open(f"/proc/{p.pid}/status").read()
        except OSError:
            break
        caught = int(status.split("SigCgt:")[1].split()[0], 16)
        state = status.split("State:")[1].split()[0]
        waiting = bool(caught & (1 << (num - 1))) and state == "S"
        time.sleep(0.01)
    os.kill(p.pid, num)
    _, err = p.communicate(timeout=20)
    rc = 128 - p.returncode if p.returncode < 0 else p.returncode
    good = waiting and rc == 128 + num
    bad += not good
    print(("ok" if good else "not ok") + f" 4. SIG{name} while -o waits for "
          f"a FIFO's reader ends with {128 + num}" +
          ("" if good else f" # status {rc}: {err.decode()[:200]}"))
sys.exit(1 if bad else 0)
EOF
[ $? = 0 ] || tap_failures=$((tap_failures + 1))
check "4. nothing is left beside the FIFO" test -z "$(ls -A "$tmp" | grep '^\.pescope-')"

# ---- 5. an output that is an input ----

cp "$root/tests/lessons/good.txt" "$tmp/mine.txt"
cp "$tmp/mine.txt" "$tmp/mine.orig"
printf 'key j\n' >"$tmp/walk.txt"
ln "$tmp/walk.txt" "$tmp/hard.txt"
cd "$tmp" || exit 1
run_status "5. --lesson FILE --export the same file: refused (73)" 73 \
	"$PESCOPE" --lesson ./mine.txt --export mine.txt --size 40x12
check "5. the lesson is untouched" cmp -s mine.txt mine.orig
check "5. the message says why" grep -qF 'cannot write "mine.txt": it is a file this run reads' "$tmp/err"
run_status "5. --keys FILE --export a hard link of it: refused (73)" 73 \
	"$PESCOPE" --keys walk.txt --export hard.txt --size 40x12
check "5. the script is untouched" test "$(cat walk.txt)" = "key j"
run_status "5. --keys - --export the file standard input reads: refused (73)" 73 \
	sh -c '"$0" --keys - --export walk.txt --size 40x12 <walk.txt' "$PESCOPE"
printf '{"head_dim": 64}\n' >cfg.json
run_status "5. --model FILE -o the same file: refused (73)" 73 \
	"$PESCOPE" --model cfg.json --dump-series wavelengths -o ./cfg.json
check "5. the model's config is untouched" test "$(cat cfg.json)" = '{"head_dim": 64}'
# --record in the explorer: refused before the screen is taken
tm_start 80 24 -- --lesson ./mine.txt --record mine.txt
rc=$(tm_rc 10)
if [ "$rc" = timeout ] && tm_shows "d_model="; then
	tm_keys q
	rc=$(tm_rc)
fi
tm_stop
check "5. --lesson mine.txt --record mine.txt: refused (73)" test "$rc" = 73
check "5. and the lesson is untouched" cmp -s mine.txt mine.orig
cd "$here" || exit 1

# ---- 6. --record kept however the session ends ----

for how in C-c TERM HUP; do
	tm_start 80 24 -- -d 16 -n 40 --record "$tmp/rec-$how.keys"
	if tm_wait "d_model=16"; then
		tm_keys 2 && tm_wait "Spectrum" && tm_keys Right && tm_wait "pos=11 "
		case $how in
			C-c) tm_keys C-c; want=130 ;;
			TERM) kill -TERM "$(tm_pid)"; want=143 ;;
			HUP) kill -HUP "$(tm_pid)"; want=129 ;;
		esac
		rc=$(tm_rc)
	fi
	tm_stop
	check "6. --record, ended by $how: status $want" test "$rc" = "$want"
	if grep -qx 'key 2' "$tmp/rec-$how.keys" 2>/dev/null &&
	   grep -qx 'key Right' "$tmp/rec-$how.keys"; then
		ok "6. --record, ended by $how: the script is kept"
	else
		not_ok "6. --record, ended by $how: the script is kept" "$(ls -A "$tmp" | tr '\n' ' ')"
	fi
	run_status "6. --record, ended by $how: the script replays (0)" 0 \
		"$PESCOPE" -d 16 -n 40 --keys "$tmp/rec-$how.keys" --snapshot
	check "6. --record, ended by $how: to the screen shown" grep -qF "pos=11 " "$tmp/out"
done

# ---- 7. job control ----

if command -v bash >/dev/null; then
	"$PY" "$here/pty_hostile.py" jobs "$PESCOPE" | sed 's/^\(not \)\{0,1\}ok /&7. /'
	[ "${PIPESTATUS[0]}" = 0 ] || tap_failures=$((tap_failures + 1))
fi

# ---- 8. files that cannot be read ----

run_status "8. --lesson of a file whose read fails: 66" 66 \
	"$PESCOPE" --lesson /proc/self/mem --snapshot
run_status "8. --keys of a file whose read fails: 66" 66 \
	"$PESCOPE" --keys /proc/self/mem --snapshot
data=$tmp/data
mkdir -p "$data/lessons/en"
cp "$root/tests/lessons/good.txt" "$data/lessons/en/01-locked.txt"
chmod 000 "$data/lessons/en/01-locked.txt"
chmod -R a+rX "$data/lessons" 2>/dev/null
chmod 000 "$data/lessons/en/01-locked.txt"
if [ -n "$other" ]; then
	run_status "8. --lesson NAME of a lesson nobody may read: 66" 66 \
		env PESCOPE_DATADIR="$data" $other "$tmp/pescope" --lesson locked --snapshot
	check "8. the message says it cannot be read" grep -qF "01-locked.txt: cannot read: Permission denied" "$tmp/err"
	run_status "8. --lessons with a lesson nobody may read: 66" 66 \
		env PESCOPE_DATADIR="$data" $other "$tmp/pescope" --lessons
	check "8. in one line that names the file" \
		test "$(grep -c '^pescope: ' "$tmp/err")" = 1 -a \
		"$(grep -cF "01-locked.txt: cannot read: Permission denied" "$tmp/err")" = 1
else
	skip "8. a lesson another user cannot read"
fi

# ---- 9. lesson file names with escapes ----

names=$tmp/names
mkdir -p "$names/lessons/en"
cp "$root/tests/lessons/good.txt" "$names/lessons/en/01-red"$'\e[31m'"x.txt"
run_status "9. --lessons lists the lesson (0)" 0 env PESCOPE_DATADIR="$names" "$PESCOPE" --lessons
check "9. --lessons writes no ESC" test "$(grep -c $'\e' "$tmp/out")" = 0
check "9. --lessons shows it as \\x1b" grep -qF 'red\x1b[31mx' "$tmp/out"
run_status "9. --list lessons (0)" 0 env PESCOPE_DATADIR="$names" "$PESCOPE" --list lessons
check "9. --list lessons shows it as \\x1b, and no ESC" \
	test "$(cat "$tmp/out")" = 'red\x1b[31mx'

# ---- 10, 11. what --record writes replays ----

cp "$root/tests/lessons/good.txt" "$tmp/a"$'\n'"key 2"$'\n'"x.txt"
cd "$tmp" || exit 1
lesson="./a"$'\n'"key 2"$'\n'"x.txt"
tm_start 100 30 -- --lesson "$lesson" --record "$tmp/paste.keys"
if tm_wait "d_model="; then
	printf 'base 5e5 %05000d' 0 | $TM load-buffer -b in -
	tm_keys :
	$TM paste-buffer -p -b in -t t
	tm_wait ":000000000" && tm_keys Escape && tm_wait_gone ":000000000" && tm_keys q
fi
rc=$(tm_rc)
tm_stop
cd "$here" || exit 1
check "10. the recorded session with a 5000-character paste ends (0)" test "$rc" = 0
check "10. no line of the script is longer than a script line (4096)" \
	test "$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$tmp/paste.keys")" -le 4096
run_status "10. the script replays (0)" 0 \
	"$PESCOPE" --lesson "$tmp/a"$'\n'"key 2"$'\n'"x.txt" --keys "$tmp/paste.keys" --snapshot
check "11. the lesson's name adds no line: no \"key 2\" event" \
	test "$(grep -c '^key 2$' "$tmp/paste.keys")" = 0
check "11. the header writes it as a shell reads it back" \
	grep -qF -- "--lesson \$'./a\\x0akey 2\\x0ax.txt'" "$tmp/paste.keys"

# ---- 12. terminal answers ----

"$PY" "$here/pty_hostile.py" answers "$PESCOPE" | sed 's/^\(not \)\{0,1\}ok /&12. /'
[ "${PIPESTATUS[0]}" = 0 ] || tap_failures=$((tap_failures + 1))

finish
