#!/usr/bin/env bats
# shellcheck disable=SC2016 # the $ of the dispatch names is text
# npt-annotate --torq and --csv: the columns of Torq's annotate_profiling.py.
# The expected values are worked out by hand from the text of
# tests/fixtures/annotate/torq3.mlir and torq3-model.mlir (see SOURCES.md
# there), the reasoning in the comments; the CSV is checked against an
# independent Python computation (pandas when it is installed).
load test_helper

FX="$FIXTURES/annotate"
CORPUS="$NPT_ROOT/../shared/corpus/torq"
COLS='job_id	invocation_names	original_operators	slice_used_0_in_program	slice_used_1_in_program	dma_in_used_in_program	dma_out_used_in_program	cdma_used_in_program	css_used_in_program'
CSVHEAD='action_id;job_id;operation;invocation_names;original_operators;total_time;slice_used_0_in_program;slice_used_1_in_program;dma_in_used_in_program;dma_out_used_in_program;cdma_used_in_program;css_used_in_program;timestamp_start;timestamp_end;location'

# The id and the nine --torq columns of the data lines of the output of
# npt-annotate ARGS on the npt-import of torq3-runtime*.csv (columns
# ts_us dur_us track op name id loc invocation, then the nine).
tq() {
	set -o pipefail
	npt-annotate "$@" | sed '/^#/d' | cut -f6,9-
}

assert_lines() {
	assert_output "$(printf '%s\n' "$@")"
}

# A Python 3 that has pandas, or nothing.
pandas_python() {
	local py
	for py in python3 /usr/bin/python3; do
		if command -v "$py" >/dev/null 2>&1 &&
		    "$py" -c 'import pandas' 2>/dev/null; then
			echo "$py"
			return
		fi
	done
}

# $TMP/torq.py: Torq's CSV rows computed in Python from a --torq -f
# stream: written with pandas.DataFrame.to_csv if pandas imports, else
# with the csv module the way pandas writes them.
write_torq_py() {
	cat > "$TMP/torq.py" <<'EOF'
# The rows as Torq's performance.py builds them, from the columns of
# npt-annotate -f --torq (op is then the MLIR op name): times as integer
# ns, divided by 1000 as floats; pretty_print_location on the normal form.
import csv, re, sys
from decimal import Decimal
COLS = ["action_id", "job_id", "operation", "invocation_names",
    "original_operators", "total_time", "slice_used_0_in_program",
    "slice_used_1_in_program", "dma_in_used_in_program",
    "dma_out_used_in_program", "cdma_used_in_program",
    "css_used_in_program", "timestamp_start", "timestamp_end", "location"]
FLAGS = COLS[6:12]
TOK = re.compile(r'"(?:[^"\\]|\\.)*"|\w+|[():<>,\[\]+]| at | to ')

def unq(s):
    s = s[1:-1]
    return re.sub(r'\\([0-9A-F]{2})', lambda m: chr(int(m.group(1), 16)),
        s).replace('\\\\', '\\')

def pretty(s):
    if s == "" or s == "unknown":
        return "loc(unknown)"
    p = [0]
    def loc():
        t = s[p[0]:]
        m = re.match(r'"(?:[^"\\]|\\.)*"', t)
        if m:
            p[0] += m.end()
            r = s[p[0]:]
            m2 = re.match(r':(\d+):(\d+)', r)
            if m2:
                p[0] += m2.end()
                return "@L%sC%s" % m2.groups()
            if r.startswith("("):
                p[0] += 1
                x = loc()
                p[0] += 1
                return x
            return unq(m.group(0))
        if t.startswith("callsite("):
            p[0] += 9
            a = loc()
            p[0] += 4
            loc()
            p[0] += 1
            return a
        if t.startswith("fused"):
            p[0] += 5
            if s[p[0]] == "<":
                p[0] = s.index(">[", p[0]) + 1
            p[0] += 1
            parts = [loc()]
            while s.startswith(", ", p[0]):
                p[0] += 2
                parts.append(loc())
            p[0] += 1
            return "+".join(parts)
        if t.startswith("unknown"):
            p[0] += 7
            return "loc(unknown)"
        raise ValueError(t)
    return loc()

def esc(s):
    return re.sub(r'\\(.)', lambda m: {"t": "\t", "n": "\n", "r": "\r",
        "\\": "\\", "0": "\0"}[m.group(1)], s)

rows = []
hdr = None
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("##"):
        continue
    if line.startswith("#"):
        hdr = line[1:].split("\t")
        continue
    f = dict(zip(hdr, [esc(x) for x in line.split("\t")]))
    unit = "ns" if "ts_ns" in f else "us"
    scale = 1 if unit == "ns" else 1000
    hal = f["name"].startswith("__HAL")
    if "." not in f["op"] and not hal:
        continue
    s = int(Decimal(f["ts_" + unit]) * scale)
    e = s + int(Decimal(f["dur_" + unit]) * scale)
    r = dict.fromkeys(COLS)
    r["action_id"] = int(f["id"]) if f["id"] else -1
    r["total_time"] = (e - s) / 1000
    r["timestamp_start"] = s / 1000
    r["timestamp_end"] = e / 1000
    if hal:
        r["operation"] = f["name"] + "." + f["op"]
        r["location"] = f["name"].strip("_") if f["op"] == "HAL_CALL" \
            else f["op"]
    else:
        r["operation"] = f["op"]
        r["job_id"] = int(f["job_id"]) if f["job_id"] else None
        for c in ("invocation_names", "original_operators"):
            r[c] = f[c] or None
        for c in FLAGS:
            r[c] = {"True": True, "False": False, "": None}[f[c]]
        r["location"] = pretty(f["loc"])
    rows.append(r)

try:
    import pandas
    pandas.DataFrame(rows, columns=COLS).to_csv(sys.stdout, sep=";",
        index=False)
except ImportError:
    w = csv.writer(sys.stdout, delimiter=";", quoting=csv.QUOTE_MINIMAL,
        lineterminator="\n")
    w.writerow(COLS)
    for r in rows:
        out = []
        for c in COLS:
            v = r[c]
            if c == "job_id" and v is not None:
                v = float(v)	# pandas: ints with None are float64
            out.append("" if v is None else repr(v)
                if isinstance(v, float) else str(v))
        w.writerow(out)
EOF
}

