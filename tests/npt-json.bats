#!/usr/bin/env bats
# npt-json: events in, Chrome trace JSON out; every output must parse.
load test_helper

REF="$NPT_ROOT/tests/helpers/timeref.py"
VIEWER=${NPT_VIEWER:-$NPT_ROOT/../shared/tools/viewer}

# The output of the last run parses as JSON (jq, strict).
json_ok() {
	printf '%s\n' "${1:-$output}" | jq -e 'type == "array"' > /dev/null ||
		flunk "not JSON: ${1:-$output}"
}

# One line per event of FILE (JSON) of phase PH: the members named, TAB
# separated, numbers as written; objects as {"key": value, ...}.
events() {
	python3 - "$@" <<-'EOF'
	import json, sys
	class Num(str):
	    pass
	def show(v, inner=False):
	    if isinstance(v, dict):
	        return "{" + ", ".join(json.dumps(k, ensure_ascii=False) + ": " +
	                               show(x, True) for k, x in v.items()) + "}"
	    if inner and not isinstance(v, Num):
	        return json.dumps(v, ensure_ascii=False)
	    return str(v)
	f, ph, keys = sys.argv[1], sys.argv[2], sys.argv[3:]
	for e in json.loads(open(f).read(), parse_float=Num, parse_int=Num):
	    if e["ph"] == ph:
	        print("\t".join(show(e.get(k)) for k in keys))
	EOF
}

# npt-json ARGS... into out.json, which must be JSON, and its counter
# events into got: "track TAB ts TAB args", the args without spaces.
cevents() {
	npt-json "$@" > out.json
	json_ok "$(cat out.json)"
	events out.json C name ts args | tr -d ' ' > got
}

# speedscope in headless Chromium, or skip.
need_viewer() {
	if [ ! -f "$VIEWER/node_modules/speedscope/dist/release/index.html" ] ||
	    [ ! -x /usr/bin/chromium ]; then
		skip "the viewer is not set up ($VIEWER/setup.sh)"
	fi
}

