"""Variables (ReadValue/Assign) over several inferences, against the CPU plugin, and the request API:
``create_infer_request``, ``infer``, ``query_state`` (name, state get/set, reset), ``reset_state``,
``Model.infer``'s default request."""

from __future__ import annotations

import numpy as np
import openvino.opset3 as o3
import openvino.opset6 as o6
import pytest
from openvino.op.util import Variable, VariableInfo

import irexec
from helpers.oracle import core, ov, save


def variable(vid, shape, etype=ov.Type.f32):
    info = VariableInfo()
    info.data_shape, info.data_type, info.variable_id = ov.PartialShape(shape), etype, vid
    return Variable(info)


def stateful_model():
    """Four variables: an accumulator s += x by ReadValue-3/Assign-3 (initialised to 1), the same by
    ReadValue-6 with no init_value (zeros), a cache [?,3] that grows by concatenation from nothing,
    and one initialised from an input (init = 10 * x)."""
    x = o6.parameter([2, 3], np.float32, name="x")
    r3 = o3.read_value(o3.constant(np.ones((2, 3), np.float32)), "acc3")
    s3 = o6.add(r3, x)
    v6 = variable("acc6", [2, 3])
    r6 = o6.read_value(v6)
    s6 = o6.add(r6, x)
    vc = variable("cache", [-1, 3])
    rc = o6.read_value(vc)
    cat = o6.concat([rc, x], 0)
    vi = variable("from_input", [2, 3])
    ri = o6.read_value(o6.multiply(x, o6.constant(np.float32(10))), vi)
    si = o6.subtract(ri, x)
    sinks = [o3.assign(s3, "acc3"), o6.assign(s6, v6), o6.assign(cat, vc), o6.assign(si, vi)]
    results = [o6.result(n) for n in (s3, s6, cat, si)]
    for r, name in zip(results, ("s3", "s6", "cache", "si")):
        r.output(0).get_tensor().set_names({name})
    return ov.Model(results, sinks, [x], "stateful")


@pytest.fixture(scope="module")
def model_path(tmp_path_factory):
    return save(stateful_model(), tmp_path_factory.mktemp("state"))


def _xs(n, seed=0):
    rng = np.random.default_rng(seed)
    return [(rng.integers(-64, 64, (2, 3)) / 8).astype(np.float32) for _ in range(n)]


def _plugin_states(request) -> dict:
    return {s.name: np.array(s.state.data) for s in request.query_state()}


def test_steps_and_reset_match_the_plugin(model_path):
    """Four steps, a reset, two more: every output and every variable, at every step."""
    compiled = core().compile_model(model_path, "CPU")
    theirs = compiled.create_infer_request()
    ours = irexec.read_model(model_path).create_infer_request()
    names = [o.get_any_name() for o in compiled.outputs]
    for step, x in enumerate(_xs(4) + [None] + _xs(2, seed=1)):
        if x is None:
            theirs.reset_state()
            ours.reset_state()
            continue
        res = theirs.infer({"x": x})
        got = ours.infer({"x": x})
        for i, name in enumerate(names):
            np.testing.assert_array_equal(got[name], res[i], err_msg=f"step {step} {name}")
        mine = {s.name: s.state for s in ours.query_state()}
        plugin = _plugin_states(theirs)
        assert sorted(mine) == sorted(plugin)
        for name, value in plugin.items():
            np.testing.assert_array_equal(mine[name], value, err_msg=f"step {step} variable {name}")


def test_accumulator_values(model_path):
    """s = ReadValue(s) + x; Assign(s): the spec's values, checked by hand."""
    req = irexec.read_model(model_path).create_infer_request()
    xs = _xs(4)
    total = np.ones((2, 3), np.float32)
    for k, x in enumerate(xs):
        total = total + x
        out = req.infer({"x": x})
        np.testing.assert_array_equal(out["s3"], total)
        assert out["cache"].shape == (2 * (k + 1), 3)
    np.testing.assert_array_equal(out["s6"], sum(xs))


