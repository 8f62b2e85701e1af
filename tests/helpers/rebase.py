#!/usr/bin/env python3
# rebase.py < events: the same stream with the first start subtracted from
# every ts_<unit> value, exactly (Decimal), as npt-time -z does for cycles.
import sys
from decimal import Decimal, getcontext

getcontext().prec = 60
first = None
col = None
for line in sys.stdin.read().split("\n")[:-1]:
    if line.startswith("#"):
        if not line.startswith("##"):
            hdr = line[1:].split("\t")
            col = [i for i, c in enumerate(hdr) if c.startswith("ts_")][0]
        print(line)
        continue
    f = line.split("\t")
    if first is None:
        first = Decimal(f[col])
    f[col] = str(Decimal(f[col]) - first)
    print("\t".join(f))
