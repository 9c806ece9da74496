"""Hostile XML: nesting, sizes, counts, encodings and markup in odd places. Each file gives a result
or one clear IRExecError with its line, quickly and without much memory (the big cases run in a
child process, which measures its own peak memory)."""

import json
import os
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import irexec
from helpers.irtext import add_model, layer, net, param, port, result, write
from irexec.errors import ParseError, ValidationError
from irexec.ir import safexml as reader

X = np.arange(6, dtype=np.float32).reshape(2, 3)


def run_add(path):
    """The add model's result, whatever encoding or markup the file used."""
    out = irexec.read_model(path).infer({"x": X, "y": X})
    np.testing.assert_array_equal(out["z"], 2 * X)


def err(path, exc=irexec.IRExecError) -> irexec.IRExecError:
    start = time.monotonic()
    with pytest.raises(exc) as info:
        irexec.read_model(path)
    e = info.value
    assert "\n" not in str(e) and time.monotonic() - start < 5
    return e


def write_bytes(tmp_path, data: bytes, stem="model") -> str:
    path = os.path.join(str(tmp_path), stem + ".xml")
    with open(path, "wb") as f:
        f.write(data)
    return path


_CHILD = textwrap.dedent("""
    import json, resource, sys, time
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
    import irexec
    start = time.monotonic()
    try:
        m = irexec.read_model(sys.argv[1])
        out = {"result": len(m.inputs)}
    except irexec.IRExecError as e:
        out = {"error": type(e).__name__, "message": str(e), "line": e.line}
    out["seconds"] = time.monotonic() - start
    # VmHWM: the peak RSS of this process image (ru_maxrss would include the parent's, from before exec)
    with open("/proc/self/status") as f:
        out["peak_mb"] = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) >> 10
    print(json.dumps(out))
""")


