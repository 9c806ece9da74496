"""Model and node introspection as OpenVINO's Python API gives it: ports (names, index, node,
shapes, types, targets, equality), nodes (type names, attributes, ports, a Constant's data), the
model's own queries (parameters, results, sinks, indices, clone, is_dynamic) and its runtime
information (the IR's <rt_info>: RTMap and OVAny). Each test makes the same calls on OpenVINO
and on irexec over the same IR files, written here with OpenVINO's opsets."""

from __future__ import annotations

import math
import os
import re

import numpy as np
import pytest

import irexec

ov = pytest.importorskip("openvino")
ops = pytest.importorskip("openvino.opset13")
opset1 = pytest.importorskip("openvino.opset1")
opset6 = pytest.importorskip("openvino.opset6")

RT_INFO = {
    ("MO_version",): "2023.3",
    ("runtime_options", "KV_CACHE_PRECISION"): "f16",
    ("optimum", "transformers_version"): "4.45.2",
    ("optimum", "optimum_intel_version"): "1.20",
    ("optimum", "nested", "deeper"): "x y",
    ("conversion_parameters", "framework"): "pytorch",
    ("conversion_parameters", "is_python_object"): "True",
}


def _introspect() -> object:
    """Two inputs (one of two tensor names, one dynamic), a Constant of each kind, types whose
    OpenVINO class is named otherwise than in the IR (Const, PReLU, SoftMax), a two-output TopK,
    a variable (ReadValue/Assign), outputs of one and of two names."""
    x = ops.parameter([1, 3, 4], ov.Type.f32, name="x")
    x.output(0).set_names({"x", "input_a"})
    y = ops.parameter([-1, 3, 4], ov.Type.f32, name="y_layer")
    w = ops.constant(np.arange(12, dtype=np.float32).reshape(3, 4), name="w")
    add = ops.add(x, w, name="add1")
    add.output(0).set_names({"sum", "z"})
    relu = ops.relu(ops.multiply(y, w, name="mul"), name="relu")
    prelu = ops.prelu(relu, ops.constant(np.array([0.1], np.float32), name="slope"), name="prelu")
    soft = ops.softmax(opset1.softmax(prelu, 2, name="sm1"), -1, name="sm8")
    flat = ops.reshape(add, ops.constant(np.array([1, 12], np.int64), name="to_flat"), False, name="flat")
    top = ops.topk(flat, ops.constant(np.int64(3), name="k"), 1, "max", "value", ov.Type.i32, name="tk")
    as_float = ops.convert(top.output(1), ov.Type.f32, name="cv")
    picked = ops.select(ops.constant(np.array([[True, False, True]]), name="mask"), top.output(0), as_float, name="sel")
    info = ov.op.util.VariableInfo()
    info.data_shape, info.data_type, info.variable_id = ov.PartialShape([-1, 3]), ov.Type.f32, "state"
    variable = ov.op.util.Variable(info)
    state = opset6.read_value(ops.constant(np.zeros((1, 3), np.float32), name="init"), variable, name="rv")
    total = ops.add(state, picked, name="total")
    sink = opset6.assign(total, variable, name="keep")
    results = [
        ops.result(add, name="res_sum"),
        ops.result(soft, name="res_soft"),
        ops.result(total, name="res_total"),
        ops.result(top.output(1), name="res_idx"),
    ]
    model = ov.Model(results, [sink], [x, y], "introspect")
    for path, value in RT_INFO.items():
        model.set_rt_info(value, list(path))
    return model


def _static() -> object:
    x = ops.parameter([1, 3], ov.Type.f32, name="x")
    return ov.Model([ops.result(ops.relu(x, name="r"), name="out")], [x], "static")


def _inner_dynamic() -> object:
    # Static at both ends, dynamic inside (NonZero's count).
    x = ops.parameter([2, 3], ov.Type.f32, name="x")
    return ov.Model([ops.result(ops.shape_of(ops.non_zero(x), name="s"), name="out")], [x], "inner")


