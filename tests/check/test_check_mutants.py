"""The variable checks (V001, V002, S005 at an Assign), the output-name rule (G011), how findings
are made of the checks' problems (one per problem, in file order) and the error ``read_model``
raises: each finding's code, message, file, line, layer and port, pinned where the rest of the
suite checks only that a rule fires."""

from __future__ import annotations

import pytest

import irexec
from helpers.irtext import add_model, layer, net, param, port, result, write
from irexec.check.lint import check
from irexec.check.outputs import output_names
from irexec.check.report import findings_of
from irexec.errors import ParseError, ValidationError


def read_value(lid, vid, et="f32", shape="?,3", dims=(-1, 3), name=None) -> str:
    """A ReadValue-6 declaring variable ``vid`` as ``et`` of shape ``shape``."""
    data = {"variable_id": vid, "variable_type": et, "variable_shape": shape}
    return layer(lid, "ReadValue", "opset6", outputs=[port(0, et, dims)], data=data, name=name)


def assign(lid, vid, et="f32", dims=(2, 3), name=None) -> str:
    """An Assign-6 storing its input (``et`` of shape ``dims``) in variable ``vid``."""
    return layer(
        lid,
        "Assign",
        "opset6",
        inputs=[port(0, et, dims)],
        outputs=[port(1, et, dims)],
        data={"variable_id": vid},
        name=name,
    )


def lint(tmp_path, layers, edges):
    path = write(tmp_path, net(layers, edges))
    return path, irexec.lint(path)


def described(findings) -> list:
    return [(f.code, f.layer_id, f.message) for f in findings]


# ---- variables: V001 -------------------------------------------------------------------------------


def test_two_readvalues_declaring_a_variable_alike_are_clean(tmp_path):
    _, findings = lint(
        tmp_path,
        [
            param(0, "x", (2, 3)),
            read_value(1, "v"),
            result(2, dims=(-1, 3)),
            assign(3, "v"),
            read_value(4, "v"),
            result(5, dims=(-1, 3)),
        ],
        [(0, 0, 3, 0), (1, 0, 2, 0), (4, 0, 5, 0)],
    )
    assert findings == []


def test_v001_a_second_readvalue_of_another_type(tmp_path):
    path, findings = lint(
        tmp_path,
        [
            param(0, "x", (2, 3)),
            read_value(1, "v", name="first"),
            result(2, dims=(-1, 3)),
            assign(3, "v"),
            read_value(4, "v", et="i32", name="second"),
            result(5, et="i32", dims=(-1, 3)),
        ],
        [(0, 0, 3, 0), (1, 0, 2, 0), (4, 0, 5, 0)],
    )
    (f,) = findings
    assert (f.code, f.severity, f.file, f.line) == ("V001", "error", path, 8)
    assert (f.layer_id, f.layer_name, f.layer_type, f.port) == ("4", "second", "ReadValue", None)
    assert f.message == (
        "ReadValue declares variable 'v' as i32 [?,3], but ReadValue 'first' (id 1) declares it f32 [?,3]"
    )


# ---- variables: V002 -------------------------------------------------------------------------------


def test_v002_read_but_never_assigned(tmp_path):
    path, findings = lint(
        tmp_path,
        [param(0, "x", (2, 3)), read_value(1, "v", name="rv"), result(2, dims=(-1, 3)), result(3, dims=(2, 3))],
        [(1, 0, 2, 0), (0, 0, 3, 0)],
    )
    (f,) = findings
    assert (f.code, f.severity, f.file, f.line, f.layer_id, f.layer_name) == ("V002", "warning", path, 5, "1", "rv")
    assert f.message == "no Assign writes variable 'v': ReadValue always gives its initial value"


def test_v002_assigned_twice_names_the_first_assign(tmp_path):
    path, findings = lint(
        tmp_path,
        [
            param(0, "x", (2, 3)),
            read_value(1, "v"),
            result(2, dims=(-1, 3)),
            assign(3, "v", name="first"),
            assign(4, "v", name="second"),
            assign(5, "v", name="third"),
        ],
        [(0, 0, 3, 0), (0, 0, 4, 0), (0, 0, 5, 0), (1, 0, 2, 0)],
    )
    assert [(f.code, f.file, f.line, f.layer_name) for f in findings] == [
        ("V002", path, 8, "second"),
        ("V002", path, 9, "third"),
    ]
    for f in findings:
        assert f.message == (
            "variable 'v' is also assigned by Assign 'first' (id 3): the spec expects one Assign per variable"
        )