def isolated(path, timeout=60) -> dict:
    """read_model in a child process capped at 4 GiB of address space: its outcome, time and peak RSS."""
    proc = subprocess.run([sys.executable, "-c", _CHILD, path], capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def baseline_peak_mb() -> int:
    return isolated(os.path.join(os.path.dirname(__file__), "..", "..", "models", "kv_cache_update.xml"))["peak_mb"]


@pytest.fixture(scope="module")
def base_mb():
    return baseline_peak_mb()


# ---- nesting --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["<data>", "<layer>", "<input>", "<port>", "<rt_info>"])
def test_100k_nested_elements_are_refused_at_libxml2s_depth_limit(tmp_path, where, base_mb):
    """huge_tree=False: libxml2 refuses nesting past 256 levels; the message says so, with the line."""
    deep = "<a>" * 100_000 + "</a>" * 100_000
    spots = {
        "<data>": ('<data shape="2,3" element_type="f32"/>', f'<data shape="2,3" element_type="f32">{deep}</data>'),
        "<layer>": ('type="Add" version="opset1">', f'type="Add" version="opset1">{deep}'),
        "<input>": ("<input>", f"<input>{deep}"),
        "<port>": ('<port id="0" precision="FP32">', f'<port id="0" precision="FP32">{deep}'),
        "<rt_info>": ("</edges>", f"</edges>\n<rt_info>{deep}</rt_info>"),
    }
    xml = add_model().replace(*spots[where], 1)
    path = write(tmp_path, xml)
    e = err(path, ParseError)
    assert "elements are nested more than 256 deep" in e.message
    assert "over a limit irexec keeps for untrusted files" in e.message
    assert e.line == (xml[: xml.index("<a>")].count("\n") + 1)
    assert str(e).startswith(f"{path}:{e.line}: ")
    out = isolated(path)
    assert out["error"] == "ParseError" and out["seconds"] < 2 and out["peak_mb"] < base_mb + 100


def test_nesting_under_the_limit_inside_data_is_ignored(tmp_path):
    xml = add_model().replace(
        'type="Add" version="opset1">',
        'type="Add" version="opset1"><data auto_broadcast="numpy">' + "<a>" * 200 + "</a>" * 200 + "</data>",
    )
    run_add(write(tmp_path, xml))


# ---- sizes ----------------------------------------------------------------------------------------------


def test_50mb_attribute_value_is_refused_with_its_line(tmp_path, base_mb):
    xml = add_model().replace('name="l2"', 'name="' + "A" * 50_000_000 + '"')
    path = write(tmp_path, xml)
    e = err(path, ParseError)
    assert "a name or attribute value is longer than 10,000,000 characters" in e.message
    assert e.line == 6  # the Add layer's line, though libxml2 only notices at the end of its buffer
    out = isolated(path)
    assert out["error"] == "ParseError" and out["seconds"] < 5
    assert out["peak_mb"] < base_mb + 50 * 6  # the file, as bytes, and little more


def test_50mb_text_node_is_refused(tmp_path):
    xml = add_model().replace("<dim>3</dim>", "<dim>3" + " " * 50_000_000 + "</dim>", 1)
    e = err(write(tmp_path, xml), ParseError)
    assert "a text node is longer than 10,000,000 characters" in e.message and e.line == 4


def test_5mb_attribute_value_is_read(tmp_path):
    name = "N" * 5_000_000
    m = irexec.read_model(write(tmp_path, add_model().replace('name="test"', f'name="{name}"')))
    assert m.name == name


def test_xml_over_the_size_limit_is_refused_before_reading(tmp_path):
    path = os.path.join(str(tmp_path), "model.xml")
    with open(path, "wb") as f:
        f.write(add_model().encode())
        f.truncate(reader.MAX_XML_BYTES + 1)  # sparse: nothing is written
    e = err(path, ParseError)
    assert f"over irexec's limit of {reader.MAX_XML_BYTES} bytes" in e.message


# ---- counts ---------------------------------------------------------------------------------------------


def _many_parameters(n: int) -> str:
    lay = (
        '<layer id="{i}" name="p{i}" type="Parameter" version="opset1"><data shape="1" element_type="f32"/>'
        '<output><port id="0" precision="FP32"><dim>1</dim></port></output></layer>\n'
    )
    return (
        '<?xml version="1.0"?>\n<net name="many" version="11">\n<layers>\n'
        + "".join(lay.format(i=i) for i in range(n))
        + "</layers>\n<edges/>\n</net>\n"
    )


def test_20k_layers_without_edges_read(tmp_path):
    path = write(tmp_path, _many_parameters(20_000))
    start = time.monotonic()
    m = irexec.read_model(path)
    assert len(m.inputs) == 20_000 and m.outputs == [] and time.monotonic() - start < 10
    assert (
        m.infer({"p7": np.ones(1, np.float32), **{f"p{i}": np.ones(1, np.float32) for i in range(20_000) if i != 7}})
        == {}
    )


def test_more_layers_than_the_limit_are_refused_at_once(tmp_path, base_mb):
    path = write(tmp_path, _many_parameters(reader.MAX_LAYERS + 1))
    e = err(path, ParseError)
    assert f"has {reader.MAX_LAYERS + 1} <layer> elements, over irexec's limit of {reader.MAX_LAYERS}" in e.message
    out = isolated(path)
    assert out["error"] == "ParseError" and out["seconds"] < 3
    assert out["peak_mb"] < base_mb + os.path.getsize(path) * 3 / 2**20


def test_more_edges_than_the_limit_are_refused_at_once(tmp_path):
    edges = '<edge from-layer="0" from-port="2" to-layer="3" to-port="0"/>' * (reader.MAX_EDGES + 1)
    e = err(write(tmp_path, add_model().replace("<edges>", "<edges>" + edges)), ParseError)
    assert f"over irexec's limit of {reader.MAX_EDGES}" in e.message


@pytest.mark.parametrize("tag, limit", [("layer", "MAX_LAYERS"), ("edge", "MAX_EDGES")])
def test_marks_packed_as_tight_as_they_go_are_counted(tag, limit, monkeypatch):
    # The count is skipped for a text too short to hold more than the limit: one mark over it,
    # packed with nothing between, is still refused; at the limit, it is not.
    monkeypatch.setattr(reader, limit, 1000)
    for n, refused in ((1000, False), (1001, True)):
        text = b"<net><!--" + (b"<" + tag.encode()) * n + b"--></net>"
        if refused:
            with pytest.raises(ParseError, match=f"has {n} <{tag}> elements"):
                reader.prepare_xml(text)
        else:
            reader.prepare_xml(text)


def test_a_layer_with_too_many_elements_is_refused(tmp_path, base_mb):
    xml = add_model().replace(
        'type="Add" version="opset1">',
        'type="Add" version="opset1"><data>' + "<a/>" * (reader.MAX_LAYER_ELEMENTS + 1) + "</data>",
    )
    path = write(tmp_path, xml)
    e = err(path, ParseError)
    assert f"a <layer> holds more than {reader.MAX_LAYER_ELEMENTS} elements" in e.message and e.line == 6
    assert isolated(path)["peak_mb"] < base_mb + 100


def test_elements_outside_layers_are_dropped_as_they_are_read(tmp_path, base_mb):
    """A million elements in <rt_info> (valid XML, nothing irexec reads) cost no memory to speak of."""
    xml = add_model().replace(
        "</edges>", "</edges>\n<rt_info>" + '<info name="a" value="b"/>' * 1_000_000 + "</rt_info>"
    )
    path = write(tmp_path, xml)
    run_add(path)
    out = isolated(path)
    assert out["result"] == 2 and out["peak_mb"] < base_mb + 3 * os.path.getsize(path) / 2**20


def test_too_many_attributes_on_one_element(tmp_path):
    attrs = " ".join(f"a{i}='1'" for i in range(reader.MAX_ATTRIBUTES + 1))
    e = err(
        write(
            tmp_path,
            add_model().replace('type="Add" version="opset1">', f'type="Add" version="opset1"><data {attrs}/>'),
        ),
        ParseError,
    )
    assert f"<data> has {reader.MAX_ATTRIBUTES + 1} attributes" in e.message and e.line == 6


def test_a_port_with_more_dims_than_numpy_allows(tmp_path):
    dims = "<dim>1</dim>" * 65
    e = err(write(tmp_path, add_model().replace("<dim>2</dim><dim>3</dim>", dims, 1)), ParseError)
    assert "the port has 65 dims; irexec handles at most 64" in e.message and e.layer == "x" and e.port == "0"
    e = err(write(tmp_path, add_model().replace('shape="2,3"', 'shape="' + ",".join(["1"] * 65) + '"', 1)))
    assert "at most 64" in e.message and e.layer == "x"


# ---- encodings ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"])
def test_utf16_and_utf32_files_read(tmp_path, encoding):
    decl = '<?xml version="1.0" encoding="{}"?>'.format(encoding.upper().replace("-LE", "LE").replace("-BE", "BE"))
    text = add_model().replace('<?xml version="1.0"?>', decl).replace('name="test"', 'name="t\u00e9st\u2603"')
    bom = {
        "utf-16-le": b"\xff\xfe",
        "utf-16-be": b"\xfe\xff",
        "utf-32-le": b"\xff\xfe\x00\x00",
        "utf-32-be": b"\x00\x00\xfe\xff",
    }.get(encoding, b"")
    path = write_bytes(tmp_path, bom + text.encode(encoding))
    run_add(path)
    assert irexec.read_model(path).name == "t\u00e9st\u2603"


def test_utf16_without_a_bom_or_declaration(tmp_path):
    run_add(write_bytes(tmp_path, add_model().replace('<?xml version="1.0"?>\n', "").encode("utf-16-le")))


def test_utf8_bom(tmp_path):
    run_add(write_bytes(tmp_path, b"\xef\xbb\xbf" + add_model().encode()))


def test_declared_iso_8859_1(tmp_path):
    text = add_model().replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="ISO-8859-1"?>')
    path = write_bytes(tmp_path, text.replace('name="test"', 'name="caf\u00e9"').encode("latin-1"))
    run_add(path)
    assert irexec.read_model(path).name == "caf\u00e9"


def test_non_utf8_bytes_give_the_line_and_column(tmp_path):
    data = add_model().encode().replace(b'name="l2"', b'name="l\xff\xfe2"')
    e = err(write_bytes(tmp_path, data), ParseError)
    assert e.line == 6 and "not well-formed XML at column" in e.message
    assert "Invalid bytes in character encoding" in e.message


def test_invalid_utf16_gives_the_line(tmp_path):
    text = add_model().replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-16"?>')
    data = b"\xff\xfe" + text.encode("utf-16-le")
    bad = data.index("l2".encode("utf-16-le"))
    data = data[:bad] + b"\x00\xd8" + data[bad + 2 :]  # a lone high surrogate
    e = err(write_bytes(tmp_path, data), ParseError)
    assert "not valid UTF-16-LE text" in e.message and e.line == 6


def test_truncated_utf16(tmp_path):
    data = b"\xff\xfe" + add_model().encode("utf-16-le")
    e = err(write_bytes(tmp_path, data[:501]), ParseError)
    assert e.line is not None


@pytest.mark.parametrize("encoding", ["UTF-7", "cp037", "EBCDIC-US", "Shift_JIS", "nonsense"])
def test_other_declared_encodings_are_refused_by_name(tmp_path, encoding):
    text = add_model().replace('<?xml version="1.0"?>', f'<?xml version="1.0" encoding="{encoding}"?>')
    e = err(write_bytes(tmp_path, text.encode("ascii")), ParseError)
    assert f"declares encoding '{encoding.lower()}'" in e.message and e.line == 1


# ---- DOCTYPE wherever it hides ----------------------------------------------------------------------------

_BOMB = (
    '<!DOCTYPE net [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY {c} "{("&" + p + ";") * 10}">' for p, c in zip("abcdefgh", "bcdefghi"))
    + "]>"
)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32-be"])
def test_doctype_is_refused_in_any_encoding(tmp_path, encoding):
    text = f'<?xml version="1.0" encoding="{encoding}"?>{_BOMB}<net name="&i;" version="11"><layers/></net>'
    data = text.encode(encoding)
    if encoding == "utf-32-be":
        data = b"\x00\x00\xfe\xff" + data
    e = err(write_bytes(tmp_path, data), ParseError)
    assert e.message == "DOCTYPE declarations are not allowed in an IR file" and e.line == 1


