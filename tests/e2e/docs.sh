#!/usr/bin/env bash
# The documentation against the program: the manual page (assets/pescope.1),
# `pescope --help`, `pescope --list-keys` and the README's tables must list
# the same options, keys and views, so that whoever adds one has to document
# it in each place. Prints "ok NAME" / "not ok NAME # why" per check.
#   - the manual page is lint-clean (mandoc -T lint -W warning);
#   - OPTIONS in the page: every option of --help, with the same short
#     letter and argument name ("-d, --d-model N"), and none that --help
#     lacks;
#   - KEYS in the page: exactly the key labels of --list-keys --ascii;
#   - VIEWS in the page: exactly the view names --view accepts;
#   - EXIT STATUS lists 0, 64, 65, 69, 70/71, 73, 74 and 128+N; ENVIRONMENT
#     names every variable the source reads with getenv, and the locale ones;
#   - README.md: its options table (rows starting "| `--name") has every
#     option of --help and no other, its view table and its --view row
#     (all views or none) follow --list views, its key table is the output of
#     `pescope --list-keys`, verbatim, its sample screen is what the
#     command under it prints;
#   - the pictures the README and assets/guide.md show are in the tree, and
#     the guide's --keys example runs as written.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs mandoc xmllint
# Messages and --help in English, whatever the caller's locale.
export LC_ALL=C.UTF-8
: "${PESCOPE:?set PESCOPE to the binary under test}"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
man=$root/assets/pescope.1
readme=$root/README.md
guide=$root/assets/guide.md


# same_sets NAME WHAT_A FILE_A WHAT_B FILE_B: one check per entry of either
# sorted list that the other lacks, or one ok when they agree.
same_sets() {
	local name=$1 wa=$2 a=$3 wb=$4 b=$5 line bad=0
	while IFS= read -r line; do
		not_ok "$name: \"$line\" is in $wa but not in $wb"
		bad=1
	done < <(comm -23 "$a" "$b")
	while IFS= read -r line; do
		not_ok "$name: \"$line\" is in $wb but not in $wa"
		bad=1
	done < <(comm -13 "$a" "$b")
	[ "$bad" -eq 0 ] && ok "$name ($(wc -l <"$a") entries)"
}

# ---- the manual page: lint ----

if mandoc -T lint -W warning "$man" >"$tmp/lint" 2>&1; then
	ok "man page is lint-clean (mandoc -T lint -W warning)"
else
	not_ok "man page is lint-clean (mandoc -T lint -W warning)" \
		"$(tr '\n' ' ' <"$tmp/lint")"
fi

# ---- the manual page: the tags of each section's list ----

# man_tags SECTION: the tags (.It lines) of the lists in SECTION, one per
# line, as mandoc renders them, in lower case when LOWER=1.
man_tags() {
	xmllint --html --xpath "//section[h1/@id=\"$1\"]/dl/dt" "$tmp/man.html" \
		2>/dev/null | tr '\n' ' ' | sed 's#</dt>#\n#g' |
		sed -e 's/<[^>]*>//g' -e 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g' \
		    -e "s/&#39;/'/g; s/&amp;/\\&/g" -e 's/[[:space:]]\+/ /g' \
		    -e 's/^ //; s/ $//' | grep -v '^$'
}

mandoc -T html "$man" >"$tmp/man.html"

# ---- options: --help, the man page ----

"$PESCOPE" --help >"$tmp/help" || not_ok "--help runs"
# "  -d, --d-model N         model width ..." -> "-d, --d-model N"
sed -nE 's/^ {2,6}(-[^ ].*)$/\1/p' "$tmp/help" | sed -E 's/  +.*//' |
	tr 'A-Z' 'a-z' | sort >"$tmp/help.opts"
man_tags OPTIONS | tr 'A-Z' 'a-z' | sort >"$tmp/man.opts"
if [ "$(wc -l <"$tmp/help.opts")" -lt 10 ]; then
	not_ok "options read from --help" "only $(wc -l <"$tmp/help.opts")"
fi
same_sets "man page OPTIONS match --help" "--help" "$tmp/help.opts" \
	"the man page" "$tmp/man.opts"

# ---- keys: --list-keys, the man page ----

