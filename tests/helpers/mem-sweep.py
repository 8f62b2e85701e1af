#!/usr/bin/env python3
"""Live bytes of a memory stream (npt-events(5), Memory) worked out by brute
force, for tests/npt-mem.bats: at each instant, the sum over every row of
the stream that holds then; no heap, no running sums.

mem-sweep.py gen SEED DIR: write DIR/m.tsv (a random memory stream in
cycles), DIR/args (npt-mem's options, one per line) and DIR/want (what
npt-mem must print: its output, or "error LINE MESSAGE").
mem-sweep.py gens FIRST LAST DIR: the same for seeds FIRST to LAST in
DIR/SEED, in one run; gens-big: longer streams (200 to 400 rows, many
allocations live at once) and longer lists (-n 20 to 80).
mem-sweep.py ref FILE N: print what npt-mem -n N prints for FILE (cycles,
one header), or "error LINE MESSAGE"."""
import random
import sys

MAX = 2 ** 64 - 1


def read(path):
    rows = []
    with open(path) as f:
        hdr = None
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("##"):
                continue
            if line.startswith("#"):
                hdr = line[1:].split("\t")
                continue
            r = dict(zip(hdr, line.split("\t")))
            r["line"] = no
            # bytes on a row whose op is not ALLOC: a transfer, left out
            if r.get("op", "ALLOC") != "ALLOC":
                r["bytes"] = ""

            rows.append(r)
    return rows


def cat(r):
    return r.get("category") or "other"


def alloc_rows(rows):
    out = []
    for r in rows:
        if r.get("bytes", "") == "":
            continue
        a = dict(r)
        a["b"] = int(r["bytes"])
        a["always"] = r.get("live", "") == "always"
        if not a["always"]:
            a["s"] = int(r["ts_cyc"])
            a["e"] = a["s"] + int(r["dur_cyc"])
        out.append(a)
    return out


def overflow(al):
    """The first line where a group's or a track's always-live bytes plus
    its peak so far pass 2^64 - 1, by brute force over the rows before."""
    seen = []
    alw, peak = {}, {}
    for a in al:
        g, k = (a["track"], cat(a)), (a["track"], None)
        if a["always"]:
            for key, what in ((g, "g"), (k, "k")):
                alw[key] = alw.get(key, 0) + a["b"]
                if alw[key] + peak.get(key, 0) > MAX:
                    return a["line"], what, a
            continue
        if a["e"] == a["s"]:
            continue
        seen.append(a)
        for key, what in ((g, "g"), (k, "k")):
            live = sum(x["b"] for x in seen if x["track"] == key[0] and
                       (key[1] is None or cat(x) == key[1]) and
                       x["s"] <= a["s"] < x["e"])
            peak[key] = max(peak.get(key, 0), live)
            if alw.get(key, 0) + peak[key] > MAX:
                return a["line"], what, a
    return None


def apeak(al, track, c):
    """always, peak, first instant, step of a track (c None) or group."""
    mine = [a for a in al if a["track"] == track and (c is None or
                                                      cat(a) == c)]
    always = sum(a["b"] for a in mine if a["always"])
    # an allocation of 0 bytes holds nothing: in no peak and no list
    live = [a for a in mine if not a["always"] and a["e"] > a["s"] and
            a["b"] > 0]
    best, when = 0, None
    for t in sorted(set(a["s"] for a in live)):
        v = sum(a["b"] for a in live if a["s"] <= t < a["e"])
        if v > best:
            best, when = v, t
    step = ""
    if when is not None:
        last = [a for a in live if a["s"] == when][-1]
        step = last.get("step", "")
    return always, best, when, step, live


