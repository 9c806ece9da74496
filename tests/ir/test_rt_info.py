"""The model's runtime information (the <net>'s <rt_info>) as the reader keeps it on the graph:
what OpenVINO's reader gives (``model.get_rt_info()``), by the quick reading and the general one
alike, with and without the linter's schema; bounded on hostile files."""

from __future__ import annotations

import glob
import os
import time

import pytest

import irexec.ir.plain_ir as plain_ir
from helpers.irtext import add_model, write
from irexec.check.lint import check
from irexec.errors import ParseError
from irexec.ir.reader import parse_graph, read_graph
from irexec.ir.stream import MAX_RT_INFO_ENTRIES

ov = pytest.importorskip("openvino")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = sorted(glob.glob(os.path.join(ROOT, "tests", "data", "corpus", "*.xml")))
ADD = add_model()


def _with(rt: str, before_layers: bool = False) -> str:
    """The add model with ``rt`` (text: one or more elements) as children of its <net>."""
    if before_layers:
        return ADD.replace("<layers>", rt + "\n<layers>", 1)
    return ADD.replace("</net>", rt + "\n</net>", 1)


def _openvino(path: str) -> dict:
    """OpenVINO's reading of the file's runtime information, as plain nested dicts."""

    def plain(v):
        return {k: plain(x) for k, x in v.items()} if isinstance(v, dict) else v.value

    info = ov.Core().read_model(path).get_rt_info()
    return {k: plain(info[k]) for k in info.keys()}


def _ours(path: str, quick: bool, monkeypatch) -> dict:
    monkeypatch.setattr(plain_ir, "QUICK", quick)
    return read_graph(path).rt_info


# Each file's <net> children after its edges, as OpenVINO writes them and as others could.
CASES = {
    "none": "",  # (OpenVINO gives a file without <rt_info> an empty "optimization")
    "empty": "<rt_info/>",
    "flat": '<rt_info><MO_version value="2023.0"/><info name="OpenVINO Runtime" value="2026.4"/></rt_info>',
    "nested": (
        '<rt_info><runtime_options><KV_CACHE_PRECISION value="f16"/></runtime_options>'
        '<optimum><transformers_version value="4.45"/><b><c value="2"/></b></optimum></rt_info>'
    ),
    "escaped": '<rt_info><a value="&lt;b&gt; &amp; &quot;q&quot; \u00e9"/></rt_info>',
    "later_wins": '<rt_info><a value="1"/><a value="2"/><b><x value="1"/></b><b value="3"/></rt_info>',
    "value_over_children": '<rt_info><a value="1"><b value="2"/></a></rt_info>',
    "empty_entry": '<rt_info><a/><b other="x"/><info name="n"/><info value="v"/></rt_info>',
    "named_any_tag": '<rt_info><foo name="n" value="v"/><x><info name="in x" value="w"/></x></rt_info>',
    "file_version": '<rt_info><version value="3"/><v value="1"/></rt_info>',
    "second_ignored": '<rt_info><a value="x"/></rt_info><rt_info><b value="y"/></rt_info>',
    "unknown_sibling": '<extra><a value="1"/></extra><rt_info><z value="last"/></rt_info>',
    "with_rt_info_inside": '<rt_info><rt_info value="1"/><x><rt_info><y value="2"/></rt_info></x></rt_info>',
}


@pytest.mark.parametrize("before", [False, True])
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_runtime_information_is_openvinos_both_ways(name, before, tmp_path, monkeypatch):
    path = write(tmp_path, _with(CASES[name], before))
    want = _openvino(path)
    assert want["version"] == 11  # (OpenVINO's reader adds the IR's version over the file's)
    assert _ours(path, True, monkeypatch) == want
    assert _ours(path, False, monkeypatch) == want
    assert check(path).graph.rt_info == want  # (the linter's reading: the schema holds every element)


def test_the_quick_reading_reads_the_runtime_information_itself(tmp_path):
    path = write(tmp_path, _with(CASES["nested"]))
    with open(path, "rb") as f:
        data = f.read()
    graph = plain_ir.plain_graph(data, path, None, [])
    assert graph is not None and graph.rt_info["runtime_options"] == {"KV_CACHE_PRECISION": "f16"}


def test_a_comment_in_the_runtime_information_is_no_entry(tmp_path, monkeypatch):
    # (A comment makes the file not plain: the general reader reads it.)
    path = write(tmp_path, _with('<rt_info><!-- a note --><a value="1"/><!-- --><b><c value="2"/></b></rt_info>'))
    assert _ours(path, True, monkeypatch) == _openvino(path) == {"a": "1", "b": {"c": "2"}, "version": 11}


def test_the_runtime_information_of_a_layer_is_not_the_models(tmp_path, monkeypatch):
    xml = ADD.replace(
        '<data shape="2,3" element_type="f32"/>',
        '<data shape="2,3" element_type="f32"/><rt_info><attribute name="fused_names" version="0" value="x"/></rt_info>',
        1,
    )
    assert "fused_names" in xml
    path = write(tmp_path, xml)
    for quick in (True, False):
        assert _ours(path, quick, monkeypatch) == _openvino(path) == {"optimization": {}, "version": 11}


