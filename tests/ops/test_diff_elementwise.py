"""Differential tests of the elementwise ops: irexec against the OpenVINO CPU plugin.

The random tests draw operands from the domain where the plugin computes what the op
specification says. Outside it the plugin departs from the specification (and from
OpenVINO's own reference implementation, reached here through ``Node.evaluate``); irexec
follows the specification there, and each such place has a ``test_plugin_*`` test that pins
the plugin's exact value, so that an OpenVINO upgrade changing it is noticed. Those domains:

- i64, u64 and u32 are narrowed to i32 by the plugin (u32 compares as signed);
- f64 is computed in f32, and +-inf comes back as +-FLT_MAX;
- i8 and u8 Add, Subtract and Multiply saturate (16 and 32 bits wrap, as in C);
- integer Divide, Mod, FloorMod and Power go through f32, and Divide ignores m_pythondiv;
- f32 Divide multiplies by the reciprocal (one ulp from a / b) and f32 Power is powf;
- bf16 results are the f32 results rounded by the CPU's means (subnormals flushed with
  AVX512-BF16, up only from an odd last bit with AVX2: oracle.bf16_departures);
- on AVX-512 CPUs, Greater and GreaterEqual are true when an operand is NaN.
The last two depend on the CPU, so those tests accept the spec's value or each CPU's.

Integer division by zero and zero to a negative power are errors in irexec.
"""

from __future__ import annotations

import math

import numpy as np
import openvino.opset15 as ops  # noqa: E402  (after the skip)
import pytest

import irexec
from helpers import oracle  # skips these tests when openvino is not installed
from helpers.oracle import BF16, from_ov_tensor, ov, to_ov_tensor  # noqa: F401  (test_diff_convert uses them)
from irexec.errors import ExecutionError
from irexec.types import BY_NAME

FLOATS = ["f32", "f16", "bf16", "f64"]
INTS = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]
TYPES = FLOATS + INTS
ONE_ULP_F32 = 2.0**-23  # as a relative tolerance: one unit in the last place of an f32

ARITHMETIC = {
    "Add": ops.add,
    "Subtract": ops.subtract,
    "Multiply": ops.multiply,
    "Divide": ops.divide,
    "Mod": ops.mod,
    "FloorMod": ops.floor_mod,
    "Power": ops.power,
    "Maximum": ops.maximum,
    "Minimum": ops.minimum,
}
COMPARISON = {
    "Equal": ops.equal,
    "NotEqual": ops.not_equal,
    "Less": ops.less,
    "LessEqual": ops.less_equal,
    "Greater": ops.greater,
    "GreaterEqual": ops.greater_equal,
}
LOGICAL = {"LogicalAnd": ops.logical_and, "LogicalOr": ops.logical_or, "LogicalXor": ops.logical_xor}
BUILDERS = {**ARITHMETIC, **COMPARISON, **LOGICAL}


# The f32 results of bf16 arithmetic (irexec's, and the plugin's on these operands), which the
# plugin rounds to bf16 by the CPU's means: see oracle.bf16_departures.
F32_RESULT = {
    "Add": np.add,
    "Subtract": np.subtract,
    "Multiply": np.multiply,
    "Divide": np.divide,
    "Power": lambda a, b: np.power(a.astype(np.float64), b).astype(np.float32),
}


# ---- running models ----------------------------------------------------------------------------


def ov_type(name: str):
    return getattr(ov.Type, name)


def np_dtype(name: str) -> np.dtype:
    return BY_NAME[name].dtype


def _has_bf16(model) -> bool:
    return any(port.get_element_type() == ov.Type.bf16 for port in model.inputs + model.outputs)


def run_both(model, inputs: dict, tmp_path, exact=True, **tol) -> list:
    """oracle.compare; for models with bf16 ports the same by hand, with the bf16 conversions."""
    if not _has_bf16(model):
        return oracle.compare(model, inputs, tmp_path, exact, **tol)
    ov_outs, ir_outs = run_separately(model, inputs, tmp_path)
    for ov_out, ir_out in zip(ov_outs, ir_outs):
        oracle.assert_same(ov_out, ir_out, exact, **tol)
    return ir_outs


def run_separately(model, inputs: dict, tmp_path) -> tuple:
    """(plugin outputs, irexec outputs), for the tests where they are known to differ."""
    path = oracle.save(model, tmp_path)
    ir_outs = list(irexec.read_model(path).infer(inputs).values())
    compiled = oracle.core().compile_model(path, "CPU")
    request = compiled.create_infer_request()
    for name, value in inputs.items():
        request.set_tensor(name, to_ov_tensor(value))
    request.infer()
    ov_outs = [from_ov_tensor(request.get_output_tensor(i)) for i in range(len(compiled.outputs))]
    return ov_outs, ir_outs


