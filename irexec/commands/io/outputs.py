"""Arrays out to the user: the .npz of outputs (``-o``, written whole or not at all) and the
table of outputs. bf16 and int4/uint4 are widened for both (``storable``)."""
from __future__ import annotations

import os

import numpy as np

from ...errors import UsageError, one_line
from ...files import write_atomic
from ...model import Model


def widened(dtype):
    """The type an array of ``dtype`` is stored and shown in when .npy, JSON and NumPy's printing
    have none of its own: bf16 as f32, int4/uint4 as i8 (every value exact); None for the others."""
    dtype = np.dtype(dtype)
    if dtype.kind == "V" or dtype.name in ("bfloat16", "int4", "uint4"):
        return np.dtype(np.float32 if "float" in dtype.name else np.int8)
    return None


def storable(arr: np.ndarray) -> np.ndarray:
    """``arr`` in its ``widened`` type (as it is when it needs none): what a .npy stores, so that any
    NumPy reads it, and what tables and JSON show."""
    wide = widened(arr.dtype)
    return arr if wide is None else arr.astype(wide)


def check_output_file(path: str) -> None:
    """Fail before running, not after: the file's folder must exist and take a new file."""
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        what = "is not a directory" if os.path.exists(directory) else "does not exist"
        raise UsageError(f"cannot write '{path}': its folder {what}")
    if os.path.isdir(path):
        raise UsageError(f"cannot write '{path}': it is a directory")
    if not os.access(directory, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write '{path}': its folder is not writable")


def save_npz_atomic(path: str, arrays: dict) -> None:
    """The arrays as a .npz, written whole or not at all."""
    write_atomic(path, lambda f: np.savez(f, **{k: storable(v) for k, v in arrays.items()}))


def stored_nbytes(count: int, dtype) -> int:
    """Bytes of ``count`` elements of ``dtype`` once in a .npy (bf16/int4 widened)."""
    wide = widened(dtype)
    return count * (np.dtype(dtype) if wide is None else wide).itemsize


def _preview(arr: np.ndarray, n: int = 6) -> str:
    flat = storable(arr).reshape(-1)
    with np.printoptions(precision=4, suppress=True, threshold=n, edgeitems=n):
        items = np.array2string(flat[:n], separator=", ")
    return items[:-1] + ", ...]" if flat.size > n else items


def format_table(m: Model, results: dict) -> str:
    rows = [("output", "shape", "type", "values")]
    types = {info.name: info.element_type for info in m.outputs}
    for name, arr in results.items():
        et = types.get(name)
        rows.append((one_line(name), str(list(arr.shape)), et.name if et else str(arr.dtype), _preview(arr)))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r[:3], widths)) + "  " + r[3] for r in rows)
