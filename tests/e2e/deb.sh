#!/usr/bin/env bash
# make deb, in a copy of the source tree (the binary under test is never
# rebuilt), then the package itself:
#   - its name is pescope_VERSION-N_ARCH.deb, VERSION the program's;
#   - Depends names, with a version, the package of every library the
#     binary loads, and nothing else;
#   - it holds exactly the binary (stripped), the gzipped manual page
#     (naming Debian's paths), the three completions where Debian's shells
#     look, the glossary, every lesson file, copyright, changelog.Debian.gz
#     and lintian's overrides, each the same as in the tree, every file
#     owned by root;
#   - lintian reports no error;
#   - installed with dpkg --root into an empty scratch root (which then
#     holds only the package and the libraries it depends on), it puts
#     there exactly its files; run inside that root (chroot, so from /
#     and with nothing but the compiled-in /usr/share/pescope to find its
#     data), it prints its version, lists its lessons in English and
#     Chinese and prints a snapshot; dpkg -r then leaves the root as it was.
# The scratch root needs root (chroot, files owned by root); without it
# that part is skipped. Prints "ok NAME" / "not ok NAME # why".
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
: "${PESCOPE:?set PESCOPE to the binary under test}"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

# The package builds its own binary, so the sanitizer round of run-all.sh
# would only repeat the normal round.
if ldd "$PESCOPE" 2>/dev/null | grep -q libasan; then
	ok "make deb # SKIP checked in the normal round"
	exit 0
fi
needs dpkg-deb dpkg-shlibdeps dpkg-gencontrol

tree=$tmp/tree
mkdir -p "$tree"
cp -R "$root/Makefile" "$root/src" "$root/assets" "$root/packaging" "$tree/"
if ! make -C "$tree" -s -j2 deb >"$tmp/make.log" 2>&1; then
	sed 's/^/# /' "$tmp/make.log" | tail -n 20
	not_ok "make deb"
	finish
fi
ok "make deb"

version=$("$PESCOPE" --version | sed -n 's/^pescope //p')
arch=$(dpkg --print-architecture)
debs=("$tree"/pescope_"$version"-*_"$arch".deb)
if [ "${#debs[@]}" -ne 1 ] || [ ! -f "${debs[0]}" ]; then
	not_ok "make deb writes pescope_${version}-N_${arch}.deb" \
		"found: $(cd "$tree" && ls ./*.deb 2>/dev/null | tr '\n' ' ')"
	finish
fi
deb=${debs[0]}
ok "make deb writes $(basename "$deb")"

# ---- the control file ----

field() { dpkg-deb -f "$deb" "$1"; }
check "Package: pescope" test "$(field Package)" = pescope
check "Version: ${version}-N" grep -qx "${version}-[0-9][0-9.]*" <<<"$(field Version)"
check "Architecture: $arch" test "$(field Architecture)" = "$arch"

x=$tmp/x
dpkg-deb -x "$deb" "$x"
bin=$x/usr/bin/pescope
# The packages of the libraries the binary loads (ldd resolves them as the
# loader would), against those Depends names, each with a version.
need=$(ldd "$bin" | grep -o '/[^ ]*' | while read -r lib; do
	dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")"
done | sed 's/:.*//' | LC_ALL=C sort -u)
depends=$(field Depends)
named=$(tr ',' '\n' <<<"$depends" | sed -E 's/^ *//; s/[ (].*//' | LC_ALL=C sort -u)
unversioned=$(tr ',' '\n' <<<"$depends" | grep -v '(>= [^)]*)' || true)
if [ -z "$need" ]; then
	not_ok "Depends names the package of every library" "ldd or dpkg -S found none"
elif [ "$need" != "$named" ]; then
	not_ok "Depends names the package of every library it loads, and no other" \
		"loads from: $(echo $need); Depends: $depends"
elif [ -n "$unversioned" ]; then
	not_ok "every dependency has a version" "$unversioned"
else
	ok "Depends: $depends (the packages of the libraries it loads)"
fi

