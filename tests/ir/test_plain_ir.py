"""The quick reading of a plain IR (irexec.ir.plain_ir) gives what the general reader gives: the same
graph, problems and lint findings, on the real models, on every way the linter's corpus breaks
them, and on the files that are not plain, which it hands back to the general reader."""

from __future__ import annotations

import glob
import os

import pytest

import irexec
import irexec.ir.plain_ir as plain_ir
from helpers import lintcorpus, sweep
from helpers.irtext import add_model, write
from irexec.errors import IRExecError
from irexec.ir.plain_ir import plain_graph, plain_marks
from irexec.ir.reader import parse_graph
from irexec.ir.safexml import MAX_ATTRIBUTES, MAX_LAYER_ELEMENTS, prepare_xml
from irexec.ir.schema_pass import SchemaSlices

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODELS = sorted(
    glob.glob(os.path.join(ROOT, "models", "*.xml"))
    + glob.glob(os.path.join(ROOT, "tests", "data", "corpus", "*.xml"))
    + glob.glob(os.path.join(ROOT, "tests", "data", "torch", "*.xml"))
)


def _snapshot(graph) -> tuple:
    layers = [
        (
            x.id,
            x.name,
            x.type,
            x.version,
            x.attrs,
            x.line,
            x.scope,
            type(x.op).__name__,
            [(p.id, p.etype and p.etype.name, p.shape, p.names, p.line) for p in x.inputs + x.outputs],
        )
        for x in graph.layers.values()
    ]
    return graph.name, graph.ir_version, layers, graph.succ, sorted(graph.used), graph.topological_order()


def _problems(found: list) -> list:
    return [(type(e).__name__, e.code, str(e), e.line, e.layer, e.port) for e in found]


def _read(path: str, quick: bool, monkeypatch) -> tuple:
    """(graph snapshot or the error raised, the problems, the lint findings) with the quick reading on or off."""
    monkeypatch.setattr(plain_ir, "QUICK", quick)
    with open(path, "rb") as f:
        data = f.read()
    weights = os.path.splitext(path)[0] + ".bin"
    found = []
    try:
        graph = _snapshot(parse_graph(data, path, weights, found))
    except IRExecError as e:
        graph = ("raised", type(e).__name__, str(e), e.code, e.line)
    findings = [(f.code, f.severity, f.message, f.line, f.column, f.layer_name, f.port) for f in irexec.lint(path)]
    return graph, _problems(found), findings


def _quick_taken(path: str, lint: bool = False) -> bool:
    """Whether the quick reading reads the file (``lint``: as the linter reads, with the schema)."""
    with open(path, "rb") as f:
        data = prepare_xml(f.read(), path)
    schema = (lambda found: SchemaSlices(path, found)) if lint else None
    return plain_graph(data, path, os.path.splitext(path)[0] + ".bin", [], schema) is not None


# The items are parsed in pieces of about PIECE_BYTES: as many pieces as items, a few items to a
# piece, and the size a reading uses (most of these models are one piece at it).
PIECES = [1, 700, plain_ir.PIECE_BYTES]


@pytest.mark.parametrize("piece", PIECES)
def test_the_real_models_read_alike_both_ways(piece, monkeypatch):
    monkeypatch.setattr(plain_ir, "PIECE_BYTES", piece)
    taken = 0
    for path in MODELS:
        assert _read(path, True, monkeypatch) == _read(path, False, monkeypatch), path
        monkeypatch.setattr(plain_ir, "QUICK", True)
        taken += _quick_taken(path)
    assert len(MODELS) >= 60 and taken >= 40  # (the models with bodies go the general way)


@pytest.mark.sweep
def test_every_broken_variant_reads_alike_both_ways(monkeypatch, tmp_path):
    monkeypatch.setattr(plain_ir, "PIECE_BYTES", 700)
    count, taken = 0, 0
    step = sweep.size(5, 10)  # (every 5th model's variants in full, every 10th in the bounded slice)
    for path in MODELS[::step]:
        xml, blob = lintcorpus.load(path)
        for v in lintcorpus.variants(os.path.basename(path), xml, blob, per_mutation=1):
            vpath = lintcorpus.write(tmp_path, v, count)
            count += 1
            assert _read(vpath, True, monkeypatch) == _read(vpath, False, monkeypatch), v.name
            monkeypatch.setattr(plain_ir, "QUICK", True)
            taken += _quick_taken(vpath)
    assert count >= 1000 // step and taken >= count // 2


def _edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


