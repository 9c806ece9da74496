"""Arrays in and out of the command line: .npy/.npz inputs and reference outputs (headers checked
before any data is read), random inputs, atomic .npz outputs, dump directories and the output
table. Shared by the commands.

Files named on the command line are the user's; names inside models and .npz files are not:
they are escaped before they reach a terminal and sanitised before they name a file.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import stat
import tempfile
import zipfile
import zlib

import numpy as np

from ..errors import InputError, IRExecError, UsageError, one_line
from ..files import umask, write_atomic
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


def read_npy_header(f, label: str) -> tuple:
    """(shape, fortran_order, dtype) of the .npy at ``f``'s position; pickled objects refused."""
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
    return shape, fortran, dtype


def check_budget(shape, dtype, max_bytes: int, label: str) -> None:
    if any(d < 0 for d in shape):
        raise InputError(f"{label} has a negative dimension: {list(shape)}")
    nbytes = int(np.prod(shape, dtype=object)) * dtype.itemsize
    if nbytes > max_bytes:
        raise InputError(f"{label} holds {fmt_bytes(nbytes)}, over the budget of "
                         f"{fmt_bytes(max_bytes)} for one tensor (see --max-bytes)")


def read_npy_data(f, shape, fortran: bool, dtype, label: str) -> np.ndarray:
    """The data after a header read by :func:`read_npy_header` (whose size the caller checked)."""
    count = int(np.prod(shape, dtype=object))
    nbytes = count * dtype.itemsize
    arr = np.empty(count, dtype)
    view, got = memoryview(arr.view(np.uint8)), 0
    while got < nbytes:
        n = f.readinto(view[got:])
        if not n:
            raise InputError(f"{label} is truncated: {got} of {nbytes} data bytes")
        got += n
    return arr.reshape(shape, order="F" if fortran else "C")


def read_array(f, name: str, want, max_bytes: int, label: str) -> np.ndarray:
    """One .npy from an open file, for the input ``name`` of partial shape ``want``: the header is
    read and checked (no pickled objects, the shape, the memory budget) before a single byte of
    data is read or decompressed."""
    shape, fortran, dtype = read_npy_header(f, label)
    if not fits(want, shape):
        raise InputError(f"input '{name}' expects shape {fmt(want)}, {label} holds {list(shape)}")
    check_budget(shape, dtype, max_bytes, label)
    return read_npy_data(f, shape, fortran, dtype, label)


def load_npy(path: str, name: str, want, max_bytes: int) -> np.ndarray:
    """The .npy file at ``path`` as :func:`read_array` reads it; a missing file is one line."""
    try:
        with open(path, "rb") as f:
            return read_array(f, name, want, max_bytes, f"'{path}'")
    except FileNotFoundError:
        raise InputError(f"input file '{path}' not found") from None
    except OSError as e:
        raise InputError(f"cannot read '{path}': {e.strerror or e}") from None


def _load_npy(m: Model, info, path: str) -> np.ndarray:
    return load_npy(path, info.name, info.shape, m.max_tensor_bytes)


def _load_npz(m: Model, path: str) -> dict:
    try:
        with zipfile.ZipFile(path) as z:
            feeds = {}
            for member in z.infolist():
                info = m.input(member_key(member))  # an unknown name is refused before anything is decompressed
                with z.open(member) as f:
                    feeds[info.name] = read_array(f, info.name, info.shape, m.max_tensor_bytes,
                                                  f"'{path}' member '{member.filename}'")
            return feeds
    except FileNotFoundError:
        raise InputError(f"input file '{path}' not found") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, NotImplementedError,
            zlib.error) as e:
        raise InputError(f"cannot read '{path}' as .npz: {e}") from None


def member_key(member: zipfile.ZipInfo) -> str:
    """The array name of a .npz member, as np.savez writes it."""
    return member.filename[:-4] if member.filename.endswith(".npy") else member.filename


