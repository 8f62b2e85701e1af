#!/usr/bin/env bats
# -p, the tables for people of npt-agg and npt-overlap: aligned by display
# width (lib/pretty.c), checked by python's unicodedata; numbers in units
# chosen per value, checked by tests/helpers/human.py in exact fractions.
load test_helper

HUMAN="$NPT_ROOT/tests/helpers/human.py"

# The display width python gives each line of stdin (undecodable bytes
# one column each): 0 for Mn, Me, Cf and controls, 2 for East Asian W and
# F, else 1.  With an argument, the display columns at which each cell
# (text between runs of two spaces or more) starts and ends, "start:end".
pywidth() {
	python3 -c '
import sys, re, unicodedata as u
def w(s):
	n = 0
	for c in s:
		if 0xdc80 <= ord(c) <= 0xdcff:
			n += 1
		elif u.combining(c) or u.category(c) in ("Mn", "Me", "Cf", "Cc"):
			pass
		else:
			n += 2 if u.east_asian_width(c) in ("W", "F") else 1
	return n
for line in sys.stdin.buffer:
	s = line.rstrip(b"\n").decode("utf-8", "surrogateescape")
	if len(sys.argv) < 2:
		print(w(s))
		continue
	cells = re.finditer(r"\S+(?: \S+)*", s)
	print(" ".join("%d:%d" % (w(s[:m.start()]), w(s[:m.end()])) for m in cells))
' "$@"
}

# Events, one per line of "op<TAB>track<TAB>dur" on stdin, one after the
# other on their track, in unit $1.
events() {
	awk -F'\t' -v u="$1" 'BEGIN { printf "#ts_%s\tdur_%s\ttrack\top\n", u, u }
		{ printf "%d\t%s\t%s\t%s\n", t, $3, $2, $1; t += 1000000 }'
}

@test "pretty: npt-agg -p aligns café, µs, CJK, full-width, combining and ill-formed names by display width" {
	{
		printf 'café\tcore0\t5\n'
		printf 'µs\tcore0\t70\n'
		printf '卷积\tコア1\t300\n'
		printf '한국어\tcore0\t4\n'
		printf 'ＦＵＬＬ\tcore0\t3\n'
		printf 'e\xcc\x81te\xcc\x81\tcore0\t2\n'
		printf 'a\xe2\x80\x8db\tcore0\t1\n'
		printf 'bad\xff\xe5\x8d\tcore0\t6\n'
		printf 'ADD\tcore0\t123456\n'
	} | events us > ev.tsv
	run -0 npt-agg -k op,track -p ev.tsv
	printf '%s\n' "$output" > out
	# a byte-aligned table would pass none of these: every line has the
	# header's display width; the eight numbers of every line end where
	# the header's names do; the track starts in one column
	pywidth < out | sort -u > widths
	[ "$(wc -l < widths)" -eq 1 ] || flunk "widths: $(cat widths)"
	grep -v '^---' out | pywidth cells > pos
	[ "$(wc -l < pos)" -eq 11 ]
	awk '{ s = ""; for (i = NF - 7; i <= NF; i++) { sub(/.*:/, "", $i); s = s " " $i }; print s }' pos | sort -u > ends
	[ "$(wc -l < ends)" -eq 1 ] || flunk "cell ends differ: $(cat pos)"
	sed '1d;$d' pos | awk '{ sub(/:.*/, "", $2); print $2 }' | sort -u > starts
	[ "$(cat starts)" = "$(head -n 1 pos | awk '{ sub(/:.*/, "", $2); print $2 }')" ]
	# the ill-formed bytes are written as they came
	grep -q "$(printf 'bad\xff\xe5\x8d')" out
}

