"""A compiled model's InferRequest owns its tensors, as OpenVINO's does: each test runs the same
calls on the installed runtime and on irexec and compares what they give (shapes, values, memory
shared or not, errors)."""

from datetime import timedelta

import numpy as np
import pytest

import irexec
from helpers.ov_compiled import compiled
from irexec.api.request import ProfilingInfo

ov = pytest.importorskip("openvino")
opset = pytest.importorskip("openvino.opset13")

A = np.arange(6, dtype=np.float32).reshape(2, 3) - 2
B = np.full((2, 3), 0.5, np.float32)


@pytest.fixture(scope="module")
def paths(tmp_path_factory):
    """The models by name: two, x [2,3] + y [2,3] -> relu -> "out"; dyn, x [?,3] (layout N?) -> relu."""
    where = tmp_path_factory.mktemp("requests")
    x = opset.parameter([2, 3], np.float32, name="x")
    y = opset.parameter([2, 3], np.float32, name="y")
    out = opset.relu(opset.add(x, y, name="add"), name="relu")
    out.output(0).set_names({"out"})
    two = where / "two.xml"
    ov.save_model(ov.Model([out], [x, y], "two"), str(two))
    d = opset.parameter([-1, 3], np.float32, name="x")
    d.set_layout(ov.Layout("N?"))  # (OpenVINO gathers a batch of tensors only into an input with N)
    dyn = where / "dyn.xml"
    ov.save_model(ov.Model([opset.relu(d, name="relu")], [d], "dyn"), str(dyn))
    return {"two": str(two), "dyn": str(dyn)}


def both(paths, name, config=None):
    return compiled(ov, paths[name], config), compiled(irexec, paths[name], config)


def shape(tensor) -> list:
    return list(tensor.shape)


@pytest.mark.parametrize("lib", [ov, irexec], ids=["openvino", "irexec"])
def test_the_requests_tensors_exist_before_any_inference(lib, paths):
    request = compiled(lib, paths["two"]).create_infer_request()
    assert shape(request.get_tensor("x")) == [2, 3] and shape(request.get_input_tensor(1)) == [2, 3]
    assert shape(request.get_output_tensor(0)) == shape(request.get_output_tensor()) == [2, 3]
    assert request.get_tensor("x").data.dtype == np.float32 and request.get_tensor("x").data.flags.writeable
    assert [shape(t) for t in request.input_tensors] == [[2, 3], [2, 3]]
    assert [shape(t) for t in request.output_tensors] == [[2, 3]]
    assert request.get_tensor("out").data.shape == (2, 3)
    assert request.latency == 0.0
    assert request.results[request.model_outputs[0]].shape == (2, 3)
    # A dynamic dim is allocated as 0, and an inference on it gives an empty result.
    dyn = compiled(lib, paths["dyn"]).create_infer_request()
    assert shape(dyn.get_input_tensor(0)) == [0, 3] and shape(dyn.get_output_tensor(0)) == [0, 3]
    assert dyn.infer()[0].shape == (0, 3)
    dyn.infer({0: np.ones((4, 3), np.float32)})
    assert shape(dyn.get_tensor("x")) == [4, 3] and shape(dyn.get_output_tensor(0)) == [4, 3]


def test_writing_the_input_tensors_in_place_feeds_infer_without_inputs(paths):
    got = []
    for request in (c.create_infer_request() for c in both(paths, "two")):
        request.get_tensor("x").data[:] = A
        request.get_input_tensor(1).data[:] = B
        first = request.infer()[0].copy()
        held = request.get_output_tensor(0).data  # (refilled in place by the next inference)
        request.get_input_tensor(0).data[:] = A * 3
        second = request.infer()
        got.append((first, held.copy(), second[0].copy(), np.shares_memory(second[0], held)))
        assert request.latency > 0.0
    (f1, h1, s1, shared1), (f2, h2, s2, shared2) = got
    np.testing.assert_array_equal(f2, f1)
    np.testing.assert_array_equal(f1, np.maximum(A + B, 0))
    np.testing.assert_array_equal(h2, h1)
    np.testing.assert_array_equal(h1, np.maximum(A * 3 + B, 0))
    np.testing.assert_array_equal(s2, s1)
    assert shared1 is shared2 is False  # (results are a copy of the output tensor)


