"""The .bin blob: memory-mapped on first use, never read whole; Consts view into it."""
from __future__ import annotations

import mmap
import os

import numpy as np

from .errors import ParseError
from .types import ElementType, unpack


class Weights:
    def __init__(self, path: str | None):
        self.path = path
        self._map: mmap.mmap | None = None
        self._size: int | None = None

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
                self._size = os.path.getsize(self.path)
            except OSError as e:
                raise ParseError(f"cannot read weights file '{self.path}': {e.strerror or e}",
                                 code="C001") from None
        return self._size

    def _buffer(self):
        if self._map is None:
            if self.size == 0:
                return b""
            try:
                with open(self.path, "rb") as f:
                    mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            except (OSError, ValueError) as e:  # ValueError: the file became empty
                raise ParseError(f"cannot map weights file '{self.path}': {getattr(e, 'strerror', None) or e}",
                                 file=self.path) from None
            if len(mapped) < self._size:
                # Every Const was checked against the old size: reading past the new end would
                # crash the process (SIGBUS), so refuse.
                now = len(mapped)
                mapped.close()
                raise ParseError(f"weights file '{self.path}' shrank from {self._size} to {now} "
                                 f"bytes since the model was read", file=self.path)
            self._map = mapped
        return self._map

    def check_range(self, offset: int, size: int) -> None:
        if offset < 0 or size < 0:
            raise ParseError(f"negative offset ({offset}) or size ({size}) into the weights", code="C002")
        if offset + size > self.size:
            raise ParseError(f"bytes {offset}..{offset + size} are past the end of "
                             f"'{os.path.basename(self.path)}' ({self.size} bytes)", code="C002")

    def tensor(self, offset: int, size: int, etype: ElementType, shape: tuple) -> np.ndarray:
        """A read-only array over the mapped bytes (unpacked into a new array for sub-byte types)."""
        count = 1
        for d in shape:
            count *= d
        need = etype.nbytes(count)
        if count == 0:
            return np.zeros(shape, dtype=etype.dtype)
        if size != need:
            raise ParseError(f"size {size} does not match shape {list(shape)} of {etype} ({need} bytes)",
                             code="C003")
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

    def close(self) -> None:
        if self._map is not None:
            try:
                self._map.close()
            except BufferError:
                pass  # arrays still view it; the map closes when they go
            self._map = None