@pytest.fixture(scope="module")
def paths(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("introspection")
    out = {}
    for name, make in (("introspect", _introspect), ("static", _static), ("inner", _inner_dynamic)):
        out[name] = str(folder / f"{name}.xml")
        ov.save_model(make(), out[name], compress_to_fp16=False)
    # A port without tensor names (OpenVINO's save_model always writes some): written by hand.
    out["unnamed"] = str(folder / "unnamed.xml")
    with open(out["unnamed"], "w") as f:
        f.write(_UNNAMED)
    return out


_UNNAMED = """<?xml version="1.0"?>
<net name="unnamed" version="11">
<layers>
<layer id="0" name="p" type="Parameter" version="opset1"><data shape="2,3" element_type="f32"/>
<output><port id="0" precision="FP32"><dim>2</dim><dim>3</dim></port></output></layer>
<layer id="1" name="r" type="ReLU" version="opset1">
<input><port id="0" precision="FP32"><dim>2</dim><dim>3</dim></port></input>
<output><port id="1" precision="FP32"><dim>2</dim><dim>3</dim></port></output></layer>
<layer id="2" name="out" type="Result" version="opset1">
<input><port id="0" precision="FP32"><dim>2</dim><dim>3</dim></port></input></layer>
</layers>
<edges>
<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
</edges>
</net>
"""


def _read(path: str) -> tuple:
    """(OpenVINO's model, irexec's) of one file."""
    return ov.Core().read_model(path), irexec.Core().read_model(path)


@pytest.fixture(scope="module")
def both(paths) -> tuple:
    """The introspection model, read by each (for the tests that change nothing)."""
    return _read(paths["introspect"])


def _outcome(call):
    """What a call gives: its value, or the built-in class of what it raised."""
    try:
        return ("value", call())
    except RuntimeError:
        return ("raises", RuntimeError)
    except IndexError:
        return ("raises", IndexError)
    except TypeError:
        return ("raises", TypeError)


def _nodes(model) -> dict:
    return {n.get_friendly_name(): n for n in model.get_ops()}


def _shape(call) -> tuple:
    """A static shape's sizes as a list, or that it raised (a dynamic one)."""
    got = _outcome(call)
    return ("value", list(got[1])) if got[0] == "value" else got


def _type(t) -> str:
    return t.get_type_name()


# ---- ports ----------------------------------------------------------------------------------------


def test_ports_are_named_as_openvino_names_them(both):
    want, got = both
    for theirs, ours in zip(want.inputs + want.outputs, got.inputs + got.outputs, strict=True):
        assert (ours.get_any_name(), ours.any_name, ours.get_names(), set(ours.names)) == (
            theirs.get_any_name(),
            theirs.any_name,
            theirs.get_names(),
            theirs.names,
        )
        assert (ours.get_index(), ours.index) == (theirs.get_index(), theirs.index) == (0, 0)
    # Of two names, the least: an input's name is its tensor's, not its layer's.
    assert got.input(0).get_any_name() == "input_a" and got.output(0).get_any_name() == "sum"


def test_a_port_without_names_has_no_any_name(paths):
    want, got = _read(paths["unnamed"])
    for theirs, ours in ((want.input(0), got.input(0)), (want.output(0), got.output(0))):
        assert ours.get_names() == theirs.get_names() == set()
        assert _outcome(ours.get_any_name) == _outcome(theirs.get_any_name) == ("raises", RuntimeError)
    assert got.get_ordered_ops()[1].get_type_name() == want.get_ordered_ops()[1].get_type_name() == "Relu"


def test_a_models_ports_belong_to_its_parameters_and_results(both):
    want, got = both
    for theirs, ours in zip(want.inputs + want.outputs, got.inputs + got.outputs, strict=True):
        for t, o in ((theirs.get_node(), ours.get_node()), (theirs.node, ours.node)):
            assert (o.get_type_name(), o.get_friendly_name()) == (t.get_type_name(), t.get_friendly_name())
    assert {p.get_node().get_type_name() for p in got.outputs} == {"Result"}


def test_ports_give_shapes_and_types_as_openvino_does(both):
    want, got = both
    for theirs, ours in zip(want.inputs + want.outputs, got.inputs + got.outputs, strict=True):
        assert str(ours.get_partial_shape()) == str(ours.partial_shape) == str(theirs.get_partial_shape())
        assert _shape(ours.get_shape) == _shape(theirs.get_shape)
        assert _type(ours.get_element_type()) == _type(theirs.get_element_type())
        if theirs.get_partial_shape().is_static:
            assert np.zeros(ours.get_shape()).shape == np.zeros(theirs.get_shape()).shape
    assert _outcome(got.input(1).get_shape) == ("raises", RuntimeError)  # (y is [?,3,4])


def test_an_inputs_targets_are_the_ports_it_feeds(both):
    want, got = both

    def targets(port) -> set:
        return {
            (t.get_node().get_friendly_name(), t.get_index(), str(t.get_partial_shape()))
            for t in port.get_target_inputs()
        }

    for theirs, ours in zip(want.inputs + want.outputs, got.inputs + got.outputs, strict=True):
        assert targets(ours) == targets(theirs)
    assert targets(got.input(0)) == {("add1", 0, "[1,3,4]")} and targets(got.output(0)) == set()


def test_ports_are_equal_to_every_view_of_them(both):
    want, got = both

    def facts(m) -> list:
        results, params = m.get_results(), m.get_parameters()
        return [
            m.outputs[0] == results[0].output(0),
            hash(m.outputs[0]) == hash(results[0].output(0)),
            m.output(1) == m.outputs[1],
            m.inputs[0] == params[0].output(0),
            m.inputs[0] == m.inputs[1],
            m.outputs[0] == results[0].input_value(0),  # (the Result's, not the port feeding it)
            params[0].output(0) in {m.input(0)},
        ]

    assert facts(got) == facts(want) == [True, True, True, True, False, False, True]


def test_results_are_keyed_by_the_compiled_models_ports(both):
    want, got = both
    feeds = {"x": np.linspace(-1, 1, 12, dtype=np.float32).reshape(1, 3, 4), "y_layer": np.ones((2, 3, 4), np.float32)}
    theirs = ov.Core().compile_model(want, "CPU")
    ours = irexec.Core().compile_model(got, "CPU")
    t, o = theirs(feeds), ours(feeds)
    for k in range(len(want.outputs)):
        np.testing.assert_allclose(o[ours.output(k)], t[theirs.output(k)], rtol=1e-6)
        np.testing.assert_allclose(o[got.outputs[k]], t[theirs.output(k)], rtol=1e-6)


def _repr_parts(text: str) -> tuple:
    """A port's printed form with its names as a set (OpenVINO prints them in hash order)."""
    m = re.fullmatch(r"<(\w+): names\[([^\]]*)\] (.*)>", text)
    assert m, text
    return m.group(1), set(m.group(2).split(", ")) - {""}, m.group(3)


def test_ports_print_as_openvinos(both, paths):
    want, got = both
    for theirs, ours in zip(want.inputs + want.outputs, got.inputs + got.outputs, strict=True):
        assert _repr_parts(repr(ours)) == _repr_parts(repr(theirs))
    want, got = _read(paths["unnamed"])
    assert repr(got.input(0)) == repr(want.input(0)) == "<Output: names[] shape[2,3] type: f32>"


# ---- nodes ----------------------------------------------------------------------------------------


def test_the_models_nodes_are_openvinos(both):
    want, got = both
    theirs, ours = _nodes(want), _nodes(got)
    assert set(ours) == set(theirs)
    for name, t in theirs.items():
        o = ours[name]
        assert (o.get_type_name(), o.get_type_info().name, o.get_type_info().version_id) == (
            t.get_type_name(),
            t.get_type_info().name,
            t.get_type_info().version_id,
        ), name
        assert repr(o) == repr(t)
        assert o.get_name().startswith(o.get_type_name() + "_") and t.get_name().startswith(t.get_type_name() + "_")
    assert {ours[n].get_type_name() for n in ("w", "prelu", "sm1", "sm8")} == {"Constant", "PRelu", "Softmax"}


CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "corpus")


