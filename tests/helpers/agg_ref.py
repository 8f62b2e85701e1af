#!/usr/bin/env python3
# Independent reference for npt-agg (tests only): reads an event stream,
# prints the table npt-agg(1) documents, computed with Python integers and
# fractions.  Usage: agg_ref.py [-k keys] [--no-self] [-q none] < events
import sys
from fractions import Fraction
from math import isqrt, ceil

# decimals held: 12 of a unit (npt-events(5), Range and precision)
UNITS = {"cyc": 0, "ns": 12, "us": 12, "ms": 12}


def parse_time(s, scale):
    """'12.345' -> integer at scale; returns (value, decimals written)."""
    neg = s.startswith("-")
    if neg:
        s = s[1:]
    ip, _, fp = s.partition(".")
    v = int(ip or "0") * 10 ** scale + int((fp + "0" * scale)[:scale] or "0")
    return (-v if neg else v), len(fp)


def round_half_up(fr):
    """round a non-negative Fraction half up"""
    return (fr.numerator * 2 + fr.denominator) // (2 * fr.denominator)


def fmt_fixed(v, d):
    s = "-" if v < 0 else ""
    v = abs(v)
    if d == 0:
        return s + str(v)
    return s + "%d.%0*d" % (v // 10 ** d, d, v % 10 ** d)


def main():
    args = sys.argv[1:]
    keys, noself, quant = ["op"], False, True
    while args:
        a = args.pop(0)
        if a == "-k":
            keys = args.pop(0).split(",")
        elif a == "--no-self":
            noself = True
        elif a == "-q":
            quant = args.pop(0) != "none"
    hdr, unit, digits = None, None, 0
    events = []  # (key, dur, ts, track)
    for line in sys.stdin.read().split("\n"):
        if line == "" or line.startswith("##"):
            continue
        if line.startswith("#"):
            hdr = line[1:].split("\t")
            durc = [c for c in hdr if c.startswith("dur_")][0]
            unit = durc[4:]
            tsc = "ts_" + unit if "ts_" + unit in hdr else None
            continue
        f = dict(zip(hdr, line.split("\t")))
        if f[durc] == "":
            continue
        scale = UNITS[unit]
        d, nd = parse_time(f[durc], scale)
        digits = max(digits, nd)
        ts = parse_time(f[tsc], scale)[0] if tsc and f.get(tsc, "") != "" else None
        tr = f.get("track", "")
        events.append(("\t".join(f[k] for k in keys), d, ts, tr))
    scale = UNITS[unit]
    groups = {}
    for i, (k, d, ts, tr) in enumerate(events):
        groups.setdefault(k, []).append(d)
    # self time: parent = the latest-starting earlier event on the track
    # that contains the event (inputs here nest properly)
    selfs = {k: sum(v) for k, v in groups.items()}
    if not noself:
        for i, (k, d, ts, tr) in enumerate(events):
            if ts is None or tr == "":
                continue
            best = None
            for j in range(i):
                k2, d2, ts2, tr2 = events[j]
                if tr2 == tr and ts2 is not None and ts2 <= ts and ts + d <= ts2 + d2 \
                        and not (ts2 + d2 <= ts):
                    best = j
            if best is not None:
                selfs[events[best][0]] -= d
    grand = sum(sum(v) for v in groups.values())
    order = sorted(groups, key=lambda k: (-sum(groups[k]), k.encode()))
    # shares in 0.001%: floors plus largest remainders
    sh = {}
    if grand:
        fl = {k: sum(groups[k]) * 100000 // grand for k in order}
        rem = {k: sum(groups[k]) * 100000 % grand for k in order}
        left = 100000 - sum(fl.values())
        byrem = sorted(range(len(order)), key=lambda i: (-rem[order[i]], i))
        for i in byrem[:left]:
            fl[order[i]] += 1
        sh = fl
    D = digits + 1  # decimals of avg and stddev
    e = D - scale

    def avg(vals):
        return fmt_fixed(round_half_up(Fraction(sum(vals)) * Fraction(10) ** e / len(vals)), D)

    def sd(vals):
        n = len(vals)
        if n < 2:
            return ""
        var = Fraction(n * sum(v * v for v in vals) - sum(vals) ** 2, n * (n - 1))
        y = var * Fraction(10) ** (2 * e)
        r = isqrt(4 * y.numerator // y.denominator)
        return fmt_fixed((r + 1) // 2, D)

    def t(v):  # a time at scale, printed with digits decimals
        q = Fraction(v, 10 ** (scale - digits))
        return fmt_fixed(round_half_up(q) if v >= 0 else -round_half_up(-q), digits)

    def near(vals, p):
        s = sorted(vals)
        return s[max(1, ceil(len(s) * p / 100)) - 1]

    cols = ["count", "total_" + unit, "share_pct", "avg_" + unit, "min_" + unit, "max_" + unit]
    if quant:
        cols += ["median_" + unit, "p90_" + unit, "p99_" + unit]
    cols += ["stddev_" + unit]
    if not noself:
        cols += ["self_" + unit]
    print("#" + "\t".join(keys + cols))
    allv = []
    for k in order:
        v = groups[k]
        allv += v
        row = [k, str(len(v)), t(sum(v)), fmt_fixed(sh[k], 3) if grand else "", avg(v), t(min(v)), t(max(v))]
        if quant:
            row += [t(near(v, 50)), t(near(v, 90)), t(near(v, 99))]
        row += [sd(v)]
        if not noself:
            row += [t(selfs[k])]
        print("\t".join(row))
    row = ["\t".join("*" for _ in keys), str(len(allv)), t(sum(allv)),
           "100.000" if grand else "", avg(allv) if allv else "",
           t(min(allv)) if allv else "", t(max(allv)) if allv else ""]
    if quant:
        row += ["", "", ""]
    row += [sd(allv)]
    if not noself:
        row += [t(sum(selfs.values()))]
    print("\t".join(row))


main()
