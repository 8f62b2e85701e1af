#!/usr/bin/env bats
# Output failures, for every tool: a full disk is a write error and exit 1
# at once; a reader that goes away (| head -n1) ends the tool quietly; a
# closed standard output is reported.  And pipes: on Linux a tool enlarges
# the pipes it writes and reads (lib/pipe.c), and where it cannot, writes
# the same.
load test_helper

# A command line of each tool that writes plenty of output, run in a
# directory prepared by tests/helpers/example-data.sh plus big.tsv.
invocation() {
	case $1 in
	npt-agg) echo "npt-agg -k id,track big.tsv" ;;
	npt-annotate) echo "npt-annotate -m symbols.tsv big.tsv" ;;
	npt-decode) echo "npt-decode core0.bin core1.bin corectrl0.bin" ;;
	npt-diff) echo "npt-diff -k id,iter big.tsv big.tsv" ;;
	npt-fold) echo "npt-fold -T -k id big.tsv" ;;
	npt-import) echo "npt-import -t chrome trace.json" ;;
	npt-json) echo "npt-json big.tsv" ;;
	npt-mem) echo "npt-mem mem.tsv" ;;
	npt-overlap) echo "npt-overlap big.tsv" ;;
	npt-rate) echo "npt-rate -f 1GHz kernels.tsv" ;;
	npt-svg) echo "npt-svg -W 4000 big.tsv" ;;
	npt-synth) echo "npt-synth -i 200 -F events" ;;
	npt-time) echo "npt-time big.tsv" ;;
	*) return 1 ;;
	esac
}

setup_file() {
	DATA=$(mktemp -d "${BATS_TMPDIR:-/tmp}/npt-output.XXXXXX")
	export DATA
	PATH="${NPT_BIN:-$BATS_TEST_DIRNAME/../bin}:$PATH"
	sh "$BATS_TEST_DIRNAME/helpers/example-data.sh" "$DATA"
	(cd "$DATA" && npt-synth -i 200 -F events > big.tsv &&
		npt-json big.tsv > trace.json &&
		awk 'BEGIN { print "#kernel\tcompute_cyc\ttransmission_cyc"
			for (i = 0; i < 20000; i++)
				printf "k%d\t%d\t%d\n", i, 1000 + i * 7 % 997, 900 + i }' \
		    > kernels.tsv &&
		awk 'BEGIN { print "#ts_cyc\tdur_cyc\ttrack\tbytes"
			for (i = 0; i < 100000; i++)
				printf "%d\t%d\ttile%d\t%d\n", i, 5 + i % 7, i % 20000, i }' \
		    > mem.tsv)
}

teardown_file() {
	rm -rf "$DATA"
}

tools() {
	for f in "$NPT_ROOT"/bin/npt-*.c; do
		basename "$f" .c
	done
}

@test "output: every tool has an invocation here" {
	for t in $(tools); do
		invocation "$t" > /dev/null || flunk "$t has no invocation in tests/output.bats"
	done
}

@test "output: every tool reports a full disk and exits 1" {
	need_devfull
	for t in $(tools); do
		cmd=$(invocation "$t")
		run --separate-stderr sh -c "cd '$DATA' && $cmd > /dev/full"
		[ "$status" -eq 1 ] || flunk "$t: exit $status"
		[ "$stderr" = "$t: write error: No space left on device" ] || flunk "$t: $stderr"
	done
}

@test "output: every tool ends quietly when its reader goes away" {
	for t in $(tools); do
		cmd=$(invocation "$t")
		run --separate-stderr sh -c "cd '$DATA' && { $cmd; echo \$? > '$TMP/rc'; } | head -n1"
		[ "$status" -eq 0 ] || flunk "$t: pipeline exit $status"
		[ -n "$output" ] || flunk "$t: no first line"
		[ -z "$stderr" ] || flunk "$t: $stderr"
		rc=$(cat "$TMP/rc")
		[ "$rc" -eq 0 ] || [ "$rc" -eq 141 ] || flunk "$t: exit $rc"
	done
}

@test "output: every tool reports a closed standard output" {
	for t in $(tools); do
		cmd=$(invocation "$t")
		run --separate-stderr sh -c "cd '$DATA' && $cmd >&-"
		[ "$status" -eq 1 ] || flunk "$t: exit $status"
		[ "$stderr" = "$t: write error: Bad file descriptor" ] || flunk "$t: $stderr"
	done
}

