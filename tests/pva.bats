#!/usr/bin/env bats
# contrib/popvision/pva2npt.py, run against tests/helpers/pva_standin/pva.py
# (a stand-in for libpva's documented Python API with made-up data, not the
# Graphcore SDK), checked against tests/helpers/pva_ref.py, which computes
# the same streams from the stand-in's objects another way, and read by the
# built tools.
load test_helper

T=$'\t'
PVA2NPT=$NPT_ROOT/contrib/popvision/pva2npt.py
REF=$NPT_ROOT/tests/helpers/pva_ref.py

# python3 with the stand-in on its path, or skip.
standin() {
	command -v python3 > /dev/null || skip "no python3"
	export PYTHONPATH=$NPT_ROOT/tests/helpers/pva_standin PYTHONDONTWRITEBYTECODE=1
}

# A stand-in report or trace: one key=value a line (see the stand-in).
params() {
	printf '%s\n' "$@"
}

@test "pva: --steps writes one event per execution step and tile, on 1 to 3 IPUs and 10 seeds" {
	standin
	for s in $(seq 1 10); do
		params seed="$s" ipus=$((s % 3 + 1)) tiles_per_ipu=$((s % 5 + 1)) steps=$((s * 3 % 10)) > r.pop
		python3 "$PVA2NPT" --steps r.pop > got 2> err || flunk "seed $s: exit $?: $(cat err)"
		[ ! -s err ] || flunk "seed $s: $(cat err)"
		python3 "$REF" steps r.pop > want
		cmp -s want got || flunk "seed $s: $(diff want got)"
	done
	# seed 10 has no step: its source, clocks and header
	[ "$(grep -vc '^## clock\.ipu[01]\.tile' got)" -eq 2 ]
}

# The review's two IPUs of two tiles, IPU 1 idle in step 0, with two
# steps of 0 cycles before the last.
twoipus() {
	params ipus=2 tiles_per_ipu=2 steps=4 \
		cycles.0.0=100 cycles.0.1=50 cycles.0.2=0 cycles.0.3=0 ipucycles.0.0=120 ipucycles.0.1=0 \
		cycles.1.0=0 cycles.1.1=0 cycles.1.2=0 cycles.1.3=0 ipucycles.1.0=0 ipucycles.1.1=0 \
		cycles.2.0=0 cycles.2.1=0 cycles.2.2=0 cycles.2.3=0 ipucycles.2.0=0 ipucycles.2.1=0 \
		cycles.3.0=10 cycles.3.1=10 cycles.3.2=30 cycles.3.3=20 ipucycles.3.0=20 ipucycles.3.1=40
}

