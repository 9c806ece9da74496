"""The floats narrower than f16 (f8e4m3, f8e5m2, f8e8m0, f4e2m1, nf4) in the reader, at the
inputs and in the outputs: constants as OpenVINO writes them (values decoded here from the bit
layout), size mismatches, Parameter feeds, and what ``irexec run`` shows and saves."""

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from cases.type.test_convert_f8 import NF4, e2m1, e4m3, e5m2, e8m0
from helpers.irtext import const, layer, net, param, port, result, write
from irexec.cli import cli

DECODE = {"f8e4m3": (e4m3, 256), "f8e5m2": (e5m2, 256), "f8e8m0": (e8m0, 256), "f4e2m1": (e2m1, 16)}


def _to_f32(et: str, n: int, blob: bytes, tmp_path, stem="model") -> np.ndarray:
    """Const of ``n`` elements of ``et`` over ``blob`` -> Convert to f32 -> Result, run by irexec."""
    xml = net(
        [
            const(0, (n,), et, 0, len(blob)),
            layer(
                1,
                "Convert",
                data={"destination_type": "f32"},
                inputs=[port(0, et, (n,))],
                outputs=[port(1, "f32", (n,), "y")],
            ),
            result(2, "f32", (n,)),
        ],
        [(0, 0, 1, 0), (1, 1, 2, 0)],
    )
    return irexec.read_model(write(tmp_path, xml, blob, stem)).infer({})["y"]


def _same(got, want):
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert got.shape == want.shape
    both_nan = np.isnan(got) & np.isnan(want)
    assert np.all((got == want) | both_nan), (got, want)
    assert np.array_equal(np.signbit(got[~both_nan]), np.signbit(want[~both_nan]))


@pytest.mark.parametrize("et", ["f8e4m3", "f8e5m2", "f8e8m0"])
def test_every_f8_code_reads_as_its_bits_say(et, tmp_path):
    decode, n = DECODE[et]
    _same(_to_f32(et, n, bytes(range(256)), tmp_path), decode(np.arange(n)))


def test_f4e2m1_and_nf4_take_the_low_nibble_first(tmp_path):
    # Codes 0..15 then 3: five bytes 0x10, 0x32, ... 0xFE, 0x03 (the last high nibble unused).
    codes = list(range(16)) + [3]
    blob = bytes([0x10, 0x32, 0x54, 0x76, 0x98, 0xBA, 0xDC, 0xFE, 0x03])
    _same(_to_f32("f4e2m1", 17, blob, tmp_path, "f4"), e2m1(np.array(codes)))
    _same(_to_f32("nf4", 17, blob, tmp_path, "nf4"), np.float32([NF4[c] for c in codes]))


def _openvino():
    return pytest.importorskip("openvino")


@pytest.mark.parametrize(
    "et,precision",
    [("f8e4m3", "F8E4M3"), ("f8e5m2", "F8E5M2"), ("f8e8m0", "F8E8M0"), ("f4e2m1", "F4E2M1"), ("nf4", "NF4")],
)
def test_ir_written_by_openvino(et, precision, tmp_path):
    """OpenVINO's own IR of a constant of every code: its spelling and packing, read back."""
    ov = _openvino()
    decode, n = DECODE.get(et, (None, 16))
    raw = np.arange(n, dtype=np.uint8) if n == 256 else np.array([2 * i | (2 * i + 1) << 4 for i in range(8)], np.uint8)
    tensor = ov.Tensor(getattr(ov.Type, et), [n])
    np.asarray(tensor.data).view(np.uint8).reshape(-1)[:] = raw
    c = ov.opset13.constant(tensor)
    model = ov.Model([ov.opset13.convert(c, "f32")], [], "m")
    path = str(tmp_path / "m.xml")
    ov.save_model(model, path, compress_to_fp16=False)
    text = open(path).read()
    assert f'element_type="{et}"' in text and f'precision="{precision}"' in text
    got = next(iter(irexec.read_model(path).infer({}).values()))
    _same(got, decode(np.arange(n)) if decode else np.float32(NF4))


@pytest.mark.parametrize(
    "et,n,size,need", [("f8e4m3", 3, 2, 3), ("f8e8m0", 2, 3, 2), ("f4e2m1", 3, 1, 2), ("nf4", 4, 3, 2)]
)
def test_const_size_must_match(et, n, size, need, tmp_path):
    xml = net([const(0, (n,), et, 0, size), result(1, et, (n,))], [(0, 0, 1, 0)])
    r = CliRunner().invoke(cli, ["run", write(tmp_path, xml, bytes(8))])
    lines = r.output.strip().splitlines()
    assert r.exit_code == 1 and len(lines) == 1, r.output
    assert f"size {size} does not match shape [{n}] of {et} ({need} bytes)" in lines[0] and "l0" in lines[0]