"$PESCOPE" --list-keys --ascii >"$tmp/keys.md" || not_ok "--list-keys runs"
# "| `label` | help |" -> label (with "\|" back to "|"; runs of blanks as
# one, as the man page's HTML has them)
sed -nE 's/^\| `+ ?(.*[^ ]) ?`+ \| .*/\1/p' "$tmp/keys.md" |
	sed 's/\\|/|/g; s/  */ /g' | sort >"$tmp/table.keys"
man_tags KEYS | sort >"$tmp/man.keys"
if [ "$(wc -l <"$tmp/table.keys")" -lt 10 ]; then
	not_ok "keys read from --list-keys" "only $(wc -l <"$tmp/table.keys")"
fi
same_sets "man page KEYS match --list-keys" "--list-keys --ascii" \
	"$tmp/table.keys" "the man page" "$tmp/man.keys"

# ---- views ----

# The message for a bad --view lists every view: "... must be a, b or c, got".
"$PESCOPE" --view / 2>&1 >/dev/null | sed -E 's/.*must be (.*), got.*/\1/' |
	sed 's/ or /, /' | tr ',' '\n' | sed 's/ //g' | grep -v '^$' |
	sort >"$tmp/views"
man_tags VIEWS | sort >"$tmp/man.views"
same_sets "man page VIEWS match --view" "--view" "$tmp/views" \
	"the man page" "$tmp/man.views"

# The README's view table: one row per view in the catalog's order, each
# with its digit key (1-9; later views have none) and its name.
"$PESCOPE" --view / 2>&1 >/dev/null | sed -E 's/.*must be (.*), got.*/\1/' |
	sed 's/ or /, /' | tr ',' '\n' | sed 's/ //g' | grep -v '^$' |
	awk '{ printf "%s %s\n", NR <= 9 ? NR : "-", $0 }' >"$tmp/views.order"
sed -nE 's/^\| `([0-9])` \| `([a-z]+)` \|.*/\1 \2/p; s/^\| - \| `([a-z]+)` \|.*/- \1/p' \
	"$readme" >"$tmp/readme.views"
if [ -s "$tmp/views.order" ] && cmp -s "$tmp/views.order" "$tmp/readme.views"; then
	ok "README view table: every view, in key order"
else
	not_ok "README view table: every view, in key order" \
		"$(diff "$tmp/views.order" "$tmp/readme.views" | tr '\n' ' ')"
fi

# The README's --view option row: it names every view or none (it points
# at the table), so a view added to the catalog cannot leave it stale.
"$PESCOPE" --list views >"$tmp/views.list"
row=$(grep -m 1 '^| `--view NAME`' "$readme" | sed -E 's/default [a-z]+//')
named=0
while IFS= read -r v; do
	grep -qw -- "$v" <<<"${row#*|*|}" && named=$((named + 1))
done <"$tmp/views.list"
total=$(wc -l <"$tmp/views.list")
if [ -n "$row" ] && { [ "$named" -eq 0 ] || [ "$named" -eq "$total" ]; }; then
	ok "README --view row names all $total views or none ($named)"
else
	not_ok "README --view row names all $total views or none" "it names $named: $row"
fi

# ---- knobs ----

# Every knob word of the catalog (--list knobs) is documented twice: in the
# README's row of knob commands (`:WORD ...`) and in the man page's VIEWS
# list (.Cm WORD), so a knob added to a view cannot stay unknown.
"$PESCOPE" --list knobs >"$tmp/knobs"
knobrow=$(grep -m 1 "^| \`:offset K\`" "$readme")
grep -oE '`:[a-z]+(-[a-z]+)*' <<<"$knobrow" | tr -d '`:' | sort >"$tmp/readme.knobs"
sed -n '/^\.Sh VIEWS/,/^\.Sh KEYS/p' "$man" | sed -nE 's/^\.Cm ([a-z]+(-[a-z]+)*) Pq .*/\1/p' |
	sort -u >"$tmp/man.knobs"
sort "$tmp/knobs" >"$tmp/knobs.sorted"
[ -s "$tmp/knobs.sorted" ] || not_ok "--list knobs prints the knob words" "nothing"
same_sets "README knob row matches --list knobs" "--list knobs" \
	"$tmp/knobs.sorted" "the README" "$tmp/readme.knobs"
same_sets "man page VIEWS knobs match --list knobs" "--list knobs" \
	"$tmp/knobs.sorted" "the man page" "$tmp/man.knobs"

