"""The linter: valid models lint clean, and every broken variant is caught at the layer broken.

The corpus (tests/helpers/lintcorpus.py) breaks valid models one way at one layer: the bundled models,
PyTorch programs exported by OpenVINO's converter, and IRs OpenVINO writes from its opsets
(here, at test time). Rules the corpus cannot reach have tests of their own below; the last
test checks that every rule in the table has one.
"""

from __future__ import annotations

import glob
import json
import os
import re

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from helpers import lintcorpus
from helpers.irtext import add_model, const, layer, net, param, port, result, scatter_model, write
from helpers.oracle import ov, save
from irexec.check.findings import RULES
from irexec.check.graph_checks import check_graph
from irexec.check.lint import check
from irexec.cli import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
o1, o3, o4, o6, o8, o12, o15 = ov.opset1, ov.opset3, ov.opset4, ov.opset6, ov.opset8, ov.opset12, ov.opset15

COVERED = set()  # rule codes some test here saw fire where it had to


def C(value, dtype=np.int64):
    return o1.constant(np.asarray(value, dtype=dtype))


def P(shape, dtype=np.float32):
    return o1.parameter(shape, np.dtype(dtype))


def _openvino_models():
    """Small models OpenVINO builds and writes: each scatter and gather with constant indices,
    dynamic dims, and a ShapeOf -> Gather -> Concat -> Reshape chain as exporters emit it."""

    def m(build, updates=(2, 3)):
        d, u = P([4, 3]), P(list(updates))
        out = build(d, u)
        return ov.Model([out], [d, u] if updates else [d])

    yield "scatter_update", m(lambda d, u: o3.scatter_update(d, C([1, 3]), u, C(0)))
    yield "seu3", m(lambda d, u: o3.scatter_elements_update(d, C([[1, 0, 2]]), u, C(0)), (1, 3))
    yield "seu12", m(lambda d, u: o12.scatter_elements_update(d, C([[-1, 0, 2]]), u, C(0), "sum"), (1, 3))
    yield "scatter_nd3", m(lambda d, u: o4.scatter_nd_update(d, C([[1], [2]]), u))
    yield "scatter_nd15", m(lambda d, u: o15.scatter_nd_update(d, C([[1, 2], [-1, 0]]), u, "max"), (2,))
    yield "gather_elements", m(lambda d, u: o6.gather_elements(d, C([[0, 3, 1]]), 0), ())
    yield "gather_nd", m(lambda d, u: o8.gather_nd(d, C([[1, 2], [3, 0]]), 0), ())
    yield "gather8", m(lambda d, u: o8.gather(d, C([2, 0]), C(0)), ())
    x = P([-1, 6])
    shp = o3.shape_of(x, "i64")
    lead = o8.gather(shp, C([0]), C(0))
    target = o1.concat([lead, C([2, 3])], 0)
    yield "reshape_chain", ov.Model([o1.reshape(x, target, False)], [x])
    y = P([2, -1, 4])
    yield "dynamic", ov.Model([o1.add(y, C(np.ones((1, 1, 4), np.float32), np.float32))], [y])


@pytest.fixture(scope="module")
def valid_models(tmp_path_factory):
    out = [(os.path.basename(p), p) for p in sorted(glob.glob(os.path.join(ROOT, "models", "*.xml")))]
    out += [(os.path.basename(p), p) for p in sorted(glob.glob(os.path.join(ROOT, "tests", "data", "torch", "*.xml")))]
    where = tmp_path_factory.mktemp("ov_written")
    for name, model in _openvino_models():
        out.append((name, save(model, where)))
    return out


def test_valid_models_lint_clean(valid_models):
    """Models written by OpenVINO (and irexec's bundled ones): not one finding."""
    assert len(valid_models) >= 45
    for name, path in valid_models:
        findings = irexec.lint(path)
        assert findings == [], f"{name}: " + "; ".join(map(str, findings))


