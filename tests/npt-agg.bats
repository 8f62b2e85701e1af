#!/usr/bin/env bats
# npt-agg: per-group statistics, checked against an independent Python
# computation (tests/helpers/agg_ref.py) and hand-worked values.
load test_helper

GEN="$NPT_ROOT/tests/helpers/gen_events.py"
REF="$NPT_ROOT/tests/helpers/agg_ref.py"

gen() {
	python3 "$GEN" "$@"
}

@test "agg: every statistic equals the independent computation, for each unit and key" {
	for u in cyc ns us ms; do
		for s in 1 2; do
			gen "$s" 400 "$u" > ev.tsv
			for k in op id track op,track extra; do
				npt-agg -k "$k" ev.tsv > got
				python3 "$REF" -k "$k" < ev.tsv > want
				cmp -s got want || flunk "unit $u seed $s -k $k: $(diff want got | head -5)"
			done
		done
	done
}

# Two streams joined with cat: the first says ctrl0 is a control core, the
# second (an import, say) has no roles.
roles() {
	printf '## clock.ctrl0=1MHz\n## role.ctrl0=control\n## role.core0=compute\n'
	printf '#ts_cyc\tdur_cyc\ttrack\top\n0\t100\tctrl0\tINVOKE\n10\t30\tcore0\tA\n'
	printf '50\t40\tcore\\t1\tB\n60\t0\tctrl0\tSYNC\n70\t20\t\tC\n'
}

@test "agg: control tracks are left out by default, -t counts the tracks it names" {
	roles > ev.tsv
	run -0 sh -c 'npt-agg -q none --no-self -k op,track ev.tsv | cut -f1-5'
	assert_output <<-'EOF'
	#op	track	count	total_cyc	share_pct
	B	core\t1	1	40	44.445
	A	core0	1	30	33.333
	C		1	20	22.222
	*	*	3	90	100.000
	EOF
	# -t matches the track as written, escapes undone; repeated, any match counts
	run -0 sh -c 'npt-agg -q none --no-self -k track -t "ctrl*" -t "core	*" ev.tsv | cut -f1,2,3'
	assert_output <<-'EOF'
	#track	count	total_cyc
	ctrl0	2	100
	core\t1	1	40
	*	3	140
	EOF
	run -0 sh -c 'npt-agg -q none -t "*" ev.tsv | cut -f1,2,3'
	assert_output <<-'EOF'
	#op	count	total_cyc
	INVOKE	1	100
	B	1	40
	A	1	30
	C	1	20
	SYNC	1	0
	*	5	190
	EOF
	# a stream that names no control track loses nothing
	grep -v role ev.tsv > none.tsv
	run -0 sh -c 'npt-agg -q none none.tsv | tail -n1 | cut -f1,2,3'
	assert_output "*	5	190"
}

@test "agg: many control tracks, roles that change, and -t '*' among patterns" {
	# 7 control tracks (more than are compared one by one), ctl3 made a
	# compute track again by a later line, one compute track per control
	# track; the sums per track by awk from the last role of each track
	awk 'BEGIN {
		for (i = 0; i < 7; i++) print "## role.ctl" i "=control"
		print "## role.ctl3=compute"
		print "#ts_cyc\tdur_cyc\ttrack\top"
		for (i = 0; i < 700; i++)
			print i "\t" (i * 7919) % 1000 "\t" (i % 2 ? "core" : "ctl") int(i / 2) % 7 "\tOP"
	}' > ev.tsv
	awk -F'\t' '/^## role\./ { split(substr($0, 9), kv, "="); r[kv[1]] = kv[2]; next }
		/^#/ { next } r[$3] != "control" { n++; t += $2 }
		END { print n "\t" t }' ev.tsv > want
	[ "$(cut -f1 want)" -eq 400 ]
	for self in --no-self ""; do
		# shellcheck disable=SC2086
		npt-agg -q none $self ev.tsv | awk -F'\t' '$1 == "*" { print $2 "\t" $3 }' > got
		cmp want got || flunk "npt-agg $self: $(cat got) against $(cat want)"
	done
	# the same with at most the few compared one by one: ctl0..ctl3 only
	grep -v 'role.ctl[456]' ev.tsv > few.tsv
	awk -F'\t' '/^#/ { next } $3 !~ /^ctl[012]$/ { n++; t += $2 } END { print n "\t" t }' few.tsv > want
	npt-agg -q none few.tsv | awk -F'\t' '$1 == "*" { print $2 "\t" $3 }' > got
	cmp want got
	npt-overlap few.tsv > ov
	awk -F'\t' '/^#/ { next } $3 !~ /^ctl[012]$/ { print $3 }' few.tsv | sort -u > want
	awk -F'\t' '$1 == "track" { print $2 }' ov | sort > got
	cmp want got || flunk "overlap tracks: $(diff want got)"
	# "*" among other patterns counts every track, control ones too
	awk -F'\t' '!/^#/ { n++; t += $2 } END { print n "\t" t }' ev.tsv > want
	npt-agg -q none -t 'ctl1' -t '*' ev.tsv | awk -F'\t' '$1 == "*" { print $2 "\t" $3 }' > got
	cmp want got
}