class NpzReader:
    """A .npz of reference arrays, opened once: every member's header is read and checked (no
    pickle, numbers only, the memory budget) up front; data is read one member at a time."""

    def __init__(self, path: str, max_bytes: int):
        self.path, self.max_bytes = path, max_bytes
        self.members = {}  # key -> (ZipInfo, shape, dtype)
        try:
            self._zip = zipfile.ZipFile(path)
        except FileNotFoundError:
            raise InputError(f"reference file '{path}' not found") from None
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError) as e:
            raise InputError(f"cannot read '{path}' as .npz: {e}") from None
        try:
            for member in self._zip.infolist():
                key = member_key(member)
                label = self._label(member)
                if key in self.members:
                    raise InputError(f"'{path}' holds '{one_line(key)}' twice")
                shape, _, dtype = self._header(member, label)
                if dtype.kind not in "biuf":
                    raise InputError(f"{label} holds {dtype}, not numbers")
                check_budget(shape, dtype, max_bytes, label)
                self.members[key] = (member, shape, dtype)
        except BaseException:
            self.close()
            raise

    def _label(self, member) -> str:
        return f"'{self.path}' member '{one_line(member.filename)}'"

    def _open(self, member, label: str):
        try:
            return self._zip.open(member)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError,
                NotImplementedError, RuntimeError, zlib.error) as e:  # (RuntimeError: encrypted)
            raise InputError(f"cannot read {label}: {e}") from None

    def _header(self, member, label: str) -> tuple:
        with self._open(member, label) as f:
            return read_npy_header(f, label)

    def read(self, key: str) -> np.ndarray:
        member, shape, dtype = self.members[key]
        label = self._label(member)
        try:
            with self._open(member, label) as f:
                got = read_npy_header(f, label)
                if got[0] != shape or got[2] != dtype:
                    raise InputError(f"{label} changed while irexec was running")
                return read_npy_data(f, shape, got[1], dtype, label)
        except (zipfile.BadZipFile, OSError, EOFError, ValueError, zlib.error) as e:  # corrupt data
            raise InputError(f"cannot read {label}: {e}") from None

    def close(self) -> None:
        self._zip.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


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


def storable(arr: np.ndarray) -> np.ndarray:
    """.npy has no bf16/int4: they are stored widened (exactly representable) so any NumPy reads them."""
    if arr.dtype.kind == "V" or arr.dtype.name in ("bfloat16", "int4", "uint4"):
        return arr.astype(np.float32 if "float" in arr.dtype.name else np.int8)
    return arr


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


_UNSAFE = re.compile(r"[^A-Za-z0-9-]+")
DUMP_FORMAT = "irexec-dump"
DUMP_INDEX = "index.json"
_NPY_HEADER_BYTES = 128


def safe_component(text: str, limit: int = 48) -> str:
    """A piece of a file name made from a name in the model: letters, digits, '-' and single
    '_' only (no dot, no separator), of bounded length. Not unique: the caller numbers files."""
    return _UNSAFE.sub("_", str(text)).strip("_")[:limit].strip("_") or "_"


def stored_nbytes(count: int, dtype) -> int:
    """Bytes of ``count`` elements of ``dtype`` once in a .npy (bf16/int4 widened)."""
    dtype = np.dtype(dtype)
    if dtype.kind == "V" or dtype.name in ("bfloat16", "int4", "uint4"):
        return count * (4 if "float" in dtype.name else 1)
    return count * dtype.itemsize


def _index_json(index: dict) -> str:
    """Indented JSON with one line per tensor (ASCII: names from the file are escaped)."""
    text = json.dumps({k: v for k, v in index.items() if k != "tensors"}, indent=1)
    tensors = ",\n".join("  " + json.dumps(t) for t in index["tensors"])
    assert text.endswith("\n}")  # an indented object: its closing brace on a line of its own
    return text[:-2] + f',\n "tensors": [\n{tensors}\n ]\n}}\n'