def test_exported_shapes_are_fully_static_where_openvino_has_them(valid_models):
    """The ops' rules alone (not narrowed by what ports declare) reproduce every static shape and
    every element type OpenVINO wrote: ShapeOf -> Gather -> Concat -> Reshape chains are folded."""
    checked = 0
    for name, path in valid_models:
        graph = check(path).graph
        problems = []
        facts = check_graph(graph, problems, use_declared=False)
        assert not problems
        for (lid, i), fact in facts.items():
            port_ = graph.layer(lid).outputs[i]
            if port_.shape is not None and all(d.is_static for d in port_.shape):
                assert fact.shape == port_.shape, f"{name}: layer {lid} port {port_.id}: {fact.shape}"
                checked += 1
            assert port_.etype is None or fact.etype.name == port_.etype.name
    assert checked > 300


def test_every_broken_variant_names_its_layer(valid_models, tmp_path):
    """The corpus: each variant must give an error of the expected rule at the layer broken."""
    missed, count, by_code = [], 0, {}
    for name, path in valid_models:
        xml, blob = lintcorpus.load(path)
        per = 3 if "torch" not in path else 1
        for v in lintcorpus.variants(name, xml, blob, per_mutation=per):
            vpath = lintcorpus.write(tmp_path, v, count)
            count += 1
            findings = irexec.lint(vpath)
            hit = [f for f in findings if f.code == v.code and f.is_error and f.layer_name == v.layer_name]
            if v.code == "G005":  # a cycle is one finding, naming the layers it runs through
                hit = [f for f in findings if f.code == "G005" and f"'{v.layer_name}' ({v.layer_id})" in f.message]
            if not hit:
                missed.append(
                    f"{v.name} ({v.code}): " + "; ".join(f"{f.code} {f.layer_name}: {f.message}" for f in findings)
                )
            by_code[v.code] = by_code.get(v.code, 0) + 1
    assert not missed, f"{len(missed)} of {count} missed:\n" + "\n".join(missed[:20])
    assert count >= 800 and set(by_code) == {m.code for m in lintcorpus.MUTATIONS}
    COVERED.update(by_code)
    print(f"\n{count} broken variants: " + ", ".join(f"{k} {n}" for k, n in sorted(by_code.items())))


# ---- rules the corpus does not reach --------------------------------------------------------------


def codes(findings) -> list:
    return [f.code for f in findings]


def lint_text(tmp_path, xml, blob=None, stem="model"):
    return irexec.lint(write(tmp_path, xml, blob, stem=stem))


def expect(findings, code, layer_name=None):
    hit = [f for f in findings if f.code == code and (layer_name is None or f.layer_name == layer_name)]
    assert hit, f"no {code} at {layer_name}: " + "; ".join(map(str, findings))
    COVERED.add(code)
    return hit[0]


def add_input_wrong() -> str:
    """add_model with the Add's first input port declaring [2,4] where x gives [2,3] (S003, line 6)."""
    head, sep, tail = add_model().partition('type="Add"')
    return head + sep + tail.replace("<dim>3</dim>", "<dim>4</dim>", 1)


def test_x001_unreadable_files(tmp_path):
    f = expect(irexec.lint(str(tmp_path / "nope.xml")), "X001")
    assert f.message == "file not found"
    os.mkdir(tmp_path / "dir.xml")
    assert codes(irexec.lint(str(tmp_path / "dir.xml"))) == []  # a folder named *.xml is a folder


def test_x002_not_xml_or_unsafe(tmp_path):
    expect(lint_text(tmp_path, "<net version='11'><layers>"), "X002")
    f = expect(lint_text(tmp_path, '<?xml version="1.0"?><!DOCTYPE net [<!ENTITY a "b">]><net/>'), "X002")
    assert "DOCTYPE" in f.message
    expect(lint_text(tmp_path, ""), "X002")


def test_x003_schema_with_line_and_layer(tmp_path):
    xml = add_model().replace(
        '<data shape="2,3" element_type="f32"/>', '<data shape="2,3" element_type="f32"/><extra/>', 1
    )
    f = expect(lint_text(tmp_path, xml), "X003", "x")
    assert f.line == 4 and "extra" in f.message
    bad_dim = add_model().replace("<dim>3</dim>", "<dim>three</dim>", 1)
    assert "X003" in codes(lint_text(tmp_path, bad_dim))


def test_x004_not_an_ir_irexec_reads(tmp_path):
    expect(lint_text(tmp_path, add_model().replace('version="11"', 'version="9"', 1)), "X004")
    expect(lint_text(tmp_path, "<?xml version='1.0'?><config><a/></config>"), "X004")