def lpeak(rows, track, c):
    mine = [r for r in rows if r.get("live_bytes", "") != "" and
            r["track"] == track and (c is None or cat(r) == c)]
    best, when, step = -1, None, ""
    for t in sorted(set(int(r["ts_cyc"]) for r in mine)):
        upto = [r for r in mine if int(r["ts_cyc"]) <= t]
        lvl = {}
        for r in upto:
            lvl[cat(r)] = int(r["live_bytes"])
        v = sum(lvl.values())
        if v > MAX:
            at = [r for r in mine if int(r["ts_cyc"]) == t][-1]
            return None, at["line"]
        if v > best:
            best, when = v, t
            step = [r for r in mine if int(r["ts_cyc"]) == t][-1].get(
                "step", "")
    return (best, when, step), None


def level_overflow(rows):
    """The row at which npt-mem finds a sum of levels past 2^64 - 1: it
    sums a track's levels at the end of each instant, when a row of a
    later start comes (or the input ends).  Returns (detecting row index,
    message) or None."""
    lv = [r for r in rows if r.get("live_bytes", "") != ""]
    first = None
    for t in sorted(set(int(r["ts_cyc"]) for r in lv)):
        at = [r for r in lv if int(r["ts_cyc"]) == t]
        order = []
        for r in at:
            if r["track"] not in order:
                order.append(r["track"])
        for k in order:
            lvl = {}
            for r in lv:
                if r["track"] == k and int(r["ts_cyc"]) <= t:
                    lvl[cat(r)] = int(r["live_bytes"])
            if sum(lvl.values()) > MAX:
                last = [r for r in at if r["track"] == k][-1]
                det = [i for i, r in enumerate(rows)
                       if r["line"] > last["line"] and
                       (r.get("bytes", "") != "" or
                        r.get("live_bytes", "") != "") and
                       r["ts_cyc"] != "" and int(r["ts_cyc"]) > t]
                first = (det[0] if det else len(rows),
                         "error %d track %s: live_bytes of its categories "
                         "sum past 2^64-1" % (last["line"], k))
                return first
    return None


def ref(path, n):
    rows = read(path)
    al = alloc_rows(rows)
    o = overflow(al)
    lo = level_overflow(rows)
    if lo is not None and (o is None or
                           lo[0] <= [r["line"] for r in rows].index(o[0])):
        return lo[1]
    if o is not None:
        line, what, a = o
        if what == "g":
            return "error %d track %s, category %s: live bytes pass " \
                "2^64-1" % (line, a["track"], cat(a))
        return "error %d track %s: live bytes pass 2^64-1" % (line,
                                                              a["track"])
    lv = [r for r in rows if r.get("live_bytes", "") != ""]
    out = ["#kind\ttrack\tcategory\talways_live_bytes\t"
           "not_always_live_peak_bytes\tpeak_bytes\tpeak_ts_cyc\tpeak_step"]

    def arow(kind, track, c, x):
        always, best, when, step = x[:4]
        out.append("\t".join([kind, track, c, str(always), str(best),
                              str(always + best),
                              "" if when is None else str(when),
                              step if when is not None else ""]))

    def lrow(kind, track, c, x):
        best, when, step = x
        out.append("\t".join([kind, track, c, "", "", str(best), str(when),
                              step]))

    best = lbest = None
    for k in sorted(set(r["track"] for r in al + lv)):
        cats = sorted(set(cat(a) for a in al if a["track"] == k))
        for c in cats:
            arow("category", k, c, apeak(al, k, c))
        if cats:
            x = apeak(al, k, None)
            arow("track", k, "all", x)
            if best is None or x[0] + x[1] > best[1][0] + best[1][1]:
                best = (k, x)
        lcats = sorted(set(cat(r) for r in lv if r["track"] == k))
        for c in lcats:
            lrow("level", k, c, lpeak(rows, k, c)[0])
        if lcats:
            x = lpeak(rows, k, None)[0]
            lrow("level_track", k, "all", x)
            if lbest is None or x[0] > lbest[1][0]:
                lbest = (k, x)
    if best is not None:
        arow("overall", best[0], "all", best[1])
    if lbest is not None:
        lrow("level_overall", lbest[0], "all", lbest[1])
    if best is not None and n > 0:
        k, (always, peak, when, step, live) = best
        top = []
        mine = [a for a in al if a["track"] == k]
        if when is not None:
            # live at the first instant of the peak: every allocation of
            # bytes there started before the peak was made, or made it
            top += [a for a in live if a["s"] <= when < a["e"]]
        top += [a for a in mine if a["always"] and a["b"] > 0]
        top.sort(key=lambda a: (-a["b"], not a["always"], a["line"]))
        out.append("#rank\ttrack\tcategory\tname\tbytes\tlive\tts_cyc\t"
                   "dur_cyc")
        for i, a in enumerate(top[:n], 1):
            out.append("\t".join([str(i), k, cat(a), a.get("name", ""),
                                  str(a["b"]), "always" if a["always"]
                                  else "", a["ts_cyc"], a["dur_cyc"]]))
    return "\n".join(out) + "\n"


