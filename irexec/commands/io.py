"""Arrays in and out of the command line: .npy/.npz inputs (headers checked before any data is
read), random inputs, atomic .npz outputs and the output table. Shared by the commands."""
from __future__ import annotations

import os
import tempfile
import zipfile

import numpy as np

from ..errors import InputError, IRExecError, UsageError
from ..limits import fmt_bytes
from ..model import Model
from ..shapes import fits, fmt, parse_shape


def load_inputs(m: Model, specs) -> dict:
    feeds = {}
    for spec in specs:
        if "=" in spec:
            name, path = spec.split("=", 1)
            info = m.input(name)
            feeds[info.name] = _load_npy(m, info, path)
        elif spec.endswith(".npz"):
            feeds.update(_load_npz(m, spec))
        elif len(m.inputs) == 1:
            feeds[m.inputs[0].name] = _load_npy(m, m.inputs[0], spec)
        else:
            raise UsageError(f"-i '{spec}': use NAME=FILE.npy (the model has {len(m.inputs)} inputs)")
    return feeds


def _read_array(f, m: Model, info, label: str) -> np.ndarray:
    """One .npy from an open file: the header is read and checked (no pickled objects, the input's
    shape, the memory budget) before a single byte of data is read or decompressed."""
    try:
        version = np.lib.format.read_magic(f)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
        else:
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(f)
    except Exception as e:  # malformed headers raise ValueError, SyntaxError, TokenError, ...
        raise InputError(f"cannot read {label} as .npy: {type(e).__name__}: {e}") from None
    if dtype.hasobject:
        raise InputError(f"{label} holds Python objects (pickled arrays are refused)")
    if not fits(info.shape, shape):
        raise InputError(f"input '{info.name}' expects shape {fmt(info.shape)}, {label} holds {list(shape)}")
    count = int(np.prod(shape, dtype=object))
    nbytes = count * dtype.itemsize
    if nbytes > m.max_tensor_bytes:
        raise InputError(f"{label} holds {fmt_bytes(nbytes)}, over the budget of "
                         f"{fmt_bytes(m.max_tensor_bytes)} for one tensor (see --max-bytes)")
    arr = np.empty(count, dtype)
    view, got = memoryview(arr.view(np.uint8)), 0
    while got < nbytes:
        n = f.readinto(view[got:])
        if not n:
            raise InputError(f"{label} is truncated: {got} of {nbytes} data bytes")
        got += n
    return arr.reshape(shape, order="F" if fortran else "C")


def _load_npy(m: Model, info, path: str) -> np.ndarray:
    try:
        with open(path, "rb") as f:
            return _read_array(f, m, info, f"'{path}'")
    except FileNotFoundError:
        raise InputError(f"input file '{path}' not found") from None
    except (IsADirectoryError, PermissionError, OSError) as e:
        raise InputError(f"cannot read '{path}': {e.strerror or e}") from None


def _load_npz(m: Model, path: str) -> dict:
    try:
        with zipfile.ZipFile(path) as z:
            feeds = {}
            for member in z.infolist():
                name = member.filename[:-4] if member.filename.endswith(".npy") else member.filename
                info = m.input(name)  # an unknown name is refused before anything is decompressed
                with z.open(member) as f:
                    feeds[info.name] = _read_array(f, m, info, f"'{path}' member '{member.filename}'")
            return feeds
    except FileNotFoundError:
        raise InputError(f"input file '{path}' not found") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, NotImplementedError) as e:
        raise InputError(f"cannot read '{path}' as .npz: {e}") from None


def parse_shape_specs(m: Model, specs) -> dict:
    shapes = {}
    for spec in specs:
        if "=" not in spec:
            raise UsageError(f"--shape '{spec}': use NAME=D1,D2,...")
        name, dims = spec.split("=", 1)
        try:
            shape = parse_shape(dims)
        except IRExecError as e:
            raise UsageError(f"--shape '{spec}': {e.message}") from None
        if shape is None or not all(d.is_static for d in shape):
            raise UsageError(f"--shape '{spec}': give every dim as a number")
        shapes[m.input(name).name] = tuple(d.lo for d in shape)
    return shapes


def random_inputs(m: Model, given: dict, shapes: dict, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    out, total = {}, 0
    for info in m.inputs:
        if info.name in given:
            continue
        shape = shapes.get(info.name)
        if shape is None:
            if info.shape is None or not all(d.is_static for d in info.shape):
                raise InputError(f"input '{info.name}' has dynamic shape {fmt(info.shape)}: "
                                 f"give its size with --shape {info.name}=D1,D2,... or its values with -i")
            shape = tuple(d.lo for d in info.shape)
        count = int(np.prod(shape, dtype=object))
        total += count * info.element_type.dtype.itemsize
        if total > m.max_tensor_bytes:
            raise InputError(f"--random would allocate more than {fmt_bytes(m.max_tensor_bytes)}, the "
                             f"budget for one tensor (input '{info.name}' has shape {list(shape)}; "
                             f"see --max-bytes)")
        out[info.name] = random_array(rng, shape, info.element_type)
    return out


def random_array(rng, shape, etype) -> np.ndarray:
    if etype.name == "boolean":
        return rng.random(shape) < 0.5
    if etype.is_float:
        return rng.uniform(-1.0, 1.0, shape).astype(etype.dtype)
    if etype.name == "u1":
        return rng.integers(0, 2, shape, dtype=np.uint8)
    lo, hi = (-8, 8) if etype.name == "i4" else (0, 16) if etype.name == "u4" else (
        (-100, 100) if etype.dtype.kind == "i" else (0, 100))
    return rng.integers(lo, hi, shape).astype(etype.dtype)


def _storable(arr: np.ndarray) -> np.ndarray:
    # .npy has no bf16/int4: store them widened (exactly representable) so any NumPy can read them.
    if arr.dtype.kind == "V" or arr.dtype.name in ("bfloat16", "int4", "uint4"):
        return arr.astype(np.float32 if "float" in arr.dtype.name else np.int8)
    return arr


def save_npz_atomic(path: str, arrays: dict) -> None:
    """Write to a temporary file beside ``path`` and rename: an existing file is replaced only whole."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".irexec-", suffix=".npz", dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(f, **{k: _storable(v) for k, v in arrays.items()})
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _preview(arr: np.ndarray, n: int = 6) -> str:
    flat = _storable(arr).reshape(-1)
    with np.printoptions(precision=4, suppress=True, threshold=n, edgeitems=n):
        items = np.array2string(flat[:n], separator=", ")
    return items[:-1] + ", ...]" if flat.size > n else items


def format_table(m: Model, results: dict) -> str:
    rows = [("output", "shape", "type", "values")]
    types = {info.name: info.element_type for info in m.outputs}
    for name, arr in results.items():
        et = types.get(name)
        rows.append((name, str(list(arr.shape)), et.name if et else str(arr.dtype), _preview(arr)))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r[:3], widths)) + "  " + r[3] for r in rows)
