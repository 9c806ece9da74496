"""The inference face of the shape/movement ops, checked against what OpenVINO writes.

Models are built with openvino and saved with ov.save_model; every output port in the XML
carries OpenVINO's own inferred shape and precision. Walking irexec's graph in topological
order and feeding each op's ``infer`` the facts its producers inferred must reproduce them,
for every layer. The XML writes any non-static dim (intervals included) as -1 and a port of
unknown rank with no dims at all, so a -1 asks for a non-static Dim, and a port without dims
is told apart from a scalar by OpenVINO's reading of the same file.
"""

from __future__ import annotations

import numpy as np
import pytest

import irexec
from helpers.oracle import core, ov, save
from irexec import ValidationError
from irexec.check.shape_inference import layer_facts
from irexec.ops import lookup
from irexec.ops.op import Fact
from irexec.shapes import DYN, Dim, fmt
from irexec.types import element_type

o1, o3, o7, o8, o12 = ov.opset1, ov.opset3, ov.opset7, ov.opset8, ov.opset12
I64_MIN = np.iinfo(np.int64).min


# ---- the walker ------------------------------------------------------------------------------


def infer_shapes(graph) -> dict:
    """Facts for every (layer id, output index), from each op's infer over its producers' facts."""
    facts = {}
    for lid in graph.topological_order():
        layer = graph.layer(lid)
        feeds = graph.producers(lid)
        ins = [facts[feeds[i]] for i in range(len(layer.inputs))]
        outs = layer_facts(layer.op, ins)
        assert len(outs) == len(layer.outputs) or layer.type == "Result", (layer.name, outs)
        for i, fact in enumerate(outs):
            facts[(lid, i)] = fact
    return facts


def _ov_shapes(path: str) -> dict:
    """OpenVINO's partial shape of each output port, by layer name, read back from the IR."""
    shapes = {}
    for node in core().read_model(path).get_ops():
        shapes[node.get_friendly_name()] = [node.get_output_partial_shape(i) for i in range(node.get_output_size())]
    return shapes


def _port_matches(fact: Fact, port, ov_shape) -> str | None:
    if port.etype is not None and (fact.etype is None or fact.etype.name != port.etype.name):
        return f"type {fact.etype} != {port.etype}"
    if not port.shape and ov_shape is not None and ov_shape.rank.is_dynamic:
        return None if fact.shape is None else f"shape {fmt(fact.shape)}, OpenVINO has dynamic rank"
    if fact.shape is None or len(fact.shape) != len(port.shape):
        return f"shape {fmt(fact.shape)} != {fmt(port.shape)}"
    for mine, theirs in zip(fact.shape, port.shape):
        if theirs.is_static != mine.is_static or (theirs.is_static and theirs.lo != mine.lo):
            return f"shape {fmt(fact.shape)} != {fmt(port.shape)}"
    if (
        fact.value is not None
        and fact.shape is not None
        and tuple(np.shape(fact.value)) != tuple(d.lo for d in fact.shape)
    ):
        return f"value of shape {np.shape(fact.value)} under shape {fmt(fact.shape)}"
    return None


def check_infer_faces(path: str) -> int:
    """Compare every layer's inferred output ports (and the input ports they feed) with the
    XML; returns how many ports were checked."""
    graph = irexec.read_model(path).graph
    facts = infer_shapes(graph)
    ov_shapes = _ov_shapes(path)
    problems, checked = [], 0
    for lid in graph.topological_order():
        layer = graph.layer(lid)
        ov_out = ov_shapes.get(layer.name, [])
        for i, port in enumerate(layer.outputs):
            bad = _port_matches(facts[(lid, i)], port, ov_out[i] if i < len(ov_out) else None)
            checked += 1
            if bad:
                problems.append(f"{layer.type} '{layer.name}' output {i}: {bad}")
        for i, (src, out) in graph.producers(lid).items():
            src_ov = ov_shapes.get(graph.layer(src).name, [])
            bad = _port_matches(facts[(src, out)], layer.inputs[i], src_ov[out] if out < len(src_ov) else None)
            checked += 1
            if bad:
                problems.append(f"{layer.type} '{layer.name}' input {i}: {bad}")
    assert not problems, "\n".join(problems)
    return checked


