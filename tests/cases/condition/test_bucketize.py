"""Bucketize-3: cases against the CPU plugin: both bounds, data and boundaries of different
types, boundaries constant and at run time, empty boundaries, NaN data (placed as the plugin
places it: the spec says nothing). The plugin narrows i64 data to i32: a plugin row. Boundaries
that are not sorted are refused (the spec wants them sorted), when seen."""

from dataclasses import replace

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
RIGHT, LEFT = {"with_right_bound": "true"}, {"with_right_bound": "false"}
BOUNDS = T("f32", (3,), [0, 5, 10])
EDGES = T("f32", (2, 4), [[3, 50, 5, 0], [10, -1, 0, 11]])

TABLE = Table(
    "Bucketize",
    "opset3",
    cases=[
        Case((EDGES, BOUNDS), name="with_right_bound left out: true"),
        Case(
            (EDGES, BOUNDS),
            name="attributes left out: right bound, i64",
            expect=([[1, 3, 1, 0], [2, 0, 0, 3]],),
            oracle=False,
            why="OpenVINO reads a Bucketize without output_type as of type dynamic, and refuses it",
        ),
        Case((EDGES, BOUNDS), RIGHT, name="right bound"),
        Case((EDGES, T("f32", (3,), [0, 5, 10], const=True)), LEFT, name="left bound, constant boundaries"),
        Case((T("f32", (3, 4)), T("f32", (4,), [-4, -0.5, 0, 3.25])), {"output_type": "i32"}, name="i32 output"),
        Case((T("f32", (3, 4)), T("f32", (4,), [-4, -0.5, 0, 3.25], const=True)), {"output_type": "i64", **LEFT}),
        Case((T("i32", (6,), [0, 4, 5, 6, 10, 11]), T("f32", (3,), [0.5, 5, 10.5])), name="i32 data, f32 boundaries"),
        Case(
            (T("f32", (6,), [0, 4.5, 5, 6, 10, 11]), T("i32", (3,), [0, 5, 10])), LEFT, name="f32 data, i32 boundaries"
        ),
        Case((T("f32", (6,), [0, 4.5, 5, 6, 10, 11]), T("i64", (3,), [0, 5, 10])), name="f32 data, i64 boundaries"),
        Case((T("u8", (4,), [0, 4, 5, 200]), T("i8", (3,), [-1, 5, 10])), LEFT, name="u8 data, i8 boundaries"),
        Case((T("f16", (2, 3)), T("f16", (3,), [-2, 0, 2.5])), name="f16"),
        Case((T("bf16", (2, 3)), T("f32", (2,), [-1, 1])), LEFT, name="bf16 data, f32 boundaries"),
        Case((T("i64", (5,), [-3, 0, 7, 100, -100]), T("i64", (2,), [0, 7])), name="i64 within i32"),
        Case((T("f32", (4,), [0, 4, 5, 200]), T("f32", (0,), [])), name="empty boundaries"),
        Case((T("f32", (4,), [0, 4, 5, 200]), T("f32", (0,), [])), LEFT, name="empty boundaries, left bound"),
        Case((T("f32", (), 3.0), T("f32", (3,), [1, 5, 6])), name="0-D data"),
        Case((T("f32", (0, 2), []), BOUNDS), name="empty data"),
        Case((T("f32", (5,), [0, 4, 5, 7, 200]), T("f32", (4,), [1, 5, 5, 6])), name="repeated boundary, right"),
        Case((T("f32", (5,), [0, 4, 5, 7, 200]), T("f32", (4,), [1, 5, 5, 6])), LEFT, name="repeated boundary, left"),
        Case((T("f32", (4,), [NAN, INF, -INF, -0.0]), BOUNDS), RIGHT, name="NaN, inf, -0, right bound"),
        Case((T("f32", (4,), [NAN, INF, -INF, -0.0]), BOUNDS), LEFT, name="NaN, inf, -0, left bound"),
        Case(
            (T("i64", (3,), [2**40, 2**24 + 1, -(2**40)]), T("i64", (3,), [2**24, 2**24 + 1, 2**30])),
            LEFT,
            name="i64 beyond i32",
            expect=([3, 2, 0],),
            plugin=([0, 2, 0],),
            why="the plugin narrows i64 data to i32 (2^40 becomes 0)",
        ),
    ],
)

# OpenVINO reads a Bucketize without output_type as of type dynamic and refuses it: every case it
# runs names one (i64 unless the case says), the case above tests the default.
TABLE.cases = [replace(c, attrs={"output_type": "i64", **c.attrs}) if c.oracle else c for c in TABLE.cases]

TABLE.errors = [
    Error(
        (EDGES, T("f32", (3,), [5, 1, 6])),
        match=r"boundaries must be sorted ascending, but boundary 1 \(1.0\) "
        r"is below boundary 0 \(5.0\)",
        code="S005",
        name="unsorted boundaries",
        at="run",
    ),
    Error(
        (EDGES, T("f32", (2,), [1, NAN])),
        match="boundaries must be sorted ascending, but boundary 1 is NaN",
        code="S005",
        name="NaN boundary",
        at="run",
    ),
    Error(
        (EDGES, T("f32", (1, 3), [[0, 5, 10]])),
        match=r"boundaries must be 1-D, got shape \[1,3\]",
        code="S005",
        name="2-D boundaries",
        at="lint",
    ),
    Error(
        (EDGES, T("f32", (), 1.0)),
        match=r"boundaries must be 1-D, got shape \[\]",
        code="S005",
        name="0-D boundaries",
        at="lint",
    ),
    Error((T("boolean", (2,)), BOUNDS), match="data must be numeric", code="S005", name="boolean data", at="lint"),
    Error(
        (EDGES, T("boolean", (2,))),
        match="boundaries must be numeric",
        code="S005",
        name="boolean boundaries",
        at="lint",
    ),
    Error(
        (EDGES, BOUNDS),
        attrs={"output_type": "f32"},
        match="output_type must be i32 or i64, got f32",
        code="O003",
        name="f32 output_type",
        at="lint",
    ),
    Error(
        (EDGES, BOUNDS),
        attrs={"with_right_bound": "yes"},
        match="with_right_bound='yes' is not a valid bool",
        code="O003",
        name="bad with_right_bound",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