def test_v002_each_assign_of_a_variable_no_readvalue_reads(tmp_path):
    path, findings = lint(
        tmp_path,
        [param(0, "x", (2, 3)), assign(1, "w", name="a1"), assign(2, "w", name="a2"), result(3, dims=(2, 3))],
        [(0, 0, 1, 0), (0, 0, 2, 0), (0, 0, 3, 0)],
    )
    never_read = "no ReadValue reads variable 'w': what the Assign stores is never read"
    also = "variable 'w' is also assigned by Assign 'a1' (id 1): the spec expects one Assign per variable"
    assert described(findings) == [("V002", "1", never_read), ("V002", "2", also), ("V002", "2", never_read)]
    assert [(f.file, f.line) for f in findings] == [(path, 5), (path, 6), (path, 6)]


# ---- variables: S005 at an Assign ------------------------------------------------------------------


def _assign_of(tmp_path, et, dims):
    """A variable declared f32 [?,3] and an Assign storing a Parameter of ``et`` ``dims`` in it."""
    return lint(
        tmp_path,
        [param(0, "x", dims, et=et), read_value(1, "v"), result(2, dims=(-1, 3)), assign(3, "v", et, dims, "store")],
        [(0, 0, 3, 0), (1, 0, 2, 0)],
    )


@pytest.mark.parametrize(
    "et,dims,said",
    [("i32", (2, 3), "i32"), ("f32", (2, 4), "[2,4]")],
    ids=["type", "shape"],
)
def test_s005_assign_value_that_does_not_fit_the_variable(tmp_path, et, dims, said):
    path, findings = _assign_of(tmp_path, et, dims)
    (f,) = findings
    assert (f.code, f.severity, f.file, f.line) == ("S005", "error", path, 7)
    assert (f.layer_id, f.layer_name, f.layer_type, f.port) == ("3", "store", "Assign", "0")
    assert f.message == f"Assign's new_value is {said}, but variable 'v' is f32 [?,3] (ReadValue 'l1', id 1)"


@pytest.mark.parametrize("et,dims", [("i32", (2, 3)), ("f32", (2, 4))], ids=["type", "shape"])
def test_read_model_refuses_an_assign_that_does_not_fit_with_s005(tmp_path, et, dims):
    path, _ = _assign_of(tmp_path, et, dims)
    with pytest.raises(irexec.ValidationError) as e:
        irexec.read_model(path)
    assert (e.value.code, e.value.port, e.value.layer_id, e.value.file) == ("S005", "0", "3", path)
    assert [f.code for f in e.value.findings] == ["S005"]


def test_an_assign_of_unknown_value_is_skipped_the_next_is_still_checked(tmp_path):
    """The first Assign's input has no edge (G004): nothing is known of its value, so nothing more
    is said of it, and the second Assign of the variable is still held to the declaration."""
    path, findings = lint(
        tmp_path,
        [
            param(0, "x", (2, 3), et="i32"),
            read_value(1, "v"),
            result(2, dims=(-1, 3)),
            assign(3, "v", name="a1"),
            assign(4, "v", et="i32", name="a2"),
        ],
        [(0, 0, 4, 0), (1, 0, 2, 0)],
    )
    assert [(f.code, f.layer_name, f.file, f.line) for f in findings] == [
        ("G004", "a1", path, 7),
        ("S005", "a2", path, 8),
        ("V002", "a2", path, 8),
    ]
    assert findings[1].message == "Assign's new_value is i32, but variable 'v' is f32 [?,3] (ReadValue 'l1', id 1)"


# ---- sinks and the unused-output warning (G009) ----------------------------------------------------


def test_only_a_sinks_unused_output_warning_is_dropped(tmp_path):
    """An unused Parameter keeps its G009 next to an Assign (whose own findings stay too)."""
    path, findings = lint(
        tmp_path,
        [param(0, "x", (2, 3)), param(1, "y", (2,)), assign(3, "w", name="store"), result(4, dims=(2, 3))],
        [(0, 0, 3, 0), (0, 0, 4, 0)],
    )
    assert [(f.code, f.layer_name, f.file, f.line) for f in findings] == [
        ("G009", "y", path, 5),
        ("V002", "store", path, 6),
    ]


# ---- output names (G011) ---------------------------------------------------------------------------


def test_g011_finding_is_located_in_the_file(tmp_path):
    path, findings = lint(
        tmp_path,
        [param(0, "x", (2,)), result(1, dims=(2,), name="x"), result(2, dims=(2,), name="x")],
        [(0, 0, 1, 0), (0, 0, 2, 0)],
    )
    (f,) = findings
    assert (f.code, f.severity, f.file, f.line, f.layer_id, f.layer_name) == ("G011", "warning", path, 6, "2", "x")
    assert f.message == "two outputs are named 'x' (Result 'x', id 1, has it): this one is output 'x#1' in irexec"


@pytest.mark.parametrize("edge", [(0, 5, 1, 0), (9, 0, 1, 0)], ids=["missing port", "missing layer"])
def test_a_result_fed_from_nothing_is_reported_not_a_crash(tmp_path, edge):
    """A Result whose edge comes from a port or a layer that is not there: the output takes the
    Result's name, and lint reports the broken edge."""
    path, findings = lint(tmp_path, [param(0, "x", (2,)), result(1, dims=(2,), name="out")], [edge])
    codes = [f.code for f in findings]
    assert codes == ["G009", "G002" if edge[1] == 5 else "G001"]
    assert all(f.file == path for f in findings)