@test "output: with NPT_PROGRESS=1 every reading tool shows progress on stderr only" {
	for t in $(tools); do
		case $t in
		npt-synth) continue ;;	# reads no input
		esac
		cmd=$(invocation "$t")
		(cd "$DATA" && sh -c "$cmd" > "$TMP/plain" 2>/dev/null)
		(cd "$DATA" && NPT_PROGRESS=1 sh -c "$cmd" > "$TMP/prog" 2> "$TMP/err")
		cmp "$TMP/plain" "$TMP/prog" || flunk "$t: output differs"
		if [ "$t" = npt-decode ]; then
			# npt-decode shows the progress of the merge itself,
			# every 65536 events
			mkdir -p "$TMP/logs"
			npt-synth -i 400 -o "$TMP/logs"
			npt-decode --progress "$TMP"/logs/*.bin > /dev/null 2> "$TMP/err"
		fi
		tr '\r' '\n' < "$TMP/err" | grep -q "^$t: .* MB" || flunk "$t: no progress: $(cat "$TMP/err")"
	done
}

@test "output: --help, --version and npt-import -t list report a full disk and exit 1" {
	need_devfull
	for t in $(tools); do
		for o in --help --version; do
			run --separate-stderr sh -c "$t $o > /dev/full"
			[ "$status" -eq 1 ] || flunk "$t $o: exit $status"
			[ "$stderr" = "$t: write error: No space left on device" ] || flunk "$t $o: $stderr"
			run --separate-stderr -0 sh -c "$t $o | head -c 1"
			[ -z "$stderr" ] || flunk "$t $o | head: $stderr"
		done
	done
	run --separate-stderr -1 sh -c "npt-import -t list > /dev/full"
	[ "$stderr" = "npt-import: write error: No space left on device" ]
}

# The size of the pipe on standard input, F_GETPIPE_SZ (1032 on Linux),
# once a byte has come through it; then the rest is read.
pipesz_py='import fcntl, sys
sys.stdin.buffer.read(1)
print(fcntl.fcntl(0, 1032))
sys.stdin.buffer.read()'

# Linux and python3, or skip; sets defsz, the size of a new pipe (16
# pages: 64 KiB with pages of 4 KiB).
need_linux_pipe() {
	[ "$(uname -s)" = Linux ] || skip "F_SETPIPE_SZ is Linux's"
	command -v python3 > /dev/null || skip "python3 is not installed"
	defsz=$(python3 -c 'import fcntl, os
print(fcntl.fcntl(os.pipe()[1], 1032))')
}

# need_linux_pipe, and a pipe of 1 MiB allowed (pipe-max-size, or root),
# or skip; sets bigsz, the size of a pipe the tools enlarged: 1 MiB, as
# lib/pipe.c asks for, unless the pipe was larger already.
need_pipesz() {
	need_linux_pipe
	[ "$(cat /proc/sys/fs/pipe-max-size)" -ge 1048576 ] || [ "$(id -u)" -eq 0 ] ||
		skip "pipe-max-size is below 1 MiB here"
	bigsz=$((defsz > 1048576 ? defsz : 1048576))
}

@test "output: on Linux every tool enlarges the pipe it writes to, to 1 MiB" {
	need_pipesz
	for t in $(tools); do
		cmd=$(invocation "$t")
		run --separate-stderr sh -c "cd '$DATA' && $cmd | python3 -c '$pipesz_py'"
		[ "$status" -eq 0 ] || flunk "$t: exit $status: $stderr"
		[ "$output" = "$bigsz" ] || flunk "$t: a pipe of $output bytes"
	done
}

@test "output: on Linux a tool enlarges the pipe it reads, to 1 MiB" {
	need_pipesz
	cd "$DATA"
	# the writer's end seen by python3, while the tool reads from the other
	for t in "npt-time -" "npt-agg -q none" "npt-decode -" "npt-json"; do
		case $t in
		npt-decode*) f=core0.bin ;;
		*) f=big.tsv ;;
		esac
		run -0 python3 -c '
import fcntl, os, subprocess, sys, time
r, w = os.pipe()
before = fcntl.fcntl(w, 1032)
p = subprocess.Popen(sys.argv[1].split(), stdin=r, stdout=subprocess.DEVNULL)
os.close(r)
for i in range(500):
	if fcntl.fcntl(w, 1032) >= 1048576:
		break
	time.sleep(0.01)
after = fcntl.fcntl(w, 1032)
with open(sys.argv[2], "rb") as f:
	os.write(w, f.read())
os.close(w)
print(before, after, p.wait())' "$t" "$f"
		[ "$output" = "$defsz $bigsz 0" ] || flunk "$t: $output"
	done
}

@test "output: where a pipe cannot be enlarged every tool writes the same as to a file" {
	need_linux_pipe
	command -v cc > /dev/null || skip "no cc"
	[ -z "${NPT_VARIANT:-}" ] || skip "LD_PRELOAD needs the native, dynamic build"
	# fcntl(F_SETPIPE_SZ) fails with EPERM, as past pipe-max-size
	cat > shim.c <<'C'
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sys/syscall.h>
#include <unistd.h>

int
fcntl(int fd, int cmd, ...)
{
	va_list ap;
	long arg;

	va_start(ap, cmd);
	arg = va_arg(ap, long);
	va_end(ap);
	if (cmd == F_SETPIPE_SZ) {
		errno = EPERM;
		return -1;
	}
	return (int)syscall(SYS_fcntl, fd, cmd, arg);
}
C
	sed 's/^fcntl(/fcntl64(/' shim.c > shim64.c
	cc -shared -fPIC -o shim.so shim.c shim64.c || skip "cannot build a shared object here"
	for t in $(tools); do
		cmd=$(invocation "$t")
		(cd "$DATA" && sh -c "$cmd" > "$TMP/file")
		run --separate-stderr sh -c "cd '$DATA' && LD_PRELOAD='$TMP/shim.so' $cmd | python3 -c '$pipesz_py'"
		[ "$status" -eq 0 ] || flunk "$t: exit $status: $stderr"
		[ -z "$stderr" ] || flunk "$t: $stderr"
		[ "$output" = "$defsz" ] || flunk "$t: a pipe of $output bytes"
		(cd "$DATA" && LD_PRELOAD="$TMP/shim.so" sh -c "$cmd" | cat > "$TMP/piped") ||
			flunk "$t: exit status"
		cmp "$TMP/piped" "$TMP/file" || flunk "$t: output differs"
	done
}