example() {
	npt-decode "$NPT_ROOT"/examples/data/yolov8s/*.bin
}

@test "json: every event of the example is one X event with its name, category and times" {
	example > ev.tsv
	npt-json ev.tsv > out.json
	json_ok "$(cat out.json)"
	[ "$(jq '[.[] | select(.ph == "X")] | length' out.json)" -eq "$(grep -vc '^#' ev.tsv)" ]
	# the first layer: 11048 cycles at 900 MHz is 12.2755... us; it ends
	# at 623127 cycles, 692.363333 us
	# the details under npt_args, where speedscope does not look (-a: args)
	events out.json X name cat pid tid ts dur npt_args | sed -n 2p > got
	printf 'CONV_2D\tCONV_2D\t1\t1\t12.276\t680.087\t{"id": 0, "conv_cyc": 542301, "vector_cyc": 90587, "dma_load_cyc": 175666, "dma_store_cyc": 81406, "iter": 0}\n' | cmp - got
	events out.json X name cat ts | head -n1 > got
	printf 'invoke\tINVOKE\t11.111\n' | cmp - got
}

@test "json: ts and dur are exact to the nanosecond against python fractions" {
	python3 "$REF" gen 5 3000 json > in.tsv
	npt-json in.tsv > out.json
	events out.json X ts dur | tr '\t' ' ' > got
	python3 "$REF" json < in.tsv | cmp - got
}

@test "json: times since the epoch (us with 3 decimals, ns) are exact against python fractions; rebased, the same durations" {
	for u in us ns; do
		base=1712195495406752.797
		[ "$u" = ns ] && base=1712195495406752797
		python3 "$NPT_ROOT/tests/helpers/gen_events.py" 3 300 "$u" any "$base" > ev.tsv
		sed -n 3p ev.tsv | grep -q '^1712195495406752' || flunk "no epoch times"
		npt-json ev.tsv > out.json
		json_ok "$(cat out.json)"
		events out.json X ts dur | sort > got
		cat > ref.py <<-'EOF'
		import sys
		from fractions import Fraction as F
		f = 1000 if sys.argv[1] == "us" else 1
		for line in sys.stdin:
		    if line.startswith("#"):
		        continue
		    ts, dur = (F(x) * f for x in line.split("\t")[:2])
		    a, e = int(ts + F(1, 2)), int(ts + dur + F(1, 2))
		    print("%d.%03d\t%d.%03d" % (a // 1000, a % 1000, (e - a) // 1000, (e - a) % 1000))
		EOF
		python3 ref.py "$u" < ev.tsv > want
		sort want | cmp - got || flunk "$u: $(sort want | diff - got | head -5)"
		[ "$u" = us ] || continue
		python3 "$NPT_ROOT/tests/helpers/rebase.py" < ev.tsv > rebased.tsv
		npt-json rebased.tsv > re.json
		events re.json X dur | sort > a
		cut -f2 got | sort | cmp - a || flunk "rebased: other durations"
	done
}

@test "json: cycles in give the bytes of npt-time | npt-json, in every unit" {
	example > ev.tsv
	npt-json -p x ev.tsv > want
	for u in ns us ms; do
		npt-time -u $u ev.tsv | npt-json -p x > got
		cmp want got || flunk "-u $u"
	done
	npt-time -u ns -d 3 ev.tsv | npt-json -p x | cmp - want
	json_ok "$(cat want)"
}

@test "json: times below the nanosecond round to nearest, halves up; the end is rounded" {
	printf '#ts_us\tdur_us\ttrack\n0.0004\t0.0002\ta\n0.0005\t0\tb\n0.0015\t0.0029\tc\n' > in.tsv
	printf '#ts_ns\tdur_ns\ttrack\n-0.5\t1.5\ta\n-1.5\t0.4\tb\n7\t0.000000001\tc\n' > neg.tsv
	npt-json in.tsv neg.tsv > out.json
	json_ok "$(cat out.json)"
	# 0.4 ns .. 0.6 ns: 0 and 1; 0.5 -> 1; 1.5 .. 4.4 ns: 2 .. 4
	# -0.5 .. 1 ns: 0 and 1; -1.5 .. -1.1: -1 and -1; 7 .. 7.0000000001: 7
	events out.json X ts dur > got
	printf '0.000\t0.001\n0.001\t0.000\n0.002\t0.002\n0.000\t0.001\n-0.001\t0.000\n0.007\t0.000\n' | cmp - got
}

@test "json: args hold id, loc and the extras; numbers as numbers, text as strings" {
	printf '#ts_us\tdur_us\ttrack\top\tname\tid\tloc\tn\ttext\tbig\tzero\n' > in.tsv
	printf '1\t2\tcore0\tADD\tadd_1\t7\t"m.mlir":3:4\t-1.50\t12x\t1234567890123456\t007\n' >> in.tsv
	printf '2\t1\tcore0\t\t\t\t\t\t\t\t0\n' >> in.tsv
	npt-json -a in.tsv > out.json
	sed -n 6p out.json > got
	printf '%s\n' '{"name":"add_1","cat":"ADD","ph":"X","pid":1,"tid":1,"ts":1.000,"dur":2.000,"args":{"id":7,"loc":"\"m.mlir\":3:4","n":-1.50,"text":"12x","big":"1234567890123456","zero":"007"}},' | cmp - got
	sed -n 7p out.json > got
	# no name and no op: named by its track, and npt_name says it had none
	printf '%s\n' '{"name":"core0","ph":"X","pid":1,"tid":1,"ts":2.000,"dur":1.000,"npt_name":"","args":{"zero":0}}' | cmp - got
	json_ok "$(cat out.json)"
	# without -a, the same members under npt_args, and nothing else differs
	npt-json in.tsv | sed 's/,"npt_args":{/,"args":{/' | cmp - out.json
	[ "$(npt-json in.tsv | grep -c '"ph":"X".*"args"')" -eq 0 ]
}

@test "json: tids order compute engines, then DMA, then control; names and order as M events" {
	printf '#ts_us\tdur_us\ttrack\n' > in.tsv
	for t in ctrl0 dma_in core1 core10 dma1 core0 slice0 host; do
		printf '1\t1\t%s\n' $t >> in.tsv
	done
	npt-json in.tsv > out.json
	events out.json M name tid args | grep '^thread_name' | cut -f2- | tr -d ' ' > got
	cat > want <<-'EOF'
	20000001	{"name":"ctrl0","npt_track":"ctrl0"}
	19999901	{"name":"dma_in","npt_track":"dma_in"}
	101	{"name":"core1","npt_track":"core1"}
	1001	{"name":"core10","npt_track":"core10"}
	10000101	{"name":"dma1","npt_track":"dma1"}
	1	{"name":"core0","npt_track":"core0"}
	2	{"name":"slice0","npt_track":"slice0"}
	9999901	{"name":"host","npt_track":"host"}
	EOF
	cmp want got
	events out.json M name tid args | grep '^thread_sort_index' | awk -F'\t' '{ if ($3 != "{\"sort_index\": " $2 "}") exit 1 }'
	events out.json M name args | sed -n 1,2p > got
	printf 'process_name\t{"name": "in.tsv"}\nprocess_sort_index\t{"sort_index": 1}\n' | cmp - got
}

@test "json: overlapping events go to extra lanes, every lane nests, none is dropped" {
	# random intervals on two tracks, sorted by start
	python3 -c '
import random
r = random.Random(7)
ev = sorted((r.randrange(0, 10000), r.randrange(0, 600), r.choice(["dma0", "core0"])) for _ in range(3000))
print("#ts_ns\tdur_ns\ttrack\tid")
for i, (s, d, t) in enumerate(ev):
	print("%d\t%d\t%s\t%d" % (s, d, t, i))' > in.tsv
	npt-json -a in.tsv > out.json
	python3 - out.json <<-'EOF'
	import json, sys
	from fractions import Fraction as F
	ev = json.load(open(sys.argv[1]), parse_float=F)
	names = {e["tid"]: e["args"]["name"] for e in ev if e["name"] == "thread_name"}
	x = [e for e in ev if e["ph"] == "X"]
	assert sorted(e["args"]["id"] for e in x) == list(range(3000)), "events lost"
	lanes = {}
	for e in x:
	    lanes.setdefault(e["tid"], []).append((e["ts"], e["ts"] + e["dur"]))
	    assert names[e["tid"]].split(" ")[0] in ("dma0", "core0")
	for tid, iv in lanes.items():
	    stack = []
	    for s, t in iv:
	        while stack and stack[-1] <= s:
	            stack.pop()
	        assert not stack or t <= stack[-1], (names[tid], s, t, stack)
	        stack.append(t)
	assert len(lanes) > 4, lanes.keys()
	assert "dma0 lane 1" in names.values() and "core0 lane 1" in names.values()
	EOF
}

@test "json: lanes by hand: an event that nests stays, one that overlaps moves, touching is not overlap" {
	# E starts where A ends: lane 0 is free again (it would nest in C)
	printf '#ts_us\tdur_us\ttrack\top\n0\t10\tdma0\tA\n2\t3\tdma0\tB\n5\t10\tdma0\tC\n6\t1\tdma0\tD\n10\t1\tdma0\tE\n' > in.tsv
	npt-json in.tsv > out.json
	events out.json X name tid > got
	printf 'A\t10000001\nB\t10000001\nC\t10000002\nD\t10000001\nE\t10000001\n' | cmp - got
	grep -q '"tid":10000002,"ts":0,"args":{"name":"dma0 lane 1","npt_track":"dma0"}' out.json
}

@test "json: every lane names its track (npt_track): through npt-import a track of two inputs is NAME PID whether or not it needed a second lane, one of one input keeps its name" {
	# a: core0 one lane, dma0 two (c overlaps b without nesting), slice0
	# two, ctrl0 only here; b: core0 one lane, dma0 two, slice0 one
	printf '#ts_us\tdur_us\ttrack\tname\n0\t10\tcore0\ta\n0\t1\tctrl0\td\n0\t10\tdma0\tb\n0\t10\tslice0\tx\n5\t10\tdma0\tc\n5\t10\tslice0\ty\n' > a.tsv
	printf '#ts_us\tdur_us\ttrack\tname\n0\t1\tslice0\tz\n2\t1\tcore0\te\n2\t10\tdma0\tf\n3\t10\tdma0\tg\n' > b.tsv
	npt-json a.tsv b.tsv > ab.json
	# the premise: dma0 needs a second lane in each input, slice0 in a only
	[ "$(grep -c '"name":"dma0 lane 1","npt_track":"dma0"' ab.json)" -eq 2 ]
	[ "$(grep -c '"name":"slice0 lane 1","npt_track":"slice0"' ab.json)" -eq 1 ]
	# by hand: the tracks of both inputs by name and pid, ctrl0 alone
	run -0 sh -c "npt-import ab.json | awk -F'\t' '!/^#/ { print \$5 \"\t\" \$3 }' | sort"
	assert_output <<-'EOF'
	a	core0 1
	b	dma0 1
	c	dma0 1
	d	ctrl0
	e	core0 2
	f	dma0 2
	g	dma0 2
	x	slice0 1
	y	slice0 1
	z	slice0 2
	EOF
	# one input: every track by its name, lanes or not
	run -0 sh -c "npt-json a.tsv | npt-import | awk -F'\t' '!/^#/ { print \$5 \"\t\" \$3 }' | sort"
	assert_output <<-'EOF'
	a	core0
	b	dma0
	c	dma0
	d	ctrl0
	x	slice0
	y	slice0
	EOF
}

@test "json: lanes for speedscope by hand: an event of length 0 where no other begins or ends then, touching events of one key apart" {
	# speedscope puts an end before a begin of one time unless both have
	# one key: the SYNC of length 0 at the INVOKE's start (ctrl0, tid
	# 20000001) goes to lane 1, where nothing begins then
	printf '## clock.ctrl0=900MHz\n#ts_cyc\tdur_cyc\ttrack\top\tname\n10000\t900000\tctrl0\tINVOKE\tinvoke\n10000\t0\tctrl0\tSYNC\tsync\n' > sync.tsv
	npt-json sync.tsv > out.json
	events out.json X name tid > got
	printf 'invoke\t20000001\nsync\t20000002\n' | cmp - got
	# t0 (tid 1): B begins at 5 on lane 0, so E (0 us at 5) goes to lane 1;
	# t1 (101): E first, then F of 5 us at 5 may not join it; t2 (201):
	# E at A's end; t3 (301): length 0 of one key share a lane, not m;
	# t4 (401): A again where A ends (lane 1), B where A ends (lane 0),
	# B where B ends after C began there (lane 0: C begins first)
	{
		printf '#ts_us\tdur_us\ttrack\tname\n'
		printf '0\t10\tt0\tA\n5\t5\tt0\tF\n5\t0\tt0\tE\n'
		printf '0\t10\tt1\tA\n5\t0\tt1\tE\n5\t5\tt1\tF\n'
		printf '0\t5\tt2\tA\n5\t0\tt2\tE\n6\t0\tt2\tE\n'
		printf '5\t0\tt3\tn\n5\t0\tt3\tn\n5\t0\tt3\tm\n5\t0\tt3\tn\n'
		printf '0\t10\tt4\tA\n10\t5\tt4\tA\n15\t5\tt4\tB\n20\t5\tt4\tC\n20\t1\tt4\tB\n'
	} > in.tsv
	npt-json in.tsv > out.json
	events out.json X tid name ts > got
	cat > want <<-'EOF'
	1	A	0.000
	1	F	5.000
	2	E	5.000
	101	A	0.000
	101	E	5.000
	102	F	5.000
	201	A	0.000
	202	E	5.000
	201	E	6.000
	301	n	5.000
	301	n	5.000
	302	m	5.000
	301	n	5.000
	401	A	0.000
	402	A	10.000
	401	B	15.000
	401	C	20.000
	401	B	20.000
	EOF
	cmp want got
	# -a: the key has the args: A of another x joins A's lane, of the same
	# (1.5 is 1.50) not; nor one that ends with an open A of another x
	# (speedscope finds the end by the name then, and warns)
	{
		printf '#ts_us\tdur_us\ttrack\tname\tx\n'
		printf '0\t10\tt0\tA\t1\n10\t5\tt0\tA\t2\n15\t5\tt0\tA\t1.50\n20\t5\tt0\tA\t1.5\n'
		printf '0\t10\tt1\tA\t1\n5\t5\tt1\tA\t2\n5\t5\tt1\tB\t2\n5\t4\tt1\tA\t2\n'
	} > a.tsv
	npt-json -a a.tsv > out.json
	events out.json X tid name ts > got
	printf '1\tA\t0.000\n1\tA\t10.000\n1\tA\t15.000\n2\tA\t20.000\n101\tA\t0.000\n102\tA\t5.000\n101\tB\t5.000\n101\tA\t5.000\n' | cmp - got
	# without -a the key is the name: A after A moves, whatever x
	npt-json a.tsv > out.json
	events out.json X tid ts | head -n 4 > got
	printf '1\t0.000\n2\t10.000\n1\t15.000\n2\t20.000\n' | cmp - got
}

@test "json: speedscope (a python3 model of its order) draws every event of random streams with many of length 0 at shared times, without a warning" {
	for seed in 1 2 3 4 5 6; do
		python3 - "$seed" > in.tsv <<-'EOF'
		import random, sys
		r = random.Random(int(sys.argv[1]))
		print("#ts_us\tdur_us\ttrack\top\tname\tx")
		ev = []
		for t in ("core0", "dma0"):
		    ts = 0
		    for i in range(400):
		        ts += r.choice([0, 0, 0, 1, 2, 5])
		        ev.append((ts, r.choice([0, 0, 0, 1, 2, 3, 5, 10, 20]), t,
		                   r.choice("AB"), r.choice(["", "n", "m"]),
		                   r.choice(["", "1", "1.5", "1.50", "x",
		                             "0", "-0", "0.0", "-0.0"])))
		# by start; events of one start in any order of length
		for e in sorted(ev, key=lambda e: e[0]):
		    print("\t".join(map(str, e)))
		EOF
		for a in "" -a; do
			npt-json $a in.tsv > out.json
			python3 "$NPT_ROOT/tests/helpers/speedscope_sim.py" out.json ||
				flunk "seed $seed $a"
			# the lanes of the man page's rules, no more
			python3 - "$a" in.tsv out.json <<-'EOF' || flunk "seed $seed $a"
			import json, os, sys
			sys.path.insert(0, os.environ["NPT_ROOT"] + "/tests/helpers")
			from json_lanes import assign
			def num(x):
			    # as JSON.stringify: no trailing zeros, no minus of 0
			    x = x.rstrip("0").rstrip(".") if "." in x else x
			    return "0" if x == "-0" else x
			ev = []
			for l in open(sys.argv[2]).read().splitlines()[1:]:
			    ts, dur, t, op, name, x = l.split("\t")
			    key = json.dumps(name or op)
			    if sys.argv[1] and x:
			        key += '{"x":%s}' % (num(x) if x != "x" else '"x"')
			    ev.append((int(ts), int(ts) + int(dur), t, key))
			want, _ = assign(ev)
			got = [e["tid"] for e in json.load(open(sys.argv[3])) if e["ph"] == "X"]
			assert got == want, [(i, g, w) for i, (g, w) in enumerate(zip(got, want)) if g != w][:5]
			EOF
		done
	done
	# the model finds what the old lanes did wrong: all in lane 0
	python3 - > old.json <<-'EOF'
	import json
	print(json.dumps([{"name": "invoke", "ph": "X", "pid": 1, "tid": 1, "ts": 0, "dur": 10},
	                  {"name": "sync", "ph": "X", "pid": 1, "tid": 1, "ts": 0, "dur": 0},
	                  {"name": "A", "ph": "X", "pid": 1, "tid": 2, "ts": 0, "dur": 10},
	                  {"name": "A", "ph": "X", "pid": 1, "tid": 2, "ts": 10, "dur": 5}]))
	EOF
	run -1 python3 "$NPT_ROOT/tests/helpers/speedscope_sim.py" old.json
	[[ $output == *"Tried to end frame 'sync', but the stack was empty"* ]] || flunk "$output"
	[[ $output == *$'\n2\tA\t0.0\t15.0\n'* ]] || flunk "$output"
}

@test "json: frame keys of one hash but other bytes get the lanes of other keys, with and without -a" {
	# pairs built for one 64-bit hash: names of 16 bytes as written (the
	# two-word hash), and -a keys of 26 bytes before their closing brace (npt_ht_hash); checked
	python3 - <<-'EOF'
	import struct
	M, C1, C2 = (1 << 64) - 1, 0xff51afd7ed558ccd, 0xc4ceb9fe1a85ec53
	def two(k):
	    n = len(k)
	    a = struct.unpack("<Q", k[:8])[0]
	    b = struct.unpack("<Q", k[n - 8:])[0]
	    a = ((a ^ n) * C1) & M
	    a = ((a ^ (a >> 32) ^ b) * C2) & M
	    return a ^ (a >> 29)
	def ht(k):
	    n = len(k)
	    h, i = 0x9e3779b97f4a7c15 ^ n, 0
	    while n - i >= 8:
	        w = struct.unpack("<Q", k[i:i + 8])[0]
	        h = ((h ^ w) * C1) & M
	        h ^= h >> 32
	        i += 8
	    r = k[i:]
	    if len(r) >= 4:
	        w = struct.unpack("<I", r[:4])[0] << 32 | struct.unpack("<I", r[-4:])[0]
	    else:
	        w = r[0] << 16 | r[len(r) >> 1] << 8 | r[-1] if r else 0
	    h = ((h ^ w) * C2) & M
	    h ^= h >> 29
	    h = (h * C1) & M
	    return h ^ (h >> 32)
	assert two(b'"CONV_2D_layer0"') == two(b'"azQoh[deE?e_Q}"')
	assert ht(b'"A"{"x":"layer_one_args1"') == ht(b'"A"{"x":"kcsr=dzT*)$H_6z"')
	EOF
	# the $ is a byte of the key
	# shellcheck disable=SC2016
	{
		printf '#ts_us\tdur_us\ttrack\tname\tx\n'
		printf '0\t10\tcore0\tCONV_2D_layer0\t\n10\t5\tcore0\tazQoh[deE?e_Q}\t\n'
		printf '0\t10\tcore1\tA\tlayer_one_args1\n5\t5\tcore1\tA\tkcsr=dzT*)$H_6z\n'
		printf '0\t10\tcore2\tA\tlayer_one_args1\n5\t5\tcore2\tA\tkcsr=dzT*)$H_6z\n'
		printf '5\t5\tcore2\tB\tkcsr=dzT*)$H_6z\n5\t4\tcore2\tA\tkcsr=dzT*)$H_6z\n'
	} > c.tsv
	for a in "" -a; do
		npt-json $a c.tsv > out.json
		# the lanes of the man page's rules, keys compared as strings
		python3 - "$a" c.tsv out.json <<-'EOF' || flunk "$a"
		import json, os, sys
		sys.path.insert(0, os.environ["NPT_ROOT"] + "/tests/helpers")
		from json_lanes import assign
		ev = []
		for l in open(sys.argv[2]).read().splitlines()[1:]:
		    ts, dur, t, name, x = l.split("\t")
		    key = json.dumps(name)
		    if sys.argv[1] and x:
		        key += json.dumps({"x": x}, separators=(",", ":"))
		    ev.append((int(ts), int(ts) + int(dur), t, key))
		want, _ = assign(ev)
		got = [e["tid"] for e in json.load(open(sys.argv[3])) if e["ph"] == "X"]
		assert got == want, (got, want)
		EOF
	done
	# by hand: the second name follows the first on its lane; with -a the
	# A of other args that ends with A goes on a lane of its own, B and the
	# A ending before them on the first
	npt-json c.tsv > out.json
	events out.json X tid > got
	printf '1\n1\n101\n101\n201\n201\n201\n201\n' | cmp - got
	npt-json -a c.tsv > out.json
	events out.json X tid > got
	printf '1\n1\n101\n102\n201\n202\n201\n201\n' | cmp - got
}

@test "json: tids and lanes of many tracks and deep overlap match a model of the man page's rules" {
	# 2,000 numberless tracks share one base tid; core tracks whose lanes
	# run into the next core's tids; names of 5 and 6 digits, mixed case
	# DMA, control, an empty track; 1,500 events open at once on core0
	python3 -c '
import random
r = random.Random(16)
names = ["t%sx" % i for i in range(2000)] + ["core%d" % i for i in range(8)] + \
    ["core%d" % (i * 100) for i in range(5)] + ["DmA%d" % i for i in range(30)] + \
    ["ctrl%d" % i for i in range(5)] + ["control", "c99999", "c100000", "core01", ""]
ev = [(r.randrange(0, 400), r.randrange(0, 50), r.choice(names)) for _ in range(4000)]
ev += [(i, 100000, "core0") for i in range(1500)]
ev += [(i, 1000 + r.randrange(0, 5), "core1") for i in range(300)]
ev.sort(key=lambda e: e[0])
print("#ts_ns\tdur_ns\ttrack\tid")
for i, (s, d, t) in enumerate(ev):
	print("%d\t%d\t%s\t%d" % (s, d, t, i))' > in.tsv
	npt-json -a in.tsv > out.json
	python3 - in.tsv out.json <<-'EOF'
	import json, sys
	sys.path.insert(0, "%s/tests/helpers" % __import__("os").environ["NPT_ROOT"])
	from json_lanes import assign, base
	# named by the track; with -a each event's key is its own: its id
	ev = [l.split("\t") for l in open(sys.argv[1]).read().splitlines()[1:]]
	want, threads = assign([(int(s), int(s) + int(d), t, t + "{%s}" % i)
	                        for s, d, t, i in ev])
	tracks = {}
	for tid, name in threads.items():
	    tracks.setdefault(name.split(" lane ")[0], []).append(tid)
	tracks[""] = tracks.pop("(no track)")
	ev = json.load(open(sys.argv[2]))
	got = [e["tid"] for e in ev if e["ph"] == "X"]
	names = {e["tid"]: e["args"]["name"] for e in ev if e["name"] == "thread_name"}
	assert got == want, [(i, g, w) for i, (g, w) in enumerate(zip(got, want)) if g != w][:5]
	assert names == threads, set(names.items()) ^ set(threads.items())
	assert len(tracks["core0"]) >= 1500 and len(tracks["core1"]) > 100, \
	    (len(tracks["core0"]), len(tracks["core1"]))
	assert sum(base(n) == base("x") for n in tracks) > 1500
	EOF
}

@test "json: 160,000 events open at once on one track and 40,000 numberless tracks finish" {
	# a hang guard only: bench/shapes.sh measures the growth
	# tid and ts of the X events of FILE (one event a line, whole us)
	xtids() {
		sed -n 's/.*"ph":"X",.*"tid":\([0-9]*\),"ts":\([0-9]*\)\.000,.*/\1 \2/p' "$1"
	}
	awk 'BEGIN { print "#ts_us\tdur_us\ttrack"
		for (i = 0; i < 160000; i++) printf "%d\t160000\tdma0\n", i }' > deep.tsv
	timeout 60 npt-json deep.tsv > out.json
	# event i is alone in lane i, tid 10000001 + i
	xtids out.json | awk '{ print $1 - 10000001 - $2 }' | sort -u > got
	echo 0 | cmp - got
	test "$(grep -c '"name":"dma0 lane 159999"' out.json)" = 1
	awk 'BEGIN { print "#ts_us\tdur_us\ttrack"
		for (i = 0; i < 40000; i++) printf "%d\t1\tn%dx\n", i, i }' > many.tsv
	timeout 60 npt-json many.tsv > out.json
	# track i is tid 9999901 + i, the next free after the others
	xtids out.json | awk '{ print $1 - 9999901 - $2 }' | sort -u > got
	echo 0 | cmp - got
	test "$(xtids out.json | wc -l)" = 40000
}

