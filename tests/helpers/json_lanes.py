"""npt-json(1)'s tids and lanes, as its man page says them, for the tests.

assign(events): events (ts, te, track, key) in stream order, key the
frame key speedscope gives the event (its name, with -a its args too);
returns the tid of each event and the thread name of each tid.

tid = group * 10^7 + number * 100 + 1, the next free one if taken.  An
event goes to the first lane of its track where it nests or none is
open, and where speedscope draws it: one of length 0 where no other
event begins or ends at its time (others of length 0 of its key may be
there); one of length > 0 not where one of length 0 is at its start,
nor, as the first to begin there, where an event of its key ends then,
nor where open events that end with it have its name and another key
(names: the key up to the first '{', see name()).
"""


def base(name):
    group = 2 if name.startswith(("ctrl", "control")) else \
        1 if "dma" in name.lower() else 0
    digits = len(name) - len(name.rstrip("0123456789"))
    number = int(name[-digits:]) if 0 < digits <= 5 else 99999
    return group * 10**7 + number * 100 + 1


def name(key):
    return key.split("{")[0]


def assign(events):
    taken, tracks, now, tids, threads = set(), {}, {}, [], {}
    for ts, te, track, key in events:
        lanes = tracks.setdefault(track, [])
        if now.get(track) != ts:
            now[track] = ts
            for lane in lanes:
                lane["marks"].clear()
                lane["keys"].clear()
        for lane in lanes:
            stack = lane["stack"]
            while stack and stack[-1][0] <= ts:
                if stack[-1][0] == ts:
                    lane["marks"].add("E")
                    lane["keys"].add(stack[-1][1])
                stack.pop()
        for i, lane in enumerate(lanes):
            stack, marks, keys = lane["stack"], lane["marks"], lane["keys"]
            if te == ts:
                if not marks or marks == {"Z"} and key in keys:
                    break
            elif (not stack or te <= stack[-1][0]) and "Z" not in marks and \
                    not (marks == {"E"} and key in keys) and \
                    not any(t == te and name(k) == name(key) and k != key
                            for t, k in stack):
                break
        else:
            i, tid = len(lanes), base(track) + len(lanes)
            while tid in taken:
                tid += 1
            taken.add(tid)
            lanes.append({"stack": [], "marks": set(), "keys": set(),
                          "tid": tid})
            threads[tid] = (track or "(no track)") + \
                (" lane %d" % i if i else "")
        lane = lanes[i]
        if te == ts:
            lane["marks"].add("Z")
            lane["keys"].add(key)
        else:
            lane["stack"].append((te, key))
            lane["marks"].add("B")
        tids.append(lane["tid"])
    return tids, threads