ADD = add_model()
# Files the quick reading hands back (it meets something the general reader says differently,
# or cannot rule a limit out), each with what the general reader says of it.
ODD = {
    "comment between layers": _edit(ADD, '<layer id="1"', '<!-- c --><layer id="1"'),
    "comment after the last layer": _edit(ADD, "</layers>", "<!-- c --></layers>"),
    "comment between edges": _edit(
        ADD,
        "<edge ",
        "<!-- c --><edge ",
    ),
    "element in layers": _edit(ADD, '<layer id="1"', '<junk/><layer id="1"'),
    "element after the last layer": _edit(ADD, "</layers>", "<junk/></layers>"),
    "element in edges": _edit(ADD, "</edges>", "<junk/></edges>"),
    "layer in an element in layers": _edit(
        ADD, '<layer id="1"', '<junk><layer id="9" name="n" type="Relu" version="opset1"/></junk><layer id="1"'
    ),
    "layer inside a layer's data": _edit(
        ADD, 'type="Add" version="opset1">', 'type="Add" version="opset1"><data><layer id="8" type="Relu"/></data>'
    ),
    "edge in layers": _edit(
        ADD, '<layer id="1"', '<edge from-layer="0" from-port="0" to-layer="2" to-port="0"/><layer id="1"'
    ),
    "layer in edges": _edit(ADD, "</edges>", '<layer id="7" name="z" type="Relu" version="opset1"/></edges>'),
    "layer at the net": _edit(ADD, "<edges>", '<layer id="7" name="z" type="Relu" version="opset1"/><edges>'),
    "layers inside rt_info": _edit(ADD, "</net>", "<rt_info><layers/></rt_info></net>"),
    "an edge in a comment": _edit(ADD, "</edges>", '<!-- <edge from-layer="9"/> --></edges>'),
    "a layer in a comment": _edit(ADD, "</layers>", '<!-- <layer id="9"> --></layers>'),
    "a comment at the net": _edit(ADD, "</net>", "<!-- c --></net>"),
    "a processing instruction": _edit(ADD, "<edges>", "<?p x?><edges>"),
    "a CDATA section": _edit(
        ADD, 'type="Add" version="opset1">', 'type="Add" version="opset1"><rt_info><![CDATA[x]]></rt_info>'
    ),
    "a processing instruction first": "<?p x?>" + ADD[ADD.index("<net") :],
    "a huge id": _edit(ADD, '<layer id="1"', '<layer id="' + "1" * 30 + '"'),
    "cut short": ADD[:-40],
    "no layers": ADD[: ADD.index("<layers>")] + ADD[ADD.index("</layers>") + len("</layers>") :],
    "root not net": ADD.replace("<net ", "<nett ").replace("</net>", "</nett>"),
    "bad version": ADD.replace('version="11"', 'version="9"'),
    # Items are cut out of the one <layers> and the one <edges>.
    "a second layers": _edit(ADD, "<edges>", "<layers/><edges>"),
    "a second edges": _edit(ADD, "</net>", "<edges/></net>"),
    # A problem in an item: the pieces count lines of their own, the general reader says where.
    "an edge missing a port": _edit(ADD, "</edges>", '<edge from-layer="0" to-layer="2" to-port="0"/></edges>'),
    "a duplicate layer id": _edit(ADD, '<layer id="1"', '<layer id="0"'),
    # (lint: the schema finds something in a piece)
    "an attribute the schema refuses": _edit(ADD, "<dim>", '<dim x="1">'),
    "rt_info before a port's dims": _edit(ADD, 'names="z">', 'names="z"><rt_info><x/></rt_info>'),
}
SCHEMA_ONLY = (
    "an attribute the schema refuses",
    "rt_info before a port's dims",
)  # (read without the schema, the quick way)
# Files the quick reading reads (a child of the <net> it has no events for, rt_info at places).
PLAIN = {
    "as written": ADD,
    "no declaration": ADD[ADD.index("<net") :],
    "rt_info at the net": _edit(ADD, "</net>", '<rt_info><a value="1"/><b><c/></b></rt_info></net>'),
    "rt_info in a layer and a port": _edit(
        _edit(
            ADD,
            'type="Add" version="opset1">',
            'type="Add" version="opset1"><rt_info><attribute name="a"><rt_info/></attribute></rt_info>',
        ),
        'names="z"><dim>2</dim><dim>3</dim>',
        'names="z"><dim>2</dim><dim>3</dim><rt_info><x/></rt_info>',
    ),
    "unknown children of the net": _edit(
        _edit(ADD, "<layers>", "<meta><a/></meta><layers>"), "</net>", "<tail>t</tail></net>"
    ),
    "a problem in a layer": _edit(ADD, 'type="Add" version="opset1">', 'type="Nope" version="opset1">'),
    "edges before the layers": ADD[: ADD.index("<layers>")]
    + ADD[ADD.index("<edges>") : ADD.index("</edges>") + 8]
    + ADD[ADD.index("<layers>") : ADD.index("</layers>") + 9]
    + "</net>",
    "an edge to nowhere": _edit(
        ADD, "</edges>", '<edge from-layer="0" from-port="0" to-layer="99" to-port="0"/></edges>'
    ),
}


