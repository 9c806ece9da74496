"""String tensors end to end: string Consts as OpenVINO packs them (and hostile packings, each
refused in one line before anything is allocated from them), string Parameters fed from Python
and from .npy files of str, string outputs in the table and in -o files, and --random."""

import re

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from helpers.irtext import const, layer, net, param, port, result, write
from irexec.cli import cli


def packed(count, offsets, chars: bytes) -> bytes:
    """A string constant's block as OpenVINO writes it: i32 count, i32 offsets, UTF-8 bytes."""
    return np.array([count, *offsets], "<i4").tobytes() + chars


def const_model(tmp_path, shape, blob, size=None, offset=0):
    xml = net(
        [const(0, shape, "string", offset, len(blob) if size is None else size), result(1, "string", shape)],
        [(0, 0, 1, 0)],
    )
    return write(tmp_path, xml, blob)


def run(*args):
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.output


def one_error_line(args, pattern, code=1):
    status, out = run(*args)
    lines = out.strip().splitlines()
    assert status == code, out
    assert len(lines) == 1 and lines[0].startswith("error: "), out
    assert re.search(pattern, lines[0]), lines[0]
    return lines[0]


# ---- string constants --------------------------------------------------------------------------


def test_a_string_constant_as_openvino_writes_it(tmp_path):
    # The bytes ov.save_model writes for Constant(["a", "bc", "", "é"]), as measured.
    blob = bytes.fromhex("040000000000000001000000030000000300000005000000") + "abcé".encode()
    assert blob == packed(4, [0, 1, 3, 3, 5], "abcé".encode())
    m = irexec.read_model(const_model(tmp_path, [4], blob))
    assert str(m.outputs[0].element_type) == "string"
    out = m.infer({})[m.outputs[0].name]
    assert out.dtype == object and out.tolist() == ["a", "bc", "", "é"]


def test_empty_and_scalar_string_constants(tmp_path):
    m = irexec.read_model(const_model(tmp_path, [0], packed(0, [0], b"")))
    assert m.infer({})[m.outputs[0].name].shape == (0,)
    m = irexec.read_model(const_model(tmp_path, [], packed(1, [0, 3], b"hey")))
    out = m.infer({})[m.outputs[0].name]
    assert out.shape == () and out.item() == "hey"


def test_bytes_that_are_not_utf8_survive(tmp_path):
    m = irexec.read_model(const_model(tmp_path, [2], packed(2, [0, 1, 2], b"\xc3\xff")))
    out = m.infer({})[m.outputs[0].name]
    assert [s.encode("utf-8", "surrogateescape") for s in out.tolist()] == [b"\xc3", b"\xff"]


HOSTILE = {
    "the header counts more strings than the shape": (
        [2],
        packed(3, [0, 1, 2, 3], b"abc"),
        None,
        r"header counts 3 strings, its shape holds 2",
    ),
    "a count near 2**31 in the header": (
        [2],
        packed(2**31 - 1, [0, 1, 3], b"abc"),
        None,
        r"header counts 2147483647 strings, its shape holds 2",
    ),
    "offsets out of order": (
        [3],
        packed(3, [0, 2, 1, 3], b"abc"),
        None,
        r"offsets go backwards: string 1 ends at 1, before it begins \(2\)",
    ),
    "a negative offset": ([2], packed(2, [0, -5, 3], b"abc"), None, r"offsets go backwards: string 0 ends at -5"),
    "an offset past the characters": (
        [2],
        packed(2, [0, 1, 9], b"abc"),
        None,
        r"offsets end at 9, but it holds 3 bytes of characters",
    ),
    "the largest offset": (
        [2],
        packed(2, [0, 1, 2**31 - 1], b"abc"),
        None,
        r"offsets end at 2147483647, but it holds 3 bytes",
    ),
    "a first offset other than 0": ([2], packed(2, [1, 1, 3], b"abc"), None, r"first offset is 1, not 0"),
    "a shape of more strings than the size holds offsets for": (
        [1 << 28],
        packed(1 << 28, [0, 1], b"a"),
        None,
        r"size 13 is too small for 268435456 string\(s\)",
    ),
    "a size too small for the count": ([], b"\x01\x00", None, r"size 2 is too small for 1 string\(s\)"),
}


