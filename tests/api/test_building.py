"""Building models in Python and saving them as IR, against OpenVINO: the same graph built on both
sides runs to the same values; ``save_model`` writes what OpenVINO's writes (f16 compression by the
same rule); every model irexec reads is written back and read again, by irexec and by OpenVINO,
to the same values."""

import os

import numpy as np
import openvino as ov
import pytest
from openvino import opset13 as ovops

from helpers.corpus import CORPUS, MANIFEST, corpus_inputs
from irexec.api.building import Constant, Parameter, Result, constant, make_node, parameter, result
from irexec.api.core import Core
from irexec.api.model import Model
from irexec.api.save import F16_MAX, TOO_SMALL, fits_f16, model_bytes, save_model, serialize
from irexec.errors import InputError, IRExecError

F32 = {"INFERENCE_PRECISION_HINT": "f32"}


def _ov_run(model, inputs):
    compiled = ov.Core().compile_model(model, "CPU", F32)
    return [np.asarray(v) for v in compiled(inputs).to_tuple()]


def _lenet_weights(rng):
    return {
        "c1": rng.standard_normal((4, 1, 5, 5)).astype(np.float32),
        "b1": rng.standard_normal((1, 4, 1, 1)).astype(np.float32),
        "fc": rng.standard_normal((10, 4 * 12 * 12)).astype(np.float32),
    }


def _lenet_irexec(w):
    x = parameter([2, 1, 28, 28], np.float32, "x")
    conv = make_node(
        "Convolution",
        "opset1",
        [x, w["c1"]],
        {"strides": [1, 1], "pads_begin": [0, 0], "pads_end": [0, 0], "dilations": [1, 1]},
    )
    add = make_node("Add", "opset1", [conv, w["b1"]])
    pool = make_node(
        "MaxPool",
        "opset1",
        [add],
        {"strides": [2, 2], "pads_begin": [0, 0], "pads_end": [0, 0], "kernel": [2, 2], "rounding_type": "ceil"},
    )
    flat = make_node("Reshape", "opset1", [pool, np.array([2, -1], np.int64)], {"special_zero": True})
    fc = make_node("MatMul", "opset1", [flat, w["fc"]], {"transpose_b": True})
    soft = make_node("Softmax", "opset8", [make_node("Relu", "opset1", [fc])], {"axis": 1})
    return Model(soft, [x], "lenet")


def _lenet_openvino(w):
    x = ovops.parameter([2, 1, 28, 28], np.float32, name="x")
    conv = ovops.convolution(x, ovops.constant(w["c1"]), [1, 1], [0, 0], [0, 0], [1, 1])
    add = ovops.add(conv, ovops.constant(w["b1"]))
    from openvino import opset1

    pool = opset1.max_pool(add, [2, 2], [0, 0], [0, 0], [2, 2], "ceil")
    flat = ovops.reshape(pool, ovops.constant(np.array([2, -1], np.int64)), True)
    fc = ovops.matmul(flat, ovops.constant(w["fc"]), False, True)
    return ov.Model(ovops.softmax(ovops.relu(fc), 1), [x], "lenet")


def test_a_model_built_on_both_sides_gives_the_same_values():
    rng = np.random.default_rng(0)
    w = _lenet_weights(rng)
    x = rng.standard_normal((2, 1, 28, 28)).astype(np.float32)
    mine = _lenet_irexec(w)
    theirs = _lenet_openvino(w)
    got = mine.infer({"x": x})
    want = _ov_run(theirs, {0: x})[0]
    assert [list(o.get_shape()) for o in mine.outputs] == [list(o.get_shape()) for o in theirs.outputs]
    np.testing.assert_allclose(got[0], want, rtol=1e-5, atol=1e-6)