@test "pretty: the display widths of lib/pretty.c are python's for every character of its tables" {
	# every assigned code point in a wide range is East Asian W or F, every
	# one in a zero range Mn, Me or Cf (Unicode 14.0 data in python 3.11+)
	python3 - "$NPT_ROOT/lib/pretty.c" <<'EOF'
import re, sys, unicodedata as u
src = open(sys.argv[1]).read()
def table(name):
	body = re.search(r"static const struct range %s\[\] = \{(.*?)\n\};" % name, src, re.S).group(1)
	return [(int(a, 16), int(b, 16)) for a, b in re.findall(r"\{ 0x([0-9a-f]+), 0x([0-9a-f]+) \}", body)]
wide, zero = table("wide"), table("zero")
assert len(wide) > 10 and len(zero) > 30
bad = []
for t, ok in ((wide, lambda c: u.east_asian_width(c) in ("W", "F")),
              (zero, lambda c: u.category(c) in ("Mn", "Me", "Cf"))):
	assert t == sorted(t) and all(a <= b < c for (a, b), (c, _) in zip(t, t[1:]))
	for a, b in t:
		for cp in range(a, b + 1):
			c = chr(cp)
			if u.category(c) != "Cn" and not ok(c):
				bad.append(hex(cp))
if bad:
	sys.exit("not in the class: " + " ".join(bad[:20]))
EOF
	# and through the tool: a name of each table's first and last code
	# points, the column after it where python puts it
	python3 - "$NPT_ROOT/lib/pretty.c" <<'EOF' > names
import re, sys, unicodedata as u
src = open(sys.argv[1]).read()
for name in ("wide", "zero"):
	body = re.search(r"static const struct range %s\[\] = \{(.*?)\n\};" % name, src, re.S).group(1)
	for a, b in re.findall(r"\{ 0x([0-9a-f]+), 0x([0-9a-f]+) \}", body):
		for cp in (int(a, 16), int(b, 16)):
			if u.category(chr(cp)) != "Cn":
				print("x" + chr(cp) + "y\tcore0\t1")
EOF
	events cyc < names > ev.tsv
	npt-agg -p --no-self ev.tsv | grep -v '^---' > out
	pywidth < out | sort -u > widths
	[ "$(wc -l < widths)" -eq 1 ] || flunk "widths: $(cat widths)"
}

@test "pretty: the -p table is the same in every locale" {
	printf 'café\tcore0\t5\n卷积\tcore0\t300\n' | events us > ev.tsv
	LC_ALL=C npt-agg -p ev.tsv > a
	LC_ALL=C npt-overlap -p ev.tsv > o
	for l in C.UTF-8 en_US.UTF-8 ja_JP.UTF-8 zh_CN.GB18030 POSIX; do
		LC_ALL=$l npt-agg -p ev.tsv | cmp - a
		LC_ALL=$l npt-overlap -p ev.tsv | cmp - o
	done
}

@test "pretty: npt-agg -p prints each time with 4 significant digits, halves away from zero, in its own unit" {
	# by hand: the halves go up (half to even would give 1.000 ms,
	# 12.34 us), 999.95 us carries into ms, 9999.5 s stays in seconds
	{
		printf 'a\tcore0\t1000.5\n'
		printf 'b\tcore0\t12.345\n'
		printf 'c\tcore0\t999.95\n'
		printf 'd\tcore0\t0.016\n'
		printf 'e\tcore0\t9999500000\n'
		printf 'f\tcore0\t0\n'
		printf 'g\tcore0\t0.000000000001\n'
	} | events us > ev.tsv
	npt-agg -p -s op ev.tsv | sed '1d;/^---/d;$d' |
		awk 'BEGIN { FS = "  +" } { print $1 ":" $3 }' > got
	cat > want <<-'EOF'
	a:1.001 ms
	b:12.35 µs
	c:1.000 ms
	d:16.00 ns
	e:10000 s
	f:0
	g:0.001000 fs
	EOF
	diff want got
	# the same by tests/helpers/human.py
	awk -F'\t' '!/^#/ { print $4 "\t" $2 }' ev.tsv | python3 "$HUMAN" us 2 | tr '\t' : | diff - got
}

