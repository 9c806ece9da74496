"""Differential tests of Convert-1: irexec against the OpenVINO CPU plugin, for every pair of
the 16 element types irexec supports.

The plugin converts float to integer by truncating into an i32 (NaN and out-of-range values
give -2^31) and keeping the low N bits; irexec does the same (see irexec/ops/convert.py). The
matrix test compares every pair on the values where the plugin follows that rule and the
specification; each kind of value it leaves out is pinned by a ``test_plugin_*`` test that
shows the plugin's exact value, next to irexec's and, where it has one, OpenVINO's reference
implementation (``Node.evaluate``, what constant folding computes).

The plugin produces i4 and u4 as model outputs, but not u1 (it refuses the output, and a
Convert to u1 followed by another Convert corrupts its heap), so conversions to u1 are
compared with the reference implementation.
"""

from __future__ import annotations

import numpy as np
import openvino.opset15 as ops  # noqa: E402  (after the skip)
import pytest
from test_diff_elementwise import BF16, from_ov_tensor, np_dtype, ov_type, run_both, run_separately, to_ov_tensor

import irexec
from helpers import oracle  # skips these tests when openvino is not installed
from helpers.oracle import ov
from irexec.kernels.packing import pack, unpack
from irexec.types import BY_NAME

FLOATS = ["f16", "bf16", "f32", "f64"]
INTS = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]
PACKED = ["i4", "u4", "u1"]
PARAMETER_TYPES = ["boolean"] + FLOATS + INTS
ALL_TYPES = PARAMETER_TYPES + PACKED
I32_MIN = -(2**31)
F32_MAX = float(np.finfo(np.float32).max)

FLOAT_EDGES = [
    0.0,
    -0.0,
    0.4,
    0.5,
    0.6,
    1.5,
    2.5,
    -0.4,
    -0.5,
    -0.6,
    -1.5,
    -2.5,
    7.9,
    -8.9,
    15.5,
    127.5,
    128.0,
    200.7,
    255.5,
    256.0,
    300.0,
    -129.0,
    -200.0,
    32767.5,
    32768.0,
    65504.0,
    65535.9,
    65536.0,
    70000.0,
    -32769.0,
    2147483520.0,
    2147483648.0,
    3e9,
    4294967296.0,
    -2147483904.0,
    -3e9,
    1e19,
    -1e19,
    1e30,
    -1e30,
    1e-39,
    -1e-39,
    1e-45,
    float("inf"),
    float("-inf"),
    float("nan"),
]
INT_EDGES = [
    0,
    1,
    -1,
    2,
    7,
    -8,
    15,
    16,
    127,
    128,
    -128,
    -129,
    255,
    256,
    2049,
    4313,
    -4313,
    18555,
    32767,
    32768,
    -32768,
    -32769,
    65535,
    65536,
    16777217,
    16777219,
    2**31 - 1,
    2**31,
    -(2**31),
    -(2**31) - 1,
    2**32 - 1,
    2**32,
    2**53 + 1,
    2**63 - 1,
    -(2**63),
    2**64 - 1,
]


def source_values(src: str) -> np.ndarray:
    """Edge values of ``src`` and seeded random ones, in the NumPy type irexec computes with."""
    rng = np.random.default_rng(sum(map(ord, src)))
    dtype = np_dtype(src)
    if src == "boolean":
        return np.array([True, False, True, True, False])
    if src in PACKED:
        lo, hi = int_range(src)
        return np.arange(lo, hi + 1).astype(dtype)
    if src in FLOATS:
        top = 11 if src == "f16" else 25  # e^11 is about f16's largest finite value
        rand = rng.standard_normal(48) * np.exp(rng.uniform(0, top, 48))
        rand[::2] = rand[::2].astype(np.float32)  # the plugin's f64 is f32: give it some of those
        with np.errstate(over="ignore"):
            return np.concatenate([FLOAT_EDGES, rand]).astype(np.float32 if src == "bf16" else np.float64).astype(dtype)
    info = np.iinfo(dtype)
    edges = [v for v in INT_EDGES if info.min <= v <= info.max]
    rand = rng.integers(info.min, info.max, 48, dtype=dtype, endpoint=True)
    smaller = rand >> rng.integers(0, info.bits, 48).astype(dtype)
    return np.concatenate([np.array(edges, dtype), rand, smaller])