def test_a_built_model_saved_is_read_by_openvino_to_the_same_values(tmp_path):
    rng = np.random.default_rng(1)
    w = _lenet_weights(rng)
    x = rng.standard_normal((2, 1, 28, 28)).astype(np.float32)
    mine = _lenet_irexec(w)
    serialize(mine, tmp_path / "lenet.xml")
    read_by_ov = ov.Core().read_model(str(tmp_path / "lenet.xml"))
    assert [op.get_type_name() for op in read_by_ov.get_ordered_ops()].count("Constant") == 4
    want = _ov_run(read_by_ov, {0: x})[0]
    np.testing.assert_allclose(mine.infer({"x": x})[0], want, rtol=1e-5, atol=1e-6)
    again = Core().read_model(str(tmp_path / "lenet.xml"))
    np.testing.assert_array_equal(again.infer({"x": x})[0], mine.infer({"x": x})[0])


def test_nodes_infer_their_shapes_as_openvino_nodes_do():
    x = parameter([-1, 3, 16, 16], np.float32)
    pool = make_node(
        "AvgPool",
        "opset1",
        [x],
        {"strides": [2, 2], "pads_begin": [0, 0], "pads_end": [0, 0], "kernel": [3, 3], "exclude-pad": True},
    )
    ovx = ovops.parameter([-1, 3, 16, 16], np.float32)
    ovpool = ovops.avg_pool(ovx, [2, 2], [0, 0], [0, 0], [3, 3], True)
    assert str(pool.get_output_partial_shape(0)) == str(ovpool.get_output_partial_shape(0)) == "[?,3,7,7]"
    assert pool.get_output_element_type(0).name == ovpool.get_output_element_type(0).get_type_name()


