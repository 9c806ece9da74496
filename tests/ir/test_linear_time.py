"""Reading, linting and running take time and memory linear in the XML, hostile or not.

Each shape is built at two sizes, a quarter and the whole, and checked in a child process
(which measures its own peak RSS): the larger may take at most about its share of time and
memory (the ratio of sizes with a margin for this shared machine's noise), where the shapes
below used to grow quadratically (the larger took 16 times as long or more). Ratios, not
absolute times: the machine's speed is not the subject."""

import json
import subprocess
import sys
import textwrap

import pytest

import irexec
from helpers.big_irs import bad_edges, chain, many_ports, repeated_port_id  # noqa: F401

SCALE = 4  # the larger file is this many times the smaller
TIME_RATIO = 9  # linear: SCALE (and less, with fixed costs); quadratic: SCALE ** 2
MEMORY_RATIO = 6
# Peak RSS above the baseline per byte of XML, at most (README, Safety: 12-14 measured for a plain
# model, up to 25 for the hostile shapes; linting the whole tree at once took 30).
PLAIN_BYTES_PER_BYTE = 20
HOSTILE_BYTES_PER_BYTE = 40

_CHILD = textwrap.dedent("""
    import gc, json, sys, time
    import numpy as np
    import irexec

    def status(key):
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) << 10 for line in f if line.startswith(key))

    what, out = sys.argv[1], []
    base = status("VmRSS:")
    for path in sys.argv[2:]:
        start = time.perf_counter()
        if what == "lint":
            found = len(irexec.lint(path))
        else:
            try:
                model = irexec.read_model(path)
                found = 0
                if what == "run":
                    model.infer({"x": np.ones((1, 8), np.float32)})
            except irexec.IRExecError as e:
                found = str(e)
            model = None
        out.append({"seconds": time.perf_counter() - start, "peak": max(status("VmHWM:") - base, 0),
                    "found": found})
        gc.collect()
    print(json.dumps(out))
""")


def measure(tmp_path, texts: list, what: str) -> list:
    paths = []
    for k, text in enumerate(texts):
        paths.append(tmp_path / f"model{k}.xml")
        paths[-1].write_text(text)
    proc = subprocess.run(
        [sys.executable, "-c", _CHILD, what, *map(str, paths)], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    for m, text in zip(out, texts):
        m["bytes"] = len(text)
    return out


SHAPES = [  # (builder, the larger n, what is done with it)
    (chain, 8_000, "lint"),
    (chain, 8_000, "run"),
    (many_ports, 16_000, "lint"),
    (repeated_port_id, 64_000, "read"),
    (bad_edges, 40_000, "lint"),
]


@pytest.mark.parametrize("build, n, what", SHAPES, ids=[f"{b.__name__}-{w}" for b, _, w in SHAPES])
def test_time_and_memory_grow_linearly(tmp_path, build, n, what):
    small, large = measure(tmp_path, [build(n // SCALE), build(n)], what)
    # Every shape here is found bad, as built (or runs): the work measured is the whole pass.
    if build is chain:
        assert small["found"] == large["found"] == 0
    else:
        assert small["found"] and large["found"]
    assert large["seconds"] <= TIME_RATIO * max(small["seconds"], 0.02), (small, large)
    assert large["peak"] <= MEMORY_RATIO * max(small["peak"], 4 << 20), (small, large)
    bound = PLAIN_BYTES_PER_BYTE if build is chain else HOSTILE_BYTES_PER_BYTE
    assert large["peak"] <= bound * large["bytes"], (small, large)


def test_a_repeated_port_id_is_named(tmp_path):
    path = tmp_path / "ports.xml"
    path.write_text(repeated_port_id(64_000))
    with pytest.raises(irexec.ParseError, match="two ports of the layer have id 63999$") as info:
        irexec.read_model(str(path))
    assert info.value.code == "G007" and info.value.line == 5


def test_schema_errors_are_capped():
    # The reader names these edges too (and its finding is kept for a line): the schema pass alone.
    import io

    from lxml import etree

    from irexec.ir.schema_pass import SCHEMA_ERRORS, validated

    found = []
    events = etree.iterparse(io.BytesIO(bad_edges(3000).encode()), events=("start", "end"))
    ended = [el.tag for event, el in validated(events, "bad.xml", found) if event == "end"]
    assert ended.count("edge") == 3000  # every element reaches the reader, once
    assert len(found) == SCHEMA_ERRORS + 1
    assert found[-1].message == f"schema: more than {SCHEMA_ERRORS} problems; those after this line are not listed"
    lines = [f.line for f in found]
    assert lines == sorted(lines) and lines[0] == 7