def gen(seed, d, big=False):
    rnd = random.Random(seed)
    tracks = rnd.sample(["tile0", "tile2", "tile10", "core1"],
                        rnd.randint(1, 3))
    cats = ["weights", "activations", ""][:rnd.randint(1, 3)]
    huge = rnd.random() < 0.3 and not big
    levels = rnd.random() < 0.3 and not big
    cols = ["ts_cyc", "dur_cyc", "track", "op", "name", "bytes",
            "category", "live", "step", "live_bytes"]
    lines = ["#" + "\t".join(cols)]
    t = rnd.randint(0, 3)
    for i in range(rnd.randint(200, 400) if big else rnd.randint(0, 40)):
        t += rnd.choice([0, 0, 1, 1, 1, 2] if big else [0, 0, 1, 2, 5])
        r = {"ts_cyc": str(t), "track": rnd.choice(tracks),
             "name": "v%d" % i, "category": rnd.choice(cats),
             # steps of 16 and 17 bytes and longer, which npt-mem
             # holds in place or not
             "step": rnd.choice(["", str(t // 4), "s%d" % (t % 3),
                                 "sixteen-bytes-%02d" % (t % 3),
                                 "seventeen-bytes%02d" % (t % 3),
                                 "a-step-of-more-than-16-bytes-%d" % (t // 4)])}
        if rnd.random() < 0.1:
            r["op"] = "DMA"
            r["dur_cyc"] = str(rnd.choice([0, 1, 5]))
            r["bytes"] = str(rnd.choice([1, 64, MAX]))
        elif levels and rnd.random() < 0.4:
            r["op"] = "LIVE"
            r["live_bytes"] = str(rnd.choice([0, 1, 7, 100, 2 ** 63]
                                             if huge else [0, 1, 7, 100]))
        else:
            r["op"] = "ALLOC"
            r["dur_cyc"] = str(rnd.choice([0, 1, 2, 4, 5, 9] if not big
                                          else [0, 3, 20, 50, 90, 200]))
            r["bytes"] = str(rnd.choice(
                [0, 1, 8, 64, 1000, 2 ** 62, MAX] if huge
                else [0, 1, 8, 64, 1000]))
            if rnd.random() < 0.15:
                r["live"] = "always"
                if rnd.random() < 0.5:
                    r["dur_cyc"] = ""
        lines.append("\t".join(r.get(c, "") for c in cols))
    with open(d + "/m.tsv", "w") as f:
        f.write("\n".join(lines) + "\n")
    n = rnd.randint(20, 80) if big else rnd.randint(0, 6)
    with open(d + "/args", "w") as f:
        f.write("-n\n%d\n" % n)
    with open(d + "/want", "w") as f:
        f.write(ref(d + "/m.tsv", n).rstrip("\n") + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]), sys.argv[3])
    elif sys.argv[1] in ("gens", "gens-big"):
        import os
        for seed in range(int(sys.argv[2]), int(sys.argv[3]) + 1):
            d = "%s/%d" % (sys.argv[4], seed)
            os.makedirs(d, exist_ok=True)
            gen(seed, d, sys.argv[1] == "gens-big")
    else:
        sys.stdout.write(ref(sys.argv[2], int(sys.argv[3])))
