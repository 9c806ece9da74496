"""Inputs that used to end in an internal error (a bug by the README's own rule) and are now one
clear error each: the right exception class, one line and the right exit status on the CLI."""

import io
import zipfile

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from helpers.irtext import add_model, net, param, result, write
from irexec.cli import cli

X = np.zeros((2, 3), np.float32)


def invoke(*args):
    r = CliRunner().invoke(cli, [str(a) for a in args])
    return r.exit_code, r.output


def one_error_line(output: str) -> str:
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "internal error" not in lines[0], output
    return lines[0]


@pytest.fixture
def add(tmp_path):
    return write(tmp_path, add_model(), stem="add")


def test_a_layer_id_of_5000_digits(tmp_path):
    big = "9" * 5000
    xml = add_model().replace('id="2"', f'id="{big}"').replace('layer="2"', f'layer="{big}"')
    path = write(tmp_path, xml)
    code, out = invoke("run", path, "--random")
    line = one_error_line(out)
    assert code == 1 and "layer id 999999999999... has 5000 digits, over irexec's limit of 19" in line
    assert len(line) < 200
    code, out = invoke("lint", path)
    assert code == 1 and "X002 layer id 999999999999... has 5000 digits" in out
    with pytest.raises(irexec.ParseError, match="has 5000 digits"):
        irexec.read_model(path)


def test_a_long_id_inside_a_body_is_refused_too(tmp_path):
    body = net([param(0, "a", (1,)), result(1, dims=(1,))], [(0, 0, 1, 0)]).split("<net", 1)[1]
    body = body.split(">", 1)[1].rsplit("</net>", 1)[0].replace('id="1"', 'id="' + "1" * 5000 + '"')
    body = body.replace('to-layer="1"', 'to-layer="' + "1" * 5000 + '"')
    xml = add_model().replace(
        '<layer id="2" name="l2" type="Add" version="opset1">',
        '<layer id="2" name="l2" type="Add" version="opset1"><body>' + body + "</body>",
    )
    code, out = invoke("lint", write(tmp_path, xml))
    assert code == 1 and "layer id 111111111111... has 5000 digits" in out


def test_a_negative_seed_is_a_usage_error(add):
    code, out = invoke("run", add, "--random", "--seed", "-1")
    assert code == 2 and one_error_line(out) == "error: --seed -1: the seed must be 0 or more"


def _npz_bytes(arrays: dict, compression=zipfile.ZIP_STORED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=compression) as z:
        for key, arr in arrays.items():
            member = io.BytesIO()
            np.save(member, arr)
            z.writestr(key + ".npy", member.getvalue())
    return buf.getvalue()


def _encrypted(data: bytes) -> bytes:
    """The archive with every member flagged as encrypted (bit 0 of the general purpose flags)."""
    out = bytearray(data)
    for sig, flags_at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        start = 0
        while (i := out.find(sig, start)) >= 0:
            out[i + flags_at] |= 1
            start = i + 4
    return bytes(out)


def _corrupt_tail(data: bytes, key: str) -> bytes:
    """Damage the last part of a member's data (its .npy header, at the start, stays readable)."""
    out = bytearray(data)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        info = z.getinfo(key + ".npy")
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    end = start + info.compress_size
    out[end - 64 : end - 8] = bytes(b ^ 0x5A for b in out[end - 64 : end - 8])
    return bytes(out)


def _big_identity(tmp_path) -> str:
    xml = net([param(0, "x", (4096,)), result(1, dims=(4096,))], [(0, 0, 1, 0)])
    return write(tmp_path, xml, stem="ident")


NOISE = np.random.default_rng(0).standard_normal(4096).astype(np.float32)  # (incompressible)


@pytest.mark.parametrize("damage", ["encrypted", "lzma", "crc"])
@pytest.mark.parametrize("option", ["-i", "--compare"])
def test_a_damaged_npz_member_is_one_error(tmp_path, damage, option):
    xml = _big_identity(tmp_path)
    if damage == "encrypted":
        data = _encrypted(_npz_bytes({"x": NOISE}))
    elif damage == "lzma":
        data = _corrupt_tail(_npz_bytes({"x": NOISE}, zipfile.ZIP_LZMA), "x")
    else:
        data = _corrupt_tail(_npz_bytes({"x": NOISE}), "x")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(data)
    if option == "-i":
        code, out = invoke("run", xml, "-i", bad)
    else:
        np.save(tmp_path / "x.npy", NOISE)
        code, out = invoke("run", xml, "-i", tmp_path / "x.npy", "--compare", bad)
    line = one_error_line(out)
    assert code == 1 and line.startswith(f"error: cannot read '{bad}'"), line


def test_read_model_takes_a_bytes_path(add):
    m = irexec.read_model(add.encode())
    assert m.infer({"x": X, "y": X})["z"].shape == (2, 3)
    assert irexec.read_model(add, weights=add[:-4].encode() + b".bin").inputs[0].name == "x"


def test_input_indices_are_checked_never_counted_from_the_end(add):
    m = irexec.read_model(add)
    with pytest.raises(irexec.InputError, match="no input 5: the model has 2 inputs, indexed from 0"):
        m.infer({5: X, 1: X})
    with pytest.raises(irexec.InputError, match="no input -1: the model has 2 inputs"):
        m.infer({-1: X, 0: X})
    with pytest.raises(irexec.InputError, match="unknown input 'True'"):
        m.infer({True: X, 0: X})
    with pytest.raises(irexec.InputError, match="unknown input"):
        m.infer({(0,): X})
    out = m.infer({np.int64(0): X, np.uint8(1): X + 1})["z"]  # NumPy integers are indices too
    assert out[0, 0] == 1


def test_a_ragged_nested_list_is_an_input_error(add):
    m = irexec.read_model(add)
    with pytest.raises(irexec.InputError, match="input 'x': the value is not one array: setting an array element"):
        m.infer({"x": [[1.0, 2.0, 3.0], [1.0]], "y": X})
    with pytest.raises(irexec.InputError, match=r"input .x. expects f32, got .*object"):
        m.infer({"x": [[None, 2.0, 3.0], [1.0, 2.0, 3.0]], "y": X})
