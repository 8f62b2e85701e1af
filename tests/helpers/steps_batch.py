#!/usr/bin/env python3
"""Streams for npt-overlap -s whose step column is last, so that npt-overlap
reads their plain lines in batches (npt_tsv_lines), with every kind of line
the batch path must leave to the line-by-line one: decimals, numbers of 17
to 20 digits, leading zeros, empty fields, escapes, a CR, tracks new or of
more than 8 bytes, control tracks, metadata and headers in the middle,
steps seen again and reopened, and an error now and then (out of order, a
bad number, a wrong field count, an unknown escape).

steps_batch.py SEED DIR: write DIR/last/t.tsv (the step column last) and
DIR/pad/t.tsv (the same with a column "pad" after it: read line by line)
and DIR/args (npt-overlap's options, one per line)."""

import os
import random
import sys


def gen(seed, d):
    r = random.Random(seed)
    unit = r.choice(["cyc", "cyc", "ns", "us"])
    tracks = ["core%d" % i for i in range(r.randint(1, 4))]
    tracks += r.sample(["dma0", "a_very_long_track_name", "x\\ty", "ctrl0",
                        "tile12345"], r.randint(0, 3))
    ts = r.choice([0, 7, 10 ** r.randint(1, 17)])
    step = 0
    nsteps = r.randint(1, 40)
    lines = []
    bad = r.random() < 0.4

    def name(k):
        return "a_step_name_longer_than_8_%d" % k if k % 5 == 3 else str(k)

    hdr = ["ts_" + unit, "dur_" + unit, "track", "op", "step"]
    lines.append(("#" + "\t".join(hdr), "#" + "\t".join(hdr + ["pad"])))
    if r.random() < 0.5:
        lines.append(("## role.ctrl0=control", "## role.ctrl0=control"))
    n = r.randint(50, 3000)
    for i in range(n):
        if r.random() < nsteps / n:
            step += 1
        ts += r.choice([0, 0, 1, r.randint(0, 10 ** r.randint(1, 6))])
        t = r.choice(tracks)
        du = r.randint(0, 10 ** r.randint(0, 7))
        tsf, duf = str(ts), str(du)
        x = r.random()
        if x < 0.02 and unit != "cyc":
            tsf = tsf + "." + "0" * r.randint(1, 3)
        elif x < 0.04:
            duf = "0" * r.randint(1, 12) + duf
        elif x < 0.05:
            duf = ""
        elif x < 0.06:
            tsf = "0" * (20 - len(tsf)) + tsf
        elif x < 0.07 and unit != "cyc":
            duf = duf + ".5"
        s = name(step)
        y = r.random()
        if y < 0.03:
            s = ""
        elif y < 0.035 and step > 0:
            s = name(step - 1)
        op = r.choice(["mm", "conv", "x\\\\y", ""])
        f = [tsf, duf, t, op]
        pad = "p%d" % (i % 7) if r.random() < 0.5 else ""
        lines.append(("\t".join(f + [s]), "\t".join(f + [s, pad])))
        z = r.random()
        if z < 0.005:
            m = "## role.%s=%s" % (r.choice(tracks),
                                  r.choice(["control", "compute"]))
            lines.append((m, m))
        elif z < 0.008:
            lines.append(("#" + "\t".join(hdr), "#" + "\t".join(hdr +
                                                               ["pad"])))
    if bad:
        i = r.randint(2, len(lines) - 1)
        kind = r.randint(0, 4)
        # a few lines after a step closes the one before it, often: its
        # row is written before the error
        new = [j for j in range(3, len(lines))
               if lines[j][0].split("\t")[-1] != lines[j - 1][0].split(
                   "\t")[-1]]
        if new and r.random() < 0.5:
            i = min(r.choice(new) + r.randint(0, 10), len(lines) - 1)
            kind = r.choice([0, 1, 2, 3, 4, 4, 4, 4])
        a, b = lines[i]
        if not a.startswith("#"):
            fa, fb = a.split("\t"), b.split("\t")
            if kind == 0:           # out of order
                fa[0] = fb[0] = "0"
            elif kind == 1:         # not a number
                fa[1] = fb[1] = "12x"
            elif kind == 2:         # a CR
                fa[-1] += "\r"
                fb[-1] += "\r"
            elif kind == 3:         # a field too many
                fa.append("z")
                fb.append("z")
            else:                   # an unknown escape
                fa[3] += "\\q"
                fb[3] += "\\q"
            lines[i] = ("\t".join(fa), "\t".join(fb))
    args = ["-s", "step"]
    if r.random() < 0.3:
        args += ["-w", str(r.randint(1, 3))]
    if r.random() < 0.3:
        args += ["-t", r.choice(["core*", "*", "dma*,core1"])]
    if r.random() < 0.3:
        args += ["-c", "c=core*", "-c", "l=a_*"]
    for sub, k in (("last", 0), ("pad", 1)):
        os.makedirs(d + "/" + sub, exist_ok=True)
        with open(d + "/" + sub + "/t.tsv", "w") as f:
            f.write("".join(x[k] + "\n" for x in lines))
    with open(d + "/args", "w") as f:
        f.write("\n".join(args) + "\n")


if __name__ == "__main__":
    gen(int(sys.argv[1]), sys.argv[2])