@test "torq: the header gets the nine columns, in Torq's order, after the stream's" {
	npt-import "$FX/torq3-runtime.csv" > r.tsv
	run -0 sh -c "npt-annotate --mlir '$FX/torq3.mlir' --torq r.tsv 2>/dev/null | sed -n 2p"
	assert_output "#ts_us	dur_us	track	op	name	id	loc	invocation	$COLS"
}

@test "torq: every column of the run of note 5.6 (dispatch 0), by hand from torq3.mlir" {
	# Run from the fixture directory: the locations name
	# "torq3-model.mlir", relative.
	#   model lines: 3 "tosa.const", 4 5 9 tosa.rescale, 6 tosa.add,
	#   7 torch.operator "onnx.Relu", 8 linalg.copy, 10 return.
	# action 0 host_copy, loc #loc2 = "input_0"(4:10): a name location,
	#   whose child Torq does not search: no operator; not a program: the
	#   rest empty.
	# action 1 start_program %10; %10 = create_invocation "nss_program_0"
	#   program(%4) {"torq-job-id" = 0}: job 0.  %4 = program
	#   "nss_program_0": task 0 dma_in_start, dma_in_wait, slice_start
	#   id 0; task 1 slice_wait id 0, slice_start id 1, dma_out_start;
	#   task 2 slice_wait id 1, dma_out_wait: slice 0, slice 1, dma_in,
	#   dma_out True, cdma, css False.  Kernels: slice_start(%arg3),
	#   %arg3 = ^bb0 argument 1 = args(%alloc, %2, %3, %arg1)[1] = %2 =
	#   "slice_program_torq_hl.add_0"; slice_wait id 0 (no operand, as
	#   in Torq's IR): the slice 0 pending, add_0 again;
	#   slice_start(%7), ^bb1 argument 2 = %arg4 = ^bb0 argument 2 =
	#   args[2] = %3 = rescale_1; slice_wait id 1: rescale_1 again.
	#   loc #loc3 = fused[4:10, 5:10, 6:10].
	# action 2 wait_program %10: the same; loc #loc4 = 6:10.
	# action 3 start_program %11: job 1, program %8 "nss_program_1": task
	#   3 dma_in_start, dma_out_start; task 4 their waits; nothing of
	#   program 0 pending (all waited there); no slice.  loc #loc6 =
	#   callsite(7:10 at 3:10): callee then caller.
	# action 4 wait_program %11: the same; loc #loc7 = fused<"torq">[
	#   8:10 (linalg: none), "relu"(7:10) (a name location: not
	#   searched)].
	# action 5 host_copy, loc #loc8 = 10:5: return, none.
	cd "$FX"
	run -0 sh -c "npt-import torq3-runtime.csv | npt-annotate --mlir torq3.mlir --torq | sed '/^#/d' | cut -f6,9-"
	assert_lines '0									' \
		'1	0	add_0,rescale_1	tosa.rescale@L4 tosa.rescale@L5 tosa.add@L6	True	True	True	True	False	False' \
		'2	0	add_0,rescale_1	tosa.add@L6	True	True	True	True	False	False' \
		'3	1		onnx.Relu@L7 tosa.const@L3	False	False	True	True	False	False' \
		'4	1			False	False	True	True	False	False' \
		'5									'
}

