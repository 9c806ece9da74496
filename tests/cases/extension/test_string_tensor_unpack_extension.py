"""StringTensorUnpack as openvino_tokenizers registers it (``version="extension"``): strings, and
the legacy packed u8 format, against the CPU plugin with the extension loaded."""

import numpy as np

from cases.rows import Case, Error, T, Table

MODE = {"mode": "begins_ends"}


def text(items, shape=None) -> T:
    return T("string", shape or (len(items),), np.array(items, dtype=object))


def packed(items: list, offsets=None, count=None, tail=b"") -> T:
    """The legacy packed format: [n][offsets: n + 1][bytes], i32 little-endian."""
    raw = [s.encode() for s in items]
    if offsets is None:
        offsets = [0]
        for s in raw:
            offsets.append(offsets[-1] + len(s))
    n = len(raw) if count is None else count
    blob = np.array([n] + offsets, "<i4").tobytes() + b"".join(raw) + tail
    return T("u8", (len(blob),), list(blob))


TABLE = Table(
    "StringTensorUnpack",
    "extension",
    outputs=3,
    cases=[
        Case((text(["hello", "", " wörld", "日本"]),), attrs=MODE, name="strings"),
        Case((text(["ab", "c", "", "def"], shape=(2, 2)),), name="2-D, mode left out"),
        Case((text([]),), attrs=MODE, name="no strings"),
        Case((packed(["hello", "", "日本"]),), attrs=MODE, name="packed"),
        Case((packed(["ab", "c"], tail=b"xyz"),), attrs=MODE, name="packed, bytes past the last string"),
        Case((packed([]),), attrs=MODE, name="packed, no strings"),
    ],
    errors=[
        Error(
            (packed(["ab"], offsets=[0, 9]),),
            match=r"StringTensorUnpack's packed strings end at byte 9, past the 2 it holds",
            at="run",
        ),
        Error(
            (packed(["ab", "c"], offsets=[1, 0, 3]),),
            match=r"StringTensorUnpack's packed string 0 spans \[1, 0\)",
            at="run",
        ),
        Error(
            (packed(["ab"], count=5),),
            match=r"StringTensorUnpack's packed data counts 5 strings, which its 14 bytes cannot hold",
            at="run",
        ),
        Error(
            (T("u8", (3,), [1, 0, 0]),),
            match=r"StringTensorUnpack's packed data holds 3 bytes, short of its 4-byte count",
            at="run",
        ),
        Error(
            (T("u8", (2, 4), [0] * 8),),
            match=r"StringTensorUnpack's packed u8 data must be 1-D, got \[2,4\]",
            code="S005",
            at="lint",
        ),
        Error(
            (T("i32", (2,), [0, 1]),),
            match=r"StringTensorUnpack's data must be string or u8, got i32",
            code="S005",
            at="lint",
        ),
        Error(
            (text(["a"]),),
            attrs={"mode": "begins_ends_chars"},
            match=r"attribute mode='begins_ends_chars' is not one of begins_ends",
            code="O003",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