# ---- what it holds ----

expected=$tmp/expected
{
	echo usr/bin/pescope
	echo usr/share/man/man1/pescope.1.gz
	echo usr/share/bash-completion/completions/pescope
	echo usr/share/zsh/vendor-completions/_pescope
	echo usr/share/fish/vendor_completions.d/pescope.fish
	echo usr/share/pescope/glossary.txt
	(cd "$tree/assets/lessons" && find . -type f | sed 's|^\./|usr/share/pescope/lessons/|')
	echo usr/share/doc/pescope/copyright
	echo usr/share/doc/pescope/changelog.Debian.gz
	echo usr/share/lintian/overrides/pescope
} | LC_ALL=C sort >"$expected"
(cd "$x" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) >"$tmp/got"
if cmp -s "$expected" "$tmp/got"; then
	ok "it holds exactly the expected $(wc -l <"$expected") files"
else
	not_ok "it holds exactly the expected files" \
		"$(diff "$expected" "$tmp/got" | grep '^[<>]' | tr '\n' ' ')"
fi
# The manual page names Debian's paths, and is the tree's otherwise.
man=$tmp/pescope.1
zcat "$x/usr/share/man/man1/pescope.1.gz" >"$man" 2>/dev/null
bad=""
for p in '^.Pa /usr/share/pescope .$' '/usr/share/pescope/lessons/' \
	 '/usr/share/bash\\-completion/completions/pescope' \
	 '/usr/share/zsh/vendor\\-completions/_pescope' \
	 '/usr/share/fish/vendor_completions.d/pescope.fish'; do
	grep -q "$p" "$man" || bad="$bad no:$p"
done
! grep -q /usr/local "$man" || bad="$bad /usr/local"
diff <(grep -v /usr/ "$man") <(grep -v /usr/ "$tree/assets/pescope.1") >/dev/null ||
	bad="$bad man1/pescope.1.gz"
for c in pescope.bash:bash-completion/completions/pescope \
	 _pescope:zsh/vendor-completions/_pescope \
	 pescope.fish:fish/vendor_completions.d/pescope.fish; do
	cmp -s "$tree/assets/completion/${c%%:*}" "$x/usr/share/${c#*:}" ||
		bad="$bad ${c#*:}"
done
cmp -s "$tree/assets/glossary.txt" "$x/usr/share/pescope/glossary.txt" || bad="$bad glossary.txt"
diff -r "$tree/assets/lessons" "$x/usr/share/pescope/lessons" >/dev/null || bad="$bad lessons"
if [ -z "$bad" ]; then
	ok "man page (gzipped, Debian's paths), completions, glossary and lessons are the tree's"
else
	not_ok "man page, completions, glossary and lessons are the tree's" "differ:$bad"
fi
check "the binary is stripped" \
	bash -c '! readelf -S "$1" | grep -q "\.symtab"' _ "$bin"
check "copyright is machine-readable (DEP-5) with the licence" \
	bash -c 'head -n 1 "$1" | grep -qx "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" &&
		grep -q "^License: Expat" "$1"' _ "$x/usr/share/doc/pescope/copyright"
check "changelog.Debian.gz starts at this version" \
	grep -q "^pescope ($(field Version)) " \
	<(zcat "$x/usr/share/doc/pescope/changelog.Debian.gz")
owners=$(dpkg-deb -c "$deb" | awk '{print $2}' | LC_ALL=C sort -u)
check "every file is owned by root/root" test "$owners" = root/root

# ---- lintian ----

if has lintian "lintian reports no error"; then
	out=$(lintian --allow-root --pedantic --info "$deb" 2>&1)
	grep -v '^E:' <<<"$out" | grep '^[WIP]:' | sed 's/^/# /'
	errors=$(grep '^E:' <<<"$out")
	if [ -z "$errors" ]; then
		ok "lintian reports no error"
	else
		not_ok "lintian reports no error" "$(tr '\n' ' ' <<<"$errors")"
	fi
fi

# ---- a scratch root: dpkg -i, run, dpkg -r ----

