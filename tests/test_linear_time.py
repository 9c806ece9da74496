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

SCALE = 4          # the larger file is this many times the smaller
TIME_RATIO = 9     # linear: SCALE (and less, with fixed costs); quadratic: SCALE ** 2
MEMORY_RATIO = 6
# Peak RSS above the baseline per byte of XML, at most (README, Safety: 12-14 measured for a plain
# model, up to 25 for the hostile shapes; linting the whole tree at once took 30).
PLAIN_BYTES_PER_BYTE = 20
HOSTILE_BYTES_PER_BYTE = 40

_PARAM = ('<layer id="0" name="x" type="Parameter" version="opset1"><data shape="1,8" element_type="f32"/>'
          '<output><port id="0" precision="FP32"><dim>1</dim><dim>8</dim></port></output></layer>')


def _net(layers, edges) -> str:
    return ('<?xml version="1.0"?>\n<net name="big" version="11">\n<layers>\n' + "\n".join(layers)
            + "\n</layers>\n<edges>\n" + "\n".join(edges) + "\n</edges>\n</net>\n")


def _edge(a, b, c, d) -> str:
    return f'<edge from-layer="{a}" from-port="{b}" to-layer="{c}" to-port="{d}"/>'


def chain(n: int) -> str:
    """A valid model: n Relus in a row."""
    relu = ('<layer id="{0}" name="relu{0}" type="Relu" version="opset1"><input><port id="0" precision="FP32">'
            '<dim>1</dim><dim>8</dim></port></input><output><port id="1" precision="FP32"><dim>1</dim>'
            '<dim>8</dim></port></output></layer>')
    layers = [_PARAM] + [relu.format(k) for k in range(1, n + 1)]
    layers.append(f'<layer id="{n + 1}" name="y" type="Result" version="opset1"><input><port id="0" '
                  f'precision="FP32"><dim>1</dim><dim>8</dim></port></input></layer>')
    edges = [_edge(k, 0 if k == 0 else 1, k + 1, 0) for k in range(n + 1)]
    return _net(layers, edges)


def many_ports(n: int) -> str:
    """One layer with n output ports, half of them read by an edge each (the edges looked the
    port up by a walk over the ports)."""
    ports = "".join(f'<port id="{k}" precision="FP32"><dim>1</dim></port>' for k in range(1, n + 1))
    layers = [_PARAM, f'<layer id="1" name="split" type="Split" version="opset1"><data num_splits="{n}"/><input>'
                      f'<port id="0" precision="FP32"><dim>1</dim><dim>8</dim></port></input>'
                      f'<output>{ports}</output></layer>']
    edges = [_edge(0, 0, 1, 0)]
    for k in range(n // 2):
        layers.append(f'<layer id="{k + 2}" name="r{k}" type="Result" version="opset1"><input><port id="0" '
                      f'precision="FP32"><dim>1</dim></port></input></layer>')
        edges.append(_edge(1, n - k, k + 2, 0))
    return _net(layers, edges)


def repeated_port_id(n: int) -> str:
    """One layer with n ports, the last two of one id (found by a list.count per port)."""
    ids = list(range(1, n + 1))
    ids[-1] = ids[-2]
    ports = "".join(f'<port id="{k}" precision="FP32"/>' for k in ids)
    return _net([_PARAM, f'<layer id="1" name="split" type="Split" version="opset1"><data num_splits="{n}"/>'
                         f'<input><port id="0" precision="FP32"/></input><output>{ports}</output></layer>'],
                [_edge(0, 0, 1, 0)])


def bad_edges(n: int) -> str:
    """n edges the schema (and the reader) refuse: libxml2 named each error's element by a walk
    over its siblings."""
    return _net([_PARAM], [f'<edge from-layer="0" to-layer="x{k}" from-port="-"/>' for k in range(n)])


# Both sizes in one child, the smaller first: peak RSS only grows, and the larger's peak is
# above the smaller's (the smaller's memory is freed before the larger is read).
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
    proc = subprocess.run([sys.executable, "-c", _CHILD, what, *map(str, paths)], capture_output=True,
                          text=True, timeout=120)
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
    from irexec.schema_pass import SCHEMA_ERRORS, validated
    found = []
    events = etree.iterparse(io.BytesIO(bad_edges(3000).encode()), events=("start", "end"))
    ended = [el.tag for event, el in validated(events, "bad.xml", found) if event == "end"]
    assert ended.count("edge") == 3000  # every element reaches the reader, once
    assert len(found) == SCHEMA_ERRORS + 1
    assert found[-1].message == f"schema: more than {SCHEMA_ERRORS} problems; those after this line are not listed"
    lines = [f.line for f in found]
    assert lines == sorted(lines) and lines[0] == 7