def int_range(etype: str) -> tuple:
    if etype in PACKED:
        return {"i4": (-8, 7), "u4": (0, 15), "u1": (0, 1)}[etype]
    info = np.iinfo(np_dtype(etype))
    return int(info.min), int(info.max)


def _as_f64(x: np.ndarray) -> np.ndarray:
    if x.dtype.kind == "V":  # bf16 and the packed ml_dtypes types
        x = x.astype(np.float32)
    return x.astype(np.float64)


def plugin_follows_spec(src: str, dst: str, x: np.ndarray) -> np.ndarray:
    """Which values of ``x`` the plugin converts as irexec does. Each rule names the test that
    pins what the plugin gives for the values it leaves out."""
    f = _as_f64(x)
    t = np.trunc(f)
    keep = np.ones(x.shape, bool)
    in_i32 = (t >= I32_MIN) & (t < 2**31)
    if dst in ("i64", "u64") or (dst == "u32" and src in FLOATS):
        keep &= in_i32  # test_plugin_goes_through_i32
    if dst == "boolean":
        keep &= ~np.isnan(f)  # test_plugin_to_boolean
        if src not in FLOATS:
            keep &= in_i32 & (t != I32_MIN)
    if "f64" in (src, dst):
        with np.errstate(over="ignore"):  # test_plugin_computes_f64_as_f32
            keep &= np.isfinite(f) & (f.astype(np.float32) == f)
        if src == "f64" and dst in INTS + PACKED:
            lo, hi = int_range(dst)
            keep &= (t >= lo) & (t <= hi)
    if src == "f16" and dst in ("i16", "i32", "i64", "u16", "u32", "u64"):
        keep &= np.isfinite(f)  # test_plugin_f16_infinity_is_65504
    if dst == "bf16" and src not in ("f16", "bf16", "f32"):
        with np.errstate(over="ignore"):  # test_plugin_rounds_to_bf16_its_own_way
            keep &= f.astype(np.float32).astype(BF16).astype(np.float64) == f
    if dst == "bf16" and src in ("f16", "f32"):  # test_plugin_rounds_f32_to_bf16_by_cpu
        spec = oracle.bf16_nearest_even(f).view(np.uint16)
        for departure in oracle.bf16_departures(f).values():
            keep &= departure.view(np.uint16) == spec
    if src == "i4" and dst in ("u32", "u64"):
        keep &= f >= 0  # test_plugin_i4_to_wide_unsigned
    return keep


# ---- building and running ----------------------------------------------------------------------


def convert_model(src: str, dst: str, x: np.ndarray):
    """Parameter -> Convert -> Result, or Const -> Convert for the packed types, which the
    plugin takes only as constants."""
    if src in PACKED:
        data, params = ops.constant(np.asarray(x).astype(np.int8), dtype=ov_type(src)), []
    else:
        data = ops.parameter(list(x.shape), ov_type(src), name="x")
        params = [data]
    node = ops.convert(data, ov_type(dst))
    return ov.Model([ops.result(node)], params), node


def feeds(src: str, x: np.ndarray) -> dict:
    return {} if src in PACKED else {"x": x}


def packed_tensor(x: np.ndarray, etype: str) -> ov.Tensor:
    tensor = ov.Tensor(ov_type(etype), list(x.shape))
    tensor.data.view(np.uint8).reshape(-1)[...] = np.frombuffer(pack(x, BY_NAME[etype]), np.uint8)
    return tensor


def reference_convert(src: str, dst: str, x: np.ndarray) -> np.ndarray:
    """OpenVINO's reference Convert, unpacking the sub-byte results."""
    param = ops.parameter(list(x.shape), ov_type(src), name="x")
    out = ov.Tensor(ov_type(dst), list(x.shape))
    arg = packed_tensor(x, src) if src in PACKED else to_ov_tensor(x)
    assert ops.convert(param, ov_type(dst)).evaluate([out], [arg])
    if dst in PACKED:
        return unpack(out.data.view(np.uint8).reshape(-1), BY_NAME[dst], x.size).reshape(x.shape)
    return from_ov_tensor(out)


