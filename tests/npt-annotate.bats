#!/usr/bin/env bats
# npt-annotate: events joined to MLIR operations (locations resolved) or to
# a TSV symbol map.  Expected values are typed from the hand-written
# sources (tests/fixtures/annotate/*.in.mlir) or taken from mlir-opt-15's
# own --mlir-print-local-scope output; see tests/fixtures/annotate/SOURCES.md.
load test_helper

FX="$FIXTURES/annotate"
CORPUS="$NPT_ROOT/../shared/corpus/torq"
H='#ts_cyc	dur_cyc	track	op	name	id	loc'

# A stream with one core0 event per id argument (empty op, name and loc).
ev() {
	printf '%s\n' "$H"
	for i in "$@"; do
		printf '100\t10\tcore0\t\t\t%s\t\n' "$i"
	done
}

# npt-annotate ARGS, then only the columns op, name, id and loc of the
# data lines (of a stream whose header is $H); its exit status is kept.
ann() {
	set -o pipefail
	npt-annotate "$@" | sed '/^#/d' | cut -f4-7
}

# Compare $output with the lines given as arguments (with their leading
# TABs, which a <<- here-document would strip).
assert_lines() {
	assert_output "$(printf '%s\n' "$@")"
}

# badlocs FILE WANT...: each WANT is "ID L:C: message": the event of id ID
# (--order) stops npt-annotate --mlir FILE with "npt-annotate: FILE:L:C:
# message", exit 1.
badlocs() {
	local f=$1 want
	shift
	for want in "$@"; do
		printf '#id\n%s\n' "${want%% *}" > e.tsv
		run --separate-stderr -1 npt-annotate --mlir "$f" e.tsv
		assert_stderr "npt-annotate: $f:${want#* }" || return 1
	done
}

# The same, one column: col N ARGS.
col() {
	local n=$1
	shift
	set -o pipefail
	npt-annotate "$@" | sed '/^#/d' | cut -f"$n"
}

@test "annotate: --order fills op, name and loc of every operation of @main (mlir-opt-15 output)" {
	ev 0 1 2 3 4 5 6 7 8 > e.tsv
	run -0 sh -c "npt-annotate --mlir '$FX/model.mlir' --func main e.tsv | cut -f4-7"
	# from model.in.mlir, by hand: aliases resolved, strings in the
	# normal form, the TSV field escaping doubling each backslash
	assert_output <<-'EOF'
	op	name	id	loc
	tosa.const	weights	0	"weights"("model.onnx":3:1)
	tosa.const		1	
	tosa.conv2d	conv1	2	"conv1"("model.onnx":12:3)
	tosa.clamp		3	fused["model.onnx":13:5, "relu.py":4:2]
	call		4	"model.onnx":14:7
	tosa.add	add	5	callsite("add"("lib/ops.py":40:7) at callsite("model.py":88:12 at "main.py":5:1))
	linalg.generic	square(x)	6	fused<"fuse_pass">["square(x)"("weird)name.py":1:1), "modèle€.onnx":2:3]
	tosa.tanh		7	"q\\22uote\\\\back\\09slash.py":9:9
	return		8	"model.onnx":20:1
	EOF
}

@test "annotate: the aliases of the fixture are defined after their use, some before" {
	# the premise of the previous test: #loc9 is used on line 13 and
	# defined at the end; #loc2 is defined on line 1 and never used by an op
	use=$(grep -n 'loc(#loc9)$' "$FX/model.mlir" | cut -d: -f1)
	def=$(grep -n '^#loc9 = ' "$FX/model.mlir" | cut -d: -f1)
	[ "$use" -lt "$def" ]
	[ "$(grep -n '^#loc2 = ' "$FX/model.mlir" | cut -d: -f1)" -eq 1 ]
}

# The trailing location of every line that ends with one: the text after
# its last "loc(" (none of the fixtures' locations holds "loc(" itself).
trailing() {
	awk '!/^#/ && / loc\(.*\)$/ { i = 0; s = $0
		while ((j = index(substr(s, i + 1), "loc(")) > 0) i += j
		l = substr(s, i + 4); sub(/\)$/, "", l); print l }' "$1"
}

@test "annotate: every alias of mlir-opt-15's output resolves to what --mlir-print-local-scope prints" {
	for f in model inlined; do
		trailing "$FX/$f.mlir" > aliases
		# MLIR's strings, with npt's UTF-8 bytes as they are
		trailing "$FX/$f.local.mlir" | sed 's/\\C3\\A8/è/; s/\\E2\\82\\AC/€/' > want
		[ "$(wc -l < want)" -ge 12 ] || flunk "$f: $(wc -l < want) locations"
		[ "$(wc -l < aliases)" -eq "$(wc -l < want)" ]
		# the aliased file holds no inline location at the end of a line
		run -1 grep -v '^#loc[0-9]*$' aliases
		# events whose loc is each alias, with no id: resolved, not joined
		awk 'BEGIN { print "#id\tloc" } { print "\t" $0 }' aliases |
			npt-annotate --mlir "$FX/$f.mlir" --func main | sed 1d | cut -f4 |
			sed 's/\\\\/\\/g' > got
		diff want got || flunk "$f differs"
	done
}

@test "annotate: generic form gives the same names and locations as custom form" {
	ev 0 1 2 3 4 5 6 7 8 > e.tsv
	npt-annotate --mlir "$FX/model.mlir" --func main e.tsv > custom
	npt-annotate --mlir "$FX/model.generic.mlir" --func main e.tsv > generic
	cut -f5- custom > a
	cut -f5- generic > b
	cmp a b
	# only the ops the printer writes without their dialect differ
	run -0 sh -c "cut -f4 custom | paste - generic | cut -f1,5 | awk -F'\t' '\$1 != \$2'"
	assert_output <<-'EOF'
	call	func.call
	return	func.return
	EOF
}

@test "annotate: --id-attr joins on an integer attribute, at any depth" {
	ev 10 11 12 13 14 15 > e.tsv
	run -0 ann --mlir "$FX/model.mlir" --id-attr torq-action-id e.tsv
	[ "${lines[0]}" = "tosa.conv2d	conv1	10	\"conv1\"(\"model.onnx\":12:3)" ]
	[ "${lines[2]}" = "call		12	\"model.onnx\":14:7" ]
	[ "${lines[4]}" = "linalg.generic	square(x)	14	fused<\"fuse_pass\">[\"square(x)\"(\"weird)name.py\":1:1), \"modèle€.onnx\":2:3]" ]
	[ "${#lines[@]}" -eq 6 ]
	# after inlining, MLIR made the callsite; the call and its id 12 are gone
	ev 12 13 > e.tsv
	run --separate-stderr -0 ann --mlir "$FX/inlined.mlir" --id-attr torq-action-id e.tsv
	[ "${lines[0]}" = "		12	" ]
	[ "${lines[1]}" = 'tosa.add	add	13	callsite("add"("lib/ops.py":40:7) at callsite("model.py":88:12 at "main.py":5:1))' ]
	assert_stderr "npt-annotate: warning: 1 of 2 events matched no operation"
	# torq-task-id is on ops nested two regions deep
	ev 0 1 > e.tsv
	run -0 ann --mlir "$FX/torq.mlir" --id-attr torq-task-id e.tsv
	assert_output <<-'EOF'
	torq_hw.nss_task		0	"dispatch.mlir":4:7
	torq_hw.nss_task		1	"dispatch.mlir":8:7
	EOF
}

