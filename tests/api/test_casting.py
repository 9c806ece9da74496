"""The one casting rule for inputs (README, Python API; docs/run.md): an array of another type
feeds an input only within its kind. Floats feed float inputs (rounded), integers feed integer
inputs when every value fits, booleans feed boolean inputs; nothing crosses kinds. Every pair of
the table is tried through the Python API and through `irexec run -i FILE.npy`."""

import ml_dtypes
import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from helpers.irtext import net, param, result, write
from irexec.cli import cli

# Source arrays, by the name the table uses; values every target of the same kind holds exactly
# (the float ones: exactly in f16 too).
SOURCES = {
    "bool": np.array([True, False, True]),
    "i8": np.array([1, -2, 3], np.int8),
    "u8": np.array([1, 2, 3], np.uint8),
    "i32": np.array([1, -2, 3], np.int32),
    "i64": np.array([1, -2, 3], np.int64),
    "f16": np.array([1.5, -2.0, 0.25], np.float16),
    "bf16": np.array([1.5, -2.0, 0.25], ml_dtypes.bfloat16),
    "f32": np.array([1.5, -2.0, 0.25], np.float32),
    "f64": np.array([1.5, -2.0, 0.25], np.float64),
}
PY_SOURCES = {"python floats": [1.5, -2.0, 0.25], "python ints": [1, -2, 3], "python bools": [True, False, True]}
TARGETS = ["boolean", "i8", "u8", "i32", "i64", "f16", "f32", "f64"]
KIND = {
    "bool": "bool",
    "python bools": "bool",
    "boolean": "bool",
    "i8": "int",
    "u8": "int",
    "i32": "int",
    "i64": "int",
    "python ints": "int",
    "f16": "float",
    "bf16": "float",
    "f32": "float",
    "f64": "float",
    "python floats": "float",
}
DTYPE = {
    "boolean": np.bool_,
    "i8": np.int8,
    "u8": np.uint8,
    "i32": np.int32,
    "i64": np.int64,
    "f16": np.float16,
    "f32": np.float32,
    "f64": np.float64,
}


def identity_model(tmp_path, et, n=3) -> str:
    xml = net([param(0, "x", (n,), et), result(1, et, (n,), name="y")], [(0, 0, 1, 0)])  # output "x", its tensor name
    return write(tmp_path, xml, stem=f"id_{et}")


def _fits(values, target) -> bool:
    if target == "u8":  # the negative value
        return min(np.asarray(values).astype(np.int64)) >= 0
    return True


def _expected(src, target):
    """The output wanted, or None when the rule refuses the pair."""
    values = SOURCES.get(src, PY_SOURCES.get(src))
    if KIND[src] != KIND[target] or not _fits(values, target):
        return None
    return np.asarray(values).astype(DTYPE[target])


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("src", list(SOURCES) + list(PY_SOURCES))
def test_python_api_pair(tmp_path, src, target):
    m = irexec.read_model(identity_model(tmp_path, target))
    value = SOURCES.get(src, PY_SOURCES.get(src))
    want = _expected(src, target)
    if want is None:
        with pytest.raises(irexec.InputError, match=rf"input 'x' expects {target}, got"):
            m.infer({"x": value})
        return
    out = m.infer({"x": value})["x"]
    assert out.dtype == DTYPE[target]
    np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("src", [s for s in SOURCES if s != "bf16"])  # (.npy has no bf16)
def test_cli_npy_pair(tmp_path, src, target):
    xml = identity_model(tmp_path, target)
    path = tmp_path / f"{src}.npy"
    np.save(path, SOURCES[src])
    out = tmp_path / "out.npz"
    r = CliRunner().invoke(cli, ["run", xml, "-i", str(path), "-o", str(out)])
    want = _expected(src, target)
    if want is None:
        assert r.exit_code == 1, r.output
        line = r.output.strip()
        assert "\n" not in line and line.startswith(f"error: input 'x' expects {target}, got"), line
        assert not out.exists()
        return
    assert r.exit_code == 0, r.output
    with np.load(out) as z:
        got = z["x"]
    assert got.dtype == DTYPE[target]
    np.testing.assert_array_equal(got, want)


def test_why_a_kind_is_refused_is_said(tmp_path):
    m = irexec.read_model(identity_model(tmp_path, "f32"))
    with pytest.raises(irexec.InputError, match=r"expects f32, got i8 \(int8\) \(ints are not converted to floats\)"):
        m.infer({"x": np.ones(3, np.int8)})
    m = irexec.read_model(identity_model(tmp_path, "i32"))
    with pytest.raises(
        irexec.InputError, match=r"expects i32, got f32 \(float32\) \(floats are not converted to ints\)"
    ):
        m.infer({"x": np.ones(3, np.float32)})


def test_integers_narrowed_only_when_every_value_fits(tmp_path):
    m = irexec.read_model(identity_model(tmp_path, "i8"))
    assert m.infer({"x": np.array([-128, 0, 127])})["x"].tolist() == [-128, 0, 127]
    with pytest.raises(
        irexec.InputError, match=r"expects i8, got i64 \(int64\) with values outside i8's range \[-128, 127\]"
    ):
        m.infer({"x": np.array([0, 128, 1])})
    m = irexec.read_model(identity_model(tmp_path, "u8"))
    with pytest.raises(irexec.InputError, match="outside u8's range"):
        m.infer({"x": np.array([0, -1, 1], np.int8)})


def test_floats_are_rounded_but_never_overflow_to_inf(tmp_path):
    m = irexec.read_model(identity_model(tmp_path, "f32"))
    third = m.infer({"x": [1 / 3, 0.1, 1e-50]})["x"]
    assert third.dtype == np.float32
    np.testing.assert_array_equal(third, np.array([1 / 3, 0.1, 0.0], np.float32))
    with pytest.raises(irexec.InputError, match="expects f32, got f64 .* with finite values beyond f32's range"):
        m.infer({"x": [1e300, 0.0, 1.0]})
    # Infinities and NaN are values of their own, not an overflow.
    out = m.infer({"x": [np.inf, -np.inf, np.nan]})["x"]
    assert np.isposinf(out[0]) and np.isneginf(out[1]) and np.isnan(out[2])
    m16 = irexec.read_model(identity_model(tmp_path, "f16"))
    with pytest.raises(irexec.InputError, match="beyond f16's range"):
        m16.infer({"x": np.array([70000, 0, 0], np.float32)})


def test_empty_arrays_take_the_input_type(tmp_path):
    m = irexec.read_model(identity_model(tmp_path, "i32", n=0))
    out = m.infer({"x": []})["x"]  # (np.asarray([]) is f64)
    assert out.dtype == np.int32 and out.shape == (0,)


def test_the_same_rule_holds_for_variables(tmp_path):
    # VariableState.state = ... goes through the same check as an input.
    from irexec.api.inputs import check_input
    from irexec.api.tensor_info import TensorInfo
    from irexec.shapes import static
    from irexec.types import BY_NAME

    info = TensorInfo("v", (), BY_NAME["f32"], static((2,)), "0")
    assert check_input(info, np.array([0.5, 2.0]), what="variable").dtype == np.float32
    with pytest.raises(irexec.InputError, match="variable 'v' expects f32, got boolean"):
        check_input(info, np.array([True, False]), what="variable")