def test_inputs_given_are_copied_unless_shared_and_outputs_copied_unless_shared(paths):
    facts = []
    for c in both(paths, "two"):
        request = c.create_infer_request()
        x = A.copy()
        request.infer({0: x, "y": B})
        copied = not np.shares_memory(request.get_input_tensor(0).data, x)
        x[:] = 7  # (not seen: the request holds a copy)
        again = request.infer()[0].copy()
        x2 = A.copy()
        request.infer({0: x2, 1: B}, share_inputs=True)
        shares = np.shares_memory(request.get_input_tensor(0).data, x2)
        x2[:] = 7  # (seen: the request's tensor is x2)
        seen = request.infer()[0].copy()
        out = request.infer({0: A, 1: B}, share_outputs=True)
        out_shared = np.shares_memory(out[0], request.get_output_tensor(0).data)
        facts.append((copied, again, shares, seen, out_shared))
    theirs, ours = facts
    assert theirs[0] is ours[0] is True and theirs[2] is ours[2] is True and theirs[4] is ours[4] is True
    np.testing.assert_array_equal(ours[1], theirs[1])
    np.testing.assert_array_equal(ours[1], np.maximum(A + B, 0))
    np.testing.assert_array_equal(ours[3], theirs[3])
    np.testing.assert_array_equal(ours[3], np.full((2, 3), 7.5, np.float32))


def test_tensors_set_on_the_request_feed_it_and_receive_its_results(paths):
    got = []
    for lib, c in zip((ov, irexec), both(paths, "two")):
        request = c.create_infer_request()
        x, y, o = lib.Tensor(A.copy()), lib.Tensor(B.copy()), lib.Tensor(np.zeros((2, 3), np.float32))
        request.set_tensor("x", x)
        request.set_input_tensor(1, y)
        request.set_output_tensor(o)
        request.infer()
        row = [o.data.copy(), np.shares_memory(request.get_tensor("x").data, x.data)]
        row.append(np.shares_memory(request.get_output_tensor(0).data, o.data))
        request.set_input_tensors({0: y, 1: x})
        request.set_output_tensors({0: lib.Tensor(np.zeros((2, 3), np.float32))})
        row.append(request.infer()[0].copy())
        request.set_tensors({"x": y, c.input(1): y})
        row.append(request.infer()[0].copy())
        request.set_tensor(c.output(0), lib.Tensor(np.zeros((2, 3), np.float32)))
        row.append(request.infer()[0].copy())
        got.append(row)
    theirs, ours = got
    for t, o in zip(theirs, ours):
        np.testing.assert_array_equal(o, t)
    np.testing.assert_array_equal(ours[0], np.maximum(A + B, 0))
    assert ours[1] is ours[2] is True


def test_a_batch_of_tensors_feeds_a_one_input_model(paths):
    outs = []
    for lib, c in zip((ov, irexec), both(paths, "dyn")):
        request = c.create_infer_request()
        request.set_input_tensors([lib.Tensor(A[:1].copy()), lib.Tensor(A[1:].copy())])
        outs.append(request.infer()[0].copy())
        request.set_tensors("x", [lib.Tensor(B[:1].copy())] * 3)
        outs.append(request.infer()[0].copy())
    np.testing.assert_array_equal(outs[2], outs[0])
    np.testing.assert_array_equal(outs[3], outs[1])
    assert outs[3].shape == (3, 3)


@pytest.mark.parametrize(
    "call",
    [
        "set_tensor('x', T(np.ones((2, 3), np.int32)))",
        "set_tensor('x', T(np.ones((2, 4), np.float32)))",
        "set_tensor('zz', T(np.ones((2, 3), np.float32)))",
        "get_tensor('zz')",
        "get_input_tensor()",
        "get_input_tensor(5)",
        "get_output_tensor(5)",
        "set_input_tensor(T(np.ones((2, 3), np.float32)))",
        "set_input_tensors([T(np.ones((2, 3), np.float32))])",
        "infer({'zz': np.ones((2, 3), np.float32)})",
        "infer({5: np.ones((2, 3), np.float32)})",
        "infer(np.ones((2, 3), np.float32))",
        "infer([B, B, B])",
    ],
)
def test_what_a_request_refuses(call, paths):
    theirs, ours = (c.create_infer_request() for c in both(paths, "two"))
    with pytest.raises(RuntimeError):
        eval("r." + call, {"r": theirs, "T": ov.Tensor, "np": np, "B": B})
    with pytest.raises(irexec.InputError):
        eval("r." + call, {"r": ours, "T": irexec.Tensor, "np": np, "B": B})


