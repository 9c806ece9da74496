"""The run-time guard (irexec.run.guard): the shape rule of a layer the sizing pass could not size
ahead, run on the actual arrays before the layer computes. Whatever the rule says is one error line
located at the file, line, layer, layer id, type and port; an index the rule refuses is an
IndexOutOfRangeError, anything else it refuses an ExecutionError."""

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
import irexec.ops
from helpers.irtext import layer, net, param, port, result, write
from irexec.cli import cli
from irexec.errors import ExecutionError
from irexec.kernels.indices import IndexOutOfRangeError
from irexec.ops.op import Fact
from irexec.shapes import DYN, fixed


def _convert(lid, n, et="i64"):
    """A Convert of a float vector to ``et``: its values are not known before the run (a float
    input does not steer the sizing pass), so the layer it feeds is left to the guard."""
    return layer(
        lid, "Convert", inputs=[port(0, "f32", (n,))], outputs=[port(1, et, (n,))], data={"destination_type": et}
    )


def _segment_max(tmp_path):
    """SegmentMax-16 whose segment_ids come from a float input; its input ports are 10 and 11."""
    xml = net(
        [
            param(0, "data", (3, 2)),
            param(1, "ids", (3,)),
            _convert(2, 3),
            layer(
                3,
                "SegmentMax",
                "opset16",
                inputs=[port(10, "f32", (3, 2)), port(11, "i64", (3,))],
                outputs=[port(12, "f32", (-1, 2))],
                data={"fill_mode": "zero"},
                name="seg",
            ),
            result(4, "f32", (-1, 2)),
        ],
        [(0, 0, 3, 10), (1, 0, 2, 0), (2, 1, 3, 11), (3, 12, 4, 0)],
    )
    return write(tmp_path, xml, stem="seg")


def _range(tmp_path, etype="i64", stem="range"):
    """Range-4 of three f32 inputs to ``etype`` (line 7 of its file)."""
    xml = net(
        [
            param(0, "start", (), "f32"),
            param(1, "stop", (), "f32"),
            param(2, "step", (), "f32"),
            layer(
                3,
                "Range",
                "opset4",
                inputs=[port(0, "f32"), port(1, "f32"), port(2, "f32")],
                outputs=[port(3, etype, (-1,))],
                data={"output_type": etype},
                name="r",
            ),
            result(4, etype, (-1,)),
        ],
        [(0, 0, 3, 0), (1, 0, 3, 1), (2, 0, 3, 2), (3, 3, 4, 0)],
    )
    return write(tmp_path, xml, stem=stem)


def _range_feeds(start, stop, step):
    return {"start": np.float32(start), "stop": np.float32(stop), "step": np.float32(step)}


def test_an_index_the_rule_refuses_is_an_index_error_at_the_port_the_ir_names(tmp_path):
    path = _segment_max(tmp_path)
    model = irexec.read_model(path)
    got = model.infer({"data": np.arange(6, dtype=np.float32).reshape(3, 2), "ids": np.float32([0, 1, 1])})
    np.testing.assert_array_equal(next(iter(got.values())), [[0, 1], [4, 5]])
    with pytest.raises(IndexOutOfRangeError) as e:
        model.infer({"data": np.ones((3, 2), np.float32), "ids": np.float32([0, 2, 1])})
    err = e.value
    message = "SegmentMax's segment_ids must be sorted: id 1 at position [2] follows 2"
    assert (err.message, err.file, err.line) == (message, path, 7)
    assert (err.layer, err.layer_id, err.layer_type, err.port) == ("seg", "3", "SegmentMax", "11")
    assert str(err) == f"{path}:7: layer 'seg' (id 3, SegmentMax): port 11: {message}"
    np.savez(tmp_path / "good.npz", data=np.ones((3, 2), np.float32), ids=np.float32([0, 0, 1]))
    r = CliRunner().invoke(cli, ["run", path, "-i", str(tmp_path / "good.npz")])
    assert r.exit_code == 0, r.output
    np.savez(tmp_path / "bad.npz", data=np.ones((3, 2), np.float32), ids=np.float32([0, 2, 1]))
    r = CliRunner().invoke(cli, ["run", path, "-i", str(tmp_path / "bad.npz")])
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == [f"error: {path}:7: layer 'seg' (id 3, SegmentMax): port 11: {message}"]


