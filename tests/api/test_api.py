"""The Python API: read_model / infer, input checking, output naming, and what is never mutated."""

import numpy as np
import pytest

import irexec
from helpers.irtext import add_model, layer, net, param, port, result, scatter_model, write
from irexec.api.model import Model
from irexec.ir.reader import read_graph

X = np.arange(6, dtype=np.float32).reshape(2, 3)


@pytest.fixture
def add(tmp_path):
    return irexec.read_model(write(tmp_path, add_model()))


@pytest.fixture
def scatter(tmp_path):
    xml, blob = scatter_model()
    return irexec.read_model(write(tmp_path, xml, blob))


def test_inputs_by_name_tensor_name_index_or_list(tmp_path):
    xml = net(
        [
            param(0, "x", (2, 3), names="x,x_alias"),
            param(1, "y", (2, 3)),
            layer(
                2, "Add", inputs=[port(0, "f32", (2, 3)), port(1, "f32", (2, 3))], outputs=[port(2, "f32", (2, 3), "z")]
            ),
            result(3, "f32", (2, 3)),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )
    m = irexec.read_model(write(tmp_path, xml))
    want = 2 * X
    for feeds in ({"x": X, "y": X}, {"x_alias": X, "y": X}, {0: X, 1: X}, [X, X]):
        np.testing.assert_array_equal(m.infer(feeds)["z"], want)
    np.testing.assert_array_equal(m({"x": X, "y": X})["z"], want)
    with pytest.raises(irexec.InputError, match="'x' is given twice"):
        m.infer({"x": X, "x_alias": X, "y": X})


def test_missing_and_unknown_inputs(add):
    with pytest.raises(irexec.InputError, match=r"missing input 'y' \(f32 \[2,3\]\)"):
        add.infer({"x": X})
    with pytest.raises(irexec.InputError, match=r"unknown input 'w' \(inputs: x, y\)"):
        add.infer({"x": X, "y": X, "w": X})
    with pytest.raises(irexec.InputError, match="2 inputs, 1 were given"):
        add.infer([X])


def test_wrong_shape_and_type_are_refused_not_cast(add):
    with pytest.raises(irexec.InputError, match=r"'x' expects shape \[2,3\], got \[3, 2\]"):
        add.infer({"x": X.T, "y": X})
    with pytest.raises(irexec.InputError, match=r"'x' expects f32, got boolean \(bool\)"):
        add.infer({"x": X > 0, "y": X})  # (f64 is rounded to f32: tests/api/test_casting.py)
    with pytest.raises(irexec.InputError, match="expects f32, got i32"):
        add.infer({"x": X.astype(np.int32), "y": X})


def test_lossless_integer_inputs_are_accepted(tmp_path):
    m = irexec.read_model(write(tmp_path, add_model(et="i32")))
    out = m.infer({"x": [[1, 2, 3], [4, 5, 6]], "y": np.ones((2, 3), np.int16)})["z"]
    assert out.dtype == np.int32 and out[1, 2] == 7
    with pytest.raises(irexec.InputError, match="expects i32, got i64"):
        m.infer({"x": np.full((2, 3), 1 << 40), "y": np.ones((2, 3), np.int32)})


def test_output_named_by_tensor_name_else_result_name(tmp_path, add):
    assert [o.name for o in add.outputs] == ["z"]
    xml = add_model().replace(' names="z"', "").replace('name="l3" type="Result"', 'name="the_result" type="Result"')
    m = irexec.read_model(write(tmp_path, xml))
    assert list(m.infer({"x": X, "y": X})) == ["the_result"]


def test_outputs_in_model_order_and_never_alias_inputs(tmp_path):
    xml = net(
        [param(0, "x", (2, 3)), result(1, "f32", (2, 3), name="first"), result(2, "f32", (2, 3), name="second")],
        [(0, 0, 2, 0), (0, 0, 1, 0)],
    )
    m = irexec.read_model(write(tmp_path, xml))
    x = X.copy()
    out = m.infer({"x": x})
    assert list(out) == ["x", "second"]  # the second Result of one tensor falls back to its own name
    first = out[list(out)[0]]
    assert not np.shares_memory(first, x)
    first[...] = -1
    np.testing.assert_array_equal(x, X)


def test_caller_arrays_and_constants_are_never_mutated(scatter):
    data, upd = np.zeros((4, 3), np.float32), np.ones((2, 3), np.float32)
    for _ in range(2):
        out = scatter.infer({"data": data, "updates": upd})["out"]
        assert out.flags.writeable
        out[...] = 7
    assert not data.any() and (upd == 1).all()
    const = scatter.graph.layer("2").op.evaluate([])[0]
    np.testing.assert_array_equal(const, [1, 3])


def test_run_time_error_names_the_layer(tmp_path):
    xml, blob = scatter_model(idx=(1, 3))
    blob = np.array([1, 9], np.int64).tobytes() + blob[16:]
    path = write(tmp_path, xml, blob)
    with pytest.raises(irexec.ValidationError, match=r"index 9 at position \[1\].*\[0, 3\]") as info:
        irexec.read_model(path)  # constant indices: found without running
    assert info.value.code == "C004" and info.value.layer == "l4"
    m = Model(read_graph(path))
    with pytest.raises(irexec.ExecutionError) as info:
        m.infer({"data": np.zeros((4, 3), np.float32), "updates": np.ones((2, 3), np.float32)})
    msg = str(info.value)
    assert "layer 'l4' (id 4, ScatterUpdate)" in msg and "index 9 at position [1]" in msg and "[0, 3]" in msg


def test_intermediates_are_freed_after_their_last_use(scatter):
    plan = scatter.plan
    freed = [k for s in plan.steps for k in s.free_after]
    assert len(freed) == len(set(freed))
    # every value produced or fed is freed exactly once, by its last consumer
    produced = {(lid, 0) for lid in plan.parameters} | {
        (s.layer.id, i) for s in plan.steps for i in range(len(s.layer.outputs))
    }
    assert set(freed) == produced


def test_model_repr_and_infos(scatter):
    assert repr(scatter) == "<Model 'test' inputs=[data: f32 [4,3], updates: f32 [2,3]] outputs=[out: f32 [4,3]]>"
    assert scatter.input("updates").element_type.name == "f32"
