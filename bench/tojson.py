# Chrome trace JSON with python3's json module, for bench/json.sh: what
# npt-json writes for a decoded stream (cycles at the clocks of the
# "## clock." lines, exact integer conversion), an X event per line with its
# args, thread names first seen; without lanes for overlapping events.
import json
import sys
from clocks import clock, ns


def value(v):
    try:
        return int(v)
    except ValueError:
        return v


def main():
    hz, tid, cols = {}, {}, []
    out = sys.stdout.write
    dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
    sep = "[\n"
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line.startswith("## clock."):
            k, v = clock(line)
            hz[k] = v
        if line.startswith("##"):
            continue
        if line.startswith("#"):
            cols = line[1:].split("\t")
            continue
        f = line.split("\t")
        if f[2] not in tid:
            tid[f[2]] = len(tid) + 1
            out(sep + dumps({"name": "thread_name", "ph": "M", "pid": 1,
                             "tid": tid[f[2]], "ts": 0,
                             "args": {"name": f[2]}}))
            sep = ",\n"
        h = hz[f[2]]
        c = int(f[0])
        ts = ns(c, h)
        e = ns(c + int(f[1] or 0), h)
        ev = {"name": f[4] or f[3], "cat": f[3], "ph": "X", "pid": 1,
              "tid": tid[f[2]], "ts": ts / 1000, "dur": (e - ts) / 1000}
        args = {cols[i]: value(f[i]) for i in range(5, len(f)) if f[i]}
        if args:
            ev["args"] = args
        out(sep + dumps(ev))
        sep = ",\n"
    out("\n]\n")


main()
