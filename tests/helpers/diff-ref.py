#!/usr/bin/env python3
"""npt-diff computed independently, for tests/npt-diff.bats.

    diff-ref.py gen SEED DIR [SHIFT]  two event streams DIR/a.tsv, DIR/b.tsv
    diff-ref.py check A B GOT [ALPHA] compare npt-diff's output GOT (default
                                      -k op) with this computation

gen writes dur_cyc durations below 128, where the sketch of npt-diff has a
bucket per value: its medians are exact and its ties are the values' own,
so the Mann-Whitney U test here is the textbook one on the raw values
(average ranks, tie-corrected variance, continuity correction of 1/2, as
scipy.stats.mannwhitneyu's asymptotic method).  Op "slow" in b is SHIFT
cycles slower (default 6); ops "a_only" and "b_only" are in one stream;
the others have the same distribution in both, and the same count but
for "conv"; "few" has 5 events.  check exits 1 naming the
first difference; p must agree to a relative 1e-3 (npt-diff prints 4
digits).
"""
import math
import random
import sys
from decimal import Decimal, ROUND_HALF_UP


def gen(seed, d, shift=6):
    r = random.Random(seed)
    ops = {"conv": (20, 90), "add": (1, 30), "pool": (40, 60), "slow": (30, 80),
           "few": (10, 20)}
    counts = {}
    for side in "ab":
        with open(f"{d}/{side}.tsv", "w") as f:
            f.write("#ts_cyc\tdur_cyc\ttrack\top\n")
            ts = 0
            rows = []
            for op, (lo, hi) in ops.items():
                # the same counts in a and b but for conv
                n = 5 if op == "few" else counts.setdefault(
                    op + side * (op == "conv"), r.randint(30, 300))
                for _ in range(n):
                    v = r.randint(lo, hi)
                    if op == "slow" and side == "b":
                        v += shift
                    rows.append((op, v))
            extra = "a_only" if side == "a" else "b_only"
            rows += [(extra, r.randint(0, 127)) for _ in range(r.randint(1, 50))]
            r.shuffle(rows)
            for op, v in rows:
                f.write(f"{ts}\t{v}\tcore0\t{op}\n")
                ts += v


def read(path):
    g = {}
    col = None
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("##"):
            continue
        if line.startswith("#"):
            col = {c: i for i, c in enumerate(line[1:].split("\t"))}
            continue
        f = line.split("\t")
        if f[col["dur_cyc"]] == "":
            continue
        g.setdefault(f[col["op"]], []).append(int(f[col["dur_cyc"]]))
    return g


def utest(a, b):
    """Two-sided p of U (b against a), and the direction."""
    pooled = sorted([(v, 0) for v in a] + [(v, 1) for v in b])
    n = len(pooled)
    ranks = [0.0] * n
    ties = 0.0
    i = 0
    while i < n:
        j = i
        while j < n and pooled[j][0] == pooled[i][0]:
            j += 1
        for k in range(i, j):
            ranks[k] = (i + 1 + j) / 2
        t = j - i
        ties += t ** 3 - t
        i = j
    rb = sum(rk for rk, (_, s) in zip(ranks, pooled) if s == 1)
    m, nb = len(a), len(b)
    u = rb - nb * (nb + 1) / 2
    mu = m * nb / 2
    var = m * nb / 12 * ((n + 1) - ties / (n * (n - 1)))
    d = (u > mu) - (u < mu)
    if var <= 0:
        return 1.0, d
    z = abs(u - mu) - 0.5
    if z <= 0:
        return 1.0, d
    return math.erfc(z / math.sqrt(var) / math.sqrt(2)), d


def ratio(b, a):
    if a == 0:
        return ""
    return str((Decimal(b) / Decimal(a)).quantize(Decimal("0.001"), ROUND_HALF_UP))


def median(v):
    s = sorted(v)
    return s[(len(s) + 1) // 2 - 1]


def row(key, a, b, alpha):
    out = [key, str(len(a)), str(len(b)), str(sum(a)), str(sum(b)),
           str(sum(b) - sum(a)), ratio(sum(b), sum(a))]
    if a and b:
        ma, mb = median(a), median(b)
        out += [str(ma), str(mb), str(mb - ma), ratio(mb, ma)]
    else:
        out += [str(median(a)) if a else "", str(median(b)) if b else "", "", ""]
    p = None
    if not a and not b:
        ch = "too few"
    elif not a:
        ch = "only B"
    elif not b:
        ch = "only A"
    elif len(a) < 10 or len(b) < 10:
        ch = "too few"
    else:
        p, d = utest(a, b)
        ch = "noise" if p >= alpha or d == 0 else "slower" if d > 0 else "faster"
    return out + [p, ch], abs(sum(b) - sum(a))


def check(pa, pb, got, alpha=0.01):
    ga, gb = read(pa), read(pb)
    rows = []
    for k in set(ga) | set(gb):
        rows.append(row(k, ga.get(k, []), gb.get(k, []), alpha))
    rows.sort(key=lambda r: (-r[1], r[0][0].encode()))
    want = [r[0] for r in rows]
    alla = [v for k in ga for v in ga[k]]
    allb = [v for k in gb for v in gb[k]]
    want.append(row("*", alla, allb, alpha)[0])
    lines = [l.rstrip("\n").split("\t") for l in open(got)]
    head = ("#op count_a count_b total_a_cyc total_b_cyc total_diff_cyc "
            "total_ratio median_a_cyc median_b_cyc median_diff_cyc "
            "median_ratio p change").split()
    if lines[0] != head:
        sys.exit(f"header: {lines[0]}")
    if len(lines) - 1 != len(want):
        sys.exit(f"{len(lines) - 1} lines, want {len(want)}")
    for i, (g, w) in enumerate(zip(lines[1:], want), 2):
        p = w[11]
        if g[:11] != w[:11] or g[12] != w[12]:
            sys.exit(f"line {i}: got {g}, want {w}")
        if p is None:
            if g[11] != "":
                sys.exit(f"line {i}: p {g[11]}, want none")
        elif g[11] == "" or abs(float(g[11]) - p) > 1e-3 * p + 1e-300:
            sys.exit(f"line {i}: p {g[11]}, want {p:.6g}")


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]), sys.argv[3],
            int(sys.argv[4]) if len(sys.argv) > 4 else 6)
    else:
        check(sys.argv[2], sys.argv[3], sys.argv[4],
              float(sys.argv[5]) if len(sys.argv) > 5 else 0.01)
