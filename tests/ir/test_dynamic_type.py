"""OpenVINO's ``dynamic`` element type (``undefined`` before 2025; port precision UNSPECIFIED), as
its reader takes it: irexec reads an empty Const of it (an absent optional input, as the ONNX
frontend writes them, with size 1) and refuses one holding elements, a Parameter of it, and any
op's input of it where the op does not name the type."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from irexec.cli import cli


def _ir(tmp_path, const_type="dynamic", shape="0", prec="UNSPECIFIED", consumer="Result", param_type="f32"):
    dims = "".join(f"<dim>{d}</dim>" for d in shape.split(",") if d)
    if consumer == "Result":
        body = (
            f'<layer id="2" name="out" type="Result" version="opset1"><input>'
            f'<port id="0" precision="{prec}">{dims}</port></input></layer>'
        )
        edges = '<edge from-layer="1" from-port="0" to-layer="2" to-port="0"/>'
    else:
        body = (
            f'<layer id="2" name="op" type="{consumer}" version="opset1"><input>'
            f'<port id="0" precision="FP32"><dim>2</dim></port><port id="1" precision="{prec}">{dims}</port></input>'
            f'<output><port id="2" precision="FP32"><dim>2</dim></port></output></layer>'
            f'<layer id="3" name="out" type="Result" version="opset1"><input>'
            f'<port id="0" precision="FP32"><dim>2</dim></port></input></layer>'
        )
        edges = (
            '<edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>'
            '<edge from-layer="1" from-port="0" to-layer="2" to-port="1"/>'
            '<edge from-layer="2" from-port="2" to-layer="3" to-port="0"/>'
        )
    text = (
        '<?xml version="1.0"?><net name="t" version="11"><layers>'
        f'<layer id="0" name="x" type="Parameter" version="opset1"><data shape="2" element_type="{param_type}"/>'
        '<output><port id="0" precision="FP32"><dim>2</dim></port></output></layer>'
        f'<layer id="1" name="none" type="Const" version="opset1">'
        f'<data element_type="{const_type}" shape="{shape}" offset="0" size="1"/>'
        f'<output><port id="0" precision="{prec}">{dims}</port></output></layer>'
        f"{body}</layers><edges>{edges}</edges></net>"
    )
    path = tmp_path / "m.xml"
    path.write_text(text)
    (tmp_path / "m.bin").write_bytes(b"\0")
    return str(path)


def _lint(path):
    return CliRunner().invoke(cli, ["lint", path], catch_exceptions=False)


@pytest.mark.parametrize("spelling", ["dynamic", "undefined"])
def test_empty_dynamic_const_is_read(tmp_path, spelling):
    # The Const and its ports are read; only the op that does not name the type refuses it.
    result = _lint(_ir(tmp_path, const_type=spelling, consumer="Add"))
    assert result.exit_code == 1 and "Add's b must be numeric, got dynamic" in result.output, result.output
    assert result.output.count(" O003 ") == 0 and "1 error" in result.output, result.output


def test_dynamic_const_with_elements_refused(tmp_path):
    result = _lint(_ir(tmp_path, shape="2"))
    assert result.exit_code == 1
    assert "a Const of element type dynamic has no values to hold" in result.output, result.output
    assert " O003 " in result.output


def test_dynamic_parameter_refused(tmp_path):
    result = _lint(_ir(tmp_path, param_type="dynamic"))
    assert result.exit_code == 1 and "element type 'dynamic' is not supported by irexec" in result.output


def test_unknown_precision_still_refused(tmp_path):
    result = _lint(_ir(tmp_path, prec="NOPE"))
    assert result.exit_code == 1 and "unknown element type 'NOPE'" in result.output, result.output