@test "pva: --steps on two IPUs: a track per IPU and tile, one timeline, each step after the slowest IPU's step before" {
	standin
	twoipus > r.pop
	run -0 python3 "$PVA2NPT" --steps r.pop
	# step 0 lasts 120 (IPU 0); steps 1 and 2 last 0 and start with step
	# 3 at 120; step 3, which lasts, first, longest first; then 1 and 2
	[ "${lines[1]}" = "## clock.ipu0.tile0=1330MHz" ]
	[ "${lines[4]}" = "## clock.ipu1.tile3=1330MHz" ]
	printf '%s\n' "${lines[@]:6}" | cut -f 1-3,6,7 > got
	cat > want <<-EOF
	0${T}100${T}ipu0.tile0${T}0${T}0
	0${T}50${T}ipu0.tile1${T}0${T}0
	0${T}0${T}ipu1.tile2${T}1${T}0
	0${T}0${T}ipu1.tile3${T}1${T}0
	120${T}30${T}ipu1.tile2${T}1${T}3
	120${T}20${T}ipu1.tile3${T}1${T}3
	120${T}10${T}ipu0.tile0${T}0${T}3
	120${T}10${T}ipu0.tile1${T}0${T}3
	120${T}0${T}ipu0.tile0${T}0${T}1
	120${T}0${T}ipu0.tile1${T}0${T}1
	120${T}0${T}ipu1.tile2${T}1${T}1
	120${T}0${T}ipu1.tile3${T}1${T}1
	120${T}0${T}ipu0.tile0${T}0${T}2
	120${T}0${T}ipu0.tile1${T}0${T}2
	120${T}0${T}ipu1.tile2${T}1${T}2
	120${T}0${T}ipu1.tile3${T}1${T}2
	EOF
	diff want got
	python3 "$REF" steps r.pop | diff - <(printf '%s\n' "${lines[@]}")
	# per IPU: step 0, IPU 0: 100 and 50, 150/200; IPU 1 idle: no active
	# tile, balances empty; step 3: IPU 0 10 and 10, IPU 1 30 and 20:
	# 50/60 = 83.333%; steps 1 and 2: every tile idle
	printf '%s\n' "${lines[@]}" > s.tsv
	run -0 npt-overlap -s step -c ipu0='ipu0.*' -c ipu1='ipu1.*' s.tsv
	printf '%s\n' "${lines[@]:1}" > got
	cat > want <<-EOF
	0${T}ipu0${T}2${T}2${T}50${T}75${T}75${T}100${T}75.000${T}75.000${T}75.000
	0${T}ipu1${T}2${T}0${T}0${T}0${T}${T}0${T}${T}${T}
	3${T}ipu0${T}2${T}2${T}10${T}10${T}10${T}10${T}100.000${T}100.000${T}100.000
	3${T}ipu1${T}2${T}2${T}20${T}25${T}25${T}30${T}83.333${T}83.333${T}83.333
	1${T}ipu0${T}2${T}0${T}0${T}0${T}${T}0${T}${T}${T}
	1${T}ipu1${T}2${T}0${T}0${T}0${T}${T}0${T}${T}${T}
	2${T}ipu0${T}2${T}0${T}0${T}0${T}${T}0${T}${T}${T}
	2${T}ipu1${T}2${T}0${T}0${T}0${T}${T}0${T}${T}${T}
	EOF
	diff want got
}

@test "pva: --steps on three IPUs is a stream npt-overlap -s reads: each IPU's tile balance per step, as the stand-in's cycles give it" {
	standin
	for s in 1 2 3 4 5 6 7; do
		params seed="$s" ipus=3 tiles_per_ipu=5 steps=40 > r.pop
		python3 "$PVA2NPT" --steps r.pop > s.tsv
		npt-overlap -s step -c ipu0='ipu0.*' -c ipu1='ipu1.*' -c ipu2='ipu2.*' s.tsv > o.tsv 2> err ||
			flunk "seed $s: exit $?: $(cat err)"
		awk -F'\t' 'NR > 1 { print $1, $2, $3, $4, $9, $10 }' o.tsv | sort > got
		# tracks, active (cycles above 0), 100 sum / (5 max) and over
		# the active, half up, from the stand-in's cyclesByTile
		python3 -c '
import pva
from fractions import Fraction as F
def pct(n, d):
    return "" if d == 0 else "%.3f" % (((F(100) * n / d) * 1000 + F(1, 2)).__floor__() / F(1000))
for k, st in enumerate(pva.openReport("r.pop").execution.steps):
    for i in range(3):
        c = list(st.cyclesByTile[5 * i:5 * i + 5])
        a = sum(1 for x in c if x > 0)
        print(k, "ipu%d" % i, 5, a, pct(sum(c), 5 * max(c)), pct(sum(c), a * max(c)))
' | sort > want
		[ "$(wc -l < want)" -eq 120 ]
		diff want got || flunk "seed $s"
	done
}

