"""`irexec compare --inputs` on a model with an input of dynamic rank: its samples are the rows
`irexec run --inputs` gives (tests/batch/test_dataset_rows.py); the CPU plugin compiles no
Parameter of dynamic rank, so the command says so in one line, exit 1, before any sample."""

import numpy as np
import pytest

pytest.importorskip("openvino")

from click.testing import CliRunner  # noqa: E402

from helpers.batches import dynamic_rank_model  # noqa: E402
from irexec.cli import cli  # noqa: E402


def test_a_dynamic_rank_input_is_refused_by_the_device_in_one_line(tmp_path):
    path = dynamic_rank_model(tmp_path)
    np.savez(tmp_path / "data.npz", x=np.ones((2, 3, 4), np.float32), y=np.ones((2, 3, 4), np.float32))
    r = CliRunner().invoke(cli, ["compare", path, "--inputs", str(tmp_path / "data.npz")])
    assert r.exit_code == 1, r.output
    (line,) = r.output.strip().splitlines()
    assert line.startswith("error: ") and "CPU cannot compile the model" in line and "dynamic rank" in line
