#!/usr/bin/env python3
"""Independent checks of npt-synth --pipeline and npt-rate -m.

sim SPEC SAMPLES [serial]: the stream npt-synth --pipeline SPEC -j 0 -i
SAMPLES [--serial] should write, from the documented rule (a list of
events, sorted by start, ties by stage, longest first, by sample).
measure HZ [serial] < stream: what npt-rate -m -f HZ [--serial] should
print, from exact integers and fractions (quantiles exact, nearest rank).
"""
import sys
from fractions import Fraction


def sim(spec, n, serial):
    st = [tuple(int(x) for x in p.split('/')) for p in spec.split(',')]
    cfree = [10000] * len(st)
    tfree = [10000] * len(st)
    tfree2 = [10000] * len(st)
    cstart = [10000] * len(st)
    ev = []
    for k in range(n):
        at = 10000
        for s, (c, t) in enumerate(st):
            cs = max(at, cfree[s])
            if not serial:
                cs = max(cs, tfree2[s])
            ce = cs + c
            ts = ce if serial else max(ce, tfree[s])
            # the next stage takes sample k once it started on k - 1
            if s + 1 < len(st):
                ts = max(ts, cstart[s + 1])
            cstart[s] = cs
            te = ts + t
            ev.append((cs, k, s, 0, c))
            ev.append((ts, k, s, 1, t))
            cfree[s] = te if serial else ce
            tfree2[s], tfree[s] = tfree[s], te
            at = te
    # by start; a tie by stage, then longest first (npt-events(5), Order),
    # then by sample
    ev.sort(key=lambda e: (e[0], e[2], -e[4], e[1], e[3]))
    out = []
    for s in range(len(st)):
        out.append('## clock.stage%d=900MHz' % s)
        out.append('## role.stage%d=compute' % s)
    out.append('#ts_cyc\tdur_cyc\ttrack\top\tid\tsample')
    for ts, k, s, kind, d in ev:
        out.append('%d\t%d\tstage%d\t%s\t%d\t%d' %
                   (ts, d, s, 'SEND' if kind else 'COMPUTE', s, k))
    print('\n'.join(out))


def fmt(x, k=1):
    q = (x * 10 ** k * 2 + 1) // 2
    s = str(q).rjust(k + 1, '0')
    return s[:-k] + '.' + s[-k:]


def measure(hz, serial):
    busy = {}
    order = []
    end = {}
    cols = None
    for line in sys.stdin:
        line = line.rstrip('\n')
        if line.startswith('##'):
            continue
        if line.startswith('#'):
            cols = line[1:].split('\t')
            continue
        f = dict(zip(cols, line.split('\t')))
        tr, k = f['track'], int(f['sample'])
        ts, d = int(f['ts_cyc']), int(f['dur_cyc'])
        if tr not in busy:
            busy[tr] = {}
            order.append(tr)
        b = busy[tr].setdefault(k, [0, 0])
        b[1 if f['op'].startswith('SEND') else 0] += d
        end[k] = max(end.get(k, 0), ts + d)

    def q(v, p):
        v = sorted(v)
        return v[max(1, -(-len(v) * p // 100)) - 1]
    print('## steady_state=samples %d to %d of %d to %d: the first and the '
          'last are left out' % (min(end) + 1, max(end) - 1, min(end),
                                 max(end)))
    print('#kind\tname\tsamples\tcompute_p50_cyc\ttransmission_p50_cyc\t'
          'delta_t_p50_cyc\tdelta_t_p99_cyc\tsamples_per_s\tlimit\t'
          'bottleneck\tof_model_pct')
    rows = []
    for tr in order:
        bs = list(busy[tr].values())
        dt = [c + t if serial else max(c, t) for c, t in bs]
        rows.append((tr, len(bs), q([c for c, t in bs], 50),
                     q([t for c, t in bs], 50), q(dt, 50), q(dt, 99)))
    worst = max(r[4] for r in rows)
    for tr, n, c, t, m, p in rows:
        print('stage\t%s\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t' %
              (tr, n, c, t, m, p, fmt(Fraction(hz, m)),
               'compute' if c > t else 'transmission' if t > c else 'both',
               'yes' if m == worst else 'no'))
    first = [r[0] for r in rows if r[4] == worst][0]
    model = Fraction(hz, worst)
    print('model\tall\t\t\t\t%d\t\t%s\t\t%s\t' % (worst, fmt(model), first))
    a, b = min(end), max(end)
    meas = Fraction((b - a - 1) * hz, end[b - 1] - end[a])
    print('measured\tsteady\t%d\t\t\t\t\t%s\t\t\t%s' %
          (b - a - 1, fmt(meas), fmt(100 * meas / model)))


if sys.argv[1] == 'sim':
    sim(sys.argv[2], int(sys.argv[3]), len(sys.argv) > 4)
else:
    measure(int(sys.argv[2]), len(sys.argv) > 3)