# ---- models ----------------------------------------------------------------------------------


def P(shape, dtype=np.float32):
    return o8.parameter(shape, np.dtype(dtype))


def C(value, dtype=None):
    return o8.constant(np.asarray(value, dtype=dtype))


def static_movement():
    x = P([2, 3, 4])
    shp = o3.shape_of(x, "i32")
    outs = [
        o1.shape_of(x),
        shp,
        o1.reshape(x, o1.concat([C([-1], np.int32), o8.gather(shp, C([2], np.int32), C(0))], 0), False),
        o1.reshape(x, C([0, -1]), True),
        o1.squeeze(o1.unsqueeze(x, C([0, -1])), C([0, 1, -1])),
        o1.transpose(x, C([2, 0, 1])),
        o1.concat([x, x, o1.reshape(x, C([2, 3, 4]), False)], -2),
        o1.gather(x, C([1, 0]), C(-1)),
        o7.gather(x, C([[1], [0]]), C(1), 1),
        o8.gather(x, C([[-1, 0, 9], [1, 1, 2]]), C(2), -1),
        o1.broadcast(o1.reshape(x, C([2, 3, 1, 4]), False), C([5, 2, 3, 2, 4])),
        o3.broadcast(x, C([3, 2, 1, 1]), None, "bidirectional"),
        o3.broadcast(C([1.0, 2.0, 3.0], np.float32), C([2, 3, 4]), C([1]), "explicit"),
        o8.slice(x, C([-1, 0]), C([I64_MIN, 3]), C([-1, 2]), C([2, 0])),
        o1.strided_slice(
            x, C([0, 1, 0]), C([0, 3, 0]), C([1, 1, -2]), [1, 0, 0], [1, 0, 1], [0, 0, 0], [0, 0, 0], [0, 0, 0]
        ),
        o1.strided_slice(
            x, C([1, 0, 2]), C([0, 0, 0]), C([1, 1, 1]), [0, 0, 0], [0, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 1]
        ),
        o12.range(C(0.5, np.float32), C(4, np.float32), C(0.5, np.float32), "f16"),
        o1.range(C(10), C(0), C(-3)),
        o3.scatter_update(x, C([[2, 0]]), C(np.zeros((2, 1, 2, 4), np.float32)), C(1)),
        o1.select(C(np.array([True, False, True, False])), x, C(np.float32(0))),
    ]
    return ov.Model(outs, [x])


def data_dependent_static():
    # Shapes from values: ShapeOf -> arithmetic-free chains of Gather/Concat/Range/Reshape.
    x = P([4, 6], np.int32)
    shp = o3.shape_of(x, "i64")
    n = o8.gather(shp, C(0), C(0))
    idx = o12.range(C(0), n, C(2), "i64")
    rows = o8.gather(x, idx, C(0))
    flat = o1.reshape(rows, o1.concat([C([-1]), o8.gather(shp, C([1]), C(0))], 0), False)
    upd = o3.scatter_update(x, idx, rows, C(0))
    sliced = o8.slice(x, C([0]), o1.unsqueeze(n, C(0)), C([3]), C([0]))
    shape_ops = o1.concat([shp, o3.shape_of(upd, "i64"), o3.shape_of(sliced, "i64")], 0)
    return ov.Model([flat, upd, sliced, shape_ops], [x])


