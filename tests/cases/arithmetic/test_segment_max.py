"""SegmentMax-16: cases against the CPU plugin. Its fill for empty segments with fill_mode lowest
is f32's lowest rounded to f16 (or, on some CPUs, bf16): -inf, and i32's for i64, not the type's
lowest (plugin rows); it computes i64 as i32; it fills an output of no data rows with garbage or
crashes (rows it cannot run), and crashes on negative ids (an error row only)."""

import ml_dtypes
import numpy as np

from cases.rows import Case, Error, T, Table

ZERO, LOWEST = {"fill_mode": "zero"}, {"fill_mode": "lowest"}
F32_LOWEST = float(np.finfo(np.float32).min)
BF16_LOWEST = float(ml_dtypes.finfo(ml_dtypes.bfloat16).min)


def ids(values, etype="i32", const=False):
    return T(etype, (len(values),), values, const=const)


def count(n, etype="i64", const=True):
    return T(etype, (), n, const=const)


IDS = ids([0, 0, 2, 2, 4])
D52 = T("f32", (5, 2))

TABLE = Table(
    "SegmentMax",
    "opset16",
    cases=[
        Case((D52, IDS), ZERO, name="zero, num_segments left out"),
        Case((D52, IDS), LOWEST, name="lowest, num_segments left out"),
        Case((D52, IDS, count(5)), ZERO, name="zero, num_segments = max id + 1"),
        Case((D52, IDS, count(8, "i32")), LOWEST, name="lowest, num_segments past the ids"),
        Case((D52, IDS, count(6, const=False)), ZERO, name="num_segments at run time"),
        Case((D52, ids([0, 0, 2, 2, 4], "i64", const=True)), LOWEST, name="constant i64 ids"),
        Case((T("f32", (8,)), ids([0, 0, 0, 1, 1, 3, 5, 5])), ZERO, name="the spec's 1-D example"),
        Case((T("f32", (4, 2, 3)), ids([1, 1, 1, 3])), ZERO, name="3-D data, segment 0 empty"),
        Case((T("f32", (3,), -np.arange(1, 4) / 8), ids([0, 1, 1])), ZERO, name="negative values"),
        Case((T("f32", (4,), [1, np.nan, np.nan, 2]), ids([0, 0, 1, 1])), ZERO, name="a NaN takes no part"),
        Case((T("i32", (3, 4)), ids([0, 1, 1], "i64")), LOWEST, name="i32, the spec's 2-D example"),
        Case((T("i32", (3,)), ids([0, 0, 2])), LOWEST, name="i32 lowest"),
        Case(
            (T("i64", (3,), [-27, 5, -19]), ids([0, 0, 2])),
            LOWEST,
            name="i64 lowest",
            expect=([5, -(2**63), -19],),
            plugin=([5, -(2**31), -19],),
            why="the plugin computes i64 as i32: its lowest is i32's (the spec: i64's)",
        ),
        Case(
            (T("i64", (3,), [-27, 2**40, -19]), ids([0, 0, 1])),
            ZERO,
            name="i64 beyond i32",
            expect=([2**40, -19],),
            plugin=([0, -19],),
            why="the plugin computes i64 as i32: 2^40 wraps to 0",
        ),
        Case((T("i64", (3,)), ids([0, 0, 2], "i64")), ZERO, name="i64 zero"),
        Case((T("i8", (3,)), ids([1, 1, 2])), LOWEST, name="i8 lowest"),
        Case((T("u8", (3,)), ids([0, 0, 2])), ZERO, name="u8"),
        Case((T("f16", (3, 2)), ids([0, 0, 2])), ZERO, name="f16 zero"),
        Case((T("bf16", (3, 2)), ids([0, 2, 2])), ZERO, name="bf16 zero"),
        Case(
            (T("f16", (3,), [1, 3, 2]), ids([0, 0, 2])),
            LOWEST,
            name="f16 lowest",
            expect=(np.array([3, -65504, 2], np.float16),),
            plugin=(np.array([3, -np.inf, 2], np.float16),),
            why="the plugin fills with f32's lowest value rounded to f16: -inf (the spec: f16's lowest, -65504)",
        ),
        Case(
            (T("bf16", (3,), [1, 3, 2]), ids([0, 0, 2])),
            LOWEST,
            name="bf16 lowest",
            expect=(np.array([3, BF16_LOWEST, 2], ml_dtypes.bfloat16),),
            plugin=[(np.array([3, -np.inf, 2], ml_dtypes.bfloat16),)],
            why="the plugin fills with f32's lowest value rounded to bf16 as its CPU rounds: -inf where it rounds "
            "up from an odd last bit (AVX2); the spec: bf16's lowest",
        ),
        Case(
            (T("f32", (0, 3), []), ids([])),
            LOWEST,
            name="no row, no segment",
            oracle=False,
            expect=(np.zeros((0, 3), np.float32),),
            why="the plugin crashes the process",
        ),
        Case(
            (T("f32", (0, 3), []), ids([]), count(2)),
            LOWEST,
            name="no row, two segments",
            oracle=False,
            expect=(np.full((2, 3), F32_LOWEST, np.float32),),
            why="the plugin leaves the output unwritten",
        ),
    ],
)

