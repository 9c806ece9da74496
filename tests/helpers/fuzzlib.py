"""Mutation fuzzing of IR files, shared by tests/ir/test_fuzz.py (bounded, in the suite) and
fuzz/fuzz_ir.py (long runs).

A case is an IR (XML bytes + .bin bytes) made from a valid seed by a few mutations: structured
ones on the parsed tree (attribute values, dims, ports, edges, layer types and versions, a
Const's data) and raw ones on the bytes (truncation, flipped and inserted bytes). ``run_case``
reads the case, runs it on inputs made for its declared inputs, and classifies the outcome:
irexec must return a result or raise one of its own errors, as one line, quickly.

Every decision a mutation makes comes from a ``Chooser``, so hypothesis (``HypothesisChooser``),
a seeded ``random.Random`` (``RandomChooser``) or atheris' data provider can drive the same
mutators.
"""

from __future__ import annotations

import contextlib
import glob
import io
import os
import random
import re
import signal
import sys
import time
import traceback
import warnings
from dataclasses import dataclass, field

import numpy as np
from lxml import etree

import irexec
from irexec.ops.registry import REGISTRY

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # (tests/)
from cases.discover import table_ir, tables  # noqa: E402
from helpers.irtext import add_model, const, layer, net, param, port, result, scatter_model  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODELS = os.path.join(ROOT, "models")

# ---- choosers ------------------------------------------------------------------------------------


class Chooser:
    def int(self, lo: int, hi: int) -> int:
        raise NotImplementedError

    def bytes(self, max_len: int) -> bytes:
        raise NotImplementedError

    def choice(self, seq):
        seq = list(seq)
        return seq[self.int(0, len(seq) - 1)]

    def bool(self) -> bool:
        return self.int(0, 1) == 1


class RandomChooser(Chooser):
    def __init__(self, rng: random.Random):
        self.rng = rng

    def int(self, lo, hi):
        return self.rng.randint(lo, hi)

    def bytes(self, max_len):
        return self.rng.randbytes(self.rng.randint(0, max_len))


class HypothesisChooser(Chooser):
    def __init__(self, data):
        from hypothesis import strategies as st

        self.data, self.st = data, st

    def int(self, lo, hi):
        return self.data.draw(self.st.integers(lo, hi))

    def bytes(self, max_len):
        return self.data.draw(self.st.binary(max_size=max_len))


class ProviderChooser(Chooser):
    """Over atheris' FuzzedDataProvider: coverage guidance steers every decision."""

    def __init__(self, fdp):
        self.fdp = fdp

    def int(self, lo, hi):
        return self.fdp.ConsumeIntInRange(lo, hi)

    def bytes(self, max_len):
        return self.fdp.ConsumeBytes(self.fdp.ConsumeIntInRange(0, max_len))


# ---- seeds: valid IRs covering every op family ----------------------------------------------------

_NP = {
    "f32": np.float32,
    "f16": np.float16,
    "f64": np.float64,
    "i64": np.int64,
    "i32": np.int32,
    "i8": np.int8,
    "u8": np.uint8,
    "boolean": np.bool_,
}


class Builder:
    """Writes a valid IR layer by layer: each value is (layer id, port id, element type, shape)."""

    def __init__(self):
        self.layers, self.edges, self.blob, self.n = [], [], bytearray(), 0

    def _id(self):
        self.n += 1
        return self.n - 1

    def param(self, name, shape, et="f32"):
        lid = self._id()
        self.layers.append(param(lid, name, shape, et))
        return (lid, 0, et, tuple(shape))

    def const(self, values, et):
        arr = np.asarray(values, dtype=_NP[et])
        while len(self.blob) % 8:
            self.blob.append(0)
        off = len(self.blob)
        self.blob += arr.tobytes()
        lid = self._id()
        self.layers.append(const(lid, arr.shape, et, off, arr.nbytes))
        return (lid, 0, et, arr.shape)

    def op(self, ltype, version, ins, shape, et=None, data=None):
        lid = self._id()
        et = et or ins[0][2]
        inputs = [port(i, v[2], v[3]) for i, v in enumerate(ins)]
        out_id = len(ins)
        self.layers.append(layer(lid, ltype, version, inputs=inputs, outputs=[port(out_id, et, shape)], data=data))
        self.edges += [(v[0], v[1], lid, i) for i, v in enumerate(ins)]
        return (lid, out_id, et, tuple(shape))

    def result(self, v):
        lid = self._id()
        self.layers.append(result(lid, v[2], v[3]))
        self.edges.append((v[0], v[1], lid, 0))

    def build(self, name):
        return net(self.layers, self.edges, name=name).encode(), bytes(self.blob)


def _range_broadcast():
    b = Builder()
    n = b.param("n", (), "i64")
    x = b.param("x", (1, 3))
    r = b.op("Range", "opset4", [b.const(0, "i64"), n, b.const(1, "i64")], [-1], "f32", {"output_type": "f32"})
    col = b.op("Reshape", "opset1", [r, b.const([-1, 1], "i64")], [-1, 1], data={"special_zero": "false"})
    s = b.op("Add", "opset1", [col, x], [-1, 3], data={"auto_broadcast": "numpy"})
    red = b.op("ReduceSum", "opset1", [s, b.const([1], "i64")], [-1, 1], data={"keep_dims": "true"})
    b.result(b.op("SoftMax", "opset8", [red], [-1, 1], data={"axis": "0"}))
    shp = b.op("ShapeOf", "opset3", [s], [2], "i64", {"output_type": "i64"})
    b.result(b.op("Broadcast", "opset3", [b.const(2.5, "f32"), shp], [-1, 3], data={"mode": "numpy"}))
    return b.build("range_broadcast")


def _gather_slice():
    b = Builder()
    x = b.param("x", (4, 5))
    g = b.op(
        "Gather",
        "opset8",
        [x, b.const([[0, -1], [2, 3]], "i64"), b.const(1, "i64")],
        [4, 2, 2],
        data={"batch_dims": "0"},
    )
    ss = b.op(
        "StridedSlice",
        "opset1",
        [g, b.const([0, 0], "i64"), b.const([2, 0], "i64"), b.const([1, 1], "i64")],
        [2, 2, 2],
        data={"begin_mask": "0,1", "end_mask": "0,1", "new_axis_mask": "", "shrink_axis_mask": "", "ellipsis_mask": ""},
    )
    t = b.op("Transpose", "opset1", [ss, b.const([2, 0, 1], "i64")], [2, 2, 2])
    sl = b.op(
        "Slice",
        "opset8",
        [t, b.const([0], "i64"), b.const([1], "i64"), b.const([1], "i64"), b.const([0], "i64")],
        [1, 2, 2],
    )
    b.result(sl)
    g7 = b.op(
        "Gather",
        "opset7",
        [x, b.const([[1], [0], [3], [2]], "i32"), b.const(1, "i64")],
        [4, 1],
        data={"batch_dims": "1"},
    )
    b.result(g7)
    g1 = b.op("Gather", "opset1", [x, b.const([3, 0], "i64"), b.const(0, "i64")], [2, 5])
    b.result(g1)
    return b.build("gather_slice")