class DumpDir:
    """A directory of .npy files, one per tensor, and an index written last.

    Everything goes into a hidden folder beside the target and is renamed into place by
    ``finish``; a previous dump at the target (its index says so and it holds nothing else) is
    replaced, any other non-empty directory is refused. So the target is either absent, the old
    dump, or a new one whose index.json tells whether its run completed. Writing stops with an
    error before the tensors would outgrow the disk's free space as it was at the start.
    """

    def __init__(self, path: str, model_name: str, need: int = 0):
        """``need``: the bytes the dump is expected to take (0 if unknown), refused up front
        when over the free space."""
        self.path = path
        self.model_name = model_name
        self.tensors, self.written, self._seq = [], 0, 0
        self._files = {}  # (layer id, output index) -> file name
        self._old = self._check_target(path)
        parent = os.path.dirname(os.path.abspath(path))
        try:
            self.free = shutil.disk_usage(parent).free
        except OSError as e:
            raise UsageError(f"--dump '{path}': {e.strerror or e}") from None
        if need > self.free:
            raise IRExecError(f"--dump '{path}': the tensors need about {fmt_bytes(need)}, more than the "
                              f"{fmt_bytes(self.free)} free on its disk")
        try:
            self.tmp = tempfile.mkdtemp(prefix=f".{safe_component(os.path.basename(os.path.abspath(path)))}.",
                                        suffix=".irexec-tmp", dir=parent)
            os.chmod(self.tmp, 0o777 & ~umask())  # (mkdtemp's is 0700, mkdir's would not be)
        except OSError as e:
            raise UsageError(f"--dump '{path}': cannot create it: {e.strerror or e}") from None

    @staticmethod
    def _check_target(path: str) -> bool:
        """Whether a previous dump is there to replace; refuses anything else in the way."""
        parent = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(parent):
            what = "is not a directory" if os.path.exists(parent) else "does not exist"
            raise UsageError(f"--dump '{path}': its parent {what}")
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            return False
        except OSError as e:
            raise UsageError(f"--dump '{path}': {e.strerror or e}") from None
        if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
            raise UsageError(f"--dump '{path}': exists and is not a directory")
        entries = set(os.listdir(path))
        if not entries:
            return False
        try:
            with open(os.path.join(path, DUMP_INDEX), encoding="utf-8") as f:
                index = json.load(f)
            listed = {t["file"] for t in index["tensors"]} | {DUMP_INDEX}
            ours = index.get("format") == DUMP_FORMAT and entries <= listed and all(
                stat.S_ISREG(os.lstat(os.path.join(path, e)).st_mode) for e in entries)
        except (OSError, ValueError, KeyError, TypeError):
            ours = False
        if not ours:
            raise UsageError(f"--dump '{path}': exists and is neither empty nor an irexec dump")
        return True

    def file_name(self, layer_name: str, layer_id: str, output: int, outputs: int) -> str:
        suffix = f"_out{output}" if outputs > 1 else ""
        name = f"{self._seq:04d}_{safe_component(layer_name)}_id{safe_component(layer_id, 16)}{suffix}.npy"
        self._seq += 1
        return name

    def add(self, layer, index: int, outputs: int, arr: np.ndarray, element_type: str) -> None:
        """Write one tensor now: later layers may overwrite its buffer."""
        data = storable(arr)
        size = data.nbytes + _NPY_HEADER_BYTES
        if self.written + size > self.free:
            raise IRExecError(f"--dump '{self.path}': the tensors would outgrow the free disk space "
                              f"({fmt_bytes(self.free)}) at layer '{one_line(layer.name)}' (id "
                              f"{one_line(layer.id)})")
        name = self.file_name(layer.name, layer.id, index, outputs)
        try:
            with open(os.path.join(self.tmp, name), "xb") as f:
                np.lib.format.write_array(f, data, allow_pickle=False)
        except OSError as e:
            raise IRExecError(f"--dump '{self.path}': cannot write {name}: {e.strerror or e}") from None
        self.written += size
        self._files[(layer.id, index)] = name
        self.tensors.append({"file": name, "layer": layer.name, "id": layer.id, "type": layer.type,
                             "output": index, "shape": list(arr.shape), "element_type": element_type,
                             "dtype": str(data.dtype)})

    def finish(self, outputs: dict, error: str | None = None) -> None:
        """Write the index (``outputs``: output name -> (layer id, output index) feeding it) and
        move the dump into place."""
        index = {"format": DUMP_FORMAT, "version": 1, "model": self.model_name, "complete": error is None,
                 "error": error, "tensors": self.tensors,
                 "outputs": {name: self._files.get(key) for name, key in outputs.items()}}
        try:
            with open(os.path.join(self.tmp, DUMP_INDEX), "x", encoding="utf-8") as f:
                f.write(_index_json(index))
            if self._old:
                # Move the old dump aside first: rename cannot replace a non-empty directory.
                old = tempfile.mkdtemp(prefix=".irexec-old-", dir=os.path.dirname(os.path.abspath(self.path)))
                os.replace(self.path, os.path.join(old, "dump"))
                try:
                    os.replace(self.tmp, self.path)
                except OSError:
                    os.replace(os.path.join(old, "dump"), self.path)
                    raise
                shutil.rmtree(old, ignore_errors=True)
            else:
                os.replace(self.tmp, self.path)  # onto nothing, or onto an empty directory
        except OSError as e:
            self.discard()
            raise IRExecError(f"--dump '{self.path}': cannot write it: {e.strerror or e}") from None

    def discard(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)


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