def test_profiling_info_as_openvino_lists_it(paths):
    """Without PERF_COUNT every layer is listed NOT_RUN at 0; with it, the layers that ran are
    EXECUTED with their times, Parameters and Results NOT_RUN."""
    for config, executed in (({}, False), ({"PERF_COUNT": True}, True)):
        theirs, ours = (c.create_infer_request() for c in both(paths, "two", config))
        for request in (theirs, ours):
            request.infer({0: A, 1: B})
            infos = request.profiling_info
            assert len(infos) == len(request.get_profiling_info()) > 0
            for p in infos:
                assert isinstance(p.node_name, str) and isinstance(p.node_type, str) and isinstance(p.exec_type, str)
                assert isinstance(p.real_time, timedelta) and isinstance(p.cpu_time, timedelta)
            ran = [p for p in infos if int(p.status) == int(ProfilingInfo.Status.EXECUTED)]
            assert bool(ran) is executed
            assert all(p.real_time > timedelta(0) for p in ran)
            assert all(p.real_time == timedelta(0) for p in infos if p not in ran)
            params = [p for p in infos if p.node_type == "Parameter"]
            assert sorted(p.node_name for p in params) == ["x", "y"] and all(p not in ran for p in params)
        assert theirs.get_compiled_model().get_property("PERF_COUNT") == ours.get_compiled_model().get_property(
            "PERF_COUNT"
        )
        names = {p.node_name: (p.node_type, p.status) for p in ours.profiling_info}
        assert names["add"][0] == "Add" and names["relu"][0] == "Relu"
        assert names["relu"][1] == (ProfilingInfo.EXECUTED if executed else ProfilingInfo.NOT_RUN)
    assert [int(s) for s in ProfilingInfo.Status] == [int(s) for s in ov.ProfilingInfo.Status.__members__.values()]
    assert [s.name for s in ProfilingInfo.Status] == list(ov.ProfilingInfo.Status.__members__)


def test_the_requests_ports_and_compiled_model(paths):
    theirs, ours = (c.create_infer_request() for c in both(paths, "two"))
    for attr in ("model_inputs", "model_outputs"):
        assert [sorted(p.get_names()) for p in getattr(ours, attr)] == [
            sorted(p.get_names()) for p in getattr(theirs, attr)
        ]
    assert [sorted(p.get_names()) for p in ours.get_compiled_model().inputs] == [["x"], ["y"]]
    assert not hasattr(theirs, "inputs") and not hasattr(ours, "inputs")
    with pytest.raises(irexec.UsageError, match="no CompiledModel"):
        irexec.read_model(paths["two"]).create_infer_request().get_compiled_model()


def test_a_models_own_request_keeps_irexecs_rule_for_missing_inputs(paths):
    """A request of irexec's Model (not of a compiled model) refuses to run an input it was never
    given, rather than feeding the zeros it would allocate; once given, the input stays."""
    request = irexec.read_model(paths["two"]).create_infer_request()
    with pytest.raises(irexec.InputError, match="missing input 'x'"):
        request.infer({"y": B})
    request.infer({"x": A, "y": B})
    np.testing.assert_array_equal(request.infer({"y": B * 2})[0], np.maximum(A + 2 * B, 0))


def test_a_shorter_list_feeds_the_first_inputs(paths):
    """OpenVINO takes a list of fewer values than inputs: the rest keep their tensors."""
    got = []
    for c in both(paths, "two"):
        request = c.create_infer_request()
        request.get_input_tensor(1).data[:] = B
        got.append(request.infer([A])[0].copy())
    np.testing.assert_array_equal(got[1], got[0])
    np.testing.assert_array_equal(got[1], np.maximum(A + B, 0))


def test_openvinos_positional_share_flags(paths):
    """``request.infer(inputs, True, True)`` is OpenVINO's share_inputs and share_outputs: on a
    compiled model's request irexec reads them so (never as donating the caller's arrays)."""
    facts = []
    for c in both(paths, "two"):
        request = c.create_infer_request()
        x = A.copy()
        out = request.infer({0: x, 1: B}, True, True)
        facts.append(
            (
                np.shares_memory(request.get_input_tensor(0).data, x),
                np.shares_memory(out[0], request.output_tensors[0].data),
            )
        )
        np.testing.assert_array_equal(x, A)  # (the caller's array as it was)
    assert facts[1] == facts[0] == (True, True)


