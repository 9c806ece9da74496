"""irexec compare --inputs: a dataset through irexec and the CPU plugin on a model where the plugin
departs only for some inputs (an i64 product past 2^31, which the plugin computes in i32: see
docs/differences.md#multiply). The summary must name exactly those samples, the worst one and its
error (worked out here from the spec's arithmetic and the plugin's 32-bit wrap, not by irexec), and
the layer to blame on it; samples that cannot run are listed and do not stop the others."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

ov = pytest.importorskip("openvino")
op = pytest.importorskip("openvino.opset13")

from click.testing import CliRunner  # noqa: E402

import irexec  # noqa: E402
from irexec.cli import cli  # noqa: E402

SCALE = 1 << 20
# Rows 1 and 3 pass 2^31 after the multiply (row 3 the furthest); rows 0, 2 and 4 stay below it.
ROWS = np.array([[1, 2, 3, 4], [1, 3000, -5000, 7], [5, 6, 7, 8], [10000, 1, 2, 3], [-9, 0, 9, 2000]], np.int64)
BAD, WORST = [1, 3], 3


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    """x + 1, then * 2^20 ('scale'), then - 5, all i64."""
    where = tmp_path_factory.mktemp("model")
    x = op.parameter([4], ov.Type.i64, name="x")
    a = op.add(x, op.constant(np.ones(4, np.int64)), name="add1")
    m = op.multiply(a, op.constant(np.full(4, SCALE, np.int64)), name="scale")
    s = op.subtract(m, op.constant(np.full(4, 5, np.int64)), name="sub")
    xml = str(where / "chain.xml")
    ov.save_model(ov.Model([op.result(s, name="out")], [x], "chain"), xml, compress_to_fp16=False)
    return xml


def expected_errors(rows) -> np.ndarray:
    """Per row, the largest |spec - plugin| on the output: the spec's i64 result against its low
    32 bits read as i32 (what the plugin keeps)."""
    spec = (rows + 1) * SCALE - 5
    return np.abs(spec - spec.astype(np.int32).astype(np.int64)).max(axis=1).astype(np.float64)


def _run(*args):
    return CliRunner().invoke(cli, ["compare", *args])


def test_the_plugin_still_departs_on_those_rows_only(model):
    compiled = ov.Core().compile_model(model, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    differ = [k for k, row in enumerate(ROWS) if not np.array_equal(compiled({"x": row})[0], (row + 1) * SCALE - 5)]
    assert differ == BAD  # (else the tests below would prove nothing)


def test_a_folder_names_the_diverging_samples_the_worst_and_the_layer(model, tmp_path):
    folder = tmp_path / "samples"
    folder.mkdir()
    for k, row in enumerate(ROWS):
        if k % 2:
            np.savez(folder / f"s{k}.npz", x=row)  # (by input name)
        else:
            np.save(folder / f"s{k}.npy", row)
    got = _run(model, "--inputs", str(folder))
    assert got.exit_code == 1, got.output
    lines = got.stdout.splitlines()
    differs = [ln for ln in lines if ln.startswith("differs ")]
    assert [ln.split("'")[1] for ln in differs] == [f"s{k}" for k in BAD]
    errors = expected_errors(ROWS)
    assert f"max abs err {errors[1]:.4g}" in differs[0]
    assert f"output 'out': max abs err {errors[WORST]:.4g} (sample 's{WORST}')" in got.stdout
    at = lines.index(f"layer by layer on the worst sample, 's{WORST}':")
    assert lines[at + 1].startswith("DEPARTS   'scale' (id ")
    assert lines[-1].endswith(": 3 agree, 2 differ")
    assert got.stderr.count("\n") == 1
    assert got.stderr.startswith(f"error: {model}:")
    assert (
        "layer 'scale'" in got.stderr
        and f"found on sample 's{WORST}', the worst (2 of 5 sample(s) differ" in got.stderr
    )


def test_a_dataset_as_json_and_through_the_api(model, tmp_path):
    # 25 rows: more diverging samples than the summary lists (20) without --all.
    rows = np.concatenate([ROWS, np.arange(20, dtype=np.int64)[:, None] * 1000 + np.array([3000, 0, 0, 0])])
    bad = [k for k, e in enumerate(expected_errors(rows)) if e]
    assert len(bad) > 20
    data = tmp_path / "data.npz"
    np.savez(data, x=rows)
    got = _run(model, "--inputs", str(data), "--format", "json", "--no-layers")
    assert got.exit_code == 1
    summary = json.loads(got.stdout)
    errors = expected_errors(rows)
    worst = int(np.argmax(errors))
    assert (summary["samples"], summary["agree"], summary["differ"], summary["failed"]) == (
        25,
        25 - len(bad),
        len(bad),
        0,
    )
    assert summary["worst_sample"] == f"sample_{worst:06d}" and summary["layers"] is None
    assert summary["outputs"]["out"]["max_abs"] == errors[worst]
    assert summary["outputs"]["out"]["worst_sample"] == f"sample_{worst:06d}"
    assert summary["outputs"]["out"]["differing_samples"] == len(bad)
    assert [f["sample"] for f in summary["failing"]] == [f"sample_{k:06d}" for k in bad[:20]]
    assert summary["failing"][0]["file"] == f"{data}[{bad[0]}]"
    assert got.stderr == (
        f"error: {model}: {len(bad)} of 25 sample(s) differ on CPU; the worst: 'sample_{worst:06d}'\n"
    )
    every = json.loads(_run(model, "--inputs", str(data), "--format", "json", "--no-layers", "--all").stdout)
    assert [f["sample"] for f in every["failing"]] == [f"sample_{k:06d}" for k in bad]
    text = _run(model, "--inputs", str(data), "--no-layers").stdout.splitlines()
    assert f"          ... and {len(bad) - 20} more (--all lists them)" in text

    seen = []

    class Bar:
        def __init__(self, total):
            seen.append(total)

        def update(self, done):
            seen.append(done)

        def close(self):
            seen.append("closed")

    report = irexec.compare_dataset(model, str(data), progress=Bar)
    assert seen == [25] + list(range(1, 26)) + ["closed"]
    assert not report.ok and report.worst.sample == f"sample_{worst:06d}"
    assert report.layers.first.layer == "scale"
    assert report.to_dict()["layers"]["sample"] == f"sample_{worst:06d}"


def test_a_dataset_that_agrees_exits_0(model, tmp_path):
    data = tmp_path / "small.npz"
    np.savez(data, x=ROWS[[0, 2]])
    got = _run(model, "--inputs", str(data))
    assert got.exit_code == 0, got.output
    assert got.stdout.splitlines() == [
        "output 'out': max abs err 0 (sample 'sample_000000'), max rel err 0 (sample 'sample_000000')",
        "compared 2 sample(s) on CPU (precision f32; floats: rtol 0.001, atol 0.0001; integers exactly): all agree",
    ]
    assert got.stderr == ""


def test_a_sample_that_cannot_run_is_listed_and_the_others_compared(model, tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    np.save(folder / "a.npy", ROWS[0])
    np.save(folder / "b.npy", ROWS[1])
    np.save(folder / "c.npy", np.zeros(3, np.int64))  # the model takes [4]
    np.savez(folder / "d.npz", y=ROWS[2])  # no input 'y'
    got = _run(model, "--inputs", str(folder), "--format", "json")
    assert got.exit_code == 1
    summary = json.loads(got.stdout)
    assert (summary["agree"], summary["differ"], summary["failed"]) == (1, 1, 2)
    failing = {f["sample"]: f for f in summary["failing"]}
    assert failing["b"]["status"] == "differs"
    assert failing["c"] == {
        "sample": "c",
        "file": str(folder / "c.npy"),
        "status": "failed",
        "error": "input 'x' expects shape [4], got [3]",
    }
    assert failing["d"]["status"] == "failed" and "'y'" in failing["d"]["error"]
    assert summary["layers"]["sample"] == "b" and summary["layers"]["first"]["layer"] == "scale"
    assert "2 of 4 failed to run" in got.stderr and got.stderr.count("\n") == 1


def test_no_samples_and_wrong_command_lines_exit_2(model, tmp_path):
    (tmp_path / "empty").mkdir()
    got = _run(model, "--inputs", str(tmp_path / "empty"))
    assert got.exit_code == 2
    assert got.output == f"error: --inputs '{tmp_path / 'empty'}': the folder holds no .npz or .npy file\n"
    x = tmp_path / "x.npy"
    np.save(x, ROWS[0])
    got = _run(model, "--inputs", str(tmp_path), "-i", f"x={x}", "--steps", "2")
    assert (got.exit_code, got.output) == (
        2,
        "error: --inputs compares a dataset: -i, --steps cannot be used with it\n",
    )
    got = _run(model, "-i", f"x={x}", "--no-layers")
    assert (got.exit_code, got.output) == (2, "error: --no-layers needs --inputs\n")
    assert os.listdir(tmp_path / "empty") == []


def test_per_sample_errors_are_the_plugins_wrap_and_a_notebook_shows_the_counts(model, tmp_path):
    data = tmp_path / "rows.npz"
    np.savez(data, x=ROWS)
    report = irexec.compare_dataset(model, str(data), layers=False)
    per = report.to_dict()["per_sample"]
    assert [p["sample"] for p in per] == [f"sample_{k:06d}" for k in range(len(ROWS))]
    assert [p["status"] for p in per] == ["differs" if k in BAD else "ok" for k in range(len(ROWS))]
    assert [p["outputs"]["out"]["max_abs"] for p in per] == expected_errors(ROWS).tolist()
    spec = (ROWS + 1) * SCALE - 5  # irexec's, the reference; the plugin keeps its low 32 bits
    rel = (np.abs(spec - spec.astype(np.int32).astype(np.int64)) / np.abs(spec)).max(axis=1)
    assert [p["outputs"]["out"]["max_rel"] for p in per] == pytest.approx(rel.tolist(), rel=1e-12)
    shown = report._repr_html_()
    assert "3 agree, 2 differ, 0 failed" in shown and f"the worst: 'sample_{WORST:06d}'" in shown
    assert "<script" not in shown
