"""INFERENCE_PRECISION_HINT=f32: a half-precision model computed in f32 as OpenVINO's CPU plugin
computes it under that hint; without the hint, each op as its spec says (f16 results rounded)."""

import numpy as np
import openvino as ov
import pytest
from openvino import opset13 as ops

from irexec.api.core import Core
from irexec.api.precision import computed_in_f32, wants_f32

HINT = {"INFERENCE_PRECISION_HINT": "f32"}


@pytest.fixture(scope="module")
def half_model(tmp_path_factory):
    """Two f16 MatMuls around a tanh, a sum of the result, a Convert to f16 and back inside."""
    rng = np.random.default_rng(0)
    w = rng.standard_normal((64, 64)).astype(np.float16)
    x = ops.parameter([4, 64], np.float16, name="x")
    x.output(0).set_names({"tokens"})
    h = ops.matmul(x, ops.constant(w), False, False)
    h = ops.tanh(ops.add(h, ops.constant(np.float16(0.1))))
    h = ops.matmul(h, ops.constant(w.T.copy()), False, False)
    h.output(0).set_names({"hidden"})
    s = ops.reduce_sum(h, np.array([1]), True)
    back = ops.convert(ops.convert(ops.multiply(s, np.float16(1.001)), "f32"), "f16")
    m = ov.Model([ops.result(h), ops.result(ops.convert(s, "f32")), ops.result(back)], [x], "half")
    path = str(tmp_path_factory.mktemp("half") / "half.xml")
    ov.save_model(m, path, compress_to_fp16=False)
    feed = rng.standard_normal((4, 64)).astype(np.float16)
    plugin = ov.Core().compile_model(path, "CPU", HINT)({0: feed})
    return path, feed, [np.asarray(v) for v in plugin.to_tuple()]


def test_f32_mode_computes_as_the_plugin_does(half_model):
    path, feed, plugin = half_model
    model = Core().read_model(path)
    got = computed_in_f32(model).infer({"tokens": feed})
    spec = model.infer({"tokens": feed})
    # The first output is the same to the bit; sums over 64 values may differ in their order.
    np.testing.assert_array_equal(got[0], plugin[0])
    np.testing.assert_allclose(got[1], plugin[1], rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(got[2].astype(np.float32), plugin[2].astype(np.float32), rtol=1e-3)
    # The spec's f16 rounding after each op moves the values away from the plugin's.
    assert np.abs(spec[0].astype(np.float32) - plugin[0].astype(np.float32)).max() > 1e-3


def test_the_interface_keeps_its_types_and_names(half_model):
    path, feed, plugin = half_model
    model = computed_in_f32(Core().read_model(path))
    assert [(i.get_element_type().name, sorted(i.get_names())) for i in model.inputs] == [("f16", ["tokens"])]
    assert [o.get_element_type().name for o in model.outputs] == [p.dtype.name.replace("float", "f") for p in plugin]
    assert "hidden" in model.outputs[0].get_names()
    inside = {layer.type: layer.outputs[0].etype.name for layer in model.graph.layers.values() if layer.type == "Tanh"}
    assert inside == {"Tanh": "f32"}


def test_a_model_without_half_precision_is_left_as_it_is():
    model = Core().read_model("models/kv_cache_update.xml")
    assert computed_in_f32(model) is model


@pytest.mark.parametrize(
    "config, wanted",
    [
        ({"INFERENCE_PRECISION_HINT": "f32"}, True),
        ({"INFERENCE_PRECISION_HINT": ov.Type.f32}, True),
        ({"INFERENCE_PRECISION_HINT": "f16"}, False),
        ({}, False),
        (None, False),
    ],
)
def test_the_hint_is_read_as_openvino_spells_it(config, wanted):
    assert wants_f32(config) is wanted


def _stateful_half(budget: int):
    """f16 input ``x`` and f32 input ``y``; a variable of f16 accumulating x + 1.5 * y; the output f16."""
    from irexec.api.building import constant, make_node, parameter
    from irexec.api.model import Model

    x = parameter([2, 4], np.float16, "x")
    y = parameter([2, 4], np.float32, "y")
    init = constant(np.zeros((2, 4), np.float16), name="zeros")
    read = make_node(
        "ReadValue", "opset6", [init], {"variable_id": "acc", "variable_type": "f16", "variable_shape": [2, 4]}, "read"
    )
    step = make_node(
        "Multiply",
        "opset1",
        [make_node("Convert", "opset1", [y], {"destination_type": "f16"}, "y16"), constant(np.float16(1.5), name="k")],
        name="scaled",
    )
    total = make_node("Add", "opset1", [make_node("Add", "opset1", [read, x], name="plus_x"), step], name="total")
    assign = make_node("Assign", "opset6", [total], {"variable_id": "acc"}, "write")
    return Model([total], [x, y], "acc_model", sinks=[assign], max_tensor_bytes=budget)


def test_a_stateful_model_keeps_its_names_variables_and_budget_in_f32():
    model = _stateful_half(1 << 20)
    f32 = computed_in_f32(model)
    assert (f32.name, f32.max_tensor_bytes) == ("acc_model", 1 << 20)
    names = {layer.name: layer for layer in f32.graph.layers.values()}
    for layer in model.graph.layers.values():
        assert layer.name in names and names[layer.name].version == layer.version
    # One Convert widens x where it enters, one narrows the output where it leaves; y is f32 already.
    added = [
        layer for layer in f32.graph.layers.values() if layer.name not in {l.name for l in model.graph.layers.values()}
    ]
    assert sorted((layer.type, layer.outputs[0].etype.name) for layer in added) == [
        ("Convert", "f16"),
        ("Convert", "f32"),
    ]
    assert names["read"].attrs["variable_type"] == "f32" and names["y16"].attrs["destination_type"] == "f32"
    assert [layer.type for layer in f32.graph.layers.values()].count("Assign") == 1
    assert [(str(i.get_partial_shape()), i.get_element_type().name) for i in f32.inputs] == [
        ("[2,4]", "f16"),
        ("[2,4]", "f32"),
    ]
    named_x = [p for layer in f32.graph.layers.values() for p in layer.outputs if "x" in p.names]
    assert len(named_x) == 1 and named_x[0].etype.name == "f16"  # (on the input, not on its widening)
    # The variable carries over, computed in f32: 0.1 added three times is not f16's three roundings.
    x = np.full((2, 4), 0.1, np.float16)
    y = np.full((2, 4), 0.25, np.float32)
    request = f32.create_infer_request()
    outs = [request.infer({"x": x, "y": y})[0] for _ in range(3)]
    want = np.float32(0)
    for out in outs:
        want = want + np.float32(x[0, 0]) + y[0, 0] * np.float32(1.5)
        assert out.dtype == np.float16
        np.testing.assert_array_equal(out, np.full((2, 4), want, np.float32).astype(np.float16))


class _Named:
    """A value naming its type by ``.name`` (irexec's element types), not by ``get_type_name``."""

    def __init__(self, name):
        self.name = name


@pytest.mark.parametrize(
    "hint, wanted",
    [(_Named("f32"), True), (_Named("f16"), False), ("FP32", True), (" float32 ", True), ("bf16", False)],
)
def test_the_hint_is_read_from_a_name_too(hint, wanted):
    assert wants_f32({"INFERENCE_PRECISION_HINT": hint}) is wanted
