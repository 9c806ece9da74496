""".npy files and .npz members read safely: the header first (no pickled objects, the shape
wanted, the memory budget), then the data, read into an array of that size and no more."""

from __future__ import annotations

import lzma
import urllib.parse
import zipfile
import zlib

import numpy as np

from ..errors import InputError, IRExecError, one_line
from ..limits import fmt_bytes
from ..shapes import fits, fmt


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
        raise InputError(
            f"{label} holds {fmt_bytes(nbytes)}, over the budget of "
            f"{fmt_bytes(max_bytes)} for one tensor (see --max-bytes)"
        )


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


# What reading a .npz member can raise on a damaged or unusual archive: a bad CRC (BadZipFile), a
# corrupt deflate/LZMA/bzip2 stream, an encrypted member (RuntimeError: a password is needed), an
# unknown compression (NotImplementedError).
ZIP_ERRORS = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    OSError,
    EOFError,
    ValueError,
    NotImplementedError,
    RuntimeError,
    zlib.error,
    lzma.LZMAError,
)


def member_key(member: zipfile.ZipInfo) -> str:
    """The array name of a .npz member: its file name without '.npy', %XX escapes decoded as
    irexec writes them (``outputs.npz_member``), so an output named 'a/b' read back from ``-o``'s
    file is 'a/b' again; a name with no '%' is as np.savez wrote it."""
    name = member.filename[:-4] if member.filename.endswith(".npy") else member.filename
    return urllib.parse.unquote(name, errors="surrogateescape") if "%" in name else name


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
        except IRExecError:  # (irexec's own, a RuntimeError too: raised as it is)
            raise
        except ZIP_ERRORS as e:
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
        except IRExecError:  # (irexec's own, a RuntimeError too: raised as it is)
            raise
        except ZIP_ERRORS as e:
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
        except IRExecError:  # (irexec's own, a RuntimeError too: raised as it is)
            raise
        except ZIP_ERRORS as e:  # corrupt data
            raise InputError(f"cannot read {label}: {e}") from None

    def close(self) -> None:
        self._zip.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