@pytest.mark.parametrize("path", CORPUS, ids=os.path.basename)
def test_the_corpus_models_runtime_information_is_openvinos(path, monkeypatch):
    want = _openvino(path)
    assert _ours(path, True, monkeypatch) == want == _ours(path, False, monkeypatch)


def test_the_corpus_has_models_with_nested_runtime_information(monkeypatch):
    # (So that the test above compares more than the version.)
    nested = [p for p in CORPUS if any(isinstance(v, dict) for v in _ours(p, True, monkeypatch).values())]
    assert len(nested) >= 3


def test_text_in_the_runtime_information_is_no_entry(tmp_path, monkeypatch):
    # (OpenVINO makes each text an entry named "" holding an empty dict: irexec makes none.)
    path = write(tmp_path, _with('<rt_info><a>text</a><b value="1"/>tail<c><d value="2"/>more</c></rt_info>'))
    want = {"a": {}, "b": "1", "c": {"d": "2"}, "version": 11}
    assert _ours(path, True, monkeypatch) == _ours(path, False, monkeypatch) == want
    assert _openvino(path) == dict(want, a={"": {}}, c={"": {}, "d": "2"}, **{"": {}})


def _many(n: int, nested: bool = False) -> str:
    """A <rt_info> of ``n`` entries: ``n`` values, or a dict of ``n - 1``."""
    if nested:
        return "<rt_info><x>" + "".join(f"<k{i}/>" for i in range(n - 1)) + "</x></rt_info>"
    return "<rt_info>" + "".join(f'<k{i} value="{i}"/>' for i in range(n)) + "</rt_info>"


@pytest.mark.parametrize("nested", [False, True])
def test_the_runtime_information_holds_up_to_its_limit(nested, tmp_path, monkeypatch):
    path = write(tmp_path, _with(_many(MAX_RT_INFO_ENTRIES, nested)))
    for quick in (True, False):
        start = time.monotonic()
        info = _ours(path, quick, monkeypatch)
        assert time.monotonic() - start < 5
        assert len(info["x"]) == MAX_RT_INFO_ENTRIES - 1 if nested else len(info) == MAX_RT_INFO_ENTRIES + 1


def test_elements_naming_one_entry_make_one(tmp_path, monkeypatch):
    rt = (
        "<rt_info>"
        + '<info name="a" value="b"/>' * (2 * MAX_RT_INFO_ENTRIES)
        + "<c>"
        + "<d/>" * 1000
        + "</c></rt_info>"
    )
    path = write(tmp_path, _with(rt))
    for quick in (True, False):
        assert _ours(path, quick, monkeypatch) == {"a": "b", "c": {"d": {}}, "version": 11}


@pytest.mark.parametrize("nested", [False, True])
@pytest.mark.parametrize("quick", [True, False])
def test_runtime_information_past_the_limit_is_refused(nested, quick, tmp_path, monkeypatch):
    path = write(tmp_path, _with(_many(MAX_RT_INFO_ENTRIES + 1, nested)))
    monkeypatch.setattr(plain_ir, "QUICK", quick)
    with pytest.raises(ParseError, match=r"<rt_info> has more than \d+ entries") as e:
        read_graph(path)
    assert e.value.code == "X002" and e.value.line is not None
    # (The linter reports what stops its reading as a finding.)
    assert [f.code for f in check(path).findings if "<rt_info> has more than" in f.message] == ["X002"]


def test_a_deep_runtime_information_is_read_to_the_parsers_depth(tmp_path, monkeypatch):
    depth = 250  # (the parser refuses more than 256 levels of elements, the <net> and <rt_info> among them)
    rt = "<rt_info>" + "<d>" * depth + '<leaf value="x"/>' + "</d>" * depth + "</rt_info>"
    path = write(tmp_path, _with(rt))
    for quick in (True, False):
        node = _ours(path, quick, monkeypatch)
        for _ in range(depth):
            node = node["d"]
        assert node == {"leaf": "x"}


def test_text_given_as_bytes_has_its_runtime_information(tmp_path):
    graph = parse_graph(_with(CASES["nested"]).encode())
    assert graph.rt_info["optimum"]["b"] == {"c": "2"} and graph.rt_info["version"] == 11


def test_the_quick_reading_hands_back_runtime_information_past_the_limit(tmp_path, monkeypatch):
    # (With the limit lowered, such a file is plain: the quick reading meets the limit itself.)
    import irexec.ir.stream as stream

    monkeypatch.setattr(stream, "MAX_RT_INFO_ENTRIES", 10)
    for n, kept in ((10, True), (11, False)):
        path = write(tmp_path, _with(_many(n, nested=True)), stem=f"m{n}")
        with open(path, "rb") as f:
            graph = plain_ir.plain_graph(f.read(), path, None, [])
        assert (graph is not None) == kept
        if not kept:
            for quick in (True, False):
                monkeypatch.setattr(plain_ir, "QUICK", quick)
                with pytest.raises(ParseError, match="has more than 10 entries"):
                    read_graph(path)
