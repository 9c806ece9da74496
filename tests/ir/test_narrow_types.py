"""u2, u3 and u6 as OpenVINO 2026.4 saves and reads them: Consts and Parameters of them read, their
values unpacked exactly and converted. The layouts (irexec.kernels.packing) are pinned twice: by
bytes written here, as OpenVINO's save_model wrote them, so the test holds without OpenVINO; and,
where it is installed, against what it writes, gives back from ``get_data`` and computes."""

from __future__ import annotations

import numpy as np
import pytest

import irexec
from irexec.errors import IRExecError, ParseError
from irexec.kernels.packing import pack, unpack
from irexec.types import BY_NAME, element_type

TYPES = ("u2", "u3", "u6")
SHAPES = [(1,), (3,), (5,), (8,), (9,), (2, 3, 5), (3, 1, 7), (33,), (0,)]

# Bytes OpenVINO 2026.4's save_model wrote for these values (Constant(Type.uN, [n], values)).
MEASURED = [
    ("u2", [1], "01"),
    ("u2", [1, 2, 3, 0, 1], "3901"),
    ("u2", [1, 2, 3, 0, 1, 2, 3, 0, 1], "393901"),
    ("u3", [1], "400000"),
    ("u3", [1, 6, 3], "6c0040"),
    ("u3", [1, 6, 3, 0, 5], "6c4048"),
    ("u3", [1, 6, 3, 0, 5, 2, 7, 4, 1], "6c6c4b400000"),
    ("u6", [1], "100000"),
    ("u6", [1, 6, 11], "16b000"),
    ("u6", [1, 6, 11, 16, 21], "16b001500040"),
    ("u6", [1, 6, 11, 16, 21, 26, 31, 36, 41, 46, 51, 56, 61, 2, 7, 12, 17], "16b0015af4569e38afd27cc0100040"),
]


def _dims(shape) -> str:
    return "".join(f"<dim>{d}</dim>" for d in shape)


def _const_ir(tmp_path, etype: str, shape, blob: bytes, size=None, convert=True):
    """A Const of ``etype`` (its bytes ``blob``), and its Convert to f32 when ``convert``: both results."""
    prec, dims = etype.upper(), _dims(shape)
    text = (
        '<?xml version="1.0"?><net name="t" version="11"><layers>'
        f'<layer id="0" name="c" type="Const" version="opset1"><data element_type="{etype}" '
        f'shape="{",".join(map(str, shape))}" offset="0" size="{len(blob) if size is None else size}"/>'
        f'<output><port id="0" precision="{prec}">{dims}</port></output></layer>'
        f'<layer id="1" name="raw" type="Result" version="opset1"><input><port id="0" precision="{prec}">{dims}'
        "</port></input></layer>"
    )
    edges = '<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>'
    if convert:
        text += (
            '<layer id="2" name="cv" type="Convert" version="opset1"><data destination_type="f32"/>'
            f'<input><port id="0" precision="{prec}">{dims}</port></input>'
            f'<output><port id="1" precision="FP32">{dims}</port></output></layer>'
            f'<layer id="3" name="f32" type="Result" version="opset1"><input><port id="0" precision="FP32">{dims}'
            "</port></input></layer>"
        )
        edges += (
            '<edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>'
            '<edge from-layer="2" from-port="1" to-layer="3" to-port="0"/>'
        )
    (tmp_path / "m.xml").write_text(text + f"</layers><edges>{edges}</edges></net>")
    (tmp_path / "m.bin").write_bytes(blob)
    return str(tmp_path / "m.xml")


def _values(etype: str, shape, seed=0) -> np.ndarray:
    top = 1 << BY_NAME[etype].bits
    return np.random.default_rng(seed).integers(0, top, shape).astype(np.uint8)


@pytest.mark.parametrize("etype, values, blob", MEASURED, ids=[f"{t}x{len(v)}" for t, v, _ in MEASURED])
def test_the_measured_bytes_read_and_pack_back(tmp_path, etype, values, blob):
    raw = bytes.fromhex(blob)
    out = irexec.read_model(_const_ir(tmp_path, etype, [len(values)], raw)).infer({})
    assert out["raw"].dtype == np.uint8 and out["raw"].tolist() == values
    assert out["f32"].dtype == np.float32 and out["f32"].tolist() == values
    assert pack(np.array(values), BY_NAME[etype]) == raw
    assert BY_NAME[etype].nbytes(len(values)) == len(raw)