@test "json: each file is a process; -p names them in order" {
	printf '#ts_us\tdur_us\n1\t1\n' > a.tsv
	cp a.tsv b.tsv
	npt-json -p first a.tsv a.tsv - < b.tsv > out.json
	events out.json M name pid args | grep '^process_name' | cut -f2- > got
	printf '1\t{"name": "first"}\n2\t{"name": "a.tsv"}\n3\t{"name": "device"}\n' | cmp - got
	run --separate-stderr -2 npt-json -p a -p b a.tsv
	assert_stderr "npt-json: -p: 2 names for 1 input"
	run --separate-stderr -2 npt-json -p a -p b -p c a.tsv a.tsv
	assert_stderr "npt-json: -p: 3 names for 2 inputs"
}

@test "json: -C on level samples of several categories on one track: drawn in turn, with a warning" {
	printf '#ts_us\tdur_us\ttrack\top\tcategory\tlive_bytes\n0\t\ttile0\tLIVE\tweights\t100\n0\t\ttile0\tLIVE\tactivations\t50\n0\t\ttile1\tLIVE\tweights\t7\n10\t\ttile0\tLIVE\tactivations\t70\n10\t\ttile1\tLIVE\tweights\t8\n' > cat.tsv
	run -0 --separate-stderr npt-json -C live_bytes cat.tsv
	json_ok
	assert_stderr "npt-json: warning: 1 track (tile0) with level samples of more than one category: a counter shows each category's in turn, not their sum; draw one category (awk) or see the sums with npt-mem"
	# one category a track, or the rows not drawn (no -C): no warning
	run -0 --separate-stderr sh -c "awk -F'\t' '\$5 != \"activations\"' cat.tsv | npt-json -C live_bytes"
	[ -z "$stderr" ]
	run -0 --separate-stderr npt-json cat.tsv
	[ -z "$stderr" ]
}