def test_a_models_own_request_copies_its_inputs_unless_donated(paths):
    """irexec's donate_inputs lets the request take the caller's array itself (its memory may be
    reused); otherwise the request holds a copy, as OpenVINO's does."""
    request = irexec.read_model(paths["two"]).create_infer_request()
    x = A.copy()
    request.infer({"x": x, "y": B})
    assert not np.shares_memory(request.get_input_tensor(0).data, x)
    request.infer({"x": x, "y": B}, donate_inputs=["x"])
    assert np.shares_memory(request.get_input_tensor(0).data, x)
    assert not np.shares_memory(request.get_input_tensor(1).data, B)
    with pytest.raises(irexec.InputError, match="unknown input 'nope'"):
        request.infer({"x": A, "y": B}, donate_inputs=["nope"])


def test_profiling_info_shows_as_tables_in_a_notebook(paths):
    """The list get_profiling_info() returns stays a list (OpenVINO's is one) and renders, in a
    notebook, the layers that ran: a row per op type with its count, then the slowest layers."""
    ours = both(paths, "two", {"PERF_COUNT": True})[1].create_infer_request()
    ours.infer({0: A, 1: B})
    infos = ours.get_profiling_info()
    assert type(infos).__mro__[1] is list and infos == list(infos)
    page = infos._repr_html_()
    ran = [p for p in infos if p.status == ProfilingInfo.EXECUTED]
    assert page.count("<tr>") == 2 + len({p.node_type for p in ran}) + len(ran)
    for p in ran:
        assert f"<td>{p.node_name}</td><td>{p.node_type}</td>" in page
    idle = both(paths, "two")[1].create_infer_request()
    idle.infer({0: A, 1: B})
    assert "no layer ran with profiling" in idle.get_profiling_info()._repr_html_()


def test_a_profiler_shows_escaped_names_and_the_slowest_layers_first(paths):
    from irexec.run.profiling import ProfilingInfo as Info
    from irexec.run.profiling import profile_html

    infos = [Info(f"<b>{k}</b>", "Add" if k % 2 else "Relu", str(k), k / 1000, 1, (), 0) for k in range(1, 6)]
    page = profile_html(infos, limit=3)
    assert "<b>" not in page.replace("<b>5 layers", "") and "&lt;b&gt;5&lt;/b&gt;" in page
    rows = page.split("<tbody>")[2].split("<tr>")[1:]
    assert [r.split("</td>")[0][4:] for r in rows] == [
        "&lt;b&gt;5&lt;/b&gt;",
        "&lt;b&gt;4&lt;/b&gt;",
        "&lt;b&gt;3&lt;/b&gt;",
    ]
    assert "the 3 slowest of 5 layers" in page and page.count("<tr>") == page.count("</tr>") == 2 + 2 + 3
    assert "<thead><tr><th>type</th><th>layers</th><th>time ms</th><th>share</th></tr></thead>" in page
    assert "<tr><th>layer</th><th>type</th><th>time ms</th><th>share</th><th>outputs</th></tr>" in page
    assert rows[0] == "<td>&lt;b&gt;5&lt;/b&gt;</td><td>Add</td><td>5.000</td><td>33.3%</td><td>-</td></tr>"
    assert "<b>5 layers, 15.000 ms</b>" in page
    many = [Info(f"l{k}", "Relu", str(k), k / 1000, 1, (((1, 2), "f32"),), 8) for k in range(25)]
    table = profile_html(many)
    assert "the 20 slowest of 25 layers" in table and table.count("<tr>") == 2 + 1 + 20
    assert "<td>l24</td><td>Relu</td><td>24.000</td><td>8.0%</td><td>f32 [1, 2]</td>" in table
    idle = profile_html([Info("a", "Relu", "1", 0.0, 1, (), 0)])
    assert "<td>a</td><td>Relu</td><td>0.000</td><td>-</td><td>-</td>" in idle and "0.0%" in idle
    types = page.split("<tbody>")[1].split("</tbody>")[0]
    assert types.index("<td>Add</td><td>3</td><td>9.000</td><td>60.0%</td>") < types.index("<td>Relu</td><td>2</td>")
    model = irexec.read_model(paths["two"])
    profiler = irexec.Profiler()
    model.infer({"x": A, "y": B}, observer=profiler)
    ran = profiler.get_profiling_info()
    assert profiler._repr_html_().count("<tr>") == 2 + len({i.node_type for i in ran}) + len(ran)
    assert {"Add", "Relu"} <= {i.node_type for i in ran}