def irexec_convert(src: str, dst: str, x: np.ndarray, tmp_path) -> np.ndarray:
    model, _ = convert_model(src, dst, x)
    (out,) = irexec.read_model(oracle.save(model, tmp_path)).infer(feeds(src, x)).values()
    return out


def as_source(src: str, values) -> np.ndarray:
    if src in FLOATS:
        with np.errstate(over="ignore"):  # 70000 is inf in f16, as OpenVINO would have it
            return (
                np.array(values, np.float64).astype(np.float32 if src == "bf16" else np.float64).astype(np_dtype(src))
            )
    return np.array(values).astype(np_dtype(src))


def plugin_and_irexec(src: str, dst: str, values, tmp_path) -> tuple:
    x = as_source(src, values)
    model, _ = convert_model(src, dst, x)
    (ov_out,), (ir_out,) = run_separately(model, feeds(src, x), tmp_path)
    return x, ov_out, ir_out


def plugin_packed_output(model, inputs: dict, tmp_path, dst: str) -> np.ndarray:
    """The plugin's i4 or u4 output, unpacked: OpenVINO's Python API gives the packed bytes."""
    compiled = oracle.core().compile_model(oracle.save(model, tmp_path), "CPU")
    request = compiled.create_infer_request()
    for name, value in inputs.items():
        request.set_tensor(name, to_ov_tensor(value))
    request.infer()
    out = request.get_output_tensor(0)
    return unpack(out.data.view(np.uint8).reshape(-1), BY_NAME[dst], out.size).reshape(out.shape)


# ---- every pair --------------------------------------------------------------------------------


@pytest.mark.parametrize("dst", ALL_TYPES)
@pytest.mark.parametrize("src", ALL_TYPES)
def test_convert_matches_plugin(src, dst, tmp_path):
    x = source_values(src)
    if dst == "u1":
        ir_out = irexec_convert(src, dst, x, tmp_path)
        assert ir_out.dtype == np_dtype(dst)
        np.testing.assert_array_equal(ir_out, reference_convert(src, dst, x))
        return
    keep = plugin_follows_spec(src, dst, x)
    assert keep.sum() >= min(len(x), 5), "the test would compare almost nothing"
    x = x[keep]
    model, _ = convert_model(src, dst, x)
    if dst in PACKED:
        ir_out = irexec_convert(src, dst, x, tmp_path)
        assert ir_out.dtype == np_dtype(dst)
        ov_out = plugin_packed_output(model, feeds(src, x), tmp_path, dst)
        np.testing.assert_array_equal(ir_out.astype(np.int8), ov_out.astype(np.int8))
        return
    (out,) = run_both(model, feeds(src, x), tmp_path)
    assert out.dtype == np_dtype(dst) and out.shape == x.shape


# ---- the rules, with their numbers -------------------------------------------------------------

FLOAT_TO_INT = [  # value, then what it becomes in i8, u8, i16, u16, i32
    (200.0, -56, 200, 200, 200, 200),
    (-1.5, -1, 255, -1, 65535, -1),
    (2.75, 2, 2, 2, 2, 2),
    (300.0, 44, 44, 300, 300, 300),
    (-129.0, 127, 127, -129, 65407, -129),
    (32768.0, 0, 0, -32768, 32768, 32768),
    (70144.0, 0, 0, 4608, 4608, 70144),
    (np.nan, 0, 0, 0, 0, I32_MIN),
    (np.inf, 0, 0, 0, 0, I32_MIN),
    (-np.inf, 0, 0, 0, 0, I32_MIN),
]


@pytest.mark.parametrize("src", ["f32", "f16", "bf16"])
@pytest.mark.parametrize("column,dst", list(enumerate(["i8", "u8", "i16", "u16", "i32"], start=1)))
def test_float_to_int_truncates_then_keeps_low_bits(src, column, dst, tmp_path):
    # f16 cannot hold 70144, and its infinities are test_plugin_f16_infinity_is_65504's.
    rows = [row for row in FLOAT_TO_INT if src != "f16" or not abs(row[0]) > 65504]
    _, ov_out, ir_out = plugin_and_irexec(src, dst, [row[0] for row in rows], tmp_path)
    expected = [row[column] for row in rows]
    assert ir_out.tolist() == expected
    assert ov_out.tolist() == expected