@pytest.mark.parametrize("case", list(HOSTILE), ids=list(HOSTILE))
def test_hostile_string_constants_are_one_line(tmp_path, case):
    shape, blob, size, pattern = HOSTILE[case]
    path = const_model(tmp_path, shape, blob, size)
    line = one_error_line(["run", path], pattern)
    assert "layer 'l0'" in line and "Const" in line
    status, out = run("lint", path)
    assert status == 1 and " C003 " in out and re.search(pattern, out), out
    with pytest.raises(irexec.IRExecError, match=pattern):
        irexec.read_model(path)


def test_a_large_string_constant_is_checked_when_read(tmp_path):
    """Lint reads the values of small constants only; a run reads this one and refuses it."""
    n = 5000
    offsets = list(range(n + 1))
    offsets[10] = 99999
    path = const_model(tmp_path, [n], packed(n, offsets, b"a" * n))
    one_error_line(
        ["run", path],
        r"layer 'l0' \(id 0, Const\): the string constant's offsets go backwards: "
        r"string 10 ends at 11, before it begins \(99999\)",
    )


def test_a_string_constant_past_the_end_of_the_weights(tmp_path):
    blob = packed(2, [0, 1, 3], b"abc")
    path = const_model(tmp_path, [2], blob, size=len(blob) + 1)
    one_error_line(["run", path], r"bytes 0\.\.20 are past the end of 'model.bin' \(19 bytes\)")
    status, out = run("lint", path)
    assert status == 1 and " C002 " in out, out


# ---- string inputs and outputs -----------------------------------------------------------------


def concat_model(tmp_path):
    """A string Parameter [?] concatenated with the constant ["x", "yz"], and the result's shape."""
    blob = packed(2, [0, 1, 3], b"xyz")
    xml = net(
        [
            param(0, "s", [-1], "string", dims=["?"]),
            const(1, [2], "string", 0, len(blob)),
            layer(
                2,
                "Concat",
                data={"axis": 0},
                inputs=[port(0, "string", ["?"]), port(1, "string", [2])],
                outputs=[port(2, "string", ["?"], "joined")],
            ),
            layer(
                3,
                "ShapeOf",
                "opset3",
                data={"output_type": "i64"},
                inputs=[port(0, "string", ["?"])],
                outputs=[port(1, "i64", [1], "shape")],
            ),
            result(4, "string", ["?"]),
            result(5, "i64", [1]),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0), (2, 2, 4, 0), (3, 1, 5, 0)],
    )
    return write(tmp_path, xml, blob)


def test_a_string_parameter_from_python(tmp_path):
    m = irexec.read_model(concat_model(tmp_path))
    assert str(m.inputs[0]) == "s: string [?]"
    for given in (["é", ""], np.array(["é", ""]), np.array(["é", ""], dtype=object)):
        out = m.infer({"s": given})
        assert out["joined"].dtype == object and out["joined"].tolist() == ["é", "", "x", "yz"]
        assert out["shape"].tolist() == [4]


@pytest.mark.parametrize(
    "given,pattern",
    [
        (np.array([1.0, 2.0], np.float32), r"'s' expects string .*got f32"),
        (["a", 1], r"'s' expects string .*got list"),
        ([["a"], ["b", "c"]], r"'s' expects string .*got list"),
        ([b"a", b"b"], r"'s' expects string .*got list"),
        (np.array([b"a", b"b"]), r"'s' expects string .*got \|S1"),
        (np.array(["a", 2], dtype=object), r"'s' expects string .*got an object array holding int"),
    ],
)
def test_a_string_parameter_takes_nothing_else(tmp_path, given, pattern):
    m = irexec.read_model(concat_model(tmp_path))
    with pytest.raises(irexec.InputError, match=pattern):
        m.infer({"s": given})


def test_strings_are_refused_where_numbers_are_wanted(tmp_path):
    xml = net([param(0, "x", [2]), result(1, "f32", [2])], [(0, 0, 1, 0)])
    m = irexec.read_model(write(tmp_path, xml))
    with pytest.raises(irexec.InputError, match=r"'x' expects f32, got string \(object\)"):
        m.infer({"x": np.array(["a", "b"], dtype=object)})


