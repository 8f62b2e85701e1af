#!/usr/bin/env bats
# The cycle range of npt-events(5) in every tool: ts_cyc and dur_cyc each
# from 0 to 2^64 - 1, the end (up to 2^65 - 2) exact, 2^64 a located
# error.  Expected numbers come from python3's fractions, not from npt.
load test_helper

# Events at the top of the range: an outer event whose end passes 2^64,
# two nested in it near 2^64, and the last count with the last duration.
top() {
	printf '#ts_cyc\tdur_cyc\ttrack\top\n'
	printf '0\t7\tcore0\tA\n'
	printf '18446744073709551595\t18446744073709551615\tcore0\tA\n'
	printf '18446744073709551605\t5\tcore0\tB\n'
	printf '18446744073709551606\t2\tcore0\tC\n'
	printf '18446744073709551615\t18446744073709551615\tcore1\tD\n'
}

# The events converted at hz, as npt-time -u us writes them (3 decimals,
# the nanosecond): "ts dur" per line, rounded once, halves up.
ref_time() {
	python3 - "$1" <<-'EOF'
	import sys
	from fractions import Fraction as F
	hz = int(sys.argv[1])
	def ns(c):
	    q = F(c * 10**9, hz) + F(1, 2)
	    return q.numerator // q.denominator
	def us(n):
	    return "%d.%03d" % divmod(n, 1000)
	for line in open("in.tsv"):
	    if line.startswith("#"):
	        continue
	    ts, dur = map(int, line.split("\t")[:2])
	    print(us(ns(ts)), us(ns(ts + dur) - ns(ts)))
	EOF
}

@test "range: npt-time converts the top of the range at 1GHz and 900MHz, ends past 2^64 exact" {
	top > in.tsv
	for f in 1000000000 900000000; do
		ref_time "$f" > want
		run -0 npt-time -f "$f" in.tsv
		printf '%s\n' "$output" | awk -F'\t' '!/^#/ { print $1, $2 }' > got
		diff want got
	done
	# by hand: 2^64 - 1 cycles at 1GHz, ending at 2^65 - 2 ns
	run -0 npt-time -f 1GHz in.tsv
	[ "${lines[5]}" = "18446744073709551.615	18446744073709551.615	core1	D" ]
}

@test "range: npt-json writes the top of the range at 1GHz and 900MHz as npt-time does" {
	top > in.tsv
	for f in 1000000000 900000000; do
		ref_time "$f" > want
		npt-json -f "$f" in.tsv > out.json
		python3 - > got <<-'EOF'
		import json, decimal
		ev = json.load(open("out.json"), parse_float=decimal.Decimal)
		for e in ev:
		    if e["ph"] == "X":
		        print(e["ts"], e["dur"])
		EOF
		diff want got
		jq -e 'map(select(.ph == "X")) | length == 5' out.json
		# and byte for byte npt-time | npt-json
		npt-time -f "$f" in.tsv | npt-json -p in.tsv | cmp - out.json
	done
	# the nested events nest: B and C share A's thread, D is on its own
	python3 - <<-'EOF'
	import json
	ev = [e for e in json.load(open("out.json")) if e["ph"] == "X"]
	tid = {e["cat"]: e["tid"] for e in ev if e["cat"] != "A"}
	a = [e["tid"] for e in ev if e["cat"] == "A"]
	assert a[0] == a[1] == tid["B"] == tid["C"] != tid["D"], ev
	EOF
}