def _convert_select():
    b = Builder()
    x = b.param("x", (2, 3))
    y = b.param("y", (2, 3), "i32")
    yf = b.op("Convert", "opset1", [y], [2, 3], "f32", {"destination_type": "f32"})
    gt = b.op("Greater", "opset1", [x, yf], [2, 3], "boolean", {"auto_broadcast": "numpy"})
    sel = b.op("Select", "opset1", [gt, x, yf], [2, 3], "f32", {"auto_broadcast": "numpy"})
    d = b.op(
        "Divide",
        "opset1",
        [sel, b.const([2.0], "f32")],
        [2, 3],
        data={"auto_broadcast": "numpy", "m_pythondiv": "true"},
    )
    p = b.op("Power", "opset1", [d, b.const(2.0, "f32")], [2, 3], data={"auto_broadcast": "numpy"})
    b.result(b.op("Multiply", "opset1", [p, x], [2, 3], data={"auto_broadcast": "numpy"}))
    b.result(b.op("LogicalNot", "opset1", [gt], [2, 3], "boolean"))
    b.result(b.op("Convert", "opset1", [x], [2, 3], "u4", {"destination_type": "u4"}))
    b.result(b.op("Convert", "opset1", [x], [2, 3], "boolean", {"destination_type": "boolean"}))
    return b.build("convert_select")


def _reshape_concat():
    b = Builder()
    x = b.param("x", (2, 3, 1))
    sq = b.op("Squeeze", "opset1", [x, b.const([2], "i64")], [2, 3])
    un = b.op("Unsqueeze", "opset1", [sq, b.const([0], "i64")], [1, 2, 3])
    cat = b.op("Concat", "opset1", [un, un], [2, 2, 3], data={"axis": "0"})
    rs = b.op("Reshape", "opset1", [cat, b.const([0, -1], "i64")], [2, 6], data={"special_zero": "true"})
    shp = b.op("ShapeOf", "opset1", [rs], [2], "i64")
    bc = b.op(
        "Broadcast", "opset1", [b.const([1.5], "f32"), shp, b.const([1], "i64")], [2, 6], data={"mode": "explicit"}
    )
    b.result(b.op("Subtract", "opset1", [rs, bc], [2, 6], data={"auto_broadcast": "numpy"}))
    bb = b.op("Broadcast", "opset3", [sq, b.const([2, 1], "i64")], [2, 3], data={"mode": "bidirectional"})
    b.result(b.op("Maximum", "opset1", [bb, sq], [2, 3], data={"auto_broadcast": "none"}))
    return b.build("reshape_concat")


def _scatters():
    b = Builder()
    data = b.param("data", (3, 4))
    upd = b.param("upd", (1, 4))
    se = b.op(
        "ScatterElementsUpdate",
        "opset12",
        [data, b.const([[1, 0, 2, 1]], "i64"), upd, b.const(0, "i64")],
        [3, 4],
        data={"reduction": "sum", "use_init_val": "true"},
    )
    sn = b.op(
        "ScatterNDUpdate",
        "opset15",
        [se, b.const([[0], [2]], "i64"), b.const(np.ones((2, 4)), "f32")],
        [3, 4],
        data={"reduction": "max"},
    )
    b.result(b.op("GatherND", "opset8", [sn, b.const([[1, 1], [2, 3]], "i32")], [2], data={"batch_dims": "0"}))
    b.result(b.op("GatherElements", "opset6", [sn, b.const([[2, 1, 0, 0]], "i64")], [1, 4], data={"axis": "0"}))
    s3 = b.op("ScatterElementsUpdate", "opset3", [data, b.const([[2, 2, 0, 1]], "i32"), upd, b.const(0, "i64")], [3, 4])
    b.result(b.op("ScatterNDUpdate", "opset4", [s3, b.const([[1, 2]], "i64"), b.const([7.0], "f32")], [3, 4]))
    b.result(b.op("GatherND", "opset5", [data, b.const([[1], [0]], "i64")], [2, 4], data={"batch_dims": "0"}))
    return b.build("scatters")


def _reductions():
    b = Builder()
    x = b.param("x", (2, 3, 4))
    k = b.param("k", (4,), "i32")
    ax = b.const([1, -1], "i64")
    b.result(b.op("ReduceMean", "opset1", [x, ax], [2], data={"keep_dims": "false"}))
    b.result(b.op("ReduceMax", "opset1", [x, b.const([0], "i64")], [1, 3, 4], data={"keep_dims": "true"}))
    b.result(b.op("ReduceProd", "opset1", [x, b.const([2], "i32")], [2, 3], data={"keep_dims": "false"}))
    b.result(b.op("ReduceL2", "opset4", [x, b.const([0, 1], "i64")], [4], data={"keep_dims": "false"}))
    gt = b.op("Greater", "opset1", [x, b.const(0.0, "f32")], [2, 3, 4], "boolean", {"auto_broadcast": "numpy"})
    b.result(b.op("ReduceLogicalOr", "opset1", [gt, b.const([2], "i64")], [2, 3], data={"keep_dims": "false"}))
    kd = b.op(
        "Divide",
        "opset1",
        [k, b.const([1, 2, 3, -4], "i32")],
        [4],
        data={"auto_broadcast": "numpy", "m_pythondiv": "false"},
    )
    km = b.op("FloorMod", "opset1", [kd, b.const([3], "i32")], [4], data={"auto_broadcast": "numpy"})
    b.result(b.op("Mod", "opset1", [km, b.const(5, "i32")], [4], data={"auto_broadcast": "numpy"}))
    b.result(b.op("SoftMax", "opset1", [x], [2, 3, 4], data={"axis": "2"}))
    b.result(b.op("Range", "opset1", [b.const(0, "i32"), b.const(7, "i32"), b.const(2, "i32")], [4], "i32"))
    return b.build("reductions")


def _logic():
    b = Builder()
    a = b.param("a", (2, 3), "i32")
    c = b.param("c", (3,), "i32")
    lt = b.op("Less", "opset1", [a, c], [2, 3], "boolean", {"auto_broadcast": "numpy"})
    ge = b.op("GreaterEqual", "opset1", [a, b.const(1, "i32")], [2, 3], "boolean", {"auto_broadcast": "numpy"})
    eq = b.op("Equal", "opset1", [a, c], [2, 3], "boolean", {"auto_broadcast": "numpy"})
    ne = b.op("NotEqual", "opset1", [a, c], [2, 3], "boolean", {"auto_broadcast": "numpy"})
    le = b.op("LessEqual", "opset1", [a, c], [2, 3], "boolean", {"auto_broadcast": "numpy"})
    x1 = b.op("LogicalAnd", "opset1", [lt, ge], [2, 3], "boolean", {"auto_broadcast": "numpy"})
    x2 = b.op("LogicalOr", "opset1", [eq, ne], [2, 3], "boolean", {"auto_broadcast": "numpy"})
    x3 = b.op("LogicalXor", "opset2", [x1, le], [2, 3], "boolean", {"auto_broadcast": "numpy"})
    b.result(b.op("ReduceLogicalAnd", "opset1", [x3, b.const([0], "i64")], [3], "boolean", {"keep_dims": "false"}))
    mn = b.op("Minimum", "opset1", [a, c], [2, 3], data={"auto_broadcast": "numpy"})
    b.result(b.op("ReduceMin", "opset1", [mn, b.const([-1], "i64")], [2, 1], data={"keep_dims": "true"}))
    b.result(b.op("ReduceSum", "opset1", [mn, b.const([0, 1], "i64")], [], data={"keep_dims": "false"}))
    b.result(b.op("ReduceL1", "opset4", [mn, b.const([1], "i64")], [2], data={"keep_dims": "false"}))
    b.result(b.op("LogicalXor", "opset1", [x2, x1], [2, 3], "boolean", {"auto_broadcast": "numpy"}))
    return b.build("logic")


