"""The ONNX frontend's GroupQueryAttention (tests/data/onnx_gqa, written by
scripts/make_onnx_attention.py): packed QKV, rotary, a KV cache of dynamic length, as
OpenVINO saves it (the op at version "extension", absent inputs as empty Consts of type dynamic).
irexec reads it, lints it clean and gives the CPU plugin's outputs (recorded: OpenVINO's reader
refuses the saved file, so the plugin ran the ONNX model it came from)."""

from __future__ import annotations

import json
import os

import numpy as np
from click.testing import CliRunner

import irexec
from irexec.cli import cli

HERE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "onnx_gqa")
MODEL = os.path.join(HERE, "model.xml")
RTOL, ATOL = 1e-3, 1e-4


def test_lints_clean():
    result = CliRunner().invoke(cli, ["lint", MODEL], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "0 errors" in result.output


def test_holds_what_the_frontend_writes():
    """The file is the case this covers: the internal op, and its absent inputs typed dynamic."""
    model = irexec.read_model(MODEL)
    kinds = {(layer.type, layer.version) for layer in model.graph.layers.values()}
    assert ("GroupQueryAttention", "extension") in kinds
    with open(MODEL, encoding="utf-8") as f:
        text = f.read()
    assert 'element_type="dynamic"' in text and 'precision="UNSPECIFIED"' in text


def test_matches_plugin():
    with open(os.path.join(HERE, "meta.json"), encoding="utf-8") as f:
        meta = json.load(f)
    assert meta["settings"] == {"INFERENCE_PRECISION_HINT": "f32"}
    feeds = dict(np.load(os.path.join(HERE, "inputs.npz")))
    expected = dict(np.load(os.path.join(HERE, "expected.npz")))
    got = irexec.read_model(MODEL).infer(feeds)
    assert set(expected) <= set(got)
    for name, want in expected.items():
        assert list(want.shape) == meta["outputs"][name]
        assert got[name].shape == want.shape and got[name].dtype == want.dtype, name
        np.testing.assert_allclose(got[name], want, rtol=RTOL, atol=ATOL, err_msg=name)