def test_query_state_before_any_inference_shows_zeros_as_the_plugin(model_path):
    """Before the first inference (and after a reset) a variable shows zeros of its declared shape,
    a dynamic dim as 0, as the plugin does (even a ReadValue-3 whose first read is its init_value)."""
    theirs = core().compile_model(model_path, "CPU").create_infer_request()
    ours = irexec.read_model(model_path).create_infer_request()
    plugin = _plugin_states(theirs)
    for s in ours.query_state():
        np.testing.assert_array_equal(s.state, plugin[s.name])
    assert {s.name: s.state.shape for s in ours.query_state()}["cache"] == (0, 3)


def test_read_value_that_does_not_depend_on_the_assign(tmp_path):
    """The spec: an Assign's value is read on the next inference. The plugin departs when the
    ReadValue does not depend on the Assign (it runs the Assign first): from the second inference
    on, its ReadValue gives the value assigned in the same inference."""
    x = o6.parameter([2], np.float32, name="x")
    v = variable("w", [2])
    rv = o6.read_value(o6.constant(np.array([7, 7], np.float32)), v)
    res = o6.result(o6.add(rv, o6.constant(np.float32(0))))
    path = save(ov.Model([res], [o6.assign(o6.multiply(x, o6.constant(np.float32(1))), v)], [x]), tmp_path)
    theirs = core().compile_model(path, "CPU").create_infer_request()
    ours = irexec.read_model(path).create_infer_request()
    spec, plugin = [], []
    for k in range(3):
        feed = {"x": np.full(2, k + 1, np.float32)}
        spec.append(list(next(iter(ours.infer(feed).values()))))
        plugin.append(list(theirs.infer(feed)[0]))
    assert spec == [[7, 7], [1, 1], [2, 2]]
    assert plugin in (spec, [[7, 7], [2, 2], [3, 3]]), plugin


def test_i64_variables_run(tmp_path):
    """i64 variables (the plugin refuses them at its first inference: 'does not support i64')."""
    x = o6.parameter([-1], np.int64, name="x")
    v = variable("ids", [-1], ov.Type.i64)
    cat = o6.concat([o6.read_value(v), x], 0)
    path = save(ov.Model([o6.result(cat)], [o6.assign(cat, v)], [x]), tmp_path)
    req = irexec.read_model(path).create_infer_request()
    outs = [next(iter(req.infer({"x": np.array([k, k])}).values())) for k in range(3)]
    assert outs[-1].tolist() == [0, 0, 1, 1, 2, 2] and outs[-1].dtype == np.int64


# ---- the API ---------------------------------------------------------------------------------------


def test_query_state_names_and_declarations(model_path):
    m = irexec.read_model(model_path)
    states = m.create_infer_request().query_state()
    assert [s.name for s in states] == [v.name for v in m.variables]
    assert sorted(s.name for s in states) == ["acc3", "acc6", "cache", "from_input"]
    assert m.stateful and isinstance(m.create_infer_request(), irexec.InferRequest)
    assert all(isinstance(s, irexec.VariableState) for s in states)


def test_set_state_then_infer_and_reset_one(model_path):
    req = irexec.read_model(model_path).create_infer_request()
    x = np.ones((2, 3), np.float32)
    acc6 = {s.name: s for s in req.query_state()}["acc6"]
    acc6.state = np.full((2, 3), 5, np.float32)
    assert req.infer({"x": x})["s6"].tolist() == [[6] * 3] * 2
    assert acc6.state.tolist() == [[6] * 3] * 2
    acc6.reset()
    assert req.infer({"x": x})["s6"].tolist() == [[1] * 3] * 2
    cache = {s.name: s for s in req.query_state()}["cache"]
    cache.state = np.zeros((5, 3), np.float32)  # any length along the dynamic dim
    assert req.infer({"x": x})["cache"].shape == (7, 3)


def test_setting_a_bad_state_is_refused(model_path):
    req = irexec.read_model(model_path).create_infer_request()
    acc6 = {s.name: s for s in req.query_state()}["acc6"]
    with pytest.raises(irexec.InputError, match="variable 'acc6' expects shape \\[2,3\\], got \\[3, 3\\]"):
        acc6.state = np.zeros((3, 3), np.float32)
    with pytest.raises(irexec.InputError, match="variable 'acc6' expects f32, got i32"):
        acc6.state = np.zeros((2, 3), np.int32)  # (the plugin converts the values)
    assert acc6.state.tolist() == [[0] * 3] * 2