@test "annotate: an id written with leading zeros joins by its value; a negative one matches nothing, with --id-attr and --order" {
	ev 010 10 -10 > e.tsv
	run --separate-stderr -0 ann --mlir "$FX/model.mlir" --id-attr torq-action-id e.tsv
	assert_lines 'tosa.conv2d	conv1	010	"conv1"("model.onnx":12:3)' \
		'tosa.conv2d	conv1	10	"conv1"("model.onnx":12:3)' \
		'		-10	'
	assert_stderr "npt-annotate: warning: 1 of 3 events matched no operation"
	ev 0002 2 > e.tsv
	run -0 col 4 --mlir "$FX/model.mlir" --func main --order e.tsv
	[ "${#lines[@]}" -eq 2 ] && [ -n "${lines[0]}" ] && [ "${lines[0]}" = "${lines[1]}" ]
	# --order the same: a negative id is no position, unmatched (before,
	# "column id: negative" stopped the run); -0 is 0, @main's first
	# operation, %w = "tosa.const" with loc("weights"("model.onnx":3:1))
	ev -1 0 -0 > e.tsv
	run --separate-stderr -0 ann --mlir "$FX/model.mlir" --func main --order e.tsv
	assert_lines '		-1	' \
		'tosa.const	weights	0	"weights"("model.onnx":3:1)' \
		'tosa.const	weights	-0	"weights"("model.onnx":3:1)'
	assert_stderr "npt-annotate: warning: 1 of 3 events matched no operation"
}

@test "annotate: MLIR's callsite from inlining resolves through its alias" {
	ev 0 1 2 3 4 5 > e.tsv
	run -0 ann --mlir "$FX/inlined.mlir" e.tsv
	[ "${lines[4]}" = 'tosa.sigmoid	sigmoid	4	callsite("sigmoid"("act.py":7:10) at "model.onnx":14:7)' ]
}

@test "annotate: Torq dump: --func picks the dispatch, ids repeat across dispatches" {
	ev 0 1 2 3 > e.tsv
	run -0 ann --mlir "$FX/torq.mlir" --func main_dispatch_0 --id-attr torq-action-id e.tsv
	assert_output <<-'EOF'
	torq_hl.host_copy	input	0	"input"("model.onnx":2:1)
	torq_hl.start_program	conv	1	"conv"("model.onnx":10:5)
	torq_hl.wait_program		2	fused["model.onnx":10:5, "model.onnx":11:5]
	torq_hl.host_copy	output	3	"output"("model.onnx":30:1)
	EOF
	run --separate-stderr -0 npt-annotate --mlir "$FX/torq.mlir" --func @main_dispatch_1 --id-attr torq-action-id e.tsv
	[ "$(printf '%s\n' "$output" | sed '/^#/d' | cut -f4-7 | sed -n 2p)" = 'torq_hl.host_copy	exp	1	callsite("exp"("ops.py":3:1) at "model.onnx":41:5)' ]
	assert_stderr "npt-annotate: warning: 2 of 4 events matched no operation"
	# without --func both dispatches count: an id on one operation joins,
	# one on an operation of each is an error (the events name no function)
	ev 3 2 > e.tsv
	run -0 ann --mlir "$FX/torq.mlir" --id-attr torq-action-id e.tsv
	assert_lines 'torq_hl.host_copy	output	3	"output"("model.onnx":30:1)' \
		'torq_hl.wait_program		2	fused["model.onnx":10:5, "model.onnx":11:5]'
	ev 2 1 > e.tsv
	run --separate-stderr -1 npt-annotate --mlir "$FX/torq.mlir" --id-attr torq-action-id e.tsv
	assert_stderr "npt-annotate: e.tsv:3: torq-action-id 1 is on 2 operations: torq_hl.start_program at $FX/torq.mlir:21:5 in @main_dispatch_0, torq_hl.host_copy at $FX/torq.mlir:28:5 in @main_dispatch_1 (name the function in column name, or give --func)"
}