@pytest.mark.parametrize(
    "src,dst,values,expected",
    [
        ("i32", "u8", [300, -1, -256, 2**31 - 1], [44, 255, 0, 255]),
        ("i32", "i8", [128, -129, 255, I32_MIN], [-128, 127, -1, 0]),
        ("u16", "i16", [65535, 32768], [-1, -32768]),
        ("i64", "i32", [2**32 + 5, -(2**63)], [5, 0]),
        ("u64", "i8", [2**64 - 1, 2**63 + 200], [-1, -56]),
        ("i8", "u64", [-1, -128], [2**64 - 1, 2**64 - 128]),
        ("boolean", "i16", [True, False], [1, 0]),
    ],
)
def test_int_to_int_keeps_low_bits(src, dst, values, expected, tmp_path):
    _, ov_out, ir_out = plugin_and_irexec(src, dst, values, tmp_path)
    assert ir_out.tolist() == expected
    assert ov_out.tolist() == expected


@pytest.mark.parametrize(
    "src,values,expected",
    [
        (
            "f32",
            [-9.5, -8.0, 7.9, 8.0, 15.5, 100.0, np.nan, np.inf],
            {"i4": [7, -8, 7, -8, -1, 4, 0, 0], "u4": [7, 8, 7, 8, 15, 4, 0, 0], "u1": [1, 0, 1, 0, 1, 0, 0, 0]},
        ),
        (
            "i32",
            [-9, -1, 16, 17, 255, I32_MIN],
            {"i4": [7, -1, 0, 1, -1, 0], "u4": [7, 15, 0, 1, 15, 0], "u1": [1, 1, 0, 1, 1, 0]},
        ),
        ("boolean", [True, False], {"i4": [1, 0], "u4": [1, 0], "u1": [1, 0]}),
    ],
)
@pytest.mark.parametrize("dst", PACKED)
def test_to_packed_keeps_low_bits(src, values, expected, dst, tmp_path):
    x = np.array(values, np_dtype(src))
    ir_out = irexec_convert(src, dst, x, tmp_path)
    assert ir_out.astype(np.int64).tolist() == expected[dst]
    assert reference_convert(src, dst, x).astype(np.int64).tolist() == expected[dst]
    if dst != "u1":
        model, _ = convert_model(src, dst, x)
        ov_out = plugin_packed_output(model, {"x": x}, tmp_path, dst)
        assert ov_out.astype(np.int64).tolist() == expected[dst]


def test_plugin_cannot_output_u1(tmp_path):
    x = np.array([3.0, 2.0, -1.0], np.float32)
    model, _ = convert_model("f32", "u1", x)
    with pytest.raises(RuntimeError, match="byte size"):
        plugin_packed_output(model, {"x": x}, tmp_path, "u1")
    assert irexec_convert("f32", "u1", x, tmp_path).tolist() == [1, 0, 1]


def test_plugin_drops_a_convert_to_i4_between_floats(tmp_path):
    """f32 -> i4 -> f32: the plugin merges the two Converts and keeps -9 and 100, which i4
    cannot hold. (The same through u1 corrupts the plugin's heap, so it is not run.)"""
    x = np.array([-9.5, 100.0, 3.0], np.float32)
    param = ops.parameter([3], ov.Type.f32, name="x")
    through_i4 = ops.convert(ops.convert(param, ov.Type.i4), ov.Type.f32)
    model = ov.Model([ops.result(through_i4)], [param])
    (ov_out,), (ir_out,) = run_separately(model, {"x": x}, tmp_path)
    assert ov_out.tolist() == [-9.0, 100.0, 3.0]
    assert ir_out.tolist() == [7.0, 4.0, 3.0]


# ---- where irexec follows the specification and the plugin does not ----------------------------