@test "json: a process name from -p or a file name is written as given, its backslashes not escapes" {
	printf '#ts_us\tdur_us\ttrack\n1000\t5\tcore0\n' > e.tsv
	cp e.tsv 'a\tb.tsv'
	npt-json -p 'C:\temp\new' e.tsv 'a\tb.tsv' > out.json
	json_ok "$(cat out.json)"
	events out.json M name pid args | grep '^process_name' | cut -f2- > got
	# json.dumps writes a backslash as two
	python3 -c 'import json; print("1\t" + json.dumps({"name": "C:\\temp\\new"})); print("2\t" + json.dumps({"name": "a\\tb.tsv"}))' | cmp - got
}

@test "json: -C draws a counter per track whose series each drop to 0 after the last event that set them" {
	printf '#ts_us\tdur_us\ttrack\tpct\tq\n0\t10\tcore0\t5\t1\n2\t3\tcore0\t\t2\n10\t5\tcore0\t7.5\t\n20\t1\tcore0\t1\t3\n20\t1\tdma0\t\t\n' > in.tsv
	cevents -C pct -C q in.tsv
	# q's 2 drops at 10, where the event that set it before ends, though
	# the next event (which sets only pct) starts there: pct's 7.5 drops
	# at 15, its event's end; each event has both series, as they are
	cat > want <<-'EOF'
	core0	0.000	{"pct":5,"q":1}
	core0	2.000	{"pct":5,"q":2}
	core0	10.000	{"pct":7.5,"q":2}
	core0	10.000	{"pct":7.5,"q":0}
	core0	15.000	{"pct":0,"q":0}
	core0	20.000	{"pct":1,"q":3}
	core0	21.000	{"pct":0,"q":0}
	EOF
	cmp want got
}

@test "json: -C: the end of an event drops only the series it set, not a level a LIVE row holds" {
	# core0's live bytes (LIVE rows) beside its operators' pct: CONV's
	# 50 drops at 5 though a LIVE row came in between, and ADD's end at
	# 14 leaves the 80 live bytes as they are
	printf '#ts_us\tdur_us\ttrack\top\tlive_bytes\tpct\n' > in.tsv
	printf '%s\t%s\tcore0\t%s\t%s\t%s\n' 0 '' LIVE 100 '' 2 3 CONV '' 50 \
	    4 '' LIVE 120 '' 10 '' LIVE 80 '' 12 2 ADD '' 30 20 '' LIVE 60 '' >> in.tsv
	# each counter event has both series, as they are at its time
	npt-json -C live_bytes -C pct in.tsv > out.json
	jq -r '.[] | select(.ph == "C") |
	    "\(.ts) \(.args | keys_unsorted | join(",")) \(.args.live_bytes) \(.args.pct)"' \
	    out.json > got
	cat > want <<-'EOF'
	0 live_bytes,pct 100 0
	2 live_bytes,pct 100 50
	4 live_bytes,pct 120 50
	5 live_bytes,pct 120 0
	10 live_bytes,pct 80 0
	12 live_bytes,pct 80 30
	14 live_bytes,pct 80 0
	20 live_bytes,pct 60 0
	EOF
	cmp want got
	cat > want <<-'EOF'
	live_bytes 0 100
	live_bytes 4 120
	live_bytes 10 80
	live_bytes 20 60
	pct 2 50
	pct 5 0
	pct 12 30
	pct 14 0
	EOF
	# the same counter tracks in Perfetto's protobuf
	npt-json -F perfetto -C live_bytes -C pct in.tsv | npt-import -c |
		awk -F'\t' '$3 ~ /^core0 / { sub(/^core0 /, "", $3); print $3, $1 + 0, $8 }' |
		sort -s -k1,1 > got
	cmp want got
}

@test "json: -C: each counter event has every column's series, for chrome://tracing, which reads a missing one as 0" {
	# Catapult's trace viewer (chrome://tracing) makes a counter's series
	# of the args of its first event and reads a series missing from a
	# later one as 0: core0's first event sets only pct, yet live_bytes
	# is there (0); its LIVE 100 holds while pct drops at 10; ADD's 30
	# drops at 10, where CONV's 50 would (the later end); dma0 has both
	# too, and its drop at 4 comes at the end
	printf '#ts_us\tdur_us\ttrack\top\tlive_bytes\tpct\n' > in.tsv
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' 0 10 core0 CONV '' 50 \
	    1 3 dma0 LOAD '' 20 2 '' core0 LIVE 100 '' 4 2 core0 ADD '' 30 \
	    12 '' core0 LIVE 80 '' >> in.tsv
	cevents -C pct -C live_bytes in.tsv
	cat > want <<-'EOF'
	core0	0.000	{"pct":50,"live_bytes":0}
	dma0	1.000	{"pct":20,"live_bytes":0}
	core0	2.000	{"pct":50,"live_bytes":100}
	core0	4.000	{"pct":30,"live_bytes":100}
	core0	10.000	{"pct":0,"live_bytes":100}
	core0	12.000	{"pct":0,"live_bytes":80}
	dma0	4.000	{"pct":0,"live_bytes":0}
	EOF
	cmp want got
	# the slices are the same as without -C
	npt-json in.tsv | grep '"ph":"X"' | sed 's/,$//' > x1
	grep '"ph":"X"' out.json | sed 's/,$//' | cmp - x1
}

