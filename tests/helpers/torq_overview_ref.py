#!/usr/bin/env python3
"""Torq's Host Profile Overview of an npt-events stream, computed apart
from npt-overlap for tests/torq-overview.bats: Torq's own interval algebra
(merge the sorted intervals, then subtract and intersect merged lists) and
Python's own formatting, as Torq's perfetto_logger.py and reporting.py do.

usage: torq_overview_ref.py [--all] [--hz HZ] [--model NAME] [--wall S] < stream
"""
import sys
from decimal import Decimal

ENGINES = {
    'dma_in': 'dma_in', 'dma in used': 'dma_in', 'ndma in': 'dma_in',
    'dma_out': 'dma_out', 'dma out used': 'dma_out', 'ndma out': 'dma_out',
    'cdma': 'cdma', 'cdma used': 'cdma',
    'slice0': 'slice0', 'slice 0 used': 'slice0', 'slice 0': 'slice0',
    'slice1': 'slice1', 'slice 1 used': 'slice1', 'slice 1': 'slice1',
    'slice': 'slice', 'css': 'css', 'css used': 'css',
    'host programs': 'host', 'host_copy': 'host_copy',
    'host copy': 'host_copy', 'hal': 'hal',
}
FLAGS = {'dma_in_used_in_program': 'dma_in',
         'dma_out_used_in_program': 'dma_out',
         'cdma_used_in_program': 'cdma',
         'slice_used_0_in_program': 'slice0',
         'slice_used_1_in_program': 'slice1',
         'css_used_in_program': 'css'}


def merge(iv):
    out = []
    for s, e in sorted(iv):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def total(iv):
    return sum(e - s for s, e in merge(iv))


def intersect(a, b):
    a, b, out = merge(a), merge(b), []
    for s1, e1 in a:
        for s2, e2 in b:
            s, e = max(s1, s2), min(e1, e2)
            if s < e:
                out.append([s, e])
    return merge(out)


def subtract(a, b):
    out = []
    for s, e in merge(a):
        pieces = [[s, e]]
        for s2, e2 in merge(b):
            nxt = []
            for p, q in pieces:
                if e2 <= p or q <= s2:
                    nxt.append([p, q])
                    continue
                if p < s2:
                    nxt.append([p, s2])
                if e2 < q:
                    nxt.append([e2, q])
            pieces = nxt
        out += pieces
    return merge(out)


def fmt(ns):
    if ns >= 1e9:
        return f"{ns / 1e9:.3f}s"
    if ns >= 1e6:
        return f"{ns / 1e6:.3f}ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.3f}\u00b5s"
    return f"{ns}ns"


