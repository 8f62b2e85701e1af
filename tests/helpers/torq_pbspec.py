#!/usr/bin/env python3
"""A Perfetto trace shaped as Torq's perfetto_logger.py writes it, from a
spec on stdin, for tests/torq-overview.bats; lines of TAB-separated fields:

    track NAME [PARENT]                 a process (no parent) or thread
    slice TRACK START END NAME [CAT]    a slice, times in ns

encoded by tests/helpers/pbtrace.py, apart from npt's code.
"""
import sys

from pbtrace import BEGIN, END, event, packet, track, write

pk, uuid = [], {}
for line in sys.stdin.read().splitlines():
    f = line.split('\t')
    if f[0] == 'track':
        uuid[f[1]] = len(uuid) + 1
        parent = uuid[f[2]] if len(f) > 2 else None
        pk.append(packet(track_descriptor=track(uuid[f[1]], name=f[1],
                                                parent=parent)))
    elif f[0] == 'slice':
        cats = (f[5],) if len(f) > 5 else ()
        for typ, t in ((BEGIN, int(f[2])), (END, int(f[3]))):
            pk.append(packet(ts=t, seq=1, event=event(
                typ, uuid[f[1]], name=f[4], cats=cats)))
write(pk)