def test_doctype_after_a_long_comment_is_refused(tmp_path):
    text = '<?xml version="1.0"?><!--' + "x" * 200_000 + "-->\n<?pi?>\n" + _BOMB + '<net name="&i;" version="11"/>'
    e = err(write_bytes(tmp_path, text.encode()), ParseError)
    assert e.message == "DOCTYPE declarations are not allowed in an IR file"


# ---- markup in odd places -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "edit",
    [
        ("<dim>3</dim>", "<dim><![CDATA[3]]></dim>"),
        ("<dim>3</dim>", "<dim> <!-- c -->3<?pi x?> </dim>"),
        ("<layers>", "<layers><?pi inside layers?><!-- a comment -->"),
        ("<input>", "<input><?pi?><!-- c -->"),
        ("<edges>", "<edges><?pi between edges?><![CDATA[]]>".replace("<![CDATA[]]>", "<!-- -->")),
        ('<?xml version="1.0"?>', '<?xml version="1.0"?><?pi before the root?><!-- c -->'),
        ("</net>", "</net><?pi after the root?><!-- c -->"),
        ('<data shape="2,3"', '<!-- c --><data shape="2,3"'),
    ],
)
def test_comments_pis_and_cdata_in_odd_places_are_harmless(tmp_path, edit):
    xml = add_model().replace(*edit, 1)
    assert xml != add_model()
    run_add(write(tmp_path, xml))