if [ "$(id -u)" -ne 0 ]; then
	ok "dpkg --root -i, run, dpkg -r # SKIP needs root (chroot, root-owned files)"
	finish
fi
r=$tmp/root
mkdir -p "$r/var/lib/dpkg/info" "$r/var/lib/dpkg/updates" "$r/var/lib/dpkg/triggers"
: >"$r/var/lib/dpkg/status"
# The libraries Depends brings, where the loader looks, and C.UTF-8 (from
# libc-bin, which every Debian has) for the snapshot's box drawing.
for lib in $(ldd "$bin" | grep -o '/[^ ]*') /usr/lib/locale/C.utf8; do
	[ -e "$lib" ] || continue
	mkdir -p "$r$(dirname "$lib")"
	cp -RL "$lib" "$r$lib"
done
# listing: every path under the root with its type, dpkg's own records
# left out.
listing() {
	(cd "$r" && find . -mindepth 1 -printf '%y %p\n' | grep -v '^. \./var' |
		LC_ALL=C sort)
}
before=$(listing)
if ! out=$(dpkg --root="$r" --force-depends -i "$deb" 2>&1); then
	not_ok "dpkg --root -i" "$(tr '\n' ' ' <<<"$out")"
	finish
fi
ok "dpkg --root -i (its dependencies' libraries copied in, not registered)"
added=$(comm -13 <(echo "$before") <(listing) | sed -n 's|^f \./||p')
check "dpkg -i put exactly the package's files in the root" \
	test "$added" = "$(cat "$tmp/got")"

# in_root ARGS...: the installed program, run inside the root.
in_root() { LC_ALL=C.UTF-8 LANG= chroot "$r" /usr/bin/pescope "$@" 2>&1; }
out=$(in_root --version)
check "in the root, pescope --version gives $version" test "$out" = "pescope $version"
first=$(ls "$tree/assets/lessons/en" | grep '\.txt$' | head -n 1 |
	sed -E 's/^[0-9]+-//; s/\.txt$//')
out=$(in_root --lessons)
rc=$?
if [ "$rc" -eq 0 ] && grep -qF "(/usr/share/pescope/lessons/en)" <<<"$out" &&
   grep -qw -- "$first" <<<"$out"; then
	ok "in the root, from /, --lessons finds /usr/share/pescope/lessons/en"
else
	not_ok "in the root, --lessons finds /usr/share/pescope/lessons/en" \
		"status $rc: $(head -n 2 <<<"$out" | tr '\n' ' ')"
fi
out=$(in_root --lang zh --lessons)
rc=$?
if [ "$rc" -eq 0 ] && grep -qF "(/usr/share/pescope/lessons/zh)" <<<"$out" &&
   grep -qw -- "$first" <<<"$out"; then
	ok "in the root, --lang zh --lessons finds /usr/share/pescope/lessons/zh"
else
	not_ok "in the root, --lang zh --lessons finds /usr/share/pescope/lessons/zh" \
		"status $rc: $(head -n 2 <<<"$out" | tr '\n' ' ')"
fi
out=$(in_root --snapshot --size 80x24)
check "in the root, --snapshot prints the explorer" \
	grep -qF "d_model=128 base=10000 len=128 pos=10 dim=0" <<<"$out"

if ! out=$(dpkg --root="$r" -r pescope 2>&1); then
	not_ok "dpkg --root -r pescope" "$(tr '\n' ' ' <<<"$out")"
	finish
fi
after=$(listing)
if [ "$after" = "$before" ]; then
	ok "dpkg -r leaves the root as it was before dpkg -i"
else
	not_ok "dpkg -r leaves the root as it was" \
		"$(diff <(echo "$before") <(echo "$after") | grep '^[<>]' | tr '\n' ' ')"
fi
status=$(dpkg-query --root="$r" -W -f='${db:Status-Abbrev}' pescope 2>/dev/null)
check "dpkg knows pescope no more" test -z "${status// /}" -o "${status:0:2}" = un

finish
