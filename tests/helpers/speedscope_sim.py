"""speedscope 1.25's reading of a Chrome trace (JSON array form), in
python3 floats, which are the doubles of JavaScript: for each thread,
what its Trace Event importer (src/import/chrome.ts) draws and warns.

Its order of a thread's events: the X events sorted by start, longest
first (a stable sort), each split into a begin and an end at ts + dur;
the begins and the ends each sorted by time (stable).  Then, while both
are left: a begin before an end of a later time, an end before a begin
of a later time, and at one time the begin first only when its frame key
(the name, then " " + JSON.stringify(args) if it has args) is the end's.
An end first looks, among the ends of its time, for one of the key of
the frame on the top of the stack (then of its name) and takes it
instead; it then closes the top frame if its name is the top's, else
warns and does nothing (or warns when the stack is empty).

usage: speedscope_sim.py TRACE.json: prints each warning, then
"tid TAB name TAB start TAB end" for each frame drawn that is not an
event of the trace (and "missing TAB ..." for each event not drawn), and
exits 1 if there were any.
"""
import json
import math
import sys


def js(o):
    """o with its numbers as JavaScript's JSON.stringify tells them apart:
    -0 is written 0 (python writes -0.0), an integral double as an
    integer, Infinity and NaN as null; others are one double each in
    either, so keys compare equal when JavaScript's do."""
    if isinstance(o, dict):
        return {k: js(v) for k, v in o.items()}
    if isinstance(o, list):
        return [js(v) for v in o]
    if isinstance(o, float):
        if math.isinf(o) or math.isnan(o):
            return None
        if o == int(o) and abs(o) < 1e21:
            return int(o)
    return o


def key(e):
    k = e.get("name") or "(unnamed)"
    if e.get("args") is not None:
        k += " " + json.dumps(js(e["args"]), separators=(",", ":"))
    return k


def thread(evs, warn):
    if not evs:
        return []
    o = min(e["ts"] for e in evs)
    xs = [dict(e, ts=e["ts"] - o) for e in evs]
    dur = lambda e: e.get("dur", e.get("tdur", 0)) or 0
    xs.sort(key=lambda e: (e["ts"], -dur(e)))
    begins = [dict(e) for e in xs]
    ends = [dict(e, ts=e["ts"] + dur(e)) for e in xs]
    begins.sort(key=lambda e: e["ts"])
    ends.sort(key=lambda e: e["ts"])
    stack, drawn = [], []
    b = e = 0
    now = 0.0
    while b < len(begins) or e < len(ends):
        if e == len(ends):
            which = "B"
        elif b == len(begins):
            which = "E"
        else:
            x, y = begins[b], ends[e]
            which = ("B" if x["ts"] < y["ts"] else "E" if y["ts"] < x["ts"]
                     else "B" if key(x) == key(y) else "E")
        if which == "B":
            now = begins[b]["ts"]
            stack.append((begins[b], begins[b]["ts"]))
            b += 1
            continue
        if stack:
            top = stack[-1][0]
            found = False
            for u in range(e + 1, len(ends)):
                if ends[u]["ts"] > ends[e]["ts"]:
                    break
                if key(ends[u]) == key(top):
                    ends[e], ends[u] = ends[u], ends[e]
                    found = True
                    break
            if not found:
                for u in range(e + 1, len(ends)):
                    if ends[u]["ts"] > ends[e]["ts"]:
                        break
                    if ends[u].get("name") == top.get("name"):
                        ends[e], ends[u] = ends[u], ends[e]
                        break
        s = ends[e]
        now = s["ts"]
        e += 1
        if not stack:
            warn("Tried to end frame %r, but the stack was empty" % key(s))
            continue
        c = stack[-1][0]
        if s.get("name") != c.get("name"):
            warn("ts=%r: Tried to end %r when %r was on the top of the "
                 "stack" % (s["ts"], key(s), key(c)))
            continue
        if key(s) != key(c):
            warn("ts=%r: Tried to end %r when %r was on the top of the "
                 "stack, ending it" % (s["ts"], key(s), key(c)))
        drawn.append((c.get("name"), stack[-1][1], s["ts"]))
        stack.pop()
    for c, t in reversed(stack):
        warn("Frame %r was still open at end of profile" % key(c))
        drawn.append((c.get("name"), t, now))
    return drawn


def main():
    evs = json.load(open(sys.argv[1]), parse_int=float)
    threads = {}
    for e in evs:
        if e.get("ph") == "X":
            threads.setdefault((e["pid"], e["tid"]), []).append(e)
    bad = 0
    for (_, tid), xs in threads.items():
        tid = "%d" % tid if tid == int(tid) else tid
        warns = []
        drawn = sorted(thread(xs, warns.append))
        o = min(e["ts"] for e in xs)
        want = sorted((e.get("name"), e["ts"] - o,
                       e["ts"] - o + (e.get("dur") or 0)) for e in xs)
        for w in warns:
            print("%s\twarning: %s" % (tid, w))
        extra = list(drawn)
        missing = []
        for w in want:
            if w in extra:
                extra.remove(w)
            else:
                missing.append(w)
        for x in extra:
            print("%s\t%s\t%r\t%r" % ((tid,) + x))
        for x in missing:
            print("missing\t%s\t%s\t%r\t%r" % ((tid,) + x))
        bad += len(warns) + len(extra) + len(missing)
    sys.exit(1 if bad else 0)


main()
