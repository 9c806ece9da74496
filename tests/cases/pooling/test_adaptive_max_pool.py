"""AdaptiveMaxPool-8: cases against the CPU plugin.

The plugin compiles no AdaptiveMaxPool whose indices are i64, the default ("CPU plugin does not
support i64 for use with oneDNN"): irexec alone runs those rows; the others ask for i32. NaN: the
spec says nothing; the plugin starts each bin from its first element, so a NaN is skipped
unless it comes first (rows "NaN")."""

from cases.pooling.test_adaptive_avg_pool import sizes
from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
I32 = {"index_element_type": "i32"}
WHY_I64 = 'the plugin compiles no AdaptiveMaxPool with i64 indices ("does not support i64 for use with oneDNN")'

TABLE = Table(
    "AdaptiveMaxPool",
    "opset8",
    outputs=2,
    cases=[
        Case(
            (T("f32", (1, 1, 9), [1, 5, 2, NAN, 3, 3, 0, -1, 4]), sizes(4)),
            oracle=False,
            expect=([[[5, 3, 3, 4]]], [[[1, 4, 4, 8]]]),
            why=WHY_I64,
            name="index_element_type left out: i64",
        ),
        Case(
            (T("f32", (1, 1, 9), [1, 5, 2, NAN, 3, 3, 0, -1, 4]), sizes(12)),
            I32,
            expect=([[[1, 5, 5, 2, NAN, NAN, 3, 3, 0, 0, 4, 4]]], [[[0, 1, 1, 2, 3, 3, 4, 5, 6, 6, 8, 8]]]),
            name="NaN alone in its bin",
        ),
        Case(
            (T("f32", (1, 1, 2, 2), [[1, 2], [NAN, 3]]), sizes(1, 1)),
            I32,
            expect=([[[[3]]]], [[[[3]]]]),
            name="NaN skipped",
        ),
        Case((T("f32", (1, 1, 3), [NAN, 3, 1]), sizes(1)), I32, expect=([[[NAN]]], [[[0]]]), name="NaN first"),
        Case((T("f32", (1, 1, 3), [-INF, -INF, -INF]), sizes(1)), I32, expect=([[[-INF]]], [[[0]]]), name="-inf"),
        Case(
            (T("f32", (1, 1, 5), [3, 1, 3, 3, 2]), sizes(2)),
            I32,
            expect=([[[3, 3]]], [[[0, 2]]]),
            name="ties: the first",
        ),
        Case((T("f32", (2, 3, 9)), sizes(4)), I32, name="1D"),
        Case((T("f32", (2, 3, 7, 5)), sizes(3, 2)), I32, name="2D"),
        Case((T("f32", (1, 2, 5, 6, 7)), sizes(2, 4, 3, etype="i32")), I32, name="3D, i32 sizes"),
        Case((T("f32", (1, 4, 7, 7)), sizes(1, 1)), I32, name="global"),
        Case((T("f32", (1, 2, 3, 4)), sizes(7, 9)), I32, name="more bins than elements"),
        Case((T("f32", (1, 2, 4, 6)), sizes(0, 3)), I32, name="no bins"),
        Case((T("f32", (1, 2, 6, 5)), sizes(4, 2, const=False)), I32, name="sizes fed at run time"),
        Case((T("f32", (1, 2, 6, 5), const=True), sizes(3, 3)), I32, name="constant data"),
        Case((T("f16", (1, 2, 6, 5)), sizes(4, 3)), I32, name="f16"),
        Case((T("bf16", (1, 2, 6, 5)), sizes(4, 3)), I32, name="bf16"),
        Case(
            (T("f32", (1, 1, 4, 3), list(range(12))), sizes(3, 2)),
            {"index_element_type": "i64"},
            oracle=False,
            why=WHY_I64,
            expect=([[[[4, 5], [7, 8], [10, 11]]]], [[[[4, 5], [7, 8], [10, 11]]]]),
            name="i64",
        ),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (1, 1, 5)), sizes(2)),
        attrs={"index_element_type": "u8"},
        match="index_element_type must be i32 or i64",
        code="O003",
        at="lint",
    ),
    Error(
        (T("i32", (1, 1, 5)), sizes(2)),
        attrs=I32,
        match="data must be of a floating-point type",
        code="S005",
        at="lint",
        name="integer data (the plugin runs it)",
    ),
    Error(
        (T("f32", (1, 1, 2, 2, 2, 2)), sizes(1, 1, 1, 1)),
        attrs=I32,
        match="must be 3D, 4D or 5D",
        code="S005",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)), sizes(2, 2, 2)), attrs=I32, match="output_shape has 3 values", code="S005", at="lint"
    ),
    Error(
        (T("f32", (1, 1, 5)), sizes(-2, const=False)),
        attrs=I32,
        match="output_shape must not be negative",
        code="S005",
        at="run",
    ),
    Error(
        (T("f32", (1, 1, 0, 2)), sizes(1, 1)),
        attrs=I32,
        match="cannot cut the empty spatial dim 0",
        code="S005",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
