"""OpenVINO's Python API on irexec: a script written for ``openvino`` runs on ``irexec`` by changing
its import, and gives the same answers (names, shapes, results by index, name and port)."""

import numpy as np
import pytest

import irexec

ov_runtime = pytest.importorskip("openvino")
opset = pytest.importorskip("openvino.opset13")

X = np.arange(8, dtype=np.float32).reshape(2, 4)
Y = np.full((2, 4), 0.5, np.float32)
X3 = np.arange(12, dtype=np.float32).reshape(3, 4)


@pytest.fixture(scope="module")
def two_inputs(tmp_path_factory):
    """x [?,4] and y [?,4] -> "sum,total" (a comma in a tensor name) = x + y, and x * y."""
    x = opset.parameter([-1, 4], np.float32, name="x")
    y = opset.parameter([-1, 4], np.float32, name="y")
    x.output(0).set_names({"x", "x,alias"})
    s = opset.add(x, y, name="adder")
    s.output(0).set_names({"sum,total"})
    p = opset.multiply(x, y, name="product")
    p.output(0).set_names({"prod"})
    path = tmp_path_factory.mktemp("api") / "two.xml"
    ov_runtime.save_model(ov_runtime.Model([s, p], [x, y], "two"), str(path))
    return str(path)


def script(ov, path):
    """What an OpenVINO user writes; run with ``ov`` = openvino and ``ov`` = irexec."""
    core = ov.Core()
    model = core.read_model(path)
    out = {
        "inputs": [
            (sorted(p.get_names()), str(p.get_partial_shape()), p.get_partial_shape().is_dynamic) for p in model.inputs
        ],
        "outputs": [sorted(p.get_names()) for p in model.outputs],
        "ops": sorted(
            (op.get_type_name(), op.get_friendly_name())
            for op in model.get_ordered_ops()
            if op.get_type_name() not in ("Parameter", "Result")
        ),
        "versions": sorted({op.get_type_info().version_id for op in model.get_ops()}),
        "dynamic": model.is_dynamic(),
    }
    compiled = core.compile_model(model, "CPU")
    res = compiled({"x": X, "y": Y})
    out["by_index"] = [res[0], res[1]]
    out["by_port"] = res[compiled.output(1)]
    out["by_name"] = [res["sum,total"], res["prod"]]
    out["tuple"] = list(res.to_tuple())
    out["dict"] = sorted((sorted(k.get_names()), v.tolist()) for k, v in res.to_dict().items())
    request = compiled.create_infer_request()
    request.infer({0: X3, 1: X3})
    out["tensor"] = request.get_output_tensor(0).data.copy()
    out["tensor_shape"] = list(request.get_output_tensor(1).shape)
    out["input_tensor"] = request.get_input_tensor(0).data.copy()
    model.reshape({"x": [3, 4], "y": [3, 4]})
    out["reshaped"] = [str(p.get_partial_shape()) for p in model.inputs + model.outputs]
    out["reshaped_static"] = [list(p.get_shape()) for p in model.outputs]
    out["after_reshape"] = ov.compile_model(model)([X3, X3])[0]
    return out


def test_an_openvino_script_runs_unchanged_on_irexec(two_inputs):
    want = script(ov_runtime, two_inputs)
    got = script(irexec, two_inputs)
    assert set(want) == set(got)
    for key in want:
        w, g = want[key], got[key]
        if isinstance(w, list) and w and isinstance(w[0], np.ndarray):
            assert len(w) == len(g), key
            for a, b in zip(w, g):
                np.testing.assert_array_equal(b, a, err_msg=key)
        elif isinstance(w, np.ndarray):
            np.testing.assert_array_equal(g, w, err_msg=key)
        else:
            assert g == w, key


