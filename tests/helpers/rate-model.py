#!/usr/bin/env python3
"""The delta-T model of npt-rate(1), worked out independently with
fractions.Fraction, for tests/npt-rate.bats.

rate-model.py gen SEED DIR: write DIR/t.tsv (a random kernel table) and
DIR/args (npt-rate's options for it, one per line), then DIR/want (the
output npt-rate must print for them)."""
import random
import sys
from fractions import Fraction as F


def fmt(x, d):
    q = (x * 10 ** d + F(1, 2)).__floor__()
    s = str(q).rjust(d + 1, "0")
    return s[:-d] + "." + s[-d:] if d > 0 else s


def rfmt(x, d):
    """A rate: below 1, more decimals up to 3 significant digits, until
    it is exact."""
    if 0 < x < 1:
        lim = d
        while x * 10 ** (lim - 2) < 1:
            lim += 1
        while d < lim and (x * 10 ** d).denominator != 1:
            d += 1
    return fmt(x, d)


def dec(s):
    return F(s)


def model(ks, hz, serial, fabric, d, changes, headroom):
    def rates(k):
        c, t = k["c"], k["t"]
        if k["serial"] or serial:
            return c * t / (c + t)
        return min(c, t)

    def overall(ks):
        r = min(rates(k) for k in ks)
        c = min(k["c"] for k in ks)
        t = min(k["t"] for k in ks)
        return r, c, t

    def pct(ks, r):
        if all(k["pes"] is not None for k in ks):
            p = sum(k["pes"] for k in ks)
            u = 100 * r * sum(F(k["pes"]) / k["c"] for k in ks) / p if p else None
            return p, u
        return None, None

    def row(kind, name, r, c, t, lim, bn, pes, util):
        dt = fmt(F(hz) / r, d) if hz else ""
        ap = fmt(F(100 * pes, fabric), d) if pes is not None and fabric else ""
        return "\t".join([kind, name, dt, rfmt(r, d), rfmt(c, d), rfmt(t, d), lim,
                          bn, "" if pes is None else str(pes), ap,
                          "" if util is None else fmt(util, d)])

    def orow(kind, ks):
        r, c, t = overall(ks)
        lim = ("both" if r == c and r == t else "compute" if r == c else
               "transmission" if r == t else "")
        p, u = pct(ks, r)
        return row(kind, "all", r, c, t, lim, "", p, u)

    out = []
    if not headroom:
        out.append("#kind\tname\tdelta_t_cyc\tsamples_per_s\tcompute_samples_per_s\t"
                   "transmission_samples_per_s\tlimit\tbottleneck\tpes\t"
                   "active_pes_pct\tutilization_pct")
    if not ks:
        if headroom:
            out.append("#kernel\tsamples_per_s\tfaster_samples_per_s\trise_samples_per_s")
        return out
    if changes:
        if not headroom:
            out.append(orow("before", ks))
        for name, part, fac in changes:
            k = next(k for k in ks if k["name"] == name)
            if part != "t":
                k["c"] *= fac
            if part != "c":
                k["t"] *= fac
    r, c, t = overall(ks)
    if headroom:
        out.append("#kernel\tsamples_per_s\tfaster_samples_per_s\trise_samples_per_s")
        rows = []
        for i, k in enumerate(ks):
            others = [rates(j) for j in ks if j is not k]
            if not others:
                rows.append((None, i, "\t".join([k["name"], rfmt(rates(k), d), "", ""])))
                continue
            to = min(others)
            rows.append((to - r, i, "\t".join([k["name"], rfmt(rates(k), d),
                                               rfmt(to, d), rfmt(to - r, d)])))
        # highest rise first (none: infinitely high), ties in table order
        rows.sort(key=lambda x: (0 if x[0] is None else 1,
                                 -(x[0] or 0), x[1]))
        out += [x[2] for x in rows]
        return out
    for k in ks:
        kr = rates(k)
        lim = "compute" if k["c"] < k["t"] else "transmission" if k["t"] < k["c"] else "both"
        out.append(row("kernel", k["name"], kr, k["c"], k["t"], lim,
                       "yes" if kr == r else "no", k["pes"], 100 * r / k["c"]))
    out.append(orow("overall", ks))
    return out


