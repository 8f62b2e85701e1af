"""A stand-in for libpva's Python module `pva`, for testing
contrib/popvision/pva2npt.py where Graphcore's Poplar SDK (which ships the
real module) cannot be installed.

It implements exactly the calls pva2npt.py uses, with the names of libpva's
public Python API (docs.graphcore.ai, projects/libpva, api-python; the
usage in Graphcore's public tutorials: graphcore/examples
tutorials/tutorials/popvision/libpva/walkthrough.py and
reading_pvti_files/walkthrough.py; summarised in the project's
shared/reference/vendors.md, section 3):

    pva.openReport(path)                       -> Report
    report.compilation.target                  .numTiles .tilesPerIpu
                                               .numIPUs .clockFrequency
    report.compilation.tiles[t].memory.category.<name>.total
    report.compilation.livenessProgramSteps[i].notAlwaysLiveMemory.bytes
    report.execution.steps[k]                  .cyclesByTile[t]
                                               .ipus[i].cycles
                                               .program.name
                                               .program.type.name
    pva.openTrace(path)                        -> Trace
    trace.processes[p]                         .pid .threads
    process.threads[t]                         .tid .events
    event                                      .label .channel .timestamp
                                               .duration .children()

Nothing here comes from the SDK: the data are made up, deterministically,
from the "report" (or "trace") file, which for this stand-in is a text file
of key=value lines, one a line, the value running to the end of the line
(a real profile.pop is libpva's own binary format):

    seed=N                the random seed (default 1)
    ipus=N, tiles_per_ipu=N, steps=N, liveness_steps=N (2, 4, 6, 5)
    clock=X               target.clockFrequency, as written (default
                          1330000000.0, a float as libpva gives it)
    cycles.S.T=V          execution step S, tile T: cyclesByTile value V
    ipucycles.S.I=V       execution step S, IPU I: cycles
    bytes.T.CATEGORY=V    tile T's memory in CATEGORY: total
    live.S=V              liveness step S: notAlwaysLiveMemory.bytes
    name.S=TEXT           execution step S's program name (\\t \\n \\\\ are
                          TAB, LF and backslash)
    ipus_listed=N         list only the first N IPUs in each step's ipus
    raise=WHERE           raise an error where the caller reaches WHERE:
                          open, target, tiles, category, liveness, steps,
                          cycles, ipus (reports); open, processes, threads,
                          events, children (traces)

    processes=N, threads=N, roots=N, depth=N, fanout=N (traces: 2, 2, 3,
                          3, 2)
    float=1               timestamps and durations as floats, in halves
    dur.N=V ts.N=V label.N=TEXT channel.N=TEXT
                          the N-th event (0-based, in depth-first order
                          over processes, threads, events, children)

V is an integer if it reads as one, else a float, else the text itself (to
test what the caller does with a value that is not a number).

tests/pva.bats puts this directory on PYTHONPATH, and computes what
pva2npt.py should write from these objects, independently.
"""

import os
import random

CATEGORIES = ("constant", "controlCode", "internalExchangeCode", "stack",
              "variable", "vertexCode", "vertexInstanceState")
TYPES = ("OnTileExecute", "DoExchange", "StreamCopyBegin", "Sync",
         "OnTileExecute", "DoExchange")


def _value(s):
    for conv in (int, float):
        try:
            return conv(s)
        except ValueError:
            pass
    return s


