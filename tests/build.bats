#!/usr/bin/env bats
# The Makefile: install and uninstall with busybox's mkdir, cp and chmod,
# a static build, and a build by another compiler, in a copy of the tree.
load test_helper

# Building needs binutils: busybox's ar only lists and extracts archives,
# so under tests/busybox.sh these tests build with the host's tools.
host_path() {
	if [ -n "${NPT_BBDIR:-}" ]; then
		PATH=${PATH//$NPT_BBDIR:/}
	fi
}

# The builds below are from the sources with the host's compilers: a run
# of the suite against another build (tests/variant.sh, tests/busybox.sh)
# would build the same again, so only the native run makes them.
native_build() {
	[ -z "${NPT_VARIANT:-}${NPT_BBDIR:-}" ] ||
		skip "the same build as the native run's: made there"
}

# A copy of the tracked sources, as they are in the work tree, in $TMP/src.
copy_tree() {
	mkdir -p "$TMP/src"
	(cd "$NPT_ROOT" && git ls-files) | while IFS= read -r f; do
		mkdir -p "$TMP/src/$(dirname "$f")" && cp -p "$NPT_ROOT/$f" "$TMP/src/$f"
	done
}

@test "build: install puts tools and pages under DESTDIR/PREFIX; uninstall removes them" {
	need_busybox
	mkdir bb
	for a in mkdir cp chmod rm sh; do ln -s "$(command -v busybox)" "bb/$a"; done
	(cd "$NPT_ROOT" && PATH="$TMP/bb:$PATH" make -s install DESTDIR="$TMP/dest" PREFIX=/usr)
	for f in "$NPT_ROOT"/bin/npt-*.c; do
		t=$(basename "$f" .c)
		[ -x "dest/usr/bin/$t" ] || flunk "$t not installed"
		[ -f "dest/usr/share/man/man1/$t.1" ] || flunk "$t.1 not installed"
	done
	[ -f dest/usr/share/man/man5/npt-events.5 ] && [ -f dest/usr/share/man/man5/npt-log.5 ]
	[ -f dest/usr/share/man/man7/npt.7 ]
	run -0 dest/usr/bin/npt-decode --version
	(cd "$NPT_ROOT" && PATH="$TMP/bb:$PATH" make -s uninstall DESTDIR="$TMP/dest" PREFIX=/usr)
	[ -z "$(find dest -type f)" ] || flunk "left: $(find dest -type f)"
}

@test "build: make static links every tool statically, and they work" {
	native_build
	host_path
	command -v git >/dev/null || skip "git is not installed"
	copy_tree
	cd src
	make -s static > build.log 2>&1 || flunk "$(cat build.log)"
	for f in bin/npt-*.c; do
		t=${f%.c}
		file "$t" | grep -q 'statically linked' || flunk "$t: $(file "$t")"
	done
	bin/npt-synth -c 1 -i 1 && bin/npt-decode core0.bin | grep -q CONV_2D
	for f in bin/npt-*.c; do
		echo "# ${f%.c} $(wc -c < "${f%.c}") bytes"
	done >&3
}

@test "build: clang builds the tree with no warning" {
	native_build
	host_path
	command -v clang >/dev/null || skip "clang is not installed"
	command -v git >/dev/null || skip "git is not installed"
	copy_tree
	cd src
	run -0 make CC=clang CFLAGS='-std=c99 -pedantic -Wall -Wextra -Werror -O2' all tests/unit/lib-test
	run -0 tests/unit/lib-test
}

@test "build: bin/npt.c, the multi-call binary, knows every tool" {
	want=$(for f in "$NPT_ROOT"/bin/npt-*.c; do basename "$f" .c; done | sort)
	got=$(sed -n 's/^	{ "\(npt-[a-z]*\)", npt_[a-z]*_main\(,\| },\)$/\1/p' "$NPT_ROOT/bin/npt.c" | sort)
	[ "$want" = "$got" ] || flunk "tools: $want; bin/npt.c: $got"
	for t in $want; do
		n=${t#npt-}
		grep -q "^int npt_${n}_main(int, char \*\*);$" "$NPT_ROOT/bin/npt.c" || flunk "no npt_${n}_main"
	done
}

@test "build: make box links one static binary under 500 KB that is every tool" {
	native_build
	host_path
	command -v git >/dev/null || skip "git is not installed"
	copy_tree
	cd src
	make -s box > build.log 2>&1 || flunk "$(cat build.log)"
	size=$(wc -c < bin/npt)
	echo "# bin/npt: $size bytes for $(find bin -type l | wc -l) tools" >&3
	# 432,280 bytes for thirteen tools on 2026-11-26 (npt-diff, npt-fold
	# and npt-svg took it past the old 400 KB): a guard against a table or
	# a library pulled in by mistake, not against new tools
	[ "$size" -lt 512000 ] || flunk "bin/npt is $size bytes"
	for f in bin/npt-*.c; do
		t=$(basename "$f" .c)
		[ "$(readlink "bin/$t")" = npt ] || flunk "bin/$t is not a link to npt"
		run -0 "bin/$t" --version
		[ "$output" = "$t (npt) $(sed -n 's/^VERSION = //p' config.mk)" ] || flunk "$output"
	done
	run -0 bin/npt synth -c 1 -i 1 -F events
	# 2 clock and 2 role lines, the header, an INVOKE and 96 layers
	[ "${#lines[@]}" -eq 102 ]
	run -2 bin/npt nosuch
	[ "${lines[0]}" = "npt: unknown tool: nosuch" ]
}