def _slicing():
    b = Builder()
    x = b.param("x", (3, 4, 5))
    b.result(
        b.op(
            "StridedSlice",
            "opset1",
            [x, b.const([0, 1, 0, -1], "i64"), b.const([0, 0, 0, 0], "i64"), b.const([1, 1, 1, -2], "i64")],
            [3, 1, 3],
            data={
                "begin_mask": "1,0,0,0",
                "end_mask": "1,1,0,1",
                "new_axis_mask": "0,0,1,0",
                "shrink_axis_mask": "0,1,0,0",
                "ellipsis_mask": "0,0,0,0",
            },
        )
    )
    b.result(
        b.op(
            "StridedSlice",
            "opset1",
            [x, b.const([0, 1], "i64"), b.const([0, 3], "i64")],
            [3, 4, 2],
            data={"begin_mask": "0,0", "end_mask": "0,0", "ellipsis_mask": "1,0"},
        )
    )
    b.result(
        b.op(
            "Slice",
            "opset8",
            [x, b.const([4, -1], "i64"), b.const([-10, 0], "i64"), b.const([-2, -1], "i64")],
            [2, 3, 5],
        )
    )
    sc = b.op(
        "ScatterUpdate",
        "opset3",
        [x, b.const([2, 0], "i32"), b.const(np.ones((3, 2, 5)), "f32"), b.const(1, "i64")],
        [3, 4, 5],
    )
    b.result(b.op("GatherND", "opset5", [sc, b.const([[1, 2], [0, 3], [2, 0]], "i64")], [3], data={"batch_dims": "1"}))
    b.result(
        b.op(
            "Broadcast", "opset1", [b.const([1.0, 2.0], "f32"), b.const([3, 2], "i64")], [3, 2], data={"mode": "numpy"}
        )
    )
    b.result(b.op("Range", "opset1", [b.const(0.5, "f32"), b.const(3.0, "f32"), b.const(0.75, "f32")], [4]))
    return b.build("slicing")


def body_seeds() -> list:
    """Models with bodies (a Loop with a back edge, a sliced input, a trip count and an If inside;
    a TensorIterator), written by OpenVINO when it is installed (none otherwise)."""
    try:
        import openvino as ov
    except ImportError:
        return []
    import tempfile

    from cases.bodies_builder import Feeder, o8
    from cases.infrastructure.test_loop import if_inside, sliced, while_below
    from cases.infrastructure.test_tensor_iterator import running_sum

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, build in (
            ("loop_if", if_inside()),
            ("loop_sliced", sliced(trip=3)),
            ("loop_while", while_below()),
            ("tensor_iterator", running_sum()),
        ):
            f = Feeder("x")
            path = os.path.join(tmp, name + ".xml")
            # (The trip counts are inputs: a run's random ones may be hostile, -1 or huge.)
            ov.save_model(ov.Model([o8.result(o) for o in build(f)], f.params, name), path, compress_to_fp16=False)
            with open(path, "rb") as x, open(path[:-4] + ".bin", "rb") as b:
                out.append((f"body {name}", x.read(), b.read()))
    return out


def seeds() -> list:
    """(name, xml bytes, bin bytes or None): every bundled model and the hand-written ones."""
    out = []
    for xml_path in sorted(glob.glob(os.path.join(MODELS, "*.xml"))):
        with open(xml_path, "rb") as f:
            xml = f.read()
        bin_path = xml_path[:-4] + ".bin"
        blob = open(bin_path, "rb").read() if os.path.exists(bin_path) else None
        out.append((os.path.basename(xml_path)[:-4], xml, blob))
    out.append(("add", add_model().encode(), None))
    xml, blob = scatter_model()
    out.append(("scatter_update", xml.encode(), blob))
    for fn in (
        _range_broadcast,
        _gather_slice,
        _convert_select,
        _reshape_concat,
        _scatters,
        _reductions,
        _logic,
        _slicing,
    ):
        xml, blob = fn()
        out.append((fn.__name__.lstrip("_"), xml, blob))
    out += body_seeds()
    # Every op's case table as one IR: each op is seeded as its table exercises it.
    for _, table in tables():
        made = table_ir(table)
        if made is not None:
            out.append((f"table {table.type}", *made))
    return out


# ---- mutations -------------------------------------------------------------------------------------

NUMBERS = [
    "0",
    "1",
    "2",
    "3",
    "-1",
    "-2",
    "4",
    "7",
    "64",
    "255",
    "256",
    "65535",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "4611686018427387904",
    "1" + "0" * 30,
    "9" * 5000,
    "1.5",
    "-0",
    "+3",
    " 5 ",
    "0x10",
    "1e3",
    "1e308",
    "nan",
    "inf",
    "-inf",
    "1_0",
    "\u0663",
    "\u00b2",
    "\U0001d7d8",
]
JUNK = [
    "",
    " ",
    "abc",
    "?",
    "...",
    "-",
    "..",
    "1..",
    "..2",
    "3..1",
    "1..2..3",
    "true",
    "false",
    "none",
    "numpy",
    "explicit",
    "bidirectional",
    "pdpd",
    "sum",
    "mean",
    "max",
    "\u00e9\u00e8",
    "\u202e1",
    "\x7f",
    ",",
    "1,",
    ",1",
    "1,,2",
    "1,2,3",
    "-1,-1",
    "0,0,0,0,0,0,0,0",
    "1 2",
    "[1,2]",
    "[...]",
    "{}",
    "&amp;",
    "<",
    "\u0000x".replace("\u0000", ""),
    "x" * 2000,
]
TYPES = [
    "f32",
    "f16",
    "bf16",
    "f64",
    "i4",
    "u4",
    "u1",
    "i8",
    "i16",
    "i32",
    "i64",
    "u8",
    "u16",
    "u32",
    "u64",
    "boolean",
    "bool",
    "f8e4m3",
    "nf4",
    "string",
    "dynamic",
    "undefined",
    "FP32",
    "I64",
    "BIN",
    "xyz",
]
PRECISIONS = [
    "FP32",
    "FP16",
    "BF16",
    "FP64",
    "I4",
    "U4",
    "U1",
    "BIN",
    "I8",
    "I16",
    "I32",
    "I64",
    "U8",
    "U16",
    "U32",
    "U64",
    "BOOL",
    "BOOLEAN",
    "f32",
    "i64",
    "FP8",
    "STRING",
    "UNSPECIFIED",
    "",
    "?",
]
DIMS = [
    "0",
    "1",
    "2",
    "3",
    "5",
    "-1",
    "-2",
    "?",
    "",
    " ",
    "1..10",
    "..4",
    "2..",
    "5..2",
    "0..0",
    "abc",
    "1.5",
    "99999999999999999999",
    "4611686018427387904",
    "4611686018427387905",
    "100000",
    "65536",
    "1e3",
    "\u0663",
    "0x2",
    "3 ",
    "..",
    "1..x",
]
# What the ops declare, and names and versions no op has.
ATTR_NAMES = sorted({a.name for cls in REGISTRY.values() for a in cls.attrs}) + ["name", "xyz"]
VERSIONS = sorted({v for _, v in REGISTRY}) + ["opset99", "", "opset", "1", "extension", "OPSET1", "opset\u00b9"]
OP_TYPES = sorted({t for t, _ in REGISTRY}) + ["Frobnicate", "", "parameter", "ScatterNdUpdate", "TensorIterator"]


