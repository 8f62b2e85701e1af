"""The runtime Perfetto trace that Torq's writer (perfetto_logger.py since
aa60594, its layout in ../shared/reference/torq.md and the issue-18 note)
would write for examples/data/torq/runtime.csv, the run of the Host Profile
Overview sample: named TrackDescriptors under the processes "Host", "NPU
Task Breakdown" and "NPU Task Measurements", uuids counted from 1 in
creation order, each work unit a BEGIN and an END packet on sequence 1
repeating its name, an NSS program copied onto the "... Used" track of
each engine its program uses, then the "Host Profile Overview" process,
each of its tracks followed by its slice.  Times in ns (runtime us x 1000).

    python3 tests/helpers/torqpb.py > examples/data/torq/runtime.pb
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pbtrace import BEGIN, END, packet, track, event, write  # noqa: E402

pk = []
uuid = {}


def desc(name, parent=None):
    u = len(uuid) + 1
    uuid[name] = u
    pk.append(packet(track_descriptor=track(
        u, name=name, parent=uuid[parent] if parent else None)))


def unit(trk, start_us, end_us, name, cat=None):
    cats = (cat,) if cat else ()
    for typ, t in ((BEGIN, start_us), (END, end_us)):
        pk.append(packet(ts=t * 1000, seq=1, event=event(
            typ, uuid[trk], name=name, cats=cats)))


desc("Host")
desc("NPU Task Breakdown")
for t in ("HAL", "NSS Programs"):
    desc(t, "Host")
desc("NSS CFG Tasks", "NPU Task Breakdown")
for t in ("Host Programs", "Host Copy"):
    desc(t, "Host")
for t in ("CDMA", "NDMA In", "NDMA Out", "Slice 0", "Slice 1", "CSS"):
    desc(t, "NPU Task Breakdown")
desc("NPU Task Measurements")
for t in ("DMA In Used", "DMA Out Used", "CDMA Used", "Slice 0 Used",
          "Slice 1 Used", "CSS Used"):
    desc(t, "NPU Task Measurements")

p0 = ("Nss Program | nss_program_0 | @L4C10+@L5C10+@L6C10| Torq Kernels: "
      "[add_0, rescale_1] | Job: 0 | Start Action: 1 | Wait Action: 2")
p1 = ("Nss Program | nss_program_1 | @L6C10| Torq Kernels: [add_0] | "
      "Job: 1 | Start Action: 3 | Wait Action: 4")
unit("Host Copy", 0, 6000, "Host Copy | input_0")
unit("NSS Programs", 6003, 6410, p0)
for t in ("DMA In Used", "DMA Out Used", "Slice 0 Used", "Slice 1 Used"):
    unit(t, 6003, 6410, p0)
unit("NSS Programs", 6410, 6456, p1)
for t in ("DMA In Used", "DMA Out Used"):
    unit(t, 6410, 6456, p1)
unit("Host Copy", 6459, 12845, "Host Copy | output_0")

# the overview Torq drew from it: each metric a slice from the start
desc("Host Profile Overview")
rows = [
    ("00 OVERVIEW DMA COMBINED", "DMA+CDMA union", 453, "3.53"),
    ("01 OVERVIEW COMPUTE COMBINED", "SLICE+CSS union", 407, "3.17"),
    ("02 OVERVIEW DMA", "DMA total", 453, "3.53"),
    ("03 OVERVIEW CDMA", "CDMA total", 0, "0.00"),
    ("04 OVERVIEW SLICE", "SLICE 0 + 1 union", 407, "3.17"),
    ("05 OVERVIEW SLICE 0", "SLICE 0", 407, "3.17"),
    ("06 OVERVIEW SLICE 1", "SLICE 1", 407, "3.17"),
    ("07 OVERVIEW CSS", "CSS", 0, "0.00"),
    ("08 OVERVIEW DMA ONLY", "DMA/CDMA ONLY (no compute)", 46, "0.36"),
    ("09 OVERVIEW COMPUTE ONLY", "COMPUTE ONLY (no DMA/CDMA)", 0, "0.00"),
    ("10 OVERVIEW DMA COMPUTE OVERLAP", "DMA/CDMA<->COMPUTE overlap", 407,
     "3.17"),
    ("11 OVERVIEW HAL", "HAL total", 0, "0.00"),
    ("12 OVERVIEW HOST", "HOST total", 0, "0.00"),
    ("13 OVERVIEW HOST COPY", "HOST COPY total", 12386, "96.43"),
    ("14 OVERVIEW IDLE", "IDLE", 6, "0.05"),
    ("15 OVERALL", "OVERALL", 12845, None),
]
for trk, label, us, pct in rows:
    desc(trk, "Host Profile Overview")
    text = ("%.3fms" % (us / 1e3) if us >= 1000 else
            "%.3f\u00b5s" % us if us >= 1 else "0ns")
    name = "%s: %s" % (label, text) + (" (%s%%)" % pct if pct else "")
    unit(trk, 0, us, name, "overview")
write(pk)
