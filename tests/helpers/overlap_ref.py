#!/usr/bin/env python3
# Independent reference for npt-overlap (tests only), the way Torq's
# perfetto_logger computes its overview: merge, subtract and intersect
# interval lists.  Usage: overlap_ref.py CLASS=GLOB[,GLOB] ... < events
# Prints "metric name value" lines in the input's unit, with as many
# decimals as the input's most precise value (exact: Decimal).
import sys
from decimal import Decimal, getcontext

getcontext().prec = 60
from fnmatch import fnmatchcase


def merge(iv):
    out = []
    for s, e in sorted(iv):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def length(iv):
    return sum(e - s for s, e in merge(iv))


def intersect(a, b):
    a, b, i, j, out = merge(a), merge(b), 0, 0, []
    while i < len(a) and j < len(b):
        s, e = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if s < e:
            out.append([s, e])
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return out


def subtract(a, b):
    return length(a) - length(intersect(a, b))


classes = []
for arg in sys.argv[1:]:
    name, pats = arg.split("=", 1)
    classes.append((name, pats.split(",")))
hdr = None
ev = []
places = 0
for line in sys.stdin.read().split("\n"):
    if not line or line.startswith("##"):
        continue
    if line.startswith("#"):
        hdr = line[1:].split("\t")
        unit = [c for c in hdr if c.startswith("dur_")][0][4:]
        continue
    f = dict(zip(hdr, line.split("\t")))
    for c in ("ts_" + unit, "dur_" + unit):
        places = max(places, len(f[c].partition(".")[2]))
    ts = Decimal(f["ts_" + unit])
    ev.append((f["track"], ts, ts + Decimal(f["dur_" + unit])))
_print = print


def print(*a):
    _print(*(format(x, ".%df" % places) if isinstance(x, Decimal) else x
             for x in a))



def cls(track):
    for name, pats in classes:
        if any(fnmatchcase(track, p) for p in pats):
            return name
    return "other"


names = [c[0] for c in classes] + ["other"]
per = {n: [] for n in names}
tracks = {}
for tr, s, e in ev:
    per[cls(tr)].append((s, e))
    tracks.setdefault(tr, []).append((s, e))
allv = [(s, e) for _, s, e in ev]
span = max(e for _, _, e in ev) - min(s for _, s, _ in ev)
print("span", "all", span)
print("busy", "all", length(allv))
print("idle", "all", span - length(allv))
shown = [n for n in names if per[n] or n != "other"]
# time with two or more classes busy: sum of pairwise unions minus ...
# computed directly: union of all pairwise intersections
pairs = []
for i, a in enumerate(shown):
    for b in shown[i + 1:]:
        pairs += intersect(per[a], per[b])
print("multi", "all", length(pairs))
for n in shown:
    others = [iv for m in shown if m != n for iv in per[m]]
    print("class", n, length(per[n]), subtract(per[n], others))
for i, a in enumerate(shown):
    for b in shown[i + 1:]:
        print("overlap", a + "," + b, length(intersect(per[a], per[b])))
for tr in sorted(tracks):
    print("track", tr, length(tracks[tr]))
