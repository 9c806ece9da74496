"""Reverse-1: cases against the CPU plugin.

Mode index (axes listed, negative from the end, an axis listed twice reversed once) and mask (a
boolean per dim); the axes as a constant (as converters write them) or at run time. irexec
refuses a layer without ``mode`` (the spec gives no default; OpenVINO reads it as index)."""

import numpy as np

from cases.rows import Case, Error, T, Table

INDEX, MASK = {"mode": "index"}, {"mode": "mask"}
X = T("f32", (2, 3, 4))


def vec(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


def mask(values, const=True):
    return T("boolean", np.shape(values), np.asarray(values, bool), const=const)


TABLE = Table(
    "Reverse",
    "opset1",
    cases=[
        Case((X, vec([0])), INDEX, name="axis 0"),
        Case((X, vec([2, 0])), INDEX, name="two axes"),
        Case((X, vec([0, 1, 2], "i32")), INDEX, name="every axis, i32"),
        Case((X, vec([-1])), INDEX, name="axis -1"),
        Case((X, vec([1, -2])), INDEX, name="one axis twice"),
        Case((X, vec([])), INDEX, name="no axes"),
        Case((X, vec([1], "u8")), INDEX, name="u8 axes"),
        Case((X, vec([2, -3], const=False)), INDEX, name="index, run time"),
        Case((X, vec([1, 1], "i32", const=False)), INDEX, name="index, run time, repeated"),
        Case((X, mask([True, False, True])), MASK, name="mask"),
        Case((X, mask([False, False, False])), MASK, name="mask, nothing"),
        Case((X, mask([False, True, True], const=False)), MASK, name="mask, run time"),
        Case((T("f32", (0, 3)), vec([0, 1])), INDEX, name="empty data"),
        Case((T("i32", (3, 2)), vec([0])), INDEX),
        Case((T("i64", (4,)), mask([True])), MASK),
        Case((T("i8", (2, 2)), vec([1], "i8")), INDEX),
        Case((T("u8", (3, 2)), mask([True, True])), MASK),
        Case((T("f16", (2, 3)), vec([-1])), INDEX),
        Case((T("bf16", (2, 3)), vec([0])), INDEX),
        Case((T("boolean", (2, 3)), mask([False, True])), MASK),
    ],
)

TABLE.errors = [
    Error(
        (X, vec([3], const=False)),
        attrs=INDEX,
        match=r"Reverse axis 3 is out of range \[-3, 2\]",
        code="S006",
        name="axis too large",
        at="run",
    ),
    Error(
        (X, vec([0, -4])),
        attrs=INDEX,
        match=r"Reverse axis -4 is out of range \[-3, 2\]",
        code="S006",
        name="axis too small, constant",
        at="lint",
    ),
    Error(
        (X, mask([True, False])),
        attrs=MASK,
        match=r"Reverse's mask has 2 entries for a rank-3 input",
        code="S005",
        name="mask too short",
        at="lint",
    ),
    Error(
        (X, vec([1])),
        attrs=MASK,
        match=r"Reverse's axes must be boolean in mode 'mask', got i64",
        code="S005",
        name="integer mask",
        at="lint",
    ),
    Error(
        (X, mask([True, False, True])),
        attrs=INDEX,
        match=r"Reverse's axes must be of an integer type in mode "
        r"'index', got boolean",
        code="S005",
        name="boolean index",
        at="lint",
    ),
    Error(
        (X, T("f32", (1,), [1.0])),
        attrs=INDEX,
        match=r"Reverse's axes must be of an integer type",
        code="S005",
        name="f32 axes",
        at="lint",
    ),
    Error(
        (X, T("i64", (), np.int64(1))),
        attrs=INDEX,
        match=r"Reverse's axes must be a 1-D tensor",
        code="S005",
        name="scalar axes",
        at="lint",
    ),
    Error((X, vec([0])), match=r"required attribute 'mode' is missing", code="O003", name="mode left out", at="lint"),
    Error(
        (X, vec([0])),
        attrs={"mode": "set"},
        match=r"mode='set' is not one of",
        code="O003",
        name="unknown mode",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
