#!/usr/bin/env python3
"""Random npt-events streams for tests/torq-overview.bats, sorted by start.

usage: gen_torq.py SEED N UNIT KIND [SCALE]
UNIT: us (with decimals down to the ns), ns or cyc.  KIND: compile (Torq's
engine tracks, CDMA over DMA and compute, other and left-out tracks; for a
SEED divisible by 3 the "... Used" tracks without the engines' own) or
runtime (an R2 log: NSS programs paired across other events, with job_id
and the flags of npt-annotate --torq, host programs, copies, HAL and a
few jobs of an R0 log).
Every time is multiplied by SCALE (default 1): 500 and 10^6 bring ties of
the rounding and times in ms and s.
"""
import random
import sys

seed, n, unit, kind = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], \
    sys.argv[4]
scale = int(sys.argv[5]) if len(sys.argv) > 5 else 1
rng = random.Random(seed)
FLAGS = ['slice_used_0_in_program', 'slice_used_1_in_program',
         'dma_in_used_in_program', 'dma_out_used_in_program',
         'cdma_used_in_program', 'css_used_in_program']


def t(v):
    """v ns in the unit (cycles are written as they are)"""
    v *= scale
    if unit == 'us':
        x = f"{v // 1000}.{v % 1000:03d}"
        return x.rstrip('0').rstrip('.') if v % 3 == 0 else x
    return str(v)


ENGINE_TRACKS = {'dma_in', 'dma_out', 'cdma', 'slice0', 'slice1', 'slice',
                 'css', 'NDMA In', 'CDMA', 'CSS'}
ev = []
if kind == 'compile':
    tracks = ['dma_in', 'dma_out', 'cdma', 'slice0', 'slice1', 'slice',
              'css', 'NDMA In', 'DMA Out Used', 'CDMA', 'Slice 0 Used',
              'CSS', 'HAL', 'Host Copy', 'Host Programs', 'NSS Programs',
              'NSS CFG Tasks', 'CSS (Compile)', 'Operator Type Totals',
              '04 OVERVIEW SLICE Overview', 'init', 'dispatch',
              '02 OVERVIEW DMA', '15 OVERALL', '01 tosa.add', '7 OVERALLS']
    if seed % 3 == 0:
        # a runtime trace of Torq's: the "... Used" tracks, no engine's own
        tracks = [x for x in tracks if x.endswith(' Used') or
                  x not in ENGINE_TRACKS]
    now = rng.randrange(0, 5000)
    for i in range(n):
        now += rng.choice([0, 0, 1, rng.randrange(0, 3000)])
        tr = rng.choice(tracks)
        d = rng.choice([0, 1, rng.randrange(0, 2000),
                        rng.randrange(0, 40000)])
        if tr == 'Operator Type Totals':
            d = 10**6
        # Torq's operator totals: a thread of any name, category overview
        ev.append((now, d, tr, 'overview' if tr == '01 tosa.add' else '',
                   '', ''))
    print(f"#ts_{unit}\tdur_{unit}\ttrack\top\tname")
    for s, d, tr, op, name, _ in ev:
        print(f"{t(s)}\t{t(d)}\t{tr}\t{op}\t{name}")
    sys.exit(0)

now = rng.randrange(0, 5000)
job = 0
rows = []
for i in range(n):
    now += rng.randrange(0, 4000)
    r = rng.random()
    inv = str(rng.randrange(1, 3))
    if r < 0.35:
        job += 1
        j = str(job if rng.random() < 0.9 else max(0, job - 1))
        fl = [rng.choice(['True', 'False', '']) for _ in FLAGS]
        spell = rng.random() < 0.5
        d = rng.randrange(1, 50)
        rows.append((now, d, 'nss_start',
                     'NSS_START' if spell else 'torq_hl.start_program',
                     'main$async_dispatch_0', inv, j, fl))
        if rng.random() < 0.9:
            w = now + d + rng.randrange(0, 20000)
            fl2 = fl if rng.random() < 0.7 else \
                [rng.choice(['True', 'False', '']) for _ in FLAGS]
            rows.append((w, rng.randrange(0, 30000), 'nss_wait',
                         'NSS_WAIT' if spell else 'torq_hl.wait_program',
                         'main$async_dispatch_0', inv, j, fl2))
    elif r < 0.45:
        d = rng.randrange(1, 50)
        rows.append((now, d, 'host_start', 'HOST_START',
                     'main$async_dispatch_0', inv, '', [''] * 6))
        rows.append((now + d + rng.randrange(0, 9000), rng.randrange(0, 900),
                     'host_wait', 'HOST_WAIT', 'main$async_dispatch_0', inv,
                     '', [''] * 6))
    elif r < 0.65:
        rows.append((now, rng.randrange(0, 20000), 'host_copy',
                     rng.choice(['HOST_COPY', 'torq_hl.host_copy']),
                     'main$async_dispatch_0', inv, '', [''] * 6))
    elif r < 0.75:
        # HAL_CALL alone in invocation 9, with HAL_QUEUE_WAIT in 8
        hi = rng.choice(['8', '9'])
        rows.append((now, rng.randrange(0, 9000), 'hal_call', 'HAL_CALL',
                     '__HAL_QUEUE_EXECUTE__', hi, '', [''] * 6))
        if hi == '8' and rng.random() < 0.5:
            rows.append((now + rng.randrange(0, 3000),
                         rng.randrange(0, 3000), 'hal_queue_wait',
                         'HAL_QUEUE_WAIT', '__HAL_QUEUE_EXECUTE__', hi, '',
                         [''] * 6))
    elif r < 0.85:
        rows.append((now, rng.randrange(0, 90000), 'dispatch', 'DISPATCH',
                     'main$async_dispatch_0', inv, '', [''] * 6))
    elif r < 0.97:
        rows.append((now, rng.randrange(0, 9000), 'memref_alloc',
                     rng.choice(['ALLOC', 'memref.alloc']),
                     'main$async_dispatch_0', inv, '', [''] * 6))
    else:
        # a job of an R0 log, as npt-import writes it
        rows.append((now, rng.randrange(0, 9000), 'nss', 'NSS_JOB', '', '',
                     '', [''] * 6))
rows.sort(key=lambda x: x[0])
print(f"#ts_{unit}\tdur_{unit}\ttrack\top\tname\tinvocation\tjob_id\t" +
      '\t'.join(FLAGS))
for s, d, tr, op, name, inv, j, fl in rows:
    print(f"{t(s)}\t{t(d)}\t{tr}\t{op}\t{name}\t{inv}\t{j}\t" + '\t'.join(fl))