@test "pva: --steps is a stream the tools read: npt-agg's op totals, npt-overlap's busy tiles, npt-time's clocks" {
	standin
	params seed=7 ipus=3 tiles_per_ipu=5 steps=40 > r.pop
	python3 "$PVA2NPT" --steps r.pop > s.tsv
	npt-agg -q none s.tsv | awk -F'\t' 'NR > 1 && $1 != "*" { print $1, $3 }' | sort > got
	python3 "$REF" steps-ops r.pop > want
	[ "$(wc -l < want)" -eq 4 ]
	cmp want got
	npt-overlap s.tsv | awk -F'\t' '$1 == "track" { print $2, $3 }' | sort > got
	python3 "$REF" steps-busy r.pop | sort > want
	[ "$(wc -l < want)" -eq 15 ]
	cmp want got
	# the clock is in the stream: 1330MHz, a cycle is 1/1330 us
	npt-time s.tsv | grep -v '^##' > us.tsv
	[ "$(head -n1 us.tsv)" = "#ts_us${T}dur_us${T}track${T}op${T}name${T}ipu${T}step" ]
	sed -i 1d us.tsv
	[ "$(wc -l < us.tsv)" -eq $((40 * 15)) ]
	awk -F'\t' '!/^#/' s.tsv | paste - us.tsv | awk -F'\t' '{
		d = $1 / 1330 - $8; if (d < 0) d = -d
		if (d > 0.001 || $3 != $10) { print "off: " $0; bad = 1 } } END { exit bad }'
}

@test "pva: --memory writes a level per tile and category, which npt-json draws as counters" {
	standin
	for s in 1 2 3 4 5; do
		params seed="$s" ipus="$s" tiles_per_ipu=3 > r.pop
		python3 "$PVA2NPT" --memory r.pop > got
		python3 "$REF" memory r.pop > want
		cmp -s want got || flunk "seed $s: $(diff want got)"
	done
	# 15 tiles, 7 categories
	[ "$(grep -vc '^#' got)" -eq 105 ]
	# a counter event at each row, no slice: LIVE rows are levels, which
	# hold (npt-json(1), Counters)
	npt-json -f 1GHz -C live_bytes got > t.json 2> err
	# each tile's counter shows its 7 categories in turn, and says so
	[ "$(cat err)" = "npt-json: warning: 15 tracks (ipu0.tile0, ...) with level samples of more than one category: a counter shows each category's in turn, not their sum; draw one category (awk) or see the sums with npt-mem" ]
	python3 -c '
import json, sys
c, want = {}, {}
for e in json.load(open("t.json")):
    if e["ph"] == "C":
        c.setdefault(e["name"], []).append(e["args"]["live_bytes"])
for l in open("got"):
    if not l.startswith("#"):
        f = l.split("\t")
        want.setdefault(f[2], []).append(int(f[5]))
x = [e for e in json.load(open("t.json")) if e["ph"] == "X"]
sys.exit(len(c) != 15 or c != want or x != [])'
}

@test "pva: --liveness writes the not-always-live bytes of each step as a level" {
	standin
	for s in 1 2 3; do
		params seed="$s" liveness_steps=$((s * 7)) > r.pop
		python3 "$PVA2NPT" --liveness r.pop > got
		python3 "$REF" liveness r.pop > want
		cmp -s want got || flunk "seed $s: $(diff want got)"
	done
	[ "$(grep -vc '^#' got)" -eq 21 ]
	run -0 npt-agg -k step got
	[ "${#lines[@]}" -eq 23 ]
	# a counter event at each row, the last holding, no slice
	npt-json -f 1GHz -C live_bytes got > t.json 2> err
	# one category, one track: no warning
	[ ! -s err ]
	python3 -c '
import json, sys
ev = json.load(open("t.json"))
c = [e["args"]["live_bytes"] for e in ev if e["ph"] == "C"]
want = [int(l.split("\t")[5]) for l in open("got") if not l.startswith("#")]
sys.exit(c != want or [e for e in ev if e["ph"] == "X"] != [])'
	params liveness_steps=0 > r.pop
	run -0 python3 "$PVA2NPT" --liveness r.pop
	[ "${#lines[@]}" -eq 2 ]
}