X = T("f32", (4, 2))
TABLE.errors = [
    Error(
        (X, ids([0, 2, 1, 2])),
        attrs=ZERO,
        match=r"segment_ids must be sorted: id 1 at position \[2\] follows 2",
        code="C004",
        at="run",
        name="unsorted ids",
    ),
    Error(
        (X, ids([-1, 0, 1, 1])),
        attrs=ZERO,
        match=r"id -1 at position \[0\] is negative",
        code="C004",
        at="run",
        name="negative id",
    ),
    Error(
        (X, ids([0, 1, 3, 3]), count(3, const=False)),
        attrs=ZERO,
        match=r"id 3 at position \[2\] is not below num_segments 3",
        code="C004",
        at="run",
        name="id past num_segments",
    ),
    Error(
        (X, ids([0, 1, 1, 1]), count(-1, const=False)),
        attrs=ZERO,
        match=r"num_segments must not be negative",
        code="S005",
        at="run",
        name="negative num_segments",
    ),
    Error(
        (X, ids([0, 1, 1])),
        attrs=ZERO,
        match=r"one id per row of data",
        code="S005",
        at="lint",
        name="3 ids for 4 rows",
    ),
    Error(
        (X, T("i32", (4, 1), [[0], [0], [1], [1]])),
        attrs=ZERO,
        match=r"segment_ids must be 1-D",
        code="S005",
        at="lint",
        name="2-D ids",
    ),
    Error(
        (X, ids([0, 0, 1, 1]), T("i64", (1,), [2], const=True)),
        attrs=ZERO,
        match=r"num_segments must be a scalar",
        code="S005",
        at="lint",
        name="num_segments of shape [1]",
    ),
    Error(
        (T("f32", (), 1.0), ids([0])),
        attrs=ZERO,
        match=r"data must have rank 1 or more",
        code="S005",
        at="lint",
        name="scalar data",
    ),
    Error(
        (X, T("f32", (4,), [0.0, 0.0, 1.0, 1.0])),
        attrs=ZERO,
        match=r"segment_ids must be i32 or i64, got f32",
        code="S005",
        at="lint",
        name="f32 ids",
    ),
    Error(
        (X, ids([0, 0, 1, 1])),
        match=r"required attribute 'fill_mode' is missing",
        code="O003",
        at="lint",
        name="fill_mode left out",
    ),
    Error(
        (X, ids([0, 0, 1, 1])),
        attrs={"fill_mode": "max"},
        match=r"fill_mode='max' is not one of zero, lowest",
        code="O003",
        at="lint",
        name="unknown fill_mode",
    ),
]

test_cases, test_errors = TABLE.pytest()