@test "pretty: npt-agg -p totals, averages, extremes and self time equal python's exact fractions in every unit" {
	for u in cyc ns us ms; do
		python3 - "$u" <<'EOF' > rows
import random, sys
unit = sys.argv[1]
random.seed(7)
dec = {"cyc": 0, "ns": 3, "us": 6, "ms": 9}[unit]
for i in range(400):
	op = "op%d" % random.randrange(23)
	mag = random.choice([1, 10, 1000, 10 ** 6, 10 ** 9, 10 ** 12])
	v = random.randrange(mag * 10 ** dec)
	if random.random() < 0.3:
		# a half at the fourth significant digit
		v = (random.randrange(1000, 10000) * 10 + 5) * 10 ** random.randrange(8)
	s = str(v).rjust(dec + 1, "0")
	# a track per event: no event is another's child, self is total
	print("%s\tt%d\t%s" % (op, i, s[:-dec] + "." + s[-dec:] if dec else s))
EOF
		events "$u" < rows > ev.tsv
		npt-agg -p -s op ev.tsv | sed '1d;/^---/d' |
			awk 'BEGIN { FS = "  +" } { print $1 "\t" $2 "\t" $3 "\t" $6 "\t" $7 "\t" $8 "\t" $9 }' |
			sed 's/^total\t/*\t/' | sort > got
		python3 - "$u" rows <<'EOF' | python3 "$HUMAN" "$u" 3 4 5 6 7 | sort > want
import sys
from fractions import Fraction
g = {}
for line in open(sys.argv[2]):
	op, _, d = line.rstrip("\n").split("\t")
	g.setdefault(op, []).append(Fraction(d))
g["*"] = [d for v in list(g.values()) for d in v]
for k, v in g.items():
	t = sum(v)
	print("\t".join(str(x) for x in (k, len(v), t, t / len(v), min(v), max(v), t)))
EOF
		cmp got want || flunk "$u: $(diff want got | head)"
	done
}

@test "pretty: npt-agg -p shows the percentile or stddev it is sorted by, rounded from the exact value" {
	python3 -c '
import random
random.seed(3)
for i in range(300):
	print("op%d\tt%d\t%d.%03d" % (random.randrange(5), i, random.randrange(5000), random.randrange(1000)))' > rows
	events us < rows > ev.tsv
	npt-agg -p -s p90 ev.tsv > out
	[ "$(head -n 1 out | awk 'BEGIN { FS = "  +" } { print $8, $9, $10 }')" = "max p90 self" ]
	npt-agg -p -s stddev ev.tsv > sd
	[ "$(head -n 1 sd | awk 'BEGIN { FS = "  +" } { print $8, $9, $10 }')" = "max stddev self" ]
	# no percentiles with -q none, whatever the order
	[ "$(npt-agg -p -q none -s p90 ev.tsv | head -n 1 | awk 'BEGIN { FS = "  +" } { print $8, $9 }')" = "max self" ]
	sed '1d;/^---/d;/^total/d' out | awk 'BEGIN { FS = "  +" } { print $1 "\t" $9 }' | sort > got
	sed '1d;/^---/d;/^total/d' sd | awk 'BEGIN { FS = "  +" } { print $1 "\t" $9 }' | sort > gotsd
	python3 - <<'EOF' > want
from fractions import Fraction
from decimal import Decimal, getcontext
import math
getcontext().prec = 80
g = {}
for line in open("rows"):
	op, _, d = line.rstrip("\n").split("\t")
	g.setdefault(op, []).append(Fraction(d))
with open("wantsd", "w") as f:
	for k, v in sorted(g.items()):
		s = sorted(v)
		print("%s\t%s" % (k, s[math.ceil(90 * len(s) / 100) - 1]))
		n, t = len(v), sum(v)
		var = (n * sum(x * x for x in v) - t * t) / (n * (n - 1))
		sd = Decimal(var.numerator) / Decimal(var.denominator)
		f.write("%s\t%s\n" % (k, sd.sqrt()))
EOF
	python3 "$HUMAN" us 2 < want | sort | cmp - got
	python3 "$HUMAN" us 2 < wantsd | sort | cmp - gotsd
}

@test "pretty: npt-agg -p writes cycles with an SI prefix, whole ones below 1000 as they are" {
	{
		printf 'a\tcore0\t999\n'
		printf 'b\tcore0\t1000\n'
		printf 'c\tcore0\t99995\n'
		printf 'd\tcore0\t126449999\n'
		printf 'e\tcore0\t18446744073709551615\n'
		printf 'f\tcore0\t1\nf\tcore0\t2\n'
	} | events cyc > ev.tsv
	run -0 npt-agg -p -s op --no-self ev.tsv
	[ "${lines[0]}" = "op     count  total_cyc    share      cum  avg_cyc  min_cyc  max_cyc" ]
	[[ ${lines[1]} == "a          1        999  "* ]]
	[[ ${lines[2]} == "b          1     1.000k  "* ]]
	[[ ${lines[3]} == "c          1     100.0k  "* ]]
	[[ ${lines[4]} == "d          1     126.4M  "* ]]
	[[ ${lines[5]} == "e          1     18.45E  "* ]]
	# the average of 1 and 2 is not whole: 4 digits
	[[ ${lines[6]} == "f          2          3  "*"    1.500        1        2" ]]
	[ "${lines[8]}" = "total      7     18.45E  100.00%  100.00%   2.635E        1   18.45E" ]
}

