#!/usr/bin/env python3
"""The per-step figures of npt-overlap -s (npt-overlap(1), Per step),
worked out independently with fractions.Fraction, for
tests/overlap-steps.bats.

overlap_steps_ref.py gen SEED DIR: write DIR/t.tsv (a random event stream
with steps) and DIR/args (npt-overlap's options for it, one per line),
then DIR/want (what npt-overlap must print for them).
overlap_steps_ref.py gen A-B DIR: the same for seeds A to B in DIR/A to
DIR/B (one python3 run).
overlap_steps_ref.py genlong A-B DIR: the same with gen_long's streams.
overlap_steps_ref.py want DIR: only DIR/want, from DIR/t.tsv and DIR/args."""
import os
import fnmatch
import random
import sys
from fractions import Fraction as F

DEFAULTS = [
    ("compute", "core* slice* css* tile* pe* mac* npu* compute*".split()),
    ("dma", ["*dma*", "*DMA*"]),
    ("ctrl", ["ctrl*", "control*"]),
    ("host", ["host*", "hal*", "cpu*"]),
]


def half_up(x, d):
    return (x * 10 ** d + F(1, 2)).__floor__()


def fixed(q, d):
    """The integer q / 10^d with d decimals."""
    s = str(q).rjust(d + 1, "0")
    return s[:-d] + "." + s[-d:] if d > 0 else s


def tfmt(x, d):
    assert (x * 10 ** d).denominator == 1
    return fixed(int(x * 10 ** d), d)


def pct(num, den):
    if den == 0:
        return ""
    return fixed(half_up(F(100) * num / den, 3), 3)


def union(iv):
    t, cur = F(0), None
    for s, e in sorted(iv):
        if cur is not None and s <= cur[1]:
            cur[1] = max(cur[1], e)
            continue
        if cur is not None:
            t += cur[1] - cur[0]
        cur = [s, e]
    if cur is not None:
        t += cur[1] - cur[0]
    return t


def classes(args):
    cs, ks, step, byt = [], [], None, None
    i = 0
    while i < len(args):
        o, v = args[i], args[i + 1]
        i += 2
        if o in ("-c", "-k"):
            name, pats = v.split("=", 1)
            (cs if o == "-c" else ks).append((name, pats.split(",")))
        elif o == "-s":
            step = v
        elif o == "--bytes":
            byt = v
    return cs, ks, step, byt


def first(cs, name):
    for i, (_, pats) in enumerate(cs):
        if any(fnmatch.fnmatchcase(name, p) for p in pats):
            return i
    return len(cs)