@test "pva: --trace writes PVTI events nested, a track per thread or per thread and channel" {
	standin
	for s in 1 2 3 4 5 6; do
		params seed="$s" processes=$((s % 3 + 1)) threads=$((s % 2 + 1)) depth=$((s % 4 + 1)) fanout=3 > t.pvti
		python3 "$PVA2NPT" --trace t.pvti > got
		python3 "$REF" trace t.pvti > want
		cmp -s want got || flunk "seed $s: $(diff want got)"
		python3 "$PVA2NPT" --trace t.pvti --by-channel > got
		python3 "$REF" trace t.pvti --by-channel > want
		cmp -s want got || flunk "seed $s --by-channel: $(diff want got)"
	done
	# no process: the header alone
	params processes=0 > t.pvti
	run -0 python3 "$PVA2NPT" --trace t.pvti
	[ "${#lines[@]}" -eq 2 ]
	# microseconds as floats: halves written as the float gives them
	params float=1 > t.pvti
	python3 "$PVA2NPT" --trace t.pvti > got
	python3 "$REF" trace t.pvti > want
	cmp want got
	grep -q "^[0-9]*\.5${T}" got
	grep -q "^[0-9]*\.0${T}[0-9]*\.5${T}" got
}

# awk: "bad" for a row whose track had a row at the same start that was
# shorter, before it (npt-events(5): ties longest first)
ties() {
	awk -F'\t' '!/^#/ {
		if (($3 in ts) && ts[$3] + 0 == $1 + 0 && dur[$3] + 0 < $2 + 0) { print "bad: " NR ": " $0; bad = 1 }
		ts[$3] = $1; dur[$3] = $2 } END { exit bad }'
}

@test "pva: --trace and --steps write events of a track that share a start longest first" {
	standin
	# the review's trace: two top events at 100, of 0 and 5 us; and three
	# at 100, of 0, 5 and 2 us
	params processes=1 threads=1 roots=2 depth=1 ts.0=100 dur.0=0 ts.1=100 dur.1=5 > t.pvti
	run -0 python3 "$PVA2NPT" --trace t.pvti
	[[ ${lines[2]} == "100${T}5${T}pid4000.tid1000${T}"*"${T}0" ]] || flunk "${lines[2]}"
	[[ ${lines[3]} == "100${T}0${T}pid4000.tid1000${T}"*"${T}0" ]] || flunk "${lines[3]}"
	params processes=1 threads=1 roots=3 depth=1 ts.0=100 dur.0=0 ts.1=100 dur.1=5 \
		ts.2=100 dur.2=2 > t.pvti
	run -0 python3 "$PVA2NPT" --trace t.pvti
	printf '%s\n' "${lines[@]:2}" | cut -f 2 | tr '\n' ' ' > got
	[ "$(cat got)" = "5 2 0 " ] || flunk "$(cat got)"
	printf '%s\n' "${lines[@]}" | ties
	for s in 1 2 3 4 5 6; do
		params seed="$s" processes=2 threads=2 depth=$((s % 4 + 1)) fanout=3 > t.pvti
		python3 "$PVA2NPT" --trace t.pvti | ties || flunk "trace seed $s"
		python3 "$PVA2NPT" --trace t.pvti --by-channel | ties || flunk "trace seed $s --by-channel"
		params seed="$s" ipus=$((s % 3 + 1)) tiles_per_ipu=5 steps=40 > r.pop
		python3 "$PVA2NPT" --steps r.pop | ties || flunk "steps seed $s"
	done
	twoipus > r.pop
	python3 "$PVA2NPT" --steps r.pop | ties
}

@test "pva: --trace is a stream the tools read: npt-agg's totals and self time per label follow the nesting" {
	standin
	params seed=4 processes=2 threads=3 depth=4 fanout=3 > t.pvti
	python3 "$PVA2NPT" --trace t.pvti > t.tsv
	npt-agg -q none t.tsv | awk -F'\t' 'NR > 1 && $1 != "*" { print $1 "\t" $3 "\t" $9 }' > got
	python3 "$REF" trace-ops t.pvti | sed 's/ \([^ ]*\) \([^ ]*\)$/\t\1\t\2/' > want
	[ "$(wc -l < want)" -eq 6 ]
	python3 -c '
import sys
from fractions import Fraction as F
def rows(f):
    return sorted((l.split("\t")[0], F(l.split("\t")[1]), F(l.split("\t")[2])) for l in open(f))
sys.exit(rows("want") != rows("got"))' || flunk "$(cat want got)"
	run -0 npt-overlap t.tsv
	[ "$(printf '%s\n' "${lines[@]}" | grep -c "^track${T}pid")" -eq 6 ]
}

