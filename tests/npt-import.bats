#!/usr/bin/env bats
# npt-import: vendor and framework profiles in, one sorted event stream out.
load test_helper

F="$FIXTURES/import"
US='#ts_us	dur_us	track	op	name	id	loc'
CYC='#ts_cyc	dur_cyc	track	op	name	id	loc'

data() {
	grep -v '^#' "$@"
}

# The real traces, unpacked into the test's directory.
mtia() {
	gzip -dc "$F/mtia_rank_0.json.gz" > mtia.json
}
bench() {
	gzip -dc "$F/benchmark_result_493459_1694039959_trace.json.gz" > bench.json
}

# check_ref REF OUT: per category and name, the count, total, min and max
# of dur_us in OUT (npt-import's output) equal the reference summary's,
# to the last digit (python3 Decimal, not floats).
check_ref() {
	python3 - "$1" "$2" <<-'EOF'
	import sys
	from decimal import Decimal
	want, have, hdr = {}, {}, None
	for l in open(sys.argv[1]):
	    f = l.rstrip('\n').split('\t')
	    if f[0] == 'op':
	        want[(f[1], f[2])] = (int(f[3]), Decimal(f[4]), Decimal(f[5]), Decimal(f[6]))
	def unesc(s):
	    return s.replace('\\t', '\t').replace('\\n', '\n').replace('\\\\', '\\')
	for l in open(sys.argv[2]):
	    l = l.rstrip('\n')
	    if l.startswith('##'):
	        continue
	    if l.startswith('#'):
	        hdr = l[1:].split('\t')
	        continue
	    r = dict(zip(hdr, l.split('\t')))
	    k = (unesc(r['op']), unesc(r['name']))
	    d = Decimal(r['dur_us'])
	    c, t, lo, hi = have.get(k, (0, Decimal(0), d, d))
	    have[k] = (c + 1, t + d, min(lo, d), max(hi, d))
	bad = [k for k in set(want) | set(have) if want.get(k) != have.get(k)]
	for k in bad[:5]:
	    print('differs:', k, want.get(k), have.get(k))
	print(len(want), 'groups,', len(bad), 'differ')
	sys.exit(1 if bad or not want else 0)
	EOF
}

