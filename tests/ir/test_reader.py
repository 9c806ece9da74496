"""The reader on hand-written IR: what it keeps, and the one clear error for each bad file."""

import os

import numpy as np
import pytest

import irexec
from helpers.irtext import add_model, const, layer, net, param, port, result, scatter_model, write
from irexec.errors import ParseError, ValidationError
from irexec.ir.reader import read_graph
from irexec.ops.common import FOLD_LIMIT
from irexec.shapes import Dim


def test_layers_ports_and_lines_are_kept(tmp_path):
    g = read_graph(write(tmp_path, add_model()))
    add = g.layer("2")
    assert (add.name, add.type, add.version) == ("l2", "Add", "opset1")
    assert [p.id for p in add.inputs] == ["0", "1"] and add.outputs[0].names == ("z",)
    assert add.outputs[0].shape == (Dim(2, 2), Dim(3, 3))
    assert add.outputs[0].etype.name == "f32"
    assert add.line == 6  # the XML line of the <layer>, for messages
    assert sorted(g.g.edges(keys=True)) == [("0", "2", ("0", "0")), ("1", "2", ("0", "1")), ("2", "3", ("2", "0"))]


@pytest.mark.parametrize("version", [10, 11])
def test_ir_v10_and_v11_run(tmp_path, version):
    xml = add_model().replace('version="11"', f'version="{version}"')
    m = irexec.read_model(write(tmp_path, xml))
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(m.infer({"x": x, "y": x})["z"], 2 * x)


def test_dynamic_and_interval_dims(tmp_path):
    xml = net([param(0, "x", ["?", "1..10", -1], dims=[-1, -1, -1]), result(1, "f32", [-1, -1, -1])], [(0, 0, 1, 0)])
    m = irexec.read_model(write(tmp_path, xml))
    assert m.inputs[0].shape == (Dim(0, None), Dim(1, 10), Dim(0, None))
    out = m.infer({"x": np.ones((2, 10, 0), np.float32)})
    assert out["x"].shape == (2, 10, 0)
    with pytest.raises(irexec.InputError, match=r"expects shape \[\?,1\.\.10,\?\], got \[2, 11, 1\]"):
        m.infer({"x": np.ones((2, 11, 1), np.float32)})


