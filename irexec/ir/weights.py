"""The .bin blob: memory-mapped on first use, never read whole; Consts view into it.

A mapped file that shrinks crashes the process (SIGBUS) when a page past its new end is touched,
so the file is held to what it was when the model was read: its device, inode, size and
modification time, compared when it is mapped and (``verify``) before each inference through the
descriptor kept open. What is not caught (README, Safety): a change in place that keeps the size
and the modification time, and a change made while an inference runs."""

from __future__ import annotations

import mmap
import os
import weakref
from typing import cast

import numpy as np

from ..errors import ParseError
from ..kernels.packing import unpack
from ..strings import unpack_strings
from ..types import ElementType


class Weights:
    def __init__(self, path: str | None):
        self.path = path
        self._map: mmap.mmap | None = None
        self._size: int | None = None
        self._identity: tuple | None = None  # (device, inode, size, mtime in ns) when first seen
        self._fd = None  # the .bin's descriptor, kept open with the map for fstat
        self._close_fd = None  # (its finalizer: closed with the map, or when the model goes)

    @property
    def size(self) -> int:
        if self._size is None:
            if self.path is None:
                raise ParseError("the model has constants but no weights file was given", code="C001")
            if not os.path.exists(self.path):
                raise ParseError(f"weights file '{self.path}' not found", code="C001")
            if not os.path.isfile(self.path):
                raise ParseError(f"weights path '{self.path}' is not a regular file", code="C001")
            try:
                self._identity = _identity(os.stat(self.path))
                self._size = self._identity[2]
            except OSError as e:
                raise ParseError(f"cannot read weights file '{self.path}': {e.strerror or e}", code="C001") from None
        return self._size

    def _buffer(self):
        if self._map is None:
            if self.size == 0:
                return b""
            try:
                fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)  # (a FIFO swapped in: no wait)
            except OSError as e:
                raise ParseError(f"cannot map weights file '{self.path}': {e.strerror or e}", file=self.path) from None
            try:
                # Every Const was checked against the file as it was: a file changed since (a
                # shorter one would crash the process, SIGBUS) is refused before it is mapped.
                self._check(os.fstat(fd), replaced=True)
                mapped = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
            except (OSError, ValueError) as e:  # ValueError: the file became empty
                os.close(fd)
                raise ParseError(
                    f"cannot map weights file '{self.path}': {getattr(e, 'strerror', None) or e}", file=self.path
                ) from None
            except BaseException:
                os.close(fd)
                raise
            self._map, self._fd = mapped, fd
            self._close_fd = weakref.finalize(self, os.close, fd)
        return self._map

    def _check(self, st, replaced: bool = False) -> None:
        """Refuse the file if ``st`` (its stat now) is not what it was when the model was read:
        the size and modification time, and (``replaced``: opened afresh) its device and inode."""
        now = _identity(st)
        was = self._identity
        if was is None or now == was or (not replaced and now[2:] == was[2:]):
            return
        if now[2] != was[2]:
            what = f"its size went from {was[2]} to {now[2]} bytes"
        elif now[:2] != was[:2]:
            what = "another file took its name"
        else:
            what = "it was modified"
        raise ParseError(
            f"weights file '{self.path}' changed since the model was read ({what}): read the model again", code="C001"
        )  # (located at the model, which the message names)

    def verify(self) -> None:
        """Before an inference: the mapped file must be as it was when the model was read (a
        truncated one would crash the process when a constant is touched). Cheap: one fstat."""
        if self._fd is not None:
            self._check(os.fstat(self._fd))

    def check_range(self, offset: int, size: int) -> None:
        if offset < 0 or size < 0:
            raise ParseError(f"negative offset ({offset}) or size ({size}) into the weights", code="C002")
        if offset + size > self.size:
            raise ParseError(
                f"bytes {offset}..{offset + size} are past the end of "
                f"'{os.path.basename(cast(str, self.path))}' ({self.size} bytes)",  # (self.size needs a path)
                code="C002",
            )

    def tensor(self, offset: int, size: int, etype: ElementType, shape: tuple) -> np.ndarray:
        """A read-only array over the mapped bytes (unpacked into a new array for sub-byte types)."""
        count = 1
        for d in shape:
            count *= d
        if etype.is_string:
            return self._strings(offset, size, count).reshape(shape)
        need = etype.nbytes(count)
        if count == 0:
            return np.zeros(shape, dtype=etype.dtype)
        if size != need:
            raise ParseError(f"size {size} does not match shape {list(shape)} of {etype} ({need} bytes)", code="C003")
        self.check_range(offset, size)
        if etype.is_packed:
            raw = np.frombuffer(self._buffer(), dtype=np.uint8, count=size, offset=offset)
            return unpack(raw, etype, count).reshape(shape)
        if offset % etype.dtype.itemsize:
            # Unaligned views are legal in NumPy but slow on every later access: copy once.
            raw = np.frombuffer(self._buffer(), dtype=np.uint8, count=size, offset=offset)
            return np.frombuffer(raw.tobytes(), dtype=etype.dtype).reshape(shape)
        arr = np.frombuffer(self._buffer(), dtype=etype.dtype, count=count, offset=offset)
        return arr.reshape(shape)

    def _strings(self, offset: int, size: int, count: int) -> np.ndarray:
        """A string constant's packed block (irexec.strings), checked and decoded: its size is
        not the shape's, so only the range is known before its header is read."""
        if count == 0 and size <= 1:
            return np.empty(0, dtype=object)  # as any empty constant: no bytes, or one
        self.check_range(offset, size)
        return unpack_strings(self._buffer(), offset, size, count)

    def close(self) -> None:
        if self._map is not None:
            try:
                self._map.close()
            except BufferError:
                pass  # arrays still view it; the map closes when they go
            self._map = None
        if self._close_fd is not None:
            self._close_fd()
            self._fd = self._close_fd = None


def _identity(st) -> tuple:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class BufferWeights(Weights):
    """Weights given as bytes (a model built in memory, ``read_model(xml, weights=buffer)``):
    viewed, not copied."""

    def __init__(self, data):
        super().__init__("<weights buffer>")
        self._data = memoryview(data).cast("B")
        self._size = len(self._data)

    def _buffer(self):
        return self._data

    def close(self) -> None:
        pass
