"""irexec's errors are RuntimeErrors (as OpenVINO's are); reading a .npz, which also catches a zip
member's RuntimeError, passes irexec's own error through once, not wrapped in another."""

import os
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_an_npz_member_refused_is_said_once(tmp_path):
    np.savez(tmp_path / "objs.npz", x=np.array([object()], dtype=object))
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "irexec",
            "run",
            os.path.join(ROOT, "models", "row_assign.xml"),
            "-i",
            str(tmp_path / "objs.npz"),
        ],
        capture_output=True,
        cwd=ROOT,
        text=True,
    )
    assert run.returncode in (1, 2)
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "holds Python objects" in lines[0]
    assert "cannot read" not in lines[0]
