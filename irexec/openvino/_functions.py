"""OpenVINO's module-level functions that need none of irexec's models."""

from __future__ import annotations

import os

from ..errors import InputError
from ._stubs import CONVERSION, function

convert_model = function("irexec.openvino", "convert_model", CONVERSION)


class FileReadError(InputError, OSError):
    """A file that cannot be read: an OSError, as OpenVINO raises (FileNotFoundError for a
    missing one)."""


class MissingFileError(FileReadError, FileNotFoundError):
    pass


def tensor_from_file(path) -> object:
    """The file's bytes as a u8 Tensor of one dimension."""
    import numpy as np

    from irexec.api.tensor import Tensor

    try:
        data = np.fromfile(os.fspath(path), dtype=np.uint8)
    except OSError as e:
        error = MissingFileError if isinstance(e, FileNotFoundError) else FileReadError
        raise error(f"cannot read '{os.fspath(path)}': {e.strerror or e}") from None
    return Tensor(data)


def shutdown() -> None:
    """OpenVINO frees its native library's resources; irexec holds none: nothing to do."""
