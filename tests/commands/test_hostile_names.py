"""Names from the file reach no terminal raw (issue 17, class 1): C0 and C1 controls (ESC, CSI
U+009B), bidi overrides and isolates, zero-width and other invisible format characters in layer,
tensor, port and file names are escaped by one rule (irexec.errors.one_line) in every channel a
human reads -- run's error lines, output table and --profile, show's summary and DOT, lint's text,
layer's report, click's own usage errors -- while JSON and SARIF stay valid and lossless."""

import json
import re

import numpy as np
import pytest
from click.testing import CliRunner

from helpers.irtext import add_model, write
from irexec.cli import cli
from irexec.errors import one_line, terminal_text

# What must never reach a terminal: C0 controls but the line break, DEL and the C1 controls,
# zero-width and direction marks, bidi embeddings, overrides and isolates, line/paragraph
# separators, word joiner and invisible operators, the BOM.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")

# A name as an attacker writes it in the XML (C0 controls other than tab and line breaks cannot
# be in an XML 1.0 document at all; C1 controls, bidi and format characters can).
NAME = "n\u009b31m\u202eevil\u2066x\u2069\u200b\u0085\u2028\u00ad\t\n"
ESCAPED = "n\\x9b31m\\u202eevil\\u2066x\\u2069\\u200b\\x85\\u2028\\xad\\t\\n"


def xml_attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("\t", "&#9;").replace("\n", "&#10;")


def hostile_model(tmp_path, op_type="Add", stem="model"):
    """x + y -> z with every name hostile: the model, its layers, the inputs and the output tensor."""
    n = xml_attr(NAME)
    xml = (
        add_model(shape=(2,))
        .replace('name="x"', f'name="x{n}"')
        .replace('names="x"', f'names="x{n}"')
        .replace('name="l2"', f'name="add{n}"')
        .replace('names="z"', f'names="z{n}"')
        .replace('name="l3"', f'name="out{n}"')
        .replace('name="test"', f'name="net{n}"')
        .replace('type="Add"', f'type="{op_type}"')
    )
    return write(tmp_path, xml, stem=stem)


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def clean(r) -> str:
    """stdout and stderr decode as UTF-8 and hold nothing RAW; their text."""
    text = r.stdout_bytes.decode("utf-8") + r.stderr_bytes.decode("utf-8")
    bad = RAW.search(text)
    assert bad is None, f"raw {bad.group()!r} in {text!r}"
    return text


def test_the_rule():
    assert one_line(NAME) == ESCAPED
    assert one_line("plain été 模型 \\N") == "plain été 模型 \\N"  # printable text untouched
    assert one_line("\x1b[2J\U000e0041\udcff") == "\\x1b[2J\\U000e0041\\udcff"  # tags, undecodable bytes
    assert terminal_text("a\u202e\nb\x9b") == "a\\u202e\nb\\x9b"  # lines kept, each escaped


def test_run_output_table_and_profile(tmp_path):
    r = invoke("run", hostile_model(tmp_path), "--random", "--profile")
    assert r.exit_code == 0, r.output
    text = clean(r)
    # (a tensor name loses its surrounding whitespace, as OpenVINO reads it; --profile clips names)
    assert f"z{one_line(NAME.strip())}  [2]" in text and "addn\\x9b31m\\u202eevil" in text


def test_run_error_line(tmp_path):
    r = invoke("run", hostile_model(tmp_path, op_type=xml_attr("Ad\u009b\u202e")), "--random")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1
    assert "Ad\\x9b\\u202e" in clean(r) and f"add{ESCAPED}" in r.stderr


def test_run_compare_lines(tmp_path):
    path = hostile_model(tmp_path)
    ref = tmp_path / "ref.npz"
    np.savez(ref, **{"other\u202e\u009b": np.zeros(2, np.float32)})
    r = invoke("run", path, "--random", "--compare", ref)
    assert r.exit_code == 1
    assert "other\\u202e\\x9b" in clean(r)


def test_file_names(tmp_path):
    # A file name may hold what XML cannot: ESC itself, and bytes that are no UTF-8 at all.
    stem = "m\x1b[31m\u009b\u202e"
    path = hostile_model(tmp_path, stem=stem)
    (tmp_path / "bad").mkdir()
    bad = hostile_model(tmp_path / "bad", op_type="Ad", stem=stem)
    shown, missing, out = "m\\x1b[31m\\x9b\\u202e", "missing\\x1b\\u202e", "o\\x1b\\u202e.npz"
    for args, expect in (
        (("run", path, "--random"), "[2]"),
        (("run", path, "--random", "-o", tmp_path / "o\x1b\u202e.npz"), out),
        (("run", path, "--random", "-o", tmp_path / "no/such\u202e/o.npz"), "such\\u202e"),
        (("lint", bad), shown),
        (("show", bad), shown),
        (("run", bad, "--random"), shown),
        (("lint", "--format", "sarif", bad), "m%1B%5B31m%C2%9B%E2%80%AE.xml"),
        (("run", tmp_path / "missing\x1b\u202e.xml"), missing),
        (("lint", tmp_path / "missing\x1b\u202e.xml"), missing),
        (("show", tmp_path / "missing\x1b\u202e.xml"), missing),
    ):
        assert expect in clean(invoke(*args)), args