def test_any_other_refusal_of_the_rule_is_an_execution_error_at_the_layer(tmp_path):
    path = _range(tmp_path)
    model = irexec.read_model(path)
    assert model.infer(_range_feeds(1, 4, 1))["l4"].tolist() == [1, 2, 3]
    for feeds, message in (
        (_range_feeds("nan", 5, 1), "Range start, stop and step must be finite"),
        (_range_feeds(0, 5, 0), "Range step must not be 0"),
    ):
        with pytest.raises(ExecutionError) as e:
            model.infer(feeds)
        assert type(e.value) is ExecutionError  # (not an index error)
        err = e.value
        assert (err.message, err.file, err.line, err.port) == (message, path, 7, None)
        assert (err.layer, err.layer_id, err.layer_type) == ("r", "3", "Range")
        assert str(err) == f"{path}:7: layer 'r' (id 3, Range): {message}"


def test_a_rule_that_breaks_on_a_value_is_its_exception_named_at_the_layer(tmp_path, monkeypatch):
    """A rule's own arithmetic failing on a value it meets only at run time (here a rule that
    divides by the step): "TypeName: message", located, not a traceback."""
    path = _range(tmp_path)
    model = irexec.read_model(path)

    def rule(self, start, stop, step):
        if step.value is not None:
            n = int(stop.value) // int(step.value)
            return Fact(self.output_type, (fixed(n),))
        return Fact(self.output_type, (DYN,))

    monkeypatch.setattr(irexec.ops.lookup("Range", "opset4"), "output_facts", rule)
    with pytest.raises(ExecutionError) as e:
        model.infer(_range_feeds(0, 5, 0.5))
    err = e.value
    assert type(err) is ExecutionError
    assert err.message == "ZeroDivisionError: integer division or modulo by zero"
    assert (err.file, err.line, err.layer, err.layer_id, err.layer_type) == (path, 7, "r", "3", "Range")
    assert str(err) == f"{path}:7: layer 'r' (id 3, Range): ZeroDivisionError: integer division or modulo by zero"
    assert isinstance(err.__cause__, ZeroDivisionError)


def test_the_rule_sees_the_values_only_of_the_inputs_it_reads(tmp_path, monkeypatch):
    """Reshape's data is not read by its rule: the guard gives it the target's values only."""
    xml = net(
        [
            param(0, "x", (2, 3)),
            param(1, "t", (2,)),
            _convert(2, 2),
            layer(
                3,
                "Reshape",
                inputs=[port(0, "f32", (2, 3)), port(1, "i64", (2,))],
                outputs=[port(2, "f32", (-1, -1))],
                data={"special_zero": "false"},
            ),
            result(4, "f32", (-1, -1)),
        ],
        [(0, 0, 3, 0), (1, 0, 2, 0), (2, 1, 3, 1), (3, 2, 4, 0)],
    )
    model = irexec.read_model(write(tmp_path, xml))
    cls = irexec.ops.lookup("Reshape", "opset1")
    original, seen = cls.output_facts, []

    def spy(self, data, shape):
        seen.append((data.value is None, None if shape.value is None else np.asarray(shape.value).tolist()))
        return original(self, data, shape)

    monkeypatch.setattr(cls, "output_facts", spy)
    out = model.infer({"x": np.arange(6, dtype=np.float32).reshape(2, 3), "t": np.float32([3, 2])})
    assert next(iter(out.values())).shape == (3, 2)
    assert seen and seen[-1] == (True, [3, 2])


