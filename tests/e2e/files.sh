#!/usr/bin/env bash
# files.sh - files as users and their tools leave them, on the real binary:
#   - a lessons folder with more lessons than a book holds (40): the first
#     32 in name order, a message naming exactly the ones left out, and
#     --lesson of a left-out one explained (valgrind: no uninitialised
#     memory printed);
#   - FIFOs: one in the lessons folder never blocks start-up (explorer,
#     --lessons, a snapshot); a FIFO named by --lesson or --keys is refused
#     at once with one line;
#   - byte-order marks and CR LF from Windows editors in lesson and --keys
#     files;
#   - --lesson FILE for a file in the current folder;
#   - symbolic links as outputs (-o, --export): like a shell's `>`, the
#     link stays, the file it leads to is written, a dangling link gets its
#     target created, and nothing else is left.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
export LC_ALL=C.UTF-8
root=$(cd "$here/../.." && pwd)
sanitized=0
grep -qa '__asan_init' "$PESCOPE" && sanitized=1

one_line_err() { [ "$(wc -l <"$tmp/err")" -eq 1 ]; }

# A tree of its own: a copy of the binary finds the lessons folder next to
# it, so the folder can be filled as a test needs.
tree=$tmp/tree
mkdir -p "$tree/assets/lessons/en"
cp "$PESCOPE" "$tree/pescope"
bin=$tree/pescope
lessons=$tree/assets/lessons/en

# ---- a crowded lessons folder ----

for i in $(seq 40 -1 1); do
	n=$(printf %02d "$i")
	sed "s/^title: .*/title: Lesson $n/" "$root/tests/lessons/good.txt" \
		>"$lessons/$n-l$n.txt"
done
run_status "40 lessons: --lessons says some are left out (65)" 65 "$bin" --lessons
check "40 lessons: the first 32 in name order are listed" test \
	"$(grep -oE '^ +[0-9]+  l[0-9]+ ' "$tmp/out" | awk '{print $1}' | tr '\n' ' ')" = \
	"$(seq 1 32 | tr '\n' ' ')"
check "40 lessons: the message names exactly the files left out" test \
	"$(cat "$tmp/err")" = \
	"pescope: $lessons: more than 32 lessons: 33-l33.txt to 40-l40.txt (8 files) left out"
run_status "40 lessons: --lesson 6 opens (0)" 0 "$bin" --lesson 6 --snapshot --color never
check "40 lessons: --lesson 6 shows lesson 06" grep -qF "Lesson 06" "$tmp/out"
run_status "40 lessons: --lesson 40 is refused (66)" 66 "$bin" --lesson 40 --snapshot
check "40 lessons: --lesson 40 says it was left out, and how to open it" test \
	"$(cat "$tmp/err")" = \
	"pescope: lesson \"40\" is 40-l40.txt, which was not read: $lessons: more than 32 lessons: 33-l33.txt to 40-l40.txt (8 files) left out (open it with --lesson $lessons/40-l40.txt)"
if [ "$sanitized" = 0 ] && has valgrind "valgrind of --lesson in a crowded folder"; then
	for n in 6 33 40; do
		valgrind -q --error-exitcode=99 "$bin" --lesson "$n" --snapshot \
			>/dev/null 2>"$tmp/vg" </dev/null
		rc=$?
		if [ "$rc" != 99 ] && ! grep -q 'uninitialised\|Invalid' "$tmp/vg"; then
			ok "valgrind: --lesson $n in a crowded folder (status $rc)"
		else
			not_ok "valgrind: --lesson $n in a crowded folder" "$(grep -m 3 '==[0-9]*== [A-Z]' "$tmp/vg" | tr '\n' ' ')"
		fi
	done