def _text(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            out.append({"t": "\t", "n": "\n", "\\": "\\"}.get(s[i + 1], s[i + 1]))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _params(path):
    if not os.path.isfile(path):
        raise RuntimeError("Could not open file " + path)
    p = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                k, _, v = line.partition("=")
                p[k] = v
    return p


class _Raiser:
    def __init__(self, where):
        self.where = where

    def check(self, here):
        if self.where == here:
            raise RuntimeError("stand-in asked to fail at " + here)


class _Obj:
    """An attribute bag whose chosen attribute raises when asked to."""

    def __init__(self, raiser, here, **kw):
        object.__setattr__(self, "_raiser", raiser)
        object.__setattr__(self, "_here", here)
        for k, v in kw.items():
            object.__setattr__(self, k, v)

    def __getattribute__(self, name):
        here = object.__getattribute__(self, "_here")
        if name in here:
            object.__getattribute__(self, "_raiser").check(here[name])
        return object.__getattribute__(self, name)


class _Enum:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "Program.Type." + self.name


class _Category:
    """tile.memory.category: one attribute per category, each with .total."""

    def __init__(self, raiser, totals):
        self._raiser = raiser
        for k, v in totals.items():
            setattr(self, k, _Obj(raiser, {}, total=v))

    def __getattribute__(self, name):
        if not name.startswith("_"):
            object.__getattribute__(self, "_raiser").check("category")
        return object.__getattribute__(self, name)


def _open(path):
    """The parameters, the raiser and the random numbers of a file."""
    p = _params(path)
    r = _Raiser(p.get("raise"))
    r.check("open")
    return p, r, random.Random(int(p.get("seed", "1")))


def openReport(path, debugPath=None):
    p, r, rng = _open(path)
    ipus = int(p.get("ipus", "2"))
    tpi = _value(p.get("tiles_per_ipu", "4"))
    nsteps = int(p.get("steps", "6"))
    nlive = int(p.get("liveness_steps", "5"))
    ntiles = ipus * tpi if isinstance(tpi, int) else ipus
    clock = _value(p.get("clock", "1330000000.0"))

    target = _Obj(r, {"numTiles": "target"}, numTiles=ntiles,
                  tilesPerIpu=tpi, numIPUs=ipus, clockFrequency=clock)
    tiles = []
    for t in range(ntiles):
        totals = {}
        for c in CATEGORIES:
            v = rng.choice((0, rng.randrange(1, 1 << 17), rng.randrange(1, 1 << 10)))
            totals[c] = _value(p.get("bytes.%d.%s" % (t, c), str(v)))
        for k, v in p.items():
            if k.startswith("bytes.%d." % t):
                totals[k.split(".", 2)[2]] = _value(v)
        tiles.append(_Obj(r, {}, memory=_Obj(r, {}, category=_Category(r, totals))))
    live = []
    for s in range(nlive):
        v = _value(p.get("live.%d" % s, str(rng.randrange(0, 1 << 20))))
        live.append(_Obj(r, {}, notAlwaysLiveMemory=_Obj(r, {}, bytes=v)))
    steps = []
    for s in range(nsteps):
        cyc = []
        for t in range(ntiles):
            v = rng.choice((0, rng.randrange(1, 5000), rng.randrange(1, 300)))
            cyc.append(_value(p.get("cycles.%d.%d" % (s, t), str(v))))
        ipl = []
        for i in range(ipus):
            mine = [c for c in cyc[i * ntiles // ipus:(i + 1) * ntiles // ipus]
                    if isinstance(c, int)]
            v = max(mine + [0]) + rng.randrange(0, 60)
            v = _value(p.get("ipucycles.%d.%d" % (s, i), str(v)))
            ipl.append(_Obj(r, {}, cycles=v))
        ipl = ipl[:int(p.get("ipus_listed", str(ipus)))]
        name = _text(p.get("name.%d" % s, "prog%d/%s" % (s, rng.choice(("conv", "matmul", "add", "")))))
        prog = _Obj(r, {}, name=name, type=_Enum(TYPES[s % len(TYPES)]))
        steps.append(_Obj(r, {"cyclesByTile": "cycles", "ipus": "ipus"},
                          cyclesByTile=cyc, ipus=ipl, program=prog))
    comp = _Obj(r, {"target": "target", "tiles": "tiles",
                    "livenessProgramSteps": "liveness"},
                target=target, tiles=tiles, livenessProgramSteps=live)
    execu = _Obj(r, {"steps": "steps"}, steps=steps)
    return _Obj(r, {}, compilation=comp, execution=execu)


class Event:
    def __init__(self, raiser, label, channel, timestamp, duration, children):
        self._raiser = raiser
        self.label = label
        self.channel = channel
        self.timestamp = timestamp
        self.duration = duration
        self._children = children

    def children(self):
        self._raiser.check("children")
        return self._children


def openTrace(path):
    p, r, rng = _open(path)
    nproc = int(p.get("processes", "2"))
    nthr = int(p.get("threads", "2"))
    nroots = int(p.get("roots", "3"))
    depth = int(p.get("depth", "3"))
    fanout = int(p.get("fanout", "2"))
    halves = p.get("float") == "1"
    counter = [0]
    labels = ("Epoch", "Step", "Engine::run", "copy", "compile", "ΔT µs")
    channels = ("popart", "poplar", "framework")

    def num(v):
        return v / 2 if halves else v

    def make(start, room, level):
        n = counter[0]
        counter[0] += 1
        dur = rng.randrange(room // 2, room + 1) if room > 0 else 0
        kids = []
        if level + 1 < depth and dur >= 4:
            t = start
            slot = dur // fanout
            for _ in range(rng.randrange(0, fanout + 1)):
                t += rng.randrange(0, max(1, slot // 4))
                kid, kdur = make(t, max(0, slot - (slot // 4)), level + 1)
                kids.append(kid)
                t += kdur
        ts = _value(p["ts.%d" % n]) if "ts.%d" % n in p else num(start)
        du = _value(p["dur.%d" % n]) if "dur.%d" % n in p else num(dur)
        label = _text(p.get("label.%d" % n, rng.choice(labels)))
        chan = _text(p.get("channel.%d" % n, rng.choice(channels)))
        return Event(r, label, chan, ts, du, kids), dur

    procs = []
    for pi in range(nproc):
        threads = []
        for ti in range(nthr):
            evs = []
            t = 1700000000000000 + rng.randrange(0, 1000)
            for _ in range(nroots):
                t += rng.randrange(0, 50)
                ev, d = make(t, rng.randrange(0, 2000), 0)
                evs.append(ev)
                t += d
            threads.append(_Obj(r, {"events": "events"}, tid=1000 + 10 * pi + ti, events=evs))
        procs.append(_Obj(r, {"threads": "threads"}, pid=4000 + pi, threads=threads))
    return _Obj(r, {"processes": "processes"}, processes=procs)
