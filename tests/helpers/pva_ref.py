"""What contrib/popvision/pva2npt.py should write for a stand-in report or
trace (tests/helpers/pva_standin/pva.py, on PYTHONPATH), computed here
another way: every row first, then one sort; the trace walked by recursion.

    pva_ref.py steps|memory|liveness REPORT   the stream, byte for byte
    pva_ref.py trace PVTI [--by-channel]      the same
    pva_ref.py steps-ops REPORT               "op total" lines: the cycles of
                                              each program type
    pva_ref.py steps-busy REPORT              "TRACK busy" lines: the union of
                                              each tile's intervals
    pva_ref.py trace-ops PVTI                 "label total self" lines, self
                                              being the duration less the
                                              children's
"""

import sys
from fractions import Fraction

import pva


def esc(s):
    return "".join({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r",
                    "\0": "\\0"}.get(c, c) for c in str(s))


def whole(v):
    if isinstance(v, float):
        assert v == int(v)
        return int(v)
    return v


def track(tile, tpi, nipu):
    return "tile%d" % tile if nipu == 1 else "ipu%d.tile%d" % (tile // tpi, tile)


def step_rows(report):
    """(start, step of 0 cycles, step, -cycles, tile, ipu, cycles, op, name):
    one timeline, each step lasting its longest IPU (or tile)."""
    t = report.compilation.target
    tpi = t.tilesPerIpu
    rows = []
    start = 0
    for k, step in enumerate(report.execution.steps):
        cyc = [whole(c) for c in step.cyclesByTile][:t.numIPUs * tpi]
        length = max(cyc + [whole(step.ipus[i].cycles) for i in range(t.numIPUs)])
        for tile, c in enumerate(cyc):
            rows.append((start, length == 0, k, -c, tile, tile // tpi, c,
                         step.program.type.name, step.program.name))
        start += length
    rows.sort()
    return rows


def steps(report, src):
    t = report.compilation.target
    hz = int(t.clockFrequency)
    tpi, nipu = t.tilesPerIpu, t.numIPUs
    lines = ["## source=" + esc(src)]
    mhz = "%dGHz" % (hz // 10 ** 9) if hz % 10 ** 9 == 0 else "%dMHz" % (hz // 10 ** 6)
    lines += ["## clock.%s=%s" % (track(n, tpi, nipu), mhz) for n in range(t.numTiles)]
    lines.append("#ts_cyc\tdur_cyc\ttrack\top\tname\tipu\tstep")
    for start, _, k, _, tile, i, c, op, name in step_rows(report):
        lines.append("%d\t%d\t%s\t%s\t%s\t%d\t%d" % (start, c, track(tile, tpi, nipu), esc(op),
                                                   esc(name), i, k))
    return lines


def memory(report, src):
    tpi = report.compilation.target.tilesPerIpu
    lines = ["## source=" + esc(src),
             "#ts_cyc\tdur_cyc\ttrack\top\tcategory\tlive_bytes\tipu"]
    for n, tile in enumerate(report.compilation.tiles):
        cat = tile.memory.category
        for name in sorted(vars(cat)):
            if not name.startswith("_"):
                lines.append("0\t\t%s\tLIVE\t%s\t%d\t%d"
                             % (track(n, tpi, report.compilation.target.numIPUs), name,
                                whole(getattr(cat, name).total), n // tpi))
    return lines


def liveness(report, src):
    lines = ["## source=" + esc(src),
             "#ts_cyc\tdur_cyc\ttrack\top\tcategory\tlive_bytes\tstep"]
    for n, s in enumerate(report.compilation.livenessProgramSteps):
        lines.append("%d\t1\tall\tLIVE\tnotAlwaysLive\t%d\t%d"
                     % (n, whole(s.notAlwaysLiveMemory.bytes), n))
    return lines


def us(v):
    """Halves as the stand-in makes them: n or n.0 or n.5."""
    if isinstance(v, int):
        return str(v), Fraction(v)
    f = Fraction(v)
    assert f.denominator in (1, 2)
    return "%d.%d" % (f.numerator // f.denominator, 5 if f.denominator == 2 else 0), f


def trace_rows(trace, by_channel):
    rows = []
    order = [0]

    def walk(ev, track, depth, path):
        name = path + [esc(ev.label)]
        tr = track + "/" + esc(ev.channel) if by_channel else track
        ts, tsf = us(ev.timestamp)
        dur, durf = us(ev.duration)
        rows.append((tsf, tr, depth, order[0], ts, dur, esc(ev.label), "/".join(name),
                     esc(ev.channel), durf, [us(c.duration)[1] for c in ev.children()]))
        order[0] += 1
        for c in ev.children():
            walk(c, track, depth + 1, name)

    for p in trace.processes:
        for t in p.threads:
            for ev in t.events:
                walk(ev, "pid%d.tid%d" % (p.pid, t.tid), 0, [])
    rows.sort(key=lambda r: (r[0], r[1], -r[9], r[2], r[3]))
    return rows


def trace(tr, src, by_channel):
    lines = ["## source=" + esc(src), "#ts_us\tdur_us\ttrack\top\tname\tchannel\tdepth"]
    for r in trace_rows(tr, by_channel):
        lines.append("\t".join((r[4], r[5], r[1], r[6], r[7], r[8], str(r[2]))))
    return lines


def main():
    what, src = sys.argv[1], sys.argv[2]
    by_channel = sys.argv[3:] == ["--by-channel"]
    if what == "trace":
        out = trace(pva.openTrace(src), src, by_channel)
    elif what == "trace-ops":
        tot, self_ = {}, {}
        for r in trace_rows(pva.openTrace(src), False):
            tot[r[6]] = tot.get(r[6], 0) + r[9]
            self_[r[6]] = self_.get(r[6], 0) + r[9] - sum(r[10])
        out = ["%s %s %s" % (k, tot[k], self_[k]) for k in sorted(tot)]
    else:
        report = pva.openReport(src)
        if what == "steps-ops":
            tot = {}
            for r in step_rows(report):
                tot[r[7]] = tot.get(r[7], 0) + r[6]
            out = ["%s %d" % (k, tot[k]) for k in sorted(tot)]
        elif what == "steps-busy":
            spans = {}
            t = report.compilation.target
            for start, _, k, _, tile, i, c, op, name in step_rows(report):
                spans.setdefault(track(tile, t.tilesPerIpu, t.numIPUs), []).append((start, start + c))
            out = []
            for tile in sorted(spans):
                busy, end = 0, 0
                for a, b in sorted(spans[tile]):
                    if b > end:
                        busy += b - max(a, end)
                        end = b
                out.append("%s %d" % (tile, busy))
        else:
            out = {"steps": steps, "memory": memory, "liveness": liveness}[what](report, src)
    sys.stdout.write("".join(line + "\n" for line in out))


main()
