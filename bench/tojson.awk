# Chrome trace JSON with printf, for bench/json.sh: what npt-json writes for
# a decoded stream (cycles at the clocks of the "## clock." lines), an X
# event per line with its args, thread names first seen; in floating point,
# without string escaping and without lanes for overlapping events.
BEGIN { FS = "\t"; printf "[" }
/^##/ { next }
/^#/ {
	n = NF
	for (i = 1; i <= NF; i++)
		col[i] = $i
	next
}
{
	if (!($3 in tid)) {
		tid[$3] = ++ntid
		printf "%s\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,\"ts\":0,\"args\":{\"name\":\"%s\"}}", sep, ntid, $3
		sep = ","
	}
	k = us[$3]
	ts = sprintf("%.3f", $1 * k)
	dur = sprintf("%.3f", sprintf("%.3f", ($1 + $2) * k) - ts)
	a = ""
	for (i = 6; i <= n; i++)
		if ($i != "")
			a = a (a == "" ? "" : ",") "\"" col[i] "\":" ($i ~ /^-?[0-9]+$/ ? $i : "\"" $i "\"")
	printf "%s\n{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,\"ts\":%s,\"dur\":%s%s}", sep, ($5 != "" ? $5 : $4), $4, tid[$3], ts, dur, (a == "" ? "" : ",\"args\":{" a "}")
	sep = ","
}
END { print "\n]" }