@pytest.mark.parametrize("name", ["bart", "lstm_gru", "loop_decoder", "vad_if", "llama_stateful"])
def test_the_committed_models_nodes_are_openvinos(name):
    # Of many op types: the recurrent ops' listed attributes, the choices OpenVINO spells in capitals
    # (MVN, Gelu), the ops with bodies, variables. (Shapes aside: OpenVINO infers them again on
    # reading, irexec gives the ports as the IR declares them.)
    want, got = _read(os.path.join(CORPUS, name + ".xml"))
    ours = _nodes(got)
    assert len(ours) == len(want.get_ops())
    for node in want.get_ops():
        mine = ours[node.get_friendly_name()]
        assert (mine.get_type_name(), mine.get_type_info().version_id) == (
            node.get_type_name(),
            node.get_type_info().version_id,
        )
        assert _typed(mine.get_attributes()) == _typed(node.get_attributes()), node.get_friendly_name()
        assert (mine.get_input_size(), mine.get_output_size()) == (node.get_input_size(), node.get_output_size())
        assert repr(mine).split(" (")[0] == repr(node).split(" (")[0]


def test_ordered_ops_come_after_what_feeds_them(both):
    _, got = both
    ordered = got.get_ordered_ops()
    place = {n.get_friendly_name(): k for k, n in enumerate(ordered)}
    assert len(place) == len(got.get_ops())
    for node in ordered:
        for source in node.input_values():
            assert place[source.get_node().get_friendly_name()] < place[node.get_friendly_name()]