def reference(node, inputs: list, shape) -> np.ndarray:
    """OpenVINO's reference implementation of ``node`` (what its constant folding computes)."""
    out = ov.Tensor(node.get_output_element_type(0), list(shape))
    assert node.evaluate([out], [to_ov_tensor(v) for v in inputs]), f"no reference for {node}"
    return from_ov_tensor(out)


def binary_model(op: str, etype: str, shape_a, shape_b, auto_broadcast="numpy", **attrs):
    a = ops.parameter(list(shape_a), ov_type(etype), name="a")
    b = ops.parameter(list(shape_b), ov_type(etype), name="b")
    node = BUILDERS[op](a, b, auto_broadcast=auto_broadcast)
    for key, value in attrs.items():
        node.set_attribute(key, value)
    return ov.Model([ops.result(node)], [a, b]), node


def run_binary(op, etype, a, b, tmp_path, **attrs):
    """(plugin, irexec, reference) outputs of ``op`` on literal operands."""
    a, b = np.asarray(a, np_dtype(etype)), np.asarray(b, np_dtype(etype))
    model, node = binary_model(op, etype, a.shape, b.shape, **attrs)
    (ov_out,), (ir_out,) = run_separately(model, {"a": a, "b": b}, tmp_path)
    return ov_out, ir_out, node


# ---- operands ----------------------------------------------------------------------------------


def broadcast_shapes(rng) -> tuple:
    """Two shapes of (usually) different ranks that broadcast numpy-style."""
    out = tuple(int(d) for d in rng.integers(1, 5, size=rng.integers(1, 5)))

    def operand():
        rank = int(rng.integers(0, len(out) + 1))
        dims = out[len(out) - rank :]
        return tuple(1 if rng.random() < 0.3 else d for d in dims)

    return operand(), operand()


def _ints(rng, etype, lo, hi, shape):
    return rng.integers(lo, hi, size=shape, endpoint=True).astype(np_dtype(etype))


def _int_domain(op: str, etype: str, which: str) -> tuple:
    """The closed range of operand ``which`` ('a' or 'b') where the plugin computes exactly."""
    info = np.iinfo(np_dtype(etype))
    lo, hi = int(info.min), int(info.max)
    if etype in ("i64", "u64", "u32"):
        lo, hi = max(lo, -(2**31)), min(hi, 2**31 - 1)  # narrowed to i32
    if op in ("Add", "Subtract") and etype in ("i8", "u8", "i64", "u64"):
        lo, hi = lo // 2, hi // 2  # saturates, or leaves i32
        if op == "Subtract" and lo == 0:  # unsigned: keep a >= b
            return (hi + 1, 2 * hi + 1) if which == "a" else (0, hi)
    elif op == "Multiply":
        if etype in ("i8", "u8", "i64", "u64"):
            lim = int(np.sqrt(hi))
            lo, hi = max(lo, -lim), lim
    elif op in ("Divide", "Mod", "FloorMod"):
        lo, hi = max(lo + 1, -(2**24 - 1)), min(hi, 2**24 - 1)  # exact through f32
        if which == "b" and lo < 0:
            return (-hi, hi)
    elif op == "Power":
        return (-3 if lo < 0 else 0, 3) if which == "a" else (0, 4)
    return lo, hi


def operands(op: str, etype: str, rng, shape_a, shape_b, **attrs) -> tuple:
    if etype in INTS:
        a = _ints(rng, etype, *_int_domain(op, etype, "a"), shape_a)
        b = _ints(rng, etype, *_int_domain(op, etype, "b"), shape_b)
        if op in ("Divide", "Mod", "FloorMod"):
            b[b == 0] = 1
        if op == "Divide" and attrs.get("m_pythondiv", True):
            # The plugin truncates whatever m_pythondiv says: floors of negatives are tested apart.
            a, b = np.abs(a), np.abs(b)
        return a, _with_ties(op, rng, a, b)
    if etype == "f64":
        # Values whose results f32 holds exactly, so that the plugin's f32 arithmetic is exact too.
        a = rng.integers(-256, 256, size=shape_a) / 4
        b = rng.integers(-256, 256, size=shape_b) / 4
        if op in ("Divide", "Mod", "FloorMod"):
            b = rng.choice([-4, -2, -1, -0.5, 0.5, 1, 2, 4], size=shape_b)
        elif op == "Power":
            a = rng.choice([0.25, 0.5, 1.0, 2.0, 4.0], size=shape_a)
            b = rng.integers(-4, 5, size=shape_b).astype(np.float64)
        return a, b
    a = (rng.standard_normal(shape_a) * 8).astype(np.float32)
    b = (rng.standard_normal(shape_b) * 8).astype(np.float32)
    if op == "Power":
        a, b = np.abs(a) + 0.25, b / 4  # no NaN from negative bases, no bf16 subnormals
    a, b = a.astype(np_dtype(etype)), b.astype(np_dtype(etype))
    return a, _with_ties(op, rng, a, b)


