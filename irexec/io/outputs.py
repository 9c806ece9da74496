"""Arrays out to the user: the .npz of outputs (``-o``, written whole or not at all) and the
table of outputs. bf16 and int4/uint4 are widened for both (``storable``), and strings stored as
``<U`` arrays."""

from __future__ import annotations

import os
import re
import zipfile

import numpy as np

from ..api.model import Model
from ..errors import UsageError, one_line
from ..files import output_target, write_atomic
from ..strings import to_unicode


def widened(dtype):
    """The type an array of ``dtype`` is stored and shown in when .npy, JSON and NumPy's printing
    have none of its own: bf16 and the 8- and 4-bit floats as f32, int4/uint4 as i8 (every value
    exact); None for the others."""
    dtype = np.dtype(dtype)
    # float8_e5m2 calls itself kind "f", yet no NumPy but one with ml_dtypes reads it back.
    if dtype.kind == "V" or dtype.name in ("bfloat16", "int4", "uint4") or dtype.name.startswith("float8"):
        return np.dtype(np.float32 if "float" in dtype.name else np.int8)
    return None


def storable(arr: np.ndarray) -> np.ndarray:
    """``arr`` in its ``widened`` type (as it is when it needs none): what a .npy stores, so that any
    NumPy reads it, and what tables and JSON show."""
    if arr.dtype.kind == "O":  # a string tensor: .npy holds str as <U without pickling
        return to_unicode(arr)
    wide = widened(arr.dtype)
    return arr if wide is None else arr.astype(wide)


def check_output_file(path: str) -> None:
    """Fail before running, not after: '-' (stdout), a FIFO or device that can be written, or a
    file (through links) whose folder exists and takes a new file; anything else is refused."""
    how, real = output_target(path, UsageError)
    shown = one_line(path)
    if how == "stdout":
        return
    if how == "stream":
        if not os.access(path, os.W_OK):
            raise UsageError(f"cannot write '{shown}': permission denied")
        return
    directory = os.path.dirname(real)
    if not os.path.isdir(directory):
        what = "is not a directory" if os.path.exists(directory) else "does not exist"
        raise UsageError(f"cannot write '{shown}': its folder {what}")
    if not os.access(directory, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write '{shown}': its folder is not writable")


# An output's name is a zip member's name but for these, written %XX (their UTF-8 bytes): the path
# separators (a member named '../../x' would be a path to an unzip), '%' itself (so the escape
# cannot be forged and every member names one output), and control characters.
_MEMBER_ESCAPE = re.compile(r"[%/\\\x00-\x1f\x7f]")


def npz_member(name: str) -> str:
    """The .npz member holding output ``name`` (docs/run.md): ``np.load`` gives it back under the
    name with '%', '/', '\\' and control characters written %XX, every other name as it is."""
    return _MEMBER_ESCAPE.sub(lambda m: "".join(f"%{b:02X}" for b in m.group().encode()), name) + ".npy"


def write_npz(f, arrays: dict) -> None:
    """A .npz as ``np.savez`` writes it (stored .npy members, zip64), each member named by
    ``npz_member``: the names are never keyword arguments (an output named 'file' or
    'allow_pickle' is an output like any other) nor paths."""
    with zipfile.ZipFile(f, "w", compression=zipfile.ZIP_STORED, allowZip64=True) as z:
        for name, arr in arrays.items():
            with z.open(npz_member(name), "w", force_zip64=True) as member:
                np.lib.format.write_array(member, storable(np.asanyarray(arr)), allow_pickle=False)


def save_npz_atomic(path: str, arrays: dict) -> None:
    """The arrays as a .npz, written whole or not at all (``irexec.files.write_atomic``: '-' is
    stdout, a FIFO or device is written in place)."""
    write_atomic(path, lambda f: write_npz(f, arrays))


def stored_nbytes(count: int, dtype) -> int:
    """Bytes of ``count`` elements of ``dtype`` once in a .npy (bf16/int4 widened)."""
    wide = widened(dtype)
    return count * (np.dtype(dtype) if wide is None else wide).itemsize


def _preview(arr: np.ndarray, n: int = 6) -> str:
    flat = arr.reshape(-1)
    # Only what is shown is widened (a string tensor's <U form is as wide as its longest string).
    with np.printoptions(precision=4, suppress=True, threshold=n, edgeitems=n):
        items = np.array2string(storable(flat[:n]), separator=", ")
    return items[:-1] + ", ...]" if flat.size > n else items


def format_table(m: Model, results: dict) -> str:
    rows = [("output", "shape", "type", "values")]
    types = {info.name: info.element_type for info in m.outputs}
    for name, arr in results.items():
        et = types.get(name)
        rows.append((one_line(name), str(list(arr.shape)), et.name if et else str(arr.dtype), _preview(arr)))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r[:3], widths)) + "  " + r[3] for r in rows)
