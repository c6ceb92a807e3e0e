#!/usr/bin/env bash
# End-to-end tests of the lessons, the language choice and presenter mode:
#   - `--lessons` in both languages;
#   - golden snapshots of one lesson step in English and Chinese at 80x24
#     and 120x40 (tests/golden/lesson-*.txt), and the Chinese screen lined
#     up with the English one (same display width on every row, borders in
#     the same columns);
#   - every lesson's question, answered right and wrong by --keys;
#   - bad lesson files and options: a one-line message and the documented
#     exit status (64 usage, 65 bad lesson file, 66 lesson not found); the
#     same files under --lang zh: the same FILE:LINE and status, the why
#     in Chinese;
#   - --palette and --present in snapshots;
#   - the presenter's key echo in tmux (stepping through lessons, the
#     chooser, the Chinese caption and help: tests/keys/lesson*.keys).
# The goldens change when a view's drawing changes: regenerate them on
# purpose with UPDATE_GOLDEN=1 bash tests/e2e/lessons.sh and review the
# diff.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmux.bash"
. "$here/golden.bash"
needs python3
# Messages in English, whatever the caller's locale.
export LC_ALL=C.UTF-8
golden=$here/../golden
fixtures=$here/../lessons
out=$TM_DIR/out err=$TM_DIR/err

# snap ARGS...: a colourless snapshot into $out, stderr into $err.
snap() {
	LC_ALL=C.UTF-8 NO_COLOR= "$PESCOPE" --snapshot --color never "$@" \
		>"$out" 2>"$err"
}

# ---- --lessons ----
LC_ALL=C.UTF-8 "$PESCOPE" --lessons >"$out" 2>"$err"
check "--lessons exits 0" test $? -eq 0
check "--lessons lists six lessons" \
	test "$(grep -cE '^ +[1-6]  [a-z]+ ' "$out")" -eq 6
check "--lessons gives one-line descriptions" \
	grep -qE '^ +3  sincos +Offsets are rotations' "$out"
LC_ALL=C.UTF-8 "$PESCOPE" --lessons --lang zh >"$out" 2>"$err"
check "--lessons --lang zh is in Chinese" \
	grep -qE '^ +4  frequencies +高频维度对分辨局部顺序' "$out"

# ---- golden snapshots, English and Chinese ----
for size in 80x24 120x40; do
	for lang in en zh; do
		name=lesson-$lang-$size
		if ! snap --lesson formula --step 2 --lang "$lang" --size "$size"; then
			not_ok "golden $name" "pescope failed: $(head -c 300 "$err")"
			continue
		fi
		cp "$out" "$TM_DIR/$name.txt"
		if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
			cp "$out" "$golden/$name.txt"
			ok "golden $name (updated)"
		elif cmp -s "$out" "$golden/$name.txt"; then
			ok "golden $name"
		else
			not_ok "golden $name" "differs from tests/golden/$name.txt"
			golden_explain "$golden/$name.txt" "$out" "UPDATE_GOLDEN=1 PESCOPE=\$PWD/pescope tests/e2e/lessons.sh"
		fi
	done
	# Wide characters never shift what follows them. The caption box is
	# as tall as the lesson's longest caption, which differs between the
	# languages, so the rows are compared by what they must share: the
	# same number of rows, every row no wider than the screen, every row
	# that ends on a border exactly as wide as the screen, and the caption
	# box's sides in the first and last columns.
	check "zh lines up with en at $size" "$PY" - "${size%x*}" \
		"$TM_DIR/lesson-en-$size.txt" "$TM_DIR/lesson-zh-$size.txt" <<'EOF'
import sys, unicodedata
W = int(sys.argv[1])
def width(line):
    return sum(2 if unicodedata.east_asian_width(c) in 'WF' else 1
               for c in line)
screens = [open(f, encoding='utf-8').read().split('\n') for f in sys.argv[2:]]
assert len(screens[0]) == len(screens[1]), 'row counts differ'
for rows in screens:
    in_caption = False
    for i, row in enumerate(rows):
        w = width(row)
        assert w <= W, 'row %d is %d wide: %s' % (i, w, row)
        if row.endswith(('┐', '│', '┘', '┤')):
            assert w == W, 'row %d ends at column %d: %s' % (i, w, row)
        if row.startswith('┌') and ('·' in row):
            in_caption = True
        if in_caption:
            assert row[0] in '┌│└' and row[-1] in '┐│┘', \
                'caption row %d: %s' % (i, row)
            if row.startswith('└'):
                in_caption = False
EOF
done
check "the zh snapshot shows the Chinese caption" \
	grep -qF '第 2/6 步：怎么看热力图' "$TM_DIR/lesson-zh-80x24.txt"

