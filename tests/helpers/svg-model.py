#!/usr/bin/env python3
"""The picture npt-svg should draw, computed apart from it (fractions),
and compared with the SVG it drew, read with python's xml.etree.

    svg-model.py gen SEED DIR        write DIR/t.tsv and DIR/args (-W)
    svg-model.py check STREAM WIDTH SVG

check exits 1 naming the first difference.  The rules it follows are
those of npt-svg(1): lanes as npt-json places events (first lane where
the event nests in the innermost open one, or that is free); op types
ranked by total time (largest first, ties by name), the first twelve
coloured from the palette (eleven and a grey "other" past twelve); a
lane of at most WIDTH events drawn event by event, x = 150 + WIDTH (ts -
start) / span and the end alike, in hundredths of a pixel rounded down;
a busier lane per pixel column, the op type showing longest there if at
least as long as nothing shows (ties to the higher ranked), runs of a
type as one rect; shares of the summed durations, one decimal, halves
up.  Layout: lanes from y = 30, 14 pixels apart, 6 more between tracks.
"""
import random
import re
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction as F

PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#59a14f", "#edc948", "#b07aa1",
           "#76b7b2", "#ff9da7", "#9c755f", "#1b3a6b", "#8cd17d", "#d4a017"]
OTHER = "#bab0ac"
NS = "{http://www.w3.org/2000/svg}"


def gen(seed, d):
    r = random.Random(seed)
    tracks = r.sample(["core0", "core1", "core10", "dma_in0", "ctrl0", "x",
                       "dma_out"], r.randint(1, 4))
    nops = r.choice([3, 12, 13, 16])
    ops = ["OP%02d" % i for i in range(nops)]
    width = r.choice([100, 125, 200, 250, 400])
    rows = []
    for t in tracks:
        n = r.choice([1, 5, 40, 99, 100, 101, 300])
        ts = r.randint(0, 50)
        for _ in range(n):
            ts += r.choice([0, 0, 1, 2, 3, 7, 20])
            dur = r.choice([0, 1, 2, 5, 10, 30, 60])
            rows.append((ts, dur, t, r.choice(ops[:r.randint(1, nops)])))
    # ties longest first, as npt-events(5) wants them
    rows.sort(key=lambda e: (e[0], -e[1]))
    with open(d + "/t.tsv", "w") as f:
        f.write("#ts_us\tdur_us\ttrack\top\tname\n")
        for i, (ts, dur, t, op) in enumerate(rows):
            f.write("%d\t%d\t%s\t%s\tn%d\n" % (ts, dur, t, op, i))
    with open(d + "/args", "w") as f:
        f.write("-W\n%d\n" % width)


def order(t):
    cls = 1 if "dma" in t.lower() else 0
    if t.startswith("ctrl") or t.startswith("control"):
        cls = 2
    m = re.search(r"[0-9]+$", t)
    num = int(m.group(0)) if m and len(m.group(0)) <= 5 else 99999
    return (cls, num)


