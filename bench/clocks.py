# The clocks of a stream for the python peers of bench/time.sh and
# bench/json.sh: a "## clock." line's track and clock in hertz, and cycles
# to nanoseconds, exactly, rounded to nearest, halves up.
from decimal import Decimal

UNITS = (("GHz", 10**9), ("MHz", 10**6), ("kHz", 10**3), ("Hz", 1))


def clock(line):
    """("core0", 900000000) for "## clock.core0=900MHz"."""
    k, v = line[9:].rstrip("\n").split("=", 1)
    for u, m in UNITS:
        if v.endswith(u):
            return k, int(Decimal(v[:-len(u)]) * m)
    return k, int(v)


def ns(c, hz):
    return (2 * c * 10**9 + hz) // (2 * hz)