def test_folders_skip_xml_that_is_not_an_ir_but_named_files_are_checked(tmp_path):
    write(tmp_path, add_model(), stem="good")
    write(tmp_path, "<?xml version='1.0'?><config/>", stem="settings")
    write(tmp_path, add_input_wrong(), stem="bad")
    found = irexec.lint(str(tmp_path))
    assert {os.path.basename(f.file) for f in found} == {"bad.xml"} and "S003" in codes(found)
    # A file in the folder too broken to tell its root is checked, and says how it is broken.
    write(tmp_path, "<net version='11'><layers><layer", stem="cut")
    found = irexec.lint(str(tmp_path))
    assert [(os.path.basename(f.file), f.code) for f in found if f.code == "X002"] == [("cut.xml", "X002")]
    assert codes(irexec.lint(str(tmp_path / "settings.xml"))) == ["X004"]


def test_g007_ports_sharing_an_id(tmp_path):
    xml = add_model().replace(
        '<port id="1" precision="FP32"><dim>2</dim><dim>3</dim></port></input>',
        '<port id="0" precision="FP32"><dim>2</dim><dim>3</dim></port></input>',
        1,
    )
    expect(lint_text(tmp_path, xml), "G007", "l2")


def test_o004_ports_that_do_not_fit_the_op(tmp_path):
    xml = add_model().replace(
        '<port id="2" precision="FP32" names="z">',
        '<port id="5" precision="FP32"><dim>2</dim><dim>3</dim></port><port id="2" precision="FP32" names="z">',
    )
    f = expect(lint_text(tmp_path, xml), "O004", "l2")
    assert f.message == "Add has 1 output(s), the layer declares 2"


def test_g009_unused_layer_and_g010_no_result(tmp_path):
    xml = net([param(0, "x", (2,)), param(1, "y", (2,)), result(2, "f32", (2,))], [(0, 0, 2, 0)])
    f = expect(lint_text(tmp_path, xml), "G009", "y")
    assert f.severity == "warning"
    xml = net([param(0, "x", (2,))], [])
    assert set(codes(lint_text(tmp_path, xml))) == {"G009", "G010"}
    expect(lint_text(tmp_path, xml), "G010")


def _ov_variant(valid_models, name, tmp_path, edit_blob=None, edit_xml=None):
    """An OpenVINO-written model with its constant bytes or XML edited."""
    path = dict(valid_models)[name]
    xml, blob = lintcorpus.load(path)
    if edit_blob:
        blob = edit_blob(bytearray(blob))
    if edit_xml:
        xml = edit_xml(xml)
    stem = f"{name}_edit"
    with open(tmp_path / f"{stem}.xml", "wb") as f:
        f.write(xml)
    with open(tmp_path / f"{stem}.bin", "wb") as f:
        f.write(bytes(blob))
    return irexec.lint(str(tmp_path / f"{stem}.xml"))


def _set_i64(values):
    """A blob edit: the first int64 constant that holds exactly ``old`` becomes ``new``."""
    old, new = values

    def edit(blob):
        a = np.asarray(old, np.int64).tobytes()
        at = bytes(blob).find(a)
        assert at >= 0
        blob[at : at + len(a)] = np.asarray(new, np.int64).tobytes()
        return blob

    return edit


@pytest.mark.parametrize(
    "name, old, new, op_type",
    [
        ("scatter_update", [1, 3], [1, 4], "ScatterUpdate"),
        ("seu3", [[1, 0, 2]], [[1, -1, 2]], "ScatterElementsUpdate"),  # v3: negative is out of range
        ("seu12", [[-1, 0, 2]], [[-5, 0, 2]], "ScatterElementsUpdate"),
        ("scatter_nd3", [[1], [2]], [[1], [4]], "ScatterNDUpdate"),
        ("scatter_nd15", [[1, 2], [-1, 0]], [[1, 3], [-1, 0]], "ScatterNDUpdate"),
        ("gather_elements", [[0, 3, 1]], [[0, 4, 1]], "GatherElements"),
        ("gather_nd", [[1, 2], [3, 0]], [[1, 2], [3, 7]], "GatherND"),
    ],
)
def test_c004_constant_indices_out_of_range(valid_models, tmp_path, name, old, new, op_type):
    findings = _ov_variant(valid_models, name, tmp_path, edit_blob=_set_i64((old, new)))
    f = expect(findings, "C004")
    assert f.layer_type == op_type and f.port == "1" and "out of range" in f.message