def want(d):
    args = open(d + "/args").read().split("\n")[:-1]
    cs, ks, step, byt = classes(args)
    explicit = bool(cs)
    if not cs:
        cs = DEFAULTS
    lines = open(d + "/t.tsv").read().split("\n")
    hdr = lines[0][1:].split("\t")
    col = {c: i for i, c in enumerate(hdr)}
    unit = [c[3:] for c in hdr if c.startswith("ts_")][0]
    ev, digits = [], 0
    for ln in lines[1:]:
        if ln == "":
            continue
        f = ln.split("\t")
        ts, du = f[col["ts_" + unit]], f[col["dur_" + unit]]
        if ts == "" or du == "":
            continue
        for x in (ts, du):
            if "." in x:
                digits = max(digits, len(x) - x.index(".") - 1)
        ev.append(f)
    # steps in order of first appearance; each closed by the first event
    # of the second step after it
    order, firstat = [], {}
    kept = [f for f in ev if f[col[step]] != ""]
    for i, f in enumerate(kept):
        s = f[col[step]]
        if s not in firstat:
            firstat[s] = i
            order.append(s)
    trackorder = []
    seenat = {}
    for i, f in enumerate(kept):
        if f[col["track"]] not in seenat:
            seenat[f[col["track"]]] = i
            trackorder.append(f[col["track"]])
    tclass = {t: first(cs, t) for t in trackorder}
    hasthread = "thread" in col
    hasdir = "dir" in col
    u = unit
    out = ["#step\tclass\ttracks\tactive\tmin_%s\tavg_%s\tavg_active_%s\t"
           "max_%s\tbalance_pct\tactive_balance_pct\tthread_balance_pct"
           % (u, u, u, u)]
    if byt is not None:
        out[0] += "\tbytes_in\tbytes_out\tbytes\tdata_balance_pct"
    if ks:
        out[0] += "".join("\top_%s_%s" % (k, u) for k, _ in ks)
        out[0] += "\top_other_%s" % u
    names = [c for c, _ in cs] + ["other"]
    for j, s in enumerate(order):
        close = firstat[order[j + 2]] if j + 2 < len(order) else len(kept)
        known = [t for t in trackorder if seenat[t] < close]
        evs = [f for f in kept if f[col[step]] == s]
        per = {}
        for f in evs:
            per.setdefault(f[col["track"]], []).append(f)
        for a, cname in enumerate(names):
            tr = [t for t in known if tclass[t] == a]
            if not (explicit and a < len(cs)) and not tr:
                continue
            busy, threads, byts = [], [], []
            bin_ = bout = btot = 0
            ksum = [F(0)] * (len(ks) + 1)
            active = 0
            for t in tr:
                fs = per.get(t, [])
                iv = [(F(f[col["ts_" + u]]), F(f[col["ts_" + u]]) +
                       F(f[col["dur_" + u]])) for f in fs]
                busy.append(union(iv))
                b = 0
                for f in fs:
                    if byt is not None and f[col[byt]] != "":
                        v = int(f[col[byt]])
                        b += v
                        btot += v
                        dr = f[col["dir"]] if hasdir else ""
                        if dr == "in":
                            bin_ += v
                        elif dr == "out":
                            bout += v
                byts.append(b)
                if busy[-1] == 0:   # seen, but idle
                    continue
                active += 1
                for ki in range(len(ks) + 1):
                    ksum[ki] += union([x for x, f in zip(iv, fs)
                                       if first(ks, f[col["op"]]) == ki])
                if hasthread:
                    by = {}
                    for x, f in zip(iv, fs):
                        by.setdefault(f[col["thread"]], []).append(x)
                    threads += [union(v) for v in by.values() if union(v) > 0]
                else:
                    lanes = []  # [stack of ends, intervals]
                    for x in iv:  # in input order, sorted by start
                        for ln in lanes:
                            while ln[0] and ln[0][-1] <= x[0]:
                                ln[0].pop()
                        for ln in lanes:
                            if not ln[0] or x[1] <= ln[0][-1]:
                                break
                        else:
                            ln = [[], []]
                            lanes.append(ln)
                        ln[0].append(x[1])
                        ln[1].append(x)
                    threads += [union(ln[1]) for ln in lanes
                                if union(ln[1]) > 0]
            n = len(tr)
            row = [s, cname, str(n), str(active)]
            sm = sum(busy, F(0))
            mx = max(busy) if busy else F(0)
            row.append(tfmt(min(busy), digits) if n else "")  # idle: 0
            row.append(fixed(half_up(sm / n, digits), digits) if n else "")
            row.append(fixed(half_up(sm / active, digits), digits)
                       if active else "")
            row.append(tfmt(mx, digits) if n else "")
            row.append(pct(sm, n * mx))
            row.append(pct(sm, active * mx))
            tm = max(threads) if threads else 0
            row.append(pct(sum(threads, F(0)), len(threads) * tm))
            if byt is not None:
                bm = max(byts) if byts else 0
                row += [str(bin_), str(bout), str(btot),
                        pct(F(sum(byts)), n * bm)]
            if ks:
                row += [tfmt(x, digits) for x in ksum]
            out.append("\t".join(row))
    open(d + "/want", "w").write("\n".join(out) + "\n")