def test_cdata_with_junk_in_a_dim(tmp_path):
    e = err(write(tmp_path, add_model().replace("<dim>3</dim>", "<dim><![CDATA[3<x>]]></dim>", 1)), ParseError)
    assert "invalid dimension '3<x>'" in e.message and e.line == 4 and e.port == "0"


def test_cdata_in_layers_is_not_a_layer(tmp_path):
    run_add(write(tmp_path, add_model().replace("<layers>", "<layers><![CDATA[<layer id='9'/>]]>")))


def test_cdata_terminator_outside_cdata(tmp_path):
    e = err(write(tmp_path, add_model().replace('name="l2"', 'name="l2" ]]>')), ParseError)
    assert e.line == 6


def test_nul_byte_gives_one_line(tmp_path):
    e = err(write_bytes(tmp_path, add_model().encode().replace(b'name="l2"', b'name="l\x002"')), ParseError)
    assert e.line == 6 and e.message.startswith("not well-formed XML at column")
    e = err(write_bytes(tmp_path, add_model().encode().replace(b"<input>", b"<input>\x00", 1)), ParseError)
    assert e.line == 6 and "Char 0x0 out of allowed range" in e.message


def test_namespaced_elements_are_not_ir_elements(tmp_path):
    xml = add_model().replace("<layers>", '<layers xmlns:q="urn:q"><q:layer id="9" type="Add"/>')
    assert "unexpected <{urn:q}layer> in <layers>" in err(write(tmp_path, xml), ParseError).message