def gen(seed, dirname):
    rnd = random.Random(seed)
    n = rnd.choice([1, 1, 2, 3, 5, 8, 20])
    cycles = rnd.random() < 0.5
    hz = rnd.choice([850000000, 1000000000, 32768, 9223372036854775807]) \
        if cycles or rnd.random() < 0.5 else 0
    serial = rnd.random() < 0.2
    withpes = rnd.random() < 0.7
    withoverlap = rnd.random() < 0.5
    maxdec = 1
    ks = []
    lines = []
    cols = ["kernel"]
    cols += ["compute_cyc", "transmission_cyc"] if cycles else \
        ["compute_samples_per_s", "transmission_samples_per_s"]
    if withpes:
        cols.append("pes")
    if withoverlap:
        cols.append("overlap")
    tie = None
    for i in range(n):
        name = "k%d.%s" % (i, rnd.choice(["fc", "conv", "lib_fc"]))
        cells = [name]
        k = {"name": name, "serial": False, "pes": None}
        for part in ("c", "t"):
            if cycles:
                v = rnd.choice([1, 2, 3, rnd.randint(1, 1000),
                                rnd.randint(1, 10 ** 6), 2 ** 63,
                                2 ** 64 - 1, rnd.randint(1, 2 ** 64 - 1)])
                if tie is not None and rnd.random() < 0.3:
                    v = tie
                tie = v
                k[part] = F(hz, v)
                cells.append(str(v))
            else:
                dd = rnd.choice([0, 1, 1, 1, 2, 3, 6, 12])
                v = rnd.randint(1, 10 ** rnd.choice([1, 4, 7, 12]))
                if tie is not None and rnd.random() < 0.3:
                    v, dd = tie
                maxdec = max(maxdec, dd)
                tie = (v, dd)
                s = str(v) if dd == 0 else "%d.%0*d" % (v // 10 ** dd, dd, v % 10 ** dd)
                k[part] = F(v, 10 ** dd)
                cells.append(s)
        if withpes:
            if rnd.random() < 0.9:
                k["pes"] = rnd.randint(0, 10000)
                cells.append(str(k["pes"]))
            else:
                cells.append("")
        if withoverlap:
            o = rnd.choice(["yes", "no", "1", "0", ""])
            k["serial"] = o in ("no", "0")
            cells.append(o)
        ks.append(k)
        lines.append("\t".join(cells))
    args = []
    if hz:
        args.append("-f%dHz" % hz)
    if serial:
        args.append("--serial")
    fabric = 0
    if withpes and rnd.random() < 0.5:
        fabric = sum(k["pes"] or 0 for k in ks) + rnd.randint(1, 1000)
        args.append("--fabric-pes=%d" % fabric)
    changes = []
    if rnd.random() < 0.4:
        for _ in range(rnd.randint(1, 2)):
            k = rnd.choice(ks)
            part = rnd.choice(["", "c", "t"])
            fs = rnd.choice(["2", "1.5", "0.5", "10", "0.001", "3.25"])
            changes.append((k["name"], part, F(fs)))
            args.append("-w%s=%sx%s" % (k["name"], part, fs))
    headroom = rnd.random() < 0.3
    if headroom:
        args.append("--headroom")
    with open(dirname + "/t.tsv", "w") as fp:
        fp.write("#" + "\t".join(cols) + "\n")
        for l in lines:
            fp.write(l + "\n")
    with open(dirname + "/args", "w") as fp:
        for a in args:
            fp.write(a + "\n")
    want = model(ks, hz, serial, fabric, maxdec, changes, headroom)
    with open(dirname + "/want", "w") as fp:
        for l in want:
            fp.write(l + "\n")


if __name__ == "__main__":
    gen(int(sys.argv[2]), sys.argv[3])