@pytest.mark.parametrize(
    "src,dst,values,plugin,spec",
    [
        ("f32", "i64", [3e9, -3e9, np.nan], [I32_MIN] * 3, [3000000000, -3000000000, -(2**63)]),
        ("f32", "u32", [3e9, 4294967040.0], [2**31] * 2, [3000000000, 4294967040]),
        ("bf16", "u64", [2**31, 1e19], [2**64 + I32_MIN] * 2, [2**31, 10016005571271983104]),
        (
            "i64",
            "u64",
            [2**31, -(2**31) - 1, 2**32],
            [2**64 + I32_MIN, 2**31 - 1, 0],
            [2**31, 2**64 - 2**31 - 1, 2**32],
        ),
        ("u32", "i64", [2**31, 2**32 - 1], [I32_MIN, -1], [2**31, 2**32 - 1]),
        ("u64", "i64", [2**32, 2**63 - 1], [0, -1], [2**32, 2**63 - 1]),
        ("i64", "i64", [2**32 + 5, -(2**31) - 1], [5, 2**31 - 1], [2**32 + 5, -(2**31) - 1]),
    ],
)
def test_plugin_goes_through_i32(src, dst, values, plugin, spec, tmp_path):
    """The plugin narrows i64, u64 and u32 to i32 (even through a Convert to the same type), so
    values beyond i32 come out wrong, from floats as -2^31 (x86's 'integer indefinite')."""
    x, ov_out, ir_out = plugin_and_irexec(src, dst, values, tmp_path)
    assert ov_out.tolist() == plugin
    assert ir_out.tolist() == spec
    assert reference_convert(src, dst, x).tolist() == spec


@pytest.mark.parametrize("src", ["f32", "f16", "bf16", "f64", "i32", "i64", "u32"])
def test_plugin_to_boolean(src, tmp_path):
    """The plugin computes |x| > 0 in i32: false for NaN and for -2^31 (and for u32 from 2^31,
    and for i64 whose low 32 bits are 0 or -2^31). The specification and the reference say
    x != 0; so does irexec."""
    values = {
        "f32": [np.nan, 1.0, 0.0],
        "f16": [np.nan, 1.0, 0.0],
        "bf16": [np.nan, 1.0, 0.0],
        "f64": [np.nan, 1.0, 0.0],
        "i32": [I32_MIN, 1, 0],
        "i64": [2**32, 1, 0],
        "u32": [2**31, 1, 0],
    }[src]
    x, ov_out, ir_out = plugin_and_irexec(src, "boolean", values, tmp_path)
    assert ov_out.tolist() == [False, True, False]
    assert ir_out.tolist() == [True, True, False]
    assert reference_convert(src, "boolean", x).tolist() == [True, True, False]


@pytest.mark.parametrize(
    "dst,plugin,spec",
    [
        ("i32", [65504, -65504], [I32_MIN, I32_MIN]),
        ("i16", [-32, 32], [0, 0]),
        ("u16", [65504, 32], [0, 0]),
        ("i64", [65504, -65504], [-(2**63), -(2**63)]),
    ],
)
def test_plugin_f16_infinity_is_65504(dst, plugin, spec, tmp_path):
    """For these destinations (not i8 or u8) the plugin turns f16 +-inf into +-65504 first."""
    x, ov_out, ir_out = plugin_and_irexec("f16", dst, [np.inf, -np.inf], tmp_path)
    assert ov_out.tolist() == plugin
    assert ir_out.tolist() == spec
    assert reference_convert("f16", dst, x).tolist() == spec


@pytest.mark.parametrize(
    "src,dst,values,plugin,spec",
    [
        ("f64", "f32", [np.inf, -np.inf], [F32_MAX, -F32_MAX], [np.inf, -np.inf]),
        ("f32", "f64", [np.inf, -np.inf], [F32_MAX, -F32_MAX], [np.inf, -np.inf]),
        ("i32", "f64", [16777217, 2**31 - 1], [16777216.0, 2.0**31], [16777217.0, 2**31 - 1.0]),
        ("f64", "i8", [300.0, -200.0], [127, -128], [44, 56]),
        ("f64", "i32", [3e9, np.inf], [2**31 - 1] * 2, [I32_MIN] * 2),
    ],
)
def test_plugin_computes_f64_as_f32(src, dst, values, plugin, spec, tmp_path):
    """The plugin holds f64 as f32, saturating +-inf to +-FLT_MAX, and its f64 -> integer
    conversions saturate where every other float type keeps the low bits."""
    x, ov_out, ir_out = plugin_and_irexec(src, dst, values, tmp_path)
    assert ov_out.tolist() == plugin
    assert ir_out.tolist() == spec
    assert reference_convert(src, dst, x).tolist() == spec