def test_two_requests_are_independent_and_state_is_a_copy(model_path):
    m = irexec.read_model(model_path)
    a, b = m.create_infer_request(), m.create_infer_request()
    x = np.ones((2, 3), np.float32)
    a.infer({"x": x})
    out = a.infer({"x": x})
    assert b.infer({"x": x})["s3"].tolist() == [[2] * 3] * 2
    out["s3"][...] = 99  # an output is the caller's: the variable keeps its own copy
    got = {s.name: s for s in a.query_state()}["acc3"]
    assert got.state.tolist() == [[3] * 3] * 2
    got.state[...] = 42  # so is a state read
    assert got.state.tolist() == [[3] * 3] * 2


def test_model_infer_uses_a_default_request(model_path):
    m = irexec.read_model(model_path)
    x = np.ones((2, 3), np.float32)
    assert m.infer({"x": x})["s3"].tolist() == [[2] * 3] * 2
    assert m({"x": x})["s3"].tolist() == [[3] * 3] * 2
    assert {s.name: s.state for s in m.query_state()}["acc3"].tolist() == [[3] * 3] * 2
    m.reset_state()
    assert m.infer({"x": x})["s3"].tolist() == [[2] * 3] * 2


def test_a_failed_inference_keeps_nothing(tmp_path):
    """An Assign whose value does not fit its variable fails the inference (at run time, naming the
    layer); no Assign of that inference is kept."""
    x = o6.parameter([-1], np.float32, name="x")
    ok, bad = variable("ok", [-1]), variable("bad", [2])
    cat = o6.concat([o6.read_value(ok), x], 0)
    rb = o6.read_value(o6.constant(np.zeros(2, np.float32)), bad)
    path = save(ov.Model([o6.result(cat), o6.result(rb)], [o6.assign(cat, ok), o6.assign(x, bad)], [x]), tmp_path)
    req = irexec.read_model(path).create_infer_request()
    req.infer({"x": np.ones(2, np.float32)})
    with pytest.raises(
        irexec.ExecutionError, match="the value for variable 'bad' is \\[3\\], but the variable is declared \\[2\\]"
    ) as e:
        req.infer({"x": np.ones(3, np.float32)})
    assert e.value.layer_type == "Assign"
    assert {s.name: s.state.shape for s in req.query_state()} == {"ok": (2,), "bad": (2,)}


def test_assign_without_output_port_and_layer_tools(tmp_path):
    """An Assign as the spec's example writes it (no output port) runs too."""
    x = o6.parameter([2], np.float32, name="x")
    v = variable("v", [2])
    s = o6.add(o6.read_value(v), x)
    path = save(ov.Model([o6.result(s)], [o6.assign(s, v)], [x]), tmp_path)
    text = open(path).read()
    start = text.index('type="Assign"')
    out_at = text.index("<output>", start)
    end = text.index("</output>", out_at) + len("</output>")
    with open(path, "w") as f:
        f.write(text[:out_at] + text[end:])
    req = irexec.read_model(path).create_infer_request()
    assert [list(next(iter(req.infer({"x": np.ones(2, np.float32)}).values()))) for _ in range(2)] == [[1, 1], [2, 2]]
    assert irexec.lint(path) == []


def test_read_value_6_without_type_and_shape_reads_as_its_init(tmp_path):
    """Older IRs wrote ReadValue-6 with variable_id only: OpenVINO reads the variable as the
    init_value's type and shape."""
    x = o6.parameter([2], np.float32, name="x")
    v = variable("v", [2])
    s = o6.add(o6.read_value(o6.constant(np.array([3, 3], np.float32)), v), x)
    path = save(ov.Model([o6.result(s)], [o6.assign(s, v)], [x]), tmp_path)
    text = open(path).read().replace(' variable_type="f32" variable_shape="2"', "")
    with open(path, "w") as f:
        f.write(text)
    m = irexec.read_model(path)
    assert m.variables[0].element_type.name == "f32"
    req = m.create_infer_request()
    assert [list(next(iter(req.infer({"x": np.ones(2, np.float32)}).values()))) for _ in range(2)] == [[4, 4], [5, 5]]