def test_npy_of_str_in_and_out(tmp_path):
    path = concat_model(tmp_path)
    np.save(tmp_path / "s.npy", np.array(["héllo", "wörld", ""]))
    status, out = run("run", path, "-i", f"s={tmp_path / 's.npy'}")
    assert status == 0, out
    assert re.search(r"joined\s+\[5\]\s+string\s+\['héllo', 'wörld', '', 'x', 'yz'\]", out), out
    status, out = run("run", path, "-i", f"s={tmp_path / 's.npy'}", "-o", str(tmp_path / "out.npz"))
    assert status == 0, out
    with np.load(tmp_path / "out.npz") as saved:  # allow_pickle is False: no objects in it
        assert saved["joined"].dtype.kind == "U"
        assert saved["joined"].tolist() == ["héllo", "wörld", "", "x", "yz"]


def test_an_npy_of_objects_is_refused(tmp_path):
    np.save(tmp_path / "s.npy", np.array(["a", "b"], dtype=object), allow_pickle=True)
    one_error_line(
        ["run", concat_model(tmp_path), "-i", f"s={tmp_path / 's.npy'}"],
        r"holds Python objects \(pickled arrays are refused\)",
    )


def test_an_npy_of_numbers_for_a_string_input(tmp_path):
    np.save(tmp_path / "s.npy", np.arange(3, dtype=np.int32))
    one_error_line(
        ["run", concat_model(tmp_path), "-i", f"s={tmp_path / 's.npy'}"], r"input 's' expects string .*got i32"
    )


def test_random_strings(tmp_path):
    from irexec.io.random_values import MAX_RANDOM_CHARS, random_strings

    arr = random_strings(np.random.default_rng(0), (50, 4))
    assert arr.shape == (50, 4) and arr.dtype == object
    lengths = [len(s) for s in arr.reshape(-1)]
    assert max(lengths) <= MAX_RANDOM_CHARS and min(lengths) == 0 and len(set(arr.reshape(-1))) > 100
    assert all(s.isascii() and s.isalnum() for s in arr.reshape(-1) if s)
    status, out = run("run", concat_model(tmp_path), "--random", "--shape", "s=3")
    assert status == 0 and re.search(r"shape\s+\[1\]\s+i64\s+\[5\]", out), out


# ---- StringTensorPack then StringTensorUnpack --------------------------------------------------


def test_pack_then_unpack_gives_the_bytes_back():
    """Random bytes (mostly not UTF-8) cut at random: Unpack gives exactly the bytes Pack took."""
    from irexec.ops.type.string_tensor_pack import StringTensorPack
    from irexec.ops.type.string_tensor_unpack import StringTensorUnpack

    rng = np.random.default_rng(7)
    symbols = rng.integers(0, 256, 300).astype(np.uint8)
    cuts = np.sort(rng.integers(0, 301, (40, 2)), axis=1)
    begins, ends = cuts[:, 0].reshape(5, 8), cuts[:, 1].reshape(5, 8)
    strings = StringTensorPack().compute(begins, ends, symbols)
    assert strings.shape == (5, 8) and strings.dtype == object
    b, e, raw = StringTensorUnpack().compute(strings)
    want = b"".join(symbols[i:j].tobytes() for i, j in zip(begins.reshape(-1), ends.reshape(-1)))
    assert raw.tobytes() == want and raw.dtype == np.uint8
    assert b.dtype == e.dtype == np.int32 and b.shape == e.shape == (5, 8)
    assert np.array_equal(e - b, ends - begins)


def test_no_op_converts_numbers_to_strings(tmp_path):
    """OpenVINO converts no type to string: a Convert to string is refused before running."""
    xml = net(
        [
            param(0, "x", [2]),
            layer(
                1,
                "Convert",
                data={"destination_type": "string"},
                inputs=[port(0, "f32", [2])],
                outputs=[port(1, "string", [2])],
            ),
            result(2, "string", [2]),
        ],
        [(0, 0, 1, 0), (1, 1, 2, 0)],
    )
    path = write(tmp_path, xml)
    one_error_line(
        ["run", path, "--random"],
        r"layer 'l1' \(id 1, Convert\): Convert makes no strings, and its "
        r"inputs are f32",
    )
    status, out = run("lint", path)
    assert status == 1 and " S005 " in out, out


