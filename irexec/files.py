"""Files irexec writes: whole or not at all, with the mode a plain new file would have."""
from __future__ import annotations

import os
import stat
import tempfile
from typing import Callable

from .errors import IRExecError, one_line


def umask() -> int:
    mask = os.umask(0o22)  # (the only way to read it is to set it)
    os.umask(mask)
    return mask


def file_mode(path: str) -> int:
    """The replaced file's mode, or the default under the umask (mkstemp makes files private)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return 0o666 & ~umask()


def write_atomic(path: str, write: Callable, error=IRExecError) -> None:
    """Call ``write(f)`` on a temporary file beside ``path``, then rename it to ``path``: an
    existing file is replaced only by a complete one. An OSError becomes ``error``, one line."""
    directory = os.path.dirname(os.path.abspath(path))
    shown = one_line(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".irexec-", suffix=".tmp", dir=directory)
    except OSError as e:
        raise error(f"cannot write '{shown}': {e.strerror or e}") from None
    try:
        os.fchmod(fd, file_mode(path))
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise error(f"cannot write '{shown}': {e.strerror or e}") from None
        raise