def _value(ch: Chooser, pool_name: str) -> str:
    pool = {"num": NUMBERS, "junk": JUNK, "type": TYPES, "prec": PRECISIONS, "dim": DIMS}[pool_name]
    return ch.choice(pool)


def _any_value(ch: Chooser) -> str:
    kind = ch.int(0, 5)
    if kind == 5:
        # A short list of numbers, maybe with junk in it.
        return ",".join(ch.choice(NUMBERS[:12] + ["", "x"]) for _ in range(ch.int(0, 4)))
    return _value(ch, ("num", "num", "junk", "type", "dim")[kind])


def _elements(root, tag: str) -> list:
    return [e for e in root.iter(tag)]


def _layers(root):
    return _elements(root, "layer")


def m_attr(root, ch: Chooser) -> str:
    """Set an attribute of any element (layer, data, port, edge, net) to a hostile value."""
    els = [e for e in root.iter() if isinstance(e.tag, str) and e.attrib]
    if not els:
        return "attr: none"
    el = ch.choice(els)
    name = ch.choice(sorted(el.attrib))
    el.set(name, _any_value(ch))
    return f"attr {el.tag}.{name}={el.get(name)[:40]!r}"


def m_data_attr(root, ch: Chooser) -> str:
    """Add, change or remove an op attribute in some layer's <data>."""
    lay = ch.choice(_layers(root)) if _layers(root) else None
    if lay is None:
        return "data: none"
    data = lay.find("data")
    if data is None:
        data = etree.SubElement(lay, "data")
        lay.insert(0, data)
    what = ch.int(0, 2)
    if what == 0 and data.attrib:
        name = ch.choice(sorted(data.attrib))
        del data.attrib[name]
        return f"data del {lay.get('id')}.{name}"
    name = ch.choice(ATTR_NAMES)
    data.set(name, _any_value(ch))
    return f"data {lay.get('id')}.{name}={data.get(name)[:40]!r}"


def _some_data(root, ch: Chooser, op_type: str):
    """The <data> of a layer of ``op_type`` picked by ``ch``, or None when there is none."""
    layers = [lay for lay in _layers(root) if lay.get("type") == op_type and lay.find("data") is not None]
    return ch.choice(layers).find("data") if layers else None


def m_const(root, ch: Chooser) -> str:
    """A Const's <data>: offset, size, shape or element type (or its output port's precision)."""
    data = _some_data(root, ch, "Const")
    if data is None:
        return "const: none"
    key = ch.choice(["offset", "size", "shape", "element_type"])
    if key == "element_type":
        data.set(key, ch.choice(TYPES))
    elif key == "shape":
        data.set(
            key, ",".join(ch.choice(DIMS[:7] + ["0", "1000000", "4611686018427387904"]) for _ in range(ch.int(0, 4)))
        )
    else:
        cur = int(data.get(key, "0")) if data.get(key, "0").lstrip("-").isdigit() else 0
        data.set(
            key, str(ch.choice([cur + 1, cur - 1, cur + 8, -cur - 1, 0, 1, 2**31, 2**63, 2**64, cur * 2, cur + 2**40]))
        )
    return f"const {key}={data.get(key)[:40]!r}"


def m_dim(root, ch: Chooser) -> str:
    """Change, add or drop a <dim> of some port."""
    ports = _elements(root, "port")
    if not ports:
        return "dim: none"
    p = ch.choice(ports)
    dims = p.findall("dim")
    what = ch.int(0, 3)
    if what == 0 and dims:
        p.remove(ch.choice(dims))
        return "dim drop"
    if what == 1:
        d = etree.SubElement(p, "dim")
        d.text = ch.choice(DIMS)
        return f"dim add {d.text!r}"
    if dims:
        d = ch.choice(dims)
        d.text = ch.choice(DIMS)
        return f"dim set {d.text!r}"
    return "dim: none"


def m_port(root, ch: Chooser) -> str:
    """A port's id or precision, or a port added to or dropped from a layer."""
    ports = _elements(root, "port")
    if not ports:
        return "port: none"
    p = ch.choice(ports)
    what = ch.int(0, 4)
    if what == 0:
        p.set("id", ch.choice(["0", "1", "2", "3", "4", "5", "99", "-1", "", "a", "\u00b9"]))
        return f"port id={p.get('id')!r}"
    if what == 1:
        p.set("precision", ch.choice(PRECISIONS))
        return f"port precision={p.get('precision')!r}"
    if what == 2:
        p.getparent().remove(p)
        return "port drop"
    if what == 3:
        twin = etree.fromstring(etree.tostring(p))
        twin.set("id", str(ch.int(0, 9)))
        p.getparent().append(twin)
        return f"port add {twin.get('id')}"
    p.set("names", ch.choice(["", ",", "a,a", "x", "y,z", "\u00e9", " , "]))
    return f"port names={p.get('names')!r}"