def main():
    args = sys.argv[1:]
    opt = {}
    while args:
        a = args.pop(0)
        opt[a] = True if a == '--all' else args.pop(0)
    hz = int(opt.get('--hz', 0))
    cls = {k: [] for k in set(ENGINES.values()) | {'job'}}
    units = []          # (class or None, start, end)
    pending = {}
    halinv = {}
    used = {k: [] for k in ('dma_in', 'dma_out', 'cdma', 'slice0', 'slice1',
                            'slice', 'css')}
    unitseen = False
    col = {}
    for line in sys.stdin.read().split('\n'):
        if line == '' or line.startswith('##'):
            continue
        if line.startswith('#'):
            names = line[1:].split('\t')
            col = {n: i for i, n in enumerate(names)}
            unit = [n[3:] for n in names if n.startswith('ts_')][0]
            continue
        f = line.split('\t')
        get = lambda n: f[col[n]] if n in col else ''
        ts, dur = get('ts_' + unit), get('dur_' + unit)
        if ts == '' or dur == '':
            continue
        if unit == 'cyc':
            s = int(ts) * 10**9 // hz
            e = (int(ts) + int(dur)) * 10**9 // hz
        else:
            k = {'ns': 1, 'us': 1000, 'ms': 10**6}[unit]
            s, e = Decimal(ts) * k, (Decimal(ts) + Decimal(dur)) * k
            assert s == int(s) and e == int(e)
            s, e = int(s), int(e)
        track = get('track')
        op = get('op').lower()
        if op.startswith('torq_hl.'):
            op = op[8:]
        low = track.lower()
        kind = ENGINES.get(low)
        if get('name').startswith('__HAL'):
            # Torq's HalDispatchDebugInfo.append_runtime_events: HAL_CALL
            # only in an invocation with no other HAL event
            call = op == 'hal_call' if get('op') else low == 'hal_call'
            inv = halinv.setdefault(get('invocation'), [False, []])
            if call:
                inv[1].append((s, e))
            else:
                inv[0] = True
                units.append(('hal', s, e))
                cls['hal'].append([s, e])
            continue
        head, _, rest = low.partition(' ')
        if op == 'overview' or (kind is None and head.isdigit() and
                                head.isascii() and
                                (rest == 'overall' or
                                 rest.startswith('overview '))):
            continue
        if kind is None and (low in ('compiler input locations',
                                     'operator type totals') or
                             low.endswith('(compile)') or
                             low.endswith('overview')):
            continue
        if kind is None:
            for w in ('init', 'dispatch', 'alloc', 'dealloc'):
                if low == w or low.startswith(w + '_') or op == w or \
                        op.startswith(w + '_'):
                    kind = 'skip'
        if kind == 'skip':
            continue
        prog = None
        if kind is None:
            if low in ('nss_start', 'nss_wait', 'host_start', 'host_wait'):
                prog = low
            elif op in ('nss_start', 'start_program'):
                prog = 'nss_start'
            elif op in ('nss_wait', 'wait_program'):
                prog = 'nss_wait'
            elif op == 'host_copy':
                kind = 'host_copy'
            elif op == 'nss_job':
                # an R0 log: Torq's reader of then counted each job busy
                kind = 'job'
        if prog is None and low.endswith(' used'):
            # compute_compile_metrics reads the engines' own tracks; the
            # whole-program "... Used" tracks only in a trace without them
            units.append((None, s, e))
            used[kind].append([s, e])
            continue
        if prog is None and kind in used and s < e:
            unitseen = True
        if prog is None:
            units.append((kind, s, e))
            if kind is not None:
                cls[kind].append([s, e])
            continue
        host = prog.startswith('host')
        fl = {FLAGS[c] for c in FLAGS if get(c) == 'True'}
        key = (host, get('invocation'), get('job_id'))
        if prog.endswith('start'):
            if key in pending:
                program(cls, units, host, *pending[key])
            pending[key] = (s, e, fl)
        elif key in pending:
            ps, pe, pf = pending.pop(key)
            program(cls, units, host, ps, max(pe, e), pf | fl)
        else:
            program(cls, units, host, s, e, fl)
    for key, (s, e, fl) in pending.items():
        program(cls, units, key[0], s, e, fl)
    if not unitseen:
        for k in used:
            cls[k] += used[k]
    for other, calls in halinv.values():
        if not other:
            units += [('hal', s, e) for s, e in calls]
            cls['hal'] += [[s, e] for s, e in calls]

    overall = (max(e for _, _, e in units) - min(s for _, s, _ in units)
               if units else 0)
    nonhal = [u for u in units if u[0] != 'hal']
    span = (max(e for _, _, e in nonhal) - min(s for _, s, _ in nonhal)
            if nonhal else 0)
    dma = cls['dma_in'] + cls['dma_out']
    dmac = dma + cls['cdma']
    sl = cls['slice0'] + cls['slice1'] + cls['slice']
    comp = sl + cls['css']
    busy = dmac + comp + cls['job'] + cls['hal'] + cls['host'] + \
        cls['host_copy']
    hosts = cls['host'] + cls['host_copy']
    rows = [
        ('OVERALL', overall, False),
        ('TOTAL NPU OPERATIONS',
         span - total(subtract(hosts, dmac + comp + cls['job'] +
                               cls['hal'])), False),
        ('Dma', total(dma), True),
        ('Dma Only', total(subtract(dmac, comp)), True),
        ('Dma Total', total(dmac), True),
        ('Cdma', total(cls['cdma']), True),
        ('Dma In', total(cls['dma_in']), True),
        ('Dma Out', total(cls['dma_out']), True),
        ('Compute', total(comp), True),
        ('Compute Only', total(subtract(comp, dmac)), True),
        ('Slice', total(sl), True),
        ('Slice 0', total(cls['slice0']), True),
        ('Slice 1', total(cls['slice1']), True),
        ('Css', total(cls['css']), True),
        ('Overlap', total(intersect(dmac, comp)), True),
        ('Idle', max(0, overall - total(busy)), True),
        ('Hal', total(cls['hal']), True),
        ('Host', total(cls['host']), True),
        ('Host Copy', total(cls['host_copy']), True),
    ]
    extra = ('TOTAL NPU OPERATIONS', 'Dma In', 'Dma Out', 'Hal')
    out = ['=' * 22 + ' Host Profile Overview ' + '=' * 23]
    if '--model' in opt:
        out.append(f"  Model: {opt['--model']}")
    out.append('  ' + '\u2500' * 56)
    if '--wall' in opt:
        w = float(opt['--wall'])
        w = f"{w:.3f}s" if w >= 1 else f"{w * 1000:.3f}ms"
        out.append(f"  {'WALL_TIME':<26s} {w:>14s}")
    for label, t, withpct in rows:
        if label in extra and '--all' not in opt:
            continue
        line = f"  {label:<26s} {fmt(t):>14s}"
        if withpct:
            pct = t / overall * 100 if overall else 0
            line += f"  ({pct:.2f}%)"
        out.append(line)
    sys.stdout.buffer.write(('\n'.join(out) + '\n').encode())


def program(cls, units, host, s, e, flags):
    if host:
        units.append(('host', s, e))
        cls['host'].append([s, e])
        return
    units.append((None, s, e))
    for k in flags:
        cls[k].append([s, e])


main()