def _identity(et: str, n: int) -> str:
    return net([param(0, "x", (n,), et), result(1, et, (n,))], [(0, 0, 1, 0)])


@pytest.mark.parametrize(
    "et,given,want",
    [
        ("f8e4m3", [1.0625, 0.3, -448.0, 464.0], [1.0, 0.3125, -448.0, 448.0]),
        ("f8e5m2", [1.125, 57344.0, -3e-5, 0.1], [1.0, 57344.0, -3.0517578125e-05, 0.09375]),
        ("f8e8m0", [3.0, 6.0, 0.3, 2.0**127], [2.0, 8.0, 0.25, 2.0**127]),
        ("f4e2m1", [0.25, 0.75, -2.6, 6.0], [0.0, 1.0, -3.0, 6.0]),
        ("nf4", [0.5, 0.51, -1.0, 0.04], [0.44070982933044434, 0.5626170039176941, -1.0, 0.07958029955625534]),
    ],
)
def test_float_inputs_round_as_convert_does(et, given, want, tmp_path):
    m = irexec.read_model(write(tmp_path, _identity(et, 4)))
    out = m.infer({"x": np.float32(given)})["x"]
    assert out.dtype == irexec.types.element_type(et).dtype
    _same(out.astype(np.float32), np.float32(want))


@pytest.mark.parametrize(
    "et,bad", [("f8e4m3", 480.0), ("f8e5m2", -1e6), ("f8e8m0", 0.0), ("f8e8m0", -2.0), ("f4e2m1", 6.5), ("nf4", 1.01)]
)
def test_values_outside_the_type_are_refused(et, bad, tmp_path):
    path = write(tmp_path, _identity(et, 2))
    np.save(str(tmp_path / "x.npy"), np.float32([1.0, bad]))
    r = CliRunner().invoke(cli, ["run", path, "-i", f"x={tmp_path / 'x.npy'}"])
    assert (
        r.exit_code == 1
        and r.output.strip() == f"error: input 'x' expects {et}, got f32 (float32) with values outside {et}'s range"
    ), r.output


def test_run_shows_and_saves_f8_outputs_as_f32(tmp_path):
    codes = bytes([0x38, 0xC4, 0x01, 0x7F])  # f8e4m3: 1, -3, 2^-9, NaN
    xml = net([const(0, (4,), "f8e4m3", 0, 4, name="w"), result(1, "f8e4m3", (4,))], [(0, 0, 1, 0)])
    path = write(tmp_path, xml, codes)
    out = str(tmp_path / "out.npz")
    r = CliRunner().invoke(cli, ["run", path, "-o", out])
    assert r.exit_code == 0, r.output
    saved = dict(np.load(out))
    assert len(saved) == 1
    arr = next(iter(saved.values()))
    assert arr.dtype == np.float32
    _same(arr, [1.0, -3.0, 2.0**-9, np.nan])
    r = CliRunner().invoke(cli, ["run", path])
    assert r.exit_code == 0, r.output
    row = r.output.strip().splitlines()[1].split()
    assert row[1:3] == ["[4]", "f8e4m3"] and "".join(row[3:]) == "[1.,-3.,0.002,nan]", r.output


def test_convert_promote_types_refuses_narrow_floats(tmp_path):
    xml = net(
        [
            param(0, "a", (2,), "f8e4m3"),
            param(1, "b", (2,), "f32"),
            layer(
                2,
                "ConvertPromoteTypes",
                "opset14",
                inputs=[port(0, "f8e4m3", (2,)), port(1, "f32", (2,))],
                outputs=[port(2, "f32", (2,)), port(3, "f32", (2,))],
            ),
            result(3, "f32", (2,)),
            result(4, "f32", (2,)),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0), (2, 3, 4, 0)],
    )
    r = CliRunner().invoke(cli, ["run", write(tmp_path, xml), "--random"])
    lines = r.output.strip().splitlines()
    assert r.exit_code == 1 and len(lines) == 1, r.output
    assert "ConvertPromoteTypes's input_0 must be" in lines[0] and "got f8e4m3" in lines[0] and "l2" in lines[0]
