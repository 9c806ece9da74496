"""String tensors: how OpenVINO packs them into a .bin, and how irexec holds them.

In the .bin (measured on ``ov.save_model`` of a ``string`` Const) a string tensor of n elements is
one packed block, all little-endian int32: the count n, then n + 1 offsets (the first 0, each next
one the end of a string in the characters that follow), then the characters, UTF-8, with no
terminators: ``["a", "bc", "", "é"]`` is ``4 | 0 1 3 3 5 | "abc" c3 a9``, 29 bytes.

In memory a string tensor is a NumPy array of dtype ``object`` holding Python ``str``: one dtype
for every length (``<U`` arrays take their width from the longest string, pad every element to
it in UTF-32, and drop trailing NUL characters, which OpenVINO keeps). Bytes that are not UTF-8
(a StringTensorPack may cut a character in two) are kept as ``surrogateescape`` decodes them, so
that encoding gives the same bytes back.
"""

from __future__ import annotations

from itertools import repeat

import numpy as np

from .errors import ExecutionError, ParseError
from .limits import default_max_tensor_bytes, fmt_bytes

# UTF-8 both ways, losslessly for byte strings that are not valid UTF-8.
ENCODING, ERRORS = "utf-8", "surrogateescape"

_I32 = np.dtype("<i4")


def decode(raw: bytes) -> str:
    return raw.decode(ENCODING, ERRORS)


def encode(text: str) -> bytes:
    return text.encode(ENCODING, ERRORS)


def unpack_strings(buf, offset: int, size: int, count: int) -> np.ndarray:
    """The ``count`` strings of the packed block at ``buf[offset:offset + size]`` (``buf`` any
    buffer; the caller has checked that the block lies inside it), as a 1-D object array. Every
    number in the header is checked against the block before anything is allocated from it."""
    if size < 4:
        raise ParseError(f"a string constant needs at least 4 bytes (its count), its size is {size}", code="C003")
    stored = int(np.frombuffer(buf, _I32, 1, offset)[0])
    if stored != count:
        raise ParseError(f"the string constant's header counts {stored} strings, its shape holds {count}", code="C003")
    header = 4 * (count + 2)
    if header > size:
        raise ParseError(f"the string constant's {count} offsets need {header} bytes, its size is {size}", code="C003")
    bounds = np.frombuffer(buf, _I32, count + 1, offset + 4).astype(np.int64)
    chars = size - header
    if bounds[0] != 0:
        raise ParseError(f"the string constant's first offset is {bounds[0]}, not 0", code="C003")
    steps = np.diff(bounds)
    if steps.size and steps.min() < 0:
        k = int(np.argmax(steps < 0))
        raise ParseError(
            f"the string constant's offsets go backwards: string {k} ends at {bounds[k + 1]}, "
            f"before it begins ({bounds[k]})",
            code="C003",
        )
    if bounds[-1] != chars:
        raise ParseError(
            f"the string constant's offsets end at {bounds[-1]}, but it holds {chars} bytes of characters", code="C003"
        )
    data = bytes(memoryview(buf)[offset + header : offset + size])
    return strings_from(data, bounds[:-1], bounds[1:])


def strings_from(data: bytes, begins: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """An object array of the strings ``data[b:e]`` for each (b, e) of ``begins``/``ends`` (1-D,
    checked by the caller). Each element is a Python object of its own, so one is made per
    element; when every byte is ASCII, the whole block is decoded once and sliced."""
    out = np.empty(len(begins), dtype=object)
    if not len(begins):
        return out
    b, e = begins.tolist(), ends.tolist()
    if data.isascii():
        text = data.decode("ascii")
        out[:] = [text[i:j] for i, j in zip(b, e)]
    else:
        out[:] = [decode(data[i:j]) for i, j in zip(b, e)]
    return out


def pack_strings(values) -> bytes:
    """The packed block of the strings in ``values`` (any array-like of str), in C order: what
    OpenVINO writes in a .bin for a string constant."""
    encoded = [encode(s) for s in np.asarray(values, dtype=object).reshape(-1).tolist()]
    lengths = np.fromiter(map(len, encoded), np.int64, len(encoded))
    bounds = np.concatenate(([0], np.cumsum(lengths))).astype(_I32)
    return np.int32(len(encoded)).astype(_I32).tobytes() + bounds.tobytes() + b"".join(encoded)


def as_strings(value) -> np.ndarray | None:
    """``value`` as irexec's string array (object dtype, each element a str), or None when it is
    not one: an array or nested list of str (``<U``, or objects that are all str)."""
    if isinstance(value, np.ndarray):
        arr = value
    else:
        try:  # as objects: np.asarray(["a", 1]) would make the 1 a "1"
            arr = np.array(value, dtype=object)
        except ValueError:  # ragged lists
            return None
    if arr.dtype.kind == "U":
        return arr.astype(object)
    if arr.dtype.kind == "O":
        if all(map(isinstance, arr.reshape(-1).tolist(), repeat(str))):
            return arr
    return None


def to_unicode(arr: np.ndarray) -> np.ndarray:
    """A string array as a ``<U`` array, what a .npy stores without pickling (at least ``<U1``).
    Every element takes 4 bytes a character of the longest string: refused past the memory
    budget for one tensor rather than allocated."""
    if not arr.size:
        return np.zeros(arr.shape, "<U1")
    longest = max(map(len, arr.reshape(-1).tolist()))
    need = arr.size * max(longest, 1) * 4
    budget = default_max_tensor_bytes()
    if need > budget:
        raise ExecutionError(
            f"a string tensor of shape {list(arr.shape)} takes {fmt_bytes(need)} as a <U array "
            f"(every element as wide as its longest string, {longest} characters): over the "
            f"budget of {fmt_bytes(budget)} for one tensor"
        )
    return arr.astype(str)