def gen(seed, d):
    r = random.Random(seed)
    ntile = r.randint(1, 5)
    tracks = ["tile%d" % i for i in range(ntile)]
    tracks += ["dma%d" % i for i in range(r.randint(0, 2))]
    if r.random() < 0.3:
        tracks.append("x0")
    unit = r.choice(["cyc", "cyc", "us", "ns"])
    dec = 0 if unit == "cyc" else r.randint(0, 3)
    q = F(1, 10 ** dec)
    thread = r.random() < 0.3
    byt = r.random() < 0.5
    ev = []
    nstep = r.randint(1, 6)
    for s in range(nstep):
        base = 100 * s
        if r.random() < 0.25:   # one active tile
            act = [r.choice(tracks)]
        else:
            act = [t for t in tracks if r.random() < 0.7]
        k = 10 ** dec                   # ticks of q in a unit
        for t in act:
            for _ in range(r.randint(1, 4)):
                st = base * k + r.randint(0, 120 * k)
                du = r.randint(0, 60 * k)
                ev.append([st * q, du * q, t, s])
                if r.random() < 0.3:    # a nested event
                    ev.append([(st + du // 4) * q, du // 2 * q, t, s])
        if r.random() < 0.3:            # a track seen only at 0 length
            ev.append([F(base + r.randint(0, 120)), F(0), r.choice(tracks), s])
        if r.random() < 0.2:            # an event with an empty step
            ev.append([F(base + 5), F(3), r.choice(tracks), None])
    ev.sort(key=lambda e: e[0])

    def num(x):
        x = (x / q)
        assert x.denominator == 1
        return fixed(int(x), dec)
    cols = ["ts_" + unit, "dur_" + unit, "track", "op", "step"]
    if thread:
        cols.append("thread")
    if byt:
        cols += ["bytes", "dir"]
    rows = ["#" + "\t".join(cols)]
    for st, du, t, s in ev:
        f = [num(st), num(du), t, r.choice(["mm", "conv", "exch", "sync",
                                           "copy"]),
             "" if s is None else str(s)]
        if thread:
            f.append(r.choice(["t0", "t1", "t2", ""]))
        if byt:
            f.append(r.choice(["", str(r.randint(0, 1 << 40)),
                               str(r.randint(0, 99))]))
            f.append(r.choice(["in", "out", ""]))
        rows.append("\t".join(f))
    open(d + "/t.tsv", "w").write("\n".join(rows) + "\n")
    args = ["-s", "step"]
    if r.random() < 0.5:
        args += ["-c", "tiles=tile*", "-c", "dma=dma*"]
        if r.random() < 0.5:
            args += ["-c", "none=zz*"]
    if r.random() < 0.5:
        args += ["-k", "compute=mm,conv", "-k", "exchange=exch*"]
    if byt:
        args += ["--bytes", "bytes"]
    open(d + "/args", "w").write("\n".join(args) + "\n")
    want(d)


def gen_long(seed, d):
    """A stream npt-overlap reads in batches (the step column last, no -k,
    --bytes or thread column): many events a tile and step, most one after
    another on their tile, some overlapping, touching or of zero length,
    with starts of 1 to 16 digits that share their first digits."""
    r = random.Random(seed)
    tracks = ["tile%d" % i for i in range(r.randint(1, 4))]
    if r.random() < 0.3:
        tracks.append("dma0")
    unit = r.choice(["cyc", "cyc", "us", "ns"])
    base = r.choice([0, 10 ** r.randint(1, 15), 99999999 - 50000,
                     9999999999999999 - 10 ** 7])
    ev = []
    s = 0
    at = {t: base for t in tracks}
    for _ in range(r.randint(1, 8)):
        top = max(at.values())          # a step starts after the last
        at = {t: top for t in tracks}
        for t in tracks:
            if r.random() < 0.15:       # idle in this step
                continue
            for _ in range(r.randint(1, 40)):
                x = r.random()
                du = r.choice([0, 1, r.randint(1, 10 ** r.randint(1, 6))])
                if x < 0.1:             # overlapping the one before
                    st = max(at[t] - r.randint(0, 50), base)
                elif x < 0.3:           # touching
                    st = at[t]
                else:
                    st = at[t] + r.randint(1, 10 ** r.randint(0, 5))
                ev.append([st, du, t, s])
                at[t] = max(at[t], st + du)
        s += 1
    ev.sort(key=lambda e: e[0])
    rows = ["#ts_%s\tdur_%s\ttrack\top\tstep" % (unit, unit)]
    rows += ["%d\t%d\t%s\tmm\t%d" % (st, du, t, k) for st, du, t, k in ev]
    open(d + "/t.tsv", "w").write("\n".join(rows) + "\n")
    args = ["-s", "step"]
    if r.random() < 0.5:
        args += ["-c", "tiles=tile*", "-c", "dma=dma*"]
    open(d + "/args", "w").write("\n".join(args) + "\n")
    want(d)


if __name__ == "__main__":
    if sys.argv[1] in ("gen", "genlong") and "-" in sys.argv[2]:
        a, b = sys.argv[2].split("-")
        for i in range(int(a), int(b) + 1):
            os.makedirs("%s/%d" % (sys.argv[3], i), exist_ok=True)
            (gen if sys.argv[1] == "gen" else gen_long)(
                i, "%s/%d" % (sys.argv[3], i))
    elif sys.argv[1] == "gen":
        gen(int(sys.argv[2]), sys.argv[3])
    else:
        want(sys.argv[2])
