#!/usr/bin/env python3
"""Events for npt-agg --part tests: part_events.py SEED COUNT OUT [N].

Top metadata with a loss line and a header, then COUNT events of varying
length (some with an empty duration), loss lines among them and at the
end; no event nests in another (self time equals the total, whatever the
split).  With N, the last line is padded so that a line starts exactly
on the first boundary of N parts, floor(size/N).  With SEED odd the file
ends without LF.  Also prints, one per line for N parts (N given, else
3), the count of data lines with a duration that start in each part, from
the byte offsets alone.
"""
import random
import sys

seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
n = int(sys.argv[4]) if len(sys.argv) > 4 else 0
r = random.Random(seed)
lines = ["## npt.version=1", "## lost.records.core0=%d" % r.randint(1, 9),
         "#ts_ns\tdur_ns\ttrack\top\tname"]
t = 0
for i in range(count):
    t += r.randint(100, 300)
    d = "" if r.random() < 0.05 else str(r.randint(0, 90))
    lines.append("%d\t%s\tcore%d\top%d\t%s" % (t, d, r.randint(0, 1),
                 r.randint(0, 4), "x" * r.choice([0, 1, 5, 30, 200])))
    if r.random() < 0.02:
        lines.append("## lost.packets.core1=%d" % r.randint(1, 5))
lines.append("## lost.records.core0=%d" % r.randint(1, 9))
lines.append("%d\t7\tcore0\top1\tend" % (t + 1000))
nolf = seed % 2 == 1


def size(ls):
    return sum(len(x) + 1 for x in ls) - (1 if nolf else 0)


if n > 1:
    starts, o = [], 0
    for x in lines:
        starts.append(o)
        o += len(x) + 1
    total = size(lines)
    s = next(v for v in starts if v * n >= total)
    lines[-1] += "y" * (s * n - total)
data = "\n".join(lines) + ("" if nolf else "\n")
with open(out, "w") as f:
    f.write(data)
parts = n if n > 0 else 3
total, o, top = len(data), 0, True
want = [0] * parts
for x in lines:
    if top and not x.startswith("#"):
        top = False
    if not top and not x.startswith("#") and x.split("\t")[1] != "":
        for k in range(parts):
            if total * k // parts <= o < total * (k + 1) // parts:
                want[k] += 1
    o += len(x) + 1
print("\n".join(map(str, want)))
