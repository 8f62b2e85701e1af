#!/bin/sh
# Did the change make an operator type slower, beyond the run-to-run noise?
# Two synthetic runs of 30 inferences, each with its own jitter (seeds 1
# and 2); in the second every TRANSPOSE layer takes 8% longer.  npt-diff
# compares them per operator type and, as a CI gate with --fail-above 3%,
# exits 3 for the regression it finds.  With 12 types tested, the level
# -a 0.001 keeps a type that did not change from looking changed by
# chance (at 0.01, one in a hundred does).
here=$(cd "$(dirname "$0")" && pwd)
PATH=$here/../bin:$PATH
tmp=$(mktemp -d "${TMPDIR:-/tmp}/npt-diff.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

npt-synth -F events -i 30 -s 1 | npt-time > "$tmp/before.tsv"
# the planted regression: dur_cyc of the TRANSPOSE layers times 1.08
npt-synth -F events -i 30 -s 2 |
awk -F'\t' -v OFS='\t' '
	/^##/ { print; next }
	/^#/ { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	$c["op"] == "TRANSPOSE" { $c["dur_cyc"] = int($c["dur_cyc"] * 1.08 + 0.5) }
	{ print }' | npt-time > "$tmp/after.tsv"

npt-diff -a 0.001 -p "$tmp/before.tsv" "$tmp/after.tsv"
npt-diff -a 0.001 --fail-above 3% "$tmp/before.tsv" "$tmp/after.tsv" > /dev/null 2> "$tmp/err"
status=$?
case $status in
1)	if ! grep -q '^npt-diff: regression: ' "$tmp/err"; then
		cat "$tmp/err" >&2	# an error, not a regression
		exit 1
	fi
	echo "regression caught (npt-diff exit 1):"
	sed 's/^/  /' "$tmp/err" ;;
0)	echo "no regression beyond the noise: the gate missed it" >&2
	exit 1 ;;
*)	cat "$tmp/err" >&2
	exit "$status" ;;
esac