def dynamic_dims():
    x = P([-1, 3, 4])
    y = P([ov.Dimension(1, 5), 3, 1])
    z = P([-1, 1, 3], np.int32)
    outs = [
        o3.shape_of(x, "i32"),
        o1.reshape(x, C([0, -1]), True),
        o1.reshape(x, C([-1, 4]), False),
        o1.reshape(x, C([0, 0, 2, 2]), True),
        o1.transpose(x, C([1, 2, 0])),
        o1.unsqueeze(x, C([0, -1])),
        o1.squeeze(x, C([0])),
        o1.squeeze(z, C([1])),
        o1.squeeze(y, C([2])),
        o1.concat([x, x], 0),
        o1.concat([x, x], 1),
        o1.concat([x, y, x], -1),
        o8.gather(x, C([2, 0]), C(1)),
        o8.gather(x, C([[1, 0]]), C(0)),
        o7.gather(x, C(np.zeros((1, 2), np.int64)), C(2)),
        o3.scatter_update(x, C([1]), o1.broadcast(C(np.float32(1)), C([1, 3, 4])), C(0)),
        o8.slice(x, C([1]), C([3]), C([1]), C([1])),
        o8.slice(x, C([0, 0]), C([2, 9]), C([1, 2]), C([0, 2])),
        o1.strided_slice(x, C([0, 1]), C([0, 0]), C([1, 1]), [1, 0], [1, 0], [0, 0], [0, 1], [0, 0]),
        o1.strided_slice(x, C([0, 0]), C([0, 2]), C([1, 1]), [0, 1], [0, 0], [1, 0], [0, 0], [0, 0]),
        o1.broadcast(y, C([2, 5, 3, 4])),
        o3.broadcast(y, C([1, 1, 7]), None, "bidirectional"),
        o3.broadcast(z, C([2, 4, 1, 3]), None, "numpy"),
        o1.select(C(np.array([[True], [False], [True]])), x, C(np.float32(0))),
    ]
    return ov.Model(outs, [x, y, z])


def dynamic_rank():
    x = P(ov.PartialShape.dynamic())
    a, b = P([], np.int32), P([], np.int32)
    t = P([-1, 2])
    return ov.Model(
        [
            o3.shape_of(x, "i64"),
            o1.shape_of(x),
            o12.range(a, b, C(np.int32(1)), "i32"),
            o1.range(a, b, C(np.int32(2))),
            o1.transpose(t, C([1, 0])),
        ],
        [x, a, b, t],
    )


def element_types():
    outs, params = [], []
    for dtype in (
        np.float16,
        np.float64,
        np.int8,
        np.uint8,
        np.int16,
        np.uint16,
        np.int32,
        np.uint32,
        np.int64,
        np.uint64,
        np.bool_,
    ):
        p = P([3, 2], dtype)
        params.append(p)
        outs += [
            o8.gather(p, C(np.array([2, 0], np.uint8)), C(np.int32(0))),
            o1.concat([p, p], 1),
            o3.scatter_update(p, C(np.array([1], np.int16)), o8.gather(p, C([0]), C(0)), C(np.int32(0))),
        ]
    return ov.Model(outs, params)


MODELS = [static_movement, data_dependent_static, dynamic_dims, dynamic_rank, element_types]


@pytest.mark.parametrize("build", MODELS, ids=[m.__name__ for m in MODELS])
def test_infer_reproduces_openvino_ports(build, tmp_path):
    checked = check_infer_faces(save(build(), tmp_path))
    assert checked > 10


def test_walker_catches_a_wrong_port(tmp_path):
    # The check itself must be able to fail: edit one dim in the XML and expect a complaint.
    from pathlib import Path

    x = P([2, 3])
    path = Path(save(ov.Model([o1.transpose(x, C([1, 0]))], [x]), tmp_path))
    text = path.read_text()
    head, sep, tail = text.partition('type="Transpose"')
    out_at = tail.index("<output>")
    tail = tail[:out_at] + tail[out_at:].replace("<dim>3</dim>", "<dim>5</dim>", 1)
    path.write_text(head + sep + tail)
    # read_model runs the same comparison (rule S001) and refuses the model first.
    with pytest.raises(ValidationError, match="Transpose") as e:
        check_infer_faces(str(path))
    assert e.value.code == "S001" and e.value.layer_type == "Transpose"


# ---- error paths of infer ------------------------------------------------------------------


def F(etype, shape, value=None):
    dims = None if shape is None else tuple(DYN if d is None else Dim(d, d) for d in shape)
    return Fact(element_type(etype), dims, None if value is None else np.asarray(value))


