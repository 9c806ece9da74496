"""The decomposed string tensors extension ops pass (see the package's docstring): the strings
they stand for, and back.

Offsets are checked before a byte is read: a hostile IR's begins and ends are refused in one line
rather than read out of range (the extension would read past its buffers)."""

from __future__ import annotations

import hashlib

import numpy as np

from ...errors import ExecutionError
from ...shapes import DYN
from ...types import BY_NAME
from ..op import Fact, Input

I32, U8, BOOL = BY_NAME["i32"], BY_NAME["u8"], BY_NAME["boolean"]
# i32 offsets: what the extension's outputs can address.
MAX_CHARS = (1 << 31) - 1


def check_ranges(op: str, what: str, begins: np.ndarray, ends: np.ndarray, n: int) -> tuple:
    """``begins``/``ends`` flattened to int64 after checking each [begin, end) lies in [0, n)."""
    b = np.asarray(begins, np.int64).reshape(-1)
    e = np.asarray(ends, np.int64).reshape(-1)
    if b.shape != e.shape:
        raise ExecutionError(f"{op}'s {what} begins and ends differ in size: {b.size} and {e.size}")
    if b.size:
        bad = (b < 0) | (e < b) | (e > n)
        if bad.any():
            k = int(np.argmax(bad))
            raise ExecutionError(
                f"{op}'s {what} {k} spans [{b[k]}, {e[k]}), outside the {n} it ranges over or backwards"
            )
    return b, e


def string_shape(op: str, begins, ends) -> tuple:
    """The strings' shape, after checking ``ends`` has it too (the rule checks what it knows; a
    dynamic model shows the rest at run time)."""
    shape = np.shape(begins)
    if np.shape(ends) != shape:
        raise ExecutionError(f"{op}'s begins and ends differ in shape: {list(shape)} and {list(np.shape(ends))}")
    return shape


def pieces(op: str, begins, ends, chars: np.ndarray, what: str = "string") -> list:
    """The byte strings ``chars[begins[i]:ends[i]]``, in C order; ``what`` names one in an error."""
    b, e = check_ranges(op, what, begins, ends, chars.size)
    data = chars.tobytes()
    return [data[i:j] for i, j in zip(b.tolist(), e.tolist())]


def pack(op: str, strings: list) -> tuple:
    """(begins, ends, chars) of byte strings laid end to end."""
    lengths = np.fromiter(map(len, strings), np.int64, len(strings))
    ends = np.cumsum(lengths)
    total = int(ends[-1]) if ends.size else 0
    if total > MAX_CHARS:
        raise ExecutionError(f"{op}'s strings hold {total} bytes, past what its i32 offsets address")
    chars = np.frombuffer(b"".join(strings), np.uint8).copy()
    return (ends - lengths).astype(np.int32), ends.astype(np.int32), chars


def rows(op: str, ragged_begins, ragged_ends, n: int) -> tuple:
    """Each row's [begin, end) over ``n`` strings, checked, flattened to int64."""
    return check_ranges(op, "row", ragged_begins, ragged_ends, n)


def string_facts(shape) -> list:
    """begins, ends (of ``shape``) and chars, as a string output is."""
    return [Fact(I32, shape), Fact(I32, shape), Fact(U8, (DYN,))]


def ragged_string_facts(shape) -> list:
    """ragged_begins, ragged_ends (of ``shape``), begins, ends and chars."""
    return [Fact(I32, shape), Fact(I32, shape), Fact(I32, (DYN,)), Fact(I32, (DYN,)), Fact(U8, (DYN,))]


def string_inputs(name: str = "", optional: bool = False, value: bool = True) -> tuple:
    """A string tensor's three inputs, ``name_begins``, ``name_ends`` and ``name_chars`` (plain
    ``begins``, ``ends``, ``chars`` without a name). ``value``: the op's rule computes the outputs
    when the values are known, the lengths of its ragged outputs following from them."""
    prefix = f"{name}_" if name else ""
    return (
        Input(f"{prefix}begins", "i32", role="indices", optional=optional, value=value),
        Input(f"{prefix}ends", "i32", role="indices", optional=optional, value=value),
        Input(f"{prefix}chars", "u8", optional=optional, value=value),
    )


# A ragged string tensor's five inputs: the rows' ranges of strings, then the strings.
WORDS = (
    Input("ragged_begins", "i32", role="indices", value=True),
    Input("ragged_ends", "i32", role="indices", value=True),
    *string_inputs(),
)


def content_key(*arrays) -> tuple:
    """A key naming the arrays' contents (a digest: vocabularies run to megabytes); None stands for
    an input left out."""
    h = hashlib.blake2b(digest_size=16)
    for a in arrays:
        if a is None:
            h.update(b"-")
            continue
        a = np.ascontiguousarray(a)
        h.update(f"{a.dtype.str}{a.shape}".encode())
        h.update(a.tobytes())
    return (h.digest(),)


def once(op, arrays: tuple, run) -> tuple:
    """``run(*arrays)``, kept on ``op`` for the next call with the same contents. An op whose
    outputs' lengths only its input values tell computes them in its shape rule (the sizing pass
    gives it the values) and its ``compute``, asked next on the same values, takes them from here:
    the work is done once."""
    key = content_key(*arrays)
    last = op.__dict__.get("_once")
    if last is not None and last[0] == key:
        return last[1]
    out = run(*arrays)
    op.__dict__["_once"] = (key, out)
    return out