def test_c004_gather1_negative_index(tmp_path):
    idx = np.array([1, -1], np.int64)
    xml = net(
        [
            param(0, "x", (4, 3)),
            const(1, (2,), "i64", 0, 16),
            const(2, (), "i64", 16, 8),
            layer(
                3,
                "Gather",
                "opset1",
                inputs=[port(0, "f32", (4, 3)), port(1, "i64", (2,)), port(2, "i64", ())],
                outputs=[port(3, "f32", (2, 3))],
            ),
            result(4, "f32", (2, 3)),
        ],
        [(0, 0, 3, 0), (1, 0, 3, 1), (2, 0, 3, 2), (3, 3, 4, 0)],
    )
    f = expect(lint_text(tmp_path, xml, idx.tobytes() + np.int64(0).tobytes()), "C004", "l3")
    assert "negative" in f.message
    # Below -size an index is out of range, which Gather-1 fills with zeros when run: no finding.
    far = np.array([1, -9], np.int64)
    assert lint_text(tmp_path, xml, far.tobytes() + np.int64(0).tobytes(), stem="far") == []
    assert irexec.read_model(str(tmp_path / "far.xml")).infer({"x": np.ones((4, 3), np.float32)})
    # Gather-8 counts from the end: the same indices are fine there.
    assert (
        lint_text(
            tmp_path,
            xml.replace(
                '"opset1"><input><port id="0" precision="FP32"><dim>4',
                '"opset8"><input><port id="0" precision="FP32"><dim>4',
            ),
            idx.tobytes() + np.int64(0).tobytes(),
            stem="g8",
        )
        == []
    )


@pytest.mark.parametrize(
    "name, old, new, warned",
    [
        ("scatter_update", [1, 3], [3, 3], True),
        ("scatter_nd3", [[1], [2]], [[2], [2]], True),
        ("seu3", [[1, 0, 2]], [[1, 0, 0]], False),  # distinct elements: columns differ
        ("scatter_nd15", [[1, 2], [-1, 0]], [[3, 0], [-1, 0]], False),  # reduction max: order is moot
    ],
)
def test_c005_duplicate_constant_indices_warn_under_reduction_none(valid_models, tmp_path, name, old, new, warned):
    findings = _ov_variant(valid_models, name, tmp_path, edit_blob=_set_i64((old, new)))
    assert not [f for f in findings if f.is_error]
    if warned:
        f = expect(findings, "C005")
        assert f.severity == "warning" and "undefined" in f.message
    else:
        assert "C005" not in codes(findings)


def test_c005_elementwise_duplicates(tmp_path):
    """ScatterElementsUpdate-3: two updates to one element of data (same row index, same column)."""
    idx = np.array([[1, 0], [1, 2]], np.int64)  # column 0: rows 1 and 1
    xml = net(
        [
            param(0, "x", (3, 2)),
            const(1, (2, 2), "i64", 0, 32),
            param(2, "u", (2, 2)),
            const(3, (), "i64", 32, 8),
            layer(
                4,
                "ScatterElementsUpdate",
                "opset3",
                inputs=[port(0, "f32", (3, 2)), port(1, "i64", (2, 2)), port(2, "f32", (2, 2)), port(3, "i64", ())],
                outputs=[port(4, "f32", (3, 2))],
            ),
            result(5, "f32", (3, 2)),
        ],
        [(0, 0, 4, 0), (1, 0, 4, 1), (2, 0, 4, 2), (3, 0, 4, 3), (4, 4, 5, 0)],
    )
    f = expect(lint_text(tmp_path, xml, idx.tobytes() + np.int64(0).tobytes()), "C005", "l4")
    assert "1 of the 4 updates" in f.message