@test "pva: values at the edges of the range are written as they are" {
	standin
	params ipus=1 tiles_per_ipu=2 steps=2 cycles.0.1=18446744073709551615 cycles.1.0=12.0 \
		ipucycles.0.0=18446744073709551615 ipucycles.1.0=0 > r.pop
	run -0 python3 "$PVA2NPT" --steps r.pop
	[[ ${lines[4]} == "0${T}18446744073709551615${T}tile1${T}OnTileExecute${T}"*"${T}0${T}0" ]]
	[[ ${lines[7]} == "18446744073709551615${T}12${T}tile0${T}DoExchange${T}"*"${T}0${T}1" ]]
	params ipus=1 tiles_per_ipu=1 bytes.0.stack=18446744073709551615 bytes.0.variable=1e3 > r.pop
	run -0 python3 "$PVA2NPT" --memory r.pop
	[ "${lines[5]}" = "0${T}${T}tile0${T}LIVE${T}stack${T}18446744073709551615${T}0" ]
	[ "${lines[6]}" = "0${T}${T}tile0${T}LIVE${T}variable${T}1000${T}0" ]
	params processes=1 threads=1 roots=1 depth=1 ts.0=-2.25 dur.0=0.000000000001 > t.pvti
	run -0 python3 "$PVA2NPT" --trace t.pvti
	[[ ${lines[2]} == "-2.25${T}0.000000000001${T}pid4000.tid1000${T}"* ]]
}

@test "pva: every bad value names where it is and exits 1" {
	standin
	while IFS='|' read -r mode file msg p1 p2; do
		params "$p1" "$p2" > "$file"
		run -1 --separate-stderr python3 "$PVA2NPT" "$mode" "$file"
		[ -z "$output" ] || flunk "$p1 $p2: stdout $output"
		[ "$stderr" = "pva2npt: $file: $msg" ] || flunk "$p1 $p2: $stderr"
	done <<-'EOF'
	--steps|r.pop|execution step 1: cyclesByTile[2]: not a whole number from 0 to 2^64-1: -1|cycles.1.2=-1|seed=1
	--steps|r.pop|execution step 0: cyclesByTile[7]: not a whole number from 0 to 2^64-1: 18446744073709551616|cycles.0.7=18446744073709551616|seed=1
	--steps|r.pop|execution step 0: cyclesByTile[0]: not a whole number from 0 to 2^64-1: 12.5|cycles.0.0=12.5|seed=1
	--steps|r.pop|execution step 0: cyclesByTile[0]: not a whole number from 0 to 2^64-1: "a\tb"|cycles.0.0=a	b|seed=1
	--steps|r.pop|execution step 0: cyclesByTile[0]: not a whole number from 0 to 2^64-1: nan|cycles.0.0=nan|seed=1
	--steps|r.pop|execution step 2: ipus[1].cycles: not a whole number from 0 to 2^64-1: -3|ipucycles.2.1=-3|seed=1
	--steps|r.pop|execution step 2: starts past 2^64-1 cycles|ipucycles.0.0=18446744073709551615|ipucycles.1.0=1
	--steps|r.pop|execution step 0: 8 tiles are 2 IPUs of 4 tiles, but ipus has 1|ipus_listed=1|seed=1
	--steps|r.pop|compilation.target.tilesPerIpu: 0|tiles_per_ipu=0|seed=1
	--memory|r.pop|compilation.target.tilesPerIpu: not a whole number from 0 to 2^64-1: -4|tiles_per_ipu=-4|seed=1
	--memory|r.pop|tile 3: memory.category.stack.total: not a whole number from 0 to 2^64-1: -1|bytes.3.stack=-1|seed=1
	--memory|r.pop|tile 0: memory.category.weights.total: not a whole number from 0 to 2^64-1: 0.5|bytes.0.weights=0.5|seed=1
	--liveness|r.pop|liveness step 2: notAlwaysLiveMemory.bytes: not a whole number from 0 to 2^64-1: "x"|live.2=x|seed=1
	--liveness|r.pop|liveness step 0: notAlwaysLiveMemory.bytes: not a whole number from 0 to 2^64-1: inf|live.0=inf|seed=1
	--trace|t.pvti|process 4000, thread 1000, event "first": duration: negative: -5|dur.0=-5|label.0=first
	--trace|t.pvti|process 4000, thread 1000, event "first": timestamp: not a number: "abc"|ts.0=abc|label.0=first
	--trace|t.pvti|process 4000, thread 1000, event "first": duration: more than 12 decimal places: 1e-13|dur.0=0.0000000000001|label.0=first
	--trace|t.pvti|process 4000, thread 1000, event "first": timestamp: not a finite number: inf|ts.0=inf|label.0=first
	--trace|t.pvti|process 4000, thread 1000, event "first": timestamp: too large: 1e+25|ts.0=1e25|label.0=first
	--trace|t.pvti|process 4000, thread 1000, event "a\nb": timestamp: not a number: "x"|ts.0=x|label.0=a\nb
	EOF
}

