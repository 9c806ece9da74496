"""A port written without dims: OpenVINO writes a scalar and a shape of unknown rank ([...]) alike.
Lint must not take an unknown rank (a Parameter of shape "...", a rule that cannot know the rank)
for a scalar, nor a true scalar for an unknown rank; and a port reported wrong feeds its consumers
no rank it did not say."""

import numpy as np
import pytest

import irexec
from helpers.irtext import layer, net, param, port, result, write


def dyn_param(lid, name, et="f32"):
    """A Parameter of dynamic rank: shape "...", its port without dims."""
    return layer(
        lid, "Parameter", data={"shape": "...", "element_type": et}, outputs=[port(0, et, (), name)], name=name
    )


def codes(path):
    return [(f.code, f.layer_name) for f in irexec.lint(path)]


def test_a_dynamic_rank_parameter_is_not_a_scalar(tmp_path):
    """x of unknown rank feeds a MatMul (which refuses a scalar): lint is clean, and the model runs
    for any rank the input has."""
    xml = net(
        [
            dyn_param(0, "x"),
            param(1, "w", (3, 4)),
            layer(2, "MatMul", inputs=[port(0, "f32", ()), port(1, "f32", (3, 4))], outputs=[port(2, "f32", (), "y")]),
            result(3, "f32", ()),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )
    path = write(tmp_path, xml)
    assert codes(path) == []
    m = irexec.read_model(path)
    assert m.inputs[0].shape is None and m.outputs[0].shape is None  # [...], not []
    assert str(m.outputs[0]).endswith("f32 [...]")
    w = np.arange(12, dtype=np.float32).reshape(3, 4)
    for shape in [(3,), (2, 3), (5, 2, 3)]:
        x = np.ones(shape, np.float32)
        np.testing.assert_array_equal(m.infer({"x": x, "w": w})["y"], x @ w)


def test_an_inferred_unknown_rank_agrees_with_a_port_without_dims(tmp_path):
    """A Reshape to a target of unknown length: its rank is unknown, as its port (no dims) says.
    Its consumer must see an unknown rank, not the scalar the port reads as."""
    xml = net(
        [
            param(0, "x", (2, 3)),
            param(1, "target", (-1,), "i64"),
            param(2, "w", (3, 4)),
            layer(
                3,
                "Reshape",
                data={"special_zero": "false"},
                inputs=[port(0, "f32", (2, 3)), port(1, "i64", (-1,))],
                outputs=[port(2, "f32", ())],
                name="reshape",
            ),
            layer(
                4,
                "MatMul",
                inputs=[port(0, "f32", ()), port(1, "f32", (3, 4))],
                outputs=[port(2, "f32", (), "y")],
                name="mm",
            ),
            result(5, "f32", ()),
        ],
        [(0, 0, 3, 0), (1, 0, 3, 1), (3, 2, 4, 0), (2, 0, 4, 1), (4, 2, 5, 0)],
    )
    path = write(tmp_path, xml)
    assert codes(path) == []
    m = irexec.read_model(path)
    x, w = np.arange(6, dtype=np.float32).reshape(2, 3), np.ones((3, 4), np.float32)
    np.testing.assert_array_equal(m.infer({"x": x, "target": np.array([1, 2, 3]), "w": w})["y"], x[None] @ w)


def test_a_rank_known_dynamic_shape_agrees_with_ports_without_dims(tmp_path):
    """Unsqueeze with axes given at run time: the rules know the rank (3), not the dims; its output
    port and the Result's input port, written without dims, agree with it (no S001, no S003)."""
    xml = net(
        [
            param(0, "x", (2, 3)),
            param(1, "axes", (1,), "i64"),
            layer(
                2,
                "Unsqueeze",
                inputs=[port(0, "f32", (2, 3)), port(1, "i64", (1,))],
                outputs=[port(2, "f32", (), "y")],
                name="unsqueeze",
            ),
            result(3, "f32", ()),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )
    path = write(tmp_path, xml)
    assert codes(path) == []
    m = irexec.read_model(path)
    assert len(m.outputs[0].shape) == 3  # as the rules infer it, not the scalar its port reads as
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(m.infer({"x": x, "axes": np.array([2])})["y"], x[:, :, None])


def test_a_true_scalar_is_still_a_scalar(tmp_path):
    """A scalar Parameter (shape "", no dims) is no unknown rank: the MatMul it feeds is refused."""
    xml = net(
        [
            param(0, "s", ()),
            param(1, "w", (3, 4)),
            layer(
                2,
                "MatMul",
                inputs=[port(0, "f32", ()), port(1, "f32", (3, 4))],
                outputs=[port(2, "f32", (4,), "y")],
                name="mm",
            ),
            result(3, "f32", (4,)),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )
    path = write(tmp_path, xml)
    assert codes(path) == [("S005", "mm")]
    with pytest.raises(irexec.ValidationError, match="rank 1 or more"):
        irexec.read_model(path)


@pytest.mark.parametrize("mm_in", [(), (2, 3)], ids=["consumer-without-dims", "consumer-right"])
def test_a_wrong_port_without_dims_is_reported_once(tmp_path, mm_in):
    """A Relu's output port without dims, though Relu gives [2,3] (S001): its consumer is not fed
    the scalar the port reads as (which a MatMul would refuse, a second error for one mistake)."""
    xml = net(
        [
            param(0, "x", (2, 3)),
            param(1, "w", (3, 4)),
            layer(2, "Relu", inputs=[port(0, "f32", (2, 3))], outputs=[port(1, "f32", ())], name="relu"),
            layer(
                3,
                "MatMul",
                inputs=[port(0, "f32", mm_in), port(1, "f32", (3, 4))],
                outputs=[port(2, "f32", (2, 4), "y")],
                name="mm",
            ),
            result(4, "f32", (2, 4)),
        ],
        [(0, 0, 2, 0), (1, 0, 3, 1), (2, 1, 3, 0), (3, 2, 4, 0)],
    )
    path = write(tmp_path, xml)
    assert codes(path) == [("S001", "relu")]
    m = irexec.read_model(path, check=False)  # (and with the check waived, it runs)
    x, w = np.ones((2, 3), np.float32), np.ones((3, 4), np.float32)
    np.testing.assert_array_equal(m.infer({"x": x, "w": w})["y"], x @ w)