def test_arithmetic_on_nodes_builds_ops_in_both_operand_orders():
    x = parameter([3], np.float32, "x")
    one, two, four, ten = (np.float32(v) for v in (1, 2, 4, 10))
    y = (x + one) * two - x / four
    z = constant(ten) - x
    n = parameter([3], np.int64, "n")
    w = 10 - n * 3 + (7 // 7)  # (Python ints: i64 constants, on the right and on the left)
    m = Model([y, z, w], [x, n], "m")
    v = np.array([1.0, 2.0, 4.0], np.float32)
    k = np.array([1, 2, 3], np.int64)
    out = m.infer({"x": v, "n": k})
    np.testing.assert_array_equal(out[0], (v + 1) * 2 - v / 4)
    np.testing.assert_array_equal(out[1], 10 - v)
    np.testing.assert_array_equal(out[2], 10 - k * 3 + 1)
    assert [node.get_type_name() for node in (y, z, w)] == ["Subtract", "Subtract", "Add"]


def test_python_numbers_make_constants_of_openvinos_types():
    # A Python float is f64 and a Python int i64, as OpenVINO's constant() makes them; NumPy
    # scalars keep their own type. So an f32 input plus 1.5 is refused on both sides.
    assert [constant(v).get_element_type().name for v in (1.5, [1.0, 2.0], 3, np.int32(3), True, np.float16(1))] == [
        ovops.constant(v).get_element_type().get_type_name()
        for v in (1.5, [1.0, 2.0], 3, np.int32(3), True, np.float16(1))
    ]
    with pytest.raises(RuntimeError):
        ovops.parameter([3], np.float32) + 1.5
    with pytest.raises(IRExecError, match="f64"):
        parameter([3], np.float32) + 1.5


def test_tensor_names_and_friendly_names_reach_the_model():
    x = parameter([2], np.float32, "input_layer")
    x.output(0).set_names({"ids", "tokens"})
    y = make_node("Relu", "opset1", [x], name="act")
    y.output(0).set_names({"logits"})
    m = Model([result(y)], [x])
    assert m.inputs[0].get_names() == {"ids", "tokens"}
    assert m.outputs[0].get_names() == {"logits"}
    assert m.get_ordered_ops()[1].get_friendly_name() == "act"


def test_rewiring_an_input_reinfers_the_node():
    x = parameter([2, 3], np.float32, "x")
    r = make_node("Relu", "opset1", [x])
    wide = parameter([4, 3], np.float32, "wide")
    assert x.output(0).get_target_inputs() == {r.input(0)}
    r.input(0).replace_source_output(wide)
    assert list(r.get_output_shape(0)) == [4, 3]
    m = Model([r], [wide])
    assert list(m.outputs[0].get_shape()) == [4, 3]


def test_op_classes_build_nodes_of_their_class():
    p = Parameter(np.float32, [1, 2])
    c = Constant(np.float32, [1, 2], [7.0])
    r = Result(make_node("Add", "opset1", [p, c]))
    assert isinstance(p, Parameter) and isinstance(c, Constant) and isinstance(r, Result)
    np.testing.assert_array_equal(c.get_data(), [[7.0, 7.0]])
    assert c.get_type_name() == "Constant"
    with pytest.raises(InputError, match="needs 2 values"):
        Constant(np.float32, [1, 2], [1.0, 2.0, 3.0])


def test_errors_name_what_is_wrong():
    x = parameter([2, 3], np.float32, "x")
    stray = parameter([2, 3], np.float32, "stray")
    with pytest.raises(InputError, match="'stray', which is not among its parameters"):
        Model([make_node("Add", "opset1", [x, stray])], [x])
    with pytest.raises(IRExecError) as e:
        make_node("MatMul", "opset1", [x, x], name="mm")
    assert e.value.layer == "mm"
    with pytest.raises(InputError, match="no attribute axis"):
        make_node("Relu", "opset1", [x], {"axis": 1})


# ---- save_model's compression, against OpenVINO's ----


def _saved_consts(xml: bytes, weights: bytes) -> list:
    from lxml import etree

    out = []
    for layer in etree.fromstring(xml).iter("layer"):
        if layer.get("type") == "Const":
            d = layer.find("data")
            et, off, size = d.get("element_type"), int(d.get("offset")), int(d.get("size"))
            dtype = {"f16": np.float16, "f32": np.float32, "f64": np.float64}[et]
            out.append((layer.get("name").endswith("_compressed"), et, np.frombuffer(weights[off : off + size], dtype)))
    return out


def _converts(xml: bytes) -> list:
    from lxml import etree

    return sorted(
        (layer.get("name"), [(a.get("name"), a.get("version")) for a in layer.iter("attribute")])
        for layer in etree.fromstring(xml).iter("layer")
        if layer.get("type") == "Convert" and not layer.get("name").startswith("Convert_")
    )


CASES = {
    "in range": np.array([0.5, -2.0, 3.0, 0.0], np.float32),
    "one in four too large": np.array([1e6, 2, 3, 4], np.float32),
    "one in four too small": np.array([-1e6, 2, 3, 4], np.float32),
    "three in four too large": np.array([1e6, -1e6, 3e6, 4], np.float32),
    "two in four too small": np.array([1e-9, 1e-6, 3, 4], np.float32),
    "at the small bound": np.full(4, TOO_SMALL, np.float32),
    "just under it": np.full(4, np.nextafter(TOO_SMALL, np.float32(0)), np.float32),
    "nan and inf": np.array([np.nan, np.inf, -np.inf, 1], np.float32),
    "zeros": np.zeros(4, np.float32),
    "f64": np.array([1e6, 1e-6, 0.1, 1 / 3], np.float64),
    "f16 max": np.array([F16_MAX, 65520, -F16_MAX, 1], np.float32),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_save_model_compresses_constants_as_openvino_does(case, tmp_path):
    values = CASES[case]
    ovx = ovops.parameter([4], np.float32, name="x")
    c = ovops.constant(values)
    c.set_friendly_name("c")
    ovm = ov.Model([ovops.result(ovops.add(ovx, ovops.convert(c, "f32")))], [ovx], "m")
    ov.save_model(ovm, str(tmp_path / "ov.xml"))
    theirs = _saved_consts(open(tmp_path / "ov.xml", "rb").read(), open(tmp_path / "ov.bin", "rb").read())
    x = parameter([4], np.float32, "x")
    mine_c = constant(values, name="c")
    m = Model(
        [make_node("Add", "opset1", [x, make_node("Convert", "opset1", [mine_c], {"destination_type": "f32"})])], [x]
    )
    xml, weights = model_bytes(m, compress_to_fp16=True)
    mine = _saved_consts(xml, weights)
    assert [(a, b) for a, b, _ in mine] == [(a, b) for a, b, _ in theirs]
    # The Convert back takes the constant's name and OpenVINO's decompression mark.
    assert _converts(xml) == _converts(open(tmp_path / "ov.xml", "rb").read())
    assert fits_f16(values) == theirs[0][0]
    for (_, _, a), (_, _, b) in zip(mine, theirs):
        np.testing.assert_array_equal(a, b)


def test_an_empty_constant_is_kept_as_it_is():
    assert fits_f16(np.zeros(0, np.float32)) is False
    assert fits_f16(np.zeros(3, np.float32)) is True


def test_save_model_writes_both_files_and_openvino_runs_them(tmp_path):
    x = parameter([4], np.float32, "x")
    m = Model([make_node("Multiply", "opset1", [x, np.array([0.1, 0.2, 0.3, 0.4], np.float32)])], [x])
    save_model(m, tmp_path / "m.xml")
    assert os.path.getsize(tmp_path / "m.bin") == 8  # four f16 values
    v = np.array([1, 2, 3, 4], np.float32)
    want = _ov_run(ov.Core().read_model(str(tmp_path / "m.xml")), {0: v})[0]
    np.testing.assert_array_equal(Core().read_model(str(tmp_path / "m.xml")).infer([v])[0], want)
    np.testing.assert_array_equal(want, v * np.array([0.1, 0.2, 0.3, 0.4], np.float16).astype(np.float32))
    with pytest.raises(InputError, match="writes an .xml"):
        save_model(m, tmp_path / "m.onnx")


# ---- every kind of model irexec reads, written back ----

ROUND_TRIP = ["loop_decoder", "vad_if", "lstm_gru", "mistral_int4", "resnet18_fp16", "llama_stateful", "t5", "yolo"]


@pytest.mark.parametrize("name", ROUND_TRIP)
def test_models_written_back_run_to_the_same_values(name, tmp_path):
    entry = MANIFEST[name]
    path = os.path.join(CORPUS, name + ".xml")
    original = Core().read_model(path)
    serialize(original, tmp_path / "again.xml")
    again = Core().read_model(str(tmp_path / "again.xml"))
    specs = entry.get("inputs") or entry["steps"][0]
    feeds = corpus_inputs(specs)
    want = original.create_infer_request().infer(feeds)
    got = again.create_infer_request().infer(feeds)
    assert list(got) == list(want)
    for k in want:
        np.testing.assert_array_equal(got[k], want[k])
    # OpenVINO reads the written file and computes what it computes on the original.
    core = ov.Core()
    a = core.compile_model(path, "CPU", F32).create_infer_request().infer(feeds)
    b = core.compile_model(str(tmp_path / "again.xml"), "CPU", F32).create_infer_request().infer(feeds)
    for va, vb in zip(a.to_tuple(), b.to_tuple()):
        np.testing.assert_array_equal(va, vb)


def test_saving_where_it_cannot_write_is_one_error_and_leaves_no_file(tmp_path):
    x = parameter([2], np.float32, "x")
    m = Model([make_node("Relu", "opset1", [x])], [x])
    with pytest.raises(InputError) as e:
        save_model(m, tmp_path / "missing" / "m.xml")
    assert "\n" not in str(e.value) and "missing" in str(e.value)
    assert not (tmp_path / "missing").exists()
    serialize(m, tmp_path / "m.ir")  # (not an .xml: the weights go beside it, named after it)
    assert (tmp_path / "m.ir").read_bytes().startswith(b"<?xml") and (tmp_path / "m.ir.bin").exists()