def test_a_string_output_too_wide_to_save_is_refused(tmp_path, monkeypatch):
    """-o stores strings as <U, every element as wide as the longest: past the budget, refused
    (and no file written); the table widens only what it shows."""
    from irexec.io.outputs import format_table, save_npz_atomic

    m = irexec.read_model(concat_model(tmp_path))
    out = m.infer({"s": ["x" * 1000] + [""] * 999})
    monkeypatch.setenv("IREXEC_MAX_TENSOR_BYTES", "1M")
    with pytest.raises(
        irexec.IRExecError,
        match=r"a string tensor of shape \[1002\] takes 3\.8 MiB as a <U array "
        r".*1000 characters.*over the budget of 1\.0 MiB",
    ):
        save_npz_atomic(str(tmp_path / "out.npz"), out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model.bin", "model.xml"]  # nothing half-written
    assert "['xxxx" in format_table(m, out)


def test_unpack_refuses_a_str_with_no_utf8_form(tmp_path):
    xml = net(
        [
            param(0, "s", [2], "string"),
            layer(
                1,
                "StringTensorUnpack",
                "opset15",
                inputs=[port(0, "string", [2])],
                outputs=[port(1, "i32", [2]), port(2, "i32", [2]), port(3, "u8", ["?"])],
            ),
            result(2, "i32", [2]),
            result(3, "i32", [2]),
            result(4, "u8", ["?"]),
        ],
        [(0, 0, 1, 0), (1, 1, 2, 0), (1, 2, 3, 0), (1, 3, 4, 0)],
    )
    m = irexec.read_model(write(tmp_path, xml))
    with pytest.raises(irexec.IRExecError, match=r"StringTensorUnpack's data holds '\\ud800', which has no UTF-8 form"):
        m.infer({"s": ["a", "\ud800"]})
    out = m.infer({"s": ["é", "b"]})
    assert [a.tolist() for a in out.values()] == [[0, 2], [2, 3], [0xC3, 0xA9, ord("b")]]


@pytest.mark.parametrize(
    "op, data, ins",
    [
        ("Convert", {"destination_type": "f32"}, [port(0, "string", [2])]),
        ("ConvertLike", None, [port(0, "string", [2]), port(1, "f32", [2])]),
        ("ConvertLike", None, [port(0, "f32", [2]), port(1, "string", [2])]),
    ],
)
def test_no_op_converts_strings_to_numbers(tmp_path, op, data, ins):
    """OpenVINO refuses a string input to Convert and ConvertLike (text is not parsed as numbers)."""
    params = [param(0, "s", [2], et="string" if "STRING" in ins[0] else "f32")]
    edges = [(0, 0, 1, 0)]
    if len(ins) == 2:
        params.append(param(9, "t", [2], et="string" if "STRING" in ins[1] else "f32"))
        edges.append((9, 0, 1, 1))
    xml = net(
        params + [layer(1, op, data=data, inputs=ins, outputs=[port(2, "f32", [2])]), result(2, "f32", [2])],
        edges + [(1, 2, 2, 0)],
    )
    path = write(tmp_path, xml)
    status, out = run("lint", path)
    assert status == 1 and " S005 " in out and "string" in out, out


def test_layer_random_makes_strings_for_a_string_port():
    snippet = (
        '<layer id="1" type="StringTensorUnpack" version="opset15"><input><port id="0" precision="STRING">'
        '<dim>3</dim></port></input><output><port id="1" precision="I32"><dim>3</dim></port>'
        '<port id="2" precision="I32"><dim>3</dim></port><port id="3" precision="U8"><dim>-1</dim></port>'
        "</output></layer>"
    )
    got = irexec.check_layer(snippet, random=True, seed=3)
    strings = got.inputs[0].array.reshape(-1)
    begins, ends, symbols = (np.asarray(t.array) for t in got.outputs)
    assert strings.dtype == object and all(isinstance(s, str) and s.isalnum() or s == "" for s in strings)
    assert [bytes(symbols[b:e]).decode() for b, e in zip(begins, ends)] == list(strings)