@pytest.mark.parametrize("etype", TYPES)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_every_shape_round_trips(tmp_path, etype, shape):
    values = _values(etype, shape)
    blob = pack(values, BY_NAME[etype])
    n = values.size
    # Whole bytes (u2) or whole 3-byte groups of 8 u3 or 4 u6 elements.
    assert len(blob) == {"u2": (2 * n + 7) // 8, "u3": 3 * -(-n // 8), "u6": 3 * -(-n // 4)}[etype]
    assert np.array_equal(unpack(np.frombuffer(blob, np.uint8), BY_NAME[etype], n).reshape(shape), values)
    if n == 0:
        return  # (an empty Const is written as one byte: read as any other type's)
    out = irexec.read_model(_const_ir(tmp_path, etype, shape, blob)).infer({})
    assert np.array_equal(out["raw"], values) and np.array_equal(out["f32"], values.astype(np.float32))


@pytest.mark.parametrize("etype, count, size", [("u3", 1, 1), ("u3", 9, 4), ("u6", 5, 4), ("u2", 5, 3), ("u6", 1, 4)])
def test_a_size_other_than_the_packed_one_is_refused(tmp_path, etype, count, size):
    # OpenVINO takes any size from ceil(count * bits / 8) up and reads the groups past a short one
    # (bytes the Const does not own): irexec takes only the size OpenVINO writes.
    path = _const_ir(tmp_path, etype, [count], bytes(size), convert=False)
    with pytest.raises(IRExecError, match=rf"size {size} does not match shape \[{count}\] of {etype}"):
        irexec.read_model(path).infer({})


def _convert_ir(tmp_path, src: str, dst: str, n: int):
    """A Parameter ``x`` of ``src`` [n], converted to ``dst``."""
    sp, dp, dims = BY_NAME[src].precision, BY_NAME[dst].precision, _dims([n])
    text = (
        '<?xml version="1.0"?><net name="t" version="11"><layers>'
        f'<layer id="0" name="x" type="Parameter" version="opset1"><data shape="{n}" element_type="{src}"/>'
        f'<output><port id="0" precision="{sp}">{dims}</port></output></layer>'
        f'<layer id="1" name="cv" type="Convert" version="opset1"><data destination_type="{dst}"/>'
        f'<input><port id="0" precision="{sp}">{dims}</port></input>'
        f'<output><port id="1" precision="{dp}">{dims}</port></output></layer>'
        f'<layer id="2" name="y" type="Result" version="opset1"><input><port id="0" precision="{dp}">{dims}'
        '</port></input></layer></layers><edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>'
        '<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/></edges></net>'
    )
    (tmp_path / "p.xml").write_text(text)
    return irexec.read_model(str(tmp_path / "p.xml"))


@pytest.mark.parametrize("src", ["f32", "i32", "u8"])
def test_convert_to_them_keeps_the_low_bits(tmp_path, src):
    # As OpenVINO's constant folding (and the CPU plugin's Convert to u2) gives them, measured
    # from f32 and i32; from u8, the low bits of its values.
    x = np.array([1, 5, -1, 70, 2.7, 300], np.float32)
    x = x if src == "f32" else x.astype(np.int32).astype(BY_NAME[src].dtype)  # (u8: -1 wraps to 255)
    expect = {"u2": [1, 1, 3, 2, 2, 0], "u3": [1, 5, 7, 6, 2, 4], "u6": [1, 5, 63, 6, 2, 44]}
    for etype, want in expect.items():
        if src == "u8":
            want = (x & ((1 << BY_NAME[etype].bits) - 1)).tolist()
        got = _convert_ir(tmp_path, src, etype, 6).infer({"x": x})["y"]
        assert got.dtype == np.uint8 and got.tolist() == want, etype


@pytest.mark.parametrize("etype", TYPES)
def test_a_parameter_takes_values_in_range(tmp_path, etype):
    top = (1 << BY_NAME[etype].bits) - 1
    model = _convert_ir(tmp_path, etype, "f32", 3)
    assert model.infer({"x": np.array([0, 1, top], np.uint8)})["y"].tolist() == [0, 1, top]
    with pytest.raises(IRExecError, match=f"is {etype}: values must be 0 to {top}"):
        model.infer({"x": np.array([0, top + 1, 0], np.uint8)})


def test_i2_stays_refused():
    with pytest.raises(ParseError, match="element type 'i2' is not supported"):
        element_type("i2")


# ---- against OpenVINO -------------------------------------------------------------------------


@pytest.mark.parametrize("etype", TYPES)
@pytest.mark.parametrize("shape", [s for s in SHAPES if 0 not in s], ids=str)
def test_openvino_writes_what_irexec_reads(tmp_path, etype, shape):
    ov = pytest.importorskip("openvino")
    values = _values(etype, shape, seed=sum(shape))
    const = ov.op.Constant(getattr(ov.Type, etype), ov.Shape(list(shape)), values.reshape(-1).tolist())
    assert np.array_equal(const.get_data(), np.frombuffer(pack(values, BY_NAME[etype]), np.uint8))
    model = ov.Model([const.output(0), ov.opset13.convert(const, "f32").output(0)], [], "m")
    ov.save_model(model, str(tmp_path / "m.xml"), compress_to_fp16=False)
    assert (tmp_path / "m.bin").read_bytes() == pack(values, BY_NAME[etype])
    plugin = ov.Core().compile_model(str(tmp_path / "m.xml"), "CPU")({})[1]
    assert np.array_equal(plugin, values.astype(np.float32))
    ours = list(irexec.read_model(str(tmp_path / "m.xml")).infer({}).values())
    assert np.array_equal(ours[0], values) and np.array_equal(ours[1], values.astype(np.float32))


def test_openvino_takes_a_packed_u2_parameter():
    ov = pytest.importorskip("openvino")
    values = _values("u2", (2, 7), seed=3)
    p = ov.opset13.parameter([2, 7], ov.Type.u2)
    compiled = ov.Core().compile_model(ov.Model([ov.opset13.convert(p, "f32")], [p]), "CPU")
    tensor = ov.Tensor(ov.Type.u2, ov.Shape([2, 7]))
    tensor.data[:] = np.frombuffer(pack(values, BY_NAME["u2"]), np.uint8)
    assert np.array_equal(compiled({0: tensor})[0], values.astype(np.float32))