def test_weights_are_memory_mapped_and_shared(tmp_path):
    """Two Consts over the same bytes (OpenVINO de-duplicates) read the same values, lazily:
    constants too big for the checks to fold are not read until a run needs them."""
    n = FOLD_LIMIT + 1
    vals = np.arange(n, dtype=np.int64) % 7
    xml = net(
        [
            const(0, (n,), "i64", 0, 8 * n),
            const(1, (n,), "i64", 0, 8 * n),
            layer(2, "Add", inputs=[port(0, "i64", (n,)), port(1, "i64", (n,))], outputs=[port(2, "i64", (n,), "s")]),
            result(3, "i64", (n,)),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )
    m = irexec.read_model(write(tmp_path, xml, vals.tobytes()))
    w = m.graph.weights
    assert w._map is None  # nothing read until something needs a value
    np.testing.assert_array_equal(m.infer()["s"], 2 * vals)
    assert w._map is not None
    arr = m.graph.layer("0").op.evaluate([])[0]
    assert not arr.flags.writeable and not arr.flags.owndata


def test_explicit_weights_path(tmp_path):
    xml, blob = scatter_model()
    path = write(tmp_path, xml)
    other = tmp_path / "elsewhere.bin"
    other.write_bytes(blob)
    with pytest.raises(ParseError, match="not found"):
        irexec.read_model(path)
    m = irexec.read_model(path, other)
    out = m.infer({"data": np.zeros((4, 3), np.float32), "updates": np.ones((2, 3), np.float32)})
    np.testing.assert_array_equal(out["out"][:, 0], [0, 1, 0, 1])


# ---- bad files: one clear error each, with the place --------------------------------------------


def _err(tmp_path, xml, blob=None, exc=irexec.IRExecError):
    with pytest.raises(exc) as info:
        irexec.read_model(write(tmp_path, xml, blob))
    return info.value


def test_empty_file(tmp_path):
    e = _err(tmp_path, "", exc=ParseError)
    assert "empty" in str(e) and str(e).startswith(os.path.join(str(tmp_path), "model.xml"))


def test_not_xml(tmp_path):
    e = _err(tmp_path, "this is not xml", exc=ParseError)
    assert "not well-formed" in str(e) and e.line == 1


def test_truncated_xml_gives_the_line(tmp_path):
    e = _err(tmp_path, add_model()[:300], exc=ParseError)
    assert e.line is not None and "not well-formed" in e.message


def test_wrong_root(tmp_path):
    assert "root element is <html>" in str(_err(tmp_path, "<html/>", exc=ParseError))


def test_unsupported_ir_version(tmp_path):
    e = _err(tmp_path, add_model().replace('version="11"', 'version="7"'), exc=ParseError)
    assert "IR version '7' is not supported" in str(e)


def test_external_entity_is_refused_and_never_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOPSECRET")
    xml = (
        f'<?xml version="1.0"?><!DOCTYPE net [<!ENTITY x SYSTEM "file://{secret}">]>'
        '<net name="&x;" version="11"><layers/><edges/></net>'
    )
    e = _err(tmp_path, xml, exc=ParseError)
    assert "DOCTYPE" in str(e) and "TOPSECRET" not in str(e)


def test_entity_bomb_is_refused(tmp_path):
    lol = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10 if i else "lol"}">' for i in range(10))
    xml = f'<?xml version="1.0"?><!DOCTYPE net [{lol}]><net name="&l9;" version="11"><layers/></net>'
    assert "DOCTYPE" in str(_err(tmp_path, xml, exc=ParseError))


def test_duplicate_layer_id(tmp_path):
    xml = add_model().replace('id="1" name="y"', 'id="0" name="y"')
    e = _err(tmp_path, xml, exc=ParseError)
    assert "duplicate layer id '0'" in str(e) and e.line == 5


def test_edge_to_missing_layer_and_port(tmp_path):
    e = _err(tmp_path, add_model().replace('to-layer="3"', 'to-layer="9"'), exc=ValidationError)
    assert "missing layer '9'" in str(e) and e.line is not None
    e = _err(tmp_path, add_model().replace('from-port="2"', 'from-port="7"'), exc=ValidationError)
    assert "output port the layer does not have" in str(e) and e.port == "7" and e.layer == "l2"
    assert e.code == "G002"


def test_two_edges_into_one_port(tmp_path):
    xml = add_model().replace(
        'from-layer="1" from-port="0" to-layer="2" to-port="1"', 'from-layer="1" from-port="0" to-layer="2" to-port="0"'
    )
    e = _err(tmp_path, xml, exc=ValidationError)
    assert "second edge (from layer 'y', id 1)" in str(e) and e.layer == "l2" and e.port == "0"


def test_unconnected_input(tmp_path):
    xml = add_model().replace('<edge from-layer="1" from-port="0" to-layer="2" to-port="1"/>', "")
    e = _err(tmp_path, xml, exc=ValidationError)
    assert "input is not connected" in str(e) and e.port == "1" and e.layer == "l2"


def test_cycle(tmp_path):
    shape = (2,)
    xml = net(
        [
            layer(0, "Add", inputs=[port(0, "f32", shape), port(1, "f32", shape)], outputs=[port(2, "f32", shape)]),
            layer(1, "Add", inputs=[port(0, "f32", shape), port(1, "f32", shape)], outputs=[port(2, "f32", shape)]),
            param(2, "x", shape),
            result(3, "f32", shape),
        ],
        [(2, 0, 0, 0), (1, 2, 0, 1), (0, 2, 1, 0), (2, 0, 1, 1), (1, 2, 3, 0)],
    )
    assert "cycle" in str(_err(tmp_path, xml, exc=ValidationError))