# ---- the ':' commands ----

# Every word of --list commands (the core parameters, the commands of
# model/command.c's table, the views' own) is a row of the README's
# command table ("| `:WORD ...") and a tag of the man page's COMMANDS list
# (":WORD"); and every ':' word either of them names is a command or a
# knob, so a command added, renamed or removed has to be documented in both.
"$PESCOPE" --list commands | sort -u >"$tmp/commands"
[ -s "$tmp/commands" ] || not_ok "--list commands prints the command words" "nothing"
sed -n '/^| command | effect |/,/^$/p' "$readme" | grep '^| `:' |
	grep -oE '`:[a-z_]+(-[a-z]+)*' | tr -d '`:' | sort -u >"$tmp/readme.cmds.all"
man_tags COMMANDS | grep -oE ':[a-z_]+(-[a-z]+)*' | tr -d ':' | sort -u >"$tmp/man.cmds.all"
for doc in readme man; do
	comm -23 "$tmp/$doc.cmds.all" "$tmp/knobs.sorted" >"$tmp/$doc.cmds"
done
same_sets "README command table matches --list commands" "--list commands" \
	"$tmp/commands" "the README" "$tmp/readme.cmds"
same_sets "man page COMMANDS match --list commands" "--list commands" \
	"$tmp/commands" "the man page" "$tmp/man.cmds"

# :help shows the rows of model/command.c's table, usage and help
# (tests/unit/test_params.c checks every word of it, in both languages).
printf 'cmd help\n' >"$tmp/help.keys"
"$PESCOPE" --snapshot --size 120x200 --keys "$tmp/help.keys" >"$tmp/help.screen" 2>&1
if grep -q ':window A B  positions A..B across the plots' "$tmp/help.screen" &&
   grep -q ':export FILE  save as .svg' "$tmp/help.screen"; then
	ok ":help shows the command rows (\":window A B  positions A..B ...\", \":export FILE  save as ...\")"
else
	not_ok ":help shows the command rows" "$(grep -m 3 ':window\|:export' "$tmp/help.screen" | tr '\n' ' ')"
fi

# ---- exit statuses and environment ----

