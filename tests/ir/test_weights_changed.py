"""A .bin changed under a loaded model: irexec maps it, and a mapped file that shrinks kills the
process (SIGBUS) when a constant is touched. The file is held to what it was when the model was
read (size, modification time, and device and inode when it is opened again): a change is an
error naming the file, before the mapping is touched. Each case runs in a child process, so a
SIGBUS would fail the test rather than end the suite."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CHILD = r"""
import os, sys, time
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[1] + "/tests")
import numpy as np
import irexec
from helpers.irtext import const, layer, net, param, port, result, write

folder, when, how = sys.argv[2], sys.argv[3], sys.argv[4]
n = 1 << 16
xml = net([param(0, "x", (n,)), const(1, (n,), "f32", 0, 4 * n),
           layer(2, "Add", inputs=[port(0, "f32", (n,)), port(1, "f32", (n,))], outputs=[port(2, "f32", (n,))]),
           result(3, "f32", (n,))], [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)])
path = write(folder, xml, np.full(n, 2.0, np.float32).tobytes(), stem="w")
bin_path = path[:-4] + ".bin"
m = irexec.read_model(path)
x = np.zeros(n, np.float32)
if when == "after-infer":
    assert float(next(iter(m.infer({"x": x}).values()))[-1]) == 2.0  # (mapped now)


def change():
    if how == "truncate":
        os.truncate(bin_path, 100)
    elif how == "touch":
        st = os.stat(bin_path)
        os.utime(bin_path, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    elif how == "rewrite-same-size":
        with open(bin_path, "r+b") as f:
            f.write(np.full(n, 3.0, np.float32).tobytes())
        st = os.stat(bin_path)
        os.utime(bin_path, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    elif how == "replace":
        with open(bin_path + ".new", "wb") as f:
            f.write(np.full(n, 3.0, np.float32).tobytes())
        os.replace(bin_path + ".new", bin_path)


change()
try:
    out = next(iter(m.infer({"x": x}).values()))
    print("ran", float(out[-1]))
except irexec.IRExecError as e:
    print(type(e).__name__, e)
"""


def child(tmp_path, when, how) -> str:
    r = subprocess.run(
        [sys.executable, "-c", CHILD, ROOT, str(tmp_path), when, how], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, (r.returncode, r.stderr)  # (-7: SIGBUS)
    return r.stdout.strip()


@pytest.mark.parametrize("when", ["before-first-infer", "after-infer"])
def test_a_truncated_bin_is_an_error_not_a_crash(tmp_path, when):
    out = child(tmp_path, when, "truncate")
    # Checked before the run (ParseError, the file named), or, for a first mapping, by the Const
    # that maps it (ExecutionError, the layer named too).
    assert out.split()[0] in ("ParseError", "ExecutionError"), out
    assert out.endswith(
        f"weights file '{tmp_path}/w.bin' changed since the model was read "
        f"(its size went from 262144 to 100 bytes): read the model again"
    ), out


@pytest.mark.parametrize("when", ["before-first-infer", "after-infer"])
def test_a_modified_bin_is_an_error(tmp_path, when):
    for how in ("touch", "rewrite-same-size"):
        out = child(tmp_path, when, how)
        assert out.endswith("changed since the model was read (it was modified): read the model again"), out


def test_a_bin_replaced_before_it_is_mapped_is_an_error(tmp_path):
    out = child(tmp_path, "before-first-infer", "replace")
    assert "changed since the model was read" in out, out


def test_a_bin_replaced_after_it_is_mapped_keeps_the_old_weights(tmp_path):
    # (README, Safety: the mapping holds the file that was read; a new file under the name is not
    # seen, and the old one stays intact until the model goes.)
    assert child(tmp_path, "after-infer", "replace") == "ran 2.0"
