#!/usr/bin/env python3
"""pva2npt: a Graphcore PopVision report (profile.pop) or PVTI trace, read
through libpva's Python module pva, written as an npt event stream (see
npt-events(5) and contrib/popvision/README.md).

It uses only these libpva calls: pva.openReport, report.compilation.target
(numTiles, tilesPerIpu, clockFrequency), report.compilation.tiles and each
tile's memory.category.<name>.total, report.compilation.livenessProgramSteps
and each step's notAlwaysLiveMemory.bytes, report.execution.steps and each
step's cyclesByTile, ipus[i].cycles and program (name, type), and
pva.openTrace with processes, threads, events and their label, channel,
timestamp, duration and children().
"""

import argparse
import decimal
import errno
import math
import os
import sys
from array import array

PROG = "pva2npt"
VERSION = "0.1.0"
U64 = (1 << 64) - 1
ESC = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\0": "\\0"})


class DataError(Exception):
    """A value in the report that npt cannot hold."""


class WriteError(Exception):
    """Standard output failed (not EPIPE, which ends the run quietly)."""


class Out:
    """Lines buffered to standard output, written as bytes."""

    def __init__(self):
        self.buf = []
        self.n = 0
        self.fd = sys.stdout.fileno()

    def line(self, *fields):
        self.buf.append("\t".join(fields))
        self.n += 1
        if self.n >= 4096:
            self.flush()

    def flush(self):
        if not self.buf:
            return
        data = ("\n".join(self.buf) + "\n").encode("utf-8", "surrogateescape")
        self.buf, self.n = [], 0
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self.fd, view):]
        except BrokenPipeError:
            raise
        except OSError as e:
            raise WriteError(e.strerror or str(e)) from e


def esc(s):
    return str(s).translate(ESC)


def show(v):
    """A value in a message: text quoted, a number as Python writes it."""
    return '"%s"' % esc(v) if isinstance(v, str) else esc(repr(v))


def uint(v, where):
    """A whole number 0 .. 2^64-1 from libpva (an int, or a float without
    fraction), or a DataError naming where it was."""
    if isinstance(v, float) and math.isfinite(v) and v.is_integer():
        v = int(v)
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= U64:
        raise DataError("%s: not a whole number from 0 to 2^64-1: %s" % (where, show(v)))
    return v


