#!/usr/bin/env python3
"""The numbers of -p (npt-agg(1)), from the rule as the man page states it,
in exact fractions: an independent reference for the tests.

usage: human.py UNIT [FIELD ...] < lines

UNIT is cyc, ns, us or ms.  Each FIELD (1-based) of each TAB-separated
line is a value in UNIT ("12.5", "-3", or a quotient "7/3") and is
replaced by its rendering; the other fields are copied.  With no FIELD,
every field is a value.

The rule: 4 significant digits, halves rounded away from zero, in the unit
of the value: s, ms, us (written with U+00B5), ns, ps or fs for times,
after a space, such that the number is at least 1 and below 1000 (below
1 fs: fs; 1000 s and more: whole seconds); cycles with the prefix k, M,
G, T, P or E and no space, a whole number of cycles below 1000 as it is.
Zero is "0".
"""
import sys
from fractions import Fraction

TIME = {-15: "fs", -12: "ps", -9: "ns", -6: "\u00b5s", -3: "ms", 0: "s"}
CYC = {0: "", 3: "k", 6: "M", 9: "G", 12: "T", 15: "P", 18: "E"}
EXP = {"ns": -9, "us": -6, "ms": -3}


def half_up(x):
    """x >= 0 rounded to an integer, halves up."""
    return int(x + Fraction(1, 2))


def log10(x):
    """floor(log10(x)) for x > 0, exactly."""
    e = len(str(int(x))) - 1 if x >= 1 else 0
    while Fraction(10) ** e > x:
        e -= 1
    while Fraction(10) ** (e + 1) <= x:
        e += 1
    return e


def fixed(q, dec):
    s = str(q).rjust(dec + 1, "0")
    return s if dec == 0 else s[:-dec] + "." + s[-dec:]


def human(v, unit):
    if v == 0:
        return "0"
    sign = "-" if v < 0 else ""
    v = abs(v)
    if unit == "cyc":
        if v < 1000 and v.denominator == 1:
            return sign + str(v.numerator)
        names, sep = CYC, ""
    else:
        v = v * Fraction(10) ** EXP[unit]   # seconds
        names, sep = TIME, " "
    lo, hi = min(names), max(names)
    e = log10(v)
    r = half_up(v / Fraction(10) ** (e - 3)) * Fraction(10) ** (e - 3)
    e = log10(r)                        # 9999.5 became 10000
    g = max(lo, min(hi, e // 3 * 3))
    dec = 3 - (e - g)
    if dec < 0:                         # beyond the largest unit: whole ones
        return sign + str(half_up(v / Fraction(10) ** g)) + sep + names[g]
    q = r / Fraction(10) ** (g - dec)
    assert q.denominator == 1
    return sign + fixed(int(q), dec) + sep + names[g]


def main():
    unit = sys.argv[1]
    fields = [int(a) for a in sys.argv[2:]]
    for line in sys.stdin:
        f = line.rstrip("\n").split("\t")
        for i in range(len(f)):
            if not fields or i + 1 in fields:
                f[i] = human(Fraction(f[i]), unit)
        sys.stdout.write("\t".join(f) + "\n")


if __name__ == "__main__":
    main()