def m_edge(root, ch: Chooser) -> str:
    """Drop, duplicate, retarget or reverse an edge, or add one (cycles included)."""
    edges_el = root.find("edges")
    edges = list(edges_el) if edges_el is not None else []
    edges = [e for e in edges if isinstance(e.tag, str)]
    ids = [lay.get("id") for lay in _layers(root)] or ["0"]
    what = ch.int(0, 5)
    if not edges or what == 5:
        if edges_el is None:
            edges_el = etree.SubElement(root, "edges")
        e = etree.SubElement(edges_el, "edge")
        for k in ("from-layer", "to-layer"):
            e.set(k, ch.choice(ids))
        for k in ("from-port", "to-port"):
            e.set(k, str(ch.int(0, 5)))
        return f"edge add {dict(e.attrib)}"
    e = ch.choice(edges)
    if what == 0:
        edges_el.remove(e)
        return "edge drop"
    if what == 1:
        edges_el.append(etree.fromstring(etree.tostring(e)))
        return "edge dup"
    if what == 2:
        k = ch.choice(["from-layer", "to-layer"])
        e.set(k, ch.choice(ids + ["999", "", "-1", "x"]))
        return f"edge {k}={e.get(k)!r}"
    if what == 3:
        k = ch.choice(["from-port", "to-port"])
        e.set(k, ch.choice(["0", "1", "2", "3", "4", "7", "", "-1"]))
        return f"edge {k}={e.get(k)!r}"
    # Reverse it: a cycle when the graph had a path back.
    a, b = e.get("from-layer"), e.get("to-layer")
    e.set("from-layer", b or "")
    e.set("to-layer", a or "")
    return "edge reverse"


def m_layer(root, ch: Chooser) -> str:
    """A layer's type, version or id; or a layer dropped or duplicated."""
    layers = _layers(root)
    if not layers:
        return "layer: none"
    lay = ch.choice(layers)
    what = ch.int(0, 4)
    if what == 0:
        lay.set("type", ch.choice(OP_TYPES))
        return f"layer type={lay.get('type')!r}"
    if what == 1:
        lay.set("version", ch.choice(VERSIONS))
        return f"layer version={lay.get('version')!r}"
    if what == 2:
        lay.set("id", ch.choice([lay.get("id", "0") + "0", "0", "1", "-1", "", "x", "\u00b2", "\u0663", "007"]))
        return f"layer id={lay.get('id')!r}"
    if what == 3:
        lay.getparent().remove(lay)
        return "layer drop"
    twin = etree.fromstring(etree.tostring(lay))
    twin.set("id", str(len(layers) + ch.int(0, 3)))
    lay.getparent().append(twin)
    return f"layer dup as {twin.get('id')}"


def m_element(root, ch: Chooser) -> str:
    """Structure: an element removed, emptied, or moved somewhere it does not belong."""
    els = [e for e in root.iter() if isinstance(e.tag, str) and e is not root]
    if not els:
        return "element: none"
    el = ch.choice(els)
    what = ch.int(0, 3)
    parent = el.getparent()
    if what == 0:
        parent.remove(el)
        return f"remove <{el.tag}>"
    if what == 1:
        for child in list(el):
            el.remove(child)
        el.text = ch.choice(["", "x", "1"])
        return f"empty <{el.tag}>"
    if what == 2:
        dst = ch.choice(els)
        if el not in dst.iterancestors() and dst is not el:
            parent.remove(el)
            dst.append(el)
        return f"move <{el.tag}> into <{dst.tag}>"
    el.append(etree.Comment(" c "))
    el.append(etree.ProcessingInstruction("pi", "x"))
    return f"comment+pi in <{el.tag}>"


def m_net(root, ch: Chooser) -> str:
    key = ch.choice(["version", "name"])
    root.set(key, ch.choice(["10", "11", "12", "7", "", "x", "11 ", "\u0661\u0661"]))
    return f"net {key}={root.get(key)!r}"


def m_rename(root, ch: Chooser) -> str:
    """A layer's id changed everywhere it is used (edges too), to an odd but consistent value."""
    layers = _layers(root)
    if not layers:
        return "rename: none"
    lay = ch.choice(layers)
    old = lay.get("id")
    new = ch.choice(
        ["\u00b2", "\u0663", "007", "-1", "x", "1e3", " 1", "\u00e9", "18446744073709551616", "9" * 400, "0"]
    )
    lay.set("id", new)
    for e in root.iter("edge"):
        for k in ("from-layer", "to-layer"):
            if e.get(k) == old:
                e.set(k, new)
    return f"rename layer {old} -> {new!r}"


def m_output(root, ch: Chooser) -> str:
    """An output port given to a layer that has none (a Result), and an edge from it."""
    layers = _layers(root)
    if not layers:
        return "output: none"
    lay = ch.choice([x for x in layers if x.find("output") is None] or layers)
    out = lay.find("output")
    if out is None:
        out = etree.SubElement(lay, "output")
    pid = str(ch.int(1, 9))
    p = etree.SubElement(out, "port", id=pid, precision=ch.choice(["FP32", "I64"]))
    etree.SubElement(p, "dim").text = ch.choice(["2", "3", "1"])
    dst = ch.choice(layers)
    edges_el = root.find("edges")
    if edges_el is None:
        edges_el = etree.SubElement(root, "edges")
    inputs = dst.find("input")
    dport = ch.choice([q.get("id") for q in inputs.iter("port")] if inputs is not None and len(inputs) else ["0"])
    etree.SubElement(
        edges_el,
        "edge",
        {"from-layer": lay.get("id", ""), "from-port": pid, "to-layer": dst.get("id", ""), "to-port": dport or "0"},
    )
    return f"output port {pid} on {lay.get('type')} {lay.get('id')} -> {dst.get('id')}:{dport}"


def m_param_shape(root, ch: Chooser) -> str:
    """A Parameter's declared shape (the inputs are made from it)."""
    data = _some_data(root, ch, "Parameter")
    if data is None:
        return "param shape: none"
    data.set(
        "shape", ",".join(ch.choice(["0", "1", "2", "3", "5", "?", "1..3", "-1", "100"]) for _ in range(ch.int(0, 4)))
    )
    return f"param shape={data.get('shape')!r}"


_ITEMSIZE = {
    "f32": 4,
    "f16": 2,
    "f64": 8,
    "i64": 8,
    "i32": 4,
    "i8": 1,
    "u8": 1,
    "boolean": 1,
    "bf16": 2,
    "i16": 2,
    "u16": 2,
    "u32": 4,
    "u64": 8,
}


def m_rank(root, ch: Chooser) -> str:
    """A Parameter or a Const made one element of high rank (20 to 70 dims of 1): NumPy's limit is 64."""
    layers = [x for x in _layers(root) if x.get("type") in ("Parameter", "Const") and x.find("data") is not None]
    if not layers:
        return "rank: none"
    lay = ch.choice(layers)
    n = ch.int(20, 70)
    data = lay.find("data")
    data.set("shape", ",".join(["1"] * n))
    if lay.get("type") == "Const":
        data.set("offset", "0")
        data.set("size", str(_ITEMSIZE.get(data.get("element_type"), 1)))
    out = lay.find("output")
    if out is not None and len(out):
        p = out[0]
        for d in p.findall("dim"):
            p.remove(d)
        for _ in range(min(n, ch.choice([0, n]))):
            etree.SubElement(p, "dim").text = "1"
    return f"rank {lay.get('type')} {lay.get('id')} = {n}"


