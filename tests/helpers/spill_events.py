#!/usr/bin/env python3
# Random event streams for npt-agg -S (tests/agg-spill.bats).
# spill_events.py SEED N UNIT GROUPS MODE: N events on 3 tracks, starts
# increasing (ties longest first), ops g0 to g(GROUPS-1); durations by
# MODE: "small" (0 to 10^k), "rep" (a few values, repeated), "huge" (near
# 2^63 of the unit's finest step, cycles or picoseconds, where 64-bit
# values end; 2^64 - 1 cycles), "dec" (12 decimals of the unit: not whole
# picoseconds) or "mix" (each event one of these).
import random
import sys
from fractions import Fraction

seed, n, unit, ngroups, mode = (int(sys.argv[1]), int(sys.argv[2]),
                                sys.argv[3], int(sys.argv[4]), sys.argv[5])
rnd = random.Random(seed)
# decimals of the finest step npt-agg keeps in 64 bits: cycles, picoseconds
step = {"cyc": 0, "ns": 3, "us": 6, "ms": 9}[unit]


def fixed(v, d):
    return str(v) if d == 0 else "%d.%0*d" % (v // 10 ** d, d, v % 10 ** d)


def dur():
    m = mode if mode != "mix" else rnd.choice(["small", "rep", "huge", "dec"])
    if m == "rep":
        return fixed(rnd.choice([3, 7, 7, 7, 100, 100000]), step)
    if m == "huge":
        if unit == "cyc" and rnd.random() < 0.2:
            return str(2 ** 64 - 1 - rnd.randint(0, 2))
        return fixed(2 ** 63 + rnd.randint(-3, 3), step)
    if m == "dec" and unit != "cyc":
        return fixed(rnd.randint(0, 10 ** rnd.randint(1, 20)), 12)
    return fixed(rnd.randint(0, 10 ** rnd.randint(0, 9)), step)


print("#ts_%s\tdur_%s\ttrack\top" % (unit, unit))
ts = 0
rows = []
for i in range(n):
    ts += rnd.randint(0, 3)
    rows.append((ts, dur(), rnd.randint(0, 2), rnd.randint(0, ngroups - 1)))
# ties longest first, as npt-events(5) wants them for self time
rows.sort(key=lambda r: (r[0], -Fraction(r[1])))
for ts, d, track, op in rows:
    print("%d\t%s\tt%d\tg%d" % (ts, d, track, op))