@pytest.mark.parametrize("name", sorted(ODD))
def test_what_the_quick_reading_hands_back_reads_alike(name, monkeypatch, tmp_path):
    path = write(tmp_path, ODD[name])
    monkeypatch.setattr(plain_ir, "QUICK", True)
    assert not _quick_taken(path, lint=True)
    assert _quick_taken(path) == (name in SCHEMA_ONLY)
    assert _read(path, True, monkeypatch) == _read(path, False, monkeypatch)


@pytest.mark.parametrize("piece", [1, plain_ir.PIECE_BYTES])
@pytest.mark.parametrize("name", sorted(PLAIN))
def test_what_the_quick_reading_reads_reads_alike(name, piece, monkeypatch, tmp_path):
    monkeypatch.setattr(plain_ir, "PIECE_BYTES", piece)
    path = write(tmp_path, PLAIN[name])
    monkeypatch.setattr(plain_ir, "QUICK", True)
    assert _quick_taken(path) and _quick_taken(path, lint=True)
    assert _read(path, True, monkeypatch) == _read(path, False, monkeypatch)


def _marks(text: str):
    return plain_marks(prepare_xml(text.encode()))


def test_what_no_limit_can_be_met_in_is_told_by_the_bytes():
    assert _marks(ADD) == ADD.count("<layer ")
    wide = " ".join(f"a{i}='1'" for i in range(MAX_ATTRIBUTES + 1))
    # An element that may have too many attributes, wherever it is.
    assert _marks(_edit(ADD, "</net>", f"<rt_info><x {wide}/></rt_info></net>")) is None
    assert _marks(_edit(ADD, "</net>", f"<rt_info><x {wide[:3000]}/></rt_info></net>")) == 4
    # A layer that may hold too many elements: the first, the last, one between.
    many = "<rt_info>" + "<a/>" * MAX_LAYER_ELEMENTS + "</rt_info>"
    fewer = "<rt_info>" + "<a/>" * (MAX_LAYER_ELEMENTS // 2) + "</rt_info>"
    for lid in ("0", "2", "3"):
        j = ADD.index(">", ADD.index(f'<layer id="{lid}"')) + 1
        assert _marks(ADD[:j] + many + ADD[j:]) is None
        assert _marks(ADD[:j] + fewer + ADD[j:]) == 4
    # An edge likewise, and what no layer or edge spans (an rt_info of the <net>).
    i = ADD.index("<edge ")
    assert _marks(ADD[:i] + "<x>" + "<a/>" * MAX_LAYER_ELEMENTS + "</x>" + ADD[i:]) is None
    assert _marks(_edit(ADD, "</net>", "<rt_info>" + "<a/>" * plain_ir.PLAIN_OUTSIDE + "</rt_info></net>")) is None
    assert _marks(_edit(ADD, "</net>", "<rt_info>" + "<a/>" * 1000 + "</rt_info></net>")) == 4
    # Bodies keep limits of their own: the general reader reads them.
    for tag in ("body", "then_body", "else_body"):
        assert _marks(_edit(ADD, "</net>", f"<rt_info><{tag}/></rt_info></net>")) is None
    assert _marks(_edit(ADD, "</net>", "<rt_info><bodyguard/></rt_info></net>")) == 4


def test_a_file_handed_back_lets_its_weights_go(tmp_path, monkeypatch):
    path = write(tmp_path, ODD["element in edges"])
    closed = []
    from irexec.ir.weights import Weights

    real = Weights.close
    monkeypatch.setattr(Weights, "close", lambda self: (closed.append(self), real(self)))
    with open(path, "rb") as f:
        assert plain_graph(prepare_xml(f.read()), path, path[:-4] + ".bin", []) is None
    assert len(closed) == 1