@test "json: -C: chrome://tracing's reading of the counters is each series' value at every time, on random streams" {
	# Each series on its own (python3): a value holds from its start;
	# a slice's drops to 0 at its end unless a value of the series
	# starts by then (then it drops at the later end), a LIVE row's
	# holds.  Against it, the output as Catapult's processCounterEvent
	# reads it: the series of a counter are the args of its first
	# event, a missing one is 0; the last sample at or before a time is
	# the value then.
	for seed in $(seq 1 "$(variant_n 30 5)"); do
		python3 - "$seed" > in.tsv <<-'EOF'
		import random, sys
		r = random.Random(int(sys.argv[1]))
		print("#ts_us\tdur_us\ttrack\top\ta\tb\tc")
		t = 0
		for _ in range(r.randint(1, 40)):
		    t += r.choice([0, 0, 1, 2, 3, 5])
		    op = r.choice(["CONV", "ADD", "LIVE"])
		    dur = "" if op == "LIVE" and r.random() < 0.5 else str(r.randint(0, 6))
		    v = [str(r.randint(1, 9)) if r.random() < 0.4 else "" for _ in "abc"]
		    print("\t".join([str(t), dur, r.choice(["core0", "core1"]), op] + v))
		EOF
		npt-json -C a -C b -C c in.tsv > out.json || flunk "seed $seed"
		python3 - in.tsv out.json <<-'EOF' || flunk "seed $seed: $(cat in.tsv)"
		import json, sys
		cols = ["a", "b", "c"]
		rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l[0] != "#"]
		# the model: per track and series, the steps (time, value)
		want = {}
		for tr in {x[2] for x in rows}:
		    for j, s in enumerate(cols):
		        steps, drop = [], None
		        for ts, dur, t2, op, *v in rows:
		            if t2 != tr or v[j] == "":
		                continue
		            ts, te = int(ts), int(ts) + int(dur or 0)
		            if drop is not None and drop < ts:
		                steps.append((drop, 0))
		                drop = None
		            steps.append((ts, int(v[j])))
		            if op == "LIVE":
		                drop = None
		            else:
		                drop = te if drop is None else max(drop, te)
		        if drop is not None:
		            steps.append((drop, 0))
		        want[tr, s] = steps
		# the viewer's reading
		first, got = {}, {}
		for e in json.load(open(sys.argv[2])):
		    if e["ph"] != "C":
		        continue
		    n = e["name"]
		    if n not in first:
		        first[n] = list(e["args"])
		    for s in first[n]:
		        got.setdefault((n, s), []).append((float(e["ts"]), e["args"].get(s, 0)))
		def at(steps, t):
		    v = 0
		    for ts, x in steps:
		        if ts <= t:
		            v = x
		    return v
		drawn = {tr for tr, s in want if want[tr, s]}
		assert set(first) == drawn, (first, drawn)
		for n in first:
		    assert first[n] == cols, (n, first[n])
		for key, steps in want.items():
		    if key[0] not in drawn:
		        continue
		    g = got[key]
		    for t in sorted({x[0] for x in steps} | {x[0] for x in g}):
		        assert at(steps, t) == at(g, t), (key, t, steps, g)
		EOF
	done
}

@test "json: -C of a column that is not a number is an error" {
	printf '#ts_us\tdur_us\ttrack\tpct\n0\t10\tcore0\t5\n1\t1\tcore0\t12%%\n' > in.tsv
	run --separate-stderr -1 npt-json -C pct in.tsv
	assert_stderr 'npt-json: in.tsv:3: column pct: not a number: "12%"'
	json_ok
}

@test "json: -C values may have an exponent, as JSON numbers: written as they are, doubles in Perfetto" {
	vals='1e3 2.5E-1 -1.5e+2 0e0 6.25e-2 1.5E300 1e-400 12'
	{ printf '#ts_us\tdur_us\ttrack\tc\n'
	i=0
	for v in $vals; do
		printf '%s\t1\tcore0\t%s\n' $((2 * i)) "$v"
		i=$((i + 1))
	done; } > in.tsv
	npt-json -C c in.tsv > out.json
	json_ok "$(cat out.json)"
	# the values as written, each at its event's start
	events out.json C ts args | awk -F'\t' '$2 != "{\"c\": 0}"' > got
	i=0
	for v in $vals; do
		printf '%s.000\t{"c": %s}\n' $((2 * i)) "$v"
		i=$((i + 1))
	done | cmp - got
	# Perfetto: the nearest double (IEEE 754 bits, by python3), an
	# integer as an integer
	command -v protoc > /dev/null || skip "protoc is not installed"
	npt-json -F perfetto -C c in.tsv | protoc --decode_raw |
		awk '$1 == "44:" || ($1 == "30:" && $2 != 0) { print $2 }' > got
	# shellcheck disable=SC2086
	python3 - $vals > want <<-'EOF'
	import struct, sys
	for v in sys.argv[1:-1]:
	    print("0x%016x" % struct.unpack("<Q", struct.pack("<d", float(v)))[0])
	print(sys.argv[-1])
	EOF
	cmp want got
	# awk's %g (and npt-import, of a Chrome or Perfetto counter) writes
	# exponents: they go through
	run -0 sh -c "npt-json -F perfetto -C c in.tsv | npt-import -c | npt-json -C value | jq -r '.[] | select(.ph == \"C\" and .args.value != 0) | .args.value'"
	[ "${lines[0]}" = 1000 ]
	# 0e0 and 1e-400 are 0
	[ "${#lines[@]}" -eq 6 ]
}

@test "json: -C of a number with a bad exponent, or past a double's range, is an error" {
	while IFS='|' read -r v msg; do
		printf '#ts_us\tdur_us\ttrack\tc\n0\t1\tcore0\t1\n1\t1\tcore0\t%s\n' "$v" > in.tsv
		run --separate-stderr -1 npt-json -C c in.tsv
		assert_stderr "npt-json: in.tsv:3: column c: $msg: \"$v\""
		json_ok
	done <<-'EOF'
	1e|not a number
	1e+|not a number
	e3|not a number
	1.e3|not a number
	01e3|not a number
	1e3.5|not a number
	1e0x|not a number
	1e309|too large for a counter (a double)
	-2E+999|too large for a counter (a double)
	EOF
	# 310 digits without an exponent: the same
	printf '#ts_us\tdur_us\ttrack\tc\n0\t1\tcore0\t1%0309d\n' 0 > in.tsv
	run --separate-stderr -1 npt-json -C c in.tsv
	[[ $stderr == 'npt-json: in.tsv:2: column c: too large for a counter (a double): "1000'* ]]
}

@test "json: -C of a column a header lacks gives no counter values under it, 0 in each counter event, and no error" {
	printf '#ts_us\tdur_us\ttrack\tpct\n0\t10\tcore0\t5\n' > a.tsv
	printf '#ts_us\tdur_us\ttrack\n0\t10\tcore0\n' > b.tsv
	# one stream of two headers: pct's 5 drops at 10, the second header
	# has no pct; the second file has none at all; nope, of no value,
	# is 0 in each counter event
	cat a.tsv b.tsv > ab.tsv
	run --separate-stderr -0 npt-json -C pct -C nope ab.tsv b.tsv
	[ -z "$stderr" ]
	json_ok
	events <(printf '%s\n' "$output") C name pid ts args | tr -d ' ' > got
	printf 'core0\t1\t0.000\t{"pct":5,"nope":0}\ncore0\t1\t10.000\t{"pct":0,"nope":0}\n' | cmp - got
	[ "$(printf '%s\n' "$output" | grep -c '"ph":"X"')" -eq 3 ]
}

@test "json: any bytes give valid JSON: quotes, backslashes, controls, field escapes, bad UTF-8" {
	python3 - <<-'EOF'
	import random
	r = random.Random(3)
	with open("in.tsv", "wb") as f:
	    f.write(b"#ts_us\tdur_us\ttrack\top\tname\tx\"\\y\n")
	    for i in range(3000):
	        def s():
	            b = bytes(r.choice([r.randrange(256), 34, 92, 0xe2, 0x82, 0xac, 0xf0, 0xed]) for _ in range(r.randrange(12)))
	            b = b.replace(b"\\", b"\\\\").replace(b"\t", b"\\t").replace(b"\n", b"\\n").replace(b"\r", b"\\r").replace(b"\0", b"\\0")
	            return b
	        f.write(b"%d\t1\t%s\t%s\t%s\t%s\n" % (i, s(), s(), s(), s()))
	EOF
	npt-json -a in.tsv > out.json
	jq -e 'length > 3000' out.json > /dev/null
	python3 - <<-'EOF'
	import json
	def unesc(b):
	    out, i = bytearray(), 0
	    m = {ord("t"): 9, ord("n"): 10, ord("r"): 13, ord("\\"): 92, ord("0"): 0}
	    while i < len(b):
	        if b[i] == 92 and i + 1 < len(b) and b[i + 1] in m:
	            out.append(m[b[i + 1]]); i += 2
	        else:
	            out.append(b[i]); i += 1
	    return bytes(out).decode("utf-8", "replace")
	# numbers as their text: a field of digits is a JSON number
	ev = [e for e in json.load(open("out.json", encoding="utf-8"),
	      parse_int=str, parse_float=str) if e["ph"] == "X"]
	lines = open("in.tsv", "rb").read().split(b"\n")[1:-1]
	assert len(ev) == len(lines)
	for e, l in zip(ev, lines):
	    f = l.split(b"\t")
	    name = unesc(f[4]) or unesc(f[3]) or unesc(f[2]) or "unknown"
	    assert e["name"] == name, (e["name"], name)
	    if f[3]:
	        assert e["cat"] == unesc(f[3])
	    if f[5]:
	        assert e["args"]['x"\\y'] == unesc(f[5])
	EOF
}

