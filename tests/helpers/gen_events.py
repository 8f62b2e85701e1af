#!/usr/bin/env python3
# Random event streams for the npt-agg and npt-overlap tests.
# gen_events.py SEED N [unit] [mode] [base]: N events on 3 tracks sorted by
# ts; unit cyc (default), ns, us or ms (decimals then); mode "nest" makes
# properly nested events per track (for self time), "any" makes touching,
# zero-length, nested and overlapping events; base, a decimal, is added to
# every start (exactly), as in times since the Unix epoch.
import random
import sys
from decimal import Decimal, getcontext

getcontext().prec = 60

seed, n = int(sys.argv[1]), int(sys.argv[2])
unit = sys.argv[3] if len(sys.argv) > 3 else "cyc"
mode = sys.argv[4] if len(sys.argv) > 4 else "nest"
base = Decimal(sys.argv[5]) if len(sys.argv) > 5 else None
rnd = random.Random(seed)
ops = ["CONV_2D", "ADD", "SOFTMAX", "MUL", "CONCATENATION", ""]
tracks = ["core0", "core1", "dma_in"]
ev = []
for tr in tracks:
    t = rnd.randint(0, 50)
    made = 0
    while made < n // len(tracks):
        if mode == "nest":
            # an outer event with up to 3 children, one maybe with a child
            outer = rnd.randint(50, 400)
            ev.append((t, outer, tr))
            c = t + rnd.randint(0, 10)
            for _ in range(rnd.randint(0, 3)):
                d = rnd.randint(0, 40)
                if c + d > t + outer:
                    break
                ev.append((c, d, tr))
                if d > 4 and rnd.random() < 0.5:
                    ev.append((c + 1, rnd.randint(0, d - 2), tr))
                    made += 1
                c += d + rnd.randint(0, 5)
                made += 1
            t += outer + rnd.choice([0, 0, 1, 7, 30])
            made += 1
        else:
            d = rnd.choice([0, rnd.randint(1, 30), rnd.randint(1, 300)])
            ev.append((t, d, tr))
            t += rnd.choice([0, d, d, max(0, d - 5), d + 3, rnd.randint(0, 20)])
            made += 1
# stable sort keeps an outer event before its children at the same ts
ev.sort(key=lambda e: e[0])
print("## source=gen_events.py %d %d" % (seed, n))
print("#ts_%s\tdur_%s\ttrack\top\tid\textra" % (unit, unit))


def fmt(v):
    if unit == "cyc":
        return str(v)
    # times scaled by 7 thousandths: three decimals, trailing zeros
    # dropped now and then
    v *= 7
    s = "%d.%03d" % (v // 1000, v % 1000)
    return s.rstrip("0").rstrip(".") if v % 3 == 0 else s


def fmtts(v):
    return fmt(v) if base is None else str(base + Decimal(fmt(v)))


for i, (t, d, tr) in enumerate(ev):
    print("%s\t%s\t%s\t%s\t%d\tx%d" % (fmtts(t), fmt(d), tr, rnd.choice(ops),
                                        rnd.randint(0, 20), i % 3))