def _typed(attrs: dict) -> dict:
    return {k: (type(v).__name__, v) for k, v in attrs.items()}


def test_attributes_are_openvinos_values(both):
    want, got = both
    ours = _nodes(got)
    for name, node in _nodes(want).items():
        assert _typed(ours[name].get_attributes()) == _typed(node.get_attributes()), name
    # Of each kind: a shape with a dynamic dim, an element type, a bool, an int, a string.
    assert ours["y_layer"].get_attributes() == {"shape": [-1, 3, 4], "element_type": "f32"}
    assert ours["rv"].get_attributes()["variable_shape"] == [-1, 3]


def test_node_ports_are_openvinos(both):
    want, got = both
    ours = _nodes(got)

    def ports(n) -> tuple:
        return (
            n.get_input_size(),
            n.get_output_size(),
            [str(i.get_partial_shape()) for i in n.inputs()],
            [_type(i.get_element_type()) for i in n.inputs()],
            [str(n.get_input_partial_shape(k)) for k in range(n.get_input_size())],
            [(v.get_node().get_friendly_name(), v.get_index()) for v in n.input_values()],
            [(n.input(k).get_node().get_friendly_name(), n.input(k).get_index()) for k in range(n.get_input_size())],
            [n.input(k).get_source_output() == n.input_value(k) for k in range(n.get_input_size())],
            [str(n.get_output_partial_shape(k)) for k in range(n.get_output_size())],
            [_type(n.get_output_element_type(k)) for k in range(n.get_output_size())],
            [_shape(lambda k=k: n.get_output_shape(k)) for k in range(n.get_output_size())],
            [str(o.get_partial_shape()) for o in n.outputs()],
            [o.get_index() for o in n.outputs()],
            _outcome(lambda: n.input(n.get_input_size())),
            _outcome(lambda: n.output(n.get_output_size()))[0],
        )

    for name, node in _nodes(want).items():
        assert ports(ours[name]) == ports(node), name
    assert ours["tk"].get_output_size() == 2 and _type(ours["tk"].get_output_element_type(1)) == "i32"
    assert _outcome(lambda: ours["add1"].input(2)) == ("raises", RuntimeError)


def test_a_constants_data_is_openvinos(both):
    want, got = both
    ours = _nodes(got)
    constants = [n for n in _nodes(want).values() if n.get_type_name() == "Constant"]
    assert {n.get_element_type().get_type_name() for n in constants} >= {"f32", "i64", "boolean"}
    for node in constants:
        mine = ours[node.get_friendly_name()]
        for theirs, data in ((node.get_data(), mine.get_data()), (node.data, mine.data)):
            assert data.dtype == theirs.dtype and data.shape == theirs.shape
            np.testing.assert_array_equal(data, theirs)
            assert not data.flags.writeable and not theirs.flags.writeable
        assert mine.get_vector().dtype == node.get_vector().dtype  # (booleans as int8)
        np.testing.assert_array_equal(mine.get_vector(), node.get_vector())
        assert _type(mine.get_element_type()) == _type(node.get_element_type())
    assert _outcome(ours["add1"].get_data) == ("raises", RuntimeError)