@test "json: an op of control characters, name and category both, fits its event" {
	# each byte escapes to six, twice: 36000 bytes from a 3 KB field
	python3 -c 'import sys; sys.stdout.buffer.write(b"#ts_us\tdur_us\top\tname\n" + b"".join(b"%d\t1\t%s\t\n" % (i, b"\x01" * 3000) for i in range(40)))' > in.tsv
	npt-json in.tsv > out.json
	[ "$(jq -c '[.[] | select(.ph == "X") | [(.name | length), (.cat | length)]] | unique' out.json)" = "[[3000,3000]]" ]
}

@test "json: input cut short in a line: the error, exit 1, and a complete JSON document" {
	example | head -c 3000 > cut.tsv
	run --separate-stderr -1 npt-json cut.tsv
	assert_stderr "npt-json: cut.tsv:57: 12 fields, but the header has 13 columns"
	json_ok
	# every whole line before it is there: lines 8 to 56, after 6
	# metadata lines and the header
	[ "$(printf '%s\n' "$output" | jq '[.[] | select(.ph == "X")] | length')" -eq 49 ]
}

@test "json: input that ends between lines gives a complete document of its events" {
	example | head -n 103 | npt-json > out.json
	[ "$(jq '[.[] | select(.ph == "X")] | length' out.json)" -eq 96 ]
}

@test "json: killed, npt-json leaves whole events: add the ] and it parses" {
	npt-synth -i 300 -F events > ev.tsv
	mkfifo fifo
	npt-json fifo > out.json &
	pid=$!
	# a producer that stays: npt-json waits for more input
	sh -c 'cat ev.tsv; exec sleep 60' > fifo &
	wpid=$!
	for i in 1 2 3 4 5 6 7 8 9 10; do
		[ -s out.json ] && break
		sleep 1
	done
	sleep 1
	kill -9 "$pid"
	kill "$wpid"
	wait "$pid" || true
	[ -s out.json ]
	[ "$(tail -c 1 out.json)" = "}" ]
	n=$( (cat out.json; echo ']') | jq length)
	[ "$n" -gt 1000 ]
	if [ -f "$VIEWER/node_modules/speedscope/dist/release/index.html" ]; then
		run "$VIEWER/check-trace.sh" out.json
		[ "$status" -eq 0 ] || flunk "$output"
	fi
}

@test "json: an event without a start is left out with a warning; one without a duration lasts 0" {
	printf '#ts_us\tdur_us\ttrack\n\t5\ta\n1\t\ta\n\t1\tb\n' > in.tsv
	run --separate-stderr -0 npt-json in.tsv
	assert_stderr "npt-json: warning: 2 events with no start time left out"
	json_ok
	printf '%s\n' "$output" > out.json
	events out.json X ts dur npt_args | tr -d ' ' > got
	printf '1.000\t0.000\t{"dur_us":"unknown"}\n' | cmp - got
}

@test "json: an event that starts before the previous one of its track is an error" {
	printf '#ts_us\tdur_us\ttrack\n5\t1\ta\n1\t1\tb\n4\t1\ta\n' > in.tsv
	run --separate-stderr -1 npt-json in.tsv
	assert_stderr "npt-json: in.tsv:4: track a: the event starts before the one of line 2; sort the stream by start time"
	json_ok
}

@test "json: cycles without a clock is an error naming the track and the flag" {
	printf '## clock.core0=1GHz\n#ts_cyc\tdur_cyc\ttrack\n1\t1\tcore0\n1\t1\tdma0\n' > in.tsv
	run --separate-stderr -1 npt-json in.tsv
	assert_stderr "npt-json: in.tsv:4: track dma0 has no clock: give -f FREQ or -f dma0=FREQ"
	json_ok
	run -0 npt-json -f 'dma*=500MHz' in.tsv
	[[ $output == *'"tid":10000001,"ts":0.002,"dur":0.002,"npt_name":""}'* ]]
}

@test "json: -w unwraps counters as npt-time -w does" {
	example | awk -F'\t' -v OFS='\t' '!/^#/ { $1 %= 16777216 } 1' > w.tsv
	npt-time -w 24 w.tsv | npt-json -p x > want
	npt-json -w 24 -p x w.tsv > got
	cmp want got
	example | npt-json -p x | cmp - got
	json_ok "$(cat got)"
}

@test "json: a header without the time columns is an error" {
	printf '#ts\tdur\n1\t2\n' > in.tsv
	run --separate-stderr -1 npt-json in.tsv
	assert_stderr "npt-json: in.tsv:1: no column ts_us, ts_ns, ts_ms or ts_cyc in the header"
	printf '#ts_us\tdur_cyc\n1\t2\n' > in.tsv
	run --separate-stderr -1 npt-json in.tsv
	assert_stderr "npt-json: in.tsv:1: no column dur_us in the header"
	printf '#ts_cyc\tdur_us\n1\t2\n' > in.tsv
	run --separate-stderr -1 npt-json in.tsv
	assert_stderr "npt-json: in.tsv:1: no column dur_cyc in the header"
	printf '#ts_ms\tdur_ns\ttrack\n1\t2\ta\n' > in.tsv
	run -0 npt-json in.tsv
	[[ $output == *'"ts":1000.000,"dur":0.002'* ]]
}

@test "json: bad times are located errors" {
	while IFS='|' read -r ts dur msg; do
		printf '#ts_us\tdur_us\n0\t1\n%s\t%s\n' "$ts" "$dur" > in.tsv
		run --separate-stderr -1 npt-json in.tsv
		assert_stderr "npt-json: in.tsv:3: $msg"
		json_ok
	done <<-'EOF'
	12x|1|column ts_us: not a number: "12x"
	1|-5|column dur_us: negative: "-5"
	1|0.0000000000001|column dur_us: too many decimal places: "0.0000000000001"
	10000000000000000000000000|1|column ts_us: too large: "10000000000000000000000000"
	1|1.|column dur_us: not a number: "1."
	EOF
	# in units that differ, a time past the range is the same error
	printf '#ts_ms\tdur_ns\n0\t1\n10000000000000000000000000\t1\n' > in.tsv
	run --separate-stderr -1 npt-json in.tsv
	assert_stderr 'npt-json: in.tsv:3: column ts_ms: too large: "10000000000000000000000000"'
	printf '#ts_ns\tdur_ms\n0\t1\n1\t-1\n' > in.tsv
	run --separate-stderr -1 npt-json in.tsv
	assert_stderr 'npt-json: in.tsv:3: column dur_ms: negative: "-1"'
}

