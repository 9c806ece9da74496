"""``irexec run FOLDER --text``: texts through the tokenizer IR beside the model, into the model."""

from __future__ import annotations

import json
import os
import shutil

import numpy as np
import pytest
from click.testing import CliRunner

from irexec.cli import cli

DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "optimum", "bert_cls")

pytest.importorskip("regex", reason="the tokenizer's patterns need the regex package (the text extra)")


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def _one_error(r, code: int, match: str) -> None:
    lines = r.output.strip().splitlines()
    assert r.exit_code == code, r.output
    assert len(lines) == 1 and lines[0].startswith("error: ") and match in lines[0], r.output


def test_texts_through_the_tokenizer_give_the_plugins_logits(tmp_path):
    with open(os.path.join(DATA, "expected_text.json"), encoding="utf-8") as f:
        want = json.load(f)
    args = [a for t in want["texts"] for a in ("--text", t)]
    r = invoke("run", DATA, *args, "-o", tmp_path / "out.npz")
    assert r.exit_code == 0, r.output
    with np.load(tmp_path / "out.npz") as out:
        logits = out[next(iter(out.files))]
    np.testing.assert_allclose(logits, np.array(want["logits"], np.float32), rtol=1e-3, atol=1e-4)
    # The model's .xml named instead of its folder: the tokenizer beside it.
    again = invoke(
        "run", os.path.join(DATA, "openvino_model.xml"), "--text", want["texts"][0], "-o", tmp_path / "one.npz"
    )
    assert again.exit_code == 0, again.output
    with np.load(tmp_path / "one.npz") as out:
        np.testing.assert_allclose(out[out.files[0]][0], logits[0], rtol=1e-5, atol=1e-6)


def test_the_table_shows_the_outputs():
    r = invoke("run", DATA, "--text", "Hello world")
    assert r.exit_code == 0, r.output
    assert "logits" in r.output and "[1,3]" in r.output.replace(" ", "")


def test_a_folder_without_a_model_or_a_tokenizer_is_one_line(tmp_path):
    _one_error(invoke("run", tmp_path, "--text", "x"), 2, "is a folder without openvino_model.xml")
    for name in ("openvino_model.xml", "openvino_model.bin"):
        shutil.copy(os.path.join(DATA, name), tmp_path / name)
    _one_error(invoke("run", tmp_path, "--text", "x"), 2, "--text needs the tokenizer IR openvino_tokenizer.xml")


def test_text_runs_one_batch():
    _one_error(invoke("run", DATA, "--text", "x", "--steps", "2"), 2, "--text runs one batch")