def test_a_parameter_gives_its_type_and_shape(both):
    want, got = both
    for theirs, ours in zip(want.get_parameters(), got.get_parameters(), strict=True):
        assert (_type(ours.get_element_type()), _type(ours.element_type)) == (
            _type(theirs.get_element_type()),
            _type(theirs.element_type),
        )
        assert (str(ours.get_partial_shape()), str(ours.partial_shape)) == (
            str(theirs.get_partial_shape()),
            str(theirs.partial_shape),
        )


def test_a_node_is_renamed_in_its_model(paths):
    want, got = _read(paths["introspect"])
    for model in (want, got):
        node = _nodes(model)["relu"]
        node.set_friendly_name("renamed")
        assert node.get_friendly_name() == node.friendly_name == "renamed"
        _nodes(model)["sm8"].friendly_name = "also"
    assert sorted(_nodes(got)) == sorted(_nodes(want))
    assert {"renamed", "also"} <= set(_nodes(got)) and "relu" not in _nodes(got)


# ---- the model ------------------------------------------------------------------------------------


def _names(nodes) -> list:
    return [(n.get_type_name(), n.get_friendly_name()) for n in nodes]


def test_the_models_parameters_results_and_sinks(both):
    want, got = both
    for m in (want, got):
        assert _names(m.get_parameters()) == _names(m.parameters)
    assert _names(got.get_parameters()) == _names(want.get_parameters())
    assert _names(got.get_results()) == _names(want.get_results())
    assert _names(got.get_sinks()) == _names(want.get_sinks())
    assert [n.get_type_name() for n in got.sinks] == ["Assign"]
    assert got.get_output_size() == want.get_output_size() == 4
    assert [_names([got.get_output_op(k)]) for k in range(4)] == [_names([want.get_output_op(k)]) for k in range(4)]


def test_get_result_is_for_a_model_of_one_output(both, paths):
    want, got = both
    assert _outcome(got.get_result) == _outcome(want.get_result) == ("raises", RuntimeError)
    want, got = _read(paths["static"])
    assert _names([got.get_result()]) == _names([want.get_result()]) == [("Result", "out")]


def test_parameter_and_result_indices(both):
    want, got = both

    def indices(m, other) -> list:
        params, results = m.get_parameters(), m.get_results()
        return [
            [m.get_parameter_index(p) for p in params],
            m.get_parameter_index(other.get_parameters()[0]),  # (another model's)
            [m.get_result_index(o) for o in m.outputs],
            [m.get_result_index(r.output(0)) for r in results],
            [m.get_result_index(r.input_value(0)) for r in results],  # (the port feeding a Result)
            m.get_result_index(m.inputs[0]),
            _outcome(lambda: m.get_parameter_index(results[0]))[0],
        ]

    assert indices(got, got.clone()) == indices(want, want.clone())
    assert indices(got, got.clone())[:3] == [[0, 1], -1, [0, 1, 2, 3]]


def test_ports_by_tensor_name_and_index(both):
    want, got = both
    for side in ("input", "output"):
        theirs_side, ours_side = getattr(want, side), getattr(got, side)
        for port in getattr(want, side + "s"):
            for name in port.get_names():
                assert ours_side(name).get_any_name() == theirs_side(name).get_any_name()
        for k in range(len(getattr(want, side + "s"))):
            assert ours_side(k).get_names() == theirs_side(k).get_names()
        assert _outcome(lambda f=ours_side: f("no such")) == _outcome(lambda f=theirs_side: f("no such"))
        assert _outcome(ours_side) == _outcome(theirs_side) == ("raises", RuntimeError)
    assert _outcome(lambda: got.output("x")) == _outcome(lambda: want.output("x")) == ("raises", RuntimeError)