@test "import: -t list names the seven types" {
	run -0 npt-import -t list
	[ "${#lines[@]}" -eq 7 ]
	[ "$(printf '%s\n' "${lines[@]}" | cut -d' ' -f1)" = "cerebras
chrome
perfetto
tensorrt
torq-compile
torq-runtime
vela" ]
}

@test "import: bad option values are usage errors, before any input is read" {
	run --separate-stderr -2 npt-import -t bogus /nonexistent
	assert_stderr 'npt-import: -t: unknown type "bogus" (see -t list)'
	run --separate-stderr -2 npt-import -f 12x /nonexistent
	[ "${stderr_lines[0]#npt-import: -f: }" != "${stderr_lines[0]}" ]
	run --separate-stderr -2 npt-import -S 0 /nonexistent
	assert_stderr 'npt-import: -S: not a size: "0"'
	run --separate-stderr -2 npt-import -S 12Q /nonexistent
	assert_stderr 'npt-import: -S: not a number: "12Q"'
	run --separate-stderr -2 npt-import -t
	[ "${stderr_lines[0]}" = "npt-import: option requires an argument: -t" ]
}

@test "import: the type is told from the content, and -v says which" {
	mtia
	for f in mtia.json "$F"/*.profile.json "$F"/torq-*.csv "$F"/vela-*.csv "$F"/*summary*.csv \
	    "$F/chrome-small.json" "$F/chrome-npt-json.json"; do
		run --separate-stderr -0 npt-import -v "$f"
		case ${f##*/} in
		*.profile.json) want=tensorrt ;;
		torq-c*) want=torq-compile ;;
		torq-r*) want=torq-runtime ;;
		vela-*|*summary*) want=vela ;;
		*) want=chrome ;;
		esac
		[[ ${stderr_lines[${#stderr_lines[@]}-1]} == "npt-import: $f: $want ("* ]] ||
			flunk "$f: ${stderr_lines[*]}"
	done
}

@test "import: a JSON trace that starts with an LF, and has a byte that is not text, is JSON, not Perfetto" {
	# LF is also the tag of a Perfetto trace's first packet; the man page:
	# a first non-blank { or [ is JSON
	printf '\n  [{"ph":"X","ts":1,"dur":2,"pid":1,"tid":1,"name":"caf\303\251"}]\n' > nl.json
	printf '\r\n\t{"traceEvents":[{"ph":"X","ts":1,"dur":2,"pid":1,"tid":1,"name":"\303\251"}]}' > nl2.json
	for f in nl.json nl2.json; do
		run --separate-stderr -0 npt-import -v "$f"
		[ "${#lines[@]}" -eq 3 ]
		[[ ${stderr_lines[0]} == "npt-import: $f: chrome ("* ]]
	done
	[ "$(cut -f5 <<< "${lines[2]}")" = "$(printf '\303\251')" ]
}

@test "import: -v names each variant" {
	for v in c0:"C0, no header" c1:"C1, no header" c2:"C2, actionIndex" c3:"C3, taskId" \
	    r0:"R0, --torq_profile" r2:"R2, --torq_profile_host"; do
		run --separate-stderr -0 npt-import -v "$F/torq-${v%%:*}.csv"
		[[ $stderr == *"(${v#*:}),"* ]] || flunk "$v: $stderr"
	done
	run --separate-stderr -0 npt-import -v "$F/mobilenet_v2_residuals.qat.onnx.engine.profile.json"
	[[ $stderr == *"tensorrt (without medianMs), 59 events in all" ]]
	run --separate-stderr -0 npt-import -v "$F/chrome-npt-json.json"
	[[ $stderr == *"chrome (array form), 3 events in all" ]]
}

@test "import: an input of no known type is an error, the others are still read" {
	printf 'hello\n' > x.txt
	: > empty.csv
	run --separate-stderr -1 npt-import x.txt empty.csv nosuch.csv "$F/torq-r0.csv"
	[ "${stderr_lines[0]}" = "npt-import: x.txt: unknown format (see npt-import -t list)" ]
	[ "${stderr_lines[1]}" = "npt-import: empty.csv: empty input" ]
	[ "${stderr_lines[2]}" = "npt-import: nosuch.csv: No such file or directory" ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	[ "$(data <<< "$output" | wc -l)" -eq 3 ]
}

@test "import: empty input under -t gives the header alone and exit 1" {
	for t in chrome tensorrt torq-compile torq-runtime vela; do
		run --separate-stderr -1 npt-import -t "$t" < /dev/null
		[ "${lines[0]}" = "## source=<stdin>" ] || flunk "$t: $output"
		[[ ${lines[1]} == "#ts_"* ]] || flunk "$t: $output"
		[ "${#lines[@]}" -eq 2 ] || flunk "$t: $output"
		[[ ${stderr_lines[0]} == "npt-import: <stdin>: empty input, not a"* ]] || flunk "$t: $stderr"
	done
}

@test "import: no operand and - read standard input" {
	run -0 npt-import < "$F/torq-r0.csv"
	[ "${lines[0]}" = "## source=<stdin>" ]
	[ "${#lines[@]}" -eq 5 ]
	run -0 npt-import - < "$F/torq-r0.csv"
	[ "${lines[0]}" = "## source=<stdin>" ]
	[ "${#lines[@]}" -eq 5 ]
}

@test "import: several inputs merge into one stream sorted by time" {
	run -0 npt-import "$F/torq-r0.csv" "$F/torq-r2.csv"
	[ "${lines[0]}" = "## source=$F/torq-r0.csv" ]
	[ "${lines[1]}" = "## source=$F/torq-r2.csv" ]
	[ "${lines[2]}" = "$US	invocation" ]
	[ "${#lines[@]}" -eq 15 ]
	data <<< "$output" | cut -f1 | sort -c -n
}

@test "import: inputs in cycles and in microseconds do not mix; the refused one, and those after it, are marked lost" {
	run --separate-stderr -1 npt-import "$F/torq-c0.csv" "$F/torq-r0.csv" "$F/torq-c1.csv"
	assert_stderr "npt-import: $F/torq-r0.csv: times in microseconds, but an earlier input's are in cycles: import them separately
npt-import: 4 events read before the error are written"
	[ "$(data <<< "$output" | wc -l)" -eq 4 ]
	# the stream lacks the refused input and the one not read after it:
	# the end of the pipeline says so
	[ "$(grep '^## lost' <<< "$output")" = "## lost.truncated.$F/torq-r0.csv=1
## lost.truncated.$F/torq-c1.csv=1" ]
	run --separate-stderr -0 sh -c "npt-import '$F/torq-c0.csv' '$F/torq-r0.csv' 2> /dev/null | npt-agg > /dev/null"
	assert_stderr "npt-agg: warning: input incomplete: 1 input cut short ($F/torq-r0.csv); the table leaves them out"
}

@test "import: an input refused before its events, or not opened, is marked lost; an empty one is not" {
	printf 'hello\n' > x.txt
	: > empty.csv
	printf '\037\213\010\000' > z.json.gz
	run -1 sh -c "npt-import x.txt empty.csv nosuch.csv z.json.gz '$F/torq-r0.csv' 2> /dev/null > out.tsv"
	run -0 grep '^## lost' out.tsv
	assert_output <<-'EOF'
	## lost.truncated.x.txt=1
	## lost.truncated.nosuch.csv=1
	## lost.truncated.z.json.gz=1
	EOF
	# without them, one input alone: the table says its input was lost
	run --separate-stderr -0 sh -c "npt-import z.json.gz | npt-agg"
	[[ ${stderr_lines[1]} == "npt-agg: warning: input incomplete: 1 input cut short (z.json.gz); the table leaves them out" ]] || flunk "$stderr"
}

@test "import: a write error is reported, EPIPE is not" {
	need_devfull
	run --separate-stderr -1 sh -c "npt-import '$F/torq-c1.csv' > /dev/full"
	assert_stderr "npt-import: write error: No space left on device"
	bench
	run -0 bash -c 'npt-import bench.json | head -n 1'
	[ "$output" = "## source=bench.json" ]
}

@test "import: runs under busybox sh" {
	need_busybox
	run -0 busybox sh -c "npt-import '$F/torq-c2.csv' | wc -l"
	[ "$(echo "$output" | tr -d ' ')" -eq 8 ]
}

# Chrome

@test "import: chrome: per-name totals of the MTIA trace equal the reference, to the nanosecond" {
	mtia
	npt-import mtia.json > out
	[ "$(data out | wc -l)" -eq 138373 ]
	run -0 check_ref "$F/mtia_rank_0.ref.tsv" out
	[ "${lines[0]}" = "327 groups, 0 differ" ]
}

@test "import: chrome: per-name totals of the A100 trace equal the reference" {
	bench
	npt-import bench.json > out
	[ "$(data out | wc -l)" -eq 838 ]
	run -0 check_ref "$F/benchmark_result_493459_1694039959_trace.ref.tsv" out
	[ "${lines[0]}" = "85 groups, 0 differ" ]
}

@test "import: chrome: tracks are the threads' last names, events per track as the reference counts" {
	mtia
	npt-import mtia.json > out
	# pid/tid -> name from the trace's metadata, independently; the
	# reference counts X events per pid/tid
	python3 - mtia.json "$F/mtia_rank_0.ref.tsv" out <<-'EOF'
	import json, sys, collections
	d = json.load(open(sys.argv[1]))
	name = {}
	for e in d['traceEvents']:
	    if e.get('ph') == 'M' and e.get('name') == 'thread_name':
	        name[(str(e['pid']), str(e['tid']))] = e['args']['name']
	want = collections.Counter()
	for l in open(sys.argv[2]):
	    f = l.rstrip('\n').split('\t')
	    if f[0] == 'track':
	        want[name.get((f[1], f[2]), f[1] + '/' + f[2])] += int(f[3])
	have = collections.Counter(l.split('\t')[2] for l in open(sys.argv[3]) if not l.startswith('#'))
	print(sorted(want.items()))
	print(sorted(have.items()))
	sys.exit(want != have)
	EOF
}

@test "import: chrome: every event of the A100 trace, exactly, sorted with ties in file order" {
	bench
	npt-import bench.json > out
	python3 - bench.json out <<-'EOF'
	import json, sys
	from decimal import Decimal
	d = json.load(open(sys.argv[1]), parse_float=Decimal, parse_int=Decimal)
	ev = d['traceEvents']
	name = {}
	for e in ev:
	    if e.get('ph') == 'M' and e.get('name') == 'thread_name':
	        name[(str(e['pid']), str(e['tid']))] = e['args']['name']
	want = []
	for i, e in enumerate(ev):
	    if e.get('ph') != 'X':
	        continue
	    tr = name.get((str(e['pid']), str(e['tid'])), '%s/%s' % (e['pid'], e['tid']))
	    a = e.get('args', {})
	    want.append((Decimal(e['ts']), i, '%.3f' % Decimal(e['ts']), '%.3f' % Decimal(e['dur']),
	                 tr, e.get('cat', ''), e['name'], str(a.get('id', '')), str(a.get('loc', ''))))
	want = ['\t'.join(w[2:]) for w in sorted(want)]
	have = ['\t'.join(l.rstrip('\n').split('\t')[:7]) for l in open(sys.argv[2]) if not l.startswith('#')]
	bad = [(w, h) for w, h in zip(want, have) if w != h]
	print(len(want), len(have), bad[:3])
	sys.exit(1 if bad or len(want) != len(have) else 0)
	EOF
}

@test "import: chrome: the hand-written trace, every phase" {
	run --separate-stderr -0 npt-import -v "$F/chrome-small.json"
	# the dropped 'E' is a record lost, the open 'B' an end lost
	assert_output <<-EOF
	## source=$F/chrome-small.json
	$US	conv_cyc	note	ok	none	step	bytes	args.name	args.track
	90.000	40.000	host	host	step							2			
	95.000	4.125	host	host	copy								4096		
	100.500	20.250	core0	CONV_2D	conv0	0	"m.mlir":12:5	4100	a\\tb	true					
	100.500	10.000	1/11	ADD	add0	1								shadow	t
	150.000		2/1		open										
	## lost.records.$F/chrome-small.json=1
	## lost.ends.$F/chrome-small.json=1
	EOF
	assert_stderr <<-EOF
	npt-import: warning: $F/chrome-small.json:18:5: 'E' event without a 'B'; dropped
	npt-import: warning: $F/chrome-small.json:19:5: 'B' event without its 'E'; written with an empty dur
	npt-import: $F/chrome-small.json: chrome (object form; ignored 1 'C', 1 'f', 3 'i', 1 's'), 5 events in all
	EOF
}

@test "import: chrome: two threads that share a name are two tracks, named with their pid/tid; npt-json's lanes stay one" {
	# Kineto: stream 7 of GPU 0 and of GPU 1, each "stream 7 "; gemm 0 to
	# 10 and relu 2 to 7 do not nest: each is all self time
	printf '{"traceEvents":[{"ph":"M","name":"thread_name","pid":0,"tid":7,"args":{"name":"stream 7 "}},{"ph":"M","name":"thread_name","pid":1,"tid":7,"args":{"name":"stream 7 "}},{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":0,"dur":10},{"ph":"X","cat":"kernel","name":"relu","pid":1,"tid":7,"ts":2,"dur":5}]}' > gpus.json
	run -0 npt-import gpus.json
	assert_output <<-'EOF'
	## source=gpus.json
	#ts_us	dur_us	track	op	name	id	loc
	0.000	10.000	stream 7  0/7	kernel	gemm		
	2.000	5.000	stream 7  1/7	kernel	relu		
	EOF
	run -0 sh -c 'npt-import gpus.json | npt-agg -k name | cut -f1,12'
	assert_output <<-'EOF'
	#name	self_us
	gemm	10.000
	relu	5.000
	*	15.000
	EOF
	# a lane named by npt_track joins its namesake; threads of two inputs
	# that share a name are not renamed: one track, with a warning
	printf '[{"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"core"}},{"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"core lane 1","npt_track":"core"}},{"ph":"X","name":"a","pid":1,"tid":1,"ts":0,"dur":4},{"ph":"X","name":"b","pid":1,"tid":2,"ts":1,"dur":4}]' > lanes.json
	printf '[{"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"core"}},{"ph":"X","name":"c","pid":1,"tid":1,"ts":2,"dur":1}]' > other.json
	run --separate-stderr -0 npt-import lanes.json other.json
	assert_stderr 'npt-import: warning: track "core" is in lanes.json and in other.json: one track in the output (import each alone to keep them apart)'
	assert_output <<-'EOF'
	## source=lanes.json
	## source=other.json
	#ts_us	dur_us	track	op	name	id	loc
	0.000	4.000	core		a		
	1.000	4.000	core		b		
	2.000	1.000	core		c		
	EOF
}

@test "import: chrome: npt-json's lanes join the track of their own process only; a namesake in another process stays apart, named by its pid too when it is that process's only one" {
	# npt-json -p before -p after: track dma of each input in its own
	# process (pid 1 and 2), before's in two lanes; by hand: a and b
	# are one track (named with pid 1), c on its own thread of pid 2,
	# the only dma of its process: named with pid 2 as well
	printf '#ts_us\tdur_us\ttrack\top\tname\tid\tloc\n0\t10\tdma\tDMA\ta\t\t\n5\t10\tdma\tDMA\tb\t\t\n' > before.tsv
	printf '#ts_us\tdur_us\ttrack\top\tname\tid\tloc\n0\t100\tdma\tDMA\tc\t\t\n' > after.tsv
	npt-json -p before -p after before.tsv after.tsv > ba.json
	run -0 npt-import ba.json
	assert_output <<-EOF
	## source=ba.json
	$US
	0.000	10.000	dma 1	DMA	a		
	0.000	100.000	dma 2	DMA	c		
	5.000	10.000	dma 1	DMA	b		
	EOF
	# so c does not nest over a and b: its self time is all its own
	run -0 sh -c 'npt-import ba.json | npt-agg -k name | cut -f1,12'
	[ "${lines[1]}" = "c	100.000" ]
	# by hand: two threads dma of pid 3, neither a lane, keep their
	# tids; the only one of pid 4 is named with its pid
	printf '[{"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"dma"}},{"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"dma lane 1","npt_track":"dma"}},{"ph":"M","name":"thread_name","pid":3,"tid":5,"args":{"name":"dma"}},{"ph":"M","name":"thread_name","pid":3,"tid":6,"args":{"name":"dma"}},{"ph":"M","name":"thread_name","pid":4,"tid":7,"args":{"name":"dma"}},{"ph":"X","name":"a","pid":1,"tid":2,"ts":1,"dur":1},{"ph":"X","name":"d","pid":3,"tid":5,"ts":2,"dur":1},{"ph":"X","name":"e","pid":3,"tid":6,"ts":3,"dur":1},{"ph":"X","name":"f","pid":4,"tid":7,"ts":4,"dur":1}]' > th.json
	run -0 sh -c 'npt-import th.json | cut -f3,5'
	assert_output <<-'EOF'
	## source=th.json
	track	name
	dma 1	a
	dma 3/5	d
	dma 3/6	e
	dma 4	f
	EOF
}

@test "import: chrome: a pid or tid written 1.0 or 2e0 is the thread of 1 and 2, as trace_processor takes it; others as written" {
	# b (1 to 2) on pid 1.0, tid 2e0 nests in a (0 to 5) on 1/2
	printf '%s' '{"traceEvents":[{"ph":"B","name":"a","pid":1,"tid":2,"ts":0},{"ph":"X","name":"b","pid":1.0,"tid":2e0,"ts":1,"dur":1},{"ph":"E","pid":1.0,"tid":2.0,"ts":5}]}' > pf.json
	run -0 npt-import pf.json
	assert_output <<-'EOF'
	## source=pf.json
	#ts_us	dur_us	track	op	name	id	loc
	0.000	5.000	1/2		a		
	1.000	1.000	1/2		b		
	EOF
	# 1.5 is no whole number; -0.0 is 0; a string stays as it is
	printf '%s' '{"traceEvents":[{"ph":"X","name":"b","pid":1.5,"tid":-0.0,"ts":1,"dur":1},{"ph":"X","name":"c","pid":"7.0","tid":1e2,"ts":1,"dur":1}]}' > pg.json
	run -0 sh -c 'npt-import pg.json | cut -f3'
	assert_output <<-'EOF'
	## source=pg.json
	track
	1.5/0
	7.0/100
	EOF
}

@test "import: chrome: -i keeps instants on their thread, process or global track, -c counters" {
	run --separate-stderr -0 npt-import -i -c "$F/chrome-small.json"
	[ "${lines[1]}" = "$US	conv_cyc	note	ok	none	step	bytes	value	args.name	args.track" ]
	[ "${lines[4]}" = "100.000		dma		busy_pct									87.5		" ]
	[ "${lines[7]}" = "110.000	0.000	core0		mark											" ]
	[ "${lines[8]}" = "111.000	0.000	npu		sync											" ]
	[ "${lines[9]}" = "112.000	0.000	global		epoch											" ]
	[ "${lines[11]}" = "## lost.records.$F/chrome-small.json=1" ]
	[ "${#lines[@]}" -eq 13 ]
	# a counter with an id is its own track, "name id"
	printf '[{"ph":"C","name":"bw","id":"dma0","pid":1,"ts":5,"cat":"mem","args":{"read":1.5,"write":2,"unit":"GB/s"}}]' > c.json
	run --separate-stderr -0 npt-import -c c.json
	assert_output <<-EOF
	## source=c.json
	$US	value
	5.000		bw dma0	mem	read			1.5
	5.000		bw dma0	mem	write			2
	EOF
	[ "$stderr" = 'npt-import: warning: c.json:1:2: counter "bw" arg "unit": not a number; left out (and any others)' ]
}

@test "import: chrome: an instant without s or tid is on the thread of its pid, as an X without tid, not on its process" {
	# the Trace Event Format: an instant's scope is the thread unless s
	# says otherwise; a missing tid is the pid (man page), so mark is on
	# thread 7/7, named main, and only s:p puts one on the process app
	printf '[{"ph":"M","name":"thread_name","pid":7,"tid":7,"args":{"name":"main"}},{"ph":"M","name":"process_name","pid":7,"args":{"name":"app"}},{"ph":"X","ts":0,"dur":10,"pid":7,"name":"outer"},{"ph":"i","ts":5,"pid":7,"name":"mark"},{"ph":"I","ts":6,"pid":7,"s":"p","name":"pmark"}]' > inst.json
	run -0 npt-import -i inst.json
	assert_output <<-EOF
	## source=inst.json
	$US
	0.000	10.000	main		outer		
	5.000	0.000	main		mark		
	6.000	0.000	app		pmark		
	EOF
}

@test "import: chrome: a mark ('R') is an instant with -i, as trace_processor reads it: on its thread, process or the global track by s" {
	# the Trace Event Format's mark event, as Chrome writes one for a
	# performance.mark(): name, ts, cat, pid, tid, args; by hand: on the
	# thread named CrRendererMain, without tid on thread 42/42, s:p on the
	# process named renderer, s:g on global; without -i all 4 are ignored
	printf '%s' '[{"ph":"M","name":"thread_name","pid":42,"tid":983,"args":{"name":"CrRendererMain"}},{"ph":"M","name":"process_name","pid":42,"args":{"name":"renderer"}},{"name":"firstLayout","ts":10,"ph":"R","cat":"blink.user_timing","pid":42,"tid":983,"args":{"frame":"0xabc"}},{"name":"m2","ts":11,"ph":"R","pid":42},{"name":"m3","ts":12,"ph":"R","s":"p","pid":42,"tid":983},{"name":"m4","ts":13,"ph":"R","s":"g","pid":42,"tid":983}]' > mark.json
	run --separate-stderr -0 npt-import -i mark.json
	assert_output <<-EOF
	## source=mark.json
	$US	frame
	10.000	0.000	CrRendererMain	blink.user_timing	firstLayout			0xabc
	11.000	0.000	42/42		m2			
	12.000	0.000	renderer		m3			
	13.000	0.000	global		m4			
	EOF
	[ -z "$stderr" ]
	run --separate-stderr -0 npt-import -v mark.json
	assert_output <<-EOF
	## source=mark.json
	$US
	EOF
	[[ $stderr == *"ignored 4 'R'"* ]]
}

@test "import: chrome: -c reads a counter value that is a number in a string as that number; another value is left out with a warning" {
	# trace_processor reads a string arg of a 'C' with StringToDouble;
	# "GB/s", "1e" (not a number) and null are not numbers
	printf '[{"ph":"C","name":"mem","pid":1,"ts":5,"args":{"bytes":"1024","r":"-1.5e3","unit":"GB/s","x":"1e","n":null,"w":2}}]' > cs.json
	run --separate-stderr -0 npt-import -c cs.json
	assert_output <<-EOF
	## source=cs.json
	$US	value
	5.000		mem		bytes			1024
	5.000		mem		r			-1.5e3
	5.000		mem		w			2
	EOF
	[ "$stderr" = 'npt-import: warning: cs.json:1:2: counter "mem" arg "unit": not a number; left out (and any others)' ]
}

@test "import: chrome: counters and process instants of two processes that share a name are two tracks, named with their pid" {
	# trace_processor keeps a counter track per process; the process
	# tracks of s:p instants are per process too
	printf '[{"ph":"C","ts":1,"pid":1,"name":"mem","args":{"bytes":100}},{"ph":"C","ts":2,"pid":2,"name":"mem","args":{"bytes":5}},{"ph":"M","name":"process_name","pid":1,"args":{"name":"app"}},{"ph":"M","name":"process_name","pid":2,"args":{"name":"app"}},{"ph":"i","s":"p","ts":3,"pid":1,"name":"i1"},{"ph":"i","s":"p","ts":4,"pid":2,"name":"i2"},{"ph":"C","ts":5,"pid":1,"name":"cpu","args":{"pct":9}}]' > ctr.json
	run -0 npt-import -c -i ctr.json
	assert_output <<-EOF
	## source=ctr.json
	$US	value
	1.000		mem 1		bytes			100
	2.000		mem 2		bytes			5
	3.000	0.000	app 1		i1			
	4.000	0.000	app 2		i2			
	5.000		cpu		pct			9
	EOF
}

@test "import: chrome: a counter that shares its name with its own process's track stays apart from it, named 'name pid counter'" {
	# process 1 is named mem and has counter mem and thread mem (1/5):
	# by the rule of namesakes mem 1, mem 1/5 and, for the counter, which
	# would be mem 1 too, mem 1 counter; process 2's mem is mem 2; cpu has
	# no namesake and keeps its name
	printf '%s' '[{"ph":"M","name":"process_name","pid":1,"args":{"name":"mem"}},{"ph":"M","name":"process_name","pid":2,"args":{"name":"mem"}},{"ph":"M","name":"thread_name","pid":1,"tid":5,"args":{"name":"mem"}},{"ph":"C","ts":1,"pid":1,"name":"mem","args":{"bytes":100}},{"ph":"i","s":"p","ts":2,"pid":1,"name":"gc"},{"ph":"i","s":"p","ts":3,"pid":2,"name":"gc2"},{"ph":"X","ts":4,"dur":1,"pid":1,"tid":5,"name":"work"},{"ph":"C","ts":5,"pid":1,"name":"cpu","args":{"pct":9}}]' > pc.json
	run -0 npt-import -c -i pc.json
	assert_output <<-EOF
	## source=pc.json
	$US	value
	1.000		mem 1 counter		bytes			100
	2.000	0.000	mem 1		gc			
	3.000	0.000	mem 2		gc2			
	4.000	1.000	mem 1/5		work			
	5.000		cpu		pct			9
	EOF
	# a process without a name is named by its pid, and so is its namesake
	printf '%s' '[{"ph":"C","ts":1,"pid":7,"name":"7","args":{"n":1}},{"ph":"i","s":"p","ts":2,"pid":7,"name":"p"}]' > p7.json
	run -0 sh -c 'npt-import -c -i p7.json | cut -f3'
	assert_output <<-'EOF'
	## source=p7.json
	track
	7 7 counter
	7 7
	EOF
}

@test "import: chrome: systemTraceEvents (ftrace text, as traceconv json writes it) is warned about, not read; the format's placeholder is not" {
	printf '{"traceEvents":[{"ph":"X","ts":1,"dur":2,"pid":1,"tid":1,"name":"k"}],"systemTraceEvents":"# tracer: nop\\n  <idle>-0  [000] d..2  10.000001: sched_switch: prev_comm=swapper\\n"}' > sys.json
	run --separate-stderr -0 npt-import sys.json
	assert_output <<-EOF
	## source=sys.json
	$US
	1.000	2.000	1/1		k		
	EOF
	# two lines of text, the second with its LF
	[ "$stderr" = "npt-import: warning: sys.json: systemTraceEvents not read (2 lines of ftrace text, the kernel's events): npt-import reads traceEvents" ]
	# Fuchsia's object, before traceEvents
	printf '{"systemTraceEvents":{"type":"fuchsia","events":[{"ph":"p","pid":1}]},"traceEvents":[]}' > fx.json
	run --separate-stderr -0 npt-import fx.json
	[ "$stderr" = "npt-import: warning: fx.json: systemTraceEvents not read (an object): npt-import reads traceEvents" ]
	# the Trace Event Format's example, and an empty one: no word
	printf '{"traceEvents":[],"systemTraceEvents":"SystemTraceData"}' > ex.json
	printf '{"traceEvents":[],"systemTraceEvents":""}' > em.json
	run --separate-stderr -0 npt-import ex.json em.json
	[ -z "$stderr" ]
}

@test "import: chrome: a thread's 'B' or 'E' before the last one in time is warned about, once: the pairs are in file order" {
	# trace_processor sorts by ts first: a 0 to 10 and b 2 to 4; file
	# order gives a 0 to 4, b 2 to 10, which the warning says may be wrong
	printf '[{"ph":"B","ts":0,"pid":1,"tid":1,"name":"a"},{"ph":"B","ts":2,"pid":1,"tid":1,"name":"b"},{"ph":"E","ts":10,"pid":1,"tid":1},\n{"ph":"E","ts":4,"pid":1,"tid":1},{"ph":"B","ts":1,"pid":1,"tid":1,"name":"c"},{"ph":"E","ts":1,"pid":1,"tid":1}]' > ooo.json
	run --separate-stderr -0 npt-import ooo.json
	[ "$stderr" = "npt-import: warning: ooo.json:2:1: 'E' event at ts 4, before the last 'B' or 'E' of its thread: 'B' and 'E' are paired in file order, not sorted, and may be paired wrong (and any others)" ]
	# in order, and another thread's earlier time, and an X: no word
	printf '[{"ph":"B","ts":5,"pid":1,"tid":1,"name":"a"},{"ph":"X","ts":0,"dur":1,"pid":1,"tid":1,"name":"x"},{"ph":"B","ts":1,"pid":1,"tid":2,"name":"b"},{"ph":"E","ts":5,"pid":1,"tid":1},{"ph":"E","ts":2,"pid":1,"tid":2}]' > ok.json
	run --separate-stderr -0 npt-import ok.json
	[ -z "$stderr" ]
	[ "${#lines[@]}" -eq 5 ]
}

@test "import: chrome: an arg named like a time column is args.NAME, so the stream stays readable" {
	# a second dur_ or ts_ column makes every tool refuse the stream
	cat > t.json <<-'EOF'
	[{"ph":"X","pid":1,"tid":1,"ts":10,"dur":5,"name":"m","cat":"Memcpy","args":{"dur_ns":5000,"ts_cyc":7,"ts_us":9,"dur_ms":1,"ts_start":3,"bytes":64}},
	{"ph":"X","pid":1,"tid":1,"ts":20,"dur":1,"name":"k","cat":"Kernel","args":{"dur_s":2}}]
	EOF
	run --separate-stderr -0 npt-import t.json
	assert_output <<-EOF
	## source=t.json
	$US	args.dur_ns	args.ts_cyc	args.ts_us	args.dur_ms	ts_start	bytes	dur_s
	10.000	5.000	1/1	Memcpy	m			5000	7	9	1	3	64	
	20.000	1.000	1/1	Kernel	k									2
	EOF
	npt-import t.json > t.tsv
	run -0 npt-agg -k op -q none --no-self t.tsv
	[ "${lines[1]}" = "Memcpy	1	5.000	83.333	5.0000	5.000	5.000	" ]
	[ "${lines[2]}" = "Kernel	1	1.000	16.667	1.0000	1.000	1.000	" ]
	run -0 npt-overlap t.tsv
}

@test "import: chrome: async spans ('b'/'e', 'S'/'F') are left out with a warning, also without -v and with --strict" {
	cat > t.json <<-'EOF'
	{"traceEvents":[{"ph":"b","cat":"net","id":"0x1","name":"req","pid":1,"tid":1,"ts":1},
	{"ph":"n","cat":"net","id":"0x1","name":"mark","pid":1,"tid":1,"ts":2},
	{"ph":"e","cat":"net","id":"0x1","name":"req","pid":1,"tid":1,"ts":5},
	{"ph":"S","cat":"c","id":7,"name":"old","pid":1,"tid":1,"ts":1},
	{"ph":"T","cat":"c","id":7,"name":"old","pid":1,"tid":1,"ts":2},
	{"ph":"F","cat":"c","id":7,"name":"old","pid":1,"tid":1,"ts":3},
	{"ph":"X","name":"k","cat":"K","pid":1,"tid":1,"ts":1,"dur":2},
	{"ph":"s","cat":"f","id":1,"name":"flow","pid":1,"tid":1,"ts":1}]}
	EOF
	run --separate-stderr -0 npt-import --strict t.json
	[ "$(grep -vc '^#' <<< "$output")" -eq 1 ]
	[ "$stderr" = "npt-import: warning: t.json: 4 async events ('b', 'e', 'S', 'F') left out: npt-import reads the spans of 'X' and of 'B' with 'E'" ]
	# a flow alone is no span: counted under -v, no warning
	printf '[{"ph":"s","cat":"f","id":1,"name":"flow","pid":1,"tid":1,"ts":1}]' > f.json
	run --separate-stderr -0 npt-import f.json
	[ -z "$stderr" ]
}

@test "import: chrome: the array form as npt-json writes it keeps every canonical column" {
	run -0 npt-import "$F/chrome-npt-json.json"
	assert_output <<-EOF
	## source=$F/chrome-npt-json.json
	$US	conv_cyc
	1.111	5.778	core0	CONV_2D	backbone/conv0	0	"yolov8s.mlir":12:5	4100
	1.111	0.778	dma_in	DMA	load	0	"yolov8s.mlir":12:5	
	6.889	0.018	core0	CONV_2D	backbone/conv1	1	"yolov8s.mlir":13:5	12
	EOF
}

@test "import: chrome: npt-json's mark of a loss gives the loss lines back; a bad one is a located error" {
	printf '#ts_us\tdur_us\ttrack\top\n2\t3\tcore0\tA\n## lost.records.core0.bin=12\n## lost.ends.ctrl\\t0.bin=1\n' > in.tsv
	npt-json in.tsv > t.json 2> /dev/null
	run --separate-stderr -0 npt-import t.json
	# the loss lines of the input, after the events, none dropped
	[ "$(printf '%s\n' "$output" | grep '^## lost')" = "$(grep '^## lost' in.tsv)" ]
	[ "$(printf '%s\n' "$output" | grep -vc '^#')" -eq 1 ]
	# --strict exits 1, and says why
	run --separate-stderr -1 npt-import --strict t.json
	assert_stderr 'npt-import: warning: input incomplete: 12 records lost, 1 event end lost (core0.bin, ctrl\t0.bin); the stream leaves them out'
	printf '[{"name":"x","cat":"npt_lost","ph":"i","s":"g","pid":1,"ts":0,"args":{"records":3}}]' > bad.json
	run --separate-stderr -1 npt-import bad.json
	assert_stderr 'npt-import: bad.json:1:2: npt_lost: not a loss count: "records"'
}

@test "import: chrome: npt-json's mark of an empty duration (dur 0 with dur_us \"unknown\") comes back as an empty dur, so npt-agg skips it" {
	printf '[{"ph":"B","ts":0,"pid":1,"tid":1,"name":"open"},{"ph":"X","ts":1,"dur":2,"pid":1,"tid":1,"name":"k"}]' > unk.json
	npt-import unk.json 2> /dev/null | npt-json > rt.json 2> /dev/null
	# npt-json wrote open with dur 0 and its mark (and k as it was)
	grep -q '"name":"open".*"dur":0.000,"npt_args":{"dur_us":"unknown"}' rt.json
	run -0 npt-import rt.json
	assert_output <<-EOF
	## source=rt.json
	$US
	0.000		1/1		open		
	1.000	2.000	1/1		k		
	## lost.ends.unk.json=1
	EOF
	# so npt-agg counts k alone, and skips open as the first import's
	run --separate-stderr -0 sh -c 'npt-import rt.json | npt-agg -k name'
	[ "${lines[1]%%	*}" = k ] && [ "${#lines[@]}" -eq 3 ]
	[ "${stderr_lines[0]}" = "npt-agg: warning: 1 event with an empty duration skipped" ]
	# the args before dur (the record not started early), any duration
	# column's name; only an X's; another string is an arg as any
	printf '[{"ph":"X","args":{"dur_cyc":"unknown","x":1},"ts":0,"dur":0,"pid":1,"tid":1,"name":"a"},{"ph":"X","ts":1,"dur":0,"pid":1,"tid":1,"name":"b","args":{"dur_ns":"?"}},{"ph":"i","ts":2,"pid":1,"tid":1,"name":"c","args":{"dur_us":"unknown"}}]' > u2.json
	run -0 npt-import -i u2.json
	assert_output <<-EOF
	## source=u2.json
	$US	x	args.dur_ns	args.dur_us
	0.000		1/1		a			1		
	1.000	0.000	1/1		b				?	
	2.000	0.000	1/1		c					unknown
	EOF
}

@test "import: chrome: 200000 events in npt-json's shape come back exactly, through the temporary files" {
	# cycles at 1 GHz are microseconds with three decimals: exact in awk
	npt-synth -i 1000 -F events > ev.tsv
	awk -F'\t' '
	function us(c) { return int(c / 1000) "." sprintf("%03d", c % 1000) }
	/^#/ { next }
	{ tid = $3 == "core0" ? 1 : $3 == "core1" ? 2 : 3
	  printf "%s{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,\"ts\":%s,\"dur\":%s,\"args\":{\"id\":%d,\"loc\":\"\\\"m.mlir\\\":%d:5\"}}\n", n++ ? "," : "[", $5, $4, tid, us($1), us($2), NR, NR
	  print us($1) "\t" us($2) "\t" tid "\t" $4 "\t" $5 "\t" NR "\t\"m.mlir\":" NR ":5" > "want" }
	END { print "]" }' ev.tsv > ev.json
	npt-import -S 1M ev.json > out
	data out | sort -t "$(printf '\t')" -k6,6n | sed 's/	core0	/	1	/; s/	core1	/	2	/; s/	ctrl0	/	3	/; s/	1\/3	/	3	/; s/	1\/2	/	2	/; s/	1\/1	/	1	/' > got
	sort -t "$(printf '\t')" -k6,6n want > want.s
	[ "$(wc -l < got)" -ge 190000 ]
	cmp want.s got
	# the stream is sorted, and -S changes nothing but memory
	data out | cut -f1 | sort -c -n
	npt-import ev.json | cmp - out
}

@test "import: chrome: memory does not grow with the number of events" {
	need_native_rss
	for n in 20000 200000; do
		awk -v n=$n 'BEGIN { printf "["; for (i = 0; i < n; i++) printf "%s{\"name\":\"op%d\",\"cat\":\"c\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,\"ts\":%d.5,\"dur\":1,\"args\":{\"id\":%d}}\n", i ? "," : "", i % 50, i % 4, n - i, i; print "]" }' > e$n.json
	done
	# ten times the events, within 2 MiB of the same peak; with -S 256K
	# the 200000 events make dozens of temporary runs, whose merge
	# buffers share the limit (at 64 KiB each they grew it by 3.6 MiB)
	for s in 2M 256K; do
		for n in 20000 200000; do
			/usr/bin/time -f %M -o rss$n npt-import -S $s e$n.json > /dev/null
		done
		[ "$(cat rss200000)" -lt $(($(cat rss20000) + 2048)) ] ||
			flunk "-S $s: peak RSS $(cat rss20000) KiB for 20000 events, $(cat rss200000) KiB for 200000"
	done
}

@test "import: chrome: times are exact decimals, whatever their form" {
	# random times in every JSON form, against python3's Decimal
	python3 - <<-'EOF'
	import random
	from decimal import Decimal
	r = random.Random(7)
	ev, want = [], []
	for i in range(3000):
	    ip = str(r.randrange(10 ** r.randrange(1, 16)))
	    fp = str(r.randrange(10 ** 9)).zfill(9)[:r.randrange(0, 10)]
	    d = Decimal(ip + ('.' + fp if fp else ''))
	    k = r.randrange(4)
	    if k == 0:
	        s = format(d, 'f')
	    elif k == 1:
	        e = r.randrange(-5, 5)
	        s = '%sE%d' % (format(d.scaleb(-e), 'f'), e)
	    elif k == 2:
	        s = '"%s"' % format(d, 'f')
	    else:
	        s = '%se+0' % format(d, 'f')
	    ev.append('{"ph":"X","name":"e%d","ts":%s,"dur":0.5}' % (i, s))
	    want.append((d, i))
	open('t.json', 'w').write('[' + ',\n'.join(ev) + ']')
	# some times have nine decimals, so every line has nine
	open('want', 'w').write(''.join('%s\te%d\n' % (format(w[0].quantize(Decimal('1.000000000')), 'f'), w[1]) for w in sorted(want)))
	EOF
	npt-import t.json | data | cut -f1,5 > got
	cmp want got
}

@test "import: chrome: the decimals widen to what the times need, digits beyond 10^-12 are rounded" {
	printf '[{"ph":"X","name":"a","ts":1.5,"dur":2},{"ph":"X","name":"b","ts":1.123456,"dur":0}]' > a.json
	run -0 npt-import a.json
	[ "${lines[2]}" = "1.123456	0.000000	0/0		b		" ]
	[ "${lines[3]}" = "1.500000	2.000000	0/0		a		" ]
	printf '[{"ph":"X","name":"r","ts":0.1234567890125,"dur":1}]' > r.json
	run --separate-stderr -0 npt-import r.json
	[ "${lines[2]}" = "0.123456789013	1.000000000000	0/0		r		" ]
	assert_stderr "npt-import: warning: r.json:1:2: ts 0.1234567890125 has more than 12 decimals; rounded to 10^-12 us (and any others)"
	# negative times sort and print as decimals too
	printf '[{"ph":"X","name":"n","ts":-1.5,"dur":0.25},{"ph":"X","name":"z","ts":-0.000001,"dur":0},{"ph":"X","name":"m","ts":-2,"dur":1}]' > neg.json
	run -0 npt-import neg.json
	[ "$(data <<< "$output" | cut -f1,2,5 | tr '\t\n' ' |')" = "-2.000000 1.000000 m|-1.500000 0.250000 n|-0.000001 0.000000 z|" ]
	# beyond 2^53 stays exact, unlike a double
	printf '[{"ph":"X","name":"big","ts":9007199254740993.001,"dur":0.001}]' > b.json
	run -0 npt-import b.json
	[ "${lines[2]}" = "9007199254740993.001	0.001	0/0		big		" ]
}

@test "import: chrome: epoch ts and dur with 10 to 12 decimals, X and B/E, come out exactly, as python3 decimal computes them" {
	python3 - <<-'EOF'
	import random
	from decimal import Decimal
	rnd = random.Random(7)
	ev, want = [], []
	def t(base, nd):
	    return base + Decimal(rnd.randrange(10 ** (nd + 3))).scaleb(-nd)
	for i in range(400):
	    nd = rnd.choice([10, 11, 12])
	    ts, dur = t(Decimal('1712195495406752'), nd), t(Decimal(0), rnd.choice([3, 10, 12]))
	    if i % 2:
	        ev.append('{"ph":"X","name":"e%d","ts":%s,"dur":%s}' % (i, ts, dur))
	    else:
	        ev.append('{"ph":"B","name":"e%d","tid":%d,"ts":%s}' % (i, i, ts))
	        ev.append('{"ph":"E","tid":%d,"ts":%s}' % (i, ts + dur))
	    want.append((ts, i, dur))
	ev.append('{"ph":"X","name":"kineto","ts":1712195495406752.797123456789,"dur":0.000000000001}')
	want.append((Decimal('1712195495406752.797123456789'), 400, Decimal('0.000000000001')))
	open('t.json', 'w').write('[' + ',\n'.join(ev) + ']')
	q = Decimal('1.000000000000')
	open('want', 'w').write(''.join('%s\t%s\te%d\n' % (format(w[0].quantize(q), 'f'), format(w[2].quantize(q), 'f'), w[1]) for w in sorted(want)).replace('e400', 'kineto'))
	EOF
	npt-import t.json | data | cut -f1,2,5 > got
	[ "$(wc -l < got)" -eq 401 ]
	cmp want got || flunk "$(diff want got | head -5)"
	grep -q '^1712195495406752\.797123456789	0\.000000000001	kineto$' got
}

@test "import: tensorrt: averageMs with up to 15 decimals is microseconds with 12, exact; more are rounded with a warning; the range ends at 10^25 us" {
	python3 - <<-'EOF'
	import random
	from decimal import Decimal
	rnd = random.Random(3)
	ms = [Decimal(rnd.randrange(10 ** 18)).scaleb(-rnd.choice([12, 13, 14, 15])) for i in range(50)]
	open('p.json', 'w').write('[{"count":2},\n' + ',\n'.join('{"name":"l%d","averageMs":%s}' % (i, m) for i, m in enumerate(ms)) + ']')
	t, out, q = Decimal(0), [], Decimal('1.000000000000')
	for i, m in enumerate(ms):
	    out.append('%s\t%s\tl%d\n' % (format(t.quantize(q), 'f'), format((m * 1000).quantize(q), 'f'), i))
	    t += m * 1000
	open('want', 'w').write(''.join(out))
	EOF
	run --separate-stderr -0 npt-import p.json
	[ -z "$stderr" ]
	data <<< "$output" | cut -f1,2,5 > got
	[ "$(wc -l < got)" -eq 50 ]
	cmp want got || flunk "$(diff want got | head -5)"
	# 16 decimals: rounded at 10^-12 us, half away from zero
	printf '[{"count":1},\n{"name":"a","averageMs":0.0000000000000015},\n{"name":"b","averageMs":0.0000000000000014999}]' > r.json
	run --separate-stderr -0 npt-import r.json
	[ "$(data <<< "$output" | cut -f1,2,5 | tr '\t\n' ' |')" = "0.000000000000 0.000000000002 a|0.000000000002 0.000000000001 b|" ]
	assert_stderr "npt-import: warning: r.json:2:1: averageMs 0.0000000000000015 has more than 15 decimals; rounded to 10^-12 us (and any others)"
	# each layer in range, their sum not
	printf '[{"count":1},\n{"name":"a","averageMs":6e21},\n{"name":"b","averageMs":6e21}]' > big.json
	run --separate-stderr -1 npt-import big.json
	[ "${stderr_lines[0]}" = "npt-import: big.json:3:1: the layers add up beyond 10^25 us" ]
	printf '[{"count":1},\n{"name":"a","averageMs":1e22}]' > big.json
	run --separate-stderr -1 npt-import big.json
	[ "${stderr_lines[0]}" = "npt-import: big.json:2:1: averageMs: too large: \"1e22\"" ]
}

@test "import: times with exponents of a million are rounded right, and read in time linear in their text" {
	# 5e-13 us rounds half up to 10^-12; 4.99e-13 to 0; the rest is zero
	printf '[{"ph":"X","name":"a","ts":1e-999999,"dur":5e-13},{"ph":"X","name":"b","ts":123456789e-999999,"dur":4.99e-13},{"ph":"X","name":"c","ts":1234.5678e-2,"dur":15e-1000000}]' > e.json
	run --separate-stderr -0 npt-import e.json
	[ "$(data <<< "$output" | cut -f1,2,5 | tr '\t\n' ' |')" = "0.000000000000 0.000000000001 a|0.000000000000 0.000000000000 b|12.345678000000 0.000000000000 c|" ]
	# 200,000 such times: each cost a million steps once (found by
	# fuzz-import-trt), minutes in all; now a fraction of a second (the
	# timeout only tells a hang from a run, with a wide margin)
	awk 'BEGIN { printf "["; for (i = 0; i < 200000; i++) printf "%s{\"ph\":\"X\",\"name\":\"e\",\"ts\":1e-999999,\"dur\":7e-1000000}", i ? "," : ""; print "]" }' > many.json
	run --separate-stderr -0 timeout 30 npt-import many.json
	[ "$(data <<< "$output" | sort | uniq -c | awk '{ print $1, $2, $3 }')" = "200000 0.000 0.000" ]
}

@test "import: chrome: an array cut short is read to its last whole event" {
	printf '[{"ph":"X","name":"a","ts":1,"dur":1},\n{"ph":"X","name":"b","ts":2,"dur":1},\n' > cut.json
	run --separate-stderr -0 npt-import -v cut.json
	[ "${#lines[@]}" -eq 4 ]
	[[ $stderr == *"chrome (array form, cut short), 2 events in all" ]]
	printf '[{"ph":"X","name":"a","ts":1,"dur":1}' > cut2.json
	run -0 npt-import cut2.json
	[ "${#lines[@]}" -eq 3 ]
}

@test "import: chrome: a trace cut inside an event, or an object form cut, is an error after what was read" {
	printf '[{"ph":"X","name":"a","ts":1,"dur":1},\n{"ph":"X","name":"b","ts":' > cut.json
	run --separate-stderr -1 npt-import cut.json
	[ "${lines[2]}" = "1.000	1.000	0/0		a		" ]
	[ "${lines[3]}" = "## lost.truncated.cut.json=1" ]
	[ "${#lines[@]}" -eq 4 ]
	assert_stderr "npt-import: cut.json:2:27: the input ends inside an event (cut short?)
npt-import: 1 event read before the error is written"
	printf '{"traceEvents":[{"ph":"X","name":"a","ts":1,"dur":1}' > cut2.json
	run --separate-stderr -1 npt-import cut2.json
	assert_stderr "npt-import: cut2.json:1:53: the input ends inside the event array (cut short?)
npt-import: 1 event read before the error is written"
	printf '{"traceEvents":[]' > cut3.json
	run --separate-stderr -1 npt-import cut3.json
	assert_stderr "npt-import: cut3.json:1:18: the input ends in the trace object (cut short?)"
	# -v: no form for an input that failed before its end; one event
	run --separate-stderr -1 npt-import -v cut.json
	assert_stderr "npt-import: cut.json:2:27: the input ends inside an event (cut short?)
npt-import: cut.json: chrome, 1 event in all
npt-import: 1 event read before the error is written"
}

@test "import: chrome: malformed JSON is a located error, events before it kept" {
	ok='{"ph":"X","name":"a","ts":1,"dur":1}'
	while IFS='|' read -r bad msg; do
		printf '[%s,\n  %s]' "$ok" "$bad" > m.json
		run --separate-stderr -1 npt-import m.json
		[ "${stderr_lines[0]}" = "npt-import: m.json:$msg" ] || flunk "$bad: $stderr"
		[ "${stderr_lines[1]}" = "npt-import: 1 event read before the error is written" ] || flunk "$bad: $stderr"
		[ "${lines[2]}" = "1.000	1.000	0/0		a		" ] || flunk "$bad: $output"
		[ "${lines[3]}" = "## lost.truncated.m.json=1" ] || flunk "$bad: $output"
	done <<-'EOF'
	{"ph":"X","name":"a\q"}|2:22: invalid escape in a string
	{"ph":"X","name":"\u12G4"}|2:21: invalid \u escape in a string (four hex digits expected)
	{"ph":"X","name":"abc|2:25: unterminated string
	{"ph":"X","ts":1e400,"dur":1}|2:3: ts: too large: "1e400"
	{"ph":"X","ts":10000000000000000000000000,"dur":1}|2:3: ts: too large: "10000000000000000000000000"
	{"ph":"X","ts":1,"dur":1e25}|2:3: dur: too large: "1e25"
	{"ph":"X","ts":01,"dur":1}|2:18: invalid number
	{"ph":"X","ts":{},"dur":1}|2:13: ts: a string or a number expected
	{"ph":"X","ts":true,"dur":1}|2:3: ts: a number expected
	{"ph":"X","ts":"1x","dur":1}|2:3: ts: not a number: "1x"
	{"ph":"X","ts":1,"dur":-2}|2:3: dur: negative: "-2"
	{"ph":"B","name":"b"}|2:3: a 'B' event without ts
	{"ph":7,"ts":1}|2:3: ph: a string expected
	{"ts":1}|2:3: an event without ph
	{"ph":"X","ts":1,"dur":1,"args":[1]}|2:28: args: an object expected
	{"ph":"X","ts":1,"dur":1,"ts":2}|2:28: ts: given twice in one event
	{"ph":"X","ts":1,"dur":1,"pid":1,"tid":1,"args":{},"tid":2}|2:54: tid: given twice in one event
	{"ph":"X","name":["x"]}|2:13: name: a string or a number expected
	{"ph":"X" "ts":1}|2:13: ',' or '}' expected after an object member
	{"ph":"X",}|2:13: trailing comma before '}'
	{"ph" "X"}|2:9: ':' expected after an object key
	{ph:"X"}|2:4: a string key expected
	{"ph":"X","ts":tru}|2:18: invalid literal (true, false or null expected)
	17|2:3: an event must be an object
	EOF
	printf '[%s,\n  {"ph":"X","ts":1,"dur":1}}]' "$ok" > m.json
	run --separate-stderr -1 npt-import m.json
	assert_stderr "npt-import: m.json:2:28: ',' or ']' expected after an array element
npt-import: 2 events read before the error are written"
}

@test "import: chrome: an 'E' before its 'B' is an error; 'B's still open are written" {
	printf '[{"ph":"B","name":"b","pid":1,"tid":1,"ts":10},\n{"ph":"B","name":"o","pid":1,"tid":2,"ts":1},\n{"ph":"E","pid":1,"tid":1,"ts":5}]' > e.json
	run --separate-stderr -1 npt-import e.json
	assert_stderr "npt-import: warning: e.json:2:1: 'B' event without its 'E'; written with an empty dur
npt-import: e.json:3:1: an 'E' event before its 'B' (line 1, column 2)
npt-import: 1 event read before the error is written"
	[ "${lines[2]}" = "1.000		1/2		o		" ]
	[ "${lines[3]}" = "## lost.ends.e.json=1" ]
	[ "${lines[4]}" = "## lost.truncated.e.json=1" ]
	# a difference beyond 2^63 is exact; one of 10^25 us, the range, an error
	printf '[{"ph":"B","ts":-9e18},{"ph":"E","ts":9e18}]' > o.json
	run --separate-stderr -0 npt-import o.json
	[ "${lines[2]}" = "-9000000000000000000.000	18000000000000000000.000	0/0				" ]
	printf '[{"ph":"B","ts":-5e24},{"ph":"E","ts":5e24}]' > o.json
	run --separate-stderr -1 npt-import o.json
	assert_stderr "npt-import: o.json:1:24: an 'E' event 10^25 us or more after its 'B' (line 1, column 2)"
	# an error inside the args of an X: the event is dropped
	printf '[{"ph":"B","name":"o","pid":1,"tid":2,"ts":1},\n{"ph":"X","ts":2,"dur":1,"pid":1,"tid":1,"args":{"a":1,"b":tru}}]' > x.json
	run --separate-stderr -1 npt-import x.json
	[ "${stderr_lines[1]}" = "npt-import: x.json:2:60: invalid literal (true, false or null expected)" ]
	[ "${#lines[@]}" -eq 5 ]
	[ "${lines[2]}" = "1.000		1/2		o			" ]
}

@test "import: chrome: 'B'/'E' slices that start together come out outer first, so that they nest, among other events in the order of their begins" {
	# outer 1 to 5 holds mid 1 to 3 holds inner 1 to 2: the ends come
	# inner first; an X on thread 2 at 1 comes between outer's and mid's
	# begins, one left open after inner's (written at the end)
	printf '[{"ph":"B","ts":1,"pid":1,"tid":1,"name":"outer"},
	{"ph":"X","ts":1,"dur":9,"pid":1,"tid":2,"name":"x"},
	{"ph":"B","ts":1,"pid":1,"tid":1,"name":"mid"},
	{"ph":"B","ts":1,"pid":1,"tid":1,"name":"inner"},
	{"ph":"B","ts":1,"pid":1,"tid":3,"name":"open"},
	{"ph":"E","ts":2,"pid":1,"tid":1},
	{"ph":"E","ts":3,"pid":1,"tid":1},
	{"ph":"E","ts":5,"pid":1,"tid":1}]' > be.json
	run --separate-stderr -0 npt-import be.json
	assert_output <<-'EOF'
	## source=be.json
	#ts_us	dur_us	track	op	name	id	loc
	1.000	4.000	1/1		outer		
	1.000	9.000	1/2		x		
	1.000	2.000	1/1		mid		
	1.000	1.000	1/1		inner		
	1.000		1/3		open		
	## lost.ends.be.json=1
	EOF
	# the self times: outer 4 - 2, mid 2 - 1, inner 1, x 9: 13 in all
	run -0 sh -c 'npt-import be.json 2>/dev/null | npt-agg -k name 2>/dev/null | cut -f1,12 | sort'
	assert_output <<-'EOF'
	#name	self_us
	*	13.000
	inner	1.000
	mid	1.000
	outer	2.000
	x	9.000
	EOF
}

@test "import: torq timeline: transfers of one engine that start at one cycle come longest first, whatever their order; one of no length keeps its place" {
	# task 3's transfer of 64 cycles and task 4's of 128 both start at 0
	# on dma_in (Torq starts them in the order their ops ran); a slice
	# at 1 between them in the file.  The events at 0 in the file: task
	# 3's (64), task 5's (0 cycles), task 4's (128); the two that last
	# more than 0 take their places, the first and the third, longest
	# first: task 4's, then task 3's; task 5's keeps the second
	printf '%s\n' 'taskId, elapsed_time(us), timestamp(us), event, location, bytes' \
	    '3,64,0,DMA In,loc("a.mlir":1:2),512' '3,2000,1,Slice 0,loc("a.mlir":1:2),' \
	    '5,0,0,DMA In,,8' '4,128,0,DMA In,loc("a.mlir":2:2),1024' > tie.csv
	run -0 npt-import tie.csv
	assert_output <<-'EOF'
	## source=tie.csv
	#ts_cyc	dur_cyc	track	op	name	id	loc	bytes
	0	128	dma_in	DMA_IN		4	"a.mlir":2:2	1024
	0	0	dma_in	DMA_IN		5		8
	0	64	dma_in	DMA_IN		3	"a.mlir":1:2	512
	1	2000	slice0	SLICE		3	"a.mlir":1:2	
	EOF
	# so npt-agg nests them (self: 128 - 64 on the longer) and npt-fold
	# folds them: DMA_IN 128 in all, 64 of it in DMA_IN;DMA_IN
	run -0 sh -c 'npt-import tie.csv | npt-agg -k op | cut -f1,2,3,12 | grep "^DMA_IN"'
	[ "$output" = "$(printf 'DMA_IN\t3\t192\t128')" ]
	run -0 sh -c 'npt-import tie.csv | npt-fold'
	assert_output <<-'EOF'
	DMA_IN 64
	DMA_IN;DMA_IN 64
	SLICE 2000
	EOF
}

@test "import: a track's events that start together come out longest first however far apart they were: Chrome, Torq, two inputs, spilled runs; other tracks' keep their places" {
	# Outer (0 to 10) written after A (0 to 5) and C (6 to 8), which it
	# encloses: Outer 10 - 5 - 2 = 3 of its own
	printf '%s\n' '{"traceEvents":[' '{"ph":"X","name":"A","pid":1,"tid":1,"ts":0,"dur":5},' \
	    '{"ph":"X","name":"C","pid":1,"tid":1,"ts":6,"dur":2},' \
	    '{"ph":"X","name":"Outer","pid":1,"tid":1,"ts":0,"dur":10}' ']}' > x1.json
	for s in '' '-S 4k'; do
		# shellcheck disable=SC2086
		run -0 sh -c "npt-import $s x1.json | npt-agg -k name | cut -f1,3,12"
		assert_output <<-'EOF'
		#name	total_us	self_us
		Outer	10.000	3.000
		A	5.000	5.000
		C	2.000	2.000
		*	17.000	10.000
		EOF
	done
	# task 3's 64 cycles at 0, its 10 at 70, then task 4's 128 at 0
	printf '%s\n' 'taskId, elapsed_time(us), timestamp(us), event, location, bytes' \
	    '3,64,0,DMA In,loc("a.mlir":1:2),512' '3,10,70,DMA In,loc("a.mlir":1:2),64' \
	    '4,128,0,DMA In,loc("a.mlir":2:2),1024' > tie2.csv
	run -0 sh -c 'npt-import tie2.csv | cut -f1,2,6'
	assert_output <<-'EOF'
	## source=tie2.csv
	#ts_cyc	dur_cyc	id
	0	128	4
	0	64	3
	70	10	3
	EOF
	# one thread in two inputs: [0,5] in a.json, [0,10] in b.json
	printf '{"traceEvents":[{"ph":"X","name":"s","pid":1,"tid":1,"ts":0,"dur":5}]}' > a.json
	printf '{"traceEvents":[{"ph":"X","name":"l","pid":1,"tid":1,"ts":0,"dur":10}]}' > b.json
	run -0 sh -c 'npt-import a.json b.json 2> err | grep -v "^#" | cut -f2,5'
	assert_output <<-'EOF'
	10.000	l
	5.000	s
	EOF
	[ "$(cat err)" = 'npt-import: warning: track "1/1" is in a.json and in b.json: one track in the output (import each alone to keep them apart)' ]
	# runs that do spill at -S 4k: A, 50 events of thread 9/9, B (0 to
	# 20 on thread 1/2), C, 50 more, Outer.  At 0: A, B, Outer in the
	# file; thread 1/1's take their places (the first and the third)
	# longest first, Outer then A; B keeps the second
	{
		printf '[{"ph":"X","name":"A","pid":1,"tid":1,"ts":0,"dur":5}'
		for t in $(seq 100 149); do
			printf ',{"ph":"X","name":"pad","pid":9,"tid":9,"ts":%d,"dur":1}' "$t"
		done
		printf ',{"ph":"X","name":"B","pid":1,"tid":2,"ts":0,"dur":20}'
		printf ',{"ph":"X","name":"C","pid":1,"tid":1,"ts":6,"dur":2}'
		for t in $(seq 150 199); do
			printf ',{"ph":"X","name":"pad","pid":9,"tid":9,"ts":%d,"dur":1}' "$t"
		done
		printf ',{"ph":"X","name":"Outer","pid":1,"tid":1,"ts":0,"dur":10}]'
	} > spill.json
	TMPDIR="$TMP/nosuch" run -1 --separate-stderr npt-import -S 4k spill.json
	[[ $stderr == "npt-import: $TMP/nosuch/npt-import."* ]] || flunk "no spill: $stderr"
	run -0 sh -c 'npt-import -S 4k spill.json | grep -v pad | cut -f1-3,5'
	assert_output <<-'EOF'
	## source=spill.json
	#ts_us	dur_us	track	name
	0.000	10.000	1/1	Outer
	0.000	20.000	1/2	B
	0.000	5.000	1/1	A
	6.000	2.000	1/1	C
	EOF
}

@test "import: the events of one time are one group however many, in memory and in spilled runs: a track's long one comes before its 1500 short ones" {
	# 1500 slices of 1 us at 0 on thread 1/1 in a.json (more than 64 KiB
	# of records, a tenth of -S 256k), one of 10 us at 0 in b.json: the
	# long one first, then the short ones
	python3 -c 'import sys; sys.stdout.write("[" + ",".join(["{\"ph\":\"X\",\"name\":\"s\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1}"] * 1500) + "]")' > a.json
	printf '[{"ph":"X","name":"l","pid":1,"tid":1,"ts":0,"dur":10}]' > b.json
	# in memory: no temporary file
	TMPDIR="$TMP/nosuch" run -0 sh -c 'npt-import -S 256k a.json b.json 2> /dev/null | grep -v "^#" | cut -f1,2,5 | uniq -c'
	assert_output <<-'EOF'
	      1 0.000	10.000	l
	   1500 0.000	1.000	s
	EOF
	# spilled (a temporary file is needed), the group past -S 4k: the same
	TMPDIR="$TMP/nosuch" run -1 --separate-stderr npt-import -S 4k a.json b.json
	[[ $stderr == *"npt-import: $TMP/nosuch/npt-import."* ]] || flunk "no spill: $stderr"
	run -0 sh -c 'npt-import -S 4k a.json b.json 2> /dev/null | grep -v "^#" | cut -f1,2,5 | uniq -c'
	assert_output <<-'EOF'
	      1 0.000	10.000	l
	   1500 0.000	1.000	s
	EOF
}

@test "import: chrome: 'X' slices written at their end, inner first, come out outer first when they start together" {
	# gc 1 to 2 in c 1 to 3 in p 1 to 6, written as each ended; o on
	# thread 2 between; same, as long as p and after it: the events of
	# thread 1 that start at 1 take the places they had among the five,
	# the first, second, fourth and fifth, longest first, p before same
	# (their input order); o keeps the third
	printf '[{"ph":"X","ts":1,"dur":1,"pid":1,"tid":1,"name":"gc"},{"ph":"X","ts":1,"dur":2,"pid":1,"tid":1,"name":"c"},{"ph":"X","ts":1,"dur":9,"pid":1,"tid":2,"name":"o"},{"ph":"X","ts":1,"dur":5,"pid":1,"tid":1,"name":"p"},{"ph":"X","ts":1,"dur":5,"pid":1,"tid":1,"name":"same"}]' > x.json
	run -0 npt-import x.json
	assert_output <<-'EOF'
	## source=x.json
	#ts_us	dur_us	track	op	name	id	loc
	1.000	5.000	1/1		p		
	1.000	5.000	1/1		same		
	1.000	9.000	1/2		o		
	1.000	2.000	1/1		c		
	1.000	1.000	1/1		gc		
	EOF
	# self times without same: p 5 - 2, c 2 - 1, gc 1, o 9: 14 in all
	run -0 sh -c 'npt-import x.json | grep -v same | npt-agg -k name | cut -f1,12 | sort'
	assert_output <<-'EOF'
	#name	self_us
	*	14.000
	c	1.000
	gc	1.000
	o	9.000
	p	3.000
	EOF
}

@test "import: chrome: an 'E' closes the innermost 'B' of its name and category, as trace_processor pairs them" {
	# a 0 to 3 (its E names it), b 1 to 4; then a/x 10 to 13 (E of cat
	# x), a/y 11 to 15 (the E named zz closes nothing and is dropped)
	printf '[{"ph":"B","ts":0,"pid":1,"tid":1,"name":"a"},{"ph":"B","ts":1,"pid":1,"tid":1,"name":"b"},{"ph":"E","ts":3,"pid":1,"tid":1,"name":"a"},{"ph":"E","ts":4,"pid":1,"tid":1,"name":"b"},
	{"ph":"B","ts":10,"pid":1,"tid":1,"name":"a","cat":"x"},{"ph":"B","ts":11,"pid":1,"tid":1,"name":"a","cat":"y"},{"ph":"E","ts":13,"pid":1,"tid":1,"cat":"x"},{"ph":"E","ts":14,"pid":1,"tid":1,"name":"zz"},{"ph":"E","ts":15,"pid":1,"tid":1}]' > ename.json
	run --separate-stderr -0 npt-import ename.json
	assert_output <<-'EOF'
	## source=ename.json
	#ts_us	dur_us	track	op	name	id	loc
	0.000	3.000	1/1		a		
	1.000	3.000	1/1		b		
	10.000	3.000	1/1	x	a		
	11.000	4.000	1/1	y	a		
	## lost.records.ename.json=1
	EOF
	col=$(python3 -c 'import sys; print(open(sys.argv[1]).read().split("\n")[1].index("{\"ph\":\"E\",\"ts\":14") + 1)' ename.json)
	assert_stderr "npt-import: warning: ename.json:2:$col: 'E' event without a 'B'; dropped"
}

@test "import: chrome: an 'X' without dur, as Chrome writes one still running when tracing stopped, is kept with an empty dur and counted lost" {
	printf '[{"ph":"X","name":"a","ts":1,"dur":1},\n{"ph":"X","name":"u","pid":1,"tid":2,"ts":2,"args":{"k":"v"}}]' > x.json
	run --separate-stderr -0 npt-import x.json
	assert_stderr "npt-import: warning: x.json:2:1: 'X' event without dur; written with an empty dur"
	[ "${lines[1]}" = "$US	k" ]
	[ "${lines[2]}" = "1.000	1.000	0/0		a			" ]
	[ "${lines[3]}" = "2.000		1/2		u			v" ]
	[ "${lines[4]}" = "## lost.ends.x.json=1" ]
	run --separate-stderr -1 npt-import --strict x.json
}

@test "import: chrome: an empty event, as the JAX profiler ends traceEvents with, is skipped" {
	# perfetto_trace.json of jax.profiler.trace ends "...},{}]}" (Perfetto
	# issue 6251, and its diff test test_trailing_empty_event); one in the
	# middle of an array says nothing either
	printf '{"traceEvents":[{"ph":"X","ts":1,"dur":2,"pid":1,"tid":1,"name":"real_event"},{}]}' > jax.json
	run --separate-stderr -0 npt-import jax.json
	[ "${lines[2]}" = "1.000	2.000	1/1		real_event		" ]
	[ "${#lines[@]}" -eq 3 ]
	[ -z "$stderr" ]
	printf '[{}, {"ph":"X","ts":3,"dur":1,"name":"a"}, { }, {"ph":"B","ts":5,"name":"b"},\n{"ph":"E","ts":7}]' > mid.json
	run --separate-stderr -0 npt-import --strict mid.json
	[ "${lines[2]}" = "3.000	1.000	0/0		a		" ]
	[ "${lines[3]}" = "5.000	2.000	0/0		b		" ]
	[ "${#lines[@]}" -eq 4 ]
	# an event with members but no ph is still an error
	printf '[{"ts":1}]' > noph.json
	run --separate-stderr -1 npt-import noph.json
	assert_stderr "npt-import: noph.json:1:2: an event without ph"
}

@test "import: chrome: the event array may end with a comma, as some writers leave it; nothing else may" {
	# the trace of Perfetto issue 1822, which trace_processor loads since;
	# no pid: pid 0, as trace_processor has it
	printf '{"displayTimeUnit":"ms","traceEvents":[\n{"name":"Foo","ph":"X","tid":0,"ts":3473608.458,"dur":295555.500},\n{"name":"Bar","ph":"X","tid":0,"ts":4890.000,"dur":3764289.708},\n]}\n' > tc.json
	run --separate-stderr -0 npt-import --strict tc.json
	assert_output <<-'EOF'
	## source=tc.json
	#ts_us	dur_us	track	op	name	id	loc
	4890.000	3764289.708	0/0		Bar		
	3473608.458	295555.500	0/0		Foo		
	EOF
	printf '[{"ph":"X","name":"a","ts":1,"dur":1},\n ]' > ta.json
	run --separate-stderr -0 npt-import --strict ta.json
	[ "${lines[2]}" = "1.000	1.000	0/0		a		" ]
	[ "${#lines[@]}" -eq 3 ]
	# a comma with no event before it, or before a ']' inside an event
	printf '[,]' > t1.json
	run --separate-stderr -1 npt-import t1.json
	assert_stderr "npt-import: t1.json:1:2: a value expected"
	printf '[{"ph":"X","ts":1,"dur":1,"args":{"a":[1,]}}]' > t2.json
	run --separate-stderr -1 npt-import t2.json
	assert_stderr "npt-import: t2.json:1:42: trailing comma before ']'"
	printf '{"traceEvents":[],"samples":[1,]}' > t3.json
	run --separate-stderr -1 npt-import t3.json
	assert_stderr "npt-import: t3.json:1:32: trailing comma before ']'"
}

@test "import: chrome: a real Chrome trace (catapult's webview.json.gz), every 'X' and 'B'/'E' event exactly, on its thread's name" {
	# fetched, so kept in shared/ and not committed (fixtures/import/SOURCES.md)
	w=$NPT_ROOT/../shared/fetched/chrome/webview.json.gz
	[ -e "$w" ] || skip "no $w here (see tests/fixtures/import/SOURCES.md)"
	gzip -dc "$w" > w.json
	run --separate-stderr -0 npt-import w.json
	# its one 'X' without dur: the '{' at byte 53040 of its one line
	# (python3: s.rindex('{', 0, s.index('"StopTracingAfterClockSync"')) + 1)
	# and its 5 'S' with 5 'F' (python3: count of ph in 'SFbe')
	assert_stderr <<-EOF
	npt-import: warning: w.json:1:53040: 'X' event without dur; written with an empty dur
	npt-import: warning: w.json: 10 async events ('b', 'e', 'S', 'F') left out: npt-import reads the spans of 'X' and of 'B' with 'E'
	EOF
	[ "${lines[-1]}" = "## lost.ends.w.json=1" ]
	printf '%s\n' "$output" > w.tsv
	# the reference: X events as they are, B/E paired innermost first per
	# pid/tid, tracks the thread_name metadata or pid/tid, exact decimals
	python3 - w.json w.tsv <<-'EOF'
	import json, sys, collections
	from decimal import Decimal as D
	evs = json.load(open(sys.argv[1]), parse_float=D, parse_int=D)['traceEvents']
	key = lambda e: (e.get('pid'), e.get('tid'))
	names = {key(e): e['args']['name'] for e in evs
	    if e['ph'] == 'M' and e['name'] == 'thread_name'}
	track = lambda e: names.get(key(e), '%s/%s' % key(e))
	def row(e, dur, a):
	    return (e['ts'].normalize(), None if dur is None else dur.normalize(),
	        track(e), e.get('cat', ''), e.get('name', ''),
	        str(a.get('src_func', '')), str(a.get('src_file', '')))
	want, open_ = [], collections.defaultdict(list)
	for e in evs:
	    if e['ph'] == 'X':
	        want.append(row(e, e.get('dur'), e.get('args', {})))
	    elif e['ph'] == 'B':
	        open_[key(e)].append(e)
	    elif e['ph'] == 'E':
	        b = open_[key(e)].pop()
	        a = dict(b.get('args', {}), **e.get('args', {}))
	        want.append(row(b, e['ts'] - b['ts'], a))
	assert not any(open_.values())
	have, hdr = [], None
	for l in open(sys.argv[2]):
	    f = l.rstrip('\n').split('\t')
	    if f[0].startswith('##'):
	        continue
	    if f[0].startswith('#'):
	        hdr = f
	        continue
	    r = dict(zip(hdr, f))
	    have.append((D(r['#ts_us']).normalize(),
	        D(r['dur_us']).normalize() if r['dur_us'] else None, r['track'],
	        r['op'], r['name'], r['src_func'], r['src_file']))
	print(len(want), 'events wanted,', len(have), 'written')
	assert [h[0] for h in have] == sorted(h[0] for h in have)
	sys.exit(0 if sorted(map(str, want)) == sorted(map(str, have)) else 1)
	EOF
}

@test "import: chrome: a control character in a string, data after the end, a bad top level" {
	printf '[{"ph":"X","name":"a\tb","ts":1,"dur":1}]' > c.json
	run --separate-stderr -1 npt-import c.json
	assert_stderr "npt-import: c.json:1:21: control character inside a string"
	printf '[{"ph":"X","name":"ab\ncd","ts":1,"dur":1}]' > l.json
	run --separate-stderr -1 npt-import l.json
	assert_stderr "npt-import: l.json:1:22: unterminated string (newline inside)"
	printf '{"traceEvents":[]} x' > d.json
	run --separate-stderr -1 npt-import d.json
	assert_stderr "npt-import: d.json:1:20: data after the end of the JSON value"
	printf '"trace"' > s.json
	run --separate-stderr -1 npt-import -t chrome s.json
	assert_stderr "npt-import: s.json:1:1: not a Chrome trace: an object or an array expected"
	printf '{"traceEvents":{}}' > o.json
	run --separate-stderr -1 npt-import o.json
	assert_stderr "npt-import: o.json:1:16: traceEvents: an array expected"
	printf '{"otherData":{}}' > n.json
	run --separate-stderr -1 npt-import n.json
	assert_stderr "npt-import: n.json: no traceEvents array in the trace object"
}

@test "import: chrome: deep nesting in args is skipped, never a crash" {
	python3 -c "print('[{\"ph\":\"X\",\"name\":\"deep\",\"ts\":1,\"dur\":1,\"args\":{\"a\":' + '['*200000 + ']'*200000 + ',\"b\":2}}]')" > deep.json
	run -0 npt-import deep.json
	[ "${lines[1]}" = "$US	b" ]
	[ "${lines[2]}" = "1.000	1.000	0/0		deep			2" ]
	python3 -c "print('[' * 300000)" > open.json
	run --separate-stderr -1 npt-import -t chrome open.json
	assert_stderr "npt-import: open.json:1:2: an event must be an object"
}

@test "import: chrome: a 1 MiB name, escapes in strings, NUL bytes" {
	awk 'BEGIN { s = "x"; while (length(s) < 1048576) s = s s; printf "[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"name\":\"%s\",\"cat\":\"a\\u0000b\\nc\\\\d\"}]", s }' > big.json
	run -0 npt-import big.json
	[ "${#lines[2]}" -eq $((1048576 + 29)) ]
	[ "$(printf '%s\n' "${lines[2]}" | cut -f4)" = 'a\0b\nc\\d' ]
}

@test "import: chrome: a 1 MiB name with escapes and a 1 MiB category come out whole, escaped as npt-events(5) says" {
	python3 - <<-'EOF'
	import json
	name = 'a\tb\\c\nd\re\0f' * 95326
	cat = 'x' * 1048576
	def esc(s):
	    m = {'\t': '\\t', '\n': '\\n', '\r': '\\r', '\\': '\\\\', '\0': '\\0'}
	    return ''.join(m.get(c, c) for c in s)
	with open('big.json', 'w') as f:
	    json.dump([{'ph': 'X', 'ts': 1, 'dur': 2, 'name': name, 'cat': cat}], f)
	with open('want', 'w') as f:
	    f.write('1.000\t2.000\t0/0\t' + cat + '\t' + esc(name) + '\t\t\n')
	EOF
	npt-import big.json > got
	[ "$(wc -c < want)" -gt 2500000 ]
	data got | cmp - want
}

@test "import: chrome: pid and tid may be strings; a thread without a name is pid/tid; a missing pid is 0, a missing tid the pid" {
	# trace_processor's JSON reader: pid and tid 0 when missing, then a
	# tid of 0 is the pid
	printf '[{"ph":"X","name":"a","pid":"Spans","tid":"PyTorch Profiler","ts":1,"dur":1},{"ph":"X","name":"b","tid":5,"ts":2,"dur":1},{"ph":"X","name":"c","ts":3,"dur":1},{"ph":"X","name":"d","pid":7,"ts":4,"dur":1}]' > s.json
	run -0 npt-import s.json
	[ "$(data <<< "$output" | cut -f3 | tr '\n' '|')" = "Spans/PyTorch Profiler|0/5|0/0|7/7|" ]
	# so events without them share a track and nest: outer 10 - inner 2
	printf '[{"ph":"X","ts":0,"dur":10,"name":"outer"},{"ph":"X","ts":1,"dur":2,"name":"inner"},{"ph":"X","ts":3,"dur":1,"pid":0,"tid":0,"name":"zero"},{"ph":"B","ts":5,"pid":3,"name":"b"},{"ph":"E","ts":6,"pid":3,"tid":3}]' > nopid.json
	run -0 sh -c 'npt-import nopid.json | npt-agg -k track,name | cut -f1,2,13'
	assert_output <<-'EOF'
	#track	name	self_us
	0/0	outer	7.000
	0/0	inner	2.000
	0/0	zero	1.000
	3/3	b	1.000
	*	*	11.000
	EOF
}

@test "import: chrome: the same thread numbers in two traces stay two tracks" {
	printf '[{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"a"}},{"ph":"X","name":"x","pid":1,"tid":1,"ts":1,"dur":1}]' > a.json
	printf '[{"ph":"X","name":"y","pid":1,"tid":1,"ts":2,"dur":1}]' > b.json
	run -0 npt-import a.json b.json
	[ "$(data <<< "$output" | cut -f3)" = "a
1/1" ]
}

@test "import: a column given twice in one event keeps the last value; a Vela header naming one twice keeps both" {
	printf '[{"ph":"X","name":"a","ts":1,"dur":1,"args":{"k":1,"k":2,"id":3,"id":4}}]' > d.json
	run -0 npt-import d.json
	[ "${lines[1]}" = "$US	k" ]
	[ "${lines[2]}" = "1.000	1.000	0/0		a	4		2" ]
	# two columns of a CSV are two values: x and x_2
	printf 'experiment,network,x,x,cycles_total\ne,n,1,2,10\n' > s.csv
	run -0 npt-import s.csv
	[ "${lines[1]}" = "$CYC	experiment	x	x_2" ]
	[ "${lines[2]}" = "0	10	npu		n			e	1	2" ]
}

@test "import: chrome: more than 1024 distinct args: the rest dropped with a warning" {
	# events of 58 bytes and a comma: event i starts in column 2 + 59 i
	awk 'BEGIN { printf "["; for (i = 0; i < 1100; i++) printf "%s{\"ph\":\"X\",\"name\":\"e\",\"ts\":%d,\"dur\":1,\"args\":{\"k%04d\":1}}", i ? "," : "", 1000 + i, i; print "]" }' > w.json
	run --separate-stderr -0 npt-import w.json
	assert_stderr "npt-import: warning: w.json:1:$((2 + 59 * 1024)): more than 1024 distinct args; arg \"k1024\" and any others beyond dropped"
	[ "$(head -n 2 <<< "$output" | tail -n 1 | tr '\t' '\n' | wc -l)" -eq $((7 + 1024)) ]
}

# JSON reader

@test "import: the JSON reader reads what python's json module reads, and refuses the rest" {
	# the fuzz targets cover the reader under the sanitizer too
	n=$(variant_n 1500 100)
	run -0 python3 "$NPT_ROOT/tests/helpers/json-diff.py" "$NPT_UNITDIR/json-test" "$n" "$RANDOM"
	[ "${lines[${#lines[@]}-1]#* texts, }" = "0 failures" ]
}

@test "import: the JSON reader takes any depth, and memory input" {
	python3 -c "print('[' * 1000000 + ']' * 1000000)" > deep.json
	run -0 "$NPT_UNITDIR/json-test" deep.json
	[ "${lines[${#lines[@]}-1]}" = "EOF 0 1" ]
	[ "${#lines[@]}" -eq 2000001 ]
	printf '{"a" : [1, "\\u00e9", null]}' > m.json
	run -0 "$NPT_UNITDIR/json-test" -m m.json
	assert_output <<-'END'
	OBJ
	KEY 61
	ARR
	NUM 1
	STR c3a9
	NULL
	END_ARR
	END_OBJ
	EOF 0 1
	END
}

# TensorRT

@test "import: tensorrt: layers end to end, times and extras exact, as python3 computes them" {
	for f in "$F"/*.profile.json; do
		npt-import "$f" > out
		python3 - "$f" out <<-'EOF'
		import json, sys
		from decimal import Decimal
		d = json.load(open(sys.argv[1]), parse_float=Decimal, parse_int=Decimal)
		count = str(d[0]['count'])
		t, rows = Decimal(0), []
		for i, l in enumerate(d[1:]):
		    dur = l['averageMs'] * 1000
		    rows.append((t, dur, 'trt', '', l['name'], str(i), '', count, str(l['timeMs']),
		                 str(l['averageMs']), str(l.get('medianMs', '')), str(l['percentage'])))
		    t += dur
		places = max(3, max(-r[1].normalize().as_tuple().exponent for r in rows))
		q = Decimal(1).scaleb(-places)
		rows.sort(key=lambda r: r[0])
		want = ['\t'.join([str(r[0].quantize(q)), str(r[1].quantize(q))] + list(r[2:])) for r in rows]
		have = [l.rstrip('\n') for l in open(sys.argv[2]) if not l.startswith('#')]
		bad = [(w, h) for w, h in zip(want, have) if w != h]
		print(bad[:3])
		sys.exit(1 if bad or len(want) != len(have) else 0)
		EOF
	done
}

@test "import: tensorrt: a bad layer is a located error" {
	printf '[{"count":1},{"name":"a","averageMs":1}]' > ok.json
	run -0 npt-import ok.json
	[ "${lines[1]}" = "$US	count	time_ms	avg_ms	median_ms	percentage" ]
	[ "${lines[2]}" = "0.000	1000.000	trt		a	0		1		1		" ]
	while IFS='|' read -r bad msg; do
		printf '[{"count":1},\n%s]' "$bad" > b.json
		run --separate-stderr -1 npt-import -t tensorrt b.json
		[ "${stderr_lines[0]}" = "npt-import: b.json:$msg" ] || flunk "$bad: $stderr"
	done <<-'EOF'
	{"name":"a"}|2:1: a layer without averageMs
	{"name":"a","averageMs":"1"}|2:1: averageMs: a number expected
	{"name":"a","averageMs":1,"timeMs":"abc"}|2:1: timeMs: a number expected
	{"name":"a","averageMs":1,"medianMs":null}|2:1: medianMs: a number expected
	{"name":"a","averageMs":1,"percentage":true}|2:1: percentage: a number expected
	{"name":7,"averageMs":1}|2:1: name: a string expected
	{"count":"1"}|2:1: count: a number expected
	{"name":"a","averageMs":-1}|2:1: averageMs: negative: "-1"
	{"name":"a","averageMs":1e30}|2:1: averageMs: too large: "1e30"
	3|2:1: a layer must be an object
	{"name":"a","averageMs":1}],|2:28: data after the end of the JSON value
	{"name":"a"b","averageMs":1}|2:12: ',' or '}' expected after an object member (trtexec writes layer names without JSON escapes: a quote or a backslash in one needs fixing by hand)
	{"name":"a\q","averageMs":1}|2:11: invalid escape in a string (trtexec writes layer names without JSON escapes: a quote or a backslash in one needs fixing by hand)
	EOF
	printf '[{"count":1},\n{"name":"a","averageMs":1}' > c.json
	run --separate-stderr -1 npt-import c.json
	assert_stderr "npt-import: c.json:2:27: the input ends inside the profile (cut short?)
npt-import: 1 event read before the error is written"
	printf '{}' > o.json
	run --separate-stderr -1 npt-import -t tensorrt o.json
	assert_stderr "npt-import: o.json:1:1: not a TensorRT profile: an object, as trtexec --exportLayerInfo writes, where --exportProfile writes an array"
	printf '"x"' > s.json
	run --separate-stderr -1 npt-import -t tensorrt s.json
	assert_stderr "npt-import: s.json:1:1: not a TensorRT profile: an array expected"
}

@test "import: tensorrt: the other files of trtexec are told from their start and refused clearly" {
	# the first two records of a real --exportTimes file (TensorRT 8.4,
	# see SOURCES.md), found without -t
	f="$F/resnet.onnx.engine.timing.head.json"
	run --separate-stderr -1 npt-import -v "$f"
	[ "${stderr_lines[0]}" = "npt-import: $f:2:3: not a TensorRT profile: a timing record of trtexec --exportTimes, where --exportProfile writes layers" ]
	[ "${stderr_lines[1]}" = "npt-import: $f: tensorrt, 0 events in all" ]
	[ "$(data <<< "$output" | wc -l)" -eq 0 ]
	# TensorRT 7.0 and older named them startInMs (trtexec's source);
	# --exportLayerInfo writes {"Layers": [...], "Bindings": [...]}
	while IFS='|' read -r json msg; do
		printf '%b' "$json" > t.json
		run --separate-stderr -1 npt-import t.json
		[ "${stderr_lines[0]}" = "npt-import: t.json:$msg" ] || flunk "$json: $stderr"
	done <<-'EOF'
	[\n  { "startInMs" : 1.5, "endInMs" : 1.5, "startComputeMs" : 1.5 }\n]\n|2:3: not a TensorRT profile: a timing record of trtexec --exportTimes, where --exportProfile writes layers
	{"Layers": ["conv1"],\n"Bindings": ["input"]}\n|1:1: not a TensorRT profile: an object, as trtexec --exportLayerInfo writes, where --exportProfile writes an array
	EOF
	# the run metadata trex (TensorRT Engine Explorer) writes beside a
	# profile, .profile.metadata.json, as it starts (see SOURCES.md of the
	# corpus): it was a Chrome trace without traceEvents
	printf '{"performance_summary": {"Throughput": 1155.36, "Latency": [0.856049]}, "inference_options": {"Batch": "Explicit"}}\n' > resnet.onnx.engine.profile.metadata.json
	run --separate-stderr -1 npt-import -v resnet.onnx.engine.profile.metadata.json
	[ "${stderr_lines[0]}" = "npt-import: resnet.onnx.engine.profile.metadata.json:1:1: not a TensorRT profile: the run metadata trex writes beside one (.profile.metadata.json): give the profile (.profile.json)" ]
	[ "${stderr_lines[1]}" = "npt-import: resnet.onnx.engine.profile.metadata.json: tensorrt, 0 events in all" ]
	run --separate-stderr -1 npt-import < resnet.onnx.engine.profile.metadata.json
	[ "${stderr_lines[0]}" = "npt-import: <stdin>:1:1: not a TensorRT profile: the run metadata trex writes beside one (.profile.metadata.json): give the profile (.profile.json)" ]
	# an array or object of other members is still Chrome's
	printf '[{"ph":"X","name":"startEnqMs","ts":1,"dur":2,"pid":1,"tid":1}]' > c.json
	run --separate-stderr -0 npt-import -v c.json
	[[ $stderr == *"chrome (array form), 1 event in all" ]]
	printf '{"traceEvents":[],"Layers":1}' > c2.json
	run --separate-stderr -0 npt-import -v c2.json
	[[ $stderr == *"chrome ("* ]]
}

# Torq compile-time timelines

@test "import: torq-compile: C0, no header, locations with commas, rows sorted" {
	run -0 npt-import "$F/torq-c0.csv"
	assert_output <<-EOF
	## source=$F/torq-c0.csv
	$CYC	bytes
	0	128	dma_in	DMA_IN	DI0		"add.mlir":18:10	
	0	64	dma_in	DMA_IN	DI1		"add.mlir":18:10	
	129	1128	slice	add	S0		"add.mlir":18:10	
	1258	128	dma_out	DMA_OUT	DO2		fused["add.mlir":18:10, "add.mlir":19:3]	
	EOF
}

@test "import: torq-compile: C1, bytes, CDMA, slices and CSS" {
	run -0 npt-import -f 800MHz "$F/torq-c1.csv"
	assert_output <<-EOF
	## source=$F/torq-c1.csv
	## clock.dma_in=800MHz
	## clock.cdma=800MHz
	## clock.dma_out=800MHz
	## clock.slice0=800MHz
	## clock.slice1=800MHz
	## clock.css=800MHz
	$CYC	bytes
	0	128	dma_in	DMA_IN	DI0		"conv.mlir":10:5	1024
	128	10	cdma	CDMA_LRAM_TO_DTCM	CDMA_L2D1		"conv.mlir":10:5	160
	128	5	cdma	CDMA_LRAM_TO_ITCM	CDMA_L2I3			64
	139	2000	slice0	conv2d	S0_0		"conv.mlir":10:5	
	140	4000	slice1	conv2d_add	S1_1		"conv.mlir":11:3	
	4141	8000	css	CSS	CSS0		"conv.mlir":12:1	
	4200	128	dma_out	DMA_OUT	DO2		fused["conv.mlir":10:5, "conv.mlir":11:3]	1024
	EOF
}

@test "import: torq-compile: C2 and C3, values in cycles despite the header" {
	want="0	128	dma_in	DMA_IN		3	\"conv.mlir\":10:5	1024
128	10	cdma	CDMA_LRAM_TO_DTCM		3	\"conv.mlir\":10:5	160
139	2000	slice0	SLICE		3	\"conv.mlir\":10:5	
140	4000	slice1	SLICE		4	\"conv.mlir\":11:3	
4141	8000	css	CSS		5	\"conv.mlir\":12:1	
4200	128	dma_out	DMA_OUT		4	fused[\"conv.mlir\":10:5, \"conv.mlir\":11:3]	1024"
	for v in c2 c3; do
		run -0 npt-import "$F/torq-$v.csv"
		[ "${lines[1]}" = "$CYC	bytes" ]
		[ "$(data <<< "$output")" = "$want" ] || flunk "$v: $output"
	done
}

@test "import: torq-compile: bad rows are located errors" {
	while IFS='|' read -r row msg; do
		printf 'DI0,0,10,loc("a":1:2),DMA_IN\n%s\n' "$row" > t.csv
		run --separate-stderr -1 npt-import t.csv
		[ "${stderr_lines[0]}" = "npt-import: t.csv:2: $msg" ] || flunk "$row: $stderr"
		[ "${lines[2]}" = '0	10	dma_in	DMA_IN	DI0		"a":1:2	' ] || flunk "$row: $output"
		[ "${lines[3]}" = "## lost.truncated.t.csv=1" ] || flunk "$row: $output"
	done <<-'EOF'
	DI1,0,10,DMA_IN|4 fields, expected at least 5 (id, start, end, location, op type)
	X1,0,10,loc(unknown),DMA_IN|not a timeline row id: "X1" (DI<n>, DO<n>, S<n>, S<n>_<slice>, CDMA_L2D<n>, CDMA_L2I<n>, CDMA_D2L<n> or CSS<n> expected)
	DI1,0x,10,loc(unknown),DMA_IN|start: not a number: "0x"
	DI1,0,-10,loc(unknown),DMA_IN|end: negative: "-10"
	DI1,20,10,loc(unknown),DMA_IN|end 10 before start 20
	DI1,0,99999999999999999999,loc(unknown),DMA_IN|end: too large: "99999999999999999999"
	EOF
	printf 'taskId, elapsed_time(us), timestamp(us), event, location, bytes\n1,10,0,DMA Sideways,loc(unknown),\n1,10,0,CSS\n' > h.csv
	run --separate-stderr -1 npt-import h.csv
	assert_stderr 'npt-import: h.csv:2: unknown event "DMA Sideways"'
	printf 'taskId, elapsed_time(us), timestamp(us), event, location\n' > h2.csv
	run --separate-stderr -1 npt-import -t torq-compile h2.csv
	assert_stderr 'npt-import: h2.csv:1: not a Torq timeline header'
}

@test "import: torq-compile: CR LF, blank lines, a last line without LF, a 1 MiB location" {
	printf 'DI0,0,10,loc("a":1:2),DMA_IN,8\r\n\r\n\nDO1,10,20,loc("a":1:2),DMA_OUT,8' > t.csv
	run -0 npt-import t.csv
	[ "${lines[3]}" = '10	10	dma_out	DMA_OUT	DO1		"a":1:2	8' ]
	[ "${#lines[@]}" -eq 4 ]
	awk 'BEGIN { s = "x"; while (length(s) < 1048576) s = s s; printf "S0,0,1,loc(\"%s\":1:1),add\n", s }' > l.csv
	run -0 npt-import l.csv
	[ "${#lines[2]}" -eq $((1048576 + 25)) ]
}

# Torq runtime logs

@test "import: torq-runtime: R0, a job ends at time_since_open" {
	run -0 npt-import "$F/torq-r0.csv"
	assert_output <<-EOF
	## source=$F/torq-r0.csv
	$US
	1100.000	400.000	nss	NSS_JOB		0	"add.mlir":18:10
	2200.000	300.000	nss	NSS_JOB		1	
	2550.000	50.000	nss	NSS_JOB		2	fused["add.mlir":18:10, "add.mlir":19:3]
	EOF
}

@test "import: torq-runtime: R1, begins and ends paired, quoted locations" {
	run --separate-stderr -0 npt-import "$F/torq-r1.csv"
	assert_output <<-EOF
	## source=$F/torq-r1.csv
	$US	timestamp_us
	0.000	2.000	alloc	ALLOC		0	"add.mlir":3:1	5000
	3.000	6.000	host_copy	HOST_COPY		1	fused["add.mlir":5:1, "add.mlir":6:1]	5003
	10.000	4.000	nss_start	NSS_START		2	"add.mlir":18:10	5010
	15.000	25.000	nss_wait	NSS_WAIT		3		5015
	41.000		dealloc	DEALLOC		4		5041
	## lost.ends.$F/torq-r1.csv=1
	EOF
	assert_stderr "npt-import: warning: $F/torq-r1.csv:10: DEALLOC begins and never ends; written with an empty dur"
}

@test "import: torq-runtime: R2, nested events of one type pair innermost first" {
	run -0 npt-import "$F/torq-r2.csv"
	assert_output <<-EOF
	## source=$F/torq-r2.csv
	$US	invocation
	1000.000	20.000	init	INIT	main\$async_dispatch_0			0
	1001.000	10.000	init_hw_open	INIT_HW_OPEN	main\$async_dispatch_0			0
	1100.000	52.000	dispatch	DISPATCH	main\$async_dispatch_0			1
	1101.000	50.000	dispatch_execute_actions	DISPATCH_EXECUTE_ACTIONS	main\$async_dispatch_0			1
	1102.000	8.000	host_copy	HOST_COPY	main\$async_dispatch_0	0		1
	1111.000	1.000	nss_start	NSS_START	main\$async_dispatch_0	1		1
	1112.000	38.000	nss_wait	NSS_WAIT	main\$async_dispatch_0	2		1
	1160.000	20.000	hal_call	HAL_CALL	__HAL_QUEUE_EXECUTE__			2
	1161.000	9.000	hal_call	HAL_CALL	__HAL_QUEUE_EXECUTE__			2
	EOF
}

@test "import: torq-runtime: events that start together come in the order of their begins, a track's longest first" {
	# at 1160 begin, in this order: HAL_CALL (to 1180), DISPATCH (to
	# 1171), HAL_CALL (to 1170), HAL_CALL (to 1165); each is written at
	# its end, innermost first.  In the order of the begins, hal_call's
	# three longest first in their places (the first, third, fourth):
	# 20, DISPATCH's 11, 10, 5
	printf '%s\n' 'dispatch_name,invocation_id,action_id,timestamp_us,event' \
	    'h,2,-1,1160,HAL_CALL_BEGIN' 'h,2,-1,1160,DISPATCH_BEGIN' \
	    'h,2,-1,1160,HAL_CALL_BEGIN' 'h,2,-1,1160,HAL_CALL_BEGIN' \
	    'h,2,-1,1165,HAL_CALL_END' 'h,2,-1,1170,HAL_CALL_END' \
	    'h,2,-1,1171,DISPATCH_END' 'h,2,-1,1180,HAL_CALL_END' > tie.csv
	run -0 sh -c 'npt-import tie.csv | cut -f1-4'
	assert_output <<-'EOF'
	## source=tie.csv
	#ts_us	dur_us	track	op
	1160.000	20.000	hal_call	HAL_CALL
	1160.000	11.000	dispatch	DISPATCH
	1160.000	10.000	hal_call	HAL_CALL
	1160.000	5.000	hal_call	HAL_CALL
	EOF
}

@test "import: torq-runtime: unmatched begins and ends are reported with their lines, ten then a count" {
	{
		echo 'dispatch_name,invocation_id,action_id,timestamp_us,event'
		for i in $(seq 0 11); do echo "d,1,$i,$((100 + i)),NSS_WAIT_END"; done
		echo 'd,1,50,200,NSS_WAIT_BEGIN'
		echo 'd,1,51,201,HOST_COPY_BEGIN'
	} > u.csv
	run --separate-stderr -0 npt-import u.csv
	[ "${#stderr_lines[@]}" -eq 11 ]
	[ "${stderr_lines[0]}" = "npt-import: warning: u.csv:2: NSS_WAIT ends and never began; dropped" ]
	[ "${stderr_lines[9]}" = "npt-import: warning: u.csv:11: NSS_WAIT ends and never began; dropped" ]
	[ "${stderr_lines[10]}" = "npt-import: warning: u.csv: 4 more begin or end events unmatched" ]
	# 12 ends dropped, 2 begins kept without their end
	assert_output <<-EOF
	## source=u.csv
	$US	invocation
	200.000		nss_wait	NSS_WAIT	d	50		1
	201.000		host_copy	HOST_COPY	d	51		1
	## lost.records.u.csv=12
	## lost.ends.u.csv=2
	EOF
}

@test "import: torq-runtime: a long log pairs in bounded memory, leftovers still reported" {
	# 20000 invocations: the keys of finished actions are dropped as it goes;
	# invocation 12345 begins on line 1 + 4 * 12345 + 1
	awk 'BEGIN { print "dispatch_name,invocation_id,action_id,timestamp_us,event"
		for (i = 0; i < 20000; i++) {
			printf "d,%d,-1,%d,DISPATCH_BEGIN\nd,%d,0,%d,NSS_WAIT_BEGIN\nd,%d,0,%d,NSS_WAIT_END\n", i, 4 * i, i, 4 * i + 1, i, 4 * i + 2
			if (i != 12345) printf "d,%d,-1,%d,DISPATCH_END\n", i, 4 * i + 3 } }' > big.csv
	run --separate-stderr -0 npt-import big.csv
	assert_stderr "npt-import: warning: big.csv:49382: DISPATCH begins and never ends; written with an empty dur"
	[ "$(data <<< "$output" | wc -l)" -eq 40000 ]
	[ "$(data <<< "$output" | awk -F'\t' '$2 == ""')" = "49380.000		dispatch	DISPATCH	d			12345" ]
}

@test "import: torq-runtime: bad rows are located errors" {
	while IFS='|' read -r hdr row msg; do
		printf '%s\n%s\n' "$hdr" "$row" > r.csv
		run --separate-stderr -1 npt-import r.csv
		[ "${stderr_lines[0]}" = "npt-import: r.csv:2: $msg" ] || flunk "$row: $stderr"
	done <<-'EOF'
	id;time_since_open;time_since_start;location|0;100|2 fields, expected at least 4 (id;time_since_open;time_since_start;location)
	id;time_since_open;time_since_start;location|0;5;9;|time_since_start 9 is more than time_since_open 5
	id;time_since_open;time_since_start;location|0;5x;1;|time_since_open: not a number: "5x"
	actionIndex, elapsed_time(us), timestamp(us), event, location|0,1,2,NSS_START,"loc(|location: unterminated or badly quoted
	actionIndex, elapsed_time(us), timestamp(us), event, location|x,1,2,NSS_START,""|actionIndex: not a number: "x"
	actionIndex, elapsed_time(us), timestamp(us), event, location|0,1,2,NSS,""|event "NSS": neither a begin (_START) nor an end (_END)
	dispatch_name,invocation_id,action_id,timestamp_us,event|d,1,0,5,NSS|event "NSS": neither a begin (_BEGIN) nor an end (_END)
	dispatch_name,invocation_id,action_id,timestamp_us,event|d,1,0,5,NSS_BEGIN,x|6 fields, expected 5 (dispatch_name,invocation_id,action_id,timestamp_us,event)
	dispatch_name,invocation_id,action_id,timestamp_us,event|d,1,0,5|4 fields, expected at least 5 (dispatch_name,invocation_id,action_id,timestamp_us,event)
	dispatch_name,invocation_id,action_id,timestamp_us,event|d,x,0,5,NSS_BEGIN|invocation_id: not a number: "x"
	dispatch_name,invocation_id,action_id,timestamp_us,event|d,1,y,5,NSS_BEGIN|action_id: not a number: "y"
	EOF
	printf 'dispatch_name,invocation_id,action_id,timestamp_us,event\nd,1,0,9,NSS_BEGIN\nd,1,0,5,NSS_END\n' > e.csv
	run --separate-stderr -1 npt-import e.csv
	assert_stderr "npt-import: e.csv:3: the end is before its begin at line 2"
	printf 'dispatch_name,invocation_id\n' > h.csv
	run --separate-stderr -1 npt-import -t torq-runtime h.csv
	assert_stderr "npt-import: h.csv:1: not a Torq runtime log header"
}

# Vela

@test "import: vela: per-layer CSV, a header per subgraph, CR LF, quotes, fractional cycles" {
	run --separate-stderr -0 npt-import "$F/vela-per-layer.csv"
	assert_output <<-EOF
	## source=$F/vela-per-layer.csv
	$CYC	nng_op	sram_bytes	live_bytes	category	peak_pct	network_pct	npu_cyc	sram_ac_cyc	dram_ac_cyc	onflash_ac_cyc	offflash_ac_cyc	mac_count	network_mac_pct	util_pct
	0	7312	npu	CONV_2D	sequential/conv1/Relu;sequential/conv1/Conv2D	0		Conv2DBias	11936	11936	sram	54.65201465201465	17.648	7312.0	2000.0	0.0	0.0	0.0	73008	8.653	3.900
	7312	1200	npu	DEPTHWISE_CONV_2D	seq/dw,1	1		DepthwiseConv2DBias	21840	21840	sram	100.0	2.896	1200.0	300.0	0.0	0.0	0.0	9000	1.067	2.930
	8512	35	npu	ADD	seq/add	2		Add	100	100	sram	0.457	0.083	30.0	4.5	0.0	0.0	0.0	500	0.059	5.660
	EOF
	assert_stderr "npt-import: warning: $F/vela-per-layer.csv:5: Op Cycles 34.5: fractional cycles rounded to the nearest (and any others)"
}

@test "import: vela: fractional cycles are rounded once, to the nearest, halves up, as python3's decimal rounds the text" {
	# 2.4999999999996 has 13 decimals: rounded to 12 first it was 2.5,
	# then 3
	printf 'TFLite_operator,Op Cycles,Name\n' > f.csv
	for x in 2.4999999999996 2.49999999999999999999 0.4999999999999999 1.5 2.5 \
	    7.0000000000001 1e1 3.5e-1 0.5; do
		printf 'ADD,%s,n\n' "$x"
	done >> f.csv
	npt-import f.csv 2> err | awk -F'\t' '!/^#/ { print $1, $2 }' > got
	python3 - f.csv > want <<-'EOF'
	import sys
	from decimal import Decimal, ROUND_HALF_UP
	t = 0
	for line in open(sys.argv[1]).read().split('\n')[1:-1]:
	    d = int(Decimal(line.split(',')[1]).quantize(Decimal(1), ROUND_HALF_UP))
	    print(t, d)
	    t += d
	EOF
	cmp want got || flunk "$(diff want got)"
	[ "$(cat err)" = "npt-import: warning: f.csv:2: Op Cycles 2.4999999999996: fractional cycles rounded to the nearest (and any others)" ]
	# a fraction past the twelfth decimal alone is one too, warned about
	printf 'experiment,network,cycles_total\ne,n,7.0000000000001\n' > g.csv
	run --separate-stderr -0 npt-import g.csv
	[ "${lines[2]}" = "0	7	npu		n			e" ]
	assert_stderr "npt-import: warning: g.csv:2: cycles_total 7.0000000000001: fractional cycles rounded to the nearest (and any others)"
}

@test "import: vela: SRAM usage is also a level of a memory stream: npt-mem's peak is the largest" {
	# each layer's SRAM Usage as live_bytes of category sram (npt-events(5),
	# Memory): the peak is the largest usage, at the start of its layer
	# (the layers laid end to end, the sum of the rounded cycles before)
	python3 - "$F/vela-per-layer.csv" > want <<-'EOF'
	import csv, sys
	from decimal import Decimal, ROUND_HALF_EVEN
	t, best, hdr = 0, None, None
	for r in csv.reader(open(sys.argv[1])):
	    if r and 'SRAM Usage' in r:
	        hdr = r
	        continue
	    if not r or hdr is None or len(r) != len(hdr):
	        continue
	    d = dict(zip(hdr, r))
	    u = int(d['SRAM Usage'])
	    if best is None or u > best[0]:
	        best = (u, t)
	    t += int(Decimal(d['Op Cycles'].strip()).quantize(Decimal(1), ROUND_HALF_EVEN))
	print('level_overall\tnpu\tall\t\t\t%d\t%d\t' % best)
	EOF
	npt-import "$F/vela-per-layer.csv" 2> /dev/null | npt-mem | grep '^level_overall' > got
	cmp want got || flunk "$(diff want got)"
}

@test "import: vela: a summary is one event with every column, and its clock" {
	for f in "$F"/*summary*.csv; do
		npt-import "$f" > out
		python3 - "$f" out <<-'EOF'
		import csv, sys
		from decimal import Decimal
		r = list(csv.DictReader(open(sys.argv[1])))[0]
		hz = int(Decimal(r['core_clock']))
		out = open(sys.argv[2]).read().split('\n')
		assert out[1] == '## clock.npu=%dMHz' % (hz // 1000000), out[1]
		hdr = out[2][1:].split('\t')
		row = dict(zip(hdr, out[3].split('\t')))
		assert row['dur_cyc'] == str(int(Decimal(r['cycles_total']))), row
		assert row['ts_cyc'] == '0' and row['track'] == 'npu' and row['name'] == r['network']
		for k, v in r.items():
		    if k not in ('network', 'cycles_total'):
		        assert row[k] == v, (k, row[k], v)
		assert len(hdr) == 7 + len(r) - 2
		EOF
	done
	# -f overrides the summary's clock
	run -0 npt-import -f 1GHz "$F/hello_world_summary_Ethos_U55_High_End_Embedded.csv"
	[ "${lines[1]}" = "## clock.npu=1GHz" ]
}

@test "import: vela: the per-layer CSV of NXP's Vela 3.5.0, its own header and shares of 1" {
	# Written from the writer of NXP's ethos-u-vela 3.5.0 (tags
	# lf-5.15.71-2.2.x, commit 89a8cdd, npu_performance.py): one header,
	# Op_cycles, and Network (twice) and Util as fractions of 1; the rows
	# are the sample row of the other test in that form and one more.
	# By hand: the layers end to end, 7312 then 1200 cycles from 0;
	# SRAM_usage is sram_bytes and the level live_bytes; Peak a percentage.
	printf '%s\r\n' 'TFLite_operator,NNG_operator,SRAM_usage,Peak,Op_cycles,Network,NPU,SRAM_AC,DRAM_AC,OnFlash_AC,OffFlash_AC,MAC_count,Network,Util,Name' \
	    'CONV_2D,Conv2DBias,11936,54.65201465201465,7312.0,0.85904,7312.0,2000.0,0.0,0.0,0.0,73008,0.89,0.039,sequential/conv1/Relu;sequential/conv1/Conv2D' \
	    'ADD,Add,21840,100.0,1200.0,0.14096,1200.0,300.0,0.0,0.0,0.0,9000,0.11,0.0293,seq/add' > nxp.csv
	run --separate-stderr -0 npt-import -v nxp.csv
	assert_output <<-EOF
	## source=nxp.csv
	$CYC	nng_op	sram_bytes	live_bytes	category	peak_pct	network_frac	npu_cyc	sram_ac_cyc	dram_ac_cyc	onflash_ac_cyc	offflash_ac_cyc	mac_count	network_mac_frac	util_frac
	0	7312	npu	CONV_2D	sequential/conv1/Relu;sequential/conv1/Conv2D	0		Conv2DBias	11936	11936	sram	54.65201465201465	0.85904	7312.0	2000.0	0.0	0.0	0.0	73008	0.89	0.039
	7312	1200	npu	ADD	seq/add	1		Add	21840	21840	sram	100.0	0.14096	1200.0	300.0	0.0	0.0	0.0	9000	0.11	0.0293
	EOF
	assert_stderr "npt-import: nxp.csv: vela (per-layer), 2 events in all"
}

@test "import: vela: the per-layer CSV of Vela's Regor backend (Ethos-U85), its column names" {
	# the names arm/mlia reads it by (src/mlia/backend/vela/performance.py
	# since 250d6a4, "Add support for Ethos-U85"): Original Operator,
	# Staging Usage, Network% (MAC), Util% (MAC); the same columns as
	# Vela 3's under those names, not new ones
	printf '%s\n' 'Original Operator,NNG Operator,Staging Usage,Peak%,Op Cycles,Network%,NPU,SRAM AC,DRAM AC,OnFlash AC,OffFlash AC,MAC Count,Network% (MAC),Util% (MAC),Name' \
	    'CONV_2D,Conv2D,4096,25.0,800,80.0,800,120,0,0,0,6400,90.0,12.5,c1' \
	    'ADD,Add,1024,6.25,200,20.0,200,40,0,0,0,700,10.0,5.5,a1' > regor.csv
	run --separate-stderr -0 npt-import regor.csv
	assert_output <<-EOF
	## source=regor.csv
	$CYC	nng_op	staging_bytes	live_bytes	category	peak_pct	network_pct	npu_cyc	sram_ac_cyc	dram_ac_cyc	onflash_ac_cyc	offflash_ac_cyc	mac_count	network_mac_pct	util_pct
	0	800	npu	CONV_2D	c1	0		Conv2D	4096	4096	staging	25.0	80.0	800	120	0	0	0	6400	90.0	12.5
	800	200	npu	ADD	a1	1		Add	1024	1024	staging	6.25	20.0	200	40	0	0	0	700	10.0	5.5
	EOF
}

@test "import: vela: the per-layer CSV Vela's Regor backend writes: Peak% (Staging) and Network% (cycles) by their older names, Staging Usage a level" {
	# the header of Vela's stats_writer.py, write_regor_perlayer_performance_csv
	# (no quoting, LF); a CPU row as it writes one, N/A and NaN. By hand:
	# 800, 200 and 0 cycles end to end; Staging Usage is the level of the
	# memory where Regor stages feature maps, category staging; Target is
	# a column of its own
	printf '%s\n' 'Original Operator,NNG Operator,Target,Staging Usage,Peak% (Staging),Op Cycles,Network% (cycles),NPU,SRAM AC,DRAM AC,OnFlash AC,OffFlash AC,MAC Count,Network% (MAC),Util% (MAC),Name' \
	    'CONV_2D,Conv2D,NPU,4096,100.0,800,80.0,800,120,0,0,0,6400,90.14084507042253,12.5,c1' \
	    'ADD,Add,NPU,1024,25.0,200,20.0,200,40,0,0,0,700,9.859154929577465,5.46875,a1' \
	    'N/A,Passthrough,CPU,0,NaN,0,0.0,0,0,0,0,0,0,0.0,NaN,cpu1' > regor.csv
	run --separate-stderr -0 npt-import regor.csv
	assert_output <<-EOF
	## source=regor.csv
	$CYC	nng_op	target	staging_bytes	live_bytes	category	peak_pct	network_pct	npu_cyc	sram_ac_cyc	dram_ac_cyc	onflash_ac_cyc	offflash_ac_cyc	mac_count	network_mac_pct	util_pct
	0	800	npu	CONV_2D	c1	0		Conv2D	NPU	4096	4096	staging	100.0	80.0	800	120	0	0	0	6400	90.14084507042253	12.5
	800	200	npu	ADD	a1	1		Add	NPU	1024	1024	staging	25.0	20.0	200	40	0	0	0	700	9.859154929577465	5.46875
	1000	0	npu	N/A	cpu1	2		Passthrough	CPU	0	0	staging	NaN	0.0	0	0	0	0	0	0	0.0	NaN
	EOF
	# npt-mem: the peak is the largest, 4096 bytes at the start, 0
	npt-import regor.csv | npt-mem | grep '^level_overall' > got
	printf 'level_overall\tnpu\tall\t\t\t4096\t0\t\n' > want
	cmp want got || flunk "$(diff want got)"
}

@test "import: vela: two columns of one name keep both values" {
	# an unknown column twice: foo and foo_2 (foo_2 taken, foo_2_2 next)
	printf 'TFLite_operator,Op Cycles,Foo,Foo,Foo 2,Foo,Name\nADD,3,a,b,c,d,n\n' > d.csv
	run --separate-stderr -0 npt-import d.csv
	assert_output <<-EOF
	## source=d.csv
	$CYC	foo	foo_2	foo_2_2	foo_3
	0	3	npu	ADD	n	0		a	b	c	d
	EOF
	# a third Network%: the second is the MACs' share, the third a
	# column of its own
	printf 'TFLite_operator,Op Cycles,Network%%,Network%%,Network%%,Name\nADD,3,1,2,3,n\n' > n.csv
	run --separate-stderr -0 npt-import n.csv
	[ "${lines[1]}" = "$CYC	network_pct	network_mac_pct	network_mac_pct_2" ]
	[ "${lines[2]}" = "0	3	npu	ADD	n	0		1	2	3" ]
}

@test "import: vela: a column named as one of the stream's own, or named twice, or not at all, takes a name of its own" {
	# ID, Track, Op, Category, Live Bytes are id, track, op, category,
	# live_bytes by the rule of the other columns: the canonical ones were
	# in the header twice, the SRAM level's overwritten; a second Name or
	# Op Cycles was lost
	printf 'TFLite_operator,Op Cycles,ID,Track,Op,Category,Live Bytes,SRAM Usage,Ts Cyc,Dur Us,Name,Name,Op Cycles\nADD,3,i,t,o,c,l,77,1,2,n,n2,4\n' > o.csv
	run --separate-stderr -0 npt-import o.csv
	assert_output <<-EOF
	## source=o.csv
	$CYC	id_2	track_2	op_2	category_2	live_bytes_2	sram_bytes	live_bytes	category	ts_cyc_2	dur_us_2	name_2	op_cycles
	0	3	npu	ADD	n	0		i	t	o	c	l	77	77	sram	1	2	n2	4
	EOF
	# a summary's names are taken as they are; an empty one (a trailing
	# comma) is column, as in the per-layer CSV
	printf 'experiment,network,cycles_total,track,loc,network,\ne,n,10,t,l,n2,\n' > s.csv
	run --separate-stderr -0 npt-import s.csv
	assert_output <<-EOF
	## source=s.csv
	$CYC	experiment	track_2	loc_2	network	column
	0	10	npu		n			e	t	l	n2	
	EOF
	# the header of both: no name twice, none empty (npt-events(5))
	npt-import o.csv s.csv | awk -F'\t' '/^#[^#]/ { for (i = 1; i <= NF; i++) if ($i == "" || seen[$i]++) exit 1 }'
}

@test "import: vela: many columns of a few names: each name as the independent rule makes it" {
	# 400 columns drawn from a few names, empty ones among them (each
	# "column"): the names npt-import gives them against python3's
	# snake_case and first free suffix, byte for byte
	python3 - > h.csv <<-'EOF'
	import random
	random.seed(7)
	pool = ['Foo', 'Foo 2', '', 'Zz%', 'column', 'foo_2', 'A-b', ' ']
	names = [random.choice(pool) for _ in range(400)]
	print(','.join(['TFLite_operator', 'Op Cycles'] + names + ['Name']))
	print(','.join(['ADD', '3'] + [str(i) for i in range(400)] + ['n']))
	EOF
	run -0 --separate-stderr npt-import h.csv
	printf '%s\n' "$output" > out
	python3 - h.csv out <<-'EOF'
	import sys
	hdr = open(sys.argv[1]).read().split('\n')[0].split(',')[2:-1]
	def snake(h):
	    b, us = '', True
	    for ch in h:
	        if ch == '%':
	            b += ('' if us else '_') + 'pct'; us = False
	        elif ch.isdigit() or 'a' <= ch <= 'z':
	            b += ch; us = False
	        elif 'A' <= ch <= 'Z':
	            b += ch.lower(); us = False
	        elif not us:
	            b += '_'; us = True
	    return b.rstrip('_') or 'column'
	used, want = set(), []
	for h in hdr:
	    n, k = snake(h.strip()), 1
	    c = n
	    while c in used:
	        k += 1
	        c = '%s_%d' % (n, k)
	    used.add(c)
	    want.append(c)
	out = open(sys.argv[2]).read().split('\n')
	got = out[1].split('\t')[7:]
	assert got == want, (got[:20], want[:20])
	assert out[2].split('\t')[7:] == [str(i) for i in range(400)]
	EOF
}

@test "import: vela: past 1024 columns the rest are left out with a warning; SRAM Usage there is no level" {
	local T=$'\t'
	# 1100 columns before SRAM Usage: it and live_bytes, category have no
	# room (npt-import used to write past its columns: SIGSEGV)
	python3 -c "print(','.join(['TFLite_operator','Op Cycles']+['c%d'%i for i in range(1100)]+['SRAM Usage','Name'])); print(','.join(['ADD','3']+[str(i) for i in range(1100)]+['77','n']))" > w.csv
	run -0 --separate-stderr npt-import w.csv
	assert_stderr "npt-import: warning: w.csv:1: more than 1024 columns: those beyond are left out"
	[[ ${lines[1]} == *"${T}c1023" ]] || flunk "${lines[1]:(-40)}"
	[ "$(printf '%s\n' "${lines[2]}" | awk -F'\t' '{ print NF, $4, $5, $NF }')" = "1031 ADD n 1023" ]
	# SRAM Usage first: its level is kept, the columns past 1024 are not
	python3 -c "print(','.join(['TFLite_operator','Op Cycles','SRAM Usage']+['c%d'%i for i in range(1030)]+['Name'])); print(','.join(['ADD','3','77']+[str(i) for i in range(1030)]+['n']))" > w2.csv
	run -0 --separate-stderr npt-import w2.csv
	assert_stderr "npt-import: warning: w2.csv:1: more than 1024 columns: those beyond are left out"
	[ "$(printf '%s\n' "${lines[1]}" | cut -f8-10)" = "sram_bytes${T}live_bytes${T}category" ]
	[ "$(printf '%s\n' "${lines[2]}" | cut -f8-10)" = "77${T}77${T}sram" ]
}

@test "import: vela: the summary of Vela 2.0 and older, npu_clock its clock" {
	# the start and end of the header of write_summary_metrics_csv up to
	# Vela 2.0 (ethos-u-vela 79d07d2 to 42e833d): npu_clock, not core_clock
	printf '%s\r\n' 'experiment,network,accelerator_configuration,system_config,npu_clock,sram_size,sram_bandwidth,cycles_total' \
	    'default,net,ethos-u55-128,internal-default,500000000.0,384.0,4.0,1000.0' > old.csv
	run --separate-stderr -0 npt-import old.csv
	assert_output <<-EOF
	## source=old.csv
	## clock.npu=500MHz
	$CYC	experiment	accelerator_configuration	system_config	npu_clock	sram_size	sram_bandwidth
	0	1000	npu		net			default	ethos-u55-128	internal-default	500000000.0	384.0	4.0
	EOF
}

@test "import: vela: summaries of two clocks on the track npu are a located error; one clock again, or -f, is not" {
	# 752 cycles are 1.504 us at 500 MHz, 1.880 us at 400 MHz: the one
	# clock line of the track cannot be right for both
	printf 'experiment,network,core_clock,cycles_total\ne,a,400000000.0,752\n' > a.csv
	printf 'experiment,network,core_clock,cycles_total\ne,b,500000000.0,752\n' > b.csv
	run --separate-stderr -1 npt-import a.csv b.csv
	[ "${stderr_lines[0]}" = "npt-import: b.csv:2: core_clock 500000000.0: the track npu has the clock 400MHz of a summary before: import them separately" ]
	[ "${lines[2]}" = "## clock.npu=400MHz" ]
	# in one file too, where the first row's clock was kept; a row that
	# gives the same clock again is none
	printf 'experiment,network,npu_clock,cycles_total\ne,a,400000000.0,752\ne,a2,4e8,10\ne,b,500000000.0,752\n' > c.csv
	run --separate-stderr -1 npt-import c.csv
	[ "${stderr_lines[0]}" = "npt-import: c.csv:4: npu_clock 500000000.0: the track npu has the clock 400MHz of a summary before: import them separately" ]
	run --separate-stderr -0 npt-import a.csv a.csv
	[ "${lines[2]}" = "## clock.npu=400MHz" ]
	# -f is the clock of every input: theirs are not compared
	run --separate-stderr -0 npt-import -f 1GHz a.csv b.csv
	[ "${lines[2]}" = "## clock.npu=1GHz" ]
	# a clock that is no whole positive number of Hz was left out unsaid
	for v in x 0.0 -4e8 400000000.5 ''; do
		printf 'experiment,network,core_clock,cycles_total\ne,a,%s,752\n' "$v" > d.csv
		run --separate-stderr -1 npt-import d.csv
		[ "${stderr_lines[0]}" = "npt-import: d.csv:2: core_clock: not a clock in Hz: \"$v\"" ] || flunk "$v: $stderr"
	done
}

@test "import: vela: bad rows are located errors" {
	h='TFLite_operator,NNG Operator,Op Cycles,Name'
	while IFS='|' read -r row msg; do
		printf '%s\n%s\n' "$h" "$row" > v.csv
		run --separate-stderr -1 npt-import v.csv
		[ "${stderr_lines[0]}" = "npt-import: v.csv:2: $msg" ] || flunk "$row: $stderr"
	done <<-'EOF'
	ADD,Add,10|3 fields, but the header has 4
	ADD,Add,x,a|Op Cycles: not a number: "x"
	ADD,Add,-5,a|Op Cycles: negative: "-5"
	ADD,Add,18446744073709551616,a|Op Cycles: too large: "18446744073709551616"
	ADD,Add,1e26,a|Op Cycles: too large: "1e26"
	ADD,Add,1,"a|unterminated quoted field
	EOF
	# each layer fits, and an end may pass 2^64 - 1, but not a start
	printf '%s\nADD,Add,18446744073709551614,a\nADD,Add,18446744073709551615,b\nADD,Add,1,c\n' "$h" > s.csv
	run --separate-stderr -1 npt-import s.csv
	[ "${stderr_lines[0]}" = "npt-import: s.csv:4: the cycles add up beyond 2^64 - 1" ]
	printf 'TFLite_operator,NNG Operator,Name\nADD,Add,a\n' > n.csv
	run --separate-stderr -1 npt-import n.csv
	assert_stderr "npt-import: n.csv:1: no Op Cycles column in the header"
	printf 'x,y\n' > b.csv
	run --separate-stderr -1 npt-import -t vela b.csv
	assert_stderr "npt-import: b.csv:1: not a Vela per-layer or summary CSV header"
}

@test "import: a CSV that starts with a UTF-8 byte order mark is told and read as without it" {
	# as Excel and Windows editors save a CSV; it was an unknown format
	mkdir p b
	for f in "$F"/torq-*.csv "$F"/vela-*.csv "$F"/*summary*.csv; do
		cp "$f" p/x.csv
		{ printf '\357\273\277'; cat "$f"; } > b/x.csv
		(cd p && npt-import -v x.csv) > want 2>&1
		(cd b && npt-import -v x.csv) > got 2>&1 || flunk "$f: $(cat got)"
		cmp want got || flunk "$f: $(diff want got)"
	done
	# its lines are counted as before: the header is line 1
	printf '\357\273\277TFLite_operator,Op Cycles,Name\nADD,x,n\n' > bad.csv
	run --separate-stderr -1 npt-import -t vela bad.csv
	assert_stderr 'npt-import: bad.csv:2: Op Cycles: not a number: "x"'
}

@test "import: -f sets the clock of inputs in cycles only; inputs all in microseconds ignore it with a warning" {
	run --separate-stderr -0 npt-import -f 900MHz "$F/torq-c0.csv"
	[ "${lines[1]}" = "## clock.dma_in=900MHz" ]
	assert_stderr ''
	run --separate-stderr -0 npt-import -f 900MHz "$F/torq-r0.csv"
	[ "${lines[1]}" = "$US" ]
	assert_stderr "npt-import: warning: -f: the inputs are in microseconds, not cycles: their clock ignored"
	printf '[{"ph":"X","ts":1,"dur":2,"pid":1,"tid":1,"name":"a"}]' > a.json
	run --separate-stderr -0 npt-import -f 800MHz a.json
	assert_stderr "npt-import: warning: -f: the inputs are in microseconds, not cycles: their clock ignored"
}

@test "import: --strict exits 1 when an input lost events, after writing them; a clean input has no loss line" {
	printf '[{"ph":"X","name":"a","ts":1,"dur":1},\n{"ph":"B","name":"b","ts":2}]' > b.json
	run --separate-stderr -1 npt-import --strict b.json
	[ "${lines[2]}" = "1.000	1.000	0/0		a		" ]
	[ "${lines[3]}" = "2.000		0/0		b		" ]
	[ "${lines[4]}" = "## lost.ends.b.json=1" ]
	run --separate-stderr -0 npt-import --strict "$F/torq-r2.csv"
	[ "$(grep -c '^## lost' <<< "$output")" -eq 0 ]
	[ -z "$stderr" ]
}
