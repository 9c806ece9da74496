"""``irexec run --steps N``'s files: inputs and outputs named per step (``{step}`` in a path), and
``--dump-state DIR``, a model's variables after the last step (one .npy each, and index.json).

Names of variables come from the model: they are sanitised (``safe_component``) before they name
a file, numbered when two would collide, and index.json maps each variable to its file."""

from __future__ import annotations

import json
import os
import shutil
import tempfile

import numpy as np

from ..errors import IRExecError, UsageError
from ..files import CleanupOnSignals, umask
from .dump import directory_entries, safe_component
from .outputs import storable

STEP = "{step}"
STATE_FORMAT = "irexec-state"
STATE_INDEX = "index.json"


def for_step(path: str, step: int) -> str:
    """``path`` with ``{step}`` replaced by the step's number (from 0)."""
    return path.replace(STEP, str(step))


def check_state_target(path: str) -> None:
    """Fail before running: DIR's parent must exist, DIR be absent or an empty directory."""
    if directory_entries(path, "--dump-state"):
        raise UsageError(f"--dump-state '{path}': exists and is not an empty directory")


def file_names(names: list) -> dict:
    """A distinct, safe .npy file name per variable name."""
    out, used = {}, set()
    for name in names:
        base = safe_component(name, 64)
        candidate, n = base, 1
        while candidate.lower() in used:
            n += 1
            candidate = f"{base}_{n}"
        used.add(candidate.lower())
        out[name] = candidate + ".npy"
    return out


def write_state(path: str, model_name: str, states: list) -> None:
    """``states``: (variable name, array) pairs. Written into a hidden folder beside ``path`` and
    renamed into place: DIR is complete or absent."""
    check_state_target(path)
    parent = os.path.dirname(os.path.abspath(path))
    files = file_names([name for name, _ in states])
    with CleanupOnSignals():  # (SIGTERM and SIGHUP remove the hidden folder, as Ctrl-C does)
        _write_state(path, parent, model_name, states, files)


def _write_state(path: str, parent: str, model_name: str, states: list, files: dict) -> None:
    try:
        tmp = tempfile.mkdtemp(prefix=".irexec-state-", suffix=".tmp", dir=parent)
    except OSError as e:
        raise IRExecError(f"--dump-state '{path}': cannot create it: {e.strerror or e}") from None
    try:
        os.chmod(tmp, 0o777 & ~umask())
        index = {"format": STATE_FORMAT, "version": 1, "model": model_name, "variables": []}
        for name, arr in states:
            data = storable(arr)
            with open(os.path.join(tmp, files[name]), "xb") as f:
                np.lib.format.write_array(f, data, allow_pickle=False)
            index["variables"].append(
                {"name": name, "file": files[name], "shape": list(arr.shape), "dtype": str(data.dtype)}
            )
        with open(os.path.join(tmp, STATE_INDEX), "x", encoding="utf-8") as f:
            json.dump(index, f, indent=1)
            f.write("\n")
        os.replace(tmp, path)  # onto nothing, or onto an empty directory
    except OSError as e:
        shutil.rmtree(tmp, ignore_errors=True)
        raise IRExecError(f"--dump-state '{path}': cannot write it: {e.strerror or e}") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