def m_body(root, ch: Chooser) -> str:
    """A Loop's, TensorIterator's or If's port map or back edges perturbed: an entry's ports,
    layers, slicing numbers or purpose, a back edge's ends, an entry or back edge dropped or
    repeated; or the trip count's Const made hostile (-1, huge)."""
    owners = [x for x in root.iter("layer") if x.get("type") in ("Loop", "TensorIterator", "If")]
    if not owners:
        return "body: none"
    owner = ch.choice(owners)
    entries = [e for tag in ("port_map", "then_port_map", "else_port_map") for e in owner.findall(f"{tag}/*")]
    edges = owner.findall("back_edges/edge")
    ids = [x.get("id") for x in owner.iter("layer")] + ["-1", "99", ""]
    kind = ch.int(0, 5)
    if kind == 0 and entries:
        e = ch.choice(entries)
        key = ch.choice(["external_port_id", "internal_layer_id"])
        e.set(key, ch.choice(ids + NUMBERS[:8]))
        return f"body: {e.tag} {key}={e.get(key)!r}"
    if kind == 1 and entries:
        e = ch.choice(entries)
        key = ch.choice(["axis", "start", "end", "stride", "part_size"])
        e.set(key, _value(ch, "num"))
        return f"body: {e.tag} {key}={e.get(key)!r}"
    if kind == 2 and entries:
        e = ch.choice(entries)
        e.set("purpose", ch.choice(["current_iteration", "execution_condition", "", "x"]))
        return f"body: {e.tag} purpose={e.get('purpose')!r}"
    if kind == 3 and edges:
        e = ch.choice(edges)
        key = ch.choice(["from-layer", "to-layer"])
        e.set(key, ch.choice(ids))
        return f"body: back edge {key}={e.get(key)!r}"
    if kind == 4 and (entries or edges):
        e = ch.choice(entries + edges)
        parent = e.getparent()
        if ch.int(0, 1):
            parent.remove(e)
            return f"body: {e.tag} dropped"
        parent.append(etree.fromstring(etree.tostring(e)))
        return f"body: {e.tag} repeated"
    trips = [
        x
        for x in root.iter("layer")
        if x.get("type") == "Const"
        and x.find("data") is not None
        and x.find("data").get("element_type") == "i64"
        and x.find("data").get("shape") in ("", "1")
    ]
    if not trips:
        return "body: no trip count"
    data = ch.choice(trips).find("data")
    data.set("offset", str(ch.choice([0, 8, 16, 1 << 40])))
    return f"body: an i64 Const's offset={data.get('offset')}"


STRUCTURED: list = [
    m_rank,
    m_rename,
    m_output,
    m_param_shape,
    m_param_shape,
    m_attr,
    m_data_attr,
    m_data_attr,
    m_const,
    m_const,
    m_dim,
    m_dim,
    m_port,
    m_edge,
    m_edge,
    m_layer,
    m_layer,
    m_element,
    m_net,
    m_body,
]

TOKENS = [
    b"<",
    b">",
    b"&",
    b"&amp;",
    b"&#0;",
    b"&#x110000;",
    b"]]>",
    b"<![CDATA[1]]>",
    b"<?pi x?>",
    b"<!-- -->",
    b"<!DOCTYPE net>",
    b'"',
    b"'",
    b"\x00",
    b"\xff",
    b"\xc3",
    b"\xef\xbb\xbf",
    b"\r",
    b"\n",
    b"<dim>",
    b"</dim>",
    b"<layer>",
    b"</layer>",
    b"<edge/>",
    b"xmlns:a='x'",
    b"a:b='1'",
    b"9" * 30,
]


def mutate_bytes(data: bytes, ch: Chooser) -> tuple:
    """A raw mutation of a file: truncation, a slice deleted or repeated, bytes flipped or inserted."""
    what = ch.int(0, 5)
    n = len(data)
    if n == 0:
        return ch.bytes(64), "replace empty"
    pos = ch.int(0, n)
    if what == 0:
        return data[:pos], f"truncate at {pos}"
    if what == 1:
        end = min(n, pos + ch.int(1, 64))
        return data[:pos] + data[end:], f"delete {pos}..{end}"
    if what == 2:
        end = min(n, pos + ch.int(1, 256))
        return data[:end] + data[pos:], f"repeat {pos}..{end}"
    if what == 3:
        junk = ch.bytes(8) or b"\xff"
        return data[:pos] + junk + data[pos + len(junk) :], f"overwrite {pos} with {junk!r}"
    if what == 4:
        tok = ch.choice(TOKENS)
        return data[:pos] + tok + data[pos:], f"insert {tok!r} at {pos}"
    # Whole-file damage: every byte ORed/XORed.
    mask = ch.int(1, 255)
    return bytes(b ^ mask for b in data), f"xor all with {mask}"


def const_values(xml: bytes, blob: bytes | None, ch: Chooser) -> tuple:
    """Overwrite one Const's bytes in the .bin with edge values of its type (indices, axes, shapes)."""
    if not blob:
        return blob, "const values: no bin"
    try:
        root = etree.fromstring(xml)
    except etree.XMLSyntaxError:
        return blob, "const values: xml unreadable"
    spans = []
    for lay in _layers(root):
        data = lay.find("data")
        if lay.get("type") == "Const" and data is not None:
            try:
                et, off, size = data.get("element_type"), int(data.get("offset")), int(data.get("size"))
            except (TypeError, ValueError):
                continue
            if et in _NP and 0 <= off and 0 < size and off + size <= len(blob):
                spans.append((et, off, size))
    if not spans:
        return blob, "const values: none"
    et, off, size = ch.choice(spans)
    dt = np.dtype(_NP[et])
    if dt.kind == "f":
        pool = [0.0, -0.0, 1.0, -1.0, 0.5, np.nan, np.inf, -np.inf, 1e30, 3.0]
    elif dt.kind == "b":
        pool = [0, 1]
    else:
        info = np.iinfo(dt)
        pool = [
            v
            for v in (0, 1, 2, 3, -1, -2, -3, 4, 7, 100, 2**31 - 1, -(2**31), 2**62, info.max, info.min)
            if info.min <= v <= info.max
        ]
    n = size // dt.itemsize
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 1e30 as f16 is inf, as intended
        vals = np.array([ch.choice(pool) for _ in range(n)], dtype=dt)
    new = blob[:off] + vals.tobytes() + blob[off + vals.nbytes :]
    return new, f"const at {off} = {vals.tolist()[:8]}"


def mutate_blob(blob: bytes | None, ch: Chooser) -> tuple:
    if blob is None:
        return ch.bytes(32), "bin created"
    what = ch.int(0, 4)
    if what == 0:
        cut = ch.int(0, len(blob))
        return blob[:cut], f"bin truncated to {cut}"
    if what == 1:
        return b"", "bin empty"
    if what == 2:
        return blob + ch.bytes(64), "bin extended"
    if what == 3 and blob:
        pos = ch.int(0, len(blob) - 1)
        junk = ch.bytes(16) or b"\xff"
        return blob[:pos] + junk + blob[pos + len(junk) :], f"bin overwritten at {pos}"
    fill = ch.choice([b"\xff", b"\x80", b"\x7f"])
    return fill * len(blob), f"bin filled with {fill!r}"


def npy_bytes(arr: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, arr, allow_pickle=False)
    return buf.getvalue()