def op(type_, version, **attrs):
    cls = lookup(type_, version)
    return cls(None, **attrs) if attrs else cls()


def V(values, etype="i64"):
    arr = np.asarray(values, dtype=element_type(etype).dtype)
    return F(etype, arr.shape, arr)


ERRORS = [
    # ScatterUpdate: updates must be data[:axis] + indices.shape + data[axis+1:]
    ("ScatterUpdate", "opset3", {}, [F("f32", (4, 3)), F("i64", (2,)), F("f32", (2, 4)), V(0)], "updates"),
    ("ScatterUpdate", "opset3", {}, [F("f32", (4, 3)), F("i64", (2,)), F("f32", (2, 3, 1)), V(0)], "updates"),
    ("ScatterUpdate", "opset3", {}, [F("f32", (4, 3)), F("i64", (2,)), F("f32", (4, 2)), V(2)], "out of range"),
    ("ScatterUpdate", "opset3", {}, [F("f32", (4, 3)), F("i64", (2,)), F("f32", (4, 2)), V(-3)], "out of range"),
    ("ScatterUpdate", "opset3", {}, [F("f32", (4, 3)), F("f32", (2,)), F("f32", (2, 3)), V(0)], "integer"),
    ("ScatterUpdate", "opset3", {}, [F("f32", (4, 3)), F("i64", (2,)), F("f16", (2, 3)), V(0)], "element type"),
    ("ScatterUpdate", "opset3", {}, [F("f32", (4, 3)), F("i64", (2,)), F("f32", (2, 3)), F("f32", (), 0.0)], "integer"),
    ("ScatterUpdate", "opset3", {}, [F("f32", (4, 3)), F("i64", (2,)), F("f32", (2, 3)), V([0, 1])], "scalar"),
    # Concat
    ("Concat", "opset1", {"axis": 0}, [F("f32", (2, 3)), F("f32", (2, 4))], "differ at dim 1"),
    ("Concat", "opset1", {"axis": 1}, [F("f32", (2, 3)), F("f32", (2, 3, 1))], "rank"),
    ("Concat", "opset1", {"axis": 2}, [F("f32", (2, 3)), F("f32", (2, 3))], "out of range"),
    ("Concat", "opset1", {"axis": 0}, [F("f32", ()), F("f32", ())], "rank 1"),
    ("Concat", "opset1", {"axis": 0}, [F("f32", (2,)), F("i32", (2,))], "element type"),
    # Gather
    ("Gather", "opset8", {"batch_dims": 0}, [F("f32", (2, 3)), F("i64", (2,)), V(2)], "out of range"),
    ("Gather", "opset8", {"batch_dims": 2}, [F("f32", (2, 3)), F("i64", (2, 3)), V(1)], "batch_dims"),
    ("Gather", "opset7", {"batch_dims": 1}, [F("f32", (2, 3)), F("i64", (3, 1)), V(1)], "batch dim"),
    ("Gather", "opset8", {"batch_dims": 0}, [F("f32", (2, 3)), F("f32", (2,)), V(1)], "integer"),
    ("Gather", "opset1", {}, [V(np.zeros((5, 3)), "f32"), V([-1]), V(0)], "negative"),
    # Reshape
    ("Reshape", "opset1", {"special_zero": False}, [F("f32", (2, 3)), V([-1, -1])], "-1"),
    ("Reshape", "opset1", {"special_zero": False}, [F("f32", (2, 3)), V([4, 2])], "elements"),
    ("Reshape", "opset1", {"special_zero": True}, [F("f32", (6,)), V([3, 0, 2])], "copies a dim"),
    ("Reshape", "opset1", {"special_zero": False}, [F("f32", (2, 3)), V([[6]])], "1-D"),
    ("Reshape", "opset1", {"special_zero": False}, [F("f32", (2, 3)), V([5, -1])], "cannot reshape"),
    ("Reshape", "opset1", {"special_zero": False}, [F("f32", (2, 3)), V([0, -1])], "no elements"),
    ("Reshape", "opset1", {"special_zero": False}, [F("f32", (None, 3)), V([-1, -1])], "pattern"),
    # Squeeze / Unsqueeze
    ("Squeeze", "opset1", {}, [F("f32", (1, 2)), V([2])], "out of range"),
    ("Squeeze", "opset1", {}, [F("f32", (1, 2)), V([[0]])], "1-D"),
    ("Unsqueeze", "opset1", {}, [F("f32", (2, 3)), V([3, 3])], "out of range"),
    ("Unsqueeze", "opset1", {}, [F("f32", (2, 3)), V(np.zeros(0, np.int64))], "empty"),
    ("Unsqueeze", "opset1", {}, [F("f32", (2, 3)), V([-4])], "out of range"),
    # Transpose
    ("Transpose", "opset1", {}, [F("f32", (2, 3, 4)), V([0, 0, 1])], "permutation"),
    ("Transpose", "opset1", {}, [F("f32", (2, 3, 4)), V([-1, 0, 1])], "permutation"),
    ("Transpose", "opset1", {}, [F("f32", (2, 3, 4)), V([1, 0])], "permutation"),
    # Broadcast
    ("Broadcast", "opset3", {"mode": "numpy"}, [F("f32", (3, 2)), V([3, 4])], "cannot broadcast"),
    ("Broadcast", "opset1", {"mode": "numpy"}, [F("f32", (3, 2)), V([2])], "lower rank"),
    ("Broadcast", "opset3", {"mode": "bidirectional"}, [F("f32", (3, 2)), V([4, 1])], "cannot broadcast"),
    ("Broadcast", "opset3", {"mode": "explicit"}, [F("f32", (3, 2)), V([2, 4, 3]), V([2, 0])], "increasing"),
    ("Broadcast", "opset1", {"mode": "explicit"}, [F("f32", (3,)), V([2, 4]), V([1])], "cannot broadcast"),
    ("Broadcast", "opset3", {"mode": "explicit"}, [F("f32", (3,)), V([3, 4]), V([2])], "out of range"),
    # Slice-8 and StridedSlice-1
    ("Slice", "opset8", {}, [F("f32", (4, 5)), V([0]), V([2]), V([0])], "step"),
    ("Slice", "opset8", {}, [F("f32", (4, 5)), V([0, 0]), V([2, 2]), V([1, 1]), V([1, -1])], "repeat"),
    ("Slice", "opset8", {}, [F("f32", (4, 5)), V([0]), V([2]), V([1]), V([2])], "out of range"),
    ("Slice", "opset8", {}, [F("f32", (4, 5)), V([0]), V([2, 3]), V([1])], "one length"),
    (
        "StridedSlice",
        "opset1",
        {"begin_mask": (0,), "end_mask": (0,), "shrink_axis_mask": (1,)},
        [F("f32", (4, 5)), V([4]), V([5]), V([1])],
        "out of",
    ),
    (
        "StridedSlice",
        "opset1",
        {"begin_mask": (0, 0, 0), "end_mask": (0, 0, 0)},
        [F("f32", (4, 5)), V([0, 0, 0]), V([1, 1, 1]), V([1, 1, 1])],
        "slices 3 dims",
    ),
    (
        "StridedSlice",
        "opset1",
        {"begin_mask": (0,), "end_mask": (0,)},
        [F("f32", (4, 5)), V([0]), V([1]), V([0])],
        "stride",
    ),
    (
        "StridedSlice",
        "opset1",
        {"begin_mask": (0, 0), "end_mask": (0, 0), "ellipsis_mask": (1, 1)},
        [F("f32", (4, 5)), V([0, 0]), V([1, 1]), V([1, 1])],
        "ellipsis",
    ),
    # Range and ShapeOf
    ("Range", "opset4", {"output_type": element_type("i32")}, [V(0), V(5), V(0)], "step"),
    ("Range", "opset1", {}, [V(0.0, "f32"), V(1.0, "f32"), V(0.0, "f32")], "step"),
    ("Range", "opset4", {"output_type": element_type("f32")}, [V(0), V([5, 6]), V(1)], "scalar"),
    ("Range", "opset4", {"output_type": element_type("f32")}, [V(0), V([5]), V(1)], "scalar"),
    ("Range", "opset1", {}, [V(0, "i32"), V(5), V(1, "i32")], "one element type"),
    ("Range", "opset1", {}, [V(False, "boolean"), V(True, "boolean"), V(True, "boolean")], "numeric"),
]


