#!/usr/bin/env python3
"""An independent encoder of npt-log(5), written from the man page alone.

The tests use it to build logs that npt-synth would never write: damaged
packets, unknown record kinds, sync records, long headers.  It shares no
code with lib/nptlog.h; if the two disagree, the man page decides.

Usage as a program:  nptlog.py OUT.bin < spec
where each line of spec is one of
  header kind=0 core=0 clock=900000000 flags=0 nrec=0 version=1 hsize=32 pkt=4096 crc=ok|bad
  packet [seq=N] [crc=ok|bad] [len=N]   start a packet (closed by the next one or EOF)
  string table key text
  stringhex table key HEXBYTES
  layer op type start total conv vector load store
  control event arg cycle
  raw HEXBYTES                           bytes appended to the current packet payload
  rawfile HEXBYTES                       bytes appended to the file between packets
"""
import struct
import sys


def crc32c(data, crc=0):
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
    return crc ^ 0xFFFFFFFF


def header(kind=0, core=0, clock=900000000, flags=0, nrec=0, version=1,
           hsize=32, pkt=4096, crc='ok'):
    h = b'NPTL' + struct.pack('<HHBBHIQI', version, hsize, kind, flags,
                              core, nrec, clock, pkt)
    c = crc32c(h)
    if crc == 'bad':
        c ^= 1
    h += struct.pack('<I', c)
    return h + b'\0' * (hsize - 32) if hsize > 32 else h


def packet(payload, seq, crc='ok', length=None):
    n = len(payload) if length is None else length
    body = struct.pack('<II', seq, n)
    c = crc32c(body + payload)
    if crc == 'bad':
        c ^= 1
    return b'NPTP' + body + struct.pack('<I', c) + payload


def string(table, key, text):
    t = text.encode() if isinstance(text, str) else text
    n = 10 + len(t)
    pad = (4 - n % 4) % 4
    return struct.pack('<BBHIH', 1, table, n + pad, key, len(t)) + t + b'\0' * pad


def layer(op, typ, start, total, conv, vector, load, store):
    return struct.pack('<BBHIIQQQQQQ', 2, 0, 60, op, typ, start, total,
                       conv, vector, load, store)


def control(event, arg, cycle):
    return struct.pack('<BBHIQ', 3, event, 16, arg, cycle)


def main():
    out = bytearray()
    pkt = None
    seq = 0

    def close():
        nonlocal pkt
        if pkt is not None:
            out.extend(packet(bytes(pkt['data']), pkt['seq'], pkt['crc'],
                              pkt['len']))
            pkt = None

    for line in sys.stdin:
        w = line.split()
        if not w or w[0].startswith('#'):
            continue
        kv = dict(x.split('=', 1) for x in w[1:] if '=' in x)
        if w[0] == 'header':
            out.extend(header(**{k: (v if k == 'crc' else int(v, 0))
                                 for k, v in kv.items()}))
        elif w[0] == 'packet':
            close()
            s = int(kv.get('seq', seq))
            seq = s + 1
            pkt = {'data': bytearray(), 'seq': s, 'crc': kv.get('crc', 'ok'),
                   'len': int(kv['len']) if 'len' in kv else None}
        elif w[0] == 'string':
            pkt['data'].extend(string(int(w[1]), int(w[2]), w[3]))
        elif w[0] == 'stringhex':
            pkt['data'].extend(string(int(w[1]), int(w[2]),
                                      bytes.fromhex(''.join(w[3:]))))
        elif w[0] == 'layer':
            pkt['data'].extend(layer(*map(int, w[1:9])))
        elif w[0] == 'control':
            pkt['data'].extend(control(*map(int, w[1:4])))
        elif w[0] == 'raw':
            pkt['data'].extend(bytes.fromhex(''.join(w[1:])))
        elif w[0] == 'rawfile':
            close()
            out.extend(bytes.fromhex(''.join(w[1:])))
        else:
            sys.exit('nptlog.py: unknown line: ' + line)
    close()
    with open(sys.argv[1], 'wb') as f:
        f.write(out)


if __name__ == '__main__':
    main()