# Lesson 8 step 7 names the table's YaRN row and Men et al.'s reach
# (1706, beside λ_63): below 120x40 the step zooms the table, so both are
# on screen (unzoomed they were under "+N more").
for lang in en zh; do
	for size in 80x24 100x30; do
		snap --lesson design --step 7 --lang "$lang" --size $size
		check "design step 7 $lang $size: the table zoomed, its YaRN row shown" \
			grep -qE '^│YaRN +6\.28 +2\.18e5 ' "$out"
		check "design step 7 $lang $size: Men et al.'s reach shown" \
			grep -qE '^│Men (et al\.|等人).*1706' "$out"
		check "design step 7 $lang $size: no stretch bars (the table fills the body)" \
			test "$(grep -c '█' "$out")" -eq 0
	done
done

# ---- questions: every "ask:" of every shipped lesson, answered headless ----
# Read from the files themselves (the step of each "ask:" and its
# "answer:"), so a lesson added later is covered too: the step waits with
# its letters on the border, a --keys script answering right says so, one
# answering wrong names the right letter.
lessons=$(cd "$here/../../assets/lessons" && pwd)
for lang in en zh; do
	if [ "$lang" = en ]; then held=': right\.'; missed=', but it is'
	else held='：对了。'; missed='，但答案是'
	fi
	for file in "$lessons/$lang"/*.txt; do
		name=$(basename "$file" .txt)
		awk '/^==/ { k++ } /^ask:/ { q = k } /^answer:/ { print q, $2 }' \
			"$file" >"$TM_DIR/asks"
		check "$lang $name asks a question" test -s "$TM_DIR/asks"
		while read -r step right; do
			wrong=a
			[ "$right" = a ] && wrong=b
			snap --lesson "$file" --step "$step" --lang "$lang" --size 80x24
			check "$lang $name step $step waits for a letter" \
				grep -qE " a-[b-e] (answer|作答) " "$out"
			printf 'key %s\n' "$right" >"$TM_DIR/answer.keys"
			snap --lesson "$file" --step "$step" --lang "$lang" --size 80x24 \
				--keys "$TM_DIR/answer.keys"
			check "$lang $name step $step: $right held" \
				grep -qE "^│ [^ ].* $right\) .*$held" "$out"
			printf 'key %s\n' "$wrong" >"$TM_DIR/answer.keys"
			snap --lesson "$file" --step "$step" --lang "$lang" --size 80x24 \
				--keys "$TM_DIR/answer.keys"
			check "$lang $name step $step: $wrong names $right" \
				grep -qE " $wrong\) .*$missed $right\) " "$out"
		done <"$TM_DIR/asks"
	done
done

# ---- bad lessons and options ----
# expect_fail NAME STATUS MESSAGE ARGS...: exits STATUS, prints MESSAGE.
expect_fail() {
	local name=$1 want=$2 msg=$3; shift 3
	snap "$@"
	local rc=$?
	if [ "$rc" -ne "$want" ]; then
		not_ok "$name" "exit $rc, wanted $want: $(head -c 300 "$err")"
	elif [ "$(cat "$err")" != "$msg" ]; then
		not_ok "$name" "message: $(head -c 300 "$err")"
	elif [ -s "$out" ]; then
		not_ok "$name" "wrote to stdout"
	else
		ok "$name"
	fi
}
expect_fail "unknown lesson: 66" 66 \
	"pescope: no lesson \"nosuch\" in $(cd "$here/../.." && pwd)/assets/lessons/en (pescope --lessons lists them)" \
	--lesson nosuch
expect_fail "bad UTF-8 in a lesson file: 65" 65 \
	"pescope: $fixtures/bad-utf8.txt:5: invalid UTF-8 (byte 0xff at column 5)" \
	--lesson "$fixtures/bad-utf8.txt"
expect_fail "escape in a lesson file: 65, none printed" 65 \
	"pescope: $fixtures/bad-control.txt:5: control character U+001B at column 4" \
	--lesson "$fixtures/bad-control.txt"
expect_fail "unknown command in a lesson file: 65" 65 \
	"pescope: $fixtures/bad-command.txt:6: unknown command \"frobnicate\" (try :help)" \
	--lesson "$fixtures/bad-command.txt"
expect_fail "a question answered by no option: 65" 65 \
	"pescope: $fixtures/bad-question.txt:8: answer c is not one of the options (a to b)" \
	--lesson "$fixtures/bad-question.txt"
expect_fail "missing lesson file: 66" 66 \
	"pescope: $fixtures/none.txt: cannot read: No such file or directory" \
	--lesson "$fixtures/none.txt"
# The parser's messages in Chinese under --lang zh: the line's
# (lesson_line_clean), the format's and a command's.
expect_fail "zh: bad UTF-8 in a lesson file: 65" 65 \
	"pescope: $fixtures/bad-utf8.txt:5: 编码无效（字节 0xff，在第 5 列）" \
	--lesson "$fixtures/bad-utf8.txt" --lang zh
expect_fail "zh: escape in a lesson file: 65" 65 \
	"pescope: $fixtures/bad-control.txt:5: 控制字符 U+001B，在第 4 列" \
	--lesson "$fixtures/bad-control.txt" --lang zh
expect_fail "zh: text before the first step: 65" 65 \
	"pescope: $fixtures/bad-text-before-step.txt:3: 第一步之前应为 \"title:\"、\"about:\" 或一个步骤（\"== title\"）" \
	--lesson "$fixtures/bad-text-before-step.txt" --lang zh
expect_fail "zh: a step without a caption: 65" 65 \
	"pescope: $fixtures/bad-no-caption.txt:7: 第 1 步（第 4 行）没有讲解" \
	--lesson "$fixtures/bad-no-caption.txt" --lang zh
expect_fail "zh: a question answered by no option: 65" 65 \
	"pescope: $fixtures/bad-question.txt:8: 答案 c 不在选项之中（a 到 b）" \
	--lesson "$fixtures/bad-question.txt" --lang zh
expect_fail "zh: a bad value in a lesson file: 65" 65 \
	"pescope: $fixtures/bad-value.txt:6: d_model 必须是 2 到 65536 之间的偶数，输入的是 \"7\"（是奇数）" \
	--lesson "$fixtures/bad-value.txt" --lang zh
expect_fail "zh: missing lesson file: 66" 66 \
	"pescope: $fixtures/none.txt：无法读取：没有那个文件或目录" \
	--lesson "$fixtures/none.txt" --lang zh
expect_fail "--step past the end: 64" 64 \
	"pescope: --step must be from 1 to 7 for lesson \"positions\", got 9" \
	--lesson positions --step 9
expect_fail "--step without --lesson: 64" 64 \
	"pescope: --step only works with --lesson" --step 2
expect_fail "--lang fr: 64" 64 \
	"pescope: --lang must be en or zh, got \"fr\"" --lang fr
expect_fail "--palette grey: 64" 64 \
	"pescope: --palette must be rdbu or puor, got \"grey\"" --palette grey
expect_fail "--lang zh with --ascii: 64" 64 \
	"pescope: Chinese text cannot be drawn with --ascii; drop --ascii or use --lang en" \
	--lang zh --ascii
LC_ALL=C "$PESCOPE" --snapshot --lang zh --lesson 1 >"$out" 2>"$err"
rc=$?
check "--lang zh without UTF-8: 64 with a clear message" test "$rc" -eq 64 -a \
	"$(cat "$err")" = "pescope: Chinese text needs a UTF-8 locale (LANG=C.UTF-8 or zh_CN.UTF-8); use --lang en"
LC_ALL=C LANG=zh_CN.GB18030 "$PESCOPE" --snapshot --lesson 1 --size 80x24 >"$out" 2>"$err"
check "a Chinese locale without UTF-8 falls back to English" \
	grep -qF 'Attention sees a bag of tokens' "$out"
check "a path lesson file opens" snap --lesson "$fixtures/good.txt" --size 80x24
check "... and shows its caption" grep -qF 'A test lesson · 1/2 First step' "$out"

# ---- palettes ----
render() { LC_ALL=C.UTF-8 "$PESCOPE" --snapshot --color always "$@"; }
rdbu=$(render) puor=$(render --palette puor)
check "--palette puor changes the heat colours" test "$rdbu" != "$puor"
# Presenter mode keeps a row for its key echo, so compare presenter screens.
check "--present defaults to puor" \
	test "$(render --present)" = "$(render --present --palette puor)"
check "--present --palette rdbu keeps rdbu" \
	test "$(render --present --palette rdbu)" != "$(render --present)"

# ---- presenter mode in tmux ----
# The presenter's key echo is drawn by the explorer's loop only (a --keys
# script does not draw it); stepping through lessons, the chooser and the
# Chinese caption and help are checked headless by tests/keys/lessons.keys
# and lesson-zh.keys.
tm_start 100 32 --
# the start's status line (a wait for d_model=512, the old start, timed
# out unseen for a release: the keys went to a program not yet drawn)
tm_wait "d_model=128 base=10000 " >/dev/null || not_ok "presenter: the explorer starts"
tm_keys P ]
if tm_wait "d_model -2 / +2" 5; then ok "P: presenter mode, key echo"; else not_ok "P: presenter mode, key echo"; fi
tm_keys ":"; tm_keys -l "d 128"; tm_keys Enter
if tm_wait ":d 128" 5; then ok "... echoes ':' commands"; else not_ok "... echoes ':' commands"; fi
check "... and ran it" grep -qF "d_model=128 " <<<"$(tm_status)"
tm_keys q
check "q quits with 0" test "$(tm_rc)" = 0
tm_stop
finish
