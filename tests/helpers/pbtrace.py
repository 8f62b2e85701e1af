"""Perfetto protobuf traces for the tests, encoded here from the protobuf
wire format (protobuf.dev, Encoding) and Perfetto's field numbers
(protos/perfetto/trace/trace_packet.proto, track_event/*.proto,
interned_data/interned_data.proto), independently of npt's code.

    from pbtrace import *
    sys.stdout.buffer.write(trace([
        packet(track_descriptor=track(1, name="core0")),
        packet(ts=1000, seq=1, event=event(BEGIN, 1, name="conv")),
        packet(ts=1500, seq=1, event=event(END, 1)),
    ]))
"""
import struct
import sys

BEGIN, END, INSTANT, COUNTER = 1, 2, 3, 4


def varint(v):
    if v < 0:
        v += 1 << 64          # int32/int64: ten bytes, two's complement
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def key(num, wt):
    return varint(num << 3 | wt)


def fv(num, v):
    """A varint field."""
    return key(num, 0) + varint(v)


def fl(num, b):
    """A length-delimited field (bytes, string or message)."""
    if isinstance(b, str):
        b = b.encode()
    return key(num, 2) + varint(len(b)) + b


def fd(num, d):
    """A double (fixed64) field."""
    return key(num, 1) + struct.pack('<d', d)


def track(uuid, name=None, parent=None, pid=None, tid=None, pname=None,
          tname=None, counter=False, unit_multiplier=None, incremental=None):
    """A TrackDescriptor; a counter's CounterDescriptor (field 8) holds
    unit_multiplier (4) and is_incremental (5)."""
    b = fv(1, uuid)
    if name is not None:
        b += fl(2, name)
    if pname is not None or (pid is not None and tid is None):
        p = b''
        if pid is not None:
            p += fv(1, pid)
        if pname is not None:
            p += fl(6, pname)
        b += fl(3, p)
    if tname is not None or tid is not None:
        t = fv(1, pid or 0) + fv(2, tid or 0)
        if tname is not None:
            t += fl(5, tname)
        b += fl(4, t)
    if parent is not None:
        b += fv(5, parent)
    if counter:
        c = b''
        if unit_multiplier is not None:
            c += fv(4, unit_multiplier)
        if incremental is not None:
            c += fv(5, 1 if incremental else 0)
        b += fl(8, c)
    return b


def annot(name=None, name_iid=None, **v):
    b = b''
    if name_iid is not None:
        b += fv(1, name_iid)
    if name is not None:
        b += fl(10, name)
    if 'bool' in v:
        b += fv(2, 1 if v['bool'] else 0)
    if 'uint' in v:
        b += fv(3, v['uint'])
    if 'int' in v:
        b += fv(4, v['int'])
    if 'double' in v:
        b += fd(5, v['double'])
    if 'string' in v:
        b += fl(6, v['string'])
    if 'string_iid' in v:
        b += fv(17, v['string_iid'])
    if 'nested' in v:
        b += fl(8, v['nested'])
    return b


def event(type, uuid=None, name=None, name_iid=None, cats=(), cat_iids=(),
          packed=False, annots=(), counter=None, dcounter=None, extra=b''):
    b = fv(9, type)
    if uuid is not None:
        b += fv(11, uuid)
    if name_iid is not None:
        b += fv(10, name_iid)
    if name is not None:
        b += fl(23, name)
    for c in cats:
        b += fl(22, c)
    if packed and cat_iids:
        b += fl(3, b''.join(varint(i) for i in cat_iids))
    else:
        for i in cat_iids:
            b += fv(3, i)
    for a in annots:
        b += fl(4, a)
    if counter is not None:
        b += fv(30, counter)
    if dcounter is not None:
        b += fd(44, dcounter)
    return b + extra


def interned(names=(), cats=(), anames=(), strings=()):
    b = b''
    for iid, s in cats:
        b += fl(1, fv(1, iid) + fl(2, s))
    for iid, s in names:
        b += fl(2, fv(1, iid) + fl(2, s))
    for iid, s in anames:
        b += fl(3, fv(1, iid) + fl(2, s))
    for iid, s in strings:
        b += fl(29, fv(1, iid) + fl(2, s))
    return b


def clocks(*cs):
    """A ClockSnapshot (clock_snapshot.proto): cs are tuples (clock_id,
    timestamp[, is_incremental[, unit_multiplier_ns]])."""
    b = b''
    for c in cs:
        m = fv(1, c[0]) + fv(2, c[1])
        if len(c) > 2 and c[2]:
            m += fv(3, 1)
        if len(c) > 3:
            m += fv(4, c[3])
        b += fl(1, m)
    return b


def packet(ts=None, seq=None, event=None, track_descriptor=None,
           interned_data=None, flags=None, cleared=None, dropped=None,
           clock=None, defaults_track=None, compressed=None, extra=b'',
           snapshot=None, defaults_clock=None):
    b = b''
    if snapshot is not None:
        b += fl(6, snapshot)
    if ts is not None:
        b += fv(8, ts)
    if seq is not None:
        b += fv(10, seq)
    if event is not None:
        b += fl(11, event)
    if interned_data is not None:
        b += fl(12, interned_data)
    if flags is not None:
        b += fv(13, flags)
    if cleared is not None:
        b += fv(41, cleared)
    if dropped is not None:
        b += fv(42, dropped)
    if compressed is not None:
        b += fl(50, compressed)
    if clock is not None:
        b += fv(58, clock)
    if defaults_track is not None or defaults_clock is not None:
        d = b''
        if defaults_clock is not None:
            d += fv(58, defaults_clock)
        if defaults_track is not None:
            d += fl(11, fv(11, defaults_track))
        b += fl(59, d)
    if track_descriptor is not None:
        b += fl(60, track_descriptor)
    return b + extra


def trace(packets):
    return b''.join(fl(1, p) for p in packets)


def write(packets):
    sys.stdout.buffer.write(trace(packets))