@test "range: npt-agg sums and self times at the top of the range, in cycles and at 900MHz" {
	top > in.tsv
	# op count total self, from the events by python: the self time of an
	# event is its duration less that of the events nested in it
	python3 - > want <<-'EOF'
	ev, stack, kids = [], {}, {}
	for line in open("in.tsv"):
	    if not line.startswith("#"):
	        ts, dur, trk, op = line.rstrip("\n").split("\t")
	        ev.append((int(ts), int(dur), trk, op))
	# a stack of the open events per track: the top is the parent
	for i, (ts, dur, trk, op) in enumerate(ev):
	    st = stack.setdefault(trk, [])
	    while st and ev[st[-1]][0] + ev[st[-1]][1] <= ts:
	        st.pop()
	    if st:
	        kids[st[-1]] = kids.get(st[-1], 0) + dur
	    st.append(i)
	out = {}
	for i, (ts, dur, trk, op) in enumerate(ev):
	    c, t, s = out.get(op, (0, 0, 0))
	    out[op] = (c + 1, t + dur, s + dur - kids.get(i, 0))
	for op in sorted(out):
	    print(op, *out[op])
	print("*", sum(v[0] for v in out.values()), sum(v[1] for v in out.values()),
	      sum(v[2] for v in out.values()))
	EOF
	run -0 npt-agg in.tsv
	printf '%s\n' "$output" | awk -F'\t' '!/^#/ { print $1, $2, $3, $12 }' | sort > got
	sort want | diff - got
	# by hand: the outer A is 2^64 - 1 less B's 5 (C nests in B)
	grep -q "^A 2 18446744073709551622 18446744073709551617$" got
	# at 900MHz, in microseconds: the sums of the converted durations
	npt-time -f 900MHz in.tsv > us.tsv
	run -0 npt-agg -k op -q none us.tsv
	python3 - > want <<-'EOF'
	from decimal import Decimal as D
	rows = [l.rstrip("\n").split("\t") for l in open("us.tsv")
	        if not l.startswith("#")]
	tot = {}
	for ts, dur, trk, op in rows:
	    tot[op] = tot.get(op, D(0)) + D(dur)
	for op in sorted(tot):
	    print(op, tot[op])
	EOF
	printf '%s\n' "$output" | awk -F'\t' '!/^#/ && $1 != "*" { print $1, $3 }' | sort > got
	diff want got
}

@test "range: npt-overlap's busy time and span at the top of the range, in cycles and at 900MHz" {
	top > in.tsv
	npt-time -f 900MHz in.tsv > us.tsv
	for f in in.tsv us.tsv; do
		python3 - "$f" > want <<-'EOF'
		import sys
		from decimal import Decimal as D
		iv = []
		for l in open(sys.argv[1]):
		    if not l.startswith("#"):
		        ts, dur = map(D, l.split("\t")[:2])
		        iv.append((ts, ts + dur))
		iv.sort()
		busy, cur = D(0), None
		for a, b in iv:
		    if cur is None or a > cur[1]:
		        if cur:
		            busy += cur[1] - cur[0]
		        cur = [a, b]
		    else:
		        cur[1] = max(cur[1], b)
		busy += cur[1] - cur[0]
		span = max(b for a, b in iv) - min(a for a, b in iv)
		print("span", span)
		print("busy", busy)
		EOF
		run -0 npt-overlap "$f"
		printf '%s\n' "$output" | awk -F'\t' '$2 == "all" && ($1 == "span" || $1 == "busy") { print $1, $3 }' > got
		diff want got
	done
	# by hand: from 0 to 2^65 - 2 cycles
	grep -q "^span 36893488147419103230$" <(npt-overlap in.tsv | awk -F'\t' '{ print $1, $3 }')
}

@test "range: 2^64 cycles is a located error in every tool" {
	for col in ts dur; do
		if [ $col = ts ]; then
			printf '#ts_cyc\tdur_cyc\ttrack\top\n18446744073709551616\t1\tc\tA\n' > in.tsv
		else
			printf '#ts_cyc\tdur_cyc\ttrack\top\n1\t18446744073709551616\tc\tA\n' > in.tsv
		fi
		for tool in 'npt-time -f 1GHz' 'npt-json -f 1GHz' npt-agg npt-overlap; do
			read -ra cmd <<< "$tool"
			run --separate-stderr -1 "${cmd[@]}" in.tsv
			assert_stderr "${cmd[0]}: in.tsv:2: column ${col}_cyc: too large: \"18446744073709551616\""
		done
	done
}

@test "range: npt-import's Vela and Torq cycles reach 2^64 - 1, their ends past it" {
	h='TFLite_operator,NNG Operator,Op Cycles,Name'
	printf '%s\nADD,Add,18446744073709551614,a\nADD,Add,18446744073709551615,b\n' "$h" > v.csv
	run -0 npt-import v.csv
	[ "${lines[3]}" = "18446744073709551614	18446744073709551615	npu	ADD	b	1		Add" ]
	printf '%s\n' "$output" | npt-time -f 1GHz | npt-agg -k op -q none > /dev/null
	printf 'taskId, elapsed_time(us), timestamp(us), event, location, bytes\n3,18446744073709551615,18446744073709551615,DMA In,loc(unknown),5\n' > t.csv
	run -0 npt-import -t torq-compile t.csv
	[[ $output == *$'\n18446744073709551615\t18446744073709551615\tdma_in\t'* ]]
	printf 'DI0,0,18446744073709551615,loc(unknown),DMA_IN\n' > t.csv
	run -0 npt-import -t torq-compile t.csv
	[[ $output == *$'\n0\t18446744073709551615\tdma_in\t'* ]]
}