@pytest.mark.parametrize("type_,version,attrs,ins,match", ERRORS, ids=[f"{e[0]}-{i}" for i, e in enumerate(ERRORS)])
def test_infer_error_paths(type_, version, attrs, ins, match):
    with pytest.raises(ValidationError, match=match):
        layer_facts(op(type_, version, **attrs), ins)


@pytest.mark.parametrize(
    "type_,version,raw",
    [
        ("ShapeOf", "opset3", {"output_type": "f32"}),
        ("StridedSlice", "opset1", {"begin_mask": "2", "end_mask": "0"}),
        ("StridedSlice", "opset1", {"begin_mask": "0,0", "end_mask": "0"}),
        ("Broadcast", "opset3", {"mode": "sideways"}),
        ("Broadcast", "opset1", {"mode": "bidirectional"}),
        ("Reshape", "opset1", {}),
        ("Range", "opset4", {"output_type": "boolean"}),
    ],
)
def test_bad_attributes_are_refused(type_, version, raw):
    with pytest.raises(ValidationError):
        lookup(type_, version)(raw)


def test_infer_keeps_partial_knowledge():
    """With unknown dims, infer says what it can, as OpenVINO does."""
    squeeze, unsqueeze = op("Squeeze", "opset1"), op("Unsqueeze", "opset1")
    # A dim that might be 1 is dropped by an explicit axis; without axes the rank is unknown.
    assert layer_facts(squeeze, [F("f32", (None, 3)), V([0])])[0].shape == (Dim(3, 3),)
    assert layer_facts(squeeze, [F("f32", (None, 3))])[0].shape is None
    assert layer_facts(squeeze, [F("f32", (2, 3))])[0].shape == (Dim(2, 2), Dim(3, 3))
    # One unknown axis: rank drops by one if some dim could be 1.
    assert layer_facts(squeeze, [F("f32", (2, None)), F("i64", (1,))])[0].shape == (DYN,)
    assert layer_facts(squeeze, [F("f32", (2, 3)), F("i64", (1,))])[0].shape == (Dim(2, 2), Dim(3, 3))
    assert layer_facts(unsqueeze, [F("f32", (None, 3)), F("i64", (1,))])[0].shape == (DYN, DYN, DYN)
    assert layer_facts(unsqueeze, [F("f32", (None, 3)), V([-1, 0])])[0].shape == (Dim(1, 1), DYN, Dim(3, 3), Dim(1, 1))
    reshape = op("Reshape", "opset1", special_zero=True)
    assert layer_facts(reshape, [F("f32", (None, 3, 4)), V([0, -1])])[0].shape == (DYN, Dim(12, 12))
    assert layer_facts(reshape, [F("f32", None), V([0, 6, -1])])[0].shape == (DYN, Dim(6, 6), DYN)
    gather = op("Gather", "opset8", batch_dims=0)
    assert layer_facts(gather, [F("f32", (None, 5)), F("i32", (2, 2)), V(1)])[0].shape == (DYN, Dim(2, 2), Dim(2, 2))
    sl = op("Slice", "opset8")
    assert layer_facts(sl, [F("f32", (None, 5)), V([1]), V([-1]), V([1]), V([-1])])[0].shape == (DYN, Dim(3, 3))
    # Values are carried through shape arithmetic so later shapes stay exact.
    shape_of = op("ShapeOf", "opset3", output_type=element_type("i32"))
    fact = layer_facts(shape_of, [F("f32", (2, 7))])[0]
    assert fact.value.tolist() == [2, 7] and fact.value.dtype == np.int32