def micros(v, where, duration):
    """A time in microseconds as an exact decimal string: an int as it is, a
    float by its shortest repr (the value libpva gave, no rounding)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise DataError("%s: not a number: %s" % (where, show(v)))
    if isinstance(v, float) and not math.isfinite(v):
        raise DataError("%s: not a finite number: %s" % (where, show(v)))
    if duration and v < 0:
        raise DataError("%s: negative: %s" % (where, show(v)))
    d = decimal.Decimal(v if isinstance(v, int) else repr(v))
    places = -d.as_tuple().exponent
    if places > 12:
        raise DataError("%s: more than 12 decimal places: %s" % (where, show(v)))
    if abs(d) >= decimal.Decimal(10) ** 25:
        raise DataError("%s: too large: %s" % (where, show(v)))
    return format(d.copy_abs() if d == 0 else d, "f")


def frequency(hz):
    """npt's way of writing a frequency (npt-events(5), Frequencies)."""
    for unit, div in (("GHz", 10 ** 9), ("MHz", 10 ** 6), ("kHz", 10 ** 3)):
        if hz % div == 0:
            return "%d%s" % (hz // div, unit)
    return "%dHz" % hz


def tiles_per_ipu(target):
    tpi = uint(target.tilesPerIpu, "compilation.target.tilesPerIpu")
    if tpi == 0:
        raise DataError("compilation.target.tilesPerIpu: 0")
    return tpi


def tile_track(t, tpi, nipu):
    """Tile t's track: tileT on one IPU, ipuI.tileT (T numbered across all
    IPUs, as cyclesByTile numbers them) on more."""
    return "tile%d" % t if nipu == 1 else "ipu%d.tile%d" % (t // tpi, t)


def write_steps(report, src, out):
    """(a) One event per execution step and tile, on one timeline for all
    IPUs: a step starts when the step before it has ended on every IPU
    (ts_cyc is the sum of the lengths of the steps before it, a step
    lasting the longest of its ipus[i].cycles and of its tiles'
    cyclesByTile) and lasts the tile's cyclesByTile.  Rows of a step are
    longest first, ties by tile.  Steps of 0 cycles share their start with
    the step after them: the one that lasts comes first (its tiles' rows
    are the only ones longer than 0), then they in order."""
    target = report.compilation.target
    tpi = tiles_per_ipu(target)
    steps = iter(report.execution.steps)
    first = next(steps, None)
    if first is None:
        ntiles = uint(target.numTiles, "compilation.target.numTiles")
    else:
        ntiles = len(first.cyclesByTile)
    nipu = (ntiles + tpi - 1) // tpi
    names = [tile_track(t, tpi, nipu) for t in range(ntiles)]
    out.line("## source=" + esc(src))
    clock = target.clockFrequency
    if isinstance(clock, (int, float)) and not isinstance(clock, bool) and \
            math.isfinite(clock) and clock >= 1 and float(clock).is_integer():
        f = frequency(int(clock))
        for t in range(ntiles):
            out.line("## clock.%s=%s" % (names[t], f))
    else:
        print("%s: warning: %s: compilation.target.clockFrequency is not a whole "
              "number of hertz: %s: no clock lines (give npt-time -f)" % (PROG, src, show(clock)),
              file=sys.stderr)
    out.line("#ts_cyc", "dur_cyc", "track", "op", "name", "ipu", "step")
    now = 0         # where the next step starts
    idle = []       # steps of 0 cycles starting at now: (step, op, name)
    k = -1
    while first is not None:
        step, first = first, next(steps, None)
        k += 1
        where = "execution step %d" % k
        cycles = step.cyclesByTile
        ipus = step.ipus
        prog = step.program
        typ = prog.type
        op = esc(getattr(typ, "name", typ))
        name = esc(prog.name)
        if len(cycles) != ntiles:
            raise DataError("%s: cyclesByTile has %d tiles, step 0 had %d"
                            % (where, len(cycles), ntiles))
        if nipu > len(ipus):
            raise DataError("%s: %d tiles are %d IPUs of %d tiles, but ipus has %d"
                            % (where, ntiles, nipu, tpi, len(ipus)))
        if now > U64:
            raise DataError("%s: starts past 2^64-1 cycles" % where)
        cyc = array("Q", (uint(cycles[t], "%s: cyclesByTile[%d]" % (where, t))
                          for t in range(ntiles)))
        length = max(cyc, default=0)
        for i in range(nipu):
            length = max(length, uint(ipus[i].cycles, "%s: ipus[%d].cycles" % (where, i)))
        if length == 0:
            idle.append((k, op, name))
            continue
        ts, ks = str(now), str(k)
        for t in sorted(range(ntiles), key=lambda t: (-cyc[t], t)):
            out.line(ts, str(cyc[t]), names[t], op, name, str(t // tpi), ks)
        emit_idle(ts, idle, names, tpi, out)
        now += length
    emit_idle(str(now), idle, names, tpi, out)


def emit_idle(ts, idle, names, tpi, out):
    for k, op, name in idle:
        ks = str(k)
        for t, track in enumerate(names):
            out.line(ts, "0", track, op, name, str(t // tpi), ks)
    idle.clear()


def write_memory(report, src, out):
    """(b) Tile memory by category, as level samples: the compiled layout
    holds these bytes on the tile for the whole program, from ts 0 (the
    duration is empty: the level holds until the end).  Tracks are named as
    those of (a)."""
    tpi = tiles_per_ipu(report.compilation.target)
    tiles = list(report.compilation.tiles)
    nipu = (len(tiles) + tpi - 1) // tpi
    out.line("## source=" + esc(src))
    out.line("#ts_cyc", "dur_cyc", "track", "op", "category", "live_bytes", "ipu")
    for t, tile in enumerate(tiles):
        cat = tile.memory.category
        for name in sorted(n for n in dir(cat) if not n.startswith("_")):
            kind = getattr(cat, name)
            if callable(kind) or not hasattr(kind, "total"):
                continue
            b = uint(kind.total, "tile %d: memory.category.%s.total" % (t, name))
            out.line("0", "", tile_track(t, tpi, nipu), "LIVE", esc(name), str(b),
                     str(t // tpi))


def write_liveness(report, src, out):
    """(c) The not-always-live bytes of each liveness program step, as level
    samples of track "all".  The steps carry no time: ts_cyc is the step's
    index, one unit a step, so that a sweep sees them in program order."""
    out.line("## source=" + esc(src))
    out.line("#ts_cyc", "dur_cyc", "track", "op", "category", "live_bytes", "step")
    for i, step in enumerate(report.compilation.livenessProgramSteps):
        b = uint(step.notAlwaysLiveMemory.bytes,
                 "liveness step %d: notAlwaysLiveMemory.bytes" % i)
        out.line(str(i), "1", "all", "LIVE", "notAlwaysLive", str(b), str(i))


def write_trace(trace, src, out, by_channel):
    """(d) PVTI events, one row each, nested as the trace nests them: a
    child's interval lies in its parent's on the same track; depth is 0 for
    a thread's top events and name the labels from the top down, joined by
    "/".  Rows are sorted by start, ties by track, then longest first (as
    npt-events(5) wants them), then depth, then trace order."""
    rows = []
    seq = 0
    for p in trace.processes:
        for th in p.threads:
            base = "pid%s.tid%s" % (esc(p.pid), esc(th.tid))
            stack = [(ev, 0, "") for ev in reversed(list(th.events))]
            while stack:
                ev, depth, path = stack.pop()
                where = "process %s, thread %s, event %s" % (p.pid, th.tid, show(ev.label))
                ts = micros(ev.timestamp, where + ": timestamp", False)
                dur = micros(ev.duration, where + ": duration", True)
                label = esc(ev.label)
                chan = esc(ev.channel)
                path = path + "/" + label if depth else label
                track = base + "/" + chan if by_channel else base
                rows.append((decimal.Decimal(ts), track, -decimal.Decimal(dur), depth, seq,
                             (ts, dur, track, label, path, chan, str(depth))))
                seq += 1
                stack.extend((c, depth + 1, path) for c in reversed(list(ev.children())))
    rows.sort(key=lambda r: r[:5])
    out.line("## source=" + esc(src))
    out.line("#ts_us", "dur_us", "track", "op", "name", "channel", "depth")
    for r in rows:
        out.line(*r[5])


def main(argv):
    ap = argparse.ArgumentParser(
        prog=PROG,
        usage="%(prog)s --steps | --memory | --liveness REPORT\n"
              "       %(prog)s --trace FILE.pvti [--by-channel]",
        description="Write a PopVision report (profile.pop) or PVTI trace as an "
                    "npt event stream on standard output, through libpva's "
                    "Python module (pva, in the Poplar SDK).")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--steps", action="store_true",
                      help="cycles of each execution step on each tile (ts_cyc)")
    mode.add_argument("--memory", action="store_true",
                      help="memory of each tile by category, as levels")
    mode.add_argument("--liveness", action="store_true",
                      help="not-always-live bytes of each liveness step")
    mode.add_argument("--trace", metavar="FILE.pvti",
                      help="the events of a PVTI trace, nested (ts_us)")
    ap.add_argument("--by-channel", action="store_true",
                    help="with --trace: a track per thread and channel")
    ap.add_argument("--version", action="version", version="%(prog)s (npt) " + VERSION)
    ap.add_argument("report", nargs="?", metavar="REPORT",
                    help="the profile.pop to read")
    a = ap.parse_args(argv)
    if a.trace is not None:
        if a.report is not None:
            ap.error("--trace takes no REPORT")
        src = a.trace
    else:
        if a.report is None:
            ap.error("give the REPORT (profile.pop) to read")
        if a.by_channel:
            ap.error("--by-channel goes with --trace")
        src = a.report

    if not os.path.exists(src):
        print("%s: %s: %s" % (PROG, src, os.strerror(errno.ENOENT)), file=sys.stderr)
        return 1
    try:
        import pva
    except ImportError as e:
        print("%s: cannot import pva, libpva's Python module: enable the "
              "Poplar SDK (its enable.sh) first: %s" % (PROG, e), file=sys.stderr)
        return 1
    out = Out()
    try:
        if a.trace is not None:
            write_trace(pva.openTrace(src), src, out, a.by_channel)
        else:
            report = pva.openReport(src)
            if a.steps:
                write_steps(report, src, out)
            elif a.memory:
                write_memory(report, src, out)
            else:
                write_liveness(report, src, out)
        out.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except WriteError as e:
        print("%s: write error: %s" % (PROG, e), file=sys.stderr)
        return 1
    except Exception as e:  # libpva's errors, and DataError
        msg = " ".join(str(e).split()) or type(e).__name__
        if not isinstance(e, DataError):
            msg = "libpva: %s: %s" % (type(e).__name__, msg)
        print("%s: %s: %s" % (PROG, src, msg), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