def _with_ties(op, rng, a, b):
    """For comparisons and Maximum/Minimum, make some of b equal to a value of a: random
    operands are almost never equal, and the ties are where LessEqual and Less differ."""
    if not (op in COMPARISON or op in ("Maximum", "Minimum")) or a.size == 0 or b.size == 0:
        return b
    return np.where(rng.random(b.shape) < 0.3, a.reshape(-1)[0], b).astype(b.dtype)


def _seed(*parts) -> int:
    return sum(ord(ch) * 31**i for i, ch in enumerate("/".join(map(str, parts)))) % 2**32


# ---- random operands in the plugin's exact domain ----------------------------------------------

ARITH_CASES = [(op, {}) for op in ARITHMETIC if op != "Divide"] + [
    ("Divide", {"m_pythondiv": True}),
    ("Divide", {"m_pythondiv": False}),
]


@pytest.mark.parametrize("etype", TYPES)
@pytest.mark.parametrize(
    "op,attrs",
    ARITH_CASES,
    ids=lambda v: v if isinstance(v, str) else "-".join(f"{k}={w}" for k, w in v.items()) or "default",
)
def test_arithmetic_matches_plugin(op, attrs, etype, tmp_path):
    rng = np.random.default_rng(_seed(op, attrs, etype))
    shape_a, shape_b = broadcast_shapes(rng)
    a, b = operands(op, etype, rng, shape_a, shape_b, **attrs)
    model, _ = binary_model(op, etype, shape_a, shape_b, **attrs)
    if etype == "f32" and op in ("Divide", "Power"):
        # The plugin's a * (1 / b) and powf are an ulp from the correctly rounded results: see
        # test_plugin_f32_divide_multiplies_by_reciprocal and test_f32_power_is_within_one_ulp.
        run_both(model, {"a": a, "b": b}, tmp_path, exact=False, rtol=ONE_ULP_F32)
    elif etype == "bf16" and op in F32_RESULT:
        (ov_out,), (ir_out,) = run_separately(model, {"a": a, "b": b}, tmp_path)
        wide = F32_RESULT[op](a.astype(np.float32), b.astype(np.float32))
        spec = oracle.bf16_nearest_even(wide)
        np.testing.assert_array_equal(ir_out.view(np.uint16), spec.view(np.uint16))
        oracle.assert_plugin_gives_one_of(
            ov_out, spec, oracle.bf16_departures(wide), "the plugin rounds its f32 results to bf16 per CPU"
        )
    else:
        run_both(model, {"a": a, "b": b}, tmp_path)


@pytest.mark.parametrize("etype", TYPES)
@pytest.mark.parametrize("op", COMPARISON)
def test_comparison_matches_plugin(op, etype, tmp_path):
    rng = np.random.default_rng(_seed(op, etype))
    shape_a, shape_b = broadcast_shapes(rng)
    a, b = operands(op, etype, rng, shape_a, shape_b)
    model, _ = binary_model(op, etype, shape_a, shape_b)
    (out,) = run_both(model, {"a": a, "b": b}, tmp_path)
    assert out.dtype == np.bool_


@pytest.mark.parametrize(
    "shape_a,shape_b",
    [
        ((), (3,)),
        ((4, 1, 3), ()),
        ((2, 3, 4), (4,)),
        ((5, 1), (1, 6)),
        ((1,), (2, 1, 1, 3)),
        ((2, 1, 4, 1), (3, 1, 5)),
        ((0, 3), (1, 3)),
        ((3, 1), (3, 0)),
    ],
)
@pytest.mark.parametrize("op,etype", [("Add", "f32"), ("Multiply", "i32"), ("FloorMod", "i16"), ("Less", "u8")])
def test_numpy_broadcasting(op, etype, shape_a, shape_b, tmp_path):
    rng = np.random.default_rng(_seed(op, shape_a, shape_b))
    a, b = operands(op, etype, rng, shape_a, shape_b)
    model, _ = binary_model(op, etype, shape_a, shape_b)
    (out,) = run_both(model, {"a": a, "b": b}, tmp_path)
    assert out.shape == np.broadcast_shapes(shape_a, shape_b)