def test_an_outputs_type_and_shape(both):
    want, got = both
    for k in range(4):
        assert _type(got.get_output_element_type(k)) == _type(want.get_output_element_type(k))
        assert str(got.get_output_partial_shape(k)) == str(want.get_output_partial_shape(k))
        assert _shape(lambda k=k: got.get_output_shape(k)) == _shape(lambda k=k: want.get_output_shape(k))
    assert _outcome(lambda: got.get_output_shape(2)) == ("raises", RuntimeError)  # ([?,3])


def test_the_models_names(paths):
    want, got = _read(paths["introspect"])
    for m in (want, got):
        assert m.get_friendly_name() == m.friendly_name == "introspect"
        assert re.fullmatch(r"Model\d+", m.get_name())
        m.set_friendly_name("other")
    assert got.get_friendly_name() == want.get_friendly_name() == "other"
    assert got.get_name() == got.get_name() != got.clone().get_name()


@pytest.mark.parametrize("name", ["static", "introspect", "inner"])
def test_is_dynamic_looks_inside_the_model(paths, name):
    want, got = _read(paths[name])
    assert got.is_dynamic() == want.is_dynamic() == (name != "static")


def test_a_clone_is_independent(paths):
    want, got = _read(paths["static"])
    for m in (want, got):
        twin = m.clone()
        twin.reshape({"x": [4, 3]})
        twin.set_rt_info("changed", "MO_version")
        twin.set_friendly_name("twin")
        twin.get_ordered_ops()[1].set_friendly_name("r2")
    for m in (want, got):
        twin = m.clone()
        assert str(twin.input(0).get_partial_shape()) == "[1,3]"
        twin.reshape([5, 3])
        assert (str(m.input(0).get_partial_shape()), str(twin.output(0).get_partial_shape())) == ("[1,3]", "[5,3]")
        assert m.get_friendly_name() == "static" and "r" in _nodes(m) and not m.has_rt_info("MO_version")
        assert twin.input(0) != m.input(0)
    x = np.arange(3, dtype=np.float32).reshape(1, 3) - 1
    np.testing.assert_array_equal(got.infer({"x": x})[0], np.maximum(x, 0))
    np.testing.assert_array_equal(got.clone().infer([x])[0], np.maximum(x, 0))


# ---- runtime information --------------------------------------------------------------------------


def _tree(info) -> dict:
    """An RTMap (or a dict of OVAny) as plain values."""
    return {k: _tree(v) if isinstance(v, dict) else v.value for k, v in info.items()}


def test_the_runtime_information_is_the_irs(both):
    want, got = both
    theirs, ours = want.get_rt_info(), got.get_rt_info()
    assert list(ours.keys()) == list(theirs.keys())
    assert len(ours) == len(theirs) and ("optimum" in ours) == ("optimum" in theirs) == True  # noqa: E712
    assert _tree(ours) == _tree(theirs) and _tree(got.rt_info) == _tree(want.rt_info)
    assert repr(ours) == repr(theirs) == "<RTMap>"
    assert type(ours["optimum"]) is dict and _tree(ours["optimum"]) == _tree(theirs["optimum"])
    assert ours["version"].value == theirs["version"].value == 11
    # (As optimum-intel's tests read it: a nested entry's OVAny compared with the str.)
    assert ours["optimum"]["transformers_version"] == theirs["optimum"]["transformers_version"] == "4.45.2"


@pytest.mark.parametrize("path", sorted(RT_INFO), ids=lambda p: "/".join(p))
def test_an_entry_by_its_path(both, path):
    want, got = both
    keys = list(path)
    theirs, ours = want.get_rt_info(keys), got.get_rt_info(keys)
    assert ours.value == theirs.value == RT_INFO[path]
    assert ours.astype(str) == theirs.astype(str) and ours.get() == theirs.get()
    assert (ours == RT_INFO[path]) is (theirs == RT_INFO[path]) is True
    assert (ours == "other") is (theirs == "other") is False
    assert str(ours) == repr(ours) == str(theirs) == "<OVAny class>"
    assert got.has_rt_info(keys) and want.has_rt_info(keys)
    if len(keys) == 1:
        assert got.get_rt_info(keys[0]).value == want.get_rt_info(keys[0]).value