# shellcheck disable=SC2016 # the $ of the dispatch names is text
@test "annotate: Torq runtime log of two dispatches, both with action 1: each event joins its dispatch's operation (by hand)" {
	# torq2-runtime.csv: dispatch_name in column name after npt-import;
	# the operations and locations typed from torq2.mlir
	npt-import "$FX/torq2-runtime.csv" > r.tsv
	run -0 sh -c "npt-annotate --mlir '$FX/torq2.mlir' --id-attr torq-action-id r.tsv | sed '/^#/d' | cut -f4-7"
	assert_lines 'INIT	main$async_dispatch_0		' \
		'INIT	main$async_dispatch_1		' \
		'DISPATCH	main$async_dispatch_0		' \
		'HOST_COPY	main$async_dispatch_0	0	"input_0"("conv2d_8x8.mlir":2:3)' \
		'NSS_START	main$async_dispatch_0	1	"tosa.conv2d"("conv2d_8x8.mlir":10:10)' \
		'NSS_WAIT	main$async_dispatch_0	2	fused["conv2d_8x8.mlir":10:10, "conv2d_8x8.mlir":11:10, "conv2d_8x8.mlir":12:10]' \
		'HOST_COPY	main$async_dispatch_0	3	"output_0"("conv2d_8x8.mlir":13:5)' \
		'DISPATCH	main$async_dispatch_1		' \
		'HOST_COPY	main$async_dispatch_1	0	"input"("add.mlir":2:3)' \
		'NSS_START	main$async_dispatch_1	1	"tosa.add"("add.mlir":18:10)' \
		'NSS_WAIT	main$async_dispatch_1	2	fused["add.mlir":17:10, "add.mlir":18:10, "add.mlir":23:10]' \
		'HOST_COPY	main$async_dispatch_1	3	"output"("add.mlir":24:5)' \
		'HAL_CALL	__HAL_QUEUE_EXECUTE__		'
	# -f fills op with the operation, but the dispatch name stays in name
	run -0 sh -c "npt-annotate -f --mlir '$FX/torq2.mlir' --id-attr torq-action-id r.tsv | sed '/^#/d' | cut -f4-7 | sed -n '5p;10p'"
	assert_lines 'torq_hl.start_program	main$async_dispatch_0	1	"tosa.conv2d"("conv2d_8x8.mlir":10:10)' \
		'torq_hl.start_program	main$async_dispatch_1	1	"tosa.add"("add.mlir":18:10)'
	# --func keeps the other dispatch's events out of the join
	run --separate-stderr -0 npt-annotate -f --mlir "$FX/torq2.mlir" --func 'main$async_dispatch_1' --id-attr torq-action-id r.tsv
	[ "$(printf '%s\n' "$output" | sed '/^#/d' | cut -f4-7 | sed -n '5p;10p')" = 'NSS_START	main$async_dispatch_0	1	
torq_hl.start_program	main$async_dispatch_1	1	"tosa.add"("add.mlir":18:10)' ]
	assert_stderr "npt-annotate: warning: 4 of 8 events matched no operation"
	# torq-task-id 0 is on a task of each dispatch
	run --separate-stderr -0 sh -c "npt-annotate --mlir '$FX/torq2.mlir' --id-attr torq-task-id r.tsv | sed '/^#/d' | cut -f7 | sed -n '4p;9p'"
	assert_lines '"tosa.conv2d"("conv2d_8x8.mlir":10:10)' '"tosa.add"("add.mlir":18:10)'
	assert_stderr "npt-annotate: warning: 6 of 8 events matched no operation"
	# without the dispatch name the key is ambiguous: a located error
	cut -f1-4,6- r.tsv > noname.tsv
	run --separate-stderr -1 npt-annotate --mlir "$FX/torq2.mlir" --id-attr torq-action-id noname.tsv
	assert_stderr "npt-annotate: noname.tsv:6: torq-action-id 0 is on 2 operations: torq_hl.host_copy at $FX/torq2.mlir:13:5 in @main\$async_dispatch_0, torq_hl.host_copy at $FX/torq2.mlir:28:5 in @main\$async_dispatch_1 (name the function in column name, or give --func)"
}

@test "annotate: an id on two operations of the event's own function is an error naming both" {
	cat > two.mlir <<-'EOF'
	func.func @f() {
	  "a.x"() {k = 1 : i32} : () -> () loc("m.py":1:1)
	  "a.y"() {k = 1 : i32} : () -> () loc("m.py":2:1)
	  "a.z"() {k = 2 : i32} : () -> () loc("m.py":3:1)
	  return
	}
	func.func @g() {
	  "a.w"() {k = 1 : i32} : () -> () loc("m.py":4:1)
	  return
	}
	EOF
	printf '%s\n100\t1\tc\t\tg\t1\t\n100\t1\tc\t\tf\t2\t\n100\t1\tc\t\tf\t1\t\n' "$H" > e.tsv
	run --separate-stderr -1 ann --mlir two.mlir --id-attr k e.tsv
	assert_lines 'a.w	g	1	"m.py":4:1' 'a.z	f	2	"m.py":3:1'
	assert_stderr 'npt-annotate: e.tsv:4: k 1 is on 2 operations: a.x at two.mlir:2:3 in @f, a.y at two.mlir:3:3 in @f'
	# three of them, in no function's order: the first two are named
	printf 'func.func @h() {\n  "b.p"() {k = 7} : () -> ()\n  "b.q"() {k = 7} : () -> ()\n  "b.r"() {k = 7} : () -> ()\n  return\n}\n' > three.mlir
	ev 7 > e.tsv
	run --separate-stderr -1 npt-annotate --mlir three.mlir --id-attr k e.tsv
	assert_stderr 'npt-annotate: e.tsv:2: k 7 is on 3 operations: b.p at three.mlir:2:3 in @h, b.q at three.mlir:3:3 in @h, ...'
}

@test "annotate: --id-attr: functions of the same name (variants of a hal.executable) are one function; an id on both is an error" {
	# @d0 is in two variants of one hal.executable, as IREE writes them:
	# an event naming d0 may join either's operations, so id 0 (on
	# x.op at 6:11 and at 14:11, both in @d0) is an error without the
	# hint about naming the function, and id 1 (only in the second @d0)
	# joins.  Before, only the first @d0 was the event's function: id 0
	# joined "a.py":1:1 and id 1 matched nothing.
	cat > var.mlir <<-'EOF'
	module {
	  hal.executable private @d {
	    hal.executable.variant public @torq_a target(#a) {
	      builtin.module {
	        func.func @d0() {
	          "x.op"() {k = 0 : i32} : () -> () loc("a.py":1:1)
	          return
	        }
	      }
	    }
	    hal.executable.variant public @torq_b target(#b) {
	      builtin.module {
	        func.func @d0() {
	          "x.op"() {k = 0 : i32} : () -> () loc("b.py":2:2)
	          "x.q"() {k = 1 : i32} : () -> () loc("b.py":3:3)
	          return
	        }
	      }
	    }
	  }
	  func.func @other() {
	    "y.op"() {k = 0 : i32} : () -> () loc("c.py":3:3)
	    return
	  }
	}
	EOF
	printf '%s\n100\t1\tc\t\td0\t1\t\n100\t1\tc\t\tother\t0\t\n100\t1\tc\t\td0\t0\t\n' "$H" > e.tsv
	run --separate-stderr -1 ann --mlir var.mlir --id-attr k e.tsv
	assert_lines 'x.q	d0	1	"b.py":3:3' 'y.op	other	0	"c.py":3:3'
	assert_stderr 'npt-annotate: e.tsv:4: k 0 is on 2 operations: x.op at var.mlir:6:11 in @d0, x.op at var.mlir:14:11 in @d0'
	# --func d0 takes both variants' @d0: the same error
	ev 0 > e.tsv
	run --separate-stderr -1 npt-annotate --mlir var.mlir --func d0 --id-attr k e.tsv
	assert_stderr 'npt-annotate: e.tsv:2: k 0 is on 2 operations: x.op at var.mlir:6:11 in @d0, x.op at var.mlir:14:11 in @d0'
	# no name and no --func: three operations, of two functions: the hint
	run --separate-stderr -1 npt-annotate --mlir var.mlir --id-attr k e.tsv
	assert_stderr 'npt-annotate: e.tsv:2: k 0 is on 3 operations: x.op at var.mlir:6:11 in @d0, x.op at var.mlir:14:11 in @d0, ... (name the function in column name, or give --func)'
}

@test "annotate: --order counts only the function body's own ops, --skip drops patterns" {
	ev 0 1 2 3 4 5 > e.tsv
	# torq.mlir dispatch 0 body: arith.constant, torq_hl.program (its
	# nested tasks do not count), create_invocation, host_copy, ...
	run -0 col 4 --mlir "$FX/torq.mlir" --func main_dispatch_0 e.tsv
	assert_output <<-'EOF'
	arith.constant
	torq_hl.program
	torq_hl.create_invocation
	torq_hl.host_copy
	torq_hl.start_program
	torq_hl.wait_program
	EOF
	run --separate-stderr -0 col 4 --mlir "$FX/torq.mlir" --func main_dispatch_0 --skip 'arith.*' --skip '*.program' --skip '*_invocation' e.tsv
	assert_output <<-'EOF'
	torq_hl.host_copy
	torq_hl.start_program
	torq_hl.wait_program
	torq_hl.host_copy
	return
	
	EOF
	run -0 col 4 --mlir "$FX/model.mlir" --func main --order --skip tosa.const --skip return e.tsv
	assert_output <<-'EOF'
	tosa.conv2d
	tosa.clamp
	call
	tosa.add
	linalg.generic
	tosa.tanh
	EOF
}

@test "annotate: --by-name joins the event name to the op's name location" {
	printf '%s\n' "$H" 'x	1	core0		conv1		' 'x	1	core0		square(x)		' \
		'x	1	core0		add	99	' 'x	1	core0		nosuch		' 'x	1	core0				' > e.tsv
	run --separate-stderr -0 ann --mlir "$FX/model.mlir" --by-name e.tsv
	assert_lines 'tosa.conv2d	conv1		"conv1"("model.onnx":12:3)' \
	    'linalg.generic	square(x)		fused<"fuse_pass">["square(x)"("weird)name.py":1:1), "modèle€.onnx":2:3]' \
	    'tosa.add	add	99	callsite("add"("lib/ops.py":40:7) at callsite("model.py":88:12 at "main.py":5:1))' \
	    '	nosuch		' \
	    '			'
	assert_stderr "npt-annotate: warning: 1 of 4 events matched no operation"
	# the name of the first name location, read left to right
	printf '%s\n' "$H" 'x	1	core0		abs		' 'x	1	core0		ceil		' > e.tsv
	run --separate-stderr -0 col 4 --mlir "$FX/chain.mlir" --by-name e.tsv
	assert_output <<-'EOF'
	tosa.abs
	tosa.ceil
	EOF
	# abs names three ops: the first is used
	assert_stderr <<-EOF
	npt-annotate: warning: $FX/chain.mlir:5:5: name "abs" is also on the operation at 4:5; the first is used
	npt-annotate: warning: $FX/chain.mlir: 1 more repeated keys; the first operation is used
	EOF
}

@test "annotate: aliases of aliases, ranges and blanks resolve to the normal form (checked by hand)" {
	ev 0 1 2 3 4 5 6 > e.tsv
	run -0 ann --mlir "$FX/chain.mlir" e.tsv
	assert_output <<-'EOF'
	tosa.abs	abs	0	"abs"("chain.py":2:3)
	tosa.negate	abs	1	fused<"pass">["chain.py":2:3, callsite("abs"("chain.py":2:3) at "caller.py":9:1), "x.py":3:4 to 5:6]
	tosa.exp	abs	2	callsite("abs"("chain.py":2:3) at "caller.py":9:1)
	tosa.log		3	"y.py":7
	tosa.floor		4	"z.py":12:4 to :9
	tosa.ceil	ceil	5	"ceil"(fused<#di_subprogram>["y.py":7, unknown])
	return		6	"chain.py":1:1
	EOF
}

@test "annotate: --loc-first keeps the first file:line:col, callee before caller" {
	ev 0 1 2 3 4 5 6 > e.tsv
	run -0 col 7 --mlir "$FX/chain.mlir" --loc-first e.tsv
	assert_output <<-'EOF'
	"chain.py":2:3
	"chain.py":2:3
	"chain.py":2:3
	"y.py":7
	"z.py":12:4
	"y.py":7
	"chain.py":1:1
	EOF
	ev 0 1 2 3 4 5 6 7 > e.tsv
	run -0 col 7 --mlir "$FX/model.mlir" --func main --loc-first e.tsv
	assert_output <<-'EOF'
	"model.onnx":3:1
	
	"model.onnx":12:3
	"model.onnx":13:5
	"model.onnx":14:7
	"lib/ops.py":40:7
	"weird)name.py":1:1
	"q\\22uote\\\\back\\09slash.py":9:9
	EOF
}

@test "annotate: an event loc holding an alias is resolved, matched or not, without -f" {
	# model.mlir: #loc9 is conv1's, #loc13 linalg.generic's, #loc11 the
	# call's, #loc10 clamp's (see the end of the file)
	printf '%s\n' "$H" '1	1	core0	X		3	#loc9' '2	1	core0				loc(#loc13)' \
		'3	1	core0				fused[#loc11, #loc10]' '4	1	core0				"a.py":1:2' \
		'5	1	core0				not # a location' > e.tsv
	run -0 ann --mlir "$FX/model.mlir" --func main e.tsv
	assert_lines 'X		3	"conv1"("model.onnx":12:3)' \
	    '			fused<"fuse_pass">["square(x)"("weird)name.py":1:1), "modèle€.onnx":2:3]' \
	    '			fused["model.onnx":14:7, fused["model.onnx":13:5, "relu.py":4:2]]' \
	    '			"a.py":1:2' \
	    '			not # a location'
	run -0 col 7 --mlir "$FX/model.mlir" --func main --loc-first e.tsv
	[ "${lines[2]}" = '"model.onnx":14:7' ]
	[ "${lines[4]}" = 'not # a location' ]
}

@test "annotate: an undefined alias in an event loc is a located error" {
	printf '%s\n' "$H" '1	1	core0				#loc99' > e.tsv
	run --separate-stderr -1 npt-annotate --mlir "$FX/model.mlir" --func main e.tsv
	assert_stderr "npt-annotate: e.tsv:2: column loc: undefined location alias #loc99"
}

@test "annotate: fields that are not empty are kept unless -f" {
	printf '%s\n' "$H" '1	1	core0	CONV	mine	2	"x.py":1:1' '2	1	core0	CONV	mine	1	"x.py":1:1' > e.tsv
	run -0 ann --mlir "$FX/model.mlir" --func main e.tsv
	assert_output <<-'EOF'
	CONV	mine	2	"x.py":1:1
	CONV	mine	1	"x.py":1:1
	EOF
	# -f overwrites; an empty value in the model (op 1 has no name and an
	# unknown location) overwrites nothing
	run -0 ann -f --mlir "$FX/model.mlir" --func main e.tsv
	assert_output <<-'EOF'
	tosa.conv2d	conv1	2	"conv1"("model.onnx":12:3)
	tosa.const	mine	1	"x.py":1:1
	EOF
}

@test "annotate: events with an empty key pass through uncounted; unmatched ones are counted" {
	npt-synth -i 2 -F events > e.tsv
	# 96 layers, ids 0..95; the function has 9 ops; INVOKE has no id
	run --separate-stderr -0 npt-annotate --mlir "$FX/model.mlir" --func main e.tsv
	want=$(awk -F'\t' '$3 ~ /^core/' e.tsv | wc -l)
	hit=$(awk -F'\t' '$3 ~ /^core/ && $6 <= 8' e.tsv | wc -l)
	[ "$hit" -gt 0 ]
	assert_stderr "npt-annotate: warning: $((want - hit)) of $want events matched no operation"
	# unmatched and INVOKE lines are unchanged
	printf '%s\n' "$output" | grep -v '^#' | awk -F'\t' '$6 == "" || $6 > 8' > got
	grep -v '^#' e.tsv | awk -F'\t' '$6 == "" || $6 > 8' | cmp - got
}

@test "annotate: columns the header lacks are added in their canonical places" {
	printf '#ts_cyc\tdur_cyc\tid\textra\n1\t2\t2\tx\n' > e.tsv
	run -0 npt-annotate --mlir "$FX/model.mlir" --func main e.tsv
	assert_output <<-'EOF'
	#ts_cyc	dur_cyc	op	name	id	loc	extra
	1	2	tosa.conv2d	conv1	2	"conv1"("model.onnx":12:3)	x
	EOF
	printf '#extra\tid\n\t2\n' > e.tsv
	run -0 npt-annotate --mlir "$FX/model.mlir" --func main e.tsv
	[ "${lines[0]}" = '#extra	op	name	id	loc' ]
	[ "${lines[1]}" = '	tosa.conv2d	conv1	2	"conv1"("model.onnx":12:3)' ]
	printf '#id\n2\n' > e.tsv
	run -0 npt-annotate --mlir "$FX/model.mlir" --func main e.tsv
	[ "${lines[0]}" = "#op	name	id	loc" ]
}

@test "annotate: a repeated header is read again, metadata passes through" {
	{ printf '## clock.core0=1GHz\n#id\tts_cyc\n2\t5\n## source=b\n'
	  printf '#ts_cyc\tloc\tid\top\n6\t\t3\tX\n'; } > e.tsv
	run -0 npt-annotate --mlir "$FX/model.mlir" --func main e.tsv
	# each added column after the last canonical column before it in
	# npt-events(5) order, wherever that column is
	assert_lines "## clock.core0=1GHz" \
	    "#id	ts_cyc	op	name	loc" \
	    '2	5	tosa.conv2d	conv1	"conv1"("model.onnx":12:3)' \
	    "## source=b" \
	    "#ts_cyc	loc	id	op	name" \
	    '6	fused["model.onnx":13:5, "relu.py":4:2]	3	X	'
}

@test "annotate: -m --loc-first frees the map's locations it replaces (a leak valgrind sees)" {
	# found by tests/fuzz/fuzz-npt-annotate: the copy of each loc that
	# --loc-first shortened was lost; valgrind (exit status 99) sees it
	# (LeakSanitizer only when a stale pointer to it is not left on the
	# stack)
	printf '#id\tloc\n5\t"m.py":3:4\n7\tcallsite("f"("a.py":1:2) at "b.py":3:4)\n8\tnot a loc(\n' > map.tsv
	printf '%s\n' "$H" '1	1	core0			5	' '2	1	core0			7	' '3	1	core0			8	' > e.tsv
	vg=()
	if command -v valgrind >/dev/null && [ -z "${NPT_VARIANT:-}" ]; then
		vg=(valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99)
	fi
	run --separate-stderr -0 "${vg[@]}" npt-annotate -m map.tsv --loc-first e.tsv
	assert_output <<-'EOF'
	#ts_cyc	dur_cyc	track	op	name	id	loc
	1	1	core0			5	"m.py":3:4
	2	1	core0			7	"a.py":1:2
	3	1	core0			8	not a loc(
	EOF
	assert_stderr ""
}

@test "annotate: -m fills the map's columns, keyed on its first column, byte for byte" {
	printf '#id\top\tloc\tsrc\n5\tCONV\t"m.py":3:4\tfile-a\n05\tPAD\t\tfile-b\n\tX\tY\tZ\n7\t\tcallsite("f"("a.py":1:2) at "b.py":3:4)\t\n' > map.tsv
	printf '%s\n' "$H" '1	1	core0			5	' '2	1	core0			05	' '3	1	core0	ADD		7	' '4	1	core0			8	' > e.tsv
	run --separate-stderr -0 npt-annotate -m map.tsv e.tsv
	assert_output <<-'EOF'
	#ts_cyc	dur_cyc	track	op	name	id	loc	src
	1	1	core0	CONV		5	"m.py":3:4	file-a
	2	1	core0	PAD		05		file-b
	3	1	core0	ADD		7	callsite("f"("a.py":1:2) at "b.py":3:4)	
	4	1	core0			8		
	EOF
	assert_stderr "npt-annotate: warning: 1 of 4 events matched no line of map.tsv"
	run --separate-stderr -0 sh -c "npt-annotate -m map.tsv --loc-first e.tsv | cut -f7 | tr '\n' '|'"
	assert_output 'loc|"m.py":3:4||"a.py":1:2||'
	# the map's fields are escaped already: copied as they are
	printf '#id\tname\n5\ta\\tb\\\\c\n' > esc.tsv
	run --separate-stderr -0 sh -c "npt-annotate -m esc.tsv e.tsv | cut -f5 | sed -n 2p"
	assert_output 'a\tb\\c'
	# a map keyed on name
	printf '#name\tloc\nconv\t"n.py":1:1\n' > byname.tsv
	printf '%s\n' "$H" '1	1	core0		conv		' > e.tsv
	run -0 sh -c "npt-annotate -m byname.tsv e.tsv | cut -f7"
	[ "${lines[1]}" = '"n.py":1:1' ]
}

@test "annotate: -m: a repeated key keeps its first line, a changed header is an error" {
	printf '#id\top\n1\tA\n1\tB\n2\tC\n2\tD\n#id\top\n3\tE\n' > map.tsv
	printf '#id\top\n1\t\n2\t\n3\t\n' > e.tsv
	run --separate-stderr -0 npt-annotate -m map.tsv e.tsv
	assert_output <<-'EOF'
	#id	op
	1	A
	2	C
	3	E
	EOF
	assert_stderr <<-'EOF'
	npt-annotate: warning: map.tsv:3: key "1" repeats line 2; the first is used
	npt-annotate: warning: map.tsv: 1 more repeated keys; the first line is used
	EOF
	printf '#id\top\n1\tA\n#op\tid\n' > bad.tsv
	run --separate-stderr -1 npt-annotate -m bad.tsv e.tsv
	assert_stderr "npt-annotate: bad.tsv:3: the header differs from the one at line 1"
	: > empty.tsv
	run --separate-stderr -1 npt-annotate -m empty.tsv e.tsv
	assert_stderr "npt-annotate: empty.tsv: the map has no header line"
	printf '#id\n1\n' > e.tsv
	printf '#name\top\n' > m2.tsv
	run --separate-stderr -1 npt-annotate -m m2.tsv e.tsv
	assert_stderr "npt-annotate: e.tsv:1: no column name in the header"
}

@test "annotate: the Torq corpus files scan cleanly, one op per line of the body" {
	[ -d "$CORPUS" ] || skip "no shared corpus here"
	for f in "$CORPUS"/*.mlir; do
		# the ops directly in these files' function bodies are the lines
		# indented by exactly four spaces that are not comments or '}'
		# ("%x = ...", "\"op\"(...)", "dialect.op ...", "return ...")
		n=$(grep -cE '^    (%|"|[a-z_]+\.|return)' "$f")
		[ "$n" -ge 2 ]
		{ printf '#id\n'; seq 0 "$n"; } > e.tsv
		run --separate-stderr -0 npt-annotate --mlir "$f" e.tsv
		[ "$stderr" = "npt-annotate: warning: 1 of $((n + 1)) events matched no operation" ] ||
			flunk "$f: $stderr"
		[ "$(printf '%s\n' "$output" | awk -F'\t' 'NR > 1 && $1 != ""' | wc -l)" -eq "$n" ] || flunk "$f"
	done
	# the op the Torq docs name: tosa.add at line 18 of add.mlir (the body
	# starts at line 3: position 15)
	run -0 sh -c "printf '#id\n15\n' | npt-annotate --mlir '$CORPUS/add.mlir' | cut -f1"
	[ "${lines[1]}" = "tosa.add" ]
	# a multi-line linalg.generic with a region counts once; its yield not
	run -0 sh -c "printf '#id\n4\n5\n' | npt-annotate --mlir '$CORPUS/batch-matmul-broadcast-bf16.mlir' | cut -f1"
	[ "${lines[1]}" = "linalg.generic" ]
	[ "${lines[2]}" = "linalg.batch_matmul" ]
}

@test "annotate: pipeline: synth a model of the fixture's ops, decode, annotate, sum by loc" {
	printf '#id\top\tcost\tname\n0\ttosa.conv2d\t50\tconv1\n1\ttosa.clamp\t10\trelu\n2\tcall\t5\tact\n3\ttosa.add\t10\tadd\n4\tlinalg.generic\t20\tsq\n5\ttosa.tanh\t5\ttanh\n' > model.tsv
	npt-synth -m model.tsv -c 2 -i 20
	npt-synth -m model.tsv -c 2 -i 20 -F events > want.tsv
	npt-decode core0.bin core1.bin corectrl0.bin |
		npt-annotate --mlir "$FX/model.mlir" --func main --skip tosa.const --skip return --loc-first > got.tsv
	awk -F'\t' '/^#/ || $3 ~ /^core/' got.tsv | npt-agg -k loc -q none |
		awk -F'\t' '/^#/ { for (i = 1; i <= NF; i++) c[$i] = i; next }
			$1 != "*" { print $1 "\t" $c["total_cyc"] }' | sort > got
	# independently: the ids' first locations, typed from model.in.mlir
	printf '0\t"model.onnx":12:3\n1\t"model.onnx":13:5\n2\t"model.onnx":14:7\n3\t"lib/ops.py":40:7\n4\t"weird)name.py":1:1\n5\t"q\\\\22uote\\\\\\\\back\\\\09slash.py":9:9\n' > idloc
	awk -F'\t' 'NR == FNR { loc[$1] = $2; next } !/^#/ && $3 ~ /^core/ { t[loc[$6]] += $2 }
		END { for (k in t) print k "\t" t[k] }' idloc want.tsv | sort > want
	[ "$(wc -l < want)" -eq 6 ]
	cmp want got
}

@test "annotate: memory does not grow with the number of events" {
	need_native_rss
	npt-synth -i 1 -F events > small.tsv
	npt-synth -i 6000 -F events > big.tsv
	/usr/bin/time -f %M -o a npt-annotate --mlir "$FX/model.mlir" --func main small.tsv > /dev/null 2>&1
	/usr/bin/time -f %M -o b npt-annotate --mlir "$FX/model.mlir" --func main big.tsv > /dev/null 2>&1
	[ "$(cat b)" -lt $(($(cat a) + 1024)) ] || flunk "$(cat a) KiB, then $(cat b) KiB"
	[ "$(cat b)" -lt 8192 ] || flunk "$(cat b) KiB"
}

@test "annotate: malformed MLIR that no event needs is skipped with warnings" {
	cat > bad.mlir <<-'EOF'
	func.func @main() {
	  "a.one"() : () -> () loc("a.py":1:1)
	  ) ] "a.two"() : () -> () loc("a.py":2:2)
	  "a.three"() : () -> () loc(callsite("x" "y"))
	  "a.four"() {s = "not closed} : () -> () loc("a.py":4:4)
	  %x = 5
	  "a.five"() : () -> () loc(#nope)
	  "a.six"() : () -> () loc("a.py":6:6)
	}
	EOF
	# a.two is not at the start of its line: not an op; the string
	# "not closed} ... loc(" closes at the quote before a.py, and the next
	# one, at column 52, is not closed: the '{' of line 5 is dropped with
	# it, so a.five and a.six are still ops of the function
	printf '#id\n0\n4\n' > e.tsv
	run --separate-stderr -0 npt-annotate --mlir bad.mlir e.tsv
	assert_output <<-'EOF'
	#op	name	id	loc
	a.one		0	"a.py":1:1
	a.six		4	"a.py":6:6
	EOF
	assert_stderr <<-'EOF'
	npt-annotate: warning: bad.mlir:3:3: ')' closes nothing; ignored
	npt-annotate: warning: bad.mlir:3:5: ']' closes nothing; ignored
	npt-annotate: warning: bad.mlir:5:52: string not closed on its line
	npt-annotate: warning: bad.mlir: 1 more problems skipped
	EOF
	printf 'func.func @main() {\n  "a.one"() : () -> ()\n' > open.mlir
	printf '#id\n0\n' > e.tsv
	run --separate-stderr -0 npt-annotate --mlir open.mlir e.tsv
	assert_stderr "npt-annotate: warning: open.mlir:1:19: '{' not closed at the end"
	[ "${lines[1]}" = "a.one		0	" ]
}

@test "annotate: a malformed location an event needs is a located error" {
	printf 'func.func @main() {\n  "a.one"() : () -> () loc(callsite("x" "y"))\n  "a.two"() : () -> () loc(#nope)\n  "a.three"() : () -> () loc(#l1)\n  "a.four"() : () -> () loc(fused["a":1:2 "b":3:4])\n}\n#l1 = loc(#l2)\n#l2 = loc(#l1)\n' > bad.mlir
	# columns counted by hand: "y" at 41, #nope at 28, #l1's inside at 7:11
	# (the 501st alias of the cycle #l1 -> #l2 -> #l1), "b" at 43
	badlocs bad.mlir "0 2:41: bad location of a.one at 2:3: expected 'at' in a callsite location" \
	    "1 3:28: bad location of a.two at 3:3: undefined location alias #nope" \
	    "2 7:11: bad location of a.three at 4:3: location nested more than 500 deep (an alias cycle?)" \
	    "3 5:43: bad location of a.four at 5:3: expected ',' or ']' in a fused location"
}

@test "annotate: line and column numbers are MLIR's: decimal or 0x hex, 32 bits, written in decimal; a range only after a column" {
	# MLIR's LocationParser reads them with Token::getUnsignedIntegerValue
	# (0x and hex digits of either case, or decimal; an unsigned of 32
	# bits) and takes 'to' only after a column.  Before, 0x10 was "expected
	# a line number", and "f.py":3 to 5:6 and a line of 2^32 were taken.
	cat > num.mlir <<-'EOF'
	func.func @main() {
	  "t.a"() : () -> () loc("f.py":0x10:0x2)
	  "t.b"() : () -> () loc("f.py":4294967295:0xffffffff to 0x0a:010)
	  "t.c"() : () -> () loc("f.py":0x00000000000000001F)
	  return
	}
	EOF
	ev 0 1 2 > e.tsv
	run -0 ann --mlir num.mlir e.tsv
	assert_lines 't.a		0	"f.py":16:2' \
		't.b		1	"f.py":4294967295:4294967295 to 10:10' \
		't.c		2	"f.py":31'
	cat > badnum.mlir <<-'EOF'
	func.func @main() {
	  "t.a"() : () -> () loc("f.py":3 to 5:6)
	  "t.b"() : () -> () loc("f.py":4294967296:1)
	  "t.c"() : () -> () loc("f.py":1:0x100000000)
	  "t.d"() : () -> () loc("f.py":0X10:2)
	}
	EOF
	# columns counted by hand: the line number at 33, so 'to' at 35 and
	# the column at 35
	badlocs badnum.mlir "0 2:35: bad location of t.a at 2:3: unexpected text after the location" \
	    "1 3:33: bad location of t.b at 3:3: line number larger than 4294967295" \
	    "2 4:35: bad location of t.c at 4:3: column number larger than 4294967295" \
	    "3 5:33: bad location of t.d at 5:3: expected a line number"
}

@test "annotate: a location that doubles through aliases stops at 1 MiB" {
	{ printf 'func.func @main() {\n  "a.one"() : () -> () loc(#d30)\n}\n#d0 = loc("x.py":1:2)\n'
	  for i in $(seq 1 30); do printf '#d%d = loc(fused[#d%d, #d%d])\n' "$i" $((i - 1)) $((i - 1)); done; } > big.mlir
	printf '#id\n0\n' > e.tsv
	run --separate-stderr -1 npt-annotate --mlir big.mlir e.tsv
	[[ $stderr == "npt-annotate: big.mlir:"*": bad location of a.one at 2:3: location longer than 1048576 bytes after resolving aliases" ]]
}

@test "annotate: --by-name warns about malformed locations and needs names" {
	printf 'func.func @main() {\n  "a.one"() : () -> () loc("n"("a":1:1))\n  "a.two"() : () -> () loc(fused[)\n}\n' > bad.mlir
	printf '#name\nn\n' > e.tsv
	run --separate-stderr -0 npt-annotate --mlir bad.mlir --by-name e.tsv
	[ "${lines[1]}" = "a.one	n	\"n\"(\"a\":1:1)" ]
	assert_stderr "npt-annotate: warning: bad.mlir:3:34: expected a location; the operation has no name"
	printf 'func.func @main() {\n  "a.one"() : () -> () loc("a":1:1)\n}\n' > noname.mlir
	run --separate-stderr -1 npt-annotate --mlir noname.mlir --by-name e.tsv
	assert_stderr "npt-annotate: noname.mlir: no operation has a name location"
}

@test "annotate: --by-name counts the bad locations after the first, and --func keeps other functions' names out" {
	cat > bad.mlir <<-'EOF'
	func.func @f() {
	  "a.one"() : () -> () loc("n"("a.py":1:1))
	  "a.two"() : () -> () loc(fused[)
	  "a.three"() : () -> () loc(#nope)
	}
	func.func @g() {
	  "b.one"() : () -> () loc("n"("b.py":2:2))
	}
	EOF
	printf '#name\nn\n' > e.tsv
	run --separate-stderr -0 npt-annotate --mlir bad.mlir --by-name e.tsv
	[ "${lines[1]}" = 'a.one	n	"n"("a.py":1:1)' ]
	# by hand: the ')' of line 3 at column 34; b.one at 7:3, a.one at 2:3
	assert_stderr <<-'EOF'
	npt-annotate: warning: bad.mlir:3:34: expected a location; the operation has no name
	npt-annotate: warning: bad.mlir:7:3: name "n" is also on the operation at 2:3; the first is used
	npt-annotate: warning: bad.mlir: 1 more bad locations; their operations have no name
	EOF
	# only @g's operations count: no warning, n is b.one
	run --separate-stderr -0 npt-annotate --mlir bad.mlir --by-name --func g e.tsv
	[ "${lines[1]}" = 'b.one	n	"n"("b.py":2:2)' ]
	assert_stderr ""
}

@test "annotate: --order among more than four functions names the first four, @? for one without a symbol" {
	# @e has no operations and does not count; the generic func.func has
	# no sym_name
	cat > five.mlir <<-'EOF'
	module {
	  func.func @a() {
	    "x.one"() : () -> ()
	  }
	  "func.func"() ({
	    "x.two"() : () -> ()
	  }) : () -> ()
	  func.func @c() {
	    "x.three"() : () -> ()
	  }
	  func.func @e() {
	  }
	  func.func @f() {
	    "x.four"() : () -> ()
	  }
	  func.func @g() {
	    "x.five"() : () -> ()
	  }
	}
	EOF
	printf '#id\n0\n' > e.tsv
	run --separate-stderr -1 npt-annotate --mlir five.mlir e.tsv
	assert_stderr "npt-annotate: five.mlir: 5 functions (@a, @?, @c, @f, ...): choose one with --func"
	run -0 col 1 --mlir five.mlir --func g e.tsv
	assert_output "x.five"
}

@test "annotate: errors about the MLIR file and the functions" {
	cp "$FX/torq.mlir" "$FX/model.mlir" .
	run --separate-stderr -1 npt-annotate --mlir nosuch.mlir /dev/null
	assert_stderr "npt-annotate: nosuch.mlir: No such file or directory"
	printf '#id\n0\n' > e.tsv
	run --separate-stderr -1 npt-annotate --mlir torq.mlir e.tsv
	assert_stderr "npt-annotate: torq.mlir: 2 functions (@main_dispatch_0, @main_dispatch_1): choose one with --func"
	run --separate-stderr -1 npt-annotate --mlir torq.mlir --func nosuch e.tsv
	assert_stderr "npt-annotate: torq.mlir: no function @nosuch with operations"
	printf 'module {\n}\n' > empty.mlir
	run --separate-stderr -1 npt-annotate --mlir empty.mlir e.tsv
	assert_stderr "npt-annotate: empty.mlir: no function with operations"
	run --separate-stderr -1 npt-annotate --mlir model.mlir --id-attr torq-nothing e.tsv
	assert_stderr "npt-annotate: model.mlir: no operation has an integer attribute torq-nothing"
	run --separate-stderr -1 npt-annotate --mlir model.mlir --id-attr note e.tsv
	assert_stderr "npt-annotate: model.mlir: no operation has an integer attribute note"
}

@test "annotate: a bad id and a missing key column are located errors" {
	printf '#id\n0\n3x\n' > e.tsv
	run --separate-stderr -1 npt-annotate --mlir "$FX/model.mlir" --func main e.tsv
	assert_stderr 'npt-annotate: e.tsv:3: column id: not a number: "3x"'
	[ "${lines[1]}" = "tosa.const	weights	0	\"weights\"(\"model.onnx\":3:1)" ]
	# a negative id matches nothing (tested above); "--1" is no integer
	printf '#id\n--1\n' > e.tsv
	run --separate-stderr -1 npt-annotate --mlir "$FX/model.mlir" --func main e.tsv
	assert_stderr 'npt-annotate: e.tsv:2: column id: not a number: "--1"'
	run --separate-stderr -1 npt-annotate --mlir "$FX/model.mlir" --func main --id-attr torq-action-id e.tsv
	assert_stderr 'npt-annotate: e.tsv:2: column id: not a number: "--1"'
	printf '#ts_cyc\n1\n' > e.tsv
	run --separate-stderr -1 npt-annotate --mlir "$FX/model.mlir" --func main e.tsv
	assert_stderr "npt-annotate: e.tsv:1: no column id in the header"
	run --separate-stderr -1 npt-annotate --mlir "$FX/model.mlir" --by-name e.tsv
	assert_stderr "npt-annotate: e.tsv:1: no column name in the header"
}

@test "annotate: usage errors exit 2 before reading input" {
	run --separate-stderr -2 npt-annotate /dev/null
	assert_stderr "npt-annotate: no model: give --mlir file or -m map"
	run --separate-stderr -2 npt-annotate --mlir a -m b
	assert_stderr "npt-annotate: --mlir and -m exclude each other"
	run --separate-stderr -2 npt-annotate --mlir a --order --by-name
	assert_stderr "npt-annotate: --by-name, --id-attr and --order exclude each other"
	for o in --order --by-name '--id-attr x' '--func f' '--skip p'; do
		# shellcheck disable=SC2086
		run --separate-stderr -2 npt-annotate -m map $o
		assert_stderr "npt-annotate: ${o%% *} works with --mlir, not with -m"
	done
	run --separate-stderr -2 npt-annotate --mlir a --by-name --skip p
	assert_stderr "npt-annotate: --skip works with --order only"
	run --separate-stderr -2 npt-annotate --mlir a --id-attr ''
	assert_stderr "npt-annotate: --id-attr: empty attribute name"
	run --separate-stderr -2 npt-annotate --mlir a --func=
	assert_stderr "npt-annotate: --func: empty function name"
	run --separate-stderr -2 npt-annotate --mlir a --skip ''
	assert_stderr "npt-annotate: --skip: empty pattern"
	run --separate-stderr -2 npt-annotate --mlir
	[ "${stderr_lines[0]}" = "npt-annotate: option requires an argument: --mlir" ]
}

@test "annotate: empty input, header only, no final newline, empty fields" {
	run --separate-stderr -0 npt-annotate --mlir "$FX/model.mlir" --func main < /dev/null
	[ -z "$output" ] && [ -z "$stderr" ]
	printf '%s\n' "$H" > h.tsv
	run -0 npt-annotate --mlir "$FX/model.mlir" --func main h.tsv
	assert_output "$H"
	printf '%s\n%s' "$H" '1		core0			2	' > nolf.tsv
	run -0 npt-annotate --mlir "$FX/model.mlir" --func main nolf.tsv
	[ "${lines[1]}" = '1		core0	tosa.conv2d	conv1	2	"conv1"("model.onnx":12:3)' ]
	[ "$(npt-annotate --mlir "$FX/model.mlir" --func main nolf.tsv | tail -c1 | od -An -c | tr -d ' ')" = '\n' ]
}

@test "annotate: a 1 MiB field passes through" {
	big=$(head -c 1048576 /dev/zero | tr '\0' 'x')
	printf '%s\textra\n1\t1\tcore0\t\t\t2\t\t%s\n2\t1\tcore0\t\t\t2\t\ty\n' "$H" "$big" > e.tsv
	npt-annotate --mlir "$FX/model.mlir" --func main e.tsv > out
	[ "$(sed -n 2p out | cut -f8 | wc -c)" -eq 1048577 ]
	[ "$(sed -n 2p out | cut -f1-7)" = '1	1	core0	tosa.conv2d	conv1	2	"conv1"("model.onnx":12:3)' ]
	# the line after it is whole, and nothing else is there
	[ "$(sed -n 3p out)" = '2	1	core0	tosa.conv2d	conv1	2	"conv1"("model.onnx":12:3)	y' ]
	[ "$(wc -l < out)" -eq 3 ]
}

@test "annotate: reads standard input with no operand and with -, files in order" {
	ev 2 > a.tsv
	ev 3 > b.tsv
	npt-annotate --mlir "$FX/model.mlir" --func main a.tsv b.tsv > want
	cat a.tsv b.tsv | npt-annotate --mlir "$FX/model.mlir" --func main > got1
	npt-annotate --mlir "$FX/model.mlir" --func main a.tsv - < b.tsv > got2
	cmp want got1
	cmp want got2
	run --separate-stderr -1 npt-annotate --mlir "$FX/model.mlir" --func main nosuch.tsv b.tsv
	assert_stderr "npt-annotate: nosuch.tsv: No such file or directory"
	# the stream says the input is lost (npt-events(5), Losses), after
	# the data
	{ npt-annotate --mlir "$FX/model.mlir" --func main b.tsv
	  echo '## lost.truncated.nosuch.tsv=1'; } > want
	[ "$output" = "$(cat want)" ]
	# Torq's CSV is no stream: no loss line in it
	run --separate-stderr -1 npt-annotate --mlir "$FX/model.mlir" --torq --csv nosuch.tsv
	[ "$(grep -c lost <<< "$output")" -eq 0 ]
}

@test "annotate: an error inside an input ends the stream with its loss line" {
	ev 2 > a.tsv
	printf '1\t1\tcore0\n' >> a.tsv
	run --separate-stderr -1 npt-annotate --mlir "$FX/model.mlir" --func main a.tsv
	[ "${lines[${#lines[@]}-1]}" = "## lost.truncated.a.tsv=1" ]
	[ "$(grep -c '^## lost' <<< "$output")" -eq 1 ]
	# the event before the bad line is there, annotated
	[ "$(grep -vc '^#' <<< "$output")" -eq 1 ]
	run --separate-stderr -1 sh -c "npt-annotate --mlir '$FX/model.mlir' --func main < a.tsv"
	[ "${lines[${#lines[@]}-1]}" = "## lost.truncated.<stdin>=1" ]
	# the operands after the one the error ended are not read: lost too
	ev 3 > c.tsv
	run --separate-stderr -1 npt-annotate --mlir "$FX/model.mlir" --func main a.tsv c.tsv
	[ "$(grep '^## lost' <<< "$output")" = "## lost.truncated.a.tsv=1
## lost.truncated.c.tsv=1" ]
	# columns added: the line is written field by field, and the error
	# comes in its loc; the part written is dropped, not left half a line
	printf '#ts_cyc\tdur_cyc\ttrack\tid\tloc\n1\t1\tcore0\t2\t\n1\t1\tcore0\t\t#loc99\n' > b.tsv
	run --separate-stderr -1 npt-annotate --mlir "$FX/model.mlir" --func main b.tsv
	assert_stderr "npt-annotate: b.tsv:3: column loc: undefined location alias #loc99"
	assert_output <<-'EOF'
	#ts_cyc	dur_cyc	track	op	name	id	loc
	1	1	core0	tosa.conv2d	conv1	2	"conv1"("model.onnx":12:3)
	## lost.truncated.b.tsv=1
	EOF
}

@test "annotate: a write error on /dev/full is reported, exit 1" {
	need_devfull
	ev 1 2 3 > e.tsv
	run --separate-stderr -1 sh -c "npt-annotate --mlir '$FX/model.mlir' --func main e.tsv > /dev/full"
	assert_stderr "npt-annotate: write error: No space left on device"
}

@test "annotate: | head -n1 ends quietly" {
	npt-synth -i 300 -F events > e.tsv
	run --separate-stderr sh -c "npt-annotate --mlir '$FX/model.mlir' --func main e.tsv 2>err | head -n1; cat err"
	[ "$status" -eq 0 ]
	[ "$output" = "## clock.core0=900MHz" ]
}

@test "annotate: runs under busybox sh with busybox tools" {
	need_busybox
	npt-synth -i 2 -F events > e.tsv
	npt-annotate -f --mlir "$FX/model.mlir" --func main e.tsv 2>/dev/null | grep -c 'tosa\.' > want
	run -0 busybox sh -c "npt-annotate -f --mlir '$FX/model.mlir' --func main e.tsv 2>/dev/null | busybox grep -c 'tosa\\.'"
	[ "$output" -eq "$(cat want)" ]
	[ "$output" -gt 0 ]
}

@test "annotate: truncated at every 7th byte (29th against a sanitizer or qemu build), the MLIR never crashes the tool" {
	f="$FX/model.mlir"
	size=$(wc -c < "$f")
	ev 0 1 2 3 4 5 6 7 8 > e.tsv
	step=$(variant_n 7 29)
	for ((k = 0; k <= size; k += step)); do
		head -c "$k" "$f" > cut.mlir
		rc=0
		timeout 5 npt-annotate --mlir cut.mlir --func main e.tsv > /dev/null 2> err || rc=$?
		[ "$rc" -le 1 ] || flunk "byte $k: exit $rc: $(cat err)"
	done
}

@test "annotate: loss lines pass through in their place, after the data too" {
	printf '#id\top\n3\tADD\n' > map.tsv
	{ ev 3; printf '## lost.records.core0.bin=3\n'; ev 3 | sed 1d; printf '## lost.ends.ctrl0.bin=1\n'; } > a.tsv
	run -0 npt-annotate -m map.tsv a.tsv
	assert_lines "$H" \
		"100	10	core0	ADD		3	" \
		"## lost.records.core0.bin=3" \
		"100	10	core0	ADD		3	" \
		"## lost.ends.ctrl0.bin=1"
}
