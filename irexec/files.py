"""Files irexec writes (whole or not at all, with the mode a plain new file would have; '-', FIFOs
and devices streamed, links followed; cleaned up on SIGTERM and SIGHUP as on Ctrl-C) and opens
for reading (regular files only, never blocking on a FIFO)."""

from __future__ import annotations

import errno
import io
import os
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable

from .errors import IRExecError, one_line


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP while irexec writes a file or folder, raised as Ctrl-C's KeyboardInterrupt
    is, so that the same cleanups remove what is half-written (and the CLI exits 130)."""

    def __init__(self, signum: int):
        super().__init__(f"terminated by signal {signum}")
        self.signum = signum


def _terminated(signum, frame):
    raise Terminated(signum)


class CleanupOnSignals:
    """While writing: SIGTERM and SIGHUP raise ``Terminated`` rather than end the process on the
    spot (their default), so ``except BaseException`` cleanups run, as on SIGINT. ``install`` and
    ``restore`` bracket a write that spans calls (``--dump``); ``with`` one that does not. Only in
    the main thread (Python runs handlers there), and only over the default action: a handler the
    program set stays."""

    SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))

    def __init__(self):
        self._old = {}

    def install(self) -> CleanupOnSignals:
        if threading.current_thread() is threading.main_thread():
            for sig in self.SIGNALS:
                if signal.getsignal(sig) == signal.SIG_DFL:
                    self._old[sig] = signal.signal(sig, _terminated)
        return self

    def restore(self) -> None:
        old, self._old = self._old, {}
        for sig, handler in old.items():
            signal.signal(sig, handler)

    def __enter__(self):
        return self.install()

    def __exit__(self, *exc):
        self.restore()


def open_regular(path: str):
    """``path`` opened for reading if it is a regular file (through links), else OSError. Checked
    on what was opened, not only before: opening does not block (a FIFO would wait for a writer,
    a link to /dev/stdin for the terminal), and a file swapped for one of those in between is
    caught by fstat. The file is blocking again once known to be regular."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def is_regular(path: str) -> bool:
    """Whether ``path`` is a regular file, through links (no error: False)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


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


def output_target(path: str, error=IRExecError) -> tuple:
    """Where an output file named ``path`` goes, as ``(how, where)``: ``("stdout", None)`` for '-';
    ``("stream", path)`` for a FIFO or a character device (a pipe, /dev/null, a terminal: written
    in place, as a shell's ``>`` would, since nothing can be renamed onto them); else
    ``("file", real path)``: a new or regular file, through any symbolic links, so a link stays a
    link and the file it points to is what gets replaced. Anything else (a directory, a socket,
    a block device) is refused with ``error``."""
    if path == "-":
        return "stdout", None
    real = os.path.realpath(path)
    try:
        st = os.stat(real)
    except (FileNotFoundError, NotADirectoryError):
        return "file", real  # (a new file, or a dangling link's: made; a missing folder is said later)
    except OSError as e:
        raise error(f"cannot write '{one_line(path)}': {e.strerror or e}") from None
    if stat.S_ISREG(st.st_mode):
        return "file", real
    if stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode):
        return "stream", path
    what = (
        "a directory"
        if stat.S_ISDIR(st.st_mode)
        else "a socket"
        if stat.S_ISSOCK(st.st_mode)
        else "a block device"
        if stat.S_ISBLK(st.st_mode)
        else "not a regular file"
    )
    raise error(f"cannot write '{one_line(path)}': it is {what}")


def write_atomic(path: str, write: Callable, error=IRExecError) -> None:
    """Call ``write(f)`` for the output file ``path``, as ``output_target`` says: on stdout
    (binary) for '-'; in place for a FIFO or a device; else on a temporary file beside the (real)
    path, then renamed onto it, so an existing file is replaced only by a complete one. An
    OSError becomes ``error``, one line."""
    how, where = output_target(path, error)
    if how == "stdout":
        sys.stdout.flush()
        write(Stream(sys.stdout.buffer))
        sys.stdout.buffer.flush()
    elif how == "stream":
        _write_stream(path, write, error)
    else:
        _replace(where, write, error, one_line(path))


class Stream(io.RawIOBase):
    """A file written front to back only. /dev/null and the like claim to seek but stay at 0, which
    corrupts what a writer (zipfile) seeks back to fix up: through this it sees no seeking and
    streams instead."""

    def __init__(self, f):
        super().__init__()
        self._f = f

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        self._f.write(data)
        return len(data)

    def flush(self) -> None:
        self._f.flush()

    def seekable(self) -> bool:
        return False

    def tell(self) -> int:
        raise io.UnsupportedOperation("a stream")

    def seek(self, *args) -> int:
        raise io.UnsupportedOperation("a stream")


def _write_stream(path: str, write: Callable, error) -> None:
    """Write into a FIFO or a device, never truncating or replacing it. A FIFO is opened without
    blocking: one that no process reads is refused rather than waited on."""
    shown = one_line(path)
    fd: int | None  # (None once the file object owns it)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        if e.errno == errno.ENXIO:
            raise error(f"cannot write '{shown}': it is a FIFO that no process is reading") from None
        raise error(f"cannot write '{shown}': {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
        if not (stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode)):  # (swapped since it was checked)
            raise error(f"cannot write '{shown}': it changed while irexec was running")
        os.set_blocking(fd, True)
        with os.fdopen(fd, "wb") as f:
            fd = None
            write(Stream(f))
    except OSError as e:
        raise error(f"cannot write '{shown}': {e.strerror or e}") from None
    finally:
        if fd is not None:
            os.close(fd)


def _replace(path: str, write: Callable, error, shown: str) -> None:
    """``write(f)`` on a temporary file beside ``path``, renamed onto it once complete; removed on
    any failure, Ctrl-C, SIGTERM or SIGHUP."""
    directory = os.path.dirname(os.path.abspath(path))
    with CleanupOnSignals():
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