def test_an_output_the_run_shapes_otherwise_than_declared_is_refused_at_the_layer(tmp_path):
    """Squeeze-1 with axes known only at run time: inferred ahead as dropping a dim, which axes
    naming a dim of 2 cannot do."""
    xml = net(
        [
            param(0, "x", (1, 2)),
            param(1, "a", (1,)),
            _convert(2, 1),
            layer(
                3,
                "Squeeze",
                inputs=[port(0, "f32", (1, 2)), port(1, "i64", (1,))],
                outputs=[port(2, "f32", (-1,))],
                name="sq",
            ),
            result(4, "f32", (-1,)),
        ],
        [(0, 0, 3, 0), (1, 0, 2, 0), (2, 1, 3, 1), (3, 2, 4, 0)],
    )
    path = write(tmp_path, xml, stem="sq")
    model = irexec.read_model(path)
    assert next(iter(model.infer({"x": np.ones((1, 2), np.float32), "a": np.float32([0])}).values())).shape == (2,)
    with pytest.raises(ExecutionError) as e:
        model.infer({"x": np.ones((1, 2), np.float32), "a": np.float32([1])})
    assert str(e.value) == (
        f"{path}:7: layer 'sq' (id 3, Squeeze): output 0 would be [1,2], but from the model's declared shapes it is [?]"
    )


def test_an_unsizable_rule_is_an_internal_error_naming_each_output_shape(tmp_path, monkeypatch):
    """A rule that gives an output shape it does not know with every input known is a bug: refused
    before compute, naming every output's shape as the rule gave it."""
    xml = net(
        [
            param(0, "x", (4, 2)),
            layer(
                1,
                "Split",
                inputs=[port(0, "f32", (4, 2)), port(1, "i64", ())],
                outputs=[port(2, "f32", (2, 2)), port(3, "f32", (2, 2))],
                data={"num_splits": 2},
                name="split",
            ),
            result(2, "f32", (2, 2)),
            result(3, "f32", (2, 2)),
            layer(
                4, "Const", data={"element_type": "i64", "shape": "", "offset": 0, "size": 8}, outputs=[port(0, "i64")]
            ),
        ],
        [(0, 0, 1, 0), (4, 0, 1, 1), (1, 2, 2, 0), (1, 3, 3, 0)],
    )
    path = write(tmp_path, xml, np.int64(0).tobytes(), stem="split")
    model = irexec.read_model(path)
    monkeypatch.setattr(
        irexec.ops.lookup("Split", "opset1"),
        "output_facts",
        lambda self, x, axis: (Fact(x.etype, (DYN, fixed(2))), Fact(x.etype, None)),
    )
    with pytest.raises(ExecutionError) as e:
        model.infer({"x": np.ones((4, 2), np.float32)})
    err = e.value
    message = "internal error: Split's shape rule gives [?,2], [...] for static inputs"
    assert err.message == message
    assert (err.file, err.layer, err.layer_id, err.layer_type) == (path, "split", "1", "Split")
    assert str(err) == f"{path}:5: layer 'split' (id 1, Split): {message}"


def test_an_output_over_the_budget_is_refused_at_the_layer_by_one_element(tmp_path):
    """Range-4 to f32 sized only at run time, under a budget of 1000 bytes: 250 elements run, 251
    are refused before compute allocates them."""
    path = _range(tmp_path, "f32", stem="budget")
    model = irexec.read_model(path, max_tensor_bytes=1000)
    assert model.infer(_range_feeds(0, 250, 1))["l4"].shape == (250,)
    with pytest.raises(ExecutionError) as e:
        model.infer(_range_feeds(0, 251, 1))
    assert str(e.value) == (
        f"{path}:7: layer 'r' (id 3, Range): the output would be [251] of f32, 1004 bytes: "
        "over the budget of 1000 bytes for one tensor"
    )