@test "pva: libpva raising anywhere gives one message and exits 1" {
	standin
	for w in open target tiles category liveness steps cycles ipus; do
		case $w in
		tiles | category) mode=--memory ;;
		liveness) mode=--liveness ;;
		*) mode=--steps ;;
		esac
		params raise=$w > r.pop
		run -1 --separate-stderr python3 "$PVA2NPT" "$mode" r.pop
		[ -z "$output" ] || flunk "$w: stdout $output"
		[ "$stderr" = "pva2npt: r.pop: libpva: RuntimeError: stand-in asked to fail at $w" ] || flunk "$w: $stderr"
	done
	for w in open processes threads events children; do
		params raise=$w > t.pvti
		run -1 --separate-stderr python3 "$PVA2NPT" --trace t.pvti
		[ -z "$output" ] || flunk "$w: stdout $output"
		[ "$stderr" = "pva2npt: t.pvti: libpva: RuntimeError: stand-in asked to fail at $w" ] || flunk "$w: $stderr"
	done
}

@test "pva: a missing report, and no libpva, give one message and exit 1" {
	standin
	run -1 --separate-stderr python3 "$PVA2NPT" --steps nope.pop
	[ -z "$output" ]
	[ "$stderr" = "pva2npt: nope.pop: No such file or directory" ]
	run -1 --separate-stderr python3 "$PVA2NPT" --trace nope.pvti
	[ "$stderr" = "pva2npt: nope.pvti: No such file or directory" ]
	params seed=1 > r.pop
	! env PYTHONPATH= python3 -c 'import pva' 2> /dev/null || skip "a real pva is installed"
	run -1 --separate-stderr env PYTHONPATH= python3 "$PVA2NPT" --steps r.pop
	[ -z "$output" ]
	[ "$stderr" = "pva2npt: cannot import pva, libpva's Python module: enable the Poplar SDK (its enable.sh) first: No module named 'pva'" ]
}

@test "pva: every usage error exits 2 with its message" {
	standin
	params seed=1 > r.pop
	while IFS='|' read -r args msg; do
		read -ra a <<< "$args"
		run -2 --separate-stderr python3 "$PVA2NPT" "${a[@]}"
		[ -z "$output" ] || flunk "$args: stdout $output"
		[ "${stderr_lines[0]}" = "usage: pva2npt --steps | --memory | --liveness REPORT" ] || flunk "$args: $stderr"
		[ "${stderr_lines[-1]}" = "pva2npt: error: $msg" ] || flunk "$args: $stderr"
	done <<-'EOF'
	r.pop|one of the arguments --steps --memory --liveness --trace is required
	--steps|give the REPORT (profile.pop) to read
	--steps --memory r.pop|argument --memory: not allowed with argument --steps
	--trace r.pop --liveness|argument --liveness: not allowed with argument --trace
	--trace r.pop r.pop|--trace takes no REPORT
	--steps --by-channel r.pop|--by-channel goes with --trace
	--steps r.pop r.pop|unrecognized arguments: r.pop
	--steps r.pop --bogus|unrecognized arguments: --bogus
	EOF
}