fi
rm -f "$lessons"/*

# ---- FIFOs ----

cp "$root"/assets/lessons/en/*.txt "$lessons/"
mkfifo "$lessons/07-fifo.txt" "$tmp/fifo" "$tmp/fifo.txt"
run_status "a FIFO in the lessons folder: --lessons does not wait on it" 0 "$bin" --lessons
check "a FIFO in the lessons folder: the six lessons are listed" \
	test "$(grep -cE '^ +[1-6]  [a-z]+ ' "$tmp/out")" -eq 6
run_status "a FIFO in the lessons folder: --lesson 1 --snapshot" 0 "$bin" --lesson 1 --snapshot
tm_stop
PESCOPE=$bin tm_start 100 30 --
if tm_wait "d_model=128 base=10000 len=128 pos=10 dim=0" 10; then
	ok "a FIFO in the lessons folder: the explorer starts"
	tm_keys q
	check "a FIFO in the lessons folder: the explorer quits (0)" test "$(tm_rc)" = 0
else
	not_ok "a FIFO in the lessons folder: the explorer starts"
fi
tm_stop
run_status "--lesson ./FIFO: refused at once (66)" 66 "$bin" --lesson "$tmp/fifo.txt" --snapshot
check "--lesson ./FIFO: one line that says so" test "$(cat "$tmp/err")" = \
	"pescope: $tmp/fifo.txt: is a FIFO, not a lesson file"
run_status "--keys FIFO: refused at once (66)" 66 "$bin" --keys "$tmp/fifo"
check "--keys FIFO: one line that says so" test "$(cat "$tmp/err")" = \
	"pescope: cannot read \"$tmp/fifo\": a FIFO, not a file (read a pipe with --keys - < FIFO)"
run_status "--keys - still reads a pipe" 0 \
	sh -c 'printf "key l\n" | "$1" --keys -' _ "$bin"
rm -f "$lessons/07-fifo.txt"

# ---- byte-order marks and CR LF ----

printf '\357\273\277' >"$tmp/bom.txt"
sed 's/$/\r/' "$root/tests/lessons/good.txt" >>"$tmp/bom.txt"
run_status "a lesson file with a byte-order mark and CR LF opens" 0 \
	"$bin" --lesson "$tmp/bom.txt" --snapshot --color never
check "the lesson with a byte-order mark shows its first step" \
	grep -qF "First step" "$tmp/out"
printf '\357\273\277key l\r\ncmd d 64\r\nkey l\r\n' >"$tmp/bom.keys"
run_status "a --keys file with a byte-order mark and CR LF runs" 0 "$bin" --keys "$tmp/bom.keys"
check "the --keys file with a byte-order mark ran every line" \
	test "$(cat "$tmp/out")" = "d_model=64 base=10000 len=128 pos=12 dim=0"

# ---- --lesson FILE in the current folder ----

cp "$root/tests/lessons/good.txt" "$tmp/mine.txt"
(cd "$tmp" && timeout 10 "$bin" --lesson mine.txt --snapshot --color never \
	>"$tmp/out" 2>"$tmp/err")
rc=$?
check "--lesson mine.txt in the current folder opens it ($rc)" \
	test "$rc" = 0 -a "$(grep -c 'First step' "$tmp/out")" -ge 1
(cd "$tmp" && timeout 10 "$bin" --lesson other.txt --snapshot >"$tmp/out" 2>"$tmp/err")
rc=$?
check "--lesson other.txt, missing: 66 with a hint at ./other.txt" \
	test "$rc" = 66 -a "$(grep -c 'by its path, as in ./other.txt' "$tmp/err")" = 1
(cd "$tmp" && timeout 10 "$bin" --lesson positions --snapshot --color never \
	>"$tmp/out" 2>"$tmp/err")
check "--lesson NAME still means the folder's lesson" \
	grep -qF "Why a Transformer needs positions" "$tmp/out"

# ---- symbolic links as outputs ----

# link_case NAME EXT ARGS... (with @OUT@ for the output path): a link
# links/l.EXT -> ../real/f.EXT and a link links/d.EXT -> ../real/new.EXT
# that dangles. The links stay links, the files they lead to are written,
# and nothing else is left in either folder. (Where the temporary is made,
# next to the real file, is checked in test_dump.c.)
link_case() {
	local name=$1 ext=$2 rc
	shift 2
	rm -rf "$tmp/out" "$tmp/real"
	mkdir -p "$tmp/links" "$tmp/real"
	rm -f "$tmp/links"/*
	echo old >"$tmp/real/f.$ext"
	ln -s "../real/f.$ext" "$tmp/links/l.$ext"
	ln -s "../real/new.$ext" "$tmp/links/d.$ext"
	for l in l d; do
		timeout 20 "$PESCOPE" "${@//@OUT@/$tmp/links/$l.$ext}" >/dev/null 2>"$tmp/err"
		rc=$?
		[ "$rc" = 0 ] || { not_ok "$name, link $l: status $rc" "$(cat "$tmp/err")"; return; }
	done
	if [ -L "$tmp/links/l.$ext" ] && [ -L "$tmp/links/d.$ext" ] &&
	   [ "$(cat "$tmp/real/f.$ext")" != old ] && [ -s "$tmp/real/new.$ext" ] &&
	   [ "$(ls -A "$tmp/real" | tr '\n' ' ')" = "f.$ext new.$ext " ] &&
	   [ "$(ls -A "$tmp/links" | tr '\n' ' ')" = "d.$ext l.$ext " ]; then
		ok "$name: links stay, their files are written, nothing else left"
	else
		not_ok "$name" "links: $(ls -lA "$tmp/links" | tail -n +2 | tr '\n' ' ') real: $(ls -A "$tmp/real" | tr '\n' ' ')"
	fi
}
link_case "-o a symlink (--dump csv)" csv --dump csv -n 3 -d 4 -o @OUT@
link_case "-o a symlink (--vector)" txt --vector 3 -d 8 -o @OUT@
link_case "--export a symlink" svg --export @OUT@ --size 80x24

finish
