"""What the op framework promises every op: ports named as the IR names them, the run-time guard
turning any failure of a rule into one located line, folding that must agree with the rule, and
declarations that cannot say something the framework would misread."""

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from helpers.irtext import layer, net, param, port, result, write
from irexec.check.shape_inference import layer_facts
from irexec.cli import cli
from irexec.ops.op import Fact, Input, Op
from irexec.shapes import static
from irexec.types import BY_NAME

F32, I32 = BY_NAME["f32"], BY_NAME["i32"]


def _select_with_port_ids(tmp_path):
    """A Select whose input ports are 10, 11 and 12, its else input of another type."""
    xml = net(
        [
            param(0, "c", (2,), "boolean"),
            param(1, "a", (2,)),
            param(2, "b", (2,), "i32"),
            layer(
                3,
                "Select",
                inputs=[port(10, "boolean", (2,)), port(11, "f32", (2,)), port(12, "i32", (2,))],
                outputs=[port(13, "f32", (2,))],
            ),
            result(4, "f32", (2,)),
        ],
        [(0, 0, 3, 10), (1, 0, 3, 11), (2, 0, 3, 12), (3, 13, 4, 0)],
    )
    return write(tmp_path, xml)


def test_an_ops_error_names_the_port_by_its_id_in_the_ir(tmp_path):
    path = _select_with_port_ids(tmp_path)
    (finding,) = [f for f in irexec.lint(path) if f.code == "S005"]
    assert str(finding.port) == "12" and "must have one element type" in finding.message
    r = CliRunner().invoke(cli, ["run", path, "--random"])
    assert r.exit_code == 1 and "port 12: Select" in r.output, r.output


def test_a_rule_failing_at_run_time_is_one_located_line(tmp_path):
    """Range-4 to i64 fed NaN at run time: the guard re-runs the rule on the values it could not
    see ahead, and its refusal is a run error at the layer, not an internal error."""
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
                outputs=[port(3, "i64", (-1,))],
                data={"output_type": "i64"},
            ),
            result(4, "i64", (-1,)),
        ],
        [(0, 0, 3, 0), (1, 0, 3, 1), (2, 0, 3, 2), (3, 3, 4, 0)],
    )
    path = write(tmp_path, xml)
    model = irexec.read_model(path)
    for bad in (np.float32("nan"), np.float32("inf")):
        with pytest.raises(irexec.ExecutionError, match="must be finite") as e:
            model.infer({"start": bad, "stop": np.float32(5), "step": np.float32(1)})
        assert e.value.layer_type == "Range"
    np.savez(tmp_path / "in.npz", start=np.float32("nan"), stop=np.float32(5), step=np.float32(1))
    r = CliRunner().invoke(cli, ["run", path, "-i", str(tmp_path / "in.npz")])
    assert r.exit_code == 1 and "internal error" not in r.output and "must be finite" in r.output


class _Liar(Op):
    """An op whose rule and compute disagree: folding must not hide it."""

    type, version = "Liar", "test"
    inputs = (Input("x"),)

    def output_facts(self, x):
        return Fact(x.etype, x.shape[:-1])

    def compute(self, x):
        return x


def test_folding_refuses_a_rule_its_compute_contradicts():
    x = np.ones((2, 3), np.float32)
    assert layer_facts(_Liar(), [Fact(F32, static((2, 3)))])[0].shape == static((2,))  # no values: the rule
    with pytest.raises(RuntimeError, match="Liar's shape rule says \\[2\\] f32, its compute gave \\[2, 3\\]"):
        layer_facts(_Liar(), [Fact(F32, static((2, 3)), x)])


def test_folding_skips_outputs_the_rule_does_not_size():
    class Unsized(_Liar):
        def output_facts(self, x):
            return Fact(x.etype, None)

    out = layer_facts(Unsized(), [Fact(F32, static((2, 3)), np.ones((2, 3), np.float32))])
    assert out[0].shape is None and out[0].value is None


def test_a_multi_output_compute_must_return_each_output():
    class Two(Op):
        type, version = "Two", "test"
        inputs = (Input("x"),)
        outputs = ("a", "b")

        def compute(self, x):
            return np.stack([x, x])  # one array whose first axis happens to be 2

    with pytest.raises(TypeError, match="tuple of 2 arrays"):
        Two().evaluate([np.ones(3)])


def test_declarations_the_framework_would_misread_are_refused():
    with pytest.raises(TypeError, match="not an earlier input"):
        type("Forward", (Op,), {"type": "Forward", "version": "test", "inputs": (Input("a", same_as="b"), Input("b"))})
    with pytest.raises(TypeError, match="only the last input may be variadic"):
        type("Middle", (Op,), {"type": "Middle", "version": "test", "inputs": (Input("a", variadic=True), Input("b"))})


def test_a_rule_that_cannot_size_static_inputs_is_refused_before_compute(tmp_path, monkeypatch):
    """With every input known, a rule that still gives an unknown shape is a bug in irexec: the
    guard refuses it rather than let compute allocate past what the budget checked."""
    import irexec.ops
    from helpers.irtext import add_model

    monkeypatch.setattr(irexec.ops.lookup("Add", "opset1"), "output_facts", lambda self, a, b: Fact(a.etype, None))
    model = irexec.read_model(write(tmp_path, add_model()))
    unsized = r"internal error: Add's shape rule gives \[\.\.\.\] for static inputs"
    with pytest.raises(irexec.ExecutionError, match=unsized):
        model.infer({"x": np.ones((2, 3), np.float32), "y": np.ones((2, 3), np.float32)})