@test "pva: a clock that is not a whole number of hertz is a warning, and no clock line" {
	standin
	params clock=1330000000.5 > r.pop
	run -0 --separate-stderr python3 "$PVA2NPT" --steps r.pop
	[ "$stderr" = "pva2npt: warning: r.pop: compilation.target.clockFrequency is not a whole number of hertz: 1330000000.5: no clock lines (give npt-time -f)" ]
	[ "${lines[1]}" = "#ts_cyc${T}dur_cyc${T}track${T}op${T}name${T}ipu${T}step" ]
	params clock=fast > r.pop
	run -0 --separate-stderr python3 "$PVA2NPT" --steps r.pop
	[[ $stderr == *'hertz: "fast": no clock lines'* ]]
	params clock=1000000000 > r.pop
	run -0 python3 "$PVA2NPT" --steps r.pop
	[ "${lines[1]}" = "## clock.ipu0.tile0=1GHz" ]
	params clock=48000 > r.pop
	run -0 python3 "$PVA2NPT" --steps r.pop
	[ "${lines[8]}" = "## clock.ipu1.tile7=48kHz" ]
}

@test "pva: names are escaped, an empty one is an empty field, a 1 MiB one passes whole" {
	standin
	params 'name.0=a\tb\\c\nd' name.1= ipus=1 tiles_per_ipu=1 steps=3 > r.pop
	run -0 python3 "$PVA2NPT" --steps r.pop
	[[ ${lines[3]} == "0${T}"*"${T}tile0${T}OnTileExecute${T}"'a\tb\\c\nd'"${T}0${T}0" ]]
	[[ ${lines[4]} == *"${T}DoExchange${T}${T}0${T}1" ]]
	name=$(head -c 1048576 /dev/zero | tr '\0' k)
	params "name.2=$name" ipus=1 tiles_per_ipu=1 steps=3 > r.pop
	run -0 python3 "$PVA2NPT" --steps r.pop
	[[ ${lines[5]} == *"${T}StreamCopyBegin${T}${name}${T}0${T}2" ]]
}

@test "pva: /dev/full is a write error; | head -n1 ends quietly" {
	standin
	need_devfull
	params seed=1 > r.pop
	# shellcheck disable=SC2016 # $1 is sh -c's
	run -1 --separate-stderr sh -c 'python3 "$1" --steps r.pop > /dev/full' _ "$PVA2NPT"
	[ "$stderr" = "pva2npt: write error: No space left on device" ]
	params ipus=4 tiles_per_ipu=500 steps=40 > r.pop
	# shellcheck disable=SC2016 # $1 is sh -c's
	run -0 --separate-stderr sh -c 'python3 "$1" --steps r.pop | head -n1' _ "$PVA2NPT"
	[ -z "$stderr" ]
	[ "$output" = "## source=r.pop" ]
}

@test "pva: runs under busybox sh into busybox awk" {
	standin
	need_busybox
	params seed=2 > r.pop
	# shellcheck disable=SC2016 # $1 is sh -c's
	busybox sh -c 'python3 "$1" --liveness r.pop | busybox awk -F"	" "!/^#/ { n += \$6 } END { print n }"' _ "$PVA2NPT" > got
	python3 -c 'import pva; print(sum(s.notAlwaysLiveMemory.bytes for s in pva.openReport("r.pop").compilation.livenessProgramSteps))' > want
	cmp want got
}

@test "pva: --help lists every option within 79 columns; --version" {
	standin
	run -0 python3 "$PVA2NPT" --help
	for o in --steps --memory --liveness --trace --by-channel --version -h; do
		[[ $output == *"  $o"* ]] || flunk "$o missing"
	done
	printf '%s\n' "${lines[@]}" | awk 'length > 79 { print; bad = 1 } END { exit bad }'
	run -0 python3 "$PVA2NPT" --version
	[ "$output" = "pva2npt (npt) 0.1.0" ]
}
