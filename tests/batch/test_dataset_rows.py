"""A dataset row for each input (`irexec run --inputs DATASET.npz`, `irexec compare --inputs`, both
by irexec.batch.work.load_sample): the row, except for an input whose rank is the dataset array's,
which gets a batch of one. An input of dynamic rank has no rank to match: it gets the row as it is
(a scalar row too), never a batch of one, and the outputs are what the row gives."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import irexec
from helpers.batches import Quiet, dynamic_rank_model
from irexec.batch import run_batch
from irexec.batch.samples import find_samples
from irexec.batch.work import load_sample

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


ROWS = {  # x's dataset array (N = 3 rows) -> the shape of each sample's x
    "rows of [3,4]": ((3, 3, 4), (3, 4)),
    "rows of [4]": ((3, 4), (4,)),
    "rows of scalars": ((3,), ()),
    "rows of [1,3,4]": ((3, 1, 3, 4), (1, 3, 4)),
}


@pytest.mark.parametrize("case", sorted(ROWS))
def test_a_dynamic_rank_input_takes_its_row_as_it_is(tmp_path, case):
    whole, row_shape = ROWS[case]
    path = dynamic_rank_model(tmp_path)
    m = irexec.read_model(path)
    assert m.inputs[0].shape is None
    rng = np.random.default_rng(0)
    x = rng.standard_normal(whole).astype(np.float32)
    y = rng.standard_normal((3, 3, 4)).astype(np.float32)
    data = tmp_path / "data.npz"
    np.savez(data, x=x, y=y)
    samples = find_samples(str(data))
    for i, sample in enumerate(samples):
        feeds = load_sample(m, sample)
        assert np.shape(feeds["x"]) == row_shape and np.shape(feeds["y"]) == (3, 4)
        np.testing.assert_array_equal(feeds["x"], x[i])
    out = tmp_path / "out"
    summary = run_batch(path, None, str(data), str(out), jobs=1, progress=Quiet())
    assert (summary["ran"], summary["failed"], summary["missing"]) == (3, 0, 0), summary
    for i in range(3):
        with np.load(out / f"sample_{i:06d}.npz") as z:
            want = x[i] * y[i]
            assert z["z"].shape == want.shape
            np.testing.assert_array_equal(z["z"], want)


def test_a_static_input_of_the_arrays_rank_still_gets_a_batch_of_one(tmp_path):
    """(The rule the dynamic rank is no case of.) y [1,4] from an array [3,4]: rows [1,4]."""
    path = dynamic_rank_model(tmp_path, y_shape=(1, 4))
    m = irexec.read_model(path)
    data = tmp_path / "data.npz"
    x, y = np.ones((3, 4), np.float32), np.arange(12, dtype=np.float32).reshape(3, 4)
    np.savez(data, x=x, y=y)
    for i, sample in enumerate(find_samples(str(data))):
        feeds = load_sample(m, sample)
        assert feeds["x"].shape == (4,) and feeds["y"].shape == (1, 4)
        np.testing.assert_array_equal(feeds["y"], y[i : i + 1])


def test_the_command_line_runs_a_dynamic_rank_dataset(tmp_path):
    path = dynamic_rank_model(tmp_path)
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    y = np.full((2, 3, 4), 2, np.float32)
    np.savez(tmp_path / "data.npz", x=x, y=y)
    out = tmp_path / "out"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "irexec",
            "run",
            path,
            "--inputs",
            str(tmp_path / "data.npz"),
            "--outputs",
            str(out),
            "-j",
            "1",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert (summary["ran"], summary["failed"], summary["missing"]) == (2, 0, 0)
    for i in range(2):
        np.testing.assert_array_equal(np.load(out / f"sample_{i:06d}.npz")["z"], x[i] * 2)