@test "pretty: the shipped example's -p tables fit 100 columns; without -p the TSV is unchanged" {
	cd "$NPT_ROOT/examples/data/yolov8s"
	npt-decode core*.bin | npt-time | npt-annotate --mlir model.mlir | npt-agg -k op -p > "$TMP/a"
	npt-decode core*.bin | npt-time | npt-agg -p > "$TMP/b"
	npt-decode core*.bin | npt-agg -p > "$TMP/c"
	npt-decode core*.bin | npt-time | npt-agg > "$TMP/tsv"
	cd "$TMP"
	for f in a b c; do
		[ "$(wc -l < $f)" -eq 15 ]
		max=$(pywidth < $f | sort -n | tail -n 1)
		[ "$max" -le 100 ] || flunk "$f: $max columns"
	done
	# the TSV: exact decimals, the header of npt-agg(1)
	[ "$(head -n 1 tsv)" = "#op	count	total_us	share_pct	avg_us	min_us	max_us	median_us	p90_us	p99_us	stddev_us	self_us" ]
	awk -F'\t' 'NR > 1 && $3 !~ /^[0-9]+\.[0-9][0-9][0-9]$/ { exit 1 }' tsv
	# -p's totals are the TSV's, rounded to 4 digits
	sed '1d;$d' tsv | cut -f1,3 | python3 "$HUMAN" us 2 | sort > want
	sed '1d;/^---/d;$d' b | awk 'BEGIN { FS = "  +" } { print $1 "\t" $3 }' | sort | cmp - want
}

@test "pretty: npt-overlap -p aligns track names by display width" {
	printf '#ts_us\tdur_us\ttrack\n0\t5\tコア0\n0\t3\tcafé\n1\t2\tcore\xcc\x81x\n2\t1\tbad\xff\n' > ev.tsv
	run -0 npt-overlap -p -c 'c=*' ev.tsv
	# the value ends in column 2 + 26 + 1 + 14 on every row after the rule
	printf '%s\n' "${lines[@]:3}" | sed 's/  ([0-9.]*%)$//' | pywidth | sort -u > w
	[ "$(cat w)" = 43 ]
	printf '%s\n' "$output" | grep -q "^  コア0 "
}

@test "pretty: npt-overlap -p times have 3 decimals in Torq's units, halves up, as python's decimal rounds them" {
	python3 -c '
import random
random.seed(5)
t = 0
print("#ts_ns\tdur_ns\ttrack")
for i in range(40):
	d = random.choice([random.randrange(10 ** random.randrange(1, 10)), 1000500, 999999500, 5, 1500])
	print("%d\t%d\tcore%d" % (t, d, i % 3))
	t += d + random.choice([0, 500, 1500])' > ev.tsv
	npt-overlap -p ev.tsv > out
	npt-overlap ev.tsv | awk -F'\t' '$1 == "track" || $1 == "span" || $1 == "busy" || $1 == "idle" { print $1 == "track" ? $2 : $1, $3 }' > tsv
	python3 - <<'EOF' > want
from decimal import Decimal, ROUND_HALF_UP
def torq(ns):
	for e, u in ((9, "s"), (6, "ms"), (3, "\u00b5s")):
		if ns >= 10 ** e:
			v = (Decimal(ns) / 10 ** e).quantize(Decimal("0.001"), ROUND_HALF_UP)
			return "%s%s" % (v, u)
	return "%sns" % Decimal(ns).quantize(Decimal("1"), ROUND_HALF_UP)
names = {"span": "OVERALL", "busy": "Busy", "idle": "Idle"}
for line in open("tsv"):
	k, v = line.split()
	print("%s %s" % (names.get(k, k), torq(Decimal(v))))
EOF
	awk 'NR > 3 && ($1 ~ /^core/ || $1 == "OVERALL" || $1 == "Busy" || $1 == "Idle") { print $1, $2 }' out | sort > got
	sort want | cmp - got
	grep -q '^  OVERALL  ' out
}