@test "torq: a dump of Torq since 09c4331, torq_hl.descriptor for create_invocation (torq4.mlir), by hand" {
	# torq4.mlir has the shape of a real executable-targets dump of that
	# Torq: every invocation a torq_hl.descriptor (custom form, and the
	# slice's in generic form, %9:2 used as %9#0), its program the
	# operand after "program", its torq-job-id in its attributes.
	# action 0 host_copy: no program, nothing.
	# actions 1, 2 start/wait %invocation = descriptor "nss_program_0"
	#   {"torq-job-id" = 0} of program %2: one task, dma_in start and
	#   wait; no slice: job 0, only dma_in True.
	# actions 3, 4 start/wait %invocation_0 = descriptor "nss_program_1"
	#   {"torq-job-id" = 1} of program %4: dma_in; in ^bb1 (reached by
	#   torq_hl.next) slice_start(%arg4) id 0 and its wait, dma_out.
	#   %arg4 = ^bb0 argument 4 = args(%5#0, %5#1, %invocation_0, %6,
	#   %9#0, %7)[4] = %9#0, the generic descriptor named
	#   "slice_program_torq_hl.add_0": kernel add_0; slice 0, dma_in,
	#   dma_out True; nothing pending from program 0 (its dma_in waited).
	# Before, only create_invocation was looked for: all empty.
	cd "$FX"
	run --separate-stderr -0 sh -c "npt-import torq4-runtime.csv | npt-annotate --mlir torq4.mlir --torq | sed '/^#/d' | cut -f6,9-"
	assert_lines '0									' \
		'1	0			False	False	True	False	False	False' \
		'2	0			False	False	True	False	False	False' \
		'3	1	add_0		True	False	True	True	False	False' \
		'4	1	add_0		True	False	True	True	False	False'
	[ -z "$stderr" ]
}

@test "torq: dispatch 1: a unit still pending from the program before counts; generic start_program with operandSegmentSizes; a host program is no NSS program" {
	# action 0 "torq_hl.start_program"(%3, %c0, %arg0, %1, %arg1) with
	#   operandSegmentSizes = array<i32: 1, 1, 3>: args are %arg0, %1,
	#   %arg1.  %3 = generic create_invocation(%2) {"torq-job-id" = 2},
	#   %2 = program "nss_program_2": task 0 cdma_start, css_start,
	#   slice_start id 1 (%arg3 = ^bb0 argument 1 = args[1] = %1 =
	#   "slice_program_torq_hl.conv_2"); task 1 cdma_wait, css_wait.  No
	#   program before it: slice 1, cdma, css True.  Slice 1 is never
	#   waited here: pending.  loc #loc13 = fused[3:10, 6:10].
	# action 1 its wait_program: the same.
	# action 2 start_program %5: job 3, program "nss_program_3": one task
	#   dma_in_start, slice_wait id 1 (no operand, as in Torq's IR: the
	#   slice 1 program 2 started, conv_2; a waited slice counts, as
	#   Torq's debug_info.py adds pending.slice_programs[id]),
	#   dma_in_wait.  Flags: slice 1 pending from program 2, dma_in.
	#   loc #loc11 = 9:10.  Before, a slice_wait was named only by an
	#   operand, which Torq's never has: program 3 had no kernel.
	# action 3 its wait_program: the same.
	# actions 4, 5: start and wait of an invocation<host>: no job, no
	#   flags; loc #loc12 = "host"(2:3), a name location: no operator.
	# action 6 memref.alloc, loc unknown: nothing.
	cd "$FX"
	run -0 sh -c "npt-import torq3-runtime2.csv | npt-annotate --mlir torq3.mlir --torq | sed '/^#/d' | cut -f6,9-"
	assert_lines '									' \
		'0	2	conv_2	tosa.const@L3 tosa.add@L6	False	True	False	False	True	True' \
		'1	2	conv_2	tosa.const@L3 tosa.add@L6	False	True	False	False	True	True' \
		'2	3	conv_2	tosa.rescale@L9	False	True	True	False	False	False' \
		'3	3	conv_2	tosa.rescale@L9	False	True	True	False	False	False' \
		'4									' \
		'5									' \
		'6									' \
		'									' \
		'									'
}

