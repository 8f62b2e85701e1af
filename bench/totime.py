# The conversion of npt-time in python3, for bench/time.sh: exact, with
# integers: ts_cyc and dur_cyc to us with three decimals at each track's
# clock, rounded to nearest, halves up; the duration as the rounded end
# minus the rounded start.
import sys
from clocks import clock, ns


def main():
    hz = {}
    out = sys.stdout.write
    for line in sys.stdin:
        if line.startswith("##"):
            if line.startswith("## clock."):
                k, v = clock(line)
                hz[k] = v
            out(line)
            continue
        if line.startswith("#"):
            out(line.replace("ts_cyc", "ts_us", 1).replace("dur_cyc", "dur_us", 1))
            continue
        f = line.split("\t")
        h = hz[f[2]]
        c = int(f[0])
        ts = ns(c, h)
        if f[1]:
            e = ns(c + int(f[1]), h)
            f[1] = "%d.%03d" % divmod(e - ts, 1000)
        f[0] = "%d.%03d" % divmod(ts, 1000)
        out("\t".join(f))


main()