NPY_DESCRS = [
    "<f4",
    ">f4",
    "<f2",
    "<f8",
    "<i8",
    "<i4",
    "|i1",
    "|u1",
    "|b1",
    "<U3",
    "|V4",
    "<c8",
    "<M8[s]",
    "|O",
    "<f",
    "xyz",
    "",
    "[('a', '<f4')]",
    "<i16",
]


def mutate_npy(data: bytes, ch: Chooser) -> tuple:
    """A hostile .npy: its header's dtype, order or shape changed (within a few MB), or the bytes
    damaged."""
    what = ch.int(0, 4)
    if what <= 2:
        text = data[10 : 10 + int.from_bytes(data[8:10], "little")].decode("latin-1")
        if what == 0:
            descr = ch.choice(NPY_DESCRS)
            new = re.sub(
                r"'descr': '[^']*'", f"'descr': {descr!r}" if not descr.startswith("[") else f"'descr': {descr}", text
            )
        elif what == 1:
            new = text.replace("False", "True") if "False" in text else text.replace("True", "False")
        else:
            dims = ", ".join(
                ch.choice(["0", "1", "2", "3", "7", "1000", "-1", "2 ** 3", "None", "'a'", "1000000000000"])
                for _ in range(ch.int(0, 3))
            )
            new = re.sub(
                r"'shape': \([^)]*\)", f"'shape': ({dims}{',' if dims.count(',') == 0 and dims else ''})", text
            )
        header = new.rstrip().encode("latin-1")
        pad = 64 - (10 + len(header) + 1) % 64
        header = header + b" " * pad + b"\n"
        body = data[10 + int.from_bytes(data[8:10], "little") :]
        return data[:8] + len(header).to_bytes(2, "little") + header + body, f"npy header {new.strip()[:80]!r}"
    out, step = mutate_bytes(data, ch)
    return out, "npy " + step


@dataclass
class Case:
    seed: str
    xml: bytes
    blob: bytes | None
    steps: list = field(default_factory=list)
    input_seed: int = 0
    npy: tuple | None = None  # (input name, .npy bytes): run through the CLI with -i NAME=input.npy


def make_case(ch: Chooser, seed_list: list) -> Case:
    """A seed and a few mutations of it, every decision taken from ``ch``."""
    name, xml, blob = ch.choice(seed_list)
    case = Case(name, xml, blob)
    n_struct = ch.int(0, 4)
    if n_struct:
        root = etree.fromstring(xml)
        for _ in range(n_struct):
            case.steps.append(ch.choice(STRUCTURED)(root, ch))
        case.xml = b'<?xml version="1.0"?>\n' + etree.tostring(root)
    if ch.int(0, 3) == 0:
        case.xml, step = mutate_bytes(case.xml, ch)
        case.steps.append(step)
    if ch.int(0, 4) == 0:
        case.blob, step = mutate_blob(case.blob, ch)
        case.steps.append(step)
    if ch.int(0, 2) == 0:
        case.blob, step = const_values(case.xml, case.blob, ch)
        case.steps.append(step)
    if not case.steps:
        case.steps.append(ch.choice(STRUCTURED)(root := etree.fromstring(xml), ch))
        case.xml = b'<?xml version="1.0"?>\n' + etree.tostring(root)
    case.input_seed = ch.int(0, 2**16)
    return case


def make_npy_case(ch: Chooser, seed_list: list, directory: str) -> Case:
    """A seed model as it is, and a damaged .npy for one of its inputs (seeds with inputs only)."""
    name, xml, blob = ch.choice([s for s in seed_list if b'type="Parameter"' in s[1]])
    case = Case(name, xml, blob)
    model = irexec.read_model(write_case(directory, case))
    info = ch.choice(model.inputs)
    data = npy_bytes(make_inputs(model, 0, gentle=True)[info.name])
    for _ in range(ch.int(1, 2)):
        data, step = mutate_npy(data, ch)
        case.steps.append(step)
    case.npy = (info.name, data)
    return case


# ---- running a case --------------------------------------------------------------------------------


class CaseTimeout(BaseException):
    """Raised by the alarm; a BaseException so that no ``except Exception`` in irexec swallows it."""


