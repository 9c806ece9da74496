"""Output and input formats held to their own rules (issue 17, class 12): SARIF's URIs are
percent-encoded URI references, DOT text gives Graphviz no escape to expand, and every number in
an IR file is read by one strict parser, so ``run`` and ``lint`` agree on every spelling."""

import json
import re
import shutil
from urllib.parse import unquote_to_bytes, urlsplit

import numpy as np
import pytest
from click.testing import CliRunner
from lxml import etree

from helpers.irtext import add_model, const, layer, net, param, port, result, write
from irexec.cli import cli
from irexec.numbers import parse_float, parse_int


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


# --- SARIF -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["with space", "hash#tag", "per%25cent", "naïve-模型", "q?x", "a:b"])
def test_sarif_uris_are_percent_encoded(tmp_path, monkeypatch, name):
    folder = tmp_path / name
    folder.mkdir()
    xml = add_model().replace('type="Add"', 'type="Ad"')  # an error finding in the file
    path = write(folder, xml, stem=name)
    monkeypatch.chdir(tmp_path)
    r = invoke("lint", "--format", "sarif", f"{name}/{name}.xml")
    assert r.exit_code == 1
    (finding,) = json.loads(r.stdout)["runs"][0]["results"]
    uri = finding["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    # A relative reference: no scheme, no query, no fragment, only URI characters, and it decodes
    # back to the path's bytes.
    assert re.fullmatch(r"[A-Za-z0-9\-._~/%]+", uri), uri
    parts = urlsplit(uri)
    assert (parts.scheme, parts.query, parts.fragment) == ("", "", "")
    assert unquote_to_bytes(uri) == f"{name}/{name}.xml".encode()
    assert path.endswith(f"{name}.xml")


# --- Graphviz --------------------------------------------------------------------------------


BACKSLASH_NAMES = [
    "\\N",
    "\\\\N",
    "a\\Gb",
    "\\L\\\\L",
    "\\E\\T\\H",
    "end\\",
    'q\\"r',
    "\\n\\l\\r",
    "\\\\",
    "pre\\N&amp;",
]


def _backslash_model(tmp_path, name):
    attr = name.replace("&", "&amp;").replace('"', "&quot;")
    xml = add_model().replace('name="l2"', f'name="{attr}"').replace('name="test"', f'name="{attr}"')
    return write(tmp_path, xml)


# An escape Graphviz would expand: a backslash not itself escaped, then a letter it reads.
_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*\\[NGLEHTnlr]")


@pytest.mark.parametrize("name", BACKSLASH_NAMES)
def test_dot_gives_graphviz_no_escape_to_expand(tmp_path, name):
    r = invoke("show", _backslash_model(tmp_path, name), "--dot", "-")
    assert r.exit_code == 0, r.output
    # Each backslash of the name is written as a literal one (\\, as Graphviz's escStrings write
    # it), so no escape is left for Graphviz to expand; our own \n between a tooltip's lines aside.
    node = next(ln for ln in r.stdout.splitlines() if ln.startswith("  L2 ["))
    label = re.search(r"label=<(.*)>, tooltip=", node).group(1)
    assert not _ESCAPE.search(label) and not _ESCAPE.search(r.stdout.splitlines()[1]), r.stdout
    drawn = name.replace("\\", "\\\\").replace("&", "&amp;").replace('"', "&quot;")
    assert f"<BR/>{drawn}<BR/>" in label
    tooltip = re.search(r'tooltip="((?:[^"\\]|\\.)*)"', node).group(1)
    breaks = list(_ESCAPE.finditer(tooltip))  # (a tooltip's backslash is written as four: see irexec.show.dot)
    assert all(m.group().endswith("\\n") for m in breaks), tooltip
    first = tooltip[: breaks[0].end() - 2] if breaks else tooltip
    assert first == name.replace("&", "&amp;").replace("\\", "\\" * 4).replace('"', '\\"') + " (Add, id 2)"
    assert "\u29f5" not in r.stdout


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
@pytest.mark.parametrize("name", BACKSLASH_NAMES)
def test_svg_shows_backslash_names_exactly(tmp_path, name):
    """What Graphviz draws: the name as written, in the node, its tooltip and the graph's title."""
    svg_file = tmp_path / "m.svg"
    r = invoke("show", _backslash_model(tmp_path, name), "--svg", svg_file)
    assert r.exit_code == 0, r.output
    root = etree.parse(str(svg_file)).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    node = next(g for g in root.iterfind(".//s:g[@class='node']", ns) if g.findtext("s:title", namespaces=ns) == "L2")
    assert name in [t.text for t in node.iterfind(".//s:text", ns)]
    (tip,) = {a.get("{http://www.w3.org/1999/xlink}title") for a in node.iterfind(".//s:a", ns)}
    assert tip.split("\n")[0] == f"{name} (Add, id 2)"
    assert [t.text for t in root.iterfind("s:g/s:text", ns)][0] == name


# --- numbers ---------------------------------------------------------------------------------

BAD_INTS = ["+2", "2_0", "\u0662", "\uff12", "0x2", " 2\u00a0", "2.0", "²"]


@pytest.mark.parametrize("text", BAD_INTS)
def test_the_strict_parser_refuses_what_python_accepts(text):
    with pytest.raises(ValueError):
        parse_int(text)
    with pytest.raises(ValueError):
        parse_float(text.replace("2", "2.5", 1) if text.isascii() else text)


def test_the_strict_parser_reads_what_openvino_writes():
    assert [parse_int(t) for t in ("0", "-1", " 42\n", "0007")] == [0, -1, 42, 7]
    assert [parse_float(t) for t in ("1", "-0.5", "1e-05", "3.4028234663852886e+38", "-1.5E+10")] == [
        1.0,
        -0.5,
        1e-05,
        3.4028234663852886e38,
        -1.5e10,
    ]
    assert parse_float("inf") == np.inf and np.isnan(parse_float("-nan"))


def clamp_model(lo="0", hi="1"):
    return net(
        [
            param(0, "x", (2,)),
            layer(
                1,
                "Clamp",
                data={"min": lo, "max": hi},
                inputs=[port(0, "f32", (2,))],
                outputs=[port(1, "f32", (2,), "y")],
            ),
            result(2, "f32", (2,)),
        ],
        [(0, 0, 1, 0), (1, 1, 2, 0)],
    )


def const_model(offset="0", size="8"):
    return net(
        [
            param(0, "x", (2,)),
            const(1, (2,), "f32", offset, size),
            layer(2, "Add", inputs=[port(0, "f32", (2,)), port(1, "f32", (2,))], outputs=[port(2, "f32", (2,), "y")]),
            result(3, "f32", (2,)),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )


def spelled(where: str, text: str):
    """The model with ``text`` where a number goes; (xml, weights)."""
    blob = np.array([1, 2], np.float32).tobytes()
    if where == "int attribute":
        return const_model(offset=text.replace("2", "0")), blob
    if where == "size":
        return const_model(size=text.replace("2", "8")), blob
    if where == "float attribute":
        return clamp_model(hi=text), None
    xml = add_model(shape=(2,))
    if where == "dim":
        return xml.replace(
            "<dim>2</dim></port></output></layer>", f"<dim>{text}</dim></port></output></layer>", 1
        ), None
    if where == "port id":  # the Add's output port, and the edge from it, spelled alike
        return xml.replace('<port id="2"', f'<port id="{text}"').replace('from-port="2"', f'from-port="{text}"'), None
    if where == "edge":  # the port as ever, the edge to it spelled otherwise
        return xml.replace('from-port="2"', f'from-port="{text}"'), None
    raise AssertionError(where)


WHERE = ["int attribute", "size", "float attribute", "dim", "port id", "edge"]


@pytest.mark.parametrize("where", WHERE)
def test_plain_spellings_run(tmp_path, where):
    xml, blob = spelled(where, "2")
    path = write(tmp_path, xml, blob)
    assert invoke("lint", path).exit_code == 0
    r = invoke("run", path, "--random")
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("text", ["+2", "2_0", "\u0662", "\uff12"])
@pytest.mark.parametrize("where", WHERE)
def test_lenient_spellings_are_refused_by_run_and_lint_alike(tmp_path, where, text):
    if where == "int attribute" and text == "2_0":
        text = "0_0"
    xml, blob = spelled(where, text)
    path = write(tmp_path, xml, blob)
    r = invoke("run", path, "--random")
    assert r.exit_code == 1 and r.stdout == "", r.output
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    lint = invoke("lint", path)
    assert lint.exit_code == 1, lint.output


def test_a_port_id_with_leading_zeros_is_that_number(tmp_path):
    # OpenVINO reads port ids as numbers: "02" is port 2, and an edge may name it either way.
    xml = add_model(shape=(2,)).replace('<port id="2"', '<port id="02"')
    r = invoke("run", write(tmp_path, xml), "--random")
    assert r.exit_code == 0, r.output


# --- error line length (issue 17, class 9) -----------------------------------------------------


def cycle_model(n: int) -> str:
    """n Relu layers in one cycle, then a Result."""
    relus = [layer(k, "Relu", inputs=[port(0, "f32", (2,))], outputs=[port(1, "f32", (2,))]) for k in range(n)]
    edges = [(k, 1, (k + 1) % n, 0) for k in range(n)]
    return net(relus + [result(n, "f32", (2,))], edges + [(0, 1, n, 0)])


def test_a_long_cycle_gives_a_short_line(tmp_path):
    path = write(tmp_path, cycle_model(5000))  # (the line named all 5,000 before: 90 KB)
    for args in (("run", path, "--random"), ("lint", path), ("show", path)):
        r = invoke(*args)
        assert r.exit_code == (0 if args[0] == "show" else 1), (args, r.output[:300])  # (show shows it)
        lines = [ln for ln in r.output.splitlines() if "has a cycle" in ln]
        assert len(lines) == 1 and len(lines[0]) < 2100, (args, len(r.output))
        assert "... and " in lines[0] and " more" in lines[0]


def test_every_line_is_capped(tmp_path):
    # A 100,000-character layer name in an error: the line is cut, and says by how much.
    xml = add_model().replace('type="Add"', 'type="Ad"').replace('name="l2"', f'name="{"n" * 100000}"')
    path = write(tmp_path, xml)
    r = invoke("run", path, "--random")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1
    assert len(r.stderr) < 2100 and re.search(r" \.\.\. \(\d+ characters left out\) \.\.\. ", r.stderr)
    assert r.stderr.strip().endswith("unknown operation type 'Ad'")  # the reason kept
    lint = invoke("lint", path)
    assert all(len(line) < 2100 for line in lint.output.splitlines())