def test_unknown_type_and_version_name_the_layer(tmp_path):
    e = _err(tmp_path, add_model().replace('type="Add"', 'type="Frobnicate"'), exc=ValidationError)
    assert str(e).endswith("layer 'l2' (id 2, Frobnicate): unknown operation type 'Frobnicate'")
    xml = add_model().replace('type="Add" version="opset1"', 'type="Add" version="opset99"')
    e = _err(tmp_path, xml, exc=ValidationError)
    assert "Add version 'opset99' is not supported (known versions: opset1)" in str(e)
    xml, blob = scatter_model()
    e = _err(tmp_path, xml.replace('"ScatterUpdate" version="opset3"', '"ScatterUpdate" version="opset1"'), blob)
    assert "known versions: opset3" in str(e)


def test_bad_attribute(tmp_path):
    xml = add_model().replace(
        'type="Add" version="opset1">', 'type="Add" version="opset1"><data auto_broadcast="sideways"/>'
    )
    e = _err(tmp_path, xml, exc=ValidationError)
    assert "auto_broadcast='sideways' is not one of numpy, none, pdpd" in str(e) and e.layer_id == "2"


def test_wrong_arity(tmp_path):
    xml = add_model().replace('<port id="1" precision="FP32"><dim>2</dim><dim>3</dim></port>', "", 1)
    xml = xml.replace('<edge from-layer="1" from-port="0" to-layer="2" to-port="1"/>', "")
    assert "Add takes 2 inputs, the layer declares 1" in str(_err(tmp_path, xml, exc=ValidationError))


@pytest.mark.parametrize("dim", ["abc", "-5", "1..x", "5..2", "99999999999999999999"])
def test_bad_dims(tmp_path, dim):
    xml = add_model().replace("<dim>3</dim>", f"<dim>{dim}</dim>", 1)
    e = _err(tmp_path, xml, exc=ParseError)
    assert "dimension" in e.message and e.line == 4 and e.layer == "x"


# ---- weights ---------------------------------------------------------------------------------------


def test_missing_bin(tmp_path):
    xml, _ = scatter_model()
    e = _err(tmp_path, xml, exc=ParseError)
    assert "model.bin' not found" in str(e) and e.layer_type == "Const"


def test_bin_is_a_directory(tmp_path):
    xml, _ = scatter_model()
    (tmp_path / "model.bin").mkdir()
    assert "not a regular file" in str(_err(tmp_path, xml, exc=ParseError))


def test_truncated_bin(tmp_path):
    xml, blob = scatter_model()
    e = _err(tmp_path, xml, blob[:20], exc=ParseError)
    assert "past the end of 'model.bin' (20 bytes)" in str(e) and e.layer == "l3"


def test_const_size_must_fit_shape(tmp_path):
    xml, blob = scatter_model()
    xml = xml.replace('offset="0" size="16"', 'offset="0" size="12"')
    assert "size 12 does not match shape [2] of i64 (16 bytes)" in str(_err(tmp_path, xml, blob))


def test_negative_offset(tmp_path):
    xml, blob = scatter_model()
    xml = xml.replace('offset="0" size="16"', 'offset="-8" size="16"')
    assert "negative offset" in str(_err(tmp_path, xml, blob, exc=ParseError))


def test_unsupported_element_type_names_layer_and_type(tmp_path):
    # (i2: OpenVINO 2026.4 names it, and its reader refuses it too; u2, u3 and u6 are read.)
    xml = net([const(0, (2,), "i2", 0, 2), result(1, "f32", (2,))], [(0, 0, 1, 0)])
    e = _err(tmp_path, xml, b"\0\0")
    assert "element type 'i2' is not supported" in str(e) and e.layer == "l0"


def test_models_without_constants_need_no_bin(tmp_path):
    m = irexec.read_model(write(tmp_path, add_model()))
    assert len(m.infer({"x": np.ones((2, 3), np.float32), "y": np.ones((2, 3), np.float32)})) == 1