@contextlib.contextmanager
def time_limit(seconds: float):
    def on_alarm(signum, frame):
        raise CaseTimeout(f"no result within {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def memory_limit(extra_bytes: int):
    """Cap the address space at what the process uses now plus ``extra_bytes`` (Linux only), so a
    runaway allocation is a MemoryError rather than the machine swapping."""
    try:
        import resource

        with open("/proc/self/status") as f:
            vm = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize:"))
    except (ImportError, OSError, StopIteration):
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = vm + extra_bytes
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


MAX_INPUT_ELEMENTS = 1 << 16


def make_inputs(model, seed: int, gentle: bool = False) -> dict | None:
    """Small inputs for the declared inputs: dynamic dims get their lower bound (at least 1 where
    allowed), an unknown rank gets a scalar; None when a declared input is too big to make.
    Values include edge cases (NaN, inf, the type's extremes) unless ``gentle``."""
    rng = np.random.default_rng(seed)
    feeds = {}
    for info in model.inputs:
        et = info.element_type
        if info.shape is None:
            shape = ()
        else:
            shape = tuple(
                d.lo if d.is_static else max(d.lo, 1) if (d.hi is None or d.hi >= 1) else d.lo for d in info.shape
            )
        count = 1
        for d in shape:
            count *= d
        if count > MAX_INPUT_ELEMENTS or et is None:
            return None
        if et.name == "boolean":
            arr = rng.random(shape) < 0.5
        elif et.is_float:
            pool = [0.0, 1.0, -1.0, 0.5, 2.0, -3.5] + ([] if gentle else [np.nan, np.inf, 1e30])
            arr = rng.choice(np.array(pool), size=shape)
            arr = arr.astype(np.float32).astype(et.dtype) if et.name == "bf16" else arr.astype(et.dtype)
        elif et.name == "u1":
            arr = rng.integers(0, 2, shape, dtype=np.uint8)
        elif et.name in ("i4", "u4"):
            lo, hi = (-8, 8) if et.name == "i4" else (0, 16)
            arr = rng.integers(lo, hi, shape).astype(np.int8 if et.name == "i4" else np.uint8).astype(et.dtype)
        else:
            info_i = np.iinfo(et.dtype)
            vals = np.array([0, 1, 2, 3] if gentle else [0, 1, 2, 3, -1, -2, 5, info_i.max, info_i.min], dtype=object)
            vals = np.array(
                [v for v in vals if info_i.min <= v <= info_i.max],
                dtype=np.int64 if et.dtype.kind == "i" else np.uint64,
            )
            arr = rng.choice(vals, size=shape).astype(et.dtype)
        feeds[info.name] = arr
    return feeds


@dataclass
class Outcome:
    # "ok", "error" (an IRExecError: fine), or a finding: "bug" (another exception escaped),
    # "timeout", "multiline" (an error of more than one line), "oom" (memory ran out despite the
    # tensor budget), "wrapped" (an IRExecError made by a catch-all from a NumPy or Python
    # exception: the message is not irexec's own)
    kind: str
    detail: str = ""
    stage: str = ""  # "read", "infer", "cli"
    seconds: float = 0.0

    @property
    def is_finding(self) -> bool:
        return self.kind not in ("ok", "error", "skipped")


_FOREIGN_MESSAGE = re.compile(r"^(?:[A-Za-z_][\w.]*)?(?:Error|Exception|Unfeasible)\b: ")


def wrapped_cause(e: BaseException) -> BaseException | None:
    """The foreign exception an IRExecError was made from by a catch-all (a NumPy or Python
    complaint that an op let through), if any; a MemoryError is a fair cause. Follows the chain
    as Python prints it: an error raised ``from None`` on purpose has no cause."""
    seen = set()
    cur = e
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        if not isinstance(cur, (irexec.IRExecError, MemoryError)):
            return cur
        if isinstance(cur, irexec.IRExecError) and _FOREIGN_MESSAGE.match(cur.message or ""):
            # The original is further down, maybe behind a ``from None``: show it if it is there.
            inner, hops = cur.__cause__ or cur.__context__, 0
            while inner is not None and hops < 10:
                if not isinstance(inner, irexec.IRExecError):
                    return inner
                inner, hops = inner.__cause__ or inner.__context__, hops + 1
            return cur
        cur = cur.__cause__ if cur.__cause__ is not None else (None if cur.__suppress_context__ else cur.__context__)
    return None


def _chain(e: BaseException):
    seen = set()
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        yield e
        e = e.__cause__ or e.__context__


def _error_outcome(e: BaseException, stage: str) -> Outcome:
    if isinstance(e, irexec.IRExecError):
        text = str(e)
        if "\n" in text or "\r" in text:
            return Outcome("multiline", f"{type(e).__name__}: {text!r}", stage)
        if any(isinstance(x, MemoryError) for x in _chain(e)) or (e.message or "").strip() == "out of memory":
            # The fuzzers run with a small tensor budget and a cap on the address space: running out
            # of memory means something was allocated that the budget did not size in advance.
            return Outcome("oom", f"{type(e).__name__}: {text}", stage)
        cause = wrapped_cause(e)
        if cause is not None:
            tb = "".join(traceback.format_exception(type(cause), cause, cause.__traceback__))
            return Outcome("wrapped", f"{type(e).__name__}: {text}\n\n{tb}", stage)
        return Outcome("error", f"{type(e).__name__}: {text}", stage)
    if isinstance(e, CaseTimeout):
        return Outcome("timeout", str(e), stage)
    tb = "".join(traceback.format_exception(type(e), e, e.__traceback__))
    return Outcome("bug", tb, stage)


def write_case(directory: str, case: Case) -> str:
    xml_path = os.path.join(directory, "model.xml")
    bin_path = os.path.join(directory, "model.bin")
    with open(xml_path, "wb") as f:
        f.write(case.xml)
    if case.blob is None:
        if os.path.exists(bin_path):
            os.unlink(bin_path)
    else:
        with open(bin_path, "wb") as f:
            f.write(case.blob)
    if case.npy is not None:
        with open(os.path.join(directory, "input.npy"), "wb") as f:
            f.write(case.npy[1])
    return xml_path


def run_case(case: Case, directory: str, seconds: float = 10.0, cli: bool = False, gentle: bool = False) -> Outcome:
    """Read and run one case in ``directory``: its outcome, an IRExecError being a fine one."""
    xml_path = write_case(directory, case)
    if case.npy is not None:
        return run_cli(xml_path, seconds, ("-i", f"{case.npy[0]}={os.path.join(directory, 'input.npy')}"))
    start = time.monotonic()
    stage = "read"
    try:
        with time_limit(seconds), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            model = irexec.read_model(xml_path)
            repr(model)
            stage = "infer"
            feeds = make_inputs(model, case.input_seed, gentle)
            if feeds is None:
                out = Outcome("ok", "read; inputs too big to make", stage)
            else:
                results = model.infer(feeds)
                if not isinstance(results, dict):
                    out = Outcome("bug", f"infer returned {type(results).__name__}", stage)
                else:
                    out = Outcome("ok", f"{len(results)} outputs", stage)
    except BaseException as e:  # noqa: B902 - classifying every outcome is the point
        if isinstance(e, KeyboardInterrupt):
            raise
        out = _error_outcome(e, stage)
    out.seconds = time.monotonic() - start
    if cli and not out.is_finding:
        cli_out = run_cli(xml_path, seconds)
        if cli_out.is_finding:
            return cli_out
    return out


def run_cli(xml_path: str, seconds: float, extra: tuple = ()) -> Outcome:
    """``irexec run MODEL --random [extra...]``: exit 0, or 1/2 with exactly one line on stderr and
    no internal error."""
    from irexec.cli import cli

    stderr, stdout = io.StringIO(), io.StringIO()
    start = time.monotonic()
    code = None
    try:
        with (
            time_limit(seconds),
            contextlib.redirect_stderr(stderr),
            contextlib.redirect_stdout(stdout),
            warnings.catch_warnings(),
        ):
            warnings.simplefilter("ignore")
            try:
                cli.main(args=["run", xml_path, "--random", *extra], prog_name="irexec", standalone_mode=True)
                code = 0
            except SystemExit as e:
                code = e.code
    except BaseException as e:  # noqa: B902
        if isinstance(e, KeyboardInterrupt):
            raise
        return _error_outcome(e, "cli")
    err = stderr.getvalue()
    took = time.monotonic() - start
    if code not in (0, 1, 2, None):
        return Outcome("bug", f"exit status {code!r}; stderr {err!r}", "cli", took)
    if code in (1, 2):
        lines = err.splitlines()
        if len(lines) != 1 or not lines[0].startswith("error: "):
            return Outcome("multiline", f"stderr {err!r}", "cli", took)
        if "internal error" in err:
            return Outcome("bug", err.strip(), "cli", took)
    return Outcome("ok" if code in (0, None) else "error", err.strip(), "cli", took)


def describe(case: Case) -> str:
    what = f"seed {case.seed}" + (f", input {case.npy[0]} from a .npy" if case.npy else "")
    return f"{what}; " + "; ".join(case.steps)


def save_reproducer(directory: str, case: Case, outcome: Outcome) -> str:
    os.makedirs(directory, exist_ok=True)
    import hashlib

    digest = hashlib.sha1(case.xml + (case.blob or b"") + str(case.input_seed).encode()).hexdigest()[:12]
    d = os.path.join(directory, f"{outcome.kind}-{digest}")
    os.makedirs(d, exist_ok=True)
    write_case(d, case)
    with open(os.path.join(d, "finding.txt"), "w") as f:
        f.write(
            f"{describe(case)}\ninput seed: {case.input_seed}\nstage: {outcome.stage}\n"
            f"seconds: {outcome.seconds:.2f}\n\n{outcome.detail}\n"
        )
    return d
