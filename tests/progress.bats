#!/usr/bin/env bats
# The progress meter, one for every tool (lib/in.c): NPT_PROGRESS turns it
# on or off, npt-decode's --progress turns it on, a warning never shares
# its line, and of a pipeline only the tool reading the files draws it.
# There is no terminal here: NPT_PROGRESS=1 forces the meter on, and
# render() shows what a terminal would.
load test_helper

# Standard input as a terminal shows it: CR goes back to the start of the
# line, other bytes overwrite; one line per LF, trailing spaces dropped,
# the last line (the one the cursor is on) too if it is not empty.
render() {
	python3 -c '
import sys
lines, cur, col = [], [], 0
for ch in sys.stdin.read():
    if ch == "\n":
        lines.append("".join(cur).rstrip(" ")); cur, col = [], 0
    elif ch == "\r":
        col = 0
    else:
        if col < len(cur): cur[col] = ch
        else: cur.append(ch)
        col += 1
last = "".join(cur).rstrip(" ")
for l in lines + ([last] if last else []):
    print(l)
'
}

# Logs big enough for npt-decode to draw its meter (every 65536 events),
# and core0 damaged in its last packet, whose warning comes after that.
biglogs() {
	npt-synth -i 400
	local size
	size=$(wc -c < core0.bin)
	printf '\377' | dd of=core0.bin bs=1 seek=$((size - 100)) conv=notrunc 2>/dev/null
}

@test "progress: npt-decode with NPT_PROGRESS=1 shows the meter, and a warning on a line of its own" {
	biglogs
	NPT_PROGRESS=0 npt-decode core0.bin core1.bin corectrl0.bin > want.tsv 2> plain
	grep -q '^npt-decode: warning: core0.bin: byte [0-9]*: packet [0-9]*: CRC mismatch' plain
	NPT_PROGRESS=1 npt-decode core0.bin core1.bin corectrl0.bin > out.tsv 2> err
	cmp want.tsv out.tsv
	# the meter was drawn, then wiped: on the screen only the warnings
	grep -q "$(printf '\r')npt-decode: [0-9]* MB of [0-9]* MB ([0-9]*%)" err
	render < err > screen
	diff plain screen
}

@test "progress: npt-decode --progress is the same meter; NPT_PROGRESS=0 turns it off" {
	biglogs
	npt-decode --progress core*.bin > /dev/null 2> err
	grep -q "$(printf '\r')npt-decode: [0-9]* MB of [0-9]* MB ([0-9]*%)" err
	render < err | grep -q '^npt-decode: warning: core0.bin: byte [0-9]*: packet [0-9]*: CRC mismatch'
	NPT_PROGRESS=0 npt-decode core*.bin > /dev/null 2> err
	run -1 grep -q MB err
	# the option wins over the environment
	NPT_PROGRESS=0 npt-decode --progress core*.bin > /dev/null 2> err
	grep -q 'MB of' err
}

@test "progress: the text tools' warnings stand on a line of their own too" {
	npt-synth -i 20 -F events > ev.tsv
	printf '## lost.records.core0.bin=68\n' >> ev.tsv
	for t in npt-agg npt-json npt-overlap; do
		NPT_PROGRESS=1 $t ev.tsv > /dev/null 2> err
		grep -q "$(printf '\r')$t: ev.tsv: 0 MB of 0 MB" err || flunk "$t: no meter: $(od -c err)"
		render < err > screen
		grep -q "^$t: warning: input incomplete: 68 records lost (core0.bin)" screen || flunk "$t: $(cat screen)"
		[ "$(grep -c . screen)" -eq 1 ] || flunk "$t: $(cat screen)"
	done
	# a located warning of npt-import, in the middle of its input
	printf '{"traceEvents":[{"ph":"E","name":"a","ts":1,"pid":1,"tid":1}]}\n' > t.json
	NPT_PROGRESS=0 npt-import t.json > /dev/null 2> plain
	grep -q "^npt-import: warning: t.json:1:[0-9]*: 'E' event without a 'B'; dropped$" plain
	NPT_PROGRESS=1 npt-import t.json > /dev/null 2> err
	grep -q "$(printf '\r')npt-import: t.json: 0 MB of 0 MB" err
	render < err > screen
	diff plain screen
}

@test "progress: npt-import -v writes its summary on a line of its own" {
	printf '{"traceEvents":[{"ph":"X","name":"a","ts":1,"dur":2,"pid":1,"tid":1}]}\n' > t.json
	NPT_PROGRESS=1 npt-import -v t.json > /dev/null 2> err
	grep -q "$(printf '\r')npt-import: t.json: 0 MB of 0 MB" err
	render < err > screen
	[ "$(cat screen)" = "npt-import: t.json: chrome (object form), 1 event in all" ] || flunk "$(cat screen)"
}

@test "progress: of a pipeline only the tool reading the files shows it" {
	npt-synth -i 400
	NPT_PROGRESS=1 sh -c 'npt-decode core*.bin 2> decode.err | npt-agg > /dev/null 2> agg.err'
	grep -q 'npt-decode: [0-9]* MB of' decode.err
	[ ! -s agg.err ] || flunk "npt-agg: $(od -c agg.err)"
	# two text tools sharing one standard error: one meter, npt-time's
	npt-synth -i 20 -F events > ev.tsv
	NPT_PROGRESS=1 sh -c 'npt-time ev.tsv | npt-agg > /dev/null' 2> err
	grep -q "$(printf '\r')npt-time: ev.tsv: 0 MB of 0 MB" err
	run -1 grep -q npt-agg err
	# the same npt-agg shows it when it reads the file, standard input too
	NPT_PROGRESS=1 npt-agg ev.tsv > /dev/null 2> err
	grep -q "$(printf '\r')npt-agg: ev.tsv: 0 MB of 0 MB" err
	NPT_PROGRESS=1 npt-agg < ev.tsv > /dev/null 2> err
	grep -q "$(printf '\r')npt-agg: <stdin>: 0 MB of 0 MB" err
}

@test "progress: npt-decode reading a pipe shows no meter" {
	npt-synth -i 800
	[ "$(npt-decode core1.bin | grep -vc '^#')" -gt 65536 ]
	sh -c 'cat core1.bin | npt-decode --progress' > /dev/null 2> err
	[ ! -s err ] || flunk "$(od -c err)"
	# from the file the same log has one
	npt-decode --progress core1.bin > /dev/null 2> err
	grep -q 'npt-decode: [0-9]* MB of' err
}

@test "progress: the meter is wiped at the end: nothing stays on the screen" {
	npt-synth -i 20 -F events > ev.tsv
	for t in npt-agg npt-json npt-overlap npt-time; do
		NPT_PROGRESS=1 $t ev.tsv > /dev/null 2> err
		[ -s err ] || flunk "$t: no meter"
		[ -z "$(render < err)" ] || flunk "$t: $(render < err)"
	done
}

@test "progress: a long file name is cut at its start, so the line fits a terminal" {
	npt-synth -i 20 -F events > ev.tsv
	long=$(printf 'd%.0s' $(seq 60))
	mkdir "$long"
	cp ev.tsv "$long/ev.tsv"
	NPT_PROGRESS=1 npt-agg "$long/ev.tsv" > /dev/null 2> err
	line=$(tr '\r' '\n' < err | grep MB)
	# the last 37 bytes of the name after "..."
	[ "$line" = "npt-agg: ...$(printf '%s' "$long/ev.tsv" | tail -c 37): 0 MB of 0 MB (0%)" ] || flunk "$line"
	[ "${#line}" -lt 80 ]
}