def test_tensor_names_with_an_escaped_comma_read_as_openvino_reads_them(two_inputs):
    text = open(two_inputs).read()
    assert "sum\\,total" in text  # (how OpenVINO wrote it)
    m = irexec.read_model(two_inputs)
    assert [o.name for o in m.outputs] == ["sum,total", "prod"]
    assert set(m.inputs[0].names) == {"x", "x,alias"}
    out = m.infer({"x,alias": X, "y": Y})
    np.testing.assert_array_equal(out["sum,total"], X + Y)


@pytest.mark.parametrize(
    "written, names",
    [
        ("a\\,b,c", ("a,b", "c")),
        ("c\\d", ("c\\d",)),  # a backslash before anything but a comma is itself
        ("e\\\\,f", ("e\\,f",)),  # OpenVINO writes the name e\,f so
        ("a,,b", ("a", "b")),
    ],
)
def test_tensor_names_split_rule(written, names):
    from irexec.ir.layer_xml import tensor_names

    assert tensor_names(written) == names


def test_partial_shapes_print_and_compare_as_openvinos():
    for text in ["[2,8,4]", "[?,8,4]", "[1..10,?]", "[]", "[...]"]:
        ours = irexec.PartialShape(text)
        theirs = ov_runtime.PartialShape(text)
        assert str(ours) == str(theirs)
        assert ours.is_dynamic == theirs.is_dynamic
    shape = irexec.PartialShape([1, -1, (2, 5)])
    assert str(shape) == "[1,?,2..5]" and shape == "[1,?,2..5]" and shape == [1, -1, (2, 5)]
    assert shape[1].is_dynamic and shape[2].get_min_length() == 2 and shape[2].get_max_length() == 5
    assert shape[1].get_max_length() == -1
    assert irexec.PartialShape([2, 3]).to_shape() == [2, 3]
    with pytest.raises(irexec.ValidationError, match="dynamic"):
        shape.to_shape()
    assert irexec.PartialShape.dynamic() != irexec.PartialShape([])


def test_results_by_index_name_and_port(two_inputs):
    m = irexec.read_model(two_inputs)
    res = m.infer({"x": X, "y": Y})
    assert isinstance(res, dict) and list(res) == ["sum,total", "prod"]  # (still the dict it was)
    np.testing.assert_array_equal(res[-1], X * Y)
    np.testing.assert_array_equal(res[m.outputs[1]], X * Y)
    assert 2 not in res and "nothing" not in res and m.inputs[0] not in res
    with pytest.raises(IndexError, match="the model has 2 output"):
        res[2]
    with pytest.raises(KeyError):
        res[m.inputs[0]]


def test_one_array_for_a_one_input_model_and_tensors_as_inputs(tmp_path):
    x = opset.parameter([2, 4], np.float32, name="x")
    path = tmp_path / "relu.xml"
    ov_runtime.save_model(ov_runtime.Model([opset.relu(x)], [x], "relu"), str(path))
    compiled = irexec.Core().compile_model(str(path), "AUTO")
    t = irexec.Tensor(X - 4)
    assert t.shape == [2, 4] and t.element_type == irexec.Type.f32 and t.size == 8
    np.testing.assert_array_equal(compiled(t)[0], np.maximum(X - 4, 0))
    np.testing.assert_array_equal(compiled({compiled.input(0): X - 4})[0], np.maximum(X - 4, 0))
    np.testing.assert_array_equal(compiled.infer_new_request([X])[0], X)
    two = irexec.compile_model(irexec.read_model(str(path)))
    assert two.input() is two.inputs[0] and two.get_runtime_model().input() is two.inputs[0]
    with pytest.raises(irexec.InputError, match="the model has 2 inputs: name one"):
        irexec.read_model("models/kv_cache_update.xml").input()