@test "json: a start and a duration in units that differ convert over the whole range, rounded once" {
	# from 10^19 ms, 10^-12 ns of a start in ms passed 128 bits: such
	# starts were "too large"; the end is still the exact sum rounded
	cat > rows <<-'EOF'
	ms ns 10000000000000000000 5
	ms ns 9999999999999999999999.999999999999 0.000000000001
	ms ns 9999999999999999999999.9999995 0.5
	ms ns 1234567890123456789012.0000004 0.099999999999
	ms ns 1234567890123456789012.0000004 0.1
	ms ns -9999999999999999999999.999999999999 0.5
	ms ns -9999999999999999999999.0000005 0.000000000001
	ms ns -12345678901234567890.0000015 0.499999999999
	ns ms 12.5 9999999999999999999999.999999999999
	ns ms -0.499999999999 10000000000000000000.0000005
	ms us 9999999999999999999999.999999999999 0.000500000001
	us ms -99999999999999999999999.9999995 99999999999999999999.000000000001
	us ns 9999999999999999999999999.5 0.5
	ns us 7 1
	EOF
	n=0
	in=()
	while read -r tu du ts dur; do
		n=$((n + 1))
		printf '#ts_%s\tdur_%s\ttrack\n%s\t%s\tt%s\n' "$tu" "$du" "$ts" "$dur" "$n" > "$n.tsv"
		in+=("$n.tsv")
	done < rows
	npt-json "${in[@]}" > out.json
	json_ok "$(cat out.json)"
	events out.json X ts dur > got
	# exact fractions: start and end each in ns, floor(x + 1/2); in us
	python3 - > want <<-'EOF'
	from fractions import Fraction as F
	u = {"ns": 1, "us": 1000, "ms": 10**6}
	def r(x):
	    return (x + F(1, 2)).__floor__()
	def us(n):
	    s = "-" if n < 0 else ""
	    return "%s%d.%03d" % (s, abs(n) // 1000, abs(n) % 1000)
	for l in open("rows"):
	    tu, du, ts, dur = l.split()
	    a = F(ts) * u[tu]
	    b = a + F(dur) * u[du]
	    print(us(r(a)) + "\t" + us(r(b) - r(a)))
	EOF
	cmp want got
	# and Perfetto takes what fits trace_processor's signed 64 bits, a
	# located error past it (2^63 - 1 ns: 9223372036854.775807 ms), also a
	# start past 2^64 - 1 ns
	printf '#ts_ms\tdur_ns\ttrack\n9223372036854.775807\t0\ta\n9223372036854.775807\t1\ta\n' > p.tsv
	run --separate-stderr -1 npt-json -F perfetto p.tsv
	assert_stderr "npt-json: p.tsv:3: a time past 2^63 - 1 ns: trace_processor reads Perfetto's times as signed 64-bit nanoseconds"
	printf '#ts_ms\tdur_ns\ttrack\n18446744073709.551616\t0\ta\n' > p.tsv
	run --separate-stderr -1 npt-json -F perfetto p.tsv
	assert_stderr "npt-json: p.tsv:2: a time past 2^63 - 1 ns: trace_processor reads Perfetto's times as signed 64-bit nanoseconds"
	# in JSON, which Perfetto multiplies into signed 64-bit ns too, the
	# events are written and counted in a warning: the second ends 1 ns
	# past, the third starts past, the first ends at 2^63 - 1 ns
	printf '#ts_ns\tdur_ns\ttrack\n9223372036854775800\t7\ta\n9223372036854775800\t8\ta\n9223372036854775808\t0\ta\n' > j.tsv
	run --separate-stderr -0 npt-json j.tsv
	json_ok
	[ "$(jq '[.[] | select(.ph == "X")] | length' <<< "$output")" = 3 ]
	assert_stderr "npt-json: warning: 2 events or counter values past 2^63 - 1 ns, which Perfetto, reading times as signed 64-bit nanoseconds, cannot place; rebase the times (see npt-json(1))"
	head -n 2 j.tsv > j1.tsv
	run --separate-stderr -0 npt-json j1.tsv
	[ -z "$stderr" ]
	run --separate-stderr -0 npt-json -F perfetto j1.tsv
}

@test "json: -C counter values before 0 ns or past 2^63 - 1 ns are counted in the warnings, as events are" {
	# a LIVE row at -5 ns: one counter value, no slice
	printf '#ts_ns\tdur_ns\ttrack\top\tv\n-5\t0\tt\tLIVE\t3\n' > c.tsv
	run --separate-stderr -0 npt-json -C v c.tsv
	json_ok
	[ "$(jq '[.[] | select(.ph == "C" and .ts < 0)] | length' <<< "$output")" = 1 ]
	assert_stderr "npt-json: warning: 1 event or counter value before 0 ns, which Perfetto drops; rebase the times (see npt-json(1))"
	# and an event at -4 ns with no value: 2
	printf -- '-4\t10\tt\tX\t\n' >> c.tsv
	run --separate-stderr -0 npt-json -C v c.tsv
	assert_stderr "npt-json: warning: 2 events or counter values before 0 ns, which Perfetto drops; rebase the times (see npt-json(1))"
	# an event from 2^63 - 8 ns ending 2 ns past 2^63 - 1: the event and
	# its value's drop to 0 at its end are past, its value at the start not
	printf '#ts_ns\tdur_ns\ttrack\top\tv\n9223372036854775800\t10\tt\tX\t2\n' > b.tsv
	run --separate-stderr -0 npt-json -C v b.tsv
	json_ok
	assert_stderr "npt-json: warning: 2 events or counter values past 2^63 - 1 ns, which Perfetto, reading times as signed 64-bit nanoseconds, cannot place; rebase the times (see npt-json(1))"
	# a LIVE row past alone: 1
	printf '#ts_ns\tdur_ns\ttrack\top\tv\n9223372036854775808\t0\tt\tLIVE\t3\n' > l.tsv
	run --separate-stderr -0 npt-json -C v l.tsv
	assert_stderr "npt-json: warning: 1 event or counter value past 2^63 - 1 ns, which Perfetto, reading times as signed 64-bit nanoseconds, cannot place; rebase the times (see npt-json(1))"
}

@test "json: events that start before 0 ns are written and counted in a warning, as Perfetto drops them" {
	# npt-time -z rebases at the first event, a's at 100 ns: b's at 10 ns
	# and 50 ns (1 and 5 cycles at 100 MHz) start at -90 and -50 ns, the
	# second ending at 50 ns; the third, at 200 ns, starts at 100 ns
	printf '## clock.a=1GHz\n## clock.b=100MHz\n#ts_cyc\tdur_cyc\ttrack\tname\n100\t10\ta\tA\n1\t1\tb\tB\n5\t10\tb\tC\n20\t1\tb\tD\n' > z.tsv
	npt-time -z z.tsv > t.tsv
	run --separate-stderr -0 npt-json t.tsv
	json_ok
	printf '%s\n' "$output" > out.json
	events out.json X name ts dur > got
	printf 'A\t0.000\t0.010\nB\t-0.090\t0.010\nC\t-0.050\t0.100\nD\t0.100\t0.010\n' | cmp - got
	assert_stderr "npt-json: warning: 2 events or counter values before 0 ns, which Perfetto drops; rebase the times (see npt-json(1))"
	grep -v $'\tC$' t.tsv | sed '/\tB$/d' > one.tsv
	printf -- '-0.001\t0\tc\tE\n' >> one.tsv
	run --separate-stderr -0 npt-json one.tsv
	assert_stderr "npt-json: warning: 1 event or counter value before 0 ns, which Perfetto drops; rebase the times (see npt-json(1))"
	# none before 0, no warning
	npt-time z.tsv > t.tsv
	run --separate-stderr -0 npt-json t.tsv
	[ -z "$stderr" ]
}

@test "json: the man page's awk program rebases a stream in time exactly, where npt-time -z takes cycles only" {
	run --separate-stderr -1 npt-time -z "$FIXTURES/import/benchmark_result_493459_1694039959_trace.ref.tsv"
	[[ $stderr == *"no column ts_cyc or dur_cyc to convert"* ]] || flunk "$stderr"
	# the program of EXAMPLES, as written there (\e is a backslash)
	sed -n "/^awk -F'\\\\et' -v OFS='\\\\et' '\$/,/trace.tsv trace.tsv | npt-json > trace.json\$/p" \
		"$NPT_ROOT/man/npt-json.1" | sed 's/\\e/\\/g' > prog.sh
	[ "$(wc -l < prog.sh)" -gt 5 ] || flunk "$(cat prog.sh)"
	# starts of the epoch in us, to the ns, which doubles do not hold; an
	# earlier start on another track; an empty start; ns and ms columns
	# not first; decimals of any length, before 0 too
	printf '## clock.x=1GHz\n#ts_us\tdur_us\ttrack\n1694039968957074.001\t5\ta\n1694039968957073.999\t1\tb\n\t1\tc\n1694039968957080\t2\ta\n1694039968957081.5\t0\tb\n' > trace.tsv
	"${NPT_SHELL[@]}" prog.sh 2> /dev/null
	json_ok "$(cat trace.json)"
	sed 's/ | npt-json > trace.json$//' prog.sh > tsv.sh
	"${NPT_SHELL[@]}" tsv.sh > got
	printf '#dur_ns\ttrack\tts_ns\n1\tt\t-5\n1\tt\t-3.25\n1\tt\t-0.000\n1\tt\t2.5\n1\tt\t2.000000000001\n' > trace.tsv
	"${NPT_SHELL[@]}" tsv.sh >> got
	printf '#ts_ns\tdur_ns\n1694039968957074123.25\t1\n1694039968957073999\t1\n1694039968957074000.050\t1\n' > trace.tsv
	"${NPT_SHELL[@]}" tsv.sh >> got
	printf '#ts_ms\tdur_ms\n-1.000000000001\t1\n' > trace.tsv
	"${NPT_SHELL[@]}" tsv.sh >> got
	# python3 Decimal: each start less the earliest one's floor
	python3 - > want <<-'EOF'
	from decimal import Decimal as D, getcontext
	getcontext().prec = 60
	files = [
	    "## clock.x=1GHz\n#ts_us\tdur_us\ttrack\n1694039968957074.001\t5\ta\n1694039968957073.999\t1\tb\n\t1\tc\n1694039968957080\t2\ta\n1694039968957081.5\t0\tb\n",
	    "#dur_ns\ttrack\tts_ns\n1\tt\t-5\n1\tt\t-3.25\n1\tt\t-0.000\n1\tt\t2.5\n1\tt\t2.000000000001\n",
	    "#ts_ns\tdur_ns\n1694039968957074123.25\t1\n1694039968957073999\t1\n1694039968957074000.050\t1\n",
	    "#ts_ms\tdur_ms\n-1.000000000001\t1\n"]
	for text in files:
	    lines = text.splitlines()
	    col = [c.lstrip("#") for c in lines[[l.startswith("#") and not l.startswith("##") for l in lines].index(True)].split("\t")]
	    t = [i for i, c in enumerate(col) if c.startswith("ts_")][0]
	    starts = [D(l.split("\t")[t]) for l in lines if not l.startswith("#") and l.split("\t")[t]]
	    m = min(x.to_integral_value(rounding="ROUND_FLOOR") for x in starts)
	    for l in lines:
	        f = l.split("\t")
	        if not l.startswith("#") and f[t]:
	            v = D(f[t]) - m
	            f[t] = "{:f}".format(v).lstrip("-") if v == 0 else "{:f}".format(v)
	        print("\t".join(f))
	EOF
	cmp want got
	# and npt-json: 1.001 us is at 1.001, and so on
	events trace.json X ts > got
	printf '1.001\n0.999\n7.000\n8.500\n' | cmp - got
}

@test "json: bad options are usage errors" {
	run --separate-stderr -2 npt-json -f 1.2GHzz
	assert_stderr 'npt-json: -f: not a frequency: "1.2GHzz"'
	run --separate-stderr -2 npt-json -w 65
	assert_stderr 'npt-json: -w: not a counter width from 1 to 64 bits: "65"'
	# -F perfetto numbers a track's counters in 8 bits
	mapfile -t c < <(for i in $(seq 257); do printf -- '-C\nc%s\n' "$i"; done)
	run --separate-stderr -2 npt-json "${c[@]}" < /dev/null
	assert_stderr 'npt-json: -C: more than 256 columns'
	run -0 npt-json "${c[@]:0:512}" < /dev/null
}

@test "json: empty input, header only, no final newline, empty fields" {
	run -0 npt-json < /dev/null
	assert_output "[
]"
	json_ok
	run -0 sh -c "printf '#ts_us\tdur_us' | npt-json"
	assert_output "[
]"
	run -0 sh -c "printf '#ts_us\tdur_us\ttrack\tid\n1\t1\t\t' | npt-json"
	json_ok
	[[ $output == *'"name":"unknown","ph":"X","pid":1,"tid":9999901,"ts":1.000,"dur":1.000,"npt_name":""}'* ]]
}