# The statuses: the ones every page lists, and every sysexits.h code the
# source uses, by name (EX_DATAERR) or as a bare number (return 69).
man_tags "EXIT_STATUS" >"$tmp/man.exit"
{
	printf '%s\n' 0 64 65 69 70 71 73 74 "128+N"
	for name in $(grep -ohE '\bEX_[A-Z]+\b' "$root"/src/*/*.c | sort -u); do
		sed -nE "s/^#define[[:space:]]+$name[[:space:]]+([0-9]+).*/\1/p" \
			/usr/include/sysexits.h 2>/dev/null
	done
	grep -ohE 'return (6[4-9]|7[0-8]);' "$root"/src/*/*.c | grep -oE '[0-9]+'
} | sort -u >"$tmp/exits"
missing=""
while IFS= read -r st; do
	grep -qE "(^|, )$(sed 's/+/\\+/' <<<"$st")(,|$)" "$tmp/man.exit" ||
		missing="$missing $st"
done <"$tmp/exits"
if [ -z "$missing" ]; then
	ok "man page EXIT STATUS lists $(tr '\n' ' ' <"$tmp/exits")"
else
	not_ok "man page EXIT STATUS" "missing:$missing"
fi

man_tags ENVIRONMENT | sed 's/, /\n/g' | sort -u >"$tmp/man.env"
{
	grep -ohE 'getenv\("[A-Za-z_][A-Za-z0-9_]*"\)' "$root"/src/*/*.c |
		sed -E 's/getenv\("(.*)"\)/\1/'
	printf '%s\n' TERM NO_COLOR LANG LC_ALL LC_MESSAGES
	grep -qs '"COLORTERM"' "$root"/src/*/*.c && echo COLORTERM
} | sort -u >"$tmp/env"
missing=$(comm -23 "$tmp/env" "$tmp/man.env" | tr '\n' ' ')
if [ -z "$missing" ]; then
	ok "man page ENVIRONMENT names $(tr '\n' ' ' <"$tmp/env")"
else
	not_ok "man page ENVIRONMENT" "missing: $missing"
fi

# ---- the README ----

if [ ! -f "$readme" ]; then
	not_ok "README.md exists" "the lead writes it"
else
	sed -nE 's/^\| `(--[a-z0-9][a-z0-9-]*).*/\1/p' "$readme" |
		sort -u >"$tmp/readme.opts"
	sed -E 's/^(-[a-z0-9], )?(--[a-z0-9-]+).*/\2/' "$tmp/help.opts" |
		sort -u >"$tmp/help.names"
	if [ ! -s "$tmp/readme.opts" ]; then
		not_ok "README options table" "README.md has no rows starting \"| \`--name\" yet"
	else
		same_sets "README options table matches --help" "--help" \
			"$tmp/help.names" "README.md" "$tmp/readme.opts"
	fi

	# The key table is --list-keys verbatim: find its header, then compare
	# as many lines as --list-keys prints.
	"$PESCOPE" --list-keys >"$tmp/keys.utf8.md"
	n=$(wc -l <"$tmp/keys.utf8.md")
	start=$(grep -nxF -- "$(head -n 1 "$tmp/keys.utf8.md")" "$readme" |
		head -n 1 | cut -d: -f1)
	if [ -z "$start" ]; then
		not_ok "README key table" "no line \"$(head -n 1 "$tmp/keys.utf8.md")\" in README.md: paste the output of pescope --list-keys"
	else
		tail -n +"$start" "$readme" | head -n "$n" >"$tmp/readme.keys"
		if cmp -s "$tmp/keys.utf8.md" "$tmp/readme.keys"; then
			ok "README key table is pescope --list-keys"
		else
			not_ok "README key table is pescope --list-keys" \
				"differs from line $start: $(diff "$tmp/keys.utf8.md" \
				"$tmp/readme.keys" | grep '^[<>]' | head -n 4 | tr '\n' ' ')"
		fi
	fi
fi

# ---- NO_COLOR: set but empty keeps colour (no-color.org) ----

# Every place that describes --color auto says so; none says "unset" alone.
help_color=$(tr '\n' ' ' <"$tmp/help" | tr -s ' ' | grep -o -- '--color WHEN[^-]*')
if grep -q 'NO_COLOR is unset or empty' <<<"$help_color"; then
	ok "--help: colour unless NO_COLOR is set and not empty"
else
	not_ok "--help says NO_COLOR \"unset or empty\"" "$help_color"
fi
if [ -f "$readme" ] && grep -q '^| `--color WHEN` .*NO_COLOR is unset or empty' "$readme" &&
   ! grep -qE 'NO_COLOR (is )?unset[^ ]' "$readme"; then
	ok "README: NO_COLOR unset or empty keeps colour"
else
	not_ok "README says NO_COLOR \"unset or empty\"" "$(grep -n 'NO_COLOR' "$readme" | head -n 3 | tr '\n' ' ')"
fi
if mandoc -T ascii "$man" 2>/dev/null | col -b | tr -s '[:space:]' ' ' |
   grep -q 'NO_COLOR When set and not empty, no colour'; then
	ok "man page: NO_COLOR set and not empty means no colour"
else
	not_ok "man page: NO_COLOR set and not empty means no colour"
fi

# ---- the README's sample screen, as its command prints it ----

# The first fenced block after "It is made for" is a screen; the line
# after it names the command, "*(`pescope --snapshot ...`;".
if [ -f "$readme" ]; then
	awk '/^It is made for/ { f = 1 }
	     f && /^```/ { n++; if (n == 2) exit; next }
	     f && n == 1' "$readme" >"$tmp/readme.screen"
	cmd=$(grep -m 1 -o '^\*(`pescope --snapshot [^`]*`' "$readme" |
		sed 's/^\*(`pescope //; s/`$//')
	if [ ! -s "$tmp/readme.screen" ] || [ -z "$cmd" ]; then
		not_ok "README sample screen" "no screen block, or no *(\`pescope --snapshot ...\` line under it"
	else
		# shellcheck disable=SC2086 # the command's words, as written
		LC_ALL=C.UTF-8 "$PESCOPE" $cmd >"$tmp/readme.screen.now" 2>&1
		if cmp -s "$tmp/readme.screen" "$tmp/readme.screen.now"; then
			ok "README sample screen is what pescope $cmd prints"
		else
			not_ok "README sample screen is what pescope $cmd prints" \
				"$(diff "$tmp/readme.screen" "$tmp/readme.screen.now" | head -n 6 | tr '\n' ' ')"
		fi
	fi
fi

# ---- the README's test command is what CI runs ----

# The second line of the Quick start block ("make deps-test test   # ...")
# is the last command of .ci/run, word for word.
readme_test=$(awk '/^## Quick start/ { f = 1 } f && /^```sh/ { b = 1; next }
	b && /^```/ { exit } b' "$readme" | sed -n 2p | sed 's/ *#.*//')
ci_test=$(grep -v '^[[:space:]]*\(#\|$\)' "$root/.ci/run" | tail -n 1)
if [ -n "$readme_test" ] && [ "$readme_test" = "$ci_test" ]; then
	ok "README's test command is the one .ci/run runs: $ci_test"
else
	not_ok "README's test command is the one .ci/run runs" \
		"README: \"$readme_test\", .ci/run: \"$ci_test\""
fi

# ---- what the README and the guide link is in the tree ----

# A link "](assets/x.png)" or "](assets/guide.md#data)" in the README,
# "](x.png)" in assets/guide.md: pictures, files and the pages moved out of
# the README.
for doc in "$readme" "$guide"; do
	[ -f "$doc" ] || { not_ok "$(basename "$doc") exists"; continue; }
	dir=$(dirname "$doc") bad=0 n=0
	while IFS= read -r pic; do
		n=$((n + 1))
		if [ ! -s "$dir/$pic" ]; then
			not_ok "link $pic of $(basename "$doc")" "the file is missing or empty"
			bad=1
		fi
	done < <(grep -oE '\]\([^)#:]+\.(png|pdf|cast|keys|md|1)(#[^)]*)?\)' "$doc" |
		sed 's/^](//; s/)$//; s/#.*//')
	[ "$bad" -eq 0 ] && ok "the $n files $(basename "$doc") links are in the tree"
done

# ---- the guide's --keys example, as written ----

# The fenced block after "`pescope --keys FILE` replays" is a script: it
# must run to its end (every line counts: "text ]]" makes d_model 132,
# "cmd base 5e5" the base), with the comments it shows.
if [ -f "$guide" ]; then
	awk '/^`pescope --keys FILE` replays/ { f = 1 }
	     f && /^```/ { n++; if (n == 2) exit; next }
	     f && n == 1' "$guide" >"$tmp/guide.keys"
	if [ ! -s "$tmp/guide.keys" ]; then
		not_ok "guide --keys example" "no fenced block after \"\`pescope --keys FILE\` replays\""
	elif out=$(LC_ALL=C.UTF-8 "$PESCOPE" --keys "$tmp/guide.keys" 2>&1) &&
	     grep -qE '^d_model=132 base=500000 len=128 pos=[0-9]+ dim=[0-9]+$' <<<"$out"; then
		ok "guide --keys example runs as written ($(wc -l <"$tmp/guide.keys") lines): $out"
	else
		not_ok "guide --keys example runs as written" "$out"
	fi
fi

# ---- the README's scene for a class, as written ----

# Its three lines with week3.scene, run in an empty folder with pescope
# the binary under test: the scene is saved, its second line is a command
# line that draws the screen, and --scene draws that same screen.
(
	mkdir "$tmp/class" && cd "$tmp/class" || exit 1
	pescope() { "$PESCOPE" "$@"; }
	awk '/^### For a class/ { f = 1 } f && /^```/ { n++; if (n == 2) exit; next }
	     f && n == 1 && /week3\.scene/' "$readme" >lines
	eval "$(sed -n 1p lines)" >saved 2>&1
	eval "$(sed -n 2p lines)" >slide 2>&1
	line=$(cat slide)
	eval "set -- ${line#"# pescope "}"
	"$PESCOPE" "$@" --snapshot --size 100x30 >from 2>&1
	open=$(sed -n 3p lines)
	eval "${open%%#*} --snapshot --size 100x30" >to 2>&1
	test "$(wc -l <lines)" -eq 3 -a -s week3.scene -a -s from &&
		grep -q '^# pescope --view spectrum -d 64 ' slide && cmp -s from to
) && ok "README: a class's scene, saved, on a slide and opened, runs as written" ||
	not_ok "README: a class's scene, saved, on a slide and opened, runs as written" \
		"$(cat "$tmp/class/lines" "$tmp/class/slide" 2>&1 | tr '\n' ' ')"

finish