@test "torq: --csv of both runs, field by field, by hand" {
	# times in µs from the logs as Python floats; location as Torq's
	# pretty_print_location: a FileLineCol @L<line>C<col>, fused joined
	# by +, a callsite its callee, a name location its child, unknown as
	# loc(unknown); HAL rows: action -1, <dispatch>.<EVENT>, location the
	# event, or for HAL_CALL the dispatch name without its underscores.
	cd "$FX"
	npt-import torq3-runtime.csv > "$TMP/a.tsv"
	npt-import torq3-runtime2.csv > "$TMP/b.tsv"
	run -0 npt-annotate --mlir torq3.mlir --torq --csv "$TMP/a.tsv" "$TMP/b.tsv"
	assert_lines "$CSVHEAD" \
		'0;;torq_hl.host_copy;;;6000.0;;;;;;;0.0;6000.0;@L4C10' \
		'1;0.0;torq_hl.start_program;add_0,rescale_1;tosa.rescale@L4 tosa.rescale@L5 tosa.add@L6;1.0;True;True;True;True;False;False;6003.0;6004.0;@L4C10+@L5C10+@L6C10' \
		'2;0.0;torq_hl.wait_program;add_0,rescale_1;tosa.add@L6;406.0;True;True;True;True;False;False;6004.0;6410.0;@L6C10' \
		'3;1.0;torq_hl.start_program;;onnx.Relu@L7 tosa.const@L3;1.0;False;False;True;True;False;False;6410.0;6411.0;@L7C10' \
		'4;1.0;torq_hl.wait_program;;;45.0;False;False;True;True;False;False;6411.0;6456.0;@L8C10+@L7C10' \
		'5;;torq_hl.host_copy;;;6386.0;;;;;;;6459.0;12845.0;@L10C5' \
		'0;2.0;torq_hl.start_program;conv_2;tosa.const@L3 tosa.add@L6;1.0;False;True;False;False;True;True;20001.0;20002.0;@L3C10+@L6C10' \
		'1;2.0;torq_hl.wait_program;conv_2;tosa.const@L3 tosa.add@L6;98.0;False;True;False;False;True;True;20002.0;20100.0;@L3C10+@L6C10' \
		'2;3.0;torq_hl.start_program;conv_2;tosa.rescale@L9;1.0;False;True;True;False;False;False;20100.0;20101.0;@L9C10' \
		'3;3.0;torq_hl.wait_program;conv_2;tosa.rescale@L9;49.0;False;True;True;False;False;False;20101.0;20150.0;@L9C10' \
		'4;;torq_hl.start_program;;;1.0;;;;;;;20150.0;20151.0;@L2C3' \
		'5;;torq_hl.wait_program;;;9.0;;;;;;;20151.0;20160.0;@L2C3' \
		'6;;memref.alloc;;;1.0;;;;;;;20160.0;20161.0;loc(unknown)' \
		'-1;;__HAL_QUEUE_EXECUTE__.HAL_CALL;;;10.0;;;;;;;20170.0;20180.0;HAL_QUEUE_EXECUTE' \
		'-1;;__HAL_COMMAND_BUFFER_COPY_BUFFER__.HAL_COMMAND_BUFFER_COPY_BUFFER;;;9.0;;;;;;;20181.0;20190.0;HAL_COMMAND_BUFFER_COPY_BUFFER'
}

@test "torq: --csv equals what Python (pandas if installed, else csv) writes from the --torq stream" {
	command -v python3 >/dev/null || skip "python3 is not installed"
	py=$(pandas_python)
	[ -n "$py" ] || py=python3
	cd "$FX"
	{
		npt-import torq3-runtime.csv
		npt-import torq3-runtime2.csv
		# ns, odd times, a name with ; and " in the location
		printf '#ts_ns\tdur_ns\ttrack\top\tname\tid\tloc\n'
		printf '1102500\t1500\tnss\t\tmain$async_dispatch_0\t1\t\n'
		printf '7\t1\tnss\t\tmain$async_dispatch_0\t2\t\n'
		printf '10000000000000000000\t123456789\tnss\t\tmain$async_dispatch_0\t3\t\n'
	} > "$TMP/e.tsv"
	npt-annotate -f --mlir torq3.mlir --torq "$TMP/e.tsv" > "$TMP/t.tsv"
	run -0 npt-annotate --mlir torq3.mlir --torq --csv "$TMP/e.tsv"
	printf '%s\n' "$output" > "$TMP/npt.csv"
	write_torq_py
	"$py" "$TMP/torq.py" "$TMP/t.tsv" > "$TMP/py.csv"
	run -0 diff "$TMP/py.csv" "$TMP/npt.csv"
	# the odd rows are there, written as Python writes them
	run -0 grep -c '^1;0.0;torq_hl.start_program;.*;1.5;.*;1102.5;1104.0;@L4C10+' "$TMP/npt.csv"
	run -0 grep -c '^2;0.0;torq_hl.wait_program;.*;0.001;.*;0.007;0.008;@L6C10$' "$TMP/npt.csv"
	run -0 grep -c '^3;1.0;torq_hl.start_program;;onnx.Relu@L7 tosa.const@L3;123456.789;.*;1e+16;1.0000000000123456e+16;@L7C10$' "$TMP/npt.csv"
}