def test_read_model_from_xml_bytes_and_a_weights_buffer():
    xml = open("models/kv_cache_update.xml", "rb").read()
    blob = open("models/kv_cache_update.bin", "rb").read()
    feeds = {"cache": np.zeros((2, 8, 4), np.float32), "tokens": np.ones((2, 2, 4), np.float32)}
    want = irexec.read_model("models/kv_cache_update.xml").infer(feeds)[0]
    core = irexec.Core()
    for model, weights in [
        (xml, blob),
        (xml.decode(), bytearray(blob)),
        (xml, np.frombuffer(blob, np.uint8)),
        (xml, irexec.Tensor(np.frombuffer(blob, np.uint8))),
    ]:
        np.testing.assert_array_equal(core.read_model(model, weights).infer(feeds)[0], want)
    with pytest.raises(irexec.ParseError, match="past the end of '<weights buffer>'"):
        core.read_model(xml, blob[:8])


def test_unknown_device_and_reshape_errors_leave_the_model_as_it_was():
    core = irexec.Core()
    with pytest.raises(irexec.UsageError, match="unknown device 'CPX'"):
        core.compile_model("models/kv_cache_update.xml", "CPX")
    m = core.read_model("models/kv_cache_update.xml")
    before = str(m)
    with pytest.raises(irexec.ValidationError, match="write_tokens.*updates shape"):
        m.reshape({"cache": [3, 16, 4]})
    assert str(m) == before
    with pytest.raises(irexec.InputError, match="2 inputs: give reshape a dict"):
        m.reshape([2, 8, 4])
    with pytest.raises(irexec.InputError, match="invalid shape"):
        m.reshape({"cache": [2, -5, 4]})
    m.reshape({"cache": "[2,?,4]"})
    assert str(m.inputs[0].get_partial_shape()) == "[2,?,4]" and m.is_dynamic()
    out = m.infer({"cache": np.zeros((2, 12, 4), np.float32), "tokens": np.ones((2, 2, 4), np.float32)})
    assert out[0].shape == (2, 12, 4)


def test_a_stateful_model_keeps_its_state_on_the_compiled_models_own_request():
    import os

    from helpers.corpus import CORPUS, MANIFEST, steps_inputs

    name = "llama_stateful"
    path = os.path.join(CORPUS, name + ".xml")
    if not os.path.exists(path):
        pytest.skip("the corpus model is not built")
    steps = steps_inputs(MANIFEST[name])[:2]
    compiled = irexec.compile_model(path, "CPU")
    first = compiled(steps[0])[0]
    second = compiled(steps[1])[0]
    req = compiled.create_infer_request()
    np.testing.assert_array_equal(req.infer(steps[0])[0], first)
    np.testing.assert_array_equal(req.infer(steps[1])[0], second)
    assert len(req.query_state()) > 0
    fresh = compiled.infer_new_request(steps[1])[0]
    assert not np.array_equal(fresh, second)  # (no cache: a different answer)


def test_properties_and_async_start_as_openvino_scripts_use_them():
    core = irexec.Core()
    assert core.available_devices == ["CPU"] and core.get_property("AVAILABLE_DEVICES") == ["CPU"]
    core.set_property({"PERFORMANCE_HINT": "LATENCY"})
    core.set_property("CPU", {"NUM_STREAMS": 1})
    assert core.get_property("CPU", "PERFORMANCE_HINT") == "LATENCY" and core.get_property("NUM_STREAMS") == 1
    assert core.get_property("CACHE_DIR") == ""
    with pytest.raises(irexec.UsageError, match="set_property takes a dict"):
        core.set_property("CPU", "LATENCY")
    compiled = core.compile_model("models/kv_cache_update.xml", "GPU.0")
    request = compiled.create_infer_request()
    assert list(request.get_output_tensor(0).shape) == [2, 8, 4]  # (the request's own, before any run)
    feeds = {"cache": np.zeros((2, 8, 4), np.float32), "tokens": np.ones((2, 2, 4), np.float32)}
    request.start_async(feeds)
    request.wait()
    np.testing.assert_array_equal(request.results[0], compiled(feeds)[0])
    np.testing.assert_array_equal(request.get_tensor("tokens").data, feeds["tokens"])
    assert request.get_output_tensor().byte_size == 2 * 8 * 4 * 4