def test_second_layers_or_stray_element_in_edges(tmp_path):
    xml = add_model().replace("<edges>", "<layers/><edges>")
    assert "<net> has more than one <layers>" in err(write(tmp_path, xml), ParseError).message
    e = err(write(tmp_path, add_model().replace("<edges>", "<edges><layer/>")), ParseError)
    assert "unexpected <layer> in <edges>" in e.message and e.line is not None


# ---- graph shapes a reader must refuse or normalise ----------------------------------------------------


def test_edge_out_of_a_result(tmp_path):
    shape = (2, 3)
    xml = net(
        [
            param(0, "x", shape),
            param(1, "y", shape),
            layer(2, "Result", inputs=[port(0, "f32", shape)], outputs=[port(1, "f32", shape)]),
            layer(3, "Add", inputs=[port(0, "f32", shape), port(1, "f32", shape)], outputs=[port(2, "f32", shape)]),
            result(4, "f32", shape),
        ],
        [(0, 0, 2, 0), (2, 1, 3, 0), (1, 0, 3, 1), (3, 2, 4, 0)],
    )
    e = err(write(tmp_path, xml), ValidationError)
    assert "a Result has no outputs, but an edge leaves its port 1 (to layer 'l3', id 3)" in e.message
    assert e.layer_id == "2" and e.line == 6


def test_op_types_are_matched_case_insensitively_and_then_run(tmp_path):
    xml = add_model().replace('type="Parameter"', 'type="parameter"').replace('type="Result"', 'type="RESULT"')
    run_add(write(tmp_path, xml))


def test_layer_id_that_is_a_digit_but_not_a_number(tmp_path):
    xml = add_model().replace('id="3"', 'id="\u00b2"').replace('to-layer="3"', 'to-layer="\u00b2"')
    e = err(write(tmp_path, xml), ParseError)
    assert "layer id '\u00b2' is not a number" in e.message and e.line == 7


# ---- line breaks from the file never break the one-line error ------------------------------------------


@pytest.mark.parametrize(
    "edit, expect",
    [
        (("<dim>3</dim>", "<dim>3\n4</dim>"), "invalid dimension '3\\n4'"),
        (
            ('type="Add" version="opset1">', 'type="Add" version="opset1"><data auto_broadcast="a&#10;b"/>'),
            "auto_broadcast='a\\nb' is not one of",
        ),
        (('<?xml version="1.0"?>', '<?xml version="1.0" encoding="x&#10;y"?>'), None),
        (
            ('type="Add" version="opset1"', 'type="Add" version="opset&#13;1"'),
            "Add version 'opset\\r1' is not supported",
        ),
        (('precision="FP32"', 'precision="F&#10;P"'), "unknown element type 'F\\nP'"),
        (('to-layer="3"', 'to-layer="9&#10;9"'), "edge to missing layer '9\\n9'"),
        (('from-port="2"', 'from-port="2&#10;"'), "layer 'l2' (id 2, Add): port 2\\n: edge from an output port"),
    ],
)
def test_line_breaks_in_values_are_escaped_in_messages(tmp_path, edit, expect):
    e = err(write(tmp_path, add_model().replace(*edit, 1)))
    assert "\n" not in str(e) and "\r" not in str(e)
    if expect:
        assert expect in str(e)


def test_encoding_name_with_a_line_break(tmp_path):
    data = b'<?xml version="1.0" encoding="UC\x00\xdfl\nx"?>\n<net/>'
    e = err(write_bytes(tmp_path, data), ParseError)
    assert "\n" not in str(e) and "declares encoding" in e.message


def test_layer_name_with_a_line_break(tmp_path):
    e = err(write(tmp_path, add_model().replace('name="l2" type="Add"', 'name="l&#10;2" type="Frobnicate"')))
    assert "\n" not in str(e)