@test "torq: --csv quotes a field with ; or \" or LF and doubles the quote, as Python's csv and pandas do" {
	# the location "a;b\22c" (a name location without child: its name)
	# is a;b"c; "x\0Ay" is x LF y
	cat > q.mlir <<'EOF'
module {
  func.func @d(%arg0: memref<8xi8>) {
    "torq_hl.host_copy"(%arg0, %arg0) {"torq-action-id" = 0 : i32} : (memref<8xi8>, memref<8xi8>) -> () loc("a;b\22c")
    "torq_hl.host_copy"(%arg0, %arg0) {"torq-action-id" = 1 : i32} : (memref<8xi8>, memref<8xi8>) -> () loc("x\0Ay")
    return loc(unknown)
  } loc(unknown)
} loc(unknown)
EOF
	printf '#ts_us\tdur_us\tid\n1\t2\t0\n3\t4\t1\n' > e.tsv
	run --separate-stderr -0 npt-annotate --mlir q.mlir --torq --csv e.tsv
	assert_lines "$CSVHEAD" \
		'0;;torq_hl.host_copy;;;2.0;;;;;;;1.0;3.0;"a;b""c"' \
		'1;;torq_hl.host_copy;;;4.0;;;;;;;3.0;7.0;"x' \
		'y"'
	command -v python3 >/dev/null || return 0
	py=$(pandas_python)
	[ -n "$py" ] || py=python3
	write_torq_py
	npt-annotate -f --mlir q.mlir --torq e.tsv > t.tsv 2>/dev/null
	run -0 "$py" torq.py t.tsv
	assert_lines "$CSVHEAD" \
		'0;;torq_hl.host_copy;;;2.0;;;;;;;1.0;3.0;"a;b""c"' \
		'1;;torq_hl.host_copy;;;4.0;;;;;;;3.0;7.0;"x' \
		'y"'
}