def test_click_usage_errors(tmp_path):
    for args in (
        ("run", tmp_path / "no\u202e\x9b.xml", "--max-bytes", "x\u202e"),
        ("bad\u202ecmd",),
        ("--bad\x9boption",),
        ("lint", tmp_path, "--format", "x\u202e"),
    ):
        r = invoke(*args)
        assert r.exit_code == 2
        clean(r)


def test_lint_text(tmp_path):
    r = invoke("lint", hostile_model(tmp_path, op_type=xml_attr("Ad\u2066")))
    assert r.exit_code == 1
    assert f"add{ESCAPED}" in clean(r) and "Ad\\u2066" in r.stdout


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_lint_json_and_sarif_are_valid_and_lossless(tmp_path, fmt):
    r = invoke("lint", hostile_model(tmp_path, op_type=xml_attr("Ad\u2066")), "--format", fmt)
    assert r.exit_code == 1
    clean(r)
    data = json.loads(r.stdout)
    names = (
        [f["layer_name"] for f in data]
        if fmt == "json"
        else [loc["name"] for res in data["runs"][0]["results"] for loc in res["locations"][0]["logicalLocations"]]
    )
    assert f"add{NAME}" in names


def test_show_text_json_and_dot(tmp_path):
    path = hostile_model(tmp_path)
    text = clean(invoke("show", path))
    assert f"net{ESCAPED}" in text and f"x{ESCAPED}" in text
    r = invoke("show", path, "--format", "json")
    assert r.exit_code == 0
    clean(r)
    summary = json.loads(r.stdout)
    assert summary["name"] == f"net{NAME}"  # lossless: the JSON escapes decode back
    assert [t["name"] for t in summary["inputs"]][0] == f"x{NAME}"
    assert "\\u202e" in r.stdout and "\\u009b" in r.stdout  # as JSON escapes
    r = invoke("show", path, "--dot", "-")
    assert r.exit_code == 0 and "evil" in clean(r)


def test_layer_report(tmp_path):
    snippet = tmp_path / "snip\x1b\u202e.xml"
    snippet.write_text(
        f'<layer type="Add" name="{xml_attr(NAME)}"><data note="{xml_attr(NAME)}"/><input>'
        '<port id="0" precision="FP32"><dim>2</dim><!-- values: [1, 2] --></port>'
        '<port id="1" precision="FP32"><dim>2</dim><!-- values: [3, 4] --></port></input>'
        '<output><port id="2"><dim>2</dim><!-- values: [4, 7] --></port></output></layer>'
    )
    for args in ((snippet,), (snippet, "--format", "json"), (snippet, "-o", tmp_path / "o\u202e.npz")):
        r = invoke("layer", *args)
        assert r.exit_code in (0, 1), r.output
        clean(r)
    broken = tmp_path / "bad\u009b.xml"
    broken.write_text(f'<layer type="{xml_attr("Add" + NAME)}"></layer>')
    r = invoke("layer", broken)
    assert r.exit_code == 1 and r.stderr.count("\n") == 1
    clean(r)


def test_fuzzed_names_in_the_sample_models(tmp_path):
    """A short run of the fuzz harness's names check (fuzz/fuzz_ir.py runs it for hours): the
    sample models with names salted at random, every command's every channel checked."""
    import glob
    import os
    import random
    import sys

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path.insert(0, os.path.join(root, "fuzz"))
    import fuzz_ir

    from helpers import fuzzlib

    models = sorted(glob.glob(os.path.join(root, "models", "*.xml")))
    assert models
    for k in range(12):
        ch = fuzzlib.RandomChooser(random.Random(k))
        xml_path = ch.choice(models)
        bin_path = xml_path[:-4] + ".bin"
        blob = open(bin_path, "rb").read() if os.path.exists(bin_path) else None
        case = fuzz_ir.hostile_names(ch, fuzzlib.Case(os.path.basename(xml_path), open(xml_path, "rb").read(), blob))
        out = fuzz_ir.check_channels(fuzzlib.write_case(str(tmp_path), case), 30)
        assert not out.is_finding, (fuzzlib.describe(case), out.detail)