@test "json: a line of 1 MiB becomes one event" {
	python3 -c 'print("#ts_us\tdur_us\tname\n1\t1\t" + "\\\\x" * (1 << 19))' > in.tsv
	npt-json in.tsv > out.json
	[ "$(jq -r '.[] | select(.ph == "X") | .name | length' out.json)" -eq $((1 << 20)) ]
}

@test "json: - is standard input; a file that cannot be opened is reported, exit 1" {
	printf '#ts_us\tdur_us\n1\t1\n' > a.tsv
	run --separate-stderr -1 sh -c 'npt-json -p gone -p here nosuch.tsv - < a.tsv'
	assert_stderr "npt-json: nosuch.tsv: No such file or directory"
	json_ok
	# the second operand keeps its pid and its name
	[[ $output == *'"pid":2,"tid":0,"ts":0,"args":{"name":"here"}'* ]]
}

@test "json: writing to /dev/full is an error" {
	need_devfull
	example > ev.tsv
	run --separate-stderr -1 sh -c 'npt-json ev.tsv > /dev/full'
	assert_stderr "npt-json: write error: No space left on device"
}

@test "json: | head -n1 ends quietly" {
	npt-synth -i 2000 -F events > ev.tsv
	run -0 sh -c 'npt-json ev.tsv | head -n1'
	assert_output "["
}

@test "json: runs under busybox sh" {
	need_busybox
	example > ev.tsv
	npt-json -p yolov8s ev.tsv > want
	busybox sh -c 'npt-decode "$1"/core0.bin "$1"/core1.bin "$1"/corectrl0.bin | npt-json -p yolov8s' _ "$NPT_ROOT/examples/data/yolov8s" > got
	cmp want got
	json_ok "$(cat got)"
}

@test "json: peak memory stays under 8 MiB for a million events" {
	need_native_rss
	npt-synth -i 5200 -F events > ev.tsv
	/usr/bin/time -f %M -o rss npt-json -C dma_load_cyc ev.tsv > out.json
	[ "$(cat rss)" -lt 8192 ] || flunk "peak RSS $(cat rss) KiB"
	jq -e 'length > 1000000' out.json > /dev/null
}

@test "json: speedscope loads the example trace and shows every event (viewer)" {
	need_viewer
	run sh "$NPT_ROOT/tests/viewer-check.sh"
	[ "$status" -eq 0 ] || flunk "$output"
}

@test "json: speedscope loads overlapping lanes, zero-length and identical events without a warning (viewer)" {
	need_viewer
	printf '#ts_us\tdur_us\ttrack\top\n0\t10\tdma0\tA\n2\t3\tdma0\tB\n5\t10\tdma0\tC\n5\t10\tdma0\tC\n6\t0\tdma0\tD\n15\t0\tdma0\tE\n15\t1\tcore0\tF\n' > in.tsv
	npt-json in.tsv > out.json
	TRACE_CHECK_STRICT=1 run "$VIEWER/check-trace.sh" out.json
	[ "$status" -eq 0 ] || flunk "$output"
	[[ $output == *$'\nevents=7\n'* ]] || flunk "$output"
}

@test "json: speedscope draws events of length 0 at the times of others and touching events of one key without a warning (viewer)" {
	need_viewer
	printf '#ts_us\tdur_us\ttrack\tname\tx\n0\t10\tt0\tA\t1\n10\t5\tt0\tA\t2\n10\t0\tt0\tS\t\n10\t0\tt0\tS\t\n10\t0\tt0\tR\t\n15\t0\tt0\tS\t3\n15\t5\tt0\tB\t\n20\t0\tt1\tA\t\n20\t3\tt1\tA\t\n20\t3\tt1\tA\t4\n' > in.tsv
	for a in "" -a; do
		npt-json $a in.tsv > out.json
		TRACE_CHECK_STRICT=1 run "$VIEWER/check-trace.sh" out.json
		[ "$status" -eq 0 ] || flunk "$a: $output"
		[[ $output == *$'\nevents=10\n'* ]] || flunk "$a: $output"
	done
}

@test "json: loss lines after the data: the same events, a mark of the loss, one warning after it, exit 1 with --strict" {
	printf '#ts_us\tdur_us\ttrack\top\n2\t3\tcore0\tA\n5\t1\tcore0\tB\n' > clean.tsv
	{ cat clean.tsv; printf '## lost.records.core0.bin=12\n## lost.truncated.core0.bin=1\n'; } > a.tsv
	printf '#ts_us\tdur_us\ttrack\top\n## lost.ends.ctrl0.bin=1\n5\t1\tcore1\tC\n' > b.tsv
	npt-json -p run clean.tsv > want
	run --separate-stderr -0 npt-json -p run a.tsv
	json_ok
	assert_stderr "npt-json: warning: input incomplete: 12 records lost, 1 input cut short (core0.bin); the trace leaves them out"
	# the clean trace, then one global instant event before the bracket
	printf '%s\n' "$output" > got.json
	[ "$(sed '$d' want | sed '$s/$/,/')" = "$(head -n "$(($(wc -l < want) - 1))" got.json)" ]
	[ "$(tail -n 1 got.json)" = "]" ]
	python3 - <<-'EOF'
	import json
	want = json.load(open("want"))
	got = json.load(open("got.json"))
	assert got[:-1] == want, "the events changed"
	m = got[-1]
	assert m == {"name": "input incomplete: 12 records lost, 1 input cut "
	             "short (core0.bin)", "cat": "npt_lost", "ph": "i", "s": "g",
	             "pid": 1, "ts": 2.0, "args": {"lost.records.core0.bin": 12,
	             "lost.truncated.core0.bin": 1}}, m
	EOF
	jq -e '.[-1] | .ph == "i" and .s == "g" and .args["lost.records.core0.bin"] == 12' got.json
	jq -e '[.[] | select(.ph == "i")] | length == 1' got.json
	# no events: the mark alone
	printf '#ts_us\tdur_us\ttrack\top\n## lost.records.x\\ty=3\n' > c.tsv
	run --separate-stderr -0 npt-json c.tsv
	json_ok
	[ "$output" = '[
{"name":"input incomplete: 3 records lost (x\\ty)","cat":"npt_lost","ph":"i","s":"g","pid":1,"ts":0.000,"args":{"lost.records.x\\ty":3}}
]' ]
	# the first event written: of a later file, when the first has none;
	# not a LIVE row, which is drawn only with -C
	printf '#ts_us\tdur_us\ttrack\top\tlive_bytes\n## lost.records.x=3\n' > d.tsv
	printf '#ts_us\tdur_us\ttrack\top\tlive_bytes\n500\t\tcore0\tLIVE\t5\n1000\t5\tcore0\tOP\t\n' > e.tsv
	npt-json d.tsv e.tsv 2> /dev/null | jq -e '.[-1] | .ph == "i" and .ts == 1000'
	npt-json -C live_bytes d.tsv e.tsv 2> /dev/null | jq -e '.[-1] | .ph == "i" and .ts == 500'
	# summed over the inputs
	run --separate-stderr -1 npt-json --strict a.tsv b.tsv
	json_ok
	assert_stderr "npt-json: warning: input incomplete: 12 records lost, 1 event end lost, 1 input cut short (core0.bin, ctrl0.bin); the trace leaves them out"
	run --separate-stderr -0 npt-json --strict clean.tsv
	[ -z "$stderr" ]
}