@test "torq: original_operators on the Torq corpus files (note 4.3's table)" {
	[ -d "$CORPUS" ] || skip "no corpus at $CORPUS"
	# add.mlir: tosa.rescale at 7, 12, 17 and 23, tosa.add at 18;
	# add_8x8_i8.mlir 3 "tosa.const"; conv2d_8x8.mlir 10 tosa.conv2d;
	# add-nss-25x511-bf16.mlir 4 torch.operator "onnx.Add";
	# matmul-in-int8-out-int16.mlir (linalg) gives none at any line
	cat > m.mlir <<'EOF'
module {
  func.func @d(%arg0: memref<8xi8>) {
    "torq_hl.host_copy"(%arg0, %arg0) {"torq-action-id" = 0 : i32} : (memref<8xi8>, memref<8xi8>) -> () loc(#loc1)
    "torq_hl.host_copy"(%arg0, %arg0) {"torq-action-id" = 1 : i32} : (memref<8xi8>, memref<8xi8>) -> () loc(#loc2)
    "torq_hl.host_copy"(%arg0, %arg0) {"torq-action-id" = 2 : i32} : (memref<8xi8>, memref<8xi8>) -> () loc(#loc3)
    return loc(#loc1)
  } loc(#loc1)
} loc(#loc1)
#loc1 = loc(fused["add.mlir":7:10, "add.mlir":12:10, "add.mlir":17:10, "add.mlir":18:10, "add.mlir":23:10])
#loc2 = loc(callsite("add_8x8_i8.mlir":3:10 at fused["conv2d_8x8.mlir":10:10, "add-nss-25x511-bf16.mlir":4:10]))
#loc3 = loc(fused["matmul-in-int8-out-int16.mlir":1:1, "matmul-in-int8-out-int16.mlir":3:5, "matmul-in-int8-out-int16.mlir":4:5])
EOF
	printf '#id\n0\n1\n2\n' > e.tsv
	run -0 sh -c "npt-annotate --mlir m.mlir --torq --source-dir '$CORPUS' e.tsv 2>/dev/null | sed '/^#/d' | cut -f7"
	assert_lines 'tosa.rescale@L7 tosa.rescale@L12 tosa.rescale@L17 tosa.add@L18 tosa.rescale@L23' \
		'tosa.const@L3 tosa.conv2d@L10 onnx.Add@L4' \
		''
}

@test "torq: a missing source file leaves original_operators empty, with one warning per file" {
	# from another directory "torq3-model.mlir" is not found; the other
	# columns are still filled
	npt-import "$FX/torq3-runtime.csv" > r.tsv
	run --separate-stderr -0 tq --mlir "$FX/torq3.mlir" --torq r.tsv
	assert_stderr 'npt-annotate: warning: torq3-model.mlir: No such file or directory; its original_operators are left empty'
	[ "${lines[1]}" = '1	0	add_0,rescale_1		True	True	True	True	False	False' ]
	# --source-dir: relative paths under it
	run --separate-stderr -0 tq --mlir "$FX/torq3.mlir" --torq --source-dir "$FX" r.tsv
	assert_stderr ''
	[ "${lines[2]}" = '2	0	add_0,rescale_1	tosa.add@L6	True	True	True	True	False	False' ]
	run --separate-stderr -0 tq --mlir "$FX/torq3.mlir" --torq --source-dir nowhere r.tsv
	assert_stderr 'npt-annotate: warning: nowhere/torq3-model.mlir: No such file or directory; its original_operators are left empty'
}

@test "torq: a location naming a device is not read, with a warning" {
	[ -e /dev/zero ] || skip "no /dev/zero"
	cat > z.mlir <<'EOF'
module {
  func.func @d(%arg0: memref<8xi8>) {
    "torq_hl.host_copy"(%arg0, %arg0) {"torq-action-id" = 0 : i32} : (memref<8xi8>, memref<8xi8>) -> () loc(fused["/dev/zero":1:1, "/dev/zero":2:1])
    return loc(unknown)
  } loc(unknown)
} loc(unknown)
EOF
	printf '#id\n0\n' > e.tsv
	run --separate-stderr -0 npt-annotate --mlir z.mlir --torq e.tsv
	[ "${stderr_lines[1]}" = 'npt-annotate: warning: /dev/zero: not a regular file; its original_operators are left empty' ]
	[ "${#stderr_lines[@]}" -eq 2 ]
}

@test "torq: --csv to a full disk is a write error, exit 1" {
	need_devfull
	npt-import "$FX/torq3-runtime.csv" > r.tsv
	run --separate-stderr -1 sh -c "npt-annotate --mlir '$FX/torq3.mlir' --torq --csv --source-dir '$FX' r.tsv > /dev/full"
	assert_stderr 'npt-annotate: write error: No space left on device'
}

@test "torq: --source-dir finds an absolute path of another machine by its base name" {
	sed 's|"torq3-model.mlir"|"/home/builder/models/torq3-model.mlir"|g' "$FX/torq3.mlir" > abs.mlir
	npt-import "$FX/torq3-runtime.csv" > r.tsv
	run --separate-stderr -0 tq --mlir abs.mlir --torq --source-dir "$FX" r.tsv
	assert_stderr ''
	[ "$(printf '%s\n' "$output" | cut -f4 | sed -n 4p)" = 'onnx.Relu@L7 tosa.const@L3' ]
	run --separate-stderr -0 tq --mlir abs.mlir --torq r.tsv
	assert_stderr 'npt-annotate: warning: /home/builder/models/torq3-model.mlir: No such file or directory; its original_operators are left empty'
}

@test "torq: an MLIR without torq-job-id: job_id empty, the rest filled, one warning" {
	sed 's/ {"torq-job-id" = [0-9] : i32}//' "$FX/torq3.mlir" > nojob.mlir
	[ "$(grep -c torq-job-id nojob.mlir)" = 0 ]
	npt-import "$FX/torq3-runtime.csv" > r.tsv
	run --separate-stderr -0 tq --mlir nojob.mlir --torq --source-dir "$FX" r.tsv
	assert_stderr 'npt-annotate: warning: nojob.mlir: no NSS torq_hl.create_invocation or torq_hl.descriptor has an integer attribute torq-job-id: column job_id is left empty'
	[ "${lines[1]}" = '1		add_0,rescale_1	tosa.rescale@L4 tosa.rescale@L5 tosa.add@L6	True	True	True	True	False	False' ]
}

@test "torq: an MLIR without NSS programs (torq.mlir's dispatch 1, model.mlir): columns empty, one warning" {
	printf '#id\tname\n0\tmain_dispatch_1\n' > e.tsv
	run --separate-stderr -0 npt-annotate --mlir "$FX/model.mlir" --torq e.tsv
	assert_stderr "npt-annotate: warning: $FX/model.mlir: no torq_hl.start_program of an NSS invocation: columns job_id, invocation_names and *_used_in_program are left empty
npt-annotate: warning: 1 of 1 events matched no operation"
	# a program whose torq_hl.program is not in the file
	grep -v '"torq_hl.program"\|torq_hw\|"torq_hl.next"\|"torq_hl.return"\|}) ' "$FX/torq2.mlir" > noprog.mlir
	npt-import "$FX/torq2-runtime.csv" > r.tsv
	run --separate-stderr -0 tq --mlir noprog.mlir --torq r.tsv
	[ "${stderr_lines[0]}" = 'npt-annotate: warning: noprog.mlir: the torq_hl.program of 2 of 2 NSS invocations was not found: their invocation_names and *_used_in_program are left empty' ]
	[ "${lines[4]}" = '1	0								' ]
}

@test "torq: a program is an NSS one by the type of the start_program's first operand only, not by an NSS invocation among its args" {
	# Torq's debug_info.py: str(operands[0].type) == "!torq_hl.invocation<nss>".
	# action 0: a host invocation (custom form) passed an NSS invocation
	#   in args; action 1: the same in generic form, the NSS type third
	#   in the function type; neither is an NSS program: all nine empty.
	#   Before, the text "invocation<nss>" anywhere in the op made it one:
	#   the six flags False.
	# actions 2, 3: start and wait of %n, first operand type
	#   !torq_hl.invocation<nss>, {"torq-job-id" = 0}, its program's one
	#   task starts the DMA in: job 0, dma_in True, the rest False.
	cat > host.mlir <<-'EOF'
	func.func @f(%a: memref<8xi8>) {
	  %c0 = arith.constant 0 : index
	  %p = torq_hl.program "nss_program_0" : !torq_hl.program<nss> {
	  ^bb0(%x: memref<8xi8>):
	    torq_hw.nss_task {"torq-task-id" = 0 : i64} () {
	      torq_hw.dma_in_start
	    }
	    torq_hl.return
	  }
	  %n = torq_hl.create_invocation "nss_program_0" program(%p : !torq_hl.program<nss>) {"torq-job-id" = 0 : i32} : !torq_hl.invocation<nss>
	  %h = torq_hl.program "host_program_0" : !torq_hl.program<host> {
	    torq_hl.return
	  }
	  %hi = torq_hl.create_invocation "host_program_0" program(%h : !torq_hl.program<host>) : !torq_hl.invocation<host>
	  %hj = torq_hl.create_invocation "host_program_0" program(%h : !torq_hl.program<host>) : !torq_hl.invocation<host>
	  torq_hl.start_program %hi : !torq_hl.invocation<host> args(%a, %n : memref<8xi8>, !torq_hl.invocation<nss>) code(%c0 : index) {"torq-action-id" = 0 : i32}
	  "torq_hl.start_program"(%hj, %c0, %n) <{operandSegmentSizes = array<i32: 1, 1, 1>}> {"torq-action-id" = 1 : i32} : (!torq_hl.invocation<host>, index, !torq_hl.invocation<nss>) -> ()
	  torq_hl.start_program %n : !torq_hl.invocation<nss> args(%a : memref<8xi8>) code(%c0 : index) {"torq-action-id" = 2 : i32}
	  torq_hl.wait_program %n : !torq_hl.invocation<nss> {"torq-action-id" = 3 : i32}
	  return
	}
	EOF
	printf '#id\n0\n1\n2\n3\n' > e.tsv
	run --separate-stderr -0 sh -c "npt-annotate --mlir host.mlir --torq e.tsv | sed '/^#/d' | cut -f3,5-"
	assert_lines '0									' \
		'1									' \
		'2	0			False	False	True	False	False	False' \
		'3	0			False	False	True	False	False	False'
	assert_stderr ''
}

@test "torq: torq2.mlir (generic form, no block arguments): job_id and flags, no kernel" {
	# each dispatch: create_invocation(%0) {"torq-job-id" = 0}, its
	# program's one task starts slice id 0 (written {id = 0 : i64})
	npt-import "$FX/torq2-runtime.csv" > r.tsv
	run -0 sh -c "npt-annotate --mlir '$FX/torq2.mlir' --torq r.tsv 2>/dev/null | sed '/^#/d' | cut -f6,9,10,12-"
	e='								'	# 8 TABs: id and 8 empty fields
	p='	0		True	False	False	False	False	False'
	assert_lines "$e" "$e" "$e" "0$e" "1$p" "2$p" "3$e" "$e" "0$e" "1$p" "2$p" "3$e" "$e"
}

@test "torq: -f overwrites the columns, without -f a field that is not empty is kept" {
	printf '#id\tname\tjob_id\tinvocation_names\n1\tmain$async_dispatch_0\t9\tx\n' > e.tsv
	# out: op id name loc job_id invocation_names ...
	run -0 sh -c "npt-annotate --mlir '$FX/torq3.mlir' --torq e.tsv 2>/dev/null | sed 1d | cut -f5,6"
	assert_output '9	x'
	run -0 sh -c "npt-annotate -f --mlir '$FX/torq3.mlir' --torq e.tsv 2>/dev/null | sed 1d | cut -f5,6"
	assert_output '0	add_0,rescale_1'
}

@test "torq: usage errors of --torq, --csv and --source-dir exit 2" {
	printf '#id\n' > e.tsv
	run --separate-stderr -2 npt-annotate --mlir "$FX/torq3.mlir" --csv e.tsv
	[ "${stderr_lines[0]}" = 'npt-annotate: --csv works with --torq only' ]
	run --separate-stderr -2 npt-annotate -m e.tsv --torq e.tsv
	[ "${stderr_lines[0]}" = 'npt-annotate: --torq works with --mlir, not with -m' ]
	run --separate-stderr -2 npt-annotate --mlir "$FX/torq3.mlir" --torq --order e.tsv
	[ "${stderr_lines[0]}" = 'npt-annotate: --torq joins on torq-action-id: it excludes --order' ]
	run --separate-stderr -2 npt-annotate --mlir "$FX/torq3.mlir" --by-name --torq e.tsv
	[ "${stderr_lines[0]}" = 'npt-annotate: --torq joins on torq-action-id: it excludes --by-name' ]
	run --separate-stderr -2 npt-annotate --mlir "$FX/torq3.mlir" --torq --id-attr torq-task-id e.tsv
	[ "${stderr_lines[0]}" = 'npt-annotate: --torq joins on torq-action-id, not on torq-task-id' ]
	run --separate-stderr -2 npt-annotate --mlir "$FX/torq3.mlir" --source-dir . e.tsv
	[ "${stderr_lines[0]}" = 'npt-annotate: --source-dir works with --torq only' ]
	run --separate-stderr -2 npt-annotate --mlir "$FX/torq3.mlir" --torq --source-dir '' e.tsv
	[ "${stderr_lines[0]}" = 'npt-annotate: --source-dir: empty directory name' ]
	# --id-attr torq-action-id is what --torq implies: no error
	run --separate-stderr -0 npt-annotate --mlir "$FX/torq3.mlir" --torq --id-attr torq-action-id e.tsv
}

@test "torq: --csv of times in cycles is an error naming npt-time" {
	printf '#ts_cyc\tdur_cyc\tid\tname\n1\t2\t1\tmain$async_dispatch_0\n' > e.tsv
	run --separate-stderr -1 npt-annotate --mlir "$FX/torq3.mlir" --torq --csv e.tsv
	assert_stderr 'npt-annotate: e.tsv:1: column ts_cyc: --csv writes times in µs, not cycles: convert them with npt-time first'
}

@test "torq: empty input, header only, missing final newline, - for stdin" {
	run -0 npt-annotate --mlir "$FX/torq3.mlir" --torq < /dev/null
	assert_output ''
	run -0 npt-annotate --mlir "$FX/torq3.mlir" --torq --csv < /dev/null
	assert_output "$CSVHEAD"
	printf '#ts_us\tdur_us\tid\tname\n' > h.tsv
	run -0 npt-annotate --mlir "$FX/torq3.mlir" --torq --csv h.tsv
	assert_output "$CSVHEAD"
	run -0 npt-annotate --mlir "$FX/torq3.mlir" --torq - < h.tsv
	# op goes after the last canonical column before it (dur_us)
	assert_output "#ts_us	dur_us	op	id	name	loc	$COLS"
	printf '#ts_us\tdur_us\tid\tname\n5\t0.5\t2\tmain$async_dispatch_0' > nolf.tsv
	run -0 sh -c "cd '$FX' && npt-annotate --mlir torq3.mlir --torq --csv - < '$TMP/nolf.tsv'"
	assert_lines "$CSVHEAD" \
		'2;0.0;torq_hl.wait_program;add_0,rescale_1;tosa.add@L6;0.5;True;True;True;True;False;False;5.0;5.5;@L6C10'
}

@test "torq: --help lists --torq, --csv and --source-dir" {
	run -0 npt-annotate --help
	[[ $output == *'--torq  '* ]]
	[[ $output == *'--csv  '* ]]
	[[ $output == *'--source-dir dir  '* ]]
	[[ ${lines[2]} == *'npt-annotate --mlir file --torq [-f] [--csv] [--func name] [--loc-first]'* ]]
}