@pytest.mark.parametrize(
    "op,etype", [("Subtract", "f16"), ("Divide", "i32"), ("Maximum", "u16"), ("NotEqual", "bf16"), ("Mod", "i8")]
)
def test_auto_broadcast_none(op, etype, tmp_path):
    rng = np.random.default_rng(_seed(op, etype, "none"))
    a, b = operands(op, etype, rng, (2, 3, 4), (2, 3, 4))
    model, node = binary_model(op, etype, (2, 3, 4), (2, 3, 4), auto_broadcast="none")
    assert node.get_attributes()["auto_broadcast"] == "none"
    (out,) = run_both(model, {"a": a, "b": b}, tmp_path)
    assert out.shape == (2, 3, 4)


# ---- integer edge cases where the plugin is exact -----------------------------------------------


@pytest.mark.parametrize("etype", ["i16", "u16", "i32", "u32"])
@pytest.mark.parametrize("op", ["Add", "Subtract", "Multiply"])
def test_integer_overflow_wraps_like_plugin(op, etype, tmp_path):
    info = np.iinfo(np_dtype(etype))
    a = np.array([info.max, info.min, info.max, info.max // 2 + 7, 3], np_dtype(etype))
    b = np.array([1, info.max, info.max, 5, info.max], np_dtype(etype))
    model, _ = binary_model(op, etype, a.shape, b.shape)
    (out,) = run_both(model, {"a": a, "b": b}, tmp_path)
    exact = {"Add": np.add, "Subtract": np.subtract, "Multiply": np.multiply}[op](a.astype(object), b.astype(object))
    assert out.tolist() == wrap(exact, etype)


def wrap(values, etype: str) -> list:
    """Python integers reduced modulo 2^N into the range of ``etype``, as C's conversions do."""
    info = np.iinfo(np_dtype(etype))
    return [(int(v) - int(info.min)) % 2**info.bits + int(info.min) for v in values]


SIGNED_PAIRS = ([7, -7, 7, -7, 1, -1, 0, 100, -100, 5], [2, 2, -2, -2, 3, 3, 5, -7, 7, -5])


@pytest.mark.parametrize("etype", ["i8", "i16", "i32", "i64"])
def test_truncating_division_by_negatives_matches_plugin(etype, tmp_path):
    a, b = (np.array(v, np_dtype(etype)) for v in SIGNED_PAIRS)
    model, _ = binary_model("Divide", etype, a.shape, b.shape, m_pythondiv=False)
    (out,) = run_both(model, {"a": a, "b": b}, tmp_path)
    assert out.tolist() == [int(x / y) for x, y in zip(*SIGNED_PAIRS)]


@pytest.mark.parametrize("etype", ["i8", "i16", "i32", "i64"])
@pytest.mark.parametrize("op", ["Mod", "FloorMod"])
def test_mod_with_negative_operands_matches_plugin(op, etype, tmp_path):
    a, b = (np.array(v, np_dtype(etype)) for v in SIGNED_PAIRS)
    model, _ = binary_model(op, etype, a.shape, b.shape)
    (out,) = run_both(model, {"a": a, "b": b}, tmp_path)
    # Mod takes the dividend's sign (C's %, math.fmod), FloorMod the divisor's (Python's %).
    expected = [int(math.fmod(x, y)) if op == "Mod" else x % y for x, y in zip(*SIGNED_PAIRS)]
    assert out.tolist() == expected


@pytest.mark.parametrize("etype", ["i8", "i16", "i32", "i64"])
def test_integer_negative_exponent_truncates_like_plugin(etype, tmp_path):
    # x^-n = 1/x^n truncated toward zero: only 1 and -1 survive.
    a = np.array([2, -2, 1, 1, -1, -1, 3, -3, 5], np_dtype(etype))
    b = np.array([-1, -1, -5, -2, -3, -4, -2, -1, -3], np_dtype(etype))
    model, _ = binary_model("Power", etype, a.shape, b.shape)
    (out,) = run_both(model, {"a": a, "b": b}, tmp_path)
    assert out.tolist() == [0, 0, 1, 1, -1, 1, 0, 0, 0]


# ---- float special values ----------------------------------------------------------------------

NAN, INF = float("nan"), float("inf")
SPECIAL_A = [NAN, 1.0, NAN, INF, -INF, -0.0, 0.0, NAN, 3.0, INF, -INF]
SPECIAL_B = [1.0, NAN, NAN, NAN, 1.0, 0.0, -0.0, -INF, 3.0, INF, INF]


def _same_zero_signs(ov_out, ir_out):
    ov_f, ir_f = ov_out.astype(np.float64), ir_out.astype(np.float64)
    zeros = (ov_f == 0) & (ir_f == 0)
    return np.array_equal(np.signbit(ov_f[zeros]), np.signbit(ir_f[zeros]))


@pytest.mark.parametrize("etype", ["f32", "f16", "bf16"])
@pytest.mark.parametrize(
    "op", ["Add", "Subtract", "Multiply", "Divide", "Maximum", "Minimum", "Equal", "NotEqual", "Less", "LessEqual"]
)
def test_special_values_match_plugin(op, etype, tmp_path):
    """NaN, inf and signed zeros. Maximum and Minimum are x86's maxps and minps: the second
    operand unless the first is strictly greater (smaller): max(NaN, 1) = 1, max(1, NaN) = NaN."""
    a, b = np.array(SPECIAL_A, np_dtype(etype)), np.array(SPECIAL_B, np_dtype(etype))
    model, _ = binary_model(op, etype, a.shape, b.shape)
    ov_out, ir_out = (outs[0] for outs in run_separately(model, {"a": a, "b": b}, tmp_path))
    oracle.assert_same(ov_out, ir_out)
    assert ir_out.dtype == np.bool_ or _same_zero_signs(ov_out, ir_out)


@pytest.mark.parametrize("etype", ["f32", "f16", "bf16"])
@pytest.mark.parametrize(
    "op,a,b,expected",
    [
        # OpenVINO's Mod is x - trunc(x / y) * y, not fmod: x mod inf is NaN, -0 mod y is +0.
        ("Mod", [5.0, INF, -0.0, 7.5, -7.5, 5.0], [INF, 2.0, 3.0, -2.0, 2.0, 0.0], [NAN, NAN, 0.0, 1.5, -1.5, NAN]),
        (
            "FloorMod",
            [-5.0, 5.0, -0.0, INF, 7.5, -7.5],
            [INF, -INF, 3.0, 2.0, -2.0, 2.0],
            [NAN, NAN, 0.0, NAN, -0.5, 0.5],
        ),
        (
            "Power",
            [0.0, -0.0, -2.0, -8.0, INF, 2.0, 1.0, NAN, -2.0],
            [-1.0, -1.0, 0.5, 1 / 3, -1.0, INF, NAN, 0.0, 3.0],
            [INF, -INF, NAN, NAN, 0.0, INF, 1.0, 1.0, -8.0],
        ),
    ],
)
def test_special_values_of_mod_and_power_match_plugin(op, a, b, expected, etype, tmp_path):
    a, b = np.array(a, np_dtype(etype)), np.array(b, np_dtype(etype))
    model, _ = binary_model(op, etype, a.shape, b.shape)
    ov_out, ir_out = (outs[0] for outs in run_separately(model, {"a": a, "b": b}, tmp_path))
    oracle.assert_same(ov_out, ir_out)
    assert _same_zero_signs(ov_out, ir_out)
    np.testing.assert_array_equal(ir_out.astype(np.float64), np.array(expected))


# ---- logical ops and Select --------------------------------------------------------------------


@pytest.mark.parametrize("op", LOGICAL)
def test_logical_binary_matches_plugin(op, tmp_path):
    rng = np.random.default_rng(_seed(op))
    for shape_a, shape_b in [((3, 1, 5), (4, 1)), ((2, 3), (2, 3)), ((), (4,))]:
        a, b = rng.random(shape_a) < 0.5, rng.random(shape_b) < 0.5
        model, _ = binary_model(op, "boolean", shape_a, shape_b)
        (out,) = run_both(model, {"a": a, "b": b}, tmp_path)
        assert out.dtype == np.bool_ and out.shape == np.broadcast_shapes(shape_a, shape_b)


def test_logical_not_matches_plugin(tmp_path):
    x = ops.parameter([2, 3, 4], ov.Type.boolean, name="x")
    model = ov.Model([ops.result(ops.logical_not(x))], [x])
    data = np.random.default_rng(3).random((2, 3, 4)) < 0.5
    (out,) = run_both(model, {"x": data}, tmp_path)
    np.testing.assert_array_equal(out, ~data)


SELECT_SHAPES = [((2, 1, 4), (3, 1), (1,)), ((4,), (2, 3, 4), (2, 1, 1)), ((), (2, 2), (2, 2)), ((3, 1), (), (1, 5))]


@pytest.mark.parametrize("etype", ["f32", "f16", "bf16", "f64", "i8", "i32", "i64", "u8", "u32", "boolean"])
@pytest.mark.parametrize("shapes", SELECT_SHAPES, ids=lambda s: "-".join(map(str, s)))
def test_select_matches_plugin(shapes, etype, tmp_path):
    rng = np.random.default_rng(_seed("Select", shapes, etype))
    cond_shape, then_shape, else_shape = shapes
    if etype == "boolean":
        then, other = rng.random(then_shape) < 0.5, rng.random(else_shape) < 0.5
    else:
        then, other = (
            _ints(rng, etype, 0 if etype[0] == "u" else -100, 100, s)
            if etype in INTS
            else (rng.standard_normal(s) * 10).astype(np.float32).astype(np_dtype(etype))
            for s in (then_shape, else_shape)
        )
    cond = rng.random(cond_shape) < 0.5
    params = [
        ops.parameter(list(s), t, name=n)
        for s, t, n in [
            (cond_shape, ov.Type.boolean, "c"),
            (then_shape, ov_type(etype), "t"),
            (else_shape, ov_type(etype), "e"),
        ]
    ]
    model = ov.Model([ops.result(ops.select(*params))], params)
    (out,) = run_both(model, {"c": cond, "t": then, "e": other}, tmp_path)
    np.testing.assert_array_equal(out, np.where(cond, then, other))


def test_select_auto_broadcast_none(tmp_path):
    params = [
        ops.parameter([2, 3], t, name=n) for t, n in [(ov.Type.boolean, "c"), (ov.Type.i16, "t"), (ov.Type.i16, "e")]
    ]
    model = ov.Model([ops.result(ops.select(*params, auto_broadcast="none"))], params)
    rng = np.random.default_rng(5)
    cond = rng.random((2, 3)) < 0.5
    then, other = (_ints(rng, "i16", -1000, 1000, (2, 3)) for _ in range(2))
    (out,) = run_both(model, {"c": cond, "t": then, "e": other}, tmp_path)
    np.testing.assert_array_equal(out, np.where(cond, then, other))


# ---- where irexec follows the specification and the plugin does not ----------------------------


@pytest.mark.parametrize(
    "op,etype,a,b,plugin,spec",
    [
        ("Add", "i8", [100, -100], [100, -100], [127, -128], [-56, 56]),
        ("Subtract", "u8", [0, 5], [1, 10], [0, 0], [255, 251]),
        ("Multiply", "u8", [16, 200], [16, 2], [255, 255], [0, 144]),
        ("Multiply", "i8", [-128, 64], [-1, 2], [127, 127], [-128, -128]),
        ("Divide", "i8", [-128], [-1], [127], [-128]),
    ],
)
def test_plugin_saturates_8bit_integer_arithmetic(op, etype, a, b, plugin, spec, tmp_path):
    """The plugin saturates 8-bit Add, Subtract, Multiply (and Divide's -128 / -1) while it
    wraps at 16 and 32 bits; irexec wraps at every width, as C and OpenVINO's reference do."""
    ov_out, ir_out, node = run_binary(op, etype, a, b, tmp_path, **({"m_pythondiv": False} if op == "Divide" else {}))
    assert ov_out.tolist() == plugin
    assert ir_out.tolist() == spec
    if op in ("Add", "Subtract"):  # the reference has no 8-bit Multiply or Divide
        assert (
            reference(
                node,
                [
                    np.array(a, np.int8 if etype == "i8" else np.uint8),
                    np.array(b, np.int8 if etype == "i8" else np.uint8),
                ],
                [len(a)],
            ).tolist()
            == spec
        )


@pytest.mark.parametrize(
    "op,etype,a,b,plugin,spec",
    [
        ("Add", "i64", [2**31 - 1, 2**32], [1, 5], [-(2**31), 5], [2**31, 2**32 + 5]),
        ("Less", "i64", [2**32, -(2**32)], [1, 1], [True, True], [False, True]),
        ("Multiply", "u64", [2**20], [2**20], [0], [2**40]),
        ("Maximum", "u32", [2**31, 2**32 - 1], [1, 5], [1, 5], [2**31, 2**32 - 1]),
        ("Less", "u32", [2**31, 2**32 - 1], [1, 5], [True, True], [False, False]),
        ("Divide", "u32", [4000000000], [3], [4196644864], [1333333333]),
    ],
)
def test_plugin_narrows_64_bit_and_u32_to_i32(op, etype, a, b, plugin, spec, tmp_path):
    """Values beyond i32 lose their high bits in the plugin; u32 from 2^31 is negative there."""
    ov_out, ir_out, node = run_binary(op, etype, a, b, tmp_path)
    assert ov_out.tolist() == plugin
    assert ir_out.tolist() == spec
    assert reference(node, [np.array(a, np_dtype(etype)), np.array(b, np_dtype(etype))], [len(a)]).tolist() == spec


def test_plugin_narrows_i64_in_select(tmp_path):
    params = [
        ops.parameter([2], t, name=n) for t, n in [(ov.Type.boolean, "c"), (ov.Type.i64, "t"), (ov.Type.i64, "e")]
    ]
    model = ov.Model([ops.result(ops.select(*params))], params)
    inputs = {"c": np.array([True, False]), "t": np.array([2**40 + 5, 1]), "e": np.array([0, -(2**40) - 3])}
    (ov_out,), (ir_out,) = run_separately(model, inputs, tmp_path)
    assert ov_out.tolist() == [5, -3]
    assert ir_out.tolist() == [2**40 + 5, -(2**40) - 3]


@pytest.mark.parametrize(
    "op,a,b,plugin,spec",
    [
        ("Add", [0.1], [0.2], [float(np.float32(0.1) + np.float32(0.2))], [0.1 + 0.2]),
        ("Divide", [1.0], [3.0], [float(np.float32(1) / np.float32(3))], [1 / 3]),
        ("Minimum", [-INF, 1e300], [0.0, 1.0], [-float(np.finfo(np.float32).max), 1.0], [-INF, 1.0]),
    ],
)
def test_plugin_computes_f64_in_f32(op, a, b, plugin, spec, tmp_path):
    """The plugin rounds f64 operands and results to f32, and +-inf to +-FLT_MAX."""
    ov_out, ir_out, _ = run_binary(op, "f64", a, b, tmp_path)
    assert ov_out.tolist() == plugin
    assert ir_out.tolist() == spec


@pytest.mark.parametrize("etype", ["i32", "i64"])
def test_plugin_ignores_pythondiv(etype, tmp_path):
    """m_pythondiv=true (the default) asks for floor division; the plugin truncates anyway."""
    a, b = SIGNED_PAIRS
    ov_out, ir_out, node = run_binary("Divide", etype, a, b, tmp_path, m_pythondiv=True)
    assert ov_out.tolist() == [int(x / y) for x, y in zip(a, b)]
    assert ir_out.tolist() == [x // y for x, y in zip(a, b)]
    assert ir_out.tolist() != ov_out.tolist()
    ref = reference(node, [np.array(a, np_dtype(etype)), np.array(b, np_dtype(etype))], [len(a)])
    assert ref.tolist() == ir_out.tolist()


@pytest.mark.parametrize(
    "op,a,b,plugin,spec",
    [
        (
            "Divide",
            [16777217, 2147483647, 123456789],
            [1, 1, 10],
            [16777216, -(2**31), 12345679],
            [16777217, 2147483647, 12345678],
        ),
        ("Mod", [16777217, 2147483647, 1000000007], [16777216, 2, 3], [0, 0, 0], [1, 1, 2]),
        ("FloorMod", [-2147483647, 1000000007], [2, -3], [0, 0], [1, -1]),
    ],
)
def test_plugin_computes_i32_division_in_f32(op, a, b, plugin, spec, tmp_path):
    ov_out, ir_out, node = run_binary(op, "i32", a, b, tmp_path, **({"m_pythondiv": False} if op == "Divide" else {}))
    assert ov_out.tolist() == plugin
    assert ir_out.tolist() == spec
    ref = reference(node, [np.array(a, np.int32), np.array(b, np.int32)], [len(a)])
    assert ref.tolist() == spec


def test_plugin_f32_divide_multiplies_by_reciprocal(tmp_path):
    """The plugin's f32 a / b is a * (1 / b) (its ConvertDivide pass rewrites Divide as Multiply
    by Power(b, -1)), up to an ulp from the correctly rounded quotient that the specification
    and OpenVINO's reference give; irexec gives the latter."""
    rng = np.random.default_rng(11)
    a, b = (rng.standard_normal(1000).astype(np.float32) for _ in range(2))
    ov_out, ir_out, node = run_binary("Divide", "f32", a, b, tmp_path)
    np.testing.assert_array_equal(ov_out, a * (np.float32(1) / b))
    np.testing.assert_array_equal(ir_out, a / b)
    np.testing.assert_array_equal(reference(node, [a, b], [1000]), ir_out)
    assert np.any(ov_out != ir_out)
    np.testing.assert_allclose(ir_out, ov_out, rtol=ONE_ULP_F32)


def test_f32_power_is_within_one_ulp(tmp_path):
    """The plugin calls powf; irexec rounds the f64 power (NumPy's own f32 power can be SIMD
    code an ulp off in a fifth of the cases). They agree on all but a few in a thousand."""
    rng = np.random.default_rng(12)
    a = np.abs(rng.standard_normal(4000) * 4).astype(np.float32)
    b = (rng.standard_normal(4000) * 3).astype(np.float32)
    ov_out, ir_out, _ = run_binary("Power", "f32", a, b, tmp_path)
    np.testing.assert_allclose(ir_out, ov_out, rtol=ONE_ULP_F32)
    assert np.count_nonzero(ir_out != ov_out) < 4000 // 200


@pytest.mark.parametrize("op", ["Greater", "GreaterEqual"])
@pytest.mark.parametrize("etype", ["f32", "f16", "bf16"])
def test_plugin_greater_is_true_for_nan(op, etype, tmp_path):
    """A comparison with NaN is false (the spec, irexec, and the plugin on AVX2 CPUs); on
    AVX-512 CPUs the plugin's Greater and GreaterEqual are true there."""
    ov_out, ir_out, _ = run_binary(op, etype, SPECIAL_A, SPECIAL_B, tmp_path)
    nan = np.isnan(np.array(SPECIAL_A)) | np.isnan(np.array(SPECIAL_B))
    spec = {"Greater": np.greater, "GreaterEqual": np.greater_equal}[op](SPECIAL_A, SPECIAL_B)
    np.testing.assert_array_equal(ir_out, spec)
    assert not ir_out[nan].any()
    oracle.assert_plugin_gives_one_of(
        ov_out, spec, {"AVX-512": spec | nan}, "the plugin's Greater with NaN depends on the CPU"
    )


@pytest.mark.parametrize(
    "etype,a,b,plugin,spec",
    [
        ("i8", [-3, 5, 2], [5, 5, 7], [-128, 127, 127], [13, 53, -128]),
        ("u8", [4, 10, 2], [5, 10, 9], [255, 0, 255], [0, 0, 0]),
        ("i16", [10, 2], [10, 15], [0, -32768], [-7168, -32768]),
        ("i32", [10, 2, 3], [10, 31, 20], [-(2**31)] * 3, [10**10 - 2 * 2**32, -(2**31), 3**20 - 2**32]),
    ],
)
def test_plugin_integer_power_overflow(etype, a, b, plugin, spec, tmp_path):
    """The plugin computes integer powers in f32 and converts back, saturating at 8 bits and
    giving the x86 'integer indefinite' beyond i32; irexec wraps, like repeated Multiply."""
    ov_out, ir_out, _ = run_binary("Power", etype, a, b, tmp_path)
    assert ov_out.tolist() == plugin
    assert ir_out.tolist() == spec


@pytest.mark.parametrize("etype,plugin", [("i8", -128), ("i16", 0), ("i32", -(2**31))])
def test_integer_zero_to_negative_power_is_an_error(etype, plugin, tmp_path):
    """0^-n divides by zero; the plugin returns a different value for each type."""
    a, b = np.array([0, 2], np_dtype(etype)), np.array([-2, 2], np_dtype(etype))
    model, _ = binary_model("Power", etype, a.shape, b.shape)
    path = oracle.save(model, tmp_path)
    with pytest.raises(ExecutionError, match="negative power"):
        irexec.read_model(path).infer({"a": a, "b": b})
    compiled = oracle.core().compile_model(path, "CPU")
    assert compiled({"a": a, "b": b})[0].tolist() == [plugin, 4]


@pytest.mark.parametrize("op", ["Divide", "Mod", "FloorMod"])
@pytest.mark.parametrize("etype", ["i32", "u8"])
def test_integer_division_by_zero_is_an_error(op, etype, tmp_path):
    a, b = np.array([6, 7], np_dtype(etype)), np.array([3, 0], np_dtype(etype))
    model, _ = binary_model(op, etype, a.shape, b.shape)
    with pytest.raises(ExecutionError, match="division by zero"):
        irexec.read_model(oracle.save(model, tmp_path)).infer({"a": a, "b": b})


def test_plugin_flushes_bf16_subnormals(tmp_path):
    """Products below f32's normal range: irexec rounds them to bf16 subnormals; the plugin
    flushes them to zero with AVX512-BF16 and rounds them its own way on AVX2."""
    a = np.array([1e-20, 1e-19, 1.0], BF16)
    b = np.array([1e-19, 1e-20, 3.0], BF16)
    ov_out, ir_out, _ = run_binary("Multiply", "bf16", a, b, tmp_path)
    wide = a.astype(np.float32) * b.astype(np.float32)
    expected = oracle.bf16_nearest_even(wide)
    np.testing.assert_array_equal(ir_out, expected)
    assert 0 < float(ir_out[0]) < np.finfo(np.float32).tiny
    assert oracle.bf16_flushing_subnormals(wide).astype(np.float32).tolist() == [0.0, 0.0, 3.0]
    oracle.assert_plugin_gives_one_of(
        ov_out, expected, oracle.bf16_departures(wide), "the plugin's bf16 subnormals depend on the CPU"
    )
