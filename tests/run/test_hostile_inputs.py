"""Run-time threats from issue 7 not covered elsewhere: each ends in one of irexec's errors."""

import numpy as np
import pytest

import irexec
from helpers.irtext import net, param, result, scatter_model, write
from irexec.api.model import Model
from irexec.ir.reader import read_graph


def test_float_indices_are_refused(tmp_path):
    xml, blob = scatter_model()
    xml = xml.replace(
        '<layer id="2" name="l2" type="Const" version="opset1"><data element_type="i64" shape="2" '
        'offset="0" size="16"/><output><port id="0" precision="I64"><dim>2</dim></port>',
        '<layer id="2" name="l2" type="Const" version="opset1"><data element_type="f64" shape="2" '
        'offset="0" size="16"/><output><port id="0" precision="FP64"><dim>2</dim></port>',
    )
    head, sep, tail = xml.partition('type="ScatterUpdate"')
    xml = head + sep + tail.replace('<port id="1" precision="I64">', '<port id="1" precision="FP64">', 1)
    path = write(tmp_path, xml, np.array([1.0, 3.0]).tobytes() + blob[16:])
    pattern = r"layer 'l4' \(id 4, ScatterUpdate\).*indices must be of an integer type, got f64"
    with pytest.raises(irexec.ValidationError, match=pattern):  # seen without running
        irexec.read_model(path)
    m = Model(read_graph(path))
    with pytest.raises(irexec.IRExecError, match=pattern):
        m.infer({"data": np.zeros((4, 3), np.float32), "updates": np.ones((2, 3), np.float32)})


@pytest.mark.parametrize("dims", [[2**62, 2**62], [2**40, 2**40, 2**40]])
def test_dims_whose_product_overflows_are_sized_exactly(tmp_path, dims):
    """Sizes are Python integers: a product past 2**64 is still compared, never wrapped."""
    xml = net([param(0, "x", dims), result(1, "f32", dims)], [(0, 0, 1, 0)])
    from click.testing import CliRunner

    from irexec.cli import cli

    r = CliRunner().invoke(cli, ["run", write(tmp_path, xml), "--random"])
    assert r.exit_code == 1 and "--random would allocate more than" in r.output


def test_a_dim_past_the_limit_is_a_parse_error(tmp_path):
    xml = net([param(0, "x", [2**63]), result(1, "f32", [2**63])], [(0, 0, 1, 0)])
    with pytest.raises(irexec.ParseError, match="too large"):
        irexec.read_model(write(tmp_path, xml))


def test_wrong_rank_and_unknown_dtype_inputs(tmp_path):
    xml, blob = scatter_model()
    m = irexec.read_model(write(tmp_path, xml, blob))
    with pytest.raises(irexec.InputError, match=r"'data' expects shape \[4,3\], got \[12\]"):
        m.infer({"data": np.zeros(12, np.float32), "updates": np.ones((2, 3), np.float32)})
    with pytest.raises(irexec.InputError, match="'data' expects f32, got"):
        m.infer({"data": np.zeros((4, 3), complex), "updates": np.ones((2, 3), np.float32)})
    with pytest.raises(irexec.InputError, match="'data' expects f32, got"):
        m.infer({"data": np.array([["a"] * 3] * 4), "updates": np.ones((2, 3), np.float32)})
