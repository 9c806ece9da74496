"""What fuzz/fuzz_plain_ir.py found the quick reading of plain IRs (irexec.ir.plain_ir) doing otherwise
than the general reader, each minimised: the same graph, problems and lint findings both ways, and
never a part of the file held whole past the limit the general reader refuses it at."""

from __future__ import annotations

import importlib.util
import os

import pytest
from lxml import etree
from test_plain_ir import _edit, _quick_taken, _read

import irexec.ir.plain_ir as plain_ir
import irexec.ir.stream as stream
from helpers.irtext import add_model, write
from irexec.ir.plain_ir import plain_graph
from irexec.ir.safexml import MAX_LAYER_ELEMENTS, prepare_xml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ADD = add_model()
# Root elements that are not a <net> around one: the general reader refuses the file (X004,
# "the root element is <w>, not <net>"); the quick reading took the inner <net> for the IR.
WRAPPED = {
    "the model in another root": ADD.replace("<net ", "<w><net ", 1).replace("</net>", "</net></w>"),
    "the smallest": '<w><net name="t" version="11"><layers/></net></w>',
    "a prefixed root": '<x:net xmlns:x="u"><net name="t" version="11"><layers/></net></x:net>',
    "a root with the net after another child": '<nett><a/><net name="t" version="11"><layers/><edges/></net></nett>',
    "a layers root": '<layers><net name="t" version="11"><layers/></net></layers>',
}


@pytest.mark.parametrize("name", sorted(WRAPPED))
def test_a_net_that_is_not_the_root_reads_alike(name, monkeypatch, tmp_path):
    path = write(tmp_path, WRAPPED[name])
    general = _read(path, False, monkeypatch)
    assert general[0][0] == "raised" and general[0][3] == "X004"
    assert _read(path, True, monkeypatch) == general
    monkeypatch.setattr(plain_ir, "QUICK", True)
    assert not _quick_taken(path)


def _elements(el) -> int:
    return sum(1 for _ in el.iter(etree.Element)) - 1


# A "<layer" in a comment, a processing instruction or a CDATA section is no element, but the
# bytes counted it as one: every so many of them cut a layer (an edge, a child of the <net>) of any size
# into spans that each look below the limit, and the quick reading then holds all of it (a 7 MB
# file: 240 MB) where the general reader stops at its MAX_LAYER_ELEMENTS + 1st element. (It hands
# the file back in the end, for the count of layers read is short: the outputs are the same.)
MARKS = {"comment": "<!--<{} -->", "processing instruction": "<?p <{} ?>", "CDATA": "<![CDATA[<{} ]]>"}
SPAN = MAX_LAYER_ELEMENTS - 100


