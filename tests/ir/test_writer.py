"""The IR writer against OpenVINO's: what irexec writes, OpenVINO's read_model reads to the same model
(layouts in the ports' <rt_info>, packed constants, strings, the model's <rt_info>), laid out as
OpenVINO lays it out (port numbering, edge order)."""

import ml_dtypes
import numpy as np
import openvino as ov
import pytest
from lxml import etree
from openvino import opset13 as ops

from irexec.api.building import constant, make_node, parameter
from irexec.api.core import Core
from irexec.api.model import Model
from irexec.api.save import model_bytes, serialize


def _ports_layouts(xml: bytes) -> list:
    """(layer name, port id, layout) of every port whose <rt_info> holds a layout."""
    out = []
    for layer in etree.fromstring(xml).iter("layer"):
        for port in layer.iter("port"):
            for item in port.iter("attribute"):
                if item.get("name") == "layout":
                    out.append((layer.get("name"), port.get("id"), item.get("layout")))
    return sorted(out)


def test_layouts_are_written_where_openvino_writes_them(tmp_path):
    x = ops.parameter([1, 3, 4, 4], np.float32, name="x")
    y = ops.relu(x)
    y.set_friendly_name("act")
    m = ov.Model([ops.result(y)], [x], "m")
    ov.layout_helpers.set_layout(m.input(0), ov.Layout("NCHW"))
    ov.layout_helpers.set_layout(m.output(0), ov.Layout("NHWC"))
    ov.save_model(m, str(tmp_path / "ov.xml"))
    theirs = (tmp_path / "ov.xml").read_bytes()
    mine = model_bytes(Core().read_model(str(tmp_path / "ov.xml")))[0]
    assert _ports_layouts(mine) == _ports_layouts(theirs) == [("act", "1", "[N,H,W,C]"), ("x", "0", "[N,C,H,W]")]
    (tmp_path / "mine.xml").write_bytes(mine)
    (tmp_path / "mine.bin").write_bytes(b"")
    again = ov.Core().read_model(str(tmp_path / "mine.xml"))
    assert str(ov.layout_helpers.get_layout(again.input(0))) == "[N,C,H,W]"
    assert str(ov.layout_helpers.get_layout(again.output(0))) == "[N,H,W,C]"
    # The <data> of the Parameter holds no layout (OpenVINO's reader takes it from the port).
    assert b'layout="' not in mine.split(b"<output>")[0]


@pytest.mark.parametrize(
    "values, etype",
    [
        (np.array([[1, 15, 0], [7, 8, 3]], dtype=ml_dtypes.uint4), "u4"),
        (np.array([[-8, 7, 0], [-1, 1, 3]], dtype=ml_dtypes.int4), "i4"),
        (np.array([1, 0, 1, 1, 0, 0, 0, 1, 1]), "u1"),
        (np.array([1.5, -2.25, 65504], np.float16), "f16"),
        (np.array([[-128, 127], [0, -1]], np.int8), "i8"),
        (np.array([[255, 0], [7, 128]], np.uint8), "u8"),
    ],
)
def test_packed_and_narrow_constants_are_read_by_openvino_to_the_same_values(values, etype, tmp_path):
    c = constant(values, etype)
    out = make_node("Convert", "opset1", [c], {"destination_type": "f32"})
    x = parameter([1], np.float32, "x")
    model = Model([make_node("Add", "opset1", [out, x])], [x])
    serialize(model, tmp_path / "m.xml")
    feed = np.zeros(1, np.float32)
    theirs = ov.Core().compile_model(str(tmp_path / "m.xml"), "CPU")({0: feed})[0]
    np.testing.assert_array_equal(theirs, np.asarray(values).astype(np.float32))
    np.testing.assert_array_equal(Core().read_model(str(tmp_path / "m.xml")).infer([feed])[0], theirs)


def test_string_constants_are_read_by_openvino(tmp_path):
    words = np.array([["", "a"], ["héllo", "two words"]])
    x = parameter([2, 2], np.str_, "x")
    model = Model([make_node("Concat", "opset1", [constant(words), x], {"axis": 0})], [x])
    serialize(model, tmp_path / "m.xml")
    read = ov.Core().read_model(str(tmp_path / "m.xml"))
    data = [op for op in read.get_ordered_ops() if op.get_type_name() == "Constant"][0]
    assert list(data.get_value_strings()) == list(words.reshape(-1))
    assert list(data.get_output_shape(0)) == [2, 2]


def test_the_model_rt_info_is_written_as_openvino_reads_it(tmp_path):
    x = parameter([2], np.float32, "x")
    model = Model(
        [make_node("Relu", "opset1", [x])],
        [x],
        "m",
        rt_info={"runtime_options": {"KV_CACHE_PRECISION": "f16"}, "a name with spaces": "1", "_under": "u"},
    )
    serialize(model, tmp_path / "m.xml")
    xml = (tmp_path / "m.xml").read_text()
    assert '<info name="a name with spaces" value="1"/>' in xml and '<_under value="u"/>' in xml
    read = ov.Core().read_model(str(tmp_path / "m.xml"))
    assert read.get_rt_info(["runtime_options", "KV_CACHE_PRECISION"]).astype(str) == "f16"
    assert read.get_rt_info("a name with spaces").astype(str) == "1"
    assert read.get_rt_info("_under").astype(str) == "u"


def test_ports_and_edges_are_numbered_as_openvino_numbers_them(tmp_path):
    x = ops.parameter([2, 3], np.float32, name="x")
    s = ops.split(x, 1, 3)
    m = ov.Model([ops.result(ops.add(s.output(2), s.output(0))), ops.result(s.output(1))], [x], "m")
    ov.save_model(m, str(tmp_path / "ov.xml"), compress_to_fp16=False)
    theirs = etree.fromstring((tmp_path / "ov.xml").read_bytes())
    mine = etree.fromstring(model_bytes(Core().read_model(str(tmp_path / "ov.xml")))[0])

    def edges(root):
        return [tuple(e.get(k) for k in ("from-layer", "from-port", "to-layer", "to-port")) for e in root.iter("edge")]

    def port_ids(root):
        return [(layer.get("id"), [p.get("id") for p in layer.iter("port")]) for layer in root.iter("layer")]

    assert edges(mine) == edges(theirs)
    assert port_ids(mine) == port_ids(theirs)


def test_names_with_commas_and_the_layout_of_the_text(tmp_path):
    x = parameter([2], np.float32, "x")
    x.output(0).set_names({"logits,final", "plain"})
    model = Model([make_node("Relu", "opset1", [x])], [x])
    xml = model_bytes(model)[0]
    assert b'names="logits\\,final,plain"' in xml
    assert xml.startswith(b'<?xml version="1.0"?>\n<net name="Model" version="11">\n\t<layers>\n\t\t<layer ')
    (tmp_path / "m.xml").write_bytes(xml)
    (tmp_path / "m.bin").write_bytes(b"")
    assert ov.Core().read_model(str(tmp_path / "m.xml")).input(0).get_names() == {"logits,final", "plain"}
