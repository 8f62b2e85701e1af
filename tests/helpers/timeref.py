#!/usr/bin/env python3
"""An independent reference for npt-time and npt-json: times from cycles
with fractions.Fraction, the rule of npt-time(1) written out in Python.

  timeref.py gen SEED N [json]  a random stream on stdout: tracks t0..t7,
                                each at its own clock (## clock lines,
                                including 900MHz and 333.333MHz), cycle
                                counts small, large and near 2^63 and 2^64
                                (with json: clocks of 333 MHz or more,
                                times that fit 2^63 ns, near 2^61 cycles,
                                sorted by start)
  timeref.py gen SEED N sorted  starts in order (each 0 to 20 us after
                                the one before, from up to 2^40 cycles;
                                so their digits but the last few repeat)
                                and durations of 0 to 10^5 cycles, on
                                tracks t0..t7 at 900 MHz
  timeref.py conv UNIT PLACES [z]
                                stdin (ts_cyc, dur_cyc, track, ...) to
                                the stream npt-time -u UNIT -d PLACES [-z]
                                should write
  timeref.py json               stdin as above to the lines "ts dur" (in
                                us, 3 decimals) npt-json should write
"""
import random
import sys
from fractions import Fraction

CLOCKS = [("900MHz", 900000000), ("333.333MHz", 333333000),
          ("333333333Hz", 333333333), ("1GHz", 10**9), ("2.5GHz", 2500000000),
          ("32768Hz", 32768), ("7Hz", 7), ("19.2MHz", 19200000)]
UNITS = {"ns": 9, "us": 6, "ms": 3}


def rnd(x):
    """To nearest, halves up: floor(x + 1/2)."""
    return (x + Fraction(1, 2)).__floor__()


def fmt(n, places):
    """Integer n of 10^-places units as a decimal with places decimals."""
    sign = "-" if n < 0 else ""
    s = str(abs(n)).rjust(places + 1, "0")
    if places == 0:
        return sign + s
    return sign + s[:-places] + "." + s[-places:]


def gen(seed, n, json):
    r = random.Random(seed)
    choice = [c for c in CLOCKS if c[1] >= 333333000] if json else CLOCKS
    clocks = [r.choice(choice) for _ in range(8)]
    clocks[0] = CLOCKS[0]
    clocks[1] = CLOCKS[1]
    top = 2**61 if json else 2**64
    out = ["## clock.t%d=%s" % (i, c[0]) for i, c in enumerate(clocks)]
    out.append("#ts_cyc\tdur_cyc\ttrack\top")
    rows = []
    for _ in range(n):
        k = r.randrange(5)
        if k == 0:
            c = r.randrange(0, 10**6)
        elif k == 1:
            c = r.randrange(0, 2**40)
        elif k == 2:
            c = top // 2 + r.randrange(-2**20, 2**20)
        elif k == 3:
            c = top - 1 - r.randrange(0, 2**20)
        else:
            c = r.randrange(0, top)
        d = r.randrange(0, min(top - 1 - c, 2**36) + 1)
        rows.append((c, d, r.randrange(8)))
    if json:
        rows.sort()
    out += ["%d\t%d\tt%d\tOP" % row for row in rows]
    print("\n".join(out))


def gen_sorted(seed, n):
    r = random.Random(seed)
    out = ["## clock.t%d=900MHz" % i for i in range(8)]
    out.append("#ts_cyc\tdur_cyc\ttrack\top")
    c = r.randrange(0, 2**40)
    for _ in range(n):
        c += r.randrange(0, 18001)
        d = r.randrange(0, 10**r.randrange(1, 6))
        out.append("%d\t%d\tt%d\tOP" % (c, d, r.randrange(8)))
    print("\n".join(out))


def read():
    clock, rows = {}, []
    for line in sys.stdin.read().splitlines():
        if line.startswith("## clock."):
            k, v = line[len("## clock."):].split("=", 1)
            clock[k] = parse_freq(v)
        if line.startswith("#"):
            continue
        f = line.split("\t")
        rows.append((int(f[0]), int(f[1]), clock[f[2]], f))
    return rows


def parse_freq(v):
    for unit, e in (("GHz", 9), ("MHz", 6), ("kHz", 3), ("Hz", 0)):
        if v.endswith(unit):
            return int(Fraction(v[:-len(unit)]) * 10**e)
    return int(v)


def conv(unit, places, rebase):
    scale = UNITS[unit] + places
    first = None
    print("#ts_%s\tdur_%s\ttrack\top" % (unit, unit))
    for c, d, hz, f in read():
        ts = rnd(Fraction(c * 10**scale, hz))
        end = rnd(Fraction((c + d) * 10**scale, hz))
        if first is None:
            first = ts
        shown = ts - first if rebase else ts
        print("%s\t%s\t%s" % (fmt(shown, places), fmt(end - ts, places),
                              "\t".join(f[2:])))


def json():
    for c, d, hz, _ in read():
        ts = rnd(Fraction(c * 10**9, hz))
        end = rnd(Fraction((c + d) * 10**9, hz))
        print(fmt(ts, 3), fmt(end - ts, 3))


if __name__ == "__main__":
    a = sys.argv[1:]
    if a[0] == "gen" and len(a) > 3 and a[3] == "sorted":
        gen_sorted(int(a[1]), int(a[2]))
    elif a[0] == "gen":
        gen(int(a[1]), int(a[2]), len(a) > 3 and a[3] == "json")
    elif a[0] == "conv":
        conv(a[1], int(a[2]), len(a) > 3 and a[3] == "z")
    elif a[0] == "json":
        json()