def test_a_nested_entry_is_a_dict(both):
    want, got = both
    for path in (["runtime_options"], "optimum", ["optimum", "nested"]):
        assert got.get_rt_info(path).value == want.get_rt_info(path).value
        assert got.get_rt_info(path).astype(str) == want.get_rt_info(path).astype(str)
        assert got.has_rt_info(path) and want.has_rt_info(path)
    assert got.get_rt_info("runtime_options").value == {"KV_CACHE_PRECISION": "f16"}


def test_missing_entries(both):
    want, got = both
    for path in ("nope", ["runtime_options", "nope"], ["nope", "deeper"], ["MO_version", "below_a_value"]):
        assert _outcome(lambda p=path: got.get_rt_info(p)) == _outcome(lambda p=path: want.get_rt_info(p))
        assert _outcome(lambda p=path: got.has_rt_info(p)) == _outcome(lambda p=path: want.has_rt_info(p))
    assert _outcome(lambda: got.has_rt_info(["MO_version", "x"])) == ("raises", RuntimeError)
    assert got.has_rt_info(["runtime_options", "nope"]) is want.has_rt_info(["runtime_options", "nope"]) is False


TEXTS = ["2.0", "abc", "1", "0", "true", "True", "YES", "no", "off", "on", "false", "1 2 3", "1,2,3", "-7", " 3",
         "3x", "1e3", "", " ", "inf", "-inf", "nan", "0x10", "12abc", "+5", ".5", "1.5.5", "Infinity", "y",
         "99999999999999999999", "  -3.5e2xyz"]  # fmt: skip


def _converted(any_value) -> list:
    out = []
    for kind in (str, int, float, bool):
        got = _outcome(lambda kind=kind: any_value.astype(kind))
        if got[0] == "value" and isinstance(got[1], float) and math.isnan(got[1]):
            got = ("value", "nan")
        out.append(got)
    return out


def test_a_value_converts_as_openvinos_does(paths):
    want, got = _read(paths["static"])
    for text in TEXTS:
        want.set_rt_info(text, "k")
        got.set_rt_info(text, "k")
        assert _converted(got.get_rt_info("k")) == _converted(want.get_rt_info("k")), repr(text)
    for m in (want, got):
        m.set_rt_info("1 2 3", "k")
    for kind in (int, float):
        assert got.get_rt_info("k").aslist(kind) == want.get_rt_info("k").aslist(kind) == [1, 2, 3]


@pytest.mark.parametrize("value", [5, -3, 2.5, 1 / 3, 123456789.0, 1e-7, -0.0, True, False, ["a", "b"], [1.5, 2.0]])
def test_values_set_keep_their_type(paths, value):
    want, got = _read(paths["static"])
    want.set_rt_info(value, ["set", "here"])
    got.set_rt_info(value, ["set", "here"])
    theirs, ours = want.get_rt_info(["set", "here"]), got.get_rt_info(["set", "here"])
    assert (type(ours.value), ours.value) == (type(theirs.value), theirs.value)
    assert _converted(ours) == _converted(theirs)


def test_setting_entries(paths):
    want, got = _read(paths["introspect"])
    for m in (want, got):
        m.set_rt_info("7", ["runtime_options", "NEW"])
        m.set_rt_info({"p": "1", "q": {"r": "2"}}, "added")
        m.get_rt_info()["through_map"] = "v"
        m.rt_info["through_property"] = "w"
    for m in (want, got):
        assert m.get_rt_info(["runtime_options", "NEW"]).value == "7"
        assert m.get_rt_info(["added", "q", "r"]).value == "2"
        assert (m.get_rt_info("through_map").value, m.get_rt_info("through_property").value) == ("v", "w")
    assert _tree(got.get_rt_info()) == _tree(want.get_rt_info())
    for m in (want, got):
        assert _outcome(lambda m=m: m.set_rt_info("z", ["MO_version", "sub"])) == ("raises", RuntimeError)
        assert m.get_rt_info("MO_version").value == "2023.3"
