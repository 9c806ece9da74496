"""The samples of a batch: the files of a folder or a glob (one ``.npz`` of inputs by name, or for a
one-input model one ``.npy``, per sample), or the rows of a dataset ``.npz`` (the first axis of
each array is the sample). Each sample's outputs go to ``<outputs>/<sample name>.npz``."""

from __future__ import annotations

import glob
import os
import stat
import zipfile
from dataclasses import dataclass

from ..errors import InputError, IRExecError, UsageError, one_line
from ..io.npy import ZIP_ERRORS, member_key, read_npy_header

_GLOB_CHARS = "*?["


@dataclass(frozen=True)
class Sample:
    name: str  # the output file's stem
    path: str  # the sample's file, or the dataset's
    index: int | None = None  # the row of a dataset


def find_samples(spec: str) -> list:
    """The samples ``--inputs`` names, in a stable order (by file name; a dataset's by row)."""
    if any(c in spec for c in _GLOB_CHARS) and not os.path.exists(spec):
        files = [p for p in sorted(glob.glob(spec)) if _regular(p) and p.endswith((".npz", ".npy"))]
        if not files:
            raise UsageError(f"--inputs '{one_line(spec)}': no .npz or .npy file matches")
        return _named(files, spec)
    if os.path.isdir(spec):
        try:
            names = sorted(os.listdir(spec))
        except OSError as e:
            raise UsageError(f"--inputs '{one_line(spec)}': {e.strerror or e}") from None
        files = [
            os.path.join(spec, n)
            for n in names
            if n.endswith((".npz", ".npy")) and not n.startswith(".") and _regular(os.path.join(spec, n))
        ]
        if not files:
            raise UsageError(f"--inputs '{one_line(spec)}': the folder holds no .npz or .npy file")
        return _named(files, spec)
    if not os.path.exists(spec):
        raise UsageError(f"--inputs '{one_line(spec)}': no such file or folder")
    if not _regular(spec) or not spec.endswith(".npz"):
        raise UsageError(f"--inputs '{one_line(spec)}': give a folder, a glob, or a dataset .npz")
    return [Sample(f"sample_{i:06d}", spec, i) for i in range(dataset_rows(spec))]


def _regular(path: str) -> bool:
    """A regular file (after links): a FIFO or a device in the folder is never opened."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _named(files: list, spec: str) -> list:
    seen = {}
    for path in files:
        stem = os.path.splitext(os.path.basename(path))[0]
        if stem in seen:
            raise UsageError(
                f"--inputs '{one_line(spec)}': '{one_line(seen[stem])}' and '{one_line(path)}' "
                f"would both write {one_line(stem)}.npz"
            )
        seen[stem] = path
    return [Sample(stem, path) for stem, path in seen.items()]


def dataset_rows(path: str) -> int:
    """How many samples a dataset .npz holds: the first dim its arrays share."""
    rows = {}
    try:
        with zipfile.ZipFile(path) as z:
            for member in z.infolist():
                label = f"'{path}' member '{one_line(member.filename)}'"
                with z.open(member) as f:
                    shape, _, dtype = read_npy_header(f, label)
                if not shape:
                    raise InputError(f"{label} is a scalar: a dataset's arrays hold one sample per row")
                rows[member_key(member)] = shape[0]
    except FileNotFoundError:
        raise InputError(f"dataset '{path}' not found") from None
    except IRExecError:  # (irexec's own, a RuntimeError too: raised as it is)
        raise
    except ZIP_ERRORS as e:
        raise InputError(f"cannot read '{path}' as .npz: {e}") from None
    if not rows:
        raise InputError(f"dataset '{path}' holds no arrays")
    if len(set(rows.values())) > 1:
        listed = ", ".join(f"{one_line(k)}: {n}" for k, n in rows.items())
        raise InputError(f"dataset '{path}': its arrays must have as many rows each ({listed})")
    return next(iter(rows.values()))
