#!/usr/bin/env python3
"""The level stream of npt-mem -l worked out by brute force, for
tests/mem-levels.bats: for each track, its live bytes evaluated afresh at
every instant where anything of it starts or ends, and a row where the
value differs from the one before (0 before the track's first row).

level-sweep.py gen SEED DIR: write DIR/m.tsv, a random memory stream of
several tracks (in cycles or in microseconds with decimals: touching and
nested lifetimes, zero bytes, duration 0, always-live allocations at the
start of their track, level samples, which -l leaves out), and DIR/want,
the level stream npt-mem -l must write for it.
level-sweep.py gens FIRST LAST DIR: the same for seeds FIRST to LAST in
DIR/SEED.
level-sweep.py ref FILE: print the level stream of FILE.
level-sweep.py counters LV OPS TRACE: check npt-json's TRACE of OPS and
LV (a level stream, ts_cyc at 1 GHz or ts_us): every LIVE row of LV one
counter event of its track in pid 2 at its start, to the nanosecond, with
its bytes; no slice in pid 2; one slice per row of OPS; print the count."""
import importlib.util
import json
import os
import random
import sys
from decimal import Decimal, ROUND_HALF_UP

_spec = importlib.util.spec_from_file_location(
    "mem_sweep", os.path.join(os.path.dirname(__file__), "mem-sweep.py"))
mem_sweep = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mem_sweep)
read = mem_sweep.read


def header(path):
    """The metadata lines of path and the name of its first column."""
    meta, first = [], None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("##"):
                meta.append(line)
            elif line.startswith("#") and first is None:
                first = line[1:].split("\t")[0]
    return meta, first


def fmt(d):
    s = format(d.normalize(), "f")
    return s


def gen(seed, d):
    r = random.Random(seed)
    unit = r.choice(["cyc", "us"])
    ntr = r.randint(1, 4)
    tracks = ["t%d" % i for i in range(ntr)]
    r.shuffle(tracks)
    span = r.choice([5, 20, 100])

    def tm():
        v = Decimal(r.randint(0, span))
        if unit == "us" and r.random() < 0.5:
            v += Decimal(r.randint(0, 999)) / 1000
        return v

    def size():
        return r.choice([0, 1, 7, 64, 1000, r.randint(0, 10 ** 6),
                         r.randint(0, 2 ** 40)])

    rows = []   # (ts, order, track, dur, bytes, cat, live, kind)
    started = set()
    n = r.randint(0, 40)
    evs = sorted(tm() for _ in range(n))
    for ts in evs:
        tr = r.choice(tracks)
        if tr not in started:
            started.add(tr)
            for _ in range(r.choice([0, 0, 1, 2])):
                # always live, at the track's first instant: its ts or
                # empty (then counted from the row before)
                rows.append((ts, "always", tr, r.choice(["", "9"]),
                             size(), "weights",
                             r.choice(["same", "empty"])))
        k = r.random()
        if k < 0.1:
            rows.append((ts, "level", tr, "", r.randint(0, 999), "sram",
                         ""))
            continue
        dur = r.choice([Decimal(0), tm(), tm() / 2, Decimal(1)])
        if unit == "cyc":
            dur = Decimal(int(dur))
        rows.append((ts, "alloc", tr, dur, size(),
                     r.choice(["act", "", "stack"]), ""))
    hdr = ["ts_" + unit, "dur_" + unit, "track", "op", "name", "category",
           "live", "bytes", "live_bytes"]
    lines = []
    for i, (ts, kind, tr, dur, b, c, how) in enumerate(rows):
        if kind == "always":
            lines.append([fmt(ts) if how == "same" else "", str(dur), tr,
                          "ALLOC", "w%d" % i, c, "always", str(b), ""])
        elif kind == "level":
            lines.append([fmt(ts), "", tr, "LIVE", "", c, "", "", str(b)])
        else:
            lines.append([fmt(ts), fmt(dur), tr, "ALLOC", "a%d" % i, c, "",
                          str(b), ""])
    with open(d + "/m.tsv", "w") as f:
        if unit == "cyc":
            f.write("## clock.%s=1GHz\n" % tracks[0])
        f.write("#" + "\t".join(hdr) + "\n")
        for ln in lines:
            f.write("\t".join(ln) + "\n")
    with open(d + "/want", "w") as f:
        f.write(ref(d + "/m.tsv"))


def ref(path):
    """The level stream of path, by brute force."""
    meta, first = header(path)
    unit = first[3:] if first else None
    rows = read(path)
    out = list(meta)
    out.append("#ts_{0}\tdur_{0}\ttrack\top\tlive_bytes".format(unit or
                                                               "cyc"))
    start = {}      # track: the ts of its first row that has one
    always = []     # (track, bytes)
    allocs = []     # (start, end, track, bytes)
    for r in rows:
        if r["bytes"] == "":
            continue
        ts = r["ts_" + unit]
        if ts != "":
            start.setdefault(r["track"], Decimal(ts))
        if r["live"] == "always":
            always.append((r["track"], int(r["bytes"])))
        else:
            s = Decimal(ts)
            allocs.append((s, s + Decimal(r["dur_" + unit]), r["track"],
                           int(r["bytes"])))
    # always-live bytes count from the track's start; a track with no
    # time has no rows
    always = [(start[tr], tr, b) for tr, b in always if tr in start]
    instants = sorted(set([a[0] for a in allocs] + [a[1] for a in allocs] +
                          [a[0] for a in always]))
    rowsout = []
    for tr in sorted(start):
        prev = 0
        for t in instants:
            v = sum(b for w, k, b in always if k == tr and w <= t)
            v += sum(b for s, e, k, b in allocs
                     if k == tr and s <= t < e)
            if v != prev:
                rowsout.append((t, tr, v))
                prev = v
    rowsout.sort(key=lambda x: (x[0], x[1]))
    for t, tr, v in rowsout:
        out.append("%s\t\t%s\tLIVE\t%d" % (fmt(t), tr, v))
    return "\n".join(out) + "\n"


def us(d):
    return str(d.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP))


def counters(lvpath, opspath, tracepath):
    lv = read(lvpath)
    col = header(lvpath)[1]
    scale = Decimal(1000) if col == "ts_cyc" else Decimal(1)
    want = [(r["track"], us(Decimal(r[col]) / scale), int(r["live_bytes"]))
            for r in lv]
    ev = json.loads(open(tracepath).read(), parse_float=Decimal)
    got = [(e["name"], us(e["ts"]), e["args"]["live_bytes"])
           for e in ev if e["ph"] == "C"]
    assert all(e["pid"] == 2 for e in ev if e["ph"] == "C"), "pid"
    got.sort(key=lambda x: (Decimal(x[1]), x[0]))
    assert got == want, (got, want)
    assert not [e for e in ev if e["ph"] == "X" and e["pid"] == 2]
    assert len([e for e in ev if e["ph"] == "X"]) == len(read(opspath))
    print(len(want))


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]), sys.argv[3])
    elif sys.argv[1] == "gens":
        for s in range(int(sys.argv[2]), int(sys.argv[3]) + 1):
            d = os.path.join(sys.argv[4], str(s))
            os.makedirs(d, exist_ok=True)
            gen(s, d)
    elif sys.argv[1] == "ref":
        sys.stdout.write(ref(sys.argv[2]))
    elif sys.argv[1] == "counters":
        counters(sys.argv[2], sys.argv[3], sys.argv[4])