def _cut(tag: str, mark: str, n: int) -> str:
    """n empty elements, a ``mark`` of ``tag`` every SPAN of them."""
    piece = "<a/>" * SPAN + mark.format(tag)
    return piece * (n // SPAN) + "<a/>" * (n % SPAN)


@pytest.mark.parametrize("kind", sorted(MARKS))
def test_a_layer_over_the_limit_is_not_held_whole(kind, monkeypatch, tmp_path):
    j = ADD.index(">", ADD.index('<layer id="2"')) + 1
    xml = ADD[:j] + "<rt_info>" + _cut("layer", MARKS[kind], MAX_LAYER_ELEMENTS + 1000) + "</rt_info>" + ADD[j:]
    path = write(tmp_path, xml)
    general = _read(path, False, monkeypatch)
    assert general[0][0] == "raised" and general[0][3] == "X002" and "more than" in general[0][2]
    assert _read(path, True, monkeypatch) == general
    held = []
    real = stream.Stream.add_layer
    monkeypatch.setattr(stream.Stream, "add_layer", lambda walk, el: (held.append(_elements(el)), real(walk, el)))
    monkeypatch.setattr(plain_ir, "QUICK", True)
    assert plain_graph(prepare_xml(xml.encode()), path, None, []) is None
    assert max(held, default=0) <= MAX_LAYER_ELEMENTS


@pytest.mark.parametrize("kind", sorted(MARKS))
def test_an_edge_over_the_limit_is_not_held_whole(kind, monkeypatch, tmp_path):
    """The general reader drops what is inside an edge as it ends; the quick reading holds an
    edge whole until it ends, so the bytes must show it small."""
    xml = _edit(
        ADD,
        '<edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>',
        '<edge from-layer="0" from-port="0" to-layer="2" to-port="0"><rt_info>'
        + _cut("edge", MARKS[kind], MAX_LAYER_ELEMENTS + 1000)
        + "</rt_info></edge>",
    )
    path = write(tmp_path, xml)
    assert _read(path, True, monkeypatch) == _read(path, False, monkeypatch)
    held = []
    real = plain_ir.edge_of
    monkeypatch.setattr(plain_ir, "edge_of", lambda el, reading: (held.append(_elements(el)), real(el, reading))[1])
    monkeypatch.setattr(plain_ir, "QUICK", True)
    assert plain_graph(prepare_xml(xml.encode()), path, None, []) is None
    assert max(held, default=0) <= MAX_LAYER_ELEMENTS


def test_a_child_of_the_net_is_not_held_whole(monkeypatch, tmp_path):
    """What the quick reading has no events in is bounded by PLAIN_OUTSIDE ``<`` (the general
    reader, not linting, drops the flat children of a child of the <net> as they end): marks in
    comments make a child of the <net> before the <layers> look like spans of layers."""
    n = 3 * plain_ir.PLAIN_OUTSIDE
    xml = _edit(ADD, "<layers>", "<meta>" + _cut("layer", MARKS["comment"], n) + "</meta><layers>")
    path = write(tmp_path, xml)
    assert _read(path, True, monkeypatch) == _read(path, False, monkeypatch)
    held = []
    real = stream.Stream.start_section
    monkeypatch.setattr(
        stream.Stream,
        "start_section",
        lambda walk, el: (
            held.append(sum(_elements(s) + 1 for s in el.itersiblings(etree.Element, preceding=True))),
            real(walk, el),
        ),
    )
    monkeypatch.setattr(plain_ir, "QUICK", True)
    plain_graph(prepare_xml(xml.encode()), path, None, [])
    assert max(held, default=0) <= plain_ir.PLAIN_OUTSIDE + MAX_LAYER_ELEMENTS


# A default namespace (xmlns="...") puts the <layer> elements under it in that namespace: the bytes
# count them, but the quick reading has no events for them (its events are for names in no
# namespace), so it held the whole of a <layers> or a child of the <net> in one; the general
# reader, not linting, reads them as elements of an unknown child and drops them as they end.
NAMESPACED = {
    "a child of the net": _edit(
        ADD, "<layers>", '<meta xmlns="urn:y">' + _cut("layer", "<{}/>", 3 * plain_ir.PLAIN_OUTSIDE) + "</meta><layers>"
    ),
    "the layers": _edit(ADD, "<layers>", '<layers xmlns="urn:y">' + _cut("layer", "<{}/>", 3 * plain_ir.PLAIN_OUTSIDE)),
}


@pytest.mark.parametrize("name", sorted(NAMESPACED))
def test_a_default_namespace_is_not_held_whole(name, monkeypatch, tmp_path):
    xml = NAMESPACED[name]
    path = write(tmp_path, xml)
    assert _read(path, True, monkeypatch) == _read(path, False, monkeypatch)
    held = []
    real = stream.Stream.start_section
    monkeypatch.setattr(
        stream.Stream,
        "start_section",
        lambda walk, el: (
            held.append(sum(_elements(s) + 1 for s in el.itersiblings(etree.Element, preceding=True))),
            real(walk, el),
        ),
    )
    monkeypatch.setattr(plain_ir, "QUICK", True)
    assert plain_graph(prepare_xml(xml.encode()), path, None, []) is None
    assert max(held, default=0) <= plain_ir.PLAIN_OUTSIDE + MAX_LAYER_ELEMENTS


def test_the_fuzzers_first_cases_read_alike(tmp_path):
    """fuzz/fuzz_plain_ir.py's first cases (its mutations, shrunk limits and watch on what the
    quick reading holds), so that it keeps working with the readers it hooks into."""
    spec = importlib.util.spec_from_file_location("fuzz_plain_ir", os.path.join(ROOT, "fuzz", "fuzz_plain_ir.py"))
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    taken = 0
    for seed in range(150):
        found, _, took = fuzz.one(seed, str(tmp_path))
        assert found is None, found
        taken += took
    assert plain_ir.QUICK and plain_ir.MAX_LAYER_ELEMENTS == MAX_LAYER_ELEMENTS
    assert taken >= 15  # (the quick reading is met, not only handed files back)
