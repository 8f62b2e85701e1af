# The clocks of a stream for the awk peers of bench/time.sh and
# bench/json.sh (awk -f clocks.awk -f PROG): us[track] is the length of a
# cycle of the track in microseconds, from its "## clock." line.
/^## clock\./ {
	kv = substr($0, 10)
	i = index(kv, "=")
	f = substr(kv, i + 1)
	m = f ~ /GHz$/ ? 1e9 : f ~ /MHz$/ ? 1e6 : f ~ /kHz$/ ? 1e3 : 1
	sub(/[A-Za-z]+$/, "", f)
	us[substr(kv, 1, i - 1)] = 1e6 / (f * m)
}
