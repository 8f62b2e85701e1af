#!/usr/bin/env bats
# The C unit tests of lib/ (tests/unit/lib-test.c), run as one TAP stream.
load test_helper

@test "lib: every unit test passes" {
	run "$NPT_UNITDIR/lib-test"
	[ "$status" -eq 0 ] || flunk "$(printf '%s\n' "$output" | grep '^not ok')"
	[[ $output == *"1.."* ]]
	[[ $output != *"not ok"* ]]
}

@test "lib: the reader rejects the first unknown or cut escape of a stream, wherever it falls in the 64-byte blocks (python)" {
	# 400 streams (100 against a sanitizer or qemu build) of lines of
	# random length (escapes, long fields, blocks of 64 bytes ending
	# inside a line or holding the next line's backslash); python names
	# the first bad escape and its column
	n=$(variant_n 400 100)
	python3 - "$n" <<-'EOF2'
	import random, sys
	r = random.Random(15)
	good = [b"\\t", b"\\n", b"\\r", b"\\\\", b"\\0"]
	for case in range(int(sys.argv[1])):
	    lines, want = [b"#ts_cyc\tdur_cyc\ttrack\top\tname\tx"], b""
	    for ln in range(r.randrange(1, 6)):
	        f = [b"%d" % (10 * ln), b"5", b"core0"]
	        for c in range(3):
	            s = b""
	            for k in range(r.choice([0, 3, 20, 70])):
	                s += r.choice([b"a", b"b", b"z"] + good)
	            f.append(s)
	        if not want and r.random() < 0.4:
	            c = r.randrange(3, 6)
	            kind = r.randrange(3)
	            if kind == 0:
	                f[c] += b"\\q" + f[c][:r.randrange(3)]
	                msg = b'unknown escape "\\q" (escapes are \\t \\n \\r \\\\ \\0)'
	            elif kind == 1:
	                f[c] += b"\\"
	                msg = b"backslash at the end of the field (write \\\\ for a backslash)"
	            else:
	                f[c] = b"\\\x01" + f[c]
	                msg = b"unknown escape: backslash before byte 0x01 (escapes are \\t \\n \\r \\\\ \\0)"
	            name = [b"ts_cyc", b"dur_cyc", b"track", b"op", b"name", b"x"][c]
	            want = b"npt-agg: c%d.tsv:%d: column %s: %s" % (case, len(lines) + 1, name, msg)
	        lines.append(b"\t".join(f))
	    open("c%d.tsv" % case, "wb").write(b"\n".join(lines) + b"\n")
	    open("c%d.want" % case, "wb").write(want + b"\n" if want else b"")
	EOF2
	for i in $(seq 0 $((n - 1))); do
		rc=0
		npt-agg -k op --no-self "c$i.tsv" > /dev/null 2> "c$i.err" || rc=$?
		if [ -s "c$i.want" ]; then
			[ "$rc" -eq 1 ] || flunk "c$i.tsv: exit $rc"
		else
			[ "$rc" -eq 0 ] || flunk "c$i.tsv: exit $rc: $(cat "c$i.err")"
		fi
		cmp -s "c$i.want" "c$i.err" || flunk "c$i.tsv: $(cat "c$i.err") want $(cat "c$i.want")"
	done
}

@test "lib: a header of 400,000 columns is read in linear time, a name repeated at its far end found" {
	# the pairwise check took minutes for this header (30 s at 200,000); hashed
	# well under a second (bench/shapes.sh measures the growth)
	python3 -c '
import sys
n = 400000
sys.stdout.write("#ts_cyc\tdur_cyc\t" + "\t".join("c%d" % i for i in range(n)) + "\n")
sys.stdout.write("1\t2\t" + "\t".join("x" for i in range(n)) + "\n")' > wide.tsv
	run --separate-stderr -0 timeout 60 npt-agg -k c399999 -q none --no-self wide.tsv
	[ "${lines[1]%%	*}" = x ]
	# the same header with its last column named like its 7th
	sed '1s/\tc399999$/\tc5/' wide.tsv > dup.tsv
	run --separate-stderr -1 timeout 60 npt-agg -k c5 dup.tsv
	assert_stderr 'npt-agg: dup.tsv:1: header: duplicate column name'
	# and a short header (the pairwise path) the same
	printf '#dur_cyc\top\top\n' > short.tsv
	run --separate-stderr -1 npt-agg short.tsv
	assert_stderr 'npt-agg: short.tsv:1: header: duplicate column name'
}
