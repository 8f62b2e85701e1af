#!/usr/bin/env python3
"""Folded stacks of an event stream, computed independently of npt-fold.

fold_ref.py gen FIRST COUNT DIR: for each seed from FIRST on, write
DIR/SEED/t.tsv, a random stream of nested events on a few tracks (equal
starts, partial overlaps, zero durations, empty cells, frames with ';'
and spaces), DIR/SEED/want, the folded stacks (npt-fold's
output), DIR/SEED/args, npt-fold's options, and DIR/SEED/neg, the number
of stacks of negative weight left out.

The nesting is the rule of npt-agg(1), by its definition rather than by
a stack: an event's parent is, of the events before it on its track, the
one that contains it (starts at or before it, ends after its start and
not before its end) and started last (the later in the input on a tie).
"""
import random
import sys


def frame(s):
    s = s.replace(';', ':')
    return ''.join('_' if c.isspace() or c in '\u180e\ufeff' else c
                   for c in s)


def gen(seed, d):
    r = random.Random(seed)
    unit = r.choice(['cyc', 'us', 'ns'])
    dec = 0 if unit == 'cyc' else r.choice([0, 1, 3])
    troot = r.random() < 0.5
    key = r.choice(['op', 'op', 'name'])
    ops = ['CONV', 'ADD', 'a;b', 'x 12', 'y 1.5', 'z .5', 'w 3.', 'MUL']
    scale = 10 ** dec
    rows = []
    for track in ['core0', 'core1', 'dma']:
        t = r.randrange(0, 50)
        for _ in range(r.randrange(0, 40)):
            if r.random() < 0.3:
                t += r.randrange(0, 30)
            ts = t
            dur = r.choice([0, r.randrange(1, 200), r.randrange(1, 20)])
            rows.append([ts, dur, track])
    for _ in range(r.randrange(0, 4)):
        rows.append([None, r.randrange(0, 50), r.choice(['', 'core0'])])
    # ties longest first, as npt-events(5) wants them
    rows.sort(key=lambda x: (x[0] is not None, x[0] or 0, -x[1]))
    out = []
    for ts, dur, track in rows:
        op = r.choice(ops + [''])
        name = r.choice(['', 'n1', 'n 2', 'layer;3'])
        out.append((ts, dur, track, op, name))

    def num(v):
        if v is None:
            return ''
        if dec == 0:
            return str(v)
        return '%d.%0*d' % (v // scale, dec, v % scale)

    with open(d + '/t.tsv', 'w') as f:
        f.write('#ts_%s\tdur_%s\ttrack\top\tname\n' % (unit, unit))
        for ts, dur, track, op, name in out:
            f.write('%s\t%s\t%s\t%s\t%s\n' % (num(ts), num(dur), track, op,
                                                name))
    # reference
    ev = []
    for i, (ts, dur, track, op, name) in enumerate(out):
        cell = name if key == 'name' else op
        if cell == '':
            cell = op
        fr = frame(cell) if cell != '' else 'unknown'
        ev.append(dict(i=i, ts=ts, end=None if ts is None else ts + dur,
                       dur=dur, track=track, frame=fr, parent=None,
                       self=dur))
    for e in ev:
        if e['ts'] is None or e['track'] == '':
            continue
        best = None
        for p in ev[:e['i']]:
            if p['track'] != e['track'] or p['ts'] is None:
                continue
            if p['ts'] <= e['ts'] and p['end'] > e['ts'] and \
                    p['end'] >= e['end']:
                if best is None or (p['ts'], p['i']) > (best['ts'],
                                                        best['i']):
                    best = p
        e['parent'] = best
        if best is not None:
            best['self'] -= e['dur']
    w = {}
    for e in ev:
        st = []
        x = e
        while x is not None:
            st.append(x['frame'])
            x = x['parent']
        if troot:
            st.append(frame(e['track']) if e['track'] != '' else 'unknown')
        k = ';'.join(reversed(st))
        w[k] = w.get(k, 0) + e['self']
    lines = []
    for k in sorted(w, key=lambda s: s.encode()):
        if w[k] <= 0:
            continue
        lines.append('%s %s' % (k, num(w[k])))
    with open(d + '/want', 'w') as f:
        f.write(''.join(x + '\n' for x in lines))
    with open(d + '/args', 'w') as f:
        f.write(('-T\n' if troot else '') + '-k\n' + key + '\n')
    neg = sum(1 for k in w if w[k] < 0)
    with open(d + '/neg', 'w') as f:
        f.write('%d\n' % neg)


if __name__ == '__main__':
    if len(sys.argv) != 5 or sys.argv[1] != 'gen':
        sys.exit('usage: fold_ref.py gen FIRST COUNT DIR')
    import os
    for seed in range(int(sys.argv[2]), int(sys.argv[2]) + int(sys.argv[3])):
        d = os.path.join(sys.argv[4], str(seed))
        os.makedirs(d, exist_ok=True)
        gen(seed, d)
