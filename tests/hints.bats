#!/usr/bin/env bats
# Input of the wrong kind: every tool that reads the event stream names a
# binary log, a compressed file, a JSON or Perfetto trace, a byte order
# mark or a missing header in one located error line, exit 1, and says
# what to run instead; npt-decode and npt-import do the same for what they
# do not read.  Files and standard input alike.
load test_helper

# The tools that read the event stream, as "name args" with the input last.
STREAMTOOLS='npt-agg npt-annotate npt-json npt-overlap npt-time'

# The command line of stream tool $1 before its input.
cmdline() {
	case $1 in
	npt-annotate) echo "npt-annotate -m map.tsv" ;;
	*) echo "$1" ;;
	esac
}

setup() {
	TMP=$(mktemp -d "${BATS_TMPDIR:-/tmp}/npt.XXXXXX")
	cd "$TMP" || return 1
	printf '#id\top\n1\tADD\n' > map.tsv
	printf '#ts_cyc\tdur_cyc\ttrack\top\tid\n100\t5\tcore0\tADD\t1\n' > ev.tsv
}

# Each stream tool on file $1 and on it as standard input: stderr must be
# "tool: NAME: " and then $2 with TOOL replaced by the tool's name and FILE
# by the file's (nothing for standard input, with the space before it),
# or "tool: NAME" and $2 if $2 starts with ":" (a line number); exit 1.
hint_all() {
	local t cmd want
	for t in $STREAMTOOLS; do
		cmd=$(cmdline "$t")
		want=${2//TOOL/$t}
		[ "${want#:}" != "$want" ] || want=": $want"
		run --separate-stderr sh -c "$cmd '$1'"
		[ "$status" -eq 1 ] || flunk "$t $1: exit $status"
		[ "$stderr" = "$t: $1${want//FILE/$1}" ] || flunk "$t $1: $stderr"
		run --separate-stderr sh -c "$cmd < '$1'"
		[ "$status" -eq 1 ] || flunk "$t < $1: exit $status"
		[ "$stderr" = "$t: <stdin>${want// FILE/}" ] || flunk "$t < $1: $stderr"
	done
}

@test "hints: an npt binary log given to a stream tool: decode it with npt-decode" {
	npt-synth -i 1
	hint_all core0.bin "an npt binary log, not an event stream: decode it with npt-decode (npt-decode FILE | TOOL)"
}

@test "hints: a log of a later version is still named a binary log" {
	# the magic NPTL, then version 2 as 16 bits little-endian (npt-log(5))
	printf 'NPTL\002\000\040\000' > v2.bin
	head -c 64 /dev/zero >> v2.bin
	hint_all v2.bin "an npt binary log, not an event stream: decode it with npt-decode (npt-decode FILE | TOOL)"
}

@test "hints: gzip-compressed input: decompress it first with zcat" {
	gzip -c ev.tsv > ev.tsv.gz
	hint_all ev.tsv.gz "gzip-compressed: decompress it first (zcat FILE | TOOL)"
}

@test "hints: zstd, xz and bzip2 magics name their decompressor" {
	# the magics from RFC 8878 (0xFD2FB528 little-endian), the xz file
	# format (FD 37 7A 58 5A 00) and bzip2 (BZh, a level, then the block
	# magic 0x314159265359), each followed by bytes of no meaning
	printf '\050\265\057\375\004\000junk' > a.zst
	printf '\375\067\172\130\132\000\000\004junk' > a.xz
	printf 'BZh91AY&SYjunk' > a.bz2
	hint_all a.zst "zstd-compressed: decompress it first (zstdcat FILE | TOOL)"
	hint_all a.xz "xz-compressed: decompress it first (xzcat FILE | TOOL)"
	hint_all a.bz2 "bzip2-compressed: decompress it first (bzcat FILE | TOOL)"
}

@test "hints: the real zstd, xz and bzip2 outputs are recognised" {
	local z d p zstd xz bzip2
	# the compressors themselves, not busybox's applets of the same names
	# (tests/busybox.sh puts them first; its xz only decompresses)
	for z in zstd xz bzip2; do
		p=
		for d in /usr/local/bin /usr/bin /bin; do
			if [ -x "$d/$z" ] &&
			    [ "$(basename "$(readlink -f "$d/$z")")" != busybox ]; then
				p=$d/$z
				break
			fi
		done
		[ -n "$p" ] || skip "$z is not installed"
		eval "$z=\$p"
	done
	"$zstd" -q -c ev.tsv > ev.tsv.zst
	"$xz" -c ev.tsv > ev.tsv.xz
	"$bzip2" -c ev.tsv > ev.tsv.bz2
	: | "$bzip2" -c > empty.bz2
	hint_all ev.tsv.zst "zstd-compressed: decompress it first (zstdcat FILE | TOOL)"
	hint_all ev.tsv.xz "xz-compressed: decompress it first (xzcat FILE | TOOL)"
	hint_all ev.tsv.bz2 "bzip2-compressed: decompress it first (bzcat FILE | TOOL)"
	hint_all empty.bz2 "bzip2-compressed: decompress it first (bzcat FILE | TOOL)"
}

@test "hints: a Chrome JSON trace, object or array form: import it with npt-import" {
	printf '{"traceEvents":[{"ph":"X","name":"a","ts":1,"dur":2}]}\n' > t.json
	printf '  \n[ {"ph":"X","name":"a","ts":1,"dur":2} ]\n' > a.json
	hint_all t.json "a JSON trace, not an event stream: import it with npt-import (npt-import FILE | TOOL)"
	hint_all a.json "a JSON trace, not an event stream: import it with npt-import (npt-import FILE | TOOL)"
	# and the hint is right: the import reads it
	npt-import t.json | npt-agg > /dev/null
}

# A Perfetto trace of one packet, from the protobuf encoding of
# perfetto.protos.Trace: field 1 (packet, tag 0x0a) of 13 bytes holding
# timestamp (field 8, varint: tag 0x40) 1000 = e8 07, trusted_packet_
# sequence_id (field 10, varint: tag 0x50) 1, and track_event (field 11,
# bytes: tag 0x5a) of 6 bytes: type (field 9, varint: tag 0x48) 1 and
# name (field 23, bytes: tag 0xba 0x01) "x".
perfetto() {
	printf '\012\015\100\350\007\120\001\132\006\110\001\272\001\001x'
}

@test "hints: a Perfetto protobuf trace: import it with npt-import" {
	perfetto > t.pftrace
	hint_all t.pftrace "a Perfetto protobuf trace, not an event stream: import it with npt-import (npt-import FILE | TOOL)"
	# and the hint is right: the import reads it
	npt-import t.pftrace | npt-agg > /dev/null
}

@test "hints: a UTF-8 byte order mark before the header: remove it" {
	{ printf '\357\273\277'; cat ev.tsv; } > bom.tsv
	hint_all bom.tsv "the stream starts with a UTF-8 byte order mark: remove it (tail -c +4 FILE | TOOL)"
	# and the hint is right
	tail -c +4 bom.tsv | npt-agg > /dev/null
}

@test "hints: no header line: the error says what a header is" {
	printf '100\t5\tcore0\tADD\n' > nohdr.tsv
	hint_all nohdr.tsv ":1: no header line before the data: a stream starts with a header line, # and the column names separated by TABs (see npt-events(5))"
}

@test "hints: no header line, but the first line looks like column names: start it with #" {
	printf 'ts_cyc\tdur_cyc\ttrack\n100\t5\tcore0\n' > names.tsv
	hint_all names.tsv ":1: no header line before the data: the line looks like column names: start it with #"
	# after metadata the line is named by its number
	printf '## clock.core0=1GHz\nts_cyc\tdur_cyc\n' > meta.tsv
	run --separate-stderr -1 npt-time meta.tsv
	assert_stderr "npt-time: meta.tsv:2: no header line before the data: the line looks like column names: start it with #"
	# a field that starts with a digit or holds a space is data
	printf 'ts_cyc\t5\n' > d.tsv
	run --separate-stderr -1 npt-agg d.tsv
	assert_stderr "npt-agg: d.tsv:1: no header line before the data: a stream starts with a header line, # and the column names separated by TABs (see npt-events(5))"
	printf 'ts cyc\tdur\n' > s.tsv
	run --separate-stderr -1 npt-agg s.tsv
	assert_stderr "npt-agg: s.tsv:1: no header line before the data: a stream starts with a header line, # and the column names separated by TABs (see npt-events(5))"
}

@test "hints: comma-separated input: the stream is TAB-separated, npt-import reads CSV profiles" {
	printf 'id,start,end,location\nDI0,1,2,x\n' > t.csv
	hint_all t.csv ":1: no header line before the data: fields are separated by TABs, not commas, after a header line (npt-import reads the CSV profiles it knows)"
	# one comma is text, not CSV
	printf 'hello, world\n' > h.txt
	run --separate-stderr -1 npt-overlap h.txt
	assert_stderr "npt-overlap: h.txt:1: no header line before the data: a stream starts with a header line, # and the column names separated by TABs (see npt-events(5))"
}

@test "hints: each input is checked, not only the first" {
	npt-synth -i 1
	run --separate-stderr -1 npt-agg ev.tsv core0.bin
	assert_stderr "npt-agg: core0.bin: an npt binary log, not an event stream: decode it with npt-decode (npt-decode core0.bin | npt-agg)"
	run --separate-stderr -1 npt-time -f 1GHz ev.tsv - < core0.bin
	assert_stderr "npt-time: <stdin>: an npt binary log, not an event stream: decode it with npt-decode (npt-decode | npt-time)"
}

@test "hints: a file name that needs quoting is quoted for the shell" {
	npt-synth -i 1
	cp core0.bin "it's a log.bin"
	run --separate-stderr -1 npt-agg "it's a log.bin"
	assert_stderr "npt-agg: it's a log.bin: an npt binary log, not an event stream: decode it with npt-decode (npt-decode 'it'\\''s a log.bin' | npt-agg)"
	# the command as printed runs
	eval "npt-decode 'it'\\''s a log.bin'" > /dev/null
}

@test "hints: the map of npt-annotate and the partials of npt-agg --merge get the hint" {
	npt-synth -i 1
	run --separate-stderr -1 npt-annotate -m core0.bin ev.tsv
	assert_stderr "npt-annotate: core0.bin: an npt binary log, not an event stream: decode it with npt-decode (npt-decode core0.bin | npt-annotate)"
	npt-agg --partial ev.tsv | gzip -c > p.gz
	run --separate-stderr -1 npt-agg --merge p.gz
	assert_stderr "npt-agg: p.gz: gzip-compressed: decompress it first (zcat p.gz | npt-agg)"
	# a partial sorted with its data lines first is still read
	npt-agg --partial ev.tsv | LC_ALL=C sort -r > sorted.part
	[ "$(head -c 1 sorted.part)" != "#" ]
	run -0 npt-agg --merge sorted.part
}

@test "hints: ordinary streams are read as before: metadata first, header only, empty" {
	printf '## clock.core0=1GHz\n' | cat - ev.tsv > meta.tsv
	for t in $STREAMTOOLS; do
		cmd=$(cmdline "$t")
		run -0 sh -c "$cmd meta.tsv"
		run -0 sh -c "head -n1 ev.tsv | $cmd"
		run -0 sh -c "$cmd < /dev/null"
	done
}

@test "hints: npt-decode given an event stream, a JSON trace, a compressed log, a Perfetto trace" {
	npt-synth -i 1
	printf '{"traceEvents":[]}\n' > t.json
	gzip -c core0.bin > core0.bin.gz
	perfetto > t.pftrace
	{ printf '\357\273\277'; cat ev.tsv; } > bom.tsv
	run --separate-stderr -1 npt-decode ev.tsv t.json core0.bin.gz t.pftrace bom.tsv
	assert_stderr <<-'EOF'
	npt-decode: ev.tsv: not an npt log: an event stream already, which the other tools read as it is
	npt-decode: t.json: not an npt log: a JSON trace: import it with npt-import (npt-import t.json)
	npt-decode: core0.bin.gz: not an npt log: gzip-compressed: decompress it first (zcat core0.bin.gz | npt-decode)
	npt-decode: t.pftrace: not an npt log: a Perfetto protobuf trace: import it with npt-import (npt-import t.pftrace)
	npt-decode: bom.tsv: not an npt log: an event stream with a UTF-8 byte order mark: remove it (tail -c +4 bom.tsv)
	EOF
	run --separate-stderr -1 npt-decode < ev.tsv
	assert_stderr "npt-decode: <stdin>: not an npt log: an event stream already, which the other tools read as it is"
	run --separate-stderr -1 npt-decode < t.json
	assert_stderr "npt-decode: <stdin>: not an npt log: a JSON trace: import it with npt-import"
	run --separate-stderr -1 npt-decode < core0.bin.gz
	assert_stderr "npt-decode: <stdin>: not an npt log: gzip-compressed: decompress it first (zcat | npt-decode)"
	# the hint is right
	zcat core0.bin.gz | npt-decode > /dev/null
	# text of no known kind keeps the plain message
	printf 'hello\n' > h.bin
	run --separate-stderr -1 npt-decode h.bin
	assert_stderr "npt-decode: h.bin: not an npt log: bad magic"
}

@test "hints: npt-import given a binary log, an event stream, compressed input" {
	npt-synth -i 1
	printf '{"traceEvents":[{"ph":"X","name":"a","ts":1,"dur":2}]}\n' > t.json
	gzip -c t.json > t.json.gz
	run --separate-stderr -1 npt-import core0.bin ev.tsv t.json.gz
	assert_stderr <<-'EOF'
	npt-import: core0.bin: an npt binary log, not a profile: decode it with npt-decode (npt-decode core0.bin)
	npt-import: ev.tsv: an npt event stream already, which the tools read as it is: no import needed
	npt-import: t.json.gz: gzip-compressed: decompress it first (zcat t.json.gz | npt-import)
	EOF
	run --separate-stderr -1 npt-import < core0.bin
	assert_stderr "npt-import: <stdin>: an npt binary log, not a profile: decode it with npt-decode"
	run --separate-stderr -1 npt-import < t.json.gz
	assert_stderr "npt-import: <stdin>: gzip-compressed: decompress it first (zcat | npt-import)"
	# the hint is right
	zcat t.json.gz | npt-import > /dev/null
	# a format of no known kind keeps the plain message
	printf 'hello\n' > h.txt
	run --separate-stderr -1 npt-import < h.txt
	assert_stderr "npt-import: <stdin>: unknown format (see npt-import -t list)"
}

@test "hints: a data line typed on a terminal gets its error at once, without waiting for more" {
	# a pseudo-terminal on standard input, one line typed and nothing
	# more: the tool must answer within seconds, not wait for 16 bytes
	run -0 python3 -c '
import os, pty, subprocess, sys
m, s = pty.openpty()
p = subprocess.Popen(["npt-agg"], stdin=s, stdout=subprocess.DEVNULL,
    stderr=subprocess.PIPE)
os.write(m, b"1\t2\n")
try:
    err = p.communicate(timeout=10)[1]
except subprocess.TimeoutExpired:
    p.kill()
    sys.exit("npt-agg waited for more input")
sys.stdout.write("%d %s" % (p.returncode, err.decode()))
'
	assert_output "1 npt-agg: <stdin>:1: no header line before the data: a stream starts with a header line, # and the column names separated by TABs (see npt-events(5))"
}