def test_s006_constant_axis_out_of_range(valid_models, tmp_path):
    def edit(blob):
        at = len(blob) - 8  # the axis is the last constant written
        assert np.frombuffer(bytes(blob[at:]), np.int64)[0] == 0
        blob[at:] = np.int64(2).tobytes()
        return blob

    f = expect(_ov_variant(valid_models, "scatter_update", tmp_path, edit_blob=edit), "S006")
    assert f.layer_type == "ScatterUpdate" and "axis 2 is out of range" in f.message


def test_s005_updates_shape_breaks_the_op_rule(tmp_path):
    xml, blob = scatter_model()
    # Both ends of the updates edge agree on [2,4]; the op needs [2,3].
    xml = xml.replace('shape="2,3"', 'shape="2,4"').replace("<dim>2</dim><dim>3</dim>", "<dim>2</dim><dim>4</dim>")
    f = expect(lint_text(tmp_path, xml, blob), "S005", "l4")
    assert "updates shape [2,4] should be [2,3]" in f.message


def test_c001_weights_missing_named_once(tmp_path):
    xml, _ = scatter_model()
    findings = lint_text(tmp_path, xml)  # no .bin written
    f = expect(findings, "C001")
    assert codes(findings).count("C001") == 1 and f.file.endswith("model.xml") and "model.bin" in f.message


def test_a_broken_layer_is_reported_once_not_downstream(tmp_path):
    """A wrong output dim: one S001 there, nothing at the layers it feeds."""
    xml = add_model().replace(
        '<port id="2" precision="FP32" names="z"><dim>2</dim><dim>3</dim>',
        '<port id="2" precision="FP32" names="z"><dim>2</dim><dim>5</dim>',
    )
    assert codes(lint_text(tmp_path, xml)) == ["S001"]


# ---- variables (ReadValue/Assign) -------------------------------------------------------------------
# (Here rather than at the end: test_every_rule_has_a_test must run after every rule's test.)


def _stateful_xml(tmp_path, assign_id="v", second_assign=False):
    import openvino.opset6 as o6
    from openvino.op.util import Variable, VariableInfo

    info = VariableInfo()
    info.data_shape, info.data_type, info.variable_id = ov.PartialShape([-1, 3]), ov.Type.f32, "v"
    var = Variable(info)
    x = o6.parameter([2, 3], np.float32, name="x")
    rv = o6.read_value(var)
    other = VariableInfo()
    other.data_shape, other.data_type, other.variable_id = ov.PartialShape([2, 3]), ov.Type.f32, assign_id
    sinks = [o6.assign(x, Variable(other) if assign_id != "v" else var)]
    if second_assign:
        sinks.append(o6.assign(x, var))
    return save(ov.Model([o6.result(rv)], sinks, [x]), tmp_path)


def test_assign_is_a_sink_not_an_unused_output(tmp_path):
    findings = irexec.lint(_stateful_xml(tmp_path))
    assert findings == [], findings


def test_v002_assigned_but_never_read_and_read_but_never_assigned(tmp_path):
    findings = irexec.lint(_stateful_xml(tmp_path, assign_id="w"))
    expect(findings, "V002")
    (f,) = [f for f in findings if f.layer_type == "Assign"]
    assert f.severity == "warning" and "no ReadValue reads variable 'w'" in f.message
    (g,) = [f for f in findings if f.layer_type == "ReadValue"]
    assert g.code == "V002" and "no Assign writes variable 'v'" in g.message
    assert irexec.read_model(_stateful_xml(tmp_path, assign_id="w")).variables[0].name == "v"


def test_v001_declared_twice_v002_assigned_twice_and_s005_type(tmp_path):
    f = [f for f in irexec.lint(_stateful_xml(tmp_path, second_assign=True)) if f.code == "V002"]
    assert len(f) == 1 and "the spec expects one Assign per variable" in f[0].message
    path = _stateful_xml(tmp_path)
    with open(path) as fh:
        text = fh.read()
    at = text.index('<layer id="1"')
    twin = text[at : text.index("</layer>", at) + len("</layer>")]
    wider = (
        twin.replace('id="1"', 'id="9"')
        .replace('variable_shape="?,3"', 'variable_shape="?,4"')
        .replace("<dim>3</dim>", "<dim>4</dim>")
    )
    with open(path, "w") as fh:
        fh.write(text.replace(twin, twin + "\n" + wider))
    f = expect(irexec.lint(path), "V001")
    assert "declares variable 'v' as f32 [?,4]" in f.message
    path = _stateful_xml(tmp_path)  # (OpenVINO builds no such Assign: the file is edited)
    with open(path) as fh:
        text = fh.read().replace('variable_type="f32"', 'variable_type="i32"')
    with open(path, "w") as fh:
        fh.write(text)
    f = expect(irexec.lint(path), "S005")
    assert f.layer_type == "Assign" and "new_value is f32, but variable 'v' is i32 [?,3]" in f.message


