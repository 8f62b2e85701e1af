# The conversion of npt-time in awk, for bench/time.sh: ts_cyc and dur_cyc
# to us with three decimals at each track's clock from the "## clock."
# lines, the duration as the rounded end minus the rounded start.  In
# floating point, so not exact beyond 2^53 (about 10^7 s of cycles in us).
BEGIN { FS = OFS = "\t" }
/^##/ { print; next }
/^#/ { sub(/ts_cyc/, "ts_us"); sub(/dur_cyc/, "dur_us"); print; next }
{
	k = us[$3]
	ts = sprintf("%.3f", $1 * k)
	if ($2 != "")
		$2 = sprintf("%.3f", sprintf("%.3f", ($1 + $2) * k) - ts)
	$1 = ts
	print
}
