"""Tile-1: cases against the CPU plugin.

repeats as long as the data's rank, shorter (1s in front) and longer (the data gets leading 1s),
with 0s (an empty output); as a constant (as converters write it) or at run time, of any integer
type. A negative repeat counts as 0, as OpenVINO takes it. With an empty repeats the plugin
gives uninitialised memory, or crashes for a scalar: irexec alone runs those, against the spec's
value (the data itself)."""

import numpy as np

from cases.rows import Case, Error, T, Table


def vec(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


TABLE = Table(
    "Tile",
    "opset1",
    cases=[
        Case((T("f32", (2, 3)), vec([2, 3])), name="one per dim"),
        Case((T("f32", (2, 3)), vec([2])), name="shorter than the rank"),
        Case((T("f32", (2, 3)), vec([2, 1, 2])), name="longer than the rank"),
        Case((T("f32", (2, 3)), vec([1, 0])), name="a 0"),
        Case((T("f32", (2, 3)), vec([0, 2, 1])), name="a 0, longer"),
        Case(
            (T("f32", (2, 3), [[1, 2, 3], [4, 5, 6]]), vec([])),
            name="empty repeats",
            oracle=False,
            expect=(np.float32([[1, 2, 3], [4, 5, 6]]),),
            why="the CPU plugin's output is uninitialised memory for an empty repeats (the spec's is the data)",
        ),
        Case((T("f32", (2, 3)), vec([1, 1])), name="all ones"),
        Case((T("f32", (2, 3)), vec([3, -2])), name="negative counts as 0"),
        Case((T("f32", ()), vec([3, 2])), name="scalar data"),
        Case((T("f32", (0, 2)), vec([3, 2])), name="empty data"),
        Case((T("f32", (2, 1)), vec([2, 3], const=False)), name="run time"),
        Case((T("f32", (2, 1)), vec([2], "i32", const=False)), name="run time, shorter, i32"),
        Case((T("f32", (3,)), vec([2, 1, 2], "i32", const=False)), name="run time, longer, i32"),
        Case((T("f32", (3,)), vec([-1, 2], const=False)), name="run time, negative"),
        Case((T("i32", (2, 2)), vec([1, 2], "u8"))),
        Case((T("i64", (2,)), vec([3], "i8"))),
        Case((T("i8", (1, 2)), vec([2, 2], "u64"))),
        Case((T("u8", (2,)), vec([1, 2], "i16"))),
        Case((T("f16", (2, 2)), vec([2, 1]))),
        Case((T("bf16", (1, 3)), vec([3, 1]))),
        Case((T("boolean", (2, 3)), vec([1, 2]))),
        Case(
            (T("f32", (), [2.5]), vec([])),
            name="scalar, empty repeats",
            oracle=False,
            expect=(np.float32(2.5),),
            why="the CPU plugin crashes (SIGSEGV) tiling a scalar by an empty repeats",
        ),
    ],
)

TABLE.errors = [
    Error(
        (T("f32", (2, 3)), T("i64", (1, 2), np.int64([[2, 2]]))),
        match=r"Tile's repeats must be a 1-D tensor",
        code="S005",
        name="2-D repeats",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("i64", (), np.int64(2))),
        match=r"Tile's repeats must be a 1-D tensor",
        code="S005",
        name="scalar repeats",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (2,), [2.0, 1.0])),
        match=r"Tile's repeats must be of an integer type",
        code="S005",
        name="f32 repeats",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), vec([2**40, 2**40], const=False)),
        match=r"too large for any array",
        code="S005",
        name="output too large",
        at="run",
    ),
]

test_cases, test_errors = TABLE.pytest()