@test "agg: -k iter and -k op,iter give the layers' time per inference" {
	npt-decode "$NPT_ROOT"/examples/data/yolov8s/*.bin > ev.tsv
	# per inference, the start of its INVOKE and the layers that start
	# inside it, found by awk from ts alone
	awk -F'\t' '/^#/ { next } $4 == "INVOKE" { n++; b[n] = $1; e[n] = $1 + $2; a[n] = $12; next }
		$3 ~ /^core/ { for (i = 1; i <= n; i++) if ($1 >= b[i] && $1 < e[i]) { c[a[i]]++; t[a[i]] += $2 } }
		END { for (k in c) print k "\t" c[k] "\t" t[k] }' ev.tsv | sort > want
	[ "$(wc -l < want)" -eq 10 ]
	npt-agg -k iter -q none ev.tsv | awk -F'\t' '!/^#/ && $1 != "*" { print $1 "\t" $2 "\t" $3 }' | sort > got
	cmp want got
	# op,iter: 12 types in each of 10 inferences, each the sum of its layers
	awk -F'\t' '/^#/ || $3 !~ /^core/ { next } { t[$4 "\t" $13] += $2 }
		END { for (k in t) print k "\t" t[k] }' ev.tsv | sort > want
	[ "$(wc -l < want)" -eq 120 ]
	npt-agg -k op,iter -q none ev.tsv | awk -F'\t' '!/^#/ && $1 != "*" { print $1 "\t" $2 "\t" $4 }' | sort > got
	cmp want got
}

@test "agg: numeric-looking keys are grouped by their text, not their value" {
	# 7 and 007 are two groups; values at and past the direct-lookup limit
	# (65536), signs and spaces stay text too
	awk 'BEGIN {
		print "#ts_cyc\tdur_cyc\ttrack\top\tid\textra"
		n = split("7 007 0 00 65535 65536 4294967296 -1 +7 7.0 1e3 x7", id, " ")
		for (i = 0; i < 600; i++)
			print i "\t" (i * 7919) % 1000 "\tcore" i % 2 "\tOP\t" id[i % n + 1] "\tx"
	}' > ev.tsv
	for k in id id,track; do
		npt-agg -k "$k" ev.tsv > got
		python3 "$REF" -k "$k" < ev.tsv > want
		cmp -s got want || flunk "-k $k: $(diff want got | head -5)"
	done
	[ "$(npt-agg -k id ev.tsv | grep -c '^0*7	')" -eq 2 ]
}

@test "agg: self time subtracts direct children on the same track (hand-worked)" {
	run -0 sh -c "npt-agg -s op '$FIXTURES/agg/nested.tsv' | cut -f1,2,3,12"
	assert_output <<-'EOF'
	#op	count	total_cyc	self_cyc
	INNER	3	90	80
	LEAF	1	10	10
	OUTER	2	105	55
	*	6	205	145
	EOF
}

@test "agg: yolov8s per-type shares match the vendor's table summed by type" {
	npt-synth -j 0 -F events | npt-agg > got
	awk -F'\t' '!/^#/ { s[$2] += $3 } END { for (k in s) printf "%s\t%.3f\n", k, s[k] }' \
		"$NPT_ROOT/examples/data/yolov8s_ops.tsv" | sort > vendor
	awk -F'\t' '!/^#/ && $1 != "*" { print $1 "\t" $4 }' got | sort > ours
	[ "$(wc -l < ours)" -eq 12 ]
	join -t "$(printf '\t')" vendor ours | awk -F'\t' '
		{ d = $2 - $3; if (d < 0) d = -d; if (d > 0.01) { print "differs: " $0; bad = 1 } }
		END { exit bad }'
	cmp "$NPT_ROOT/examples/data/yolov8s_ops.tsv" "$NPT_ROOT/../shared/corpus/sigmastar/yolov8s_ops.tsv" ||
		[ ! -e "$NPT_ROOT/../shared/corpus/sigmastar/yolov8s_ops.tsv" ]
}

@test "agg: shares sum to exactly 100 at the printed precision" {
	gen 7 3000 > ev.tsv
	for k in id op,id extra,id,track; do
		npt-agg -k "$k" ev.tsv | awk -F'\t' -v k="$k" '
			NR == 1 { for (i = 1; i <= NF; i++) if ($i == "share_pct") c = i }
			NR > 1 && $1 != "*" { s += $c * 1000; n++ }
			END { if (s != 100000 || n < 20) { print k, s, n; exit 1 } }'
	done
}

@test "agg: -s id sorts by operator index (the \"each\" view), -r reverses" {
	gen 3 300 > ev.tsv
	npt-agg -k id -s id ev.tsv | awk -F'\t' 'NR > 1 && $1 != "*" { print $1 }' > got
	awk -F'\t' '!/^#/ { print $5 }' ev.tsv | sort -un > want
	cmp got want
	npt-agg -k id -s id -r ev.tsv | awk -F'\t' 'NR > 1 && $1 != "*" { print $1 }' > got
	sort -unr want | cmp - got
	npt-agg -k id -s count ev.tsv | awk -F'\t' 'NR > 1 && $1 != "*" { print $2 }' > got
	sort -nr got | cmp - got
	npt-agg -k id -s total_cyc ev.tsv | cmp - <(npt-agg -k id ev.tsv)
	# -r reverses ties too: the lines but the header and * in the order
	# of the table without -r, backwards (many ops share a count)
	npt-agg -k op -s count ev.tsv | awk 'NR > 1 && $1 != "*"' > fwd
	npt-agg -k op -s count -r ev.tsv | awk 'NR > 1 && $1 != "*"' > got
	[ "$(cut -f2 fwd | sort | uniq -d | wc -l)" -gt 0 ]
	tac fwd | cmp - got
}

@test "agg: -s on a numeric key orders every number form by value, as python's decimals" {
	# leading zeros, no integer part (.7), signs, -0, trailing zeros and
	# long decimals; text keys after the numbers, in byte order; equal
	# values (0, -0, .0, 00.00) in byte order
	python3 -c '
import random
r = random.Random(5)
def num():
	i = r.choice(["", "0", "00", "7", "1", "10", "007", str(r.randrange(10**r.randrange(1, 26)))])
	f = r.choice(["", "", "." + "".join(r.choice("0123456789") for _ in range(r.randrange(1, 31))),
		".0", ".5", ".50", ".7", ".07", ".6"])
	if i == "" and f == "":
		f = ".0"
	return r.choice(["", "-"]) + i + f
print("#dur_cyc\tid")
for k in [num() for _ in range(800)] + ["0", "-0", ".0", "00.00", "x", "7.", "+7", "1e3", "", "-"]:
	print("1\t" + k)
' > ev.tsv
	python3 -c '
import re, sys
from decimal import Decimal
ks = set(l.rstrip("\n").split("\t")[1] for l in open("ev.tsv") if not l.startswith("#"))
isnum = lambda k: re.fullmatch(r"-?(\d+(\.\d+)?|\.\d+)", k) is not None
num = sorted((k for k in ks if isnum(k)), key=lambda k: (Decimal(k), k.encode()))
txt = sorted((k for k in ks if not isnum(k)), key=lambda k: k.encode())
open("want", "w").write("".join(k + "\n" for k in num + txt))
'
	[ "$(wc -l < want)" -gt 200 ]
	npt-agg -k id -s id -q none --no-self ev.tsv | awk -F'\t' 'NR > 1 && $1 != "*"' | cut -f1 > got
	cmp want got || flunk "$(diff want got | head -6)"
	npt-agg -k id -s id -r -q none --no-self ev.tsv | awk -F'\t' 'NR > 1 && $1 != "*"' | cut -f1 > got
	tac want | cmp - got
}

@test "agg: the totals line is the last, with * in every key column" {
	gen 4 200 > ev.tsv
	run -0 npt-agg -k op,track ev.tsv
	[[ ${lines[-1]} == "*	*	"* ]]
	[ "$(printf '%s\n' "$output" | grep -c '^\*	')" -eq 1 ]
	want=$(awk -F'\t' '!/^#/ { n++; s += $2 } END { print n "\t" s }' ev.tsv)
	[ "$(printf '%s\n' "${lines[-1]}" | cut -f3,4)" = "$want" ]
}

@test "agg: -p aligns the table for people with a cumulative share" {
	gen 5 300 > ev.tsv
	run -0 npt-agg -k id -p ev.tsv
	[[ ${lines[0]} == id*count*total_cyc*share*cum*avg_cyc* ]]
	# every line as wide as the header; numbers right-aligned
	w=${#lines[0]}
	for l in "${lines[@]}"; do [ "${#l}" -eq "$w" ] || flunk "width ${#l}: $l"; done
	[[ ${lines[-2]} == -----* ]]
	[[ ${lines[-1]} == total* ]]
	[ "$(printf '%s\n' "${lines[-3]}" | awk '{ print $5 }')" = "100.00%" ]
	# the cumulative column is the running sum of the shares
	printf '%s\n' "$output" | awk 'NR > 1 && $1 !~ /^(-|total)/ {
		c += sprintf("%.0f", $4 * 100)
		if (c != sprintf("%.0f", $5 * 100)) { print; exit 1 } }'
}

@test "agg: -q none and --no-self drop their columns; --no-self takes unsorted input" {
	gen 6 200 > ev.tsv
	run -0 npt-agg -q none --no-self ev.tsv
	[ "${lines[0]}" = "#op	count	total_cyc	share_pct	avg_cyc	min_cyc	max_cyc	stddev_cyc" ]
	python3 "$REF" -q none --no-self < ev.tsv > want
	[ "$output" = "$(cat want)" ]
	(head -n 2 ev.tsv; tail -n +3 ev.tsv | sort -r) > shuffled.tsv
	npt-agg --no-self shuffled.tsv > a
	npt-agg --no-self ev.tsv > b
	cmp a b
}

@test "agg: sketch quantiles are within 1% of the exact ones" {
	python3 -c '
import random
r = random.Random(3)
print("#dur_cyc\top")
for i in range(20000):
    print("%d\t%s" % (int(r.lognormvariate(10, 2)), r.choice("ABCD")))' > ev.tsv
	npt-agg ev.tsv | cut -f1,8-10 | sort > ex.out
	npt-agg -q sketch ev.tsv | grep -v '^##' | cut -f1,8-10 | sort > sk.out
	[ "$(head -n1 sk.out)" = "$(head -n1 ex.out)" ]
	paste ex.out sk.out | awk -F'\t' 'NR > 1 && $1 != "*" {
		for (i = 2; i <= 4; i++) { e = $i; s = $(i + 4); d = (s - e) / e
			if (d < 0) d = -d; if (d > 0.01) { print; exit 1 }; n++ } }
		END { if (n != 12) exit 1 }'
	npt-agg -q sketch ev.tsv | head -n1 | grep -qx '## npt-agg.quantiles=sketch'
}

@test "agg: sketch quantiles from 2^63 to 2^64-1 cycles are within 1/128; past 2^64-1 ps is an error" {
	python3 -c '
import random
r = random.Random(5)
print("#dur_cyc\top")
for i in range(2000):
    print("%d\t%s" % (r.randrange(2**63, 2**64), r.choice("AB")))' > big.tsv
	npt-agg --no-self big.tsv | cut -f1,8-10 | sort > ex.out
	npt-agg --no-self -q sketch big.tsv | grep -v '^##' | cut -f1,8-10 | sort > sk.out
	# the exact and sketch percentiles, as integers (python: no float)
	paste ex.out sk.out | python3 -c '
import sys
n = 0
for l in sys.stdin.read().split("\n")[1:]:
    f = l.split("\t")
    if len(f) < 8 or f[0] == "*":
        continue
    for i in (1, 2, 3):
        e, s = int(f[i]), int(f[i + 4])
        assert abs(s - e) * 128 <= e, (f[0], e, s)
        n += 1
assert n == 6, n'
	# 2^64 ps and more: a located error, where it had given one bucket
	printf '#dur_ns\top\n1\tA\n18446744073709552\tA\n' > ps.tsv
	run --separate-stderr -1 npt-agg -q sketch ps.tsv
	assert_stderr "npt-agg: ps.tsv:3: column dur_ns: past the range of -q sketch (2^64-1 ps, 213 days): give -q exact"
	printf '#dur_ns\top\n1\tA\n18446744073709551\tA\n' > ps.tsv
	run -0 npt-agg -q sketch ps.tsv
	run -0 npt-agg ps.tsv
}

@test "agg: --merge of partials of any split equals one pass (exact, sketch, none)" {
	npt-synth -i 30 -F events > ev.tsv
	gen 8 600 >> ev.tsv
	n=$(wc -l < ev.tsv)
	for q in exact sketch none; do
		for pieces in 2 3 7; do
			rm -f piece.*
			# split at any line; a piece starts with the metadata and
			# the header in force there
			awk -v n=$((n / pieces + 1)) '/^##/ { m = m $0 "\n" } /^#[^#]/ { h = $0 }
				(NR - 1) % n == 0 { f = sprintf("piece.%02d.tsv", (NR - 1) / n)
					if (NR > 1 && !/^#/) printf "%s%s\n", m, h > f }
				{ print > f }' ev.tsv
			for p in piece.*.tsv; do npt-agg -q "$q" --no-self --partial "$p" > "$p.part"; done
			npt-agg --merge piece.*.part > got
			npt-agg -q "$q" --no-self ev.tsv > want2
			cmp got want2 || flunk "$q in $pieces pieces: $(diff want2 got | head -3)"
		done
	done
}

@test "agg: --merge of partials sorted by sort(1), or in any order, equals one pass, whatever the keys" {
	# keys that sort before '#' in byte order (empty, space, '!', '"' as
	# every loc starts, a control byte), escapes, a key starting with '#'
	python3 - <<-'EOF'
	import random
	r = random.Random(15)
	ops = [b"", b" sp", b"!bang", b'"q', b"\x01ctl", b"a\\tb", b"\\tlead",
	    b"\\\\", b"#hash", b"##meta=1", b"zz", b"\xc3\xa9"]
	locs = [b"", b'"m.onnx":12:3', b'"conv1"("m.onnx":1:2)', b"unknown"]
	with open("ev.tsv", "wb") as f:
	    f.write(b"#dur_us\top\tloc\n")
	    for i in range(3000):
	        f.write(b"%d.%03d\t%s\t%s\n" % (r.randrange(100), r.randrange(1000),
	            r.choice(ops), r.choice(locs)))
	EOF
	head -n 1001 ev.tsv > p1.tsv
	(head -n 1 ev.tsv; sed -n '1002,2001p' ev.tsv) > p2.tsv
	(head -n 1 ev.tsv; tail -n +2002 ev.tsv) > p3.tsv
	for k in op loc op,loc; do
		for q in exact sketch; do
			npt-agg -k "$k" -q "$q" ev.tsv > want
			for p in p1 p2 p3; do npt-agg -k "$k" -q "$q" --partial "$p.tsv" > "$p.part"; done
			cat p?.part | LC_ALL=C sort > s1
			cat p?.part | sort > s2
			cat p?.part | LC_ALL=C.UTF-8 sort > s3
			cat p?.part | sort -r > s4
			# any order (busybox shuf cannot be seeded)
			cat p?.part | python3 -c 'import random, sys; l = sys.stdin.buffer.readlines(); random.Random(1).shuffle(l); sys.stdout.buffer.writelines(l)' > s5
			for s in s1 s2 s3 s4 s5; do
				npt-agg -k "$k" --merge "$s" > got
				cmp want got || flunk "-k $k -q $q, $s: $(diff want got | head -4)"
			done
			for p in p1 p2 p3; do LC_ALL=C sort "$p.part" > "$p.sorted"; done
			npt-agg -k "$k" --merge p1.sorted p2.sorted p3.sorted > got
			cmp want got
			# every data line starts with '=', so a key starting with
			# '#' or '##' is data in the partial too
			[ "$(grep -c '^=' p1.part)" -eq "$(grep -vc '^#' p1.part)" ]
			[ "$k" = loc ] || grep -q '^=#hash' p1.part
		done
	done
}

@test "agg: --merge of partials whose values are out of order, repeated or split, at any -S, equals one pass" {
	# npt-agg writes a group's values ascending, equal ones as v*n; the
	# merge takes any order too: each line's values are shuffled here, a
	# v*n split into v*a,v*b, in a third of the lines, and kept ascending
	# with equal values side by side (v*a,v*b) in another third
	gen 3 3000 us > ev.tsv
	head -n 1500 ev.tsv > a.tsv
	(grep '^#' ev.tsv; tail -n +1501 ev.tsv) > b.tsv
	# (without self time, which a split at any line changes)
	for p in a b; do npt-agg --no-self --partial "$p.tsv" > "$p.part"; done
	python3 - a.part b.part <<-'EOF'
	import random, sys
	r = random.Random(7)
	for name in sys.argv[1:]:
	    out = []
	    for i, line in enumerate(open(name)):
	        if line.startswith("="):
	            f = line.rstrip("\n").split("\t")
	            items = []
	            for it in f[-1].split(","):
	                v, _, n = it.partition("*")
	                n = int(n or 1)
	                if n > 1 and i % 3 != 2:
	                    a = r.randrange(1, n)
	                    items += ["%s*%d" % (v, a) if a > 1 else v,
	                        "%s*%d" % (v, n - a) if n - a > 1 else v]
	                else:
	                    items.append(it)
	            if i % 3 == 0:
	                r.shuffle(items)
	            f[-1] = ",".join(items)
	            line = "\t".join(f) + "\n"
	        out.append(line)
	    open(name + ".x", "w").writelines(out)
	EOF
	if cmp -s a.part a.part.x; then flunk "a.part.x is a.part"; fi
	npt-agg --no-self ev.tsv > want
	for S in 4096 65536 8M; do
		npt-agg -S "$S" --merge a.part.x b.part.x > got
		cmp want got || flunk "-S $S: $(diff want got | head -4)"
		cat a.part.x b.part.x | npt-agg -S "$S" --merge > got
		cmp want got || flunk "-S $S, one input: $(diff want got | head -4)"
		npt-agg -S "$S" --merge --partial a.part.x b.part.x | npt-agg --merge > got
		cmp want got || flunk "-S $S, in stages: $(diff want got | head -4)"
	done
}

@test "agg: partials merge in stages and carry skipped events" {
	gen 9 300 > ev.tsv
	head -n 150 ev.tsv > a.tsv
	(sed -n 2p ev.tsv; tail -n +151 ev.tsv) > b.tsv
	npt-agg -q sketch --partial a.tsv > a.part
	npt-agg -q sketch --partial b.tsv > b.part
	npt-agg --merge --partial a.part | npt-agg --merge - b.part > got
	npt-agg --merge a.part b.part > want
	cmp got want
}

@test "agg: the GNU parallel recipe gives the one-pass table" {
	command -v parallel >/dev/null || skip "GNU parallel is not installed"
	npt-synth -i 100 -F events > ev.tsv
	parallel --pipe --block 100k --header '(#.*\n)*' -j 2 npt-agg --partial -q sketch < ev.tsv |
		npt-agg --merge > got
	npt-agg -q sketch ev.tsv > want
	cmp got want
	# 12 op types (the control core's INVOKEs left out) and the totals
	[ "$(grep -vc '^#' got)" -eq 13 ]
}

@test "agg: input in microseconds keeps its decimals and names the unit" {
	printf '#ts_us\tdur_us\ttrack\top\n0.000\t1.500\tc\tA\n2\t2.25\tc\tA\n5\t0.001\tc\tB\n' > ev.tsv
	run -0 npt-agg ev.tsv
	assert_output <<-'EOF'
	#op	count	total_us	share_pct	avg_us	min_us	max_us	median_us	p90_us	p99_us	stddev_us	self_us
	A	2	3.750	99.973	1.8750	1.500	2.250	1.500	2.250	2.250	0.5303	3.750
	B	1	0.001	0.027	0.0010	0.001	0.001	0.001	0.001	0.001		0.001
	*	3	3.751	100.000	1.2503	0.001	2.250				1.1451	3.751
	EOF
}

@test "agg: self time needs ts order per track: the first line out of order is named" {
	printf '#ts_cyc\tdur_cyc\ttrack\top\n10\t5\tc0\tA\n5\t1\tc1\tA\n4\t1\tc0\tB\n' > ev.tsv
	run --separate-stderr -1 npt-agg ev.tsv
	assert_stderr 'npt-agg: ev.tsv:4: column ts_cyc: out of order on track c0: "4" after 10 (self time needs events sorted by start per track: sort them, or give --no-self)'
	run -0 npt-agg --no-self ev.tsv
	# the start before it with the fewest decimals that write it, not
	# the unit's (100, not 100.000 ns)
	printf '#ts_ns\tdur_ns\ttrack\top\n100\t5\tc\tA\n0\t5\tc\tA\n' > ns.tsv
	run --separate-stderr -1 npt-agg ns.tsv
	assert_stderr 'npt-agg: ns.tsv:3: column ts_ns: out of order on track c: "0" after 100 (self time needs events sorted by start per track: sort them, or give --no-self)'
	printf '#ts_us\tdur_us\ttrack\top\n100.250\t5\tc\tA\n0\t5\tc\tA\n' > us.tsv
	run --separate-stderr -1 npt-agg us.tsv
	assert_stderr 'npt-agg: us.tsv:3: column ts_us: out of order on track c: "0" after 100.25 (self time needs events sorted by start per track: sort them, or give --no-self)'
}

@test "agg: events that share a start nest longest first; a shorter one first is a located error naming both lines" {
	# OUTER [0,10) holds INNER [0,5): self 10 - 5 = 5 and 5
	printf '#ts_cyc\tdur_cyc\ttrack\top\n0\t10\tc0\tOUTER\n0\t5\tc0\tINNER\n' > good.tsv
	run -0 sh -c 'npt-agg -s op good.tsv | cut -f1,3,12'
	assert_output <<-'EOF'
	#op	total_cyc	self_cyc
	INNER	5	5
	OUTER	10	5
	*	15	10
	EOF
	# INNER first: self 10 and 5, 15 on a track busy for 10
	printf '#ts_cyc\tdur_cyc\ttrack\top\n0\t5\tc0\tINNER\n0\t3\tc1\tX\n0\t10\tc0\tOUTER\n' > bad.tsv
	msg="which ends sooner (self time needs events sorted by start per track, ties longest first: sort ties by duration, longest first, or give --no-self)"
	run -1 --separate-stderr npt-agg bad.tsv
	[ -z "$output" ]
	assert_stderr "npt-agg: bad.tsv:4: track c0: same start as the event of line 2, $msg"
	run -0 npt-agg --no-self bad.tsv
	printf '#ts_cyc\tdur_cyc\ttrack\top\n0\t5\tc0\tINNER\n' > a.tsv
	printf '#ts_cyc\tdur_cyc\ttrack\top\n0\t10\tc0\tOUTER\n' > b.tsv
	run -1 --separate-stderr npt-agg a.tsv b.tsv
	assert_stderr "npt-agg: b.tsv:2: track c0: same start as the event of a.tsv:2, $msg"
}

@test "agg: several files are one stream: roles hold and self time nests across them; runs restarting at 0 are a located error" {
	# a.tsv makes c a control track and opens P [0, 100) on x; b.tsv has
	# no roles, and its C [20, 70) on x is P's child: by hand, P's self
	# time is 100 - 50, and Q on c is left out in both files
	printf '## role.c=control\n#ts_cyc\tdur_cyc\ttrack\top\n0\t100\tx\tP\n10\t5\tc\tQ\n' > a.tsv
	printf '#ts_cyc\tdur_cyc\ttrack\top\n20\t50\tx\tC\n30\t7\tc\tQ\n' > b.tsv
	run -0 sh -c 'npt-agg -q none a.tsv b.tsv | cut -f1,2,3,9'
	assert_output <<-'EOF'
	#op	count	total_cyc	self_cyc
	P	1	100	50
	C	1	50	50
	*	2	150	100
	EOF
	[ "$(cat a.tsv b.tsv | npt-agg)" = "$(npt-agg a.tsv b.tsv)" ]
	[ "$(npt-agg - b.tsv < a.tsv)" = "$(npt-agg a.tsv b.tsv)" ]
	# b.tsv first: the table counts its Q (no role yet), and a.tsv's P
	# starts before C on x: the error names the file of the event before
	run --separate-stderr -1 npt-agg b.tsv a.tsv
	assert_stderr 'npt-agg: a.tsv:3: column ts_cyc: out of order on track x: "0" after 20 in b.tsv (the files are one stream: give --no-self, or merge the --partial of each)'
	run --separate-stderr -1 npt-agg - a.tsv < b.tsv
	assert_stderr 'npt-agg: a.tsv:3: column ts_cyc: out of order on track x: "0" after 20 in <stdin> (the files are one stream: give --no-self, or merge the --partial of each)'
	# as runs: without self time, or each file's own table merged, whose
	# roles are its own (b.tsv's Q counts) and whose events nest among
	# themselves (P's self time is its total)
	run -0 sh -c 'npt-agg --no-self -q none b.tsv a.tsv | cut -f1,2,3'
	assert_output <<-'EOF'
	#op	count	total_cyc
	P	1	100
	C	1	50
	Q	1	7
	*	3	157
	EOF
	for f in b.tsv a.tsv; do npt-agg --partial "$f"; done > parts
	run -0 sh -c 'npt-agg --merge -q none parts | cut -f1,2,3,9'
	assert_output <<-'EOF'
	#op	count	total_cyc	self_cyc
	P	1	100	100
	C	1	50	50
	Q	1	7	7
	*	3	157	157
	EOF
}

@test "agg: times since the epoch (us with 3 decimals, ns) equal the independent computation; rebased, the same table" {
	for u in us ns; do
		base=1712195495406752.797
		[ "$u" = ns ] && base=1712195495406752797
		for s in 1 2; do
			gen "$s" 300 "$u" nest "$base" > ev.tsv
			sed -n 3p ev.tsv | grep -q '^1712195495406752' || flunk "no epoch times"
			npt-agg ev.tsv > got
			python3 "$REF" < ev.tsv > want
			cmp -s got want || flunk "$u seed $s: $(diff want got | head -5)"
			npt-agg -q none --no-self ev.tsv > got2
			python3 "$REF" -q none --no-self < ev.tsv > want
			cmp -s got2 want || flunk "$u seed $s -q none: $(diff want got2 | head -5)"
			python3 "$NPT_ROOT/tests/helpers/rebase.py" < ev.tsv > rebased.tsv
			[ "$(sed -n 3p rebased.tsv | cut -f1)" = 0.000 ]
			npt-agg rebased.tsv | cmp - got || flunk "$u seed $s: rebased differs"
		done
	done
	# partials of a split merge to one pass, a value of 12 decimals too
	printf '1712195495408000.000000000001\t0.000000000003\tcore0\tADD\t1\tx0\n' >> ev.tsv
	{ head -n 2 ev.tsv; sed -n 3,150p ev.tsv; } > p1.tsv
	{ head -n 2 ev.tsv; tail -n +151 ev.tsv; } > p2.tsv
	for q in exact sketch none; do
		npt-agg -q "$q" --no-self --partial p1.tsv > a.part
		npt-agg -q "$q" --no-self --partial p2.tsv > b.part
		npt-agg --merge a.part b.part > got
		npt-agg -q "$q" --no-self ev.tsv | cmp - got || flunk "-q $q: merged differs"
	done
	grep -q '^ADD	.*\.[0-9]*3	' got
}

@test "agg: 12 decimals are exact; 10^25 units, a 13th decimal and 2^64 cycles are located errors" {
	printf '#ts_us\tdur_us\ttrack\top\n%s\n%s\n' \
	    '1712195495406752.797000000001	1.999999999999	c0	A' \
	    '1712195495406752.797000000002	0.000000000001	c0	A' > a.tsv
	run -0 npt-agg -q none a.tsv
	# total 2, avg 1 with 13 decimals; the outer event's self is 1.999999999998,
	# the group's 1.999999999999; sd = sqrt(2) 0.999999999999 = 1.41421356237168...
	[ "${lines[1]}" = "A	2	2.000000000000	100.000	1.0000000000000	0.000000000001	1.999999999999	1.4142135623717	1.999999999999" ]
	python3 -c 'from decimal import Decimal as D, getcontext, ROUND_HALF_UP
getcontext().prec = 60
print((2 * D("0.999999999999") ** 2).sqrt().quantize(D("1e-13"), ROUND_HALF_UP))' > want
	[ "$(printf '%s\n' "${lines[1]}" | cut -f8)" = "$(cat want)" ]
	printf '#dur_us\top\n9999999999999999999999999.999999999999\tA\n' > b.tsv
	run -0 npt-agg -q none b.tsv
	[ "$(printf '%s\n' "${lines[1]}" | cut -f3)" = 9999999999999999999999999.999999999999 ]
	printf '#dur_us\top\n10000000000000000000000000\tA\n' > c.tsv
	run --separate-stderr -1 npt-agg c.tsv
	assert_stderr 'npt-agg: c.tsv:2: column dur_us: too large: "10000000000000000000000000"'
	printf '#ts_ns\tdur_ns\ttrack\top\n1.0000000000001\t1\tc0\tA\n' > d.tsv
	run --separate-stderr -1 npt-agg d.tsv
	assert_stderr 'npt-agg: d.tsv:2: column ts_ns: too many decimal places: "1.0000000000001"'
	printf '#ts_cyc\tdur_cyc\ttrack\top\n0\t18446744073709551616\tc0\tA\n' > e.tsv
	run --separate-stderr -1 npt-agg e.tsv
	assert_stderr 'npt-agg: e.tsv:2: column dur_cyc: too large: "18446744073709551616"'
	# 18 durations just below 10^25 us: their self time passes 2^127 units of 10^-12
	{ echo '#dur_us	op'; for i in $(seq 18); do echo '9999999999999999999999999	A'; done; } > f.tsv
	run --separate-stderr -1 npt-agg f.tsv
	assert_stderr 'npt-agg: f.tsv:19: self time too large'
	run -0 npt-agg --no-self -q none f.tsv
	python3 -c 'print(18 * (10**25 - 1))' > want
	[ "$(printf '%s\n' "${lines[1]}" | cut -f3)" = "$(cat want)" ]
}

@test "agg: sums of squares past 2^256 and self times past 2^127 are errors; just below, exact" {
	# a duration of 10^25 - 1 us is v = (10^25 - 1) 10^12 units of 10^-12:
	# 1157 squares of it fit in 2^256, 1158 do not; 34^2 v^2 fits, 35^2 v^2
	# does not; 4 (n s2 - s1^2) of 17 such events and 17 of 0 fits, of 18
	# and 17 does not; 9 v fits in 2^127, 18 v does not
	python3 -c 'v = (10**25 - 1) * 10**12
assert 1157 * v * v < 2**256 <= 1158 * v * v
assert 34**2 * v * v < 2**256 <= 35**2 * v * v
assert 4 * (34 * 17 - 17**2) * v * v < 2**256 <= 4 * (35 * 18 - 18**2) * v * v
assert 9 * v < 2**127 <= 18 * v'
	big=9999999999999999999999999
	{ echo '#dur_us	op'; for i in $(seq 1158); do echo "$big	A"; done; } > a.tsv
	# the sum of squares of the events, with --partial (no statistics)
	run --separate-stderr -1 npt-agg --partial -q none --no-self a.tsv
	assert_stderr 'npt-agg: sum of squares too large'
	head -n 1158 a.tsv > b.tsv
	run -0 npt-agg --partial -q none --no-self b.tsv
	python3 -c 'print(1157 * ((10**25 - 1) * 10**12)**2)' > want
	[ "$(printf '%s\n' "${lines[6]}" | cut -f4)" = "$(cat want)" ]
	# the table's n s2 and s1^2
	head -n 36 a.tsv > c.tsv
	run --separate-stderr -1 npt-agg -q none --no-self c.tsv
	assert_stderr 'npt-agg: sum of squares too large'
	head -n 35 a.tsv > d.tsv
	run -0 npt-agg -q none --no-self d.tsv
	[ "$(printf '%s\n' "${lines[1]}" | cut -f2,8)" = "34	0.0" ]
	# the table's 4 (n s2 - s1^2), four times the variance's numerator
	{ echo '#dur_us	op'; for i in $(seq 17); do echo "$big	A"; echo "0	A"; done; } > e.tsv
	run -0 npt-agg -q none --no-self e.tsv
	python3 -c 'from decimal import Decimal as D, getcontext, ROUND_HALF_UP
getcontext().prec = 80
v = D(10**25 - 1)
print((v / 2 * (D(34) / 33).sqrt()).quantize(D("0.1"), ROUND_HALF_UP))' > want
	[ "$(printf '%s\n' "${lines[1]}" | cut -f8)" = "$(cat want)" ]
	echo "$big	A" >> e.tsv
	run --separate-stderr -1 npt-agg -q none --no-self e.tsv
	assert_stderr 'npt-agg: sum of squares too large'
	# self times of two groups, each of 9 such events, summed for the total
	{ echo '#dur_us	op'; for i in $(seq 9); do echo "$big	A"; echo "$big	B"; done; } > f.tsv
	run --separate-stderr -1 npt-agg -q none f.tsv
	assert_stderr 'npt-agg: self time too large'
	run -0 npt-agg -q none --no-self f.tsv
	python3 -c 'print(18 * (10**25 - 1))' > want
	[ "$(printf '%s\n' "${lines[3]}" | cut -f1,3)" = "*	$(cat want)" ]
	# P [0,D) holds 20 children [i,i+E) of 20 ops, each ending after the
	# one before, so all P's: P's self time falls below -2^127 at the
	# child python finds (it stayed at the last value, silently)
	E=9999999999999999999999979
	{ printf '#ts_us\tdur_us\ttrack\top\n0\t%s\tc\tP\n' "$big"; for i in $(seq 20); do printf '%d\t%s\tc\tC%d\n' "$i" "$E" "$i"; done; } > g.tsv
	want=$(python3 -c "print(next(k for k in range(1, 21) if ($big - k * $E) * 10**12 < -2**127) + 2)")
	run --separate-stderr -1 npt-agg -q none g.tsv
	assert_stderr "npt-agg: g.tsv:$want: self time too large"
}

@test "agg: self time and ts + dur at the top of the cycle range (by hand)" {
	printf '#ts_cyc\tdur_cyc\ttrack\top\tname\n0\t9223372036854775807\tcore0\tA\touter\n1\t5\tcore0\tA\tinner\n' > a.tsv
	run -0 npt-agg -k name a.tsv
	# outer: 2^63-1 cycles, minus its child's 5 = 9223372036854775802 self;
	# its share, 99.99999...%, takes the one unit of 0.001% left over
	[ "${lines[1]}" = "outer	1	9223372036854775807	100.000	9223372036854775807.0	9223372036854775807	9223372036854775807	9223372036854775807	9223372036854775807	9223372036854775807		9223372036854775802" ]
	[ "${lines[2]}" = "inner	1	5	0.000	5.0	5	5	5	5	5		5" ]
	# the total: 2^63 + 4 cycles, self (2^63 - 6) + 5; sd = (2^63 - 6) / sqrt(2)
	sd=$(python3 -c 'from math import isqrt; d = 2**63 - 6
print("%d.%d" % divmod((isqrt(4 * d * d * 100 // 2) + 1) // 2, 10))')
	[ "${lines[3]}" = "*	2	9223372036854775812	100.000	4611686018427387906.0	5	9223372036854775807				$sd	9223372036854775807" ]
	printf '#ts_cyc\tdur_cyc\ttrack\top\n18446744073709551615\t18446744073709551615\tcore0\tA\n18446744073709551615\t0\tcore0\tB\n' > b.tsv
	run -0 npt-agg -q none b.tsv
	[ "${lines[1]}" = "A	1	18446744073709551615	100.000	18446744073709551615.0	18446744073709551615	18446744073709551615		18446744073709551615" ]
	[ "${lines[2]}" = "B	1	0	0.000	0.0	0	0		0" ]
}

@test "agg: bad data is a located error" {
	printf '#ts_cyc\tdur_cyc\top\n1\t12x\tA\n' > a.tsv
	run --separate-stderr -1 npt-agg a.tsv
	assert_stderr 'npt-agg: a.tsv:2: column dur_cyc: not a number: "12x"'
	printf '#dur_us\top\n-1.5\tA\n' > b.tsv
	run --separate-stderr -1 npt-agg b.tsv
	assert_stderr 'npt-agg: b.tsv:2: column dur_us: negative: "-1.5"'
	printf '#dur_ns\top\n1.0000000000001\tA\n' > c.tsv
	run --separate-stderr -1 npt-agg c.tsv
	assert_stderr 'npt-agg: c.tsv:2: column dur_ns: too many decimal places: "1.0000000000001"'
	printf '#ts_cyc\top\n1\tA\n' > d.tsv
	run --separate-stderr -1 npt-agg d.tsv
	assert_stderr 'npt-agg: d.tsv:1: no duration column (dur_cyc, dur_ns, dur_us or dur_ms)'
	printf '#ts_cyc\tdur_us\top\n1\t1\tA\n' > e.tsv
	run --separate-stderr -1 npt-agg e.tsv
	assert_stderr 'npt-agg: e.tsv:1: ts_cyc and dur_us differ in unit (convert cycles with npt-time)'
	printf '#dur_cyc\tdur_us\top\n1\t1\tA\n' > f.tsv
	run --separate-stderr -1 npt-agg f.tsv
	assert_stderr 'npt-agg: f.tsv:1: two duration columns, dur_cyc and dur_us'
	printf '#dur_cyc\top\n1\tA\n#dur_us\top\n1\tA\n' > g.tsv
	run --separate-stderr -1 npt-agg g.tsv
	assert_stderr 'npt-agg: g.tsv:3: dur_us after dur_cyc: one unit per stream (convert cycles with npt-time)'
	printf '#dur_cyc\tname\n1\tA\n' > h.tsv
	run --separate-stderr -1 npt-agg h.tsv
	assert_stderr 'npt-agg: h.tsv:1: no column op in the header'
}

@test "agg: events with an empty duration are skipped with one warning" {
	printf '#dur_cyc\top\n\tINVOKE\n5\tA\n\tINVOKE\n' > ev.tsv
	run --separate-stderr -0 npt-agg ev.tsv
	assert_stderr 'npt-agg: warning: 2 events with an empty duration skipped'
	[ "${#lines[@]}" -eq 3 ]
}

@test "agg: one event with an empty duration is one warning, in the singular" {
	printf '#dur_cyc\top\n\tINVOKE\n5\tA\n' > ev.tsv
	run --separate-stderr -0 npt-agg ev.tsv
	assert_stderr 'npt-agg: warning: 1 event with an empty duration skipped'
}

@test "agg: two start columns are a located error" {
	printf '#ts_cyc\tts_us\tdur_cyc\top\n1\t1\t1\tA\n' > ev.tsv
	run --separate-stderr -1 npt-agg ev.tsv
	assert_stderr 'npt-agg: ev.tsv:1: two start columns, ts_cyc and ts_us'
}

@test "agg: usage errors exit 2 before reading input" {
	run --separate-stderr -2 npt-agg -q approx /nonexistent
	assert_stderr 'npt-agg: -q: not exact, sketch or none: "approx"'
	run --separate-stderr -2 npt-agg -s nosuch /nonexistent
	assert_stderr 'npt-agg: -s: no column "nosuch" in the output'
	run --separate-stderr -2 npt-agg -k op,,id /nonexistent
	assert_stderr 'npt-agg: -k: empty column name in "op,,id"'
	run --separate-stderr -2 npt-agg -k count /nonexistent
	assert_stderr 'npt-agg: -k: count is an output column'
	# the table's header would have a name twice, which npt-events(5)
	# forbids and every npt tool refuses: a key given twice, or a time
	# column's name in any unit (the stream's is not known yet)
	for c in total_us self_cyc avg_ns min_ms max_us median_cyc p90_ns p99_ms stddev_us; do
		run --separate-stderr -2 npt-agg -k "op,$c" /nonexistent
		assert_stderr "npt-agg: -k: $c is an output column"
	done
	run --separate-stderr -2 npt-agg -k op,track,op /nonexistent
	assert_stderr 'npt-agg: -k: op given twice'
	# a column named as one without a unit is a key like any other
	printf '#dur_us\tself\tshare\n5\tA\tB\n' > k.tsv
	run -0 sh -c 'npt-agg --no-self -k share k.tsv | cut -f1,2'
	assert_output <<-'EOF'
	#share	count
	B	1
	*	1
	EOF
	# a partial's columns: a key of one of those names would be read back
	# as its column
	for c in sum sumsq min max self values; do
		run --separate-stderr -2 npt-agg -k "op,$c" /nonexistent
		assert_stderr "npt-agg: -k: $c is a column of --partial"
	done
	run --separate-stderr -2 npt-agg -p --partial /nonexistent
	assert_stderr 'npt-agg: -p and --partial exclude each other'
	run --separate-stderr -2 npt-agg -t 'core*' --merge /nonexistent
	assert_stderr 'npt-agg: -t and --merge exclude each other (give -t to the --partial runs)'
	run --separate-stderr -2 npt-agg -k a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q /nonexistent
	assert_stderr 'npt-agg: -k: more than 16 columns'
	run -0 npt-agg -s median_us /dev/null
	run -0 npt-agg -s share_pct /dev/null
	run -2 npt-agg -s count_cyc /dev/null
}

@test "agg: --merge checks that it reads partials that agree" {
	printf '#dur_cyc\top\n5\tA\n' > ev.tsv
	run --separate-stderr -1 npt-agg --merge ev.tsv
	assert_stderr 'npt-agg: ev.tsv:1: not a partial of npt-agg (no npt-agg.quantiles, npt-agg.unit and npt-agg.scale metadata)'
	npt-agg --partial ev.tsv > a.part
	npt-agg -q sketch --partial ev.tsv > b.part
	run --separate-stderr -1 npt-agg --merge a.part b.part
	assert_stderr 'npt-agg: b.part:1: quantiles sketch, but the partials before had exact'
	run --separate-stderr -1 npt-agg --merge -k id a.part
	assert_stderr 'npt-agg: a.part:6: partial grouped by other columns than -k gives'
	printf '#dur_us\top\n5\tA\n' | npt-agg --partial > c.part
	run --separate-stderr -1 npt-agg --merge a.part c.part
	assert_stderr 'npt-agg: c.part:2: unit us, but the partials before had cyc'
	sed 's/^=A\t1\t5/=A\tx\t5/' a.part > d.part
	run --separate-stderr -1 npt-agg --merge d.part
	assert_stderr 'npt-agg: d.part:7: bad partial: not a number'
	sed 's/^=//' a.part > e.part
	run --separate-stderr -1 npt-agg --merge e.part
	assert_stderr "npt-agg: e.part:7: bad partial: a data line must start with '=' (a partial of an older npt-agg?)"
	grep -v '^#' a.part > f.part
	run --separate-stderr -1 npt-agg --merge f.part
	assert_stderr 'npt-agg: f.part:1: not a partial of npt-agg (no npt-agg.quantiles, npt-agg.unit and npt-agg.scale metadata)'
	grep -v '^#[^#]' a.part | sort > g.part
	run --separate-stderr -1 npt-agg --merge g.part
	assert_stderr 'npt-agg: g.part:6: no header line in the partial'
	(grep '^#[^#]' a.part; grep -v '^#' a.part) > h.part
	run --separate-stderr -1 npt-agg --merge h.part
	assert_stderr 'npt-agg: h.part:1: not a partial of npt-agg (no npt-agg.quantiles, npt-agg.unit and npt-agg.scale metadata)'
	sed 's/^## npt-agg.scale=12$/## npt-agg.scale=9/' a.part > s.part
	run --separate-stderr -1 npt-agg --merge s.part
	assert_stderr 'npt-agg: s.part:3: unknown scale "9"'
}

@test "agg: --merge refuses unknown metadata, a count of 0, held lines of another width and sums past 2^256" {
	printf '#dur_cyc\top\n5\tA\n' > ev.tsv
	npt-agg --partial ev.tsv > a.part
	sed 's/^## npt-agg.quantiles=exact$/## npt-agg.quantiles=approx/' a.part > q.part
	run --separate-stderr -1 npt-agg --merge q.part
	assert_stderr 'npt-agg: q.part:1: unknown quantiles "approx"'
	run --separate-stderr -1 npt-agg --merge -q sketch a.part
	assert_stderr 'npt-agg: a.part:1: quantiles exact, not sketch as -q asks'
	sed 's/^## npt-agg.unit=cyc$/## npt-agg.unit=s/' a.part > u.part
	run --separate-stderr -1 npt-agg --merge u.part
	assert_stderr 'npt-agg: u.part:2: unknown unit "s"'
	# a data line before the header is held, then checked against it:
	# op count sum sumsq min max self values are 8 columns
	{ grep '^=' a.part | sed 's/$/\tx/'; grep -v '^=' a.part; } > w.part
	run --separate-stderr -1 npt-agg --merge w.part
	assert_stderr 'npt-agg: w.part:1: 9 fields, but the header has 8 columns'
	npt-agg -q none --no-self --partial ev.tsv > n.part
	sed 's/^=A\t1\t/=A\t0\t/' n.part > z.part
	run --separate-stderr -1 npt-agg --merge z.part
	assert_stderr 'npt-agg: z.part:7: bad partial: count 0'
	# a sum of squares (column 4) of 2^255 fits; two of them do not
	awk -F'\t' -v OFS='\t' -v x="$(python3 -c 'print(2**255)')" \
	    '/^=/ { $4 = x } { print }' n.part > h.part
	run -0 npt-agg --merge h.part
	run --separate-stderr -1 npt-agg --merge h.part h.part
	assert_stderr 'npt-agg: h.part:7: sums too large'
	awk -F'\t' -v OFS='\t' -v x="$(python3 -c 'print(2**256)')" \
	    '/^=/ { $4 = x } { print }' n.part > t.part
	run --separate-stderr -1 npt-agg --merge t.part
	assert_stderr 'npt-agg: t.part:7: bad partial: too large'
}

# --merge of the partials after the message fails with it: npt-agg: MSG
merge_fails() {
	local msg=$1
	shift
	run --separate-stderr -1 npt-agg --merge "$@"
	assert_stderr "npt-agg: $msg"
}

@test "agg: --merge refuses counts and sums that add past their type, in a group, over the groups and in a sketch" {
	printf '#dur_cyc\top\n5\tA\n7\tB\n' > ev.tsv
	npt-agg -q none --partial ev.tsv > n.part
	m64=$(python3 -c 'print(2**64 - 1)')
	grep -v '^=B' n.part > a.part
	grep -v '^=A' n.part > b.part
	# a count of 2^64 - 1 fits; one event more, in its group or in
	# another (the totals line), does not
	awk -F'\t' -v OFS='\t' -v x="$m64" '$1 == "=A" { $2 = x } { print }' a.part > c.part
	run -0 npt-agg --merge c.part
	# (avg 5 / (2^64 - 1) and stddev sqrt(25 / (2^64 - 1)) round to 0.0)
	[ "${lines[1]}" = "A	$m64	5	100.000	0.0	5	5	0.0	5" ] || flunk "${lines[1]}"
	merge_fails 'a.part:7: counts too large (2^64 events or more)' c.part a.part
	merge_fails 'c.part:7: counts too large (2^64 events or more)' b.part c.part
	# the sums (2^255 each) of two groups: the totals line would wrap to 0
	awk -F'\t' -v OFS='\t' -v x="$(python3 -c 'print(2**255)')" \
	    '/^=/ { $3 = x } { print }' n.part > s.part
	merge_fails 's.part:8: sums too large' s.part
	# the skipped events of the partials, and a bad count of them
	sed "s/^## npt-agg.skipped=0\$/## npt-agg.skipped=$m64/" n.part > k.part
	run --separate-stderr -0 npt-agg --merge k.part
	assert_stderr "npt-agg: warning: $m64 events with an empty duration skipped"
	merge_fails 'k.part:5: skipped too large (2^64 events or more)' k.part k.part
	sed 's/^## npt-agg.skipped=0$/## npt-agg.skipped=1x/' n.part > kx.part
	merge_fails 'kx.part:5: bad skipped "1x"' kx.part
	# a sketch's bucket counts add up to the count, and never wrap:
	# 2^64 - 1 + 2 would be 1
	npt-agg -q sketch --partial ev.tsv | grep -v '=B' > q.part
	grep -q '^=A	1	.*	5:1$' q.part
	sed "s/5:1\$/5:$m64,6:2/" q.part > qw.part
	merge_fails 'qw.part:7: bad partial: counts too large' qw.part
	sed 's/5:1$/5:1,6:1/' q.part > q2.part
	merge_fails 'q2.part:7: bad partial: more values than the count' q2.part
	sed 's/^=A\t1\t/=A\t2\t/' q.part > q0.part
	merge_fails 'q0.part:7: bad partial: fewer values than the count' q0.part
}

@test "agg: --merge of counts past (2^64 - 1) / 99 takes the right nearest ranks, exact and sketch" {
	# 10^17 values of 1 cycle and 10^17 of 100: the ranks are
	# ceil(p 2 10^17 / 100): 10^17 (median 1), 1.8 10^17 and 1.98 10^17
	# (p90 and p99 100); p 2 10^17 passes 2^64 for p = 99
	python3 -c '
n = 10**17; s1 = (n + 100 * n) * 10**12; s2 = (n + 10000 * n) * 10**24
for q, v in (("exact", "1*%d,100*%d" % (n, n)), ("sketch", "1:%d,100:%d" % (n, n))):
    with open("huge-%s.part" % q, "w") as f:
        f.write("## npt-agg.quantiles=%s\n## npt-agg.unit=cyc\n## npt-agg.scale=12\n## npt-agg.digits=0\n## npt-agg.skipped=0\n" % q)
        f.write("#op\tcount\tsum\tsumsq\tmin\tmax\tself\tvalues\n")
        f.write("=A\t%d\t%d\t%d\t1\t100\t%d\t%s\n" % (2 * n, s1, s2, s1 // 10**12, v))'
	for q in exact sketch; do
		run -0 sh -c "npt-agg --merge huge-$q.part | grep '^A' | cut -f1,2,8-10"
		assert_output "A	200000000000000000	1	100	100"
	done
}

@test "agg: --merge checks that a partial's digits fit its unit" {
	# found by tests/fuzz/fuzz-npt-agg: digits=5 in cycles indexed a
	# power of ten below 10^0
	printf '#dur_cyc\top\n5\tA\n' | npt-agg --partial > a.part
	sed 's/^## npt-agg.digits=0$/## npt-agg.digits=1/' a.part > cyc.part
	run --separate-stderr -1 npt-agg --merge cyc.part
	assert_stderr 'npt-agg: cyc.part:4: digits 1, more than the unit cyc has'
	# the digits before the unit: the error is at the unit
	{ sed -n 4p cyc.part; sed 4d cyc.part; } > late.part
	run --separate-stderr -1 npt-agg --merge late.part
	assert_stderr 'npt-agg: late.part:3: digits 1, more than the unit cyc has'
	printf '#dur_us\top\n5.25\tA\n' | npt-agg --partial |
	    sed 's/^## npt-agg.digits=2$/## npt-agg.digits=6/' > us6.part
	run --separate-stderr -0 npt-agg --merge us6.part
	[ "${lines[1]}" = "A	1	5.250000	100.000	5.2500000	5.250000	5.250000	5.250000	5.250000	5.250000		5.250000" ]
	# times hold 12 decimals (npt-events(5)): 13 is more than any unit has
	sed 's/^## npt-agg.digits=6$/## npt-agg.digits=13/' us6.part > us13.part
	run --separate-stderr -1 npt-agg --merge us13.part
	assert_stderr 'npt-agg: us13.part:4: bad digits "13"'
}

@test "agg: --merge checks that an exact partial has as many values as its count" {
	# found by tests/fuzz/fuzz-npt-agg: a count above the values read the
	# quantiles past the end of them
	printf '#dur_cyc\top\n5\tA\n7\tA\n7\tA\n' | npt-agg --partial > a.part
	grep -q '^=A	3	19000000000000	.*	5,7\*2$' a.part
	sed 's/^=A\t3\t/=A\t4\t/' a.part > more.part
	run --separate-stderr -1 npt-agg --merge more.part
	assert_stderr 'npt-agg: more.part:7: bad partial: fewer values than the count'
	sed 's/^=A\t3\t/=A\t2\t/' a.part > less.part
	run --separate-stderr -1 npt-agg --merge less.part
	assert_stderr 'npt-agg: less.part:7: bad partial: more values than the count'
	# a run of 10^18 copies is refused before any is stored
	sed 's/7\*2$/7*1000000000000000000/' a.part > huge.part
	run --separate-stderr -1 npt-agg --merge huge.part
	assert_stderr 'npt-agg: huge.part:7: bad partial: more values than the count'
	run -0 npt-agg --merge a.part
	[ "${lines[1]}" = "A	3	19	100.000	6.3	5	7	7	7	7	1.2	19" ]
}

@test "agg: an unreadable file is reported and the others still counted" {
	printf '#dur_cyc\top\n5\tA\n' > ev.tsv
	run --separate-stderr -1 npt-agg nosuch.tsv ev.tsv
	assert_stderr 'npt-agg: nosuch.tsv: No such file or directory'
	[ "${lines[1]}" = "A	1	5	100.000	5.0	5	5	5	5	5		5" ]
}

@test "agg: empty input prints nothing; a header alone prints an empty table" {
	run -0 npt-agg < /dev/null
	[ -z "$output" ]
	printf '#ts_cyc\tdur_cyc\top\n' | npt-agg > got
	run -0 cat got
	[ "${#lines[@]}" -eq 2 ]
	[ "${lines[1]}" = "$(printf '*\t0\t0\t\t\t\t\t\t\t\t\t0')" ]
}

@test "agg: a last line without LF, empty fields, - as stdin" {
	printf '#dur_cyc\top\tid\n5\t\t1\n7\tA\t' > ev.tsv
	run -0 npt-agg -k op,id - < ev.tsv
	[ "${lines[1]}" = "A		1	7	58.333	7.0	7	7	7	7	7		7" ]
	[ "${lines[2]}" = "	1	1	5	41.667	5.0	5	5	5	5	5		5" ]
}

@test "agg: a 1 MiB key is a group like any other" {
	{ printf '#dur_cyc\top\n3\t'; head -c 1048576 /dev/zero | tr '\0' x; printf '\n4\tB\n'; } > ev.tsv
	run -0 npt-agg ev.tsv
	[ "${#lines[@]}" -eq 4 ]
	[ "${#lines[2]}" -gt 1048576 ]
}

@test "agg: write errors, | head and busybox sh" {
	npt-synth -i 3 -F events > ev.tsv
	need_devfull
	run --separate-stderr -1 sh -c 'npt-agg -k id ev.tsv > /dev/full'
	assert_stderr 'npt-agg: write error: No space left on device'
	run -0 sh -c 'npt-agg -k id ev.tsv | head -n1'
	[ "$output" = "#id	count	total_cyc	share_pct	avg_cyc	min_cyc	max_cyc	median_cyc	p90_cyc	p99_cyc	stddev_cyc	self_cyc" ]
	need_busybox
	run -0 busybox sh -c 'npt-agg ev.tsv | tail -n1 | cut -f1,2'
	# 3 inferences of 96 layers on 2 cores; the 3 INVOKEs left out
	[ "$output" = "*	576" ]
}

@test "agg: 10,000 groups stay under 8 MiB without exact quantiles" {
	need_native_rss
	awk 'BEGIN { print "#id\top\tcost"; for (i = 0; i < 10000; i++) print i "\tOP" i % 50 "\t" 1 + i % 7 }' > m.tsv
	npt-synth -m m.tsv -i 3 -F events > ev.tsv
	for q in none sketch; do
		/usr/bin/time -f %M -o rss npt-agg -k id -q "$q" ev.tsv > out
		# 10,000 ids and the totals line (the INVOKEs left out)
		[ "$(grep -vc '^#' out)" -eq 10001 ]
		[ "$(cat rss)" -lt 8192 ] || flunk "-q $q: peak RSS $(cat rss) KiB"
	done
}

@test "agg: loss lines anywhere in the stream are summed and reported after the table" {
	printf '#ts_us\tdur_us\ttrack\top\n0\t3\tcore0\tA\n3\t1\tcore0\tB\n' > clean.tsv
	{
		printf '## lost.records.core0.bin=5\n'
		printf '#ts_us\tdur_us\ttrack\top\n0\t3\tcore0\tA\n'
		printf '## lost.packets.core0.bin=1\n'
		printf '3\t1\tcore0\tB\n'
		printf '## lost.records.core1.bin=7\n## lost.bytes.core1.bin=100\n## lost.ends.ctrl0.bin=1\n'
		printf '## lost.overflow.core1.bin=1\n## lost.truncated.core0.bin=1\n## lost.names.core0.bin=2\n'
	} > lossy.tsv
	npt-agg clean.tsv > want
	run --separate-stderr -0 npt-agg lossy.tsv
	[ "$output" = "$(cat want)" ]
	assert_stderr "npt-agg: warning: input incomplete: 12 records lost, 1 packet skipped, 100 bytes skipped, 1 event end lost, 2 op type names lost, 1 log buffer full, records after it lost, 1 input cut short (core0.bin, core1.bin, ctrl0.bin); the table leaves them out"
	run --separate-stderr -1 npt-agg --strict lossy.tsv
	[ "$output" = "$(cat want)" ]
	run --separate-stderr -0 npt-agg --strict clean.tsv
	[ -z "$stderr" ]
}

@test "agg: a loss line's source may hold dots and '='; an unknown kind counts; a count of 0 is no loss" {
	printf '#ts_us\tdur_us\top\n0\t1\tA\n## lost.records.run/a=b.v2.bin=3\n## lost.widgets.x=4\n' > a.tsv
	run --separate-stderr -0 npt-agg a.tsv
	assert_stderr "npt-agg: warning: input incomplete: 3 records lost, 4 widgets (run/a=b.v2.bin, x); the table leaves them out"
	printf '#ts_us\tdur_us\top\n0\t1\tA\n## lost.records.x=0\n' > z.tsv
	run --separate-stderr -0 npt-agg --strict z.tsv
	[ -z "$stderr" ]
	# NUL bytes are kept in the partial and shown as \0 in the warning
	printf '#ts_us\tdur_us\top\n0\t1\tA\n## lost.re\0cords.x\0y=3\n' > n.tsv
	run --separate-stderr -0 npt-agg n.tsv
	assert_stderr 'npt-agg: warning: input incomplete: 3 re\0cords (x\0y); the table leaves them out'
	npt-agg --partial n.tsv | grep -a '^## lost' | cmp - <(printf '## lost.re\0cords.x\0y=3\n')
}

@test "agg: more than four sources: the first four, then how many more" {
	{
		printf '#ts_us\tdur_us\top\n0\t1\tA\n'
		for s in a b c d e f; do printf '## lost.records.%s=1\n' "$s"; done
	} > s.tsv
	run --separate-stderr -0 npt-agg s.tsv
	assert_stderr "npt-agg: warning: input incomplete: 6 records lost (a, b, c, d, 2 more); the table leaves them out"
}

@test "agg: the warning names the sources in name order, numbers by value, whatever order they came in" {
	{
		printf '#ts_us\tdur_us\top\n0\t1\tA\n'
		for s in core10 core2 x core02 core1; do
			printf '## lost.records.%s=1\n' "$s"
		done
		printf '## lost.zeta.core2=2\n## lost.alpha.core2=3\n'
	} > s.tsv
	run --separate-stderr -0 npt-agg s.tsv
	assert_stderr "npt-agg: warning: input incomplete: 5 records lost, 3 alpha, 2 zeta (core1, core2, core02, core10, 1 more); the table leaves them out"
	# partials merged in either order warn as one pass
	printf '#ts_us\tdur_us\top\n0\t1\tA\n## lost.records.core9=1\n## lost.beta.q=1\n' > a.tsv
	printf '#ts_us\tdur_us\top\n0\t1\tA\n## lost.records.core3=1\n## lost.alpha.q=1\n' > b.tsv
	npt-agg --partial a.tsv > pa
	npt-agg --partial b.tsv > pb
	one=$(npt-agg a.tsv b.tsv 2>&1)
	[ "$(cat pa pb | npt-agg --merge 2>&1)" = "$one" ]
	[ "$(cat pb pa | npt-agg --merge 2>&1)" = "$one" ]
	[[ $one == *"2 records lost, 1 alpha, 1 beta (core3, core9, q)"* ]] || flunk "$one"
}

@test "agg: a bad loss line is a located error" {
	while IFS='|' read -r line msg; do
		printf '#ts_us\tdur_us\top\n0\t1\tA\n%s\n' "$line" > b.tsv
		run --separate-stderr -1 npt-agg b.tsv
		assert_stderr "npt-agg: b.tsv:3: $msg" || flunk "$line"
	done <<-'EOF'
	## lost.records.x=12x|metadata lost.records.x: not a number: "12x"
	## lost.records.x=-1|metadata lost.records.x: negative: "-1"
	## lost.records.x=|metadata lost.records.x: not a number: ""
	## lost.records=5|metadata lost.records: not lost.KIND.SOURCE
	## lost..x=5|metadata lost..x: not lost.KIND.SOURCE
	## lost.records.x|metadata lost.records.x: no count (## lost.KIND.SOURCE=COUNT)
	EOF
}

@test "agg: the partial of an input with losses and no header carries them to the merge" {
	printf '## lost.records.core0.bin=5\n' > la.tsv
	printf '#dur_ns\top\n5\tA\n' > lb.tsv
	npt-agg --partial la.tsv > pa
	npt-agg --partial lb.tsv > pb
	# no header, no unit: the loss, and the partial's header for the merge
	[ "$(grep -c '^## npt-agg.unit=' pa)" -eq 0 ]
	[ "$(grep '^## lost\.' pa)" = "## lost.records.core0.bin=5" ]
	run --separate-stderr -1 npt-agg --strict la.tsv lb.tsv
	one=$output
	for order in "pa pb" "pb pa"; do
		# shellcheck disable=SC2086 # two files
		run --separate-stderr -1 npt-agg --merge --strict $order
		[ "$output" = "$one" ]
		assert_stderr "npt-agg: warning: input incomplete: 5 records lost (core0.bin); the table leaves them out"
	done
	# an empty input still gives an empty partial
	[ ! -s "$(: | npt-agg --partial > e; echo e)" ]
}

@test "agg: a --partial that fails, or cannot open an input, says the input is lost, and the merge warns" {
	printf '#ts_cyc\tdur_cyc\top\n0\t5\tA\n' > good.tsv
	printf '#ts_cyc\tdur_cyc\top\n0\t5\tA\n6\tx\tB\n' > bad.tsv
	# an error inside the input: the partial is that input's loss alone
	run --separate-stderr -1 npt-agg --partial bad.tsv
	assert_stderr 'npt-agg: bad.tsv:3: column dur_cyc: not a number: "x"'
	[ "$output" = "## lost.truncated.bad.tsv=1" ]
	run --separate-stderr -1 sh -c 'npt-agg --partial < bad.tsv'
	[ "$output" = "## lost.truncated.<stdin>=1" ]
	# an input not opened: the partial of the others, and its loss
	run --separate-stderr -1 npt-agg --partial nosuch.tsv good.tsv
	[ "$(grep -c '^## lost' <<< "$output")" -eq 1 ]
	grep -qx '## lost.truncated.nosuch.tsv=1' <<< "$output"
	{ npt-agg --partial good.tsv; npt-agg --partial bad.tsv
	  npt-agg --partial nosuch.tsv; } > parts 2> /dev/null || true
	run --separate-stderr -0 npt-agg --merge parts
	# the table of good.tsv alone, by hand: A once, 5 cycles
	[ "$(awk -F'\t' '$1 == "A" { print $2, $3 }' <<< "$output")" = "1 5" ]
	assert_stderr "npt-agg: warning: input incomplete: 2 inputs cut short (bad.tsv, nosuch.tsv); the table leaves them out"
	run -1 npt-agg --merge --strict parts
	# the partial is written at the end: an error loses that of every
	# input, those read before it too
	run --separate-stderr -1 npt-agg --partial good.tsv bad.tsv
	[ "$output" = "## lost.truncated.good.tsv=1
## lost.truncated.bad.tsv=1" ]
	# --merge --partial of a partial it cannot open, and of a bad one
	printf '#op\tcount\n=A\t1\n' > badpart
	run --separate-stderr -1 npt-agg --merge --partial nosuch.part badpart
	[ "$output" = "## lost.truncated.nosuch.part=1
## lost.truncated.badpart=1" ]
	# without --partial the table is the output: no loss line in it
	run --separate-stderr -1 npt-agg nosuch.tsv good.tsv
	[ "$(grep -c lost <<< "$output")" -eq 0 ]
}

@test "agg: --partial carries the losses summed per kind and source; --merge sums the partials" {
	printf '#ts_us\tdur_us\top\n0\t1\tA\n## lost.records.x.bin=3\n## lost.records.x.bin=4\n## lost.truncated.x.bin=1\n' > a.tsv
	printf '#ts_us\tdur_us\top\n5\t2\tA\n## lost.records.x.bin=10\n## lost.records.y.bin=1\n' > b.tsv
	run --separate-stderr -0 npt-agg --partial a.tsv
	[ -z "$stderr" ]
	printf '%s\n' "$output" > a.part
	[ "$(grep '^## lost\.' a.part)" = "## lost.records.x.bin=7
## lost.truncated.x.bin=1" ]
	npt-agg --partial b.tsv > b.part
	run --separate-stderr -0 npt-agg --merge a.part b.part
	[ "$output" = "$(npt-agg a.tsv b.tsv 2> /dev/null)" ]
	assert_stderr "npt-agg: warning: input incomplete: 18 records lost, 1 input cut short (x.bin, y.bin); the table leaves them out"
	run -1 npt-agg --merge --strict a.part b.part
	npt-agg --merge --partial a.part b.part > ab.part
	[ "$(grep '^## lost\.' ab.part)" = "## lost.records.x.bin=17
## lost.truncated.x.bin=1
## lost.records.y.bin=1" ]
	# the loss lines sort with the metadata, on top, and merge the same
	LC_ALL=C sort a.part b.part > sorted.part
	run --separate-stderr -0 npt-agg --merge sorted.part
	assert_stderr "npt-agg: warning: input incomplete: 18 records lost, 1 input cut short (x.bin, y.bin); the table leaves them out"
}