def test_g011_two_outputs_of_one_name(tmp_path):
    # Two Results named alike, fed by one tensor: the second output would take the first's name.
    xml = net(
        [param(0, "x", (2,)), result(1, dims=(2,), name="x"), result(2, dims=(2,), name="x")],
        [(0, 0, 1, 0), (0, 0, 2, 0)],
    )
    f = expect(lint_text(tmp_path, xml), "G011")
    assert f.severity == "warning" and f.layer_id == "2" and "this one is output 'x#1'" in f.message


def test_every_rule_has_a_test():
    """Runs last in this module: each rule in the table was seen firing by some test above."""
    if not COVERED:
        pytest.skip("needs the rest of the module to have run")
    assert COVERED >= set(RULES), f"rules without a test: {sorted(set(RULES) - COVERED)}"


# ---- read_model, the API and the command line -------------------------------------------------------


def test_read_model_refuses_with_every_finding(tmp_path):
    xml = (
        add_model()
        .replace('type="Add"', 'type="Nope"')
        .replace("<dim>3</dim></port></output>", "<dim>9</dim></port></output>", 1)
    )
    path = write(tmp_path, xml)
    with pytest.raises(irexec.ValidationError) as e:
        irexec.read_model(path)
    assert e.value.code in ("O001", "S001") and "1 more error" in str(e.value)
    assert sorted(f.code for f in e.value.findings) == ["O001", "S001"]
    assert sorted(f.code for f in irexec.lint(path)) == sorted(f.code for f in e.value.findings)


def test_read_model_lets_warnings_through(tmp_path):
    xml = net([param(0, "x", (2,)), param(1, "y", (2,)), result(2, "f32", (2,))], [(0, 0, 2, 0)])
    assert irexec.read_model(write(tmp_path, xml)).inputs[1].name == "y"


def _cli(*args):
    return CliRunner().invoke(cli, ["lint", *args])  # click 8.2+: stdout and stderr kept apart


def test_cli_text_format_and_exit_status(tmp_path):
    good = write(tmp_path, add_model(), stem="good")
    bad = write(tmp_path, add_model().replace('version="opset1"><input>', 'version="opset0"><input>', 1), stem="bad")
    r = _cli(good)
    assert r.exit_code == 0 and r.stdout == "" and "1 model checked: 0 errors, 0 warnings" in r.stderr
    r = _cli(good, bad)
    assert r.exit_code == 1
    (line,) = r.stdout.splitlines()
    assert re.fullmatch(
        re.escape(bad) + r":6:1: O002 Add version 'opset0' is not supported \(known versions: "
        r"opset1\) \[layer 'l2' \(2\), Add\]",
        line,
    ), line


def test_cli_keeps_going_past_an_unreadable_file(tmp_path):
    good = write(tmp_path, add_input_wrong(), stem="good")
    r = _cli(str(tmp_path / "missing.xml"), good)
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert lines[0].startswith(str(tmp_path / "missing.xml") + ":1:1: X001") and any(" S003 " in x for x in lines)


def test_cli_json(tmp_path):
    path = write(tmp_path, add_input_wrong())
    r = _cli(path, "--format", "json")
    data = json.loads(r.stdout)
    assert r.exit_code == 1 and len(data) == 1
    keys = {"file", "line", "severity", "code", "layer_id", "layer_name", "message"}
    assert keys <= set(data[0]) and data[0]["code"] == "S003" and data[0]["layer_id"] == "2"
    assert data[0]["severity"] == "error" and data[0]["line"] == 6