def test_an_output_whose_feeding_port_is_gone_takes_the_results_name(tmp_path):
    """The naming rule on a graph broken after it was read (the port an edge left is no longer
    there): the output is kept, named after its Result, with no port."""
    path = write(tmp_path, net([param(0, "x", (2,), names="t"), result(1, dims=(2,), name="out")], [(0, 0, 1, 0)]))
    graph = check(path).graph
    feeding = graph.layer("0").outputs[0]
    assert output_names(graph, ["1"]) == [("t", feeding, None)]
    graph.layer("0").outputs.clear()
    assert output_names(graph, ["1"]) == [("out", None, None)]


# ---- findings made of problems ---------------------------------------------------------------------


def test_schema_and_reader_on_one_line_give_one_finding_in_the_readers_words():
    reader = ParseError("port id 'x' is not a port number", file="m.xml", line=6, code="X003")
    schema = ParseError("schema: Element 'port': the value 'x' is not accepted", file="m.xml", line=6, code="X003")
    (f,) = findings_of([schema, reader])
    assert (f.code, f.line, f.message) == ("X003", 6, "port id 'x' is not a port number")
    (f,) = findings_of([reader, schema])
    assert f.message == "port id 'x' is not a port number"


def test_an_edge_both_the_reader_and_the_schema_refuse_is_one_finding(tmp_path):
    path = write(tmp_path, add_model().replace('from-layer="0" ', "", 1))
    findings = irexec.lint(path)
    assert [(f.code, f.line) for f in findings] == [("G009", 4), ("G004", 6), ("X003", 10)]
    assert findings[2].message == "an <edge> needs from-layer, from-port, to-layer and to-port"


def test_a_problem_found_twice_is_one_finding_and_the_rest_are_kept():
    a = ValidationError("nothing uses the layer's outputs", file="m.xml", line=4, code="G009", layer_id="0")
    b = ValidationError("input is not connected", file="m.xml", line=6, code="G004", layer_id="2", port=1)
    again = ValidationError("nothing uses the layer's outputs", file="m.xml", line=4, code="G009", layer_id="0")
    findings = findings_of([a, again, b])
    assert [(f.code, f.line, f.port) for f in findings] == [("G009", 4, None), ("G004", 6, "1")]


def test_findings_are_in_file_then_line_then_code_order():
    def err(file, line, code):
        return ValidationError(f"{code} at {line}", file=file, line=line, code=code)

    problems = [
        err("/m/b.xml", 1, "G009"),
        err("/m/a.xml", 2, "S001"),
        err(None, 3, "X001"),
        err("/m/a.xml", 1, "V002"),
        err("/m/a.xml", None, "V001"),
        err("/m/a.xml", 1, "G004"),
    ]
    assert [(f.file, f.line, f.code) for f in findings_of(problems)] == [
        (None, 3, "X001"),
        ("/m/a.xml", None, "V001"),
        ("/m/a.xml", 1, "G004"),
        ("/m/a.xml", 1, "V002"),
        ("/m/a.xml", 2, "S001"),
        ("/m/b.xml", 1, "G009"),
    ]


# ---- read_model's refusal --------------------------------------------------------------------------


def _unknown_op(tmp_path, errors):
    """add_model with an unknown op (O001) and a wrong output dim (S001); ``errors == 3``: and a
    Parameter of another shape than its consumer declares (S003)."""
    xml = (
        add_model()
        .replace('type="Add"', 'type="Nope"')
        .replace("<dim>3</dim></port></output>", "<dim>9</dim></port></output>", 1)
    )
    if errors == 3:
        xml = xml.replace('<data shape="2,3" element_type="f32"/>', '<data shape="2,3,4" element_type="f32"/>', 1)
    return write(tmp_path, xml)


@pytest.mark.parametrize("errors,more", [(2, "1 more error"), (3, "2 more errors")])
def test_read_model_error_says_how_many_more_errors(tmp_path, errors, more):
    with pytest.raises(irexec.ValidationError) as e:
        irexec.read_model(_unknown_op(tmp_path, errors))
    assert e.value.code == "O001"
    assert e.value.message == f"unknown operation type 'Nope' (and {more}: see irexec lint)"
    assert str(e.value).endswith(e.value.message) and len(e.value.findings) == errors


def test_read_model_error_alone_has_no_count(tmp_path):
    path, _ = _assign_of(tmp_path, "i32", (2, 3))
    with pytest.raises(irexec.ValidationError) as e:
        irexec.read_model(path)
    assert e.value.message == "Assign's new_value is i32, but variable 'v' is f32 [?,3] (ReadValue 'l1', id 1)"