@pytest.mark.parametrize(
    "src,values,plugin,spec",
    [
        ("i32", [-4313, 18555, 883], [-4288, 18432, 880], [-4320, 18560, 884]),
        ("u16", [1718, 14516], [1712, 14464], [1720, 14528]),
        ("f64", [0.4, 1.0 + 2**-8 + 2**-9], [0.3984375, 1.0], [0.400390625, 1.0078125]),
    ],
)
def test_plugin_rounds_to_bf16_its_own_way(src, values, plugin, spec, tmp_path):
    """From integers and f64 the plugin (and the reference) round to bf16 by adding half an
    ulp only when the kept last bit is odd, so 883 -> 880 where the nearest is 884; from
    f32 and f16 it depends on the CPU (next test). irexec rounds to nearest even from all types."""
    x, ov_out, ir_out = plugin_and_irexec(src, "bf16", values, tmp_path)
    assert ov_out.astype(np.float64).tolist() == plugin
    assert ir_out.astype(np.float64).tolist() == spec
    assert reference_convert(src, "bf16", x).astype(np.float64).tolist() == plugin


# 1 + 3/4 ulp of bf16 is nearest to 1 + 1 ulp (odd), which AVX2's rounding truncates to 1; the
# ties 1 + 1/2 ulp and 1 + 3/2 ulp go to even on every CPU; AVX512-BF16 flushes subnormals.
BF16_ROUNDING = [1 + 3 * 2**-9, -(1 + 3 * 2**-9), 1 + 2**-8, 1 + 2**-7 + 2**-8, 300.5, 7]


@pytest.mark.parametrize(
    "src,values",
    [
        ("f32", [1e-39, -3e-39, 1e-30] + BF16_ROUNDING),
        ("f16", BF16_ROUNDING),
    ],
)
def test_plugin_rounds_f32_to_bf16_by_cpu(src, values, tmp_path):
    """f32 and f16 to bf16: irexec rounds to nearest even, subnormals kept (the specification,
    and the plugin on AVX-512 CPUs without AVX512-BF16); the plugin flushes subnormals to zero
    with AVX512-BF16, and on AVX2 rounds up only from an odd last bit, as OpenVINO's reference
    does (see oracle.bf16_departures)."""
    x, ov_out, ir_out = plugin_and_irexec(src, "bf16", values, tmp_path)
    spec = oracle.bf16_nearest_even(x)
    np.testing.assert_array_equal(ir_out.view(np.uint16), spec.view(np.uint16))
    assert src != "f32" or 0 < float(ir_out[0]) < np.finfo(np.float32).tiny
    oracle.assert_plugin_gives_one_of(
        ov_out, spec, oracle.bf16_departures(x), "the plugin's f32 -> bf16 rounding depends on the CPU"
    )
    reference = reference_convert(src, "bf16", x)
    np.testing.assert_array_equal(reference.view(np.uint16), oracle.bf16_rounding_up_from_odd(x).view(np.uint16))


@pytest.mark.parametrize("dst", ["u32", "u64"])
def test_plugin_i4_to_wide_unsigned(dst, tmp_path):
    """The specification converts negative integers to unsigned modulo 2^N; for i4 constants
    to u32 and u64 the plugin (its constant folding) gives 2^31 - 1 instead."""
    bits = 32 if dst == "u32" else 64
    x, ov_out, ir_out = plugin_and_irexec("i4", dst, [-8, -1, 7], tmp_path)
    assert ov_out.tolist() == [2**31 - 1, 2**31 - 1, 7]
    assert ir_out.tolist() == [2**bits - 8, 2**bits - 1, 7]