def test_cli_sarif(tmp_path):
    path = write(tmp_path, add_input_wrong())
    r = _cli(path, "--format", "sarif")
    log = json.loads(r.stdout)
    assert log["version"] == "2.1.0" and r.exit_code == 1
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [x["id"] for x in rules] == list(RULES)
    (res,) = run["results"]
    assert res["ruleId"] == "S003" and rules[res["ruleIndex"]]["id"] == "S003" and res["level"] == "error"
    loc = res["locations"][0]["physicalLocation"]
    assert loc["region"]["startLine"] == 6 and loc["artifactLocation"]["uri"].endswith("model.xml")


def test_cli_weights_for_one_model(tmp_path):
    xml, blob = scatter_model()
    path = write(tmp_path, xml, stem="m")
    (tmp_path / "elsewhere.bin").write_bytes(blob)
    assert [f.code for f in irexec.lint(path)] == ["C001"]
    r = _cli(path, "-w", str(tmp_path / "elsewhere.bin"))
    assert r.exit_code == 0 and r.stdout == ""
    r = _cli(path, path, "-w", str(tmp_path / "elsewhere.bin"))
    assert r.exit_code == 2 and "--weights needs exactly one model" in r.stderr


def test_cli_select_ignore_strict_and_usage(tmp_path):
    xml = net([param(0, "x", (2,)), param(1, "y", (2,)), result(2, "f32", (2,))], [(0, 0, 2, 0)])
    path = write(tmp_path, xml)
    assert _cli(path).exit_code == 0  # a warning only
    assert _cli(path, "--strict").exit_code == 1
    assert _cli(path, "--strict", "--ignore", "G009").exit_code == 0
    assert _cli(path, "--select", "S").stdout == ""
    r = _cli(path, "--select", "Q1")
    assert r.exit_code == 2 and "no rule code starts with 'Q1'" in r.stderr
    assert _cli().exit_code == 2
    assert _cli(path, "--format", "xml").exit_code == 2


def test_a_port_without_dims_is_a_scalar_or_an_unknown_rank(tmp_path):
    # OpenVINO writes no dims for a shape of unknown rank (an Unsqueeze whose axes are computed):
    # irexec's rule knows the rank (3) but not the dims, and that agrees; a rule that gives a
    # static shape other than a scalar does not (OpenVINO would have written its dims).
    import openvino.opset13 as ops

    x = ops.parameter([2, 3], ov.Type.f32, name="x")
    axes = ops.parameter([1], ov.Type.i64, name="axes")
    path = str(tmp_path / "unsqueeze.xml")
    ov.save_model(ov.Model([ops.result(ops.unsqueeze(x, axes))], [x, axes]), path)
    assert re.search(r'<port id="2" precision="FP32" names="[^"]*" />', open(path).read())  # (no dims)
    assert irexec.lint(path) == []
    feeds = {"x": np.arange(6, dtype=np.float32).reshape(2, 3), "axes": np.array([1])}
    model = irexec.read_model(path)
    (got,) = model.infer(feeds).values()  # (the CPU plugin compiles no dynamic rank)
    np.testing.assert_array_equal(got, feeds["x"][:, None, :])
    # The output is shown as the rules infer it (OpenVINO's: [...]), not as the scalar its port reads as.
    assert str(model.outputs[0]).endswith(": f32 [?,?,?]") and "shape[?,?,?]" in repr(model.outputs[0])
    scalar = str(tmp_path / "sum.xml")  # (a scalar output: written without dims too, and shown as one)
    ov.save_model(ov.Model([ops.result(ops.reduce_sum(x, ops.constant(np.array([0, 1])), False))], [x]), scalar)
    assert "<dim>" not in open(scalar).read().split('type="ReduceSum"')[1].split("</layer>")[0].split("<output>")[1]
    assert irexec.lint(scalar) == [] and irexec.read_model(scalar).outputs[0].shape == ()
    static = str(tmp_path / "relu.xml")
    ov.save_model(ov.Model([ops.result(ops.relu(x))], [x]), static)
    xml = open(static).read()
    start = xml.index("<output>", xml.index('type="ReLU"'))
    end = xml.index("</output>", start)
    with open(static, "w") as f:  # (the ReLU's output port without its dims: declared a scalar)
        f.write(xml[:start] + re.sub(r"\s*<dim>\d+</dim>", "", xml[start:end]) + xml[end:])
    assert [(f.code, f.layer_type) for f in irexec.lint(static)] == [("S001", "Relu")]
