"""Every element type the reader supports, read from the .bin and fed as input, against the plugin."""

import ml_dtypes
import numpy as np
import pytest

import irexec
from helpers.oracle import compare, ov
from irexec.kernels.packing import pack, unpack
from irexec.types import BY_NAME

ops = pytest.importorskip("openvino.opset15")

OV_TYPES = {
    "boolean": ov.Type.boolean,
    "f16": ov.Type.f16,
    "bf16": ov.Type.bf16,
    "f32": ov.Type.f32,
    "f64": ov.Type.f64,
    "i4": ov.Type.i4,
    "u4": ov.Type.u4,
    "u1": ov.Type.u1,
    "i8": ov.Type.i8,
    "i16": ov.Type.i16,
    "i32": ov.Type.i32,
    "i64": ov.Type.i64,
    "u8": ov.Type.u8,
    "u16": ov.Type.u16,
    "u32": ov.Type.u32,
    "u64": ov.Type.u64,
}


def sample(name, shape, rng):
    return np.asarray(_sample(name, shape, rng))


def _sample(name, shape, rng):
    et = BY_NAME[name]
    if name == "boolean":
        return rng.random(shape) < 0.5
    if name == "u1":
        return rng.integers(0, 2, shape).astype(np.uint8)
    if name in ("i4", "u4"):
        lo, hi = (-8, 8) if name == "i4" else (0, 16)
        return rng.integers(lo, hi, shape).astype(np.int8 if name == "i4" else np.uint8)
    if et.is_float:
        # bf16 goes in as f32 values that bf16 represents exactly, so both sides see one value.
        vals = (rng.standard_normal(shape) * 100).astype(et.dtype)
        return vals.astype(np.float32) if name == "bf16" else vals
    info = np.iinfo(et.dtype)
    return rng.integers(info.min, info.max, shape, dtype=et.dtype, endpoint=True)


@pytest.mark.parametrize("name", sorted(OV_TYPES))
@pytest.mark.parametrize("shape", [(), (7,), (3, 5), (2, 3, 3)])
def test_const_of_every_type_widened(tmp_path, name, shape):
    """Const (bytes as OpenVINO packs them) -> Convert to f32/f64: the values must agree exactly."""
    rng = np.random.default_rng(hash((name, shape)) & 0xFFFF)
    vals = sample(name, shape, rng)
    if vals.dtype.kind in "iu" and vals.dtype.itemsize >= 4:
        # The CPU plugin widens through f32 (even to f64), so stay where f32 is exact; full-range
        # bytes are checked in test_const_of_every_byte_type_is_returned_as_is.
        vals = vals % (1 << 24)
    c = ops.constant(vals, dtype=OV_TYPES[name])
    model = ov.Model([ops.result(ops.convert(c, ov.Type.f32))], [], "t")
    (out,) = compare(model, {}, tmp_path)
    np.testing.assert_array_equal(out, vals.astype(out.dtype))


# The CPU plugin computes i64/u32/u64 as i32 (saturating) and f64 as f32, even for a plain
# Const -> Result; irexec keeps every value (the spec's types). Plugin comparisons therefore use
# values both represent, and the full-range behaviour is checked against NumPy below.
NARROWED = ("i64", "u32", "u64", "f64")


def plugin_safe(vals):
    if vals.dtype == np.float64:
        return vals.astype(np.float32).astype(np.float64)
    if vals.dtype in (np.int64, np.uint32, np.uint64):
        return vals % (1 << 30)
    return vals


@pytest.mark.parametrize("name", sorted(n for n in OV_TYPES if n not in ("i4", "u4", "u1")))
def test_const_of_every_byte_type_is_returned_as_is(tmp_path, name):
    vals = plugin_safe(sample(name, (4, 3), np.random.default_rng(1)))
    model = ov.Model([ops.result(ops.constant(vals, dtype=OV_TYPES[name]))], [], "t")
    (out,) = compare(model, {}, tmp_path)
    assert out.dtype == BY_NAME[name].dtype


@pytest.mark.parametrize("name", sorted(n for n in OV_TYPES if n not in ("i4", "u4", "u1")))
def test_parameter_of_every_byte_type(tmp_path, name):
    vals = plugin_safe(sample(name, (2, 5), np.random.default_rng(2)).astype(BY_NAME[name].dtype))
    p = ops.parameter([2, 5], OV_TYPES[name], name="x")
    model = ov.Model([ops.result(ops.concat([p, p], 0))], [p], "t")
    (out,) = compare(model, {"x": vals}, tmp_path)
    np.testing.assert_array_equal(out[:2].view(np.uint8), vals.view(np.uint8))


@pytest.mark.parametrize("name", sorted(NARROWED))
def test_full_range_values_survive_where_the_plugin_narrows(tmp_path, name):
    """Spec over plugin: 64-bit and u32 values are kept whole by irexec (the plugin saturates them)."""
    vals = sample(name, (4, 3), np.random.default_rng(4)).astype(BY_NAME[name].dtype)
    model = ov.Model([ops.result(ops.constant(vals, dtype=OV_TYPES[name]))], [], "t")
    from helpers.oracle import run_openvino, save

    path = save(model, tmp_path)
    ours = irexec.read_model(path).infer()
    np.testing.assert_array_equal(next(iter(ours.values())), vals)
    theirs = run_openvino(path, {})[0]
    assert not np.array_equal(theirs.astype(np.float64), vals.astype(np.float64))


@pytest.mark.parametrize("name", ["i4", "u4", "u1"])
def test_pack_unpack_round_trip_matches_openvino_bytes(name):
    """irexec.kernels.packing.pack is the inverse of unpack, and both agree with the bytes OpenVINO writes."""
    vals = sample(name, (13,), np.random.default_rng(3))
    c = ops.constant(vals, dtype=OV_TYPES[name])
    ov_bytes = c.get_data().view(np.uint8).tobytes() if hasattr(c, "get_data") else None
    ours = pack(vals, BY_NAME[name])
    if ov_bytes is not None:
        assert ours == ov_bytes[: len(ours)]
    back = unpack(np.frombuffer(ours, np.uint8), BY_NAME[name], vals.size)
    np.testing.assert_array_equal(back.astype(np.int16), vals.astype(np.int16))


def test_bf16_and_int4_are_ml_dtypes():
    assert BY_NAME["bf16"].dtype == np.dtype(ml_dtypes.bfloat16)
    assert BY_NAME["i4"].dtype == np.dtype(ml_dtypes.int4)
    with pytest.raises(irexec.ParseError, match="'i2' is not supported"):
        irexec.types.element_type("i2")