def model(stream, width):
    evs = []
    cols = None
    for line in open(stream, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("##"):
            continue
        if line.startswith("#"):
            cols = line[1:].split("\t")
            continue
        f = dict(zip(cols, line.split("\t")))
        unit = [c for c in cols if c.startswith("ts_")][0][3:]
        ts = F(f["ts_" + unit])
        dur = F(f["dur_" + unit]) if f["dur_" + unit] else F(0)
        evs.append((ts, ts + dur, f.get("track", ""), f.get("op", "")))
    first = {}
    lanes = {}      # track -> list of stacks [(end, from, op)]
    placed = []     # (track, lane, ts, te, op)
    for ts, te, t, op in evs:
        first.setdefault(t, len(first))
        ls = lanes.setdefault(t, [])
        for i, s in enumerate(ls):
            while s and s[-1] <= ts:
                s.pop()
            if not s or s[-1] >= te:
                break
        else:
            ls.append([])
            i = len(ls) - 1
        ls[i].append(te)
        placed.append((t, i, ts, te, op))
    w0 = min(e[0] for e in evs)
    w1 = max(e[1] for e in evs)
    span = w1 - w0 if w1 > w0 else F(1)
    tot = {}
    for ts, te, t, op in evs:
        tot[op] = tot.get(op, 0) + (te - ts)
    ranked = sorted(tot, key=lambda o: (-tot[o], o.encode()))
    cls = {}
    for i, o in enumerate(ranked):
        cls[o] = i if len(ranked) <= 12 or i < 11 else 11

    def colour(c):
        if len(ranked) > 12 and c == 11:
            return OTHER
        return PALETTE[c]
    torder = sorted(first, key=lambda t: (order(t), first[t]))
    row = {}
    y = 30
    for t in torder:
        for i in range(len(lanes[t])):
            row[(t, i)] = y
            y += 14
        y += 6
    count = {}
    for t, i, ts, te, op in placed:
        count[(t, i)] = count.get((t, i), 0) + 1

    def x100(v):
        return (100 * width * (v - w0) / span).__floor__()
    ev = []
    for t, i, ts, te, op in placed:
        if count[(t, i)] <= width:
            a, b = x100(ts), x100(te)
            ev.append((F(150) + F(a, 100), row[(t, i)], F(b - a, 100),
                       colour(cls[op]), op))
    # busier lanes: what shows at each instant, per pixel column
    segs = {}
    stacks = {}
    for t, i, ts, te, op in placed:
        if count[(t, i)] <= width:
            continue
        s = stacks.setdefault((t, i), [])
        out = segs.setdefault((t, i), [])
        while s and s[-1][0] <= ts:
            end, fr, o = s.pop()
            out.append((fr, end, o))
            if s:
                s[-1][1] = end
        if s and s[-1][1] < ts:
            out.append((s[-1][1], ts, s[-1][2]))
            s[-1][1] = ts
        s.append([te, ts, op])
    for k, s in stacks.items():
        while s:
            end, fr, o = s.pop()
            segs[k].append((fr, end, o))
            if s:
                s[-1][1] = end
    px = []
    for k, ss in segs.items():
        cov = [[F(0)] * 12 for _ in range(width)]
        for a, b, o in ss:
            if b <= a:
                continue
            p0 = int((a - w0) * width / span)
            for p in range(p0, width):
                lo = w0 + span * p / width
                hi = w0 + span * (p + 1) / width
                if lo >= b:
                    break
                c = min(b, hi) - max(a, lo)
                if c > 0:
                    cov[p][cls[o]] += c
        runs = []
        for p in range(width):
            best = max(range(12), key=lambda c: (cov[p][c], -c))
            idle = span / width - sum(cov[p])
            c = best if cov[p][best] > 0 and cov[p][best] >= idle else -1
            if c >= 0 and runs and runs[-1][2] == c and runs[-1][1] == p:
                runs[-1][1] = p + 1
            elif c >= 0:
                runs.append([p, p + 1, c])
        for a, b, c in runs:
            px.append((F(150 + a), row[k], F(b - a), colour(c)))
    allt = sum(tot.values())
    shares = []
    for i, o in enumerate(ranked[:12 if len(ranked) <= 12 else 11]):
        shares.append((o, tot[o]))
    if len(ranked) > 12:
        shares.append(("other (%d op types)" % (len(ranked) - 11),
                       sum(tot[o] for o in ranked[11:])))
    pct = []
    for name, v in shares:
        q = 0 if allt == 0 else (F(1000) * v / allt + F(1, 2)).__floor__()
        pct.append("%d.%d%% %s" % (q // 10, q % 10, name))
    return ev, px, pct, [t for t in torder], colour


def check(stream, width, svg):
    ev, px, pct, torder, _ = model(stream, width)
    root = ET.parse(svg).getroot()
    tl = [g for g in root.iter(NS + "g") if g.get("id") == "timeline"][0]
    gev, gpx = [], []
    for r in tl.iter(NS + "rect"):
        title = r.find(NS + "title").text
        k = (F(r.get("x")), int(r.get("y")), F(r.get("width")), r.get("fill"))
        if r.get("class") == "ev":
            gev.append(k + (title.split("\n")[0].split(" ")[0],))
        else:
            gpx.append(k)
    if sorted(gev) != sorted(ev):
        a, b = set(gev), set(ev)
        sys.exit("events: drawn not expected %s; expected not drawn %s"
                 % (sorted(a - b)[:3], sorted(b - a)[:3]))
    if sorted(gpx) != sorted(px):
        a, b = set(gpx), set(px)
        sys.exit("pixel runs: drawn not expected %s; expected not drawn %s"
                 % (sorted(a - b)[:3], sorted(b - a)[:3]))
    gt = [t.text for t in root.iter(NS + "text") if t.get("class") == "track"]
    if gt != torder:
        sys.exit("tracks %s, expected %s" % (gt, torder))
    gs = [t.text for t in root.iter(NS + "text") if t.get("class") == "share"]
    if gs != pct:
        sys.exit("shares %s, expected %s" % (gs, pct))
    lg = [t.text for t in root.iter(NS + "text") if t.get("class") == "legend"]
    if lg != [p.split("% ", 1)[1] for p in pct]:
        sys.exit("legend %s" % lg)


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]), sys.argv[3])
    else:
        check(sys.argv[2], int(sys.argv[3]), sys.argv[4])
