"""LogSoftmax-5: cases against the CPU plugin.

The plugin's exp and log are vectorised code of their own: f32 results agree within a few ulp.
At run time its rows holding NaN or +inf keep the finite elements as -inf where the spec's
formula (the max subtracted first) gives NaN throughout (``plugin`` rows)."""

from cases.rows import Case, Error, T, Table

INF, NAN = float("inf"), float("nan")
F32 = {"rtol": 1e-5, "atol": 1e-6}
BF16 = {"rtol": 2**-7, "atol": 2**-7}

TABLE = Table(
    "LogSoftmax",
    "opset5",
    cases=[
        Case((T("f32", (2, 3, 4)),), **F32),  # axis left out: 1
        Case((T("f32", (2, 3, 4)),), attrs={"axis": "0"}, **F32),
        Case((T("f32", (2, 3, 4)),), attrs={"axis": "2"}, **F32),
        Case((T("f32", (2, 3, 4)),), attrs={"axis": "-1"}, **F32),
        Case((T("f32", (2, 3, 4)),), attrs={"axis": "-3"}, **F32),
        Case((T("f32", (5,)),), attrs={"axis": "0"}, **F32, name="1-D"),
        Case((T("f32", (2, 1, 3)),), attrs={"axis": "1"}, name="1-sized axis: all 0"),
        Case((T("f32", (2, 0, 3)),), attrs={"axis": "2"}, name="empty"),
        Case((T("f32", (2, 0, 3)),), attrs={"axis": "1"}, name="empty along the axis"),
        Case((T("f32", (3, 3), [1000, 0, -1000, -INF, 0, 1, -1e30, 1e30, 0]),), **F32, name="large and -inf"),
        Case(
            (T("f32", (2, 3), [-INF] * 3 + [-INF, -INF, 0]),),
            expect=([[NAN] * 3, [-INF, -INF, 0]],),
            name="a row all -inf: NaN",
        ),
        Case(
            (T("f32", (1, 3), [INF, 0, 1]),),
            expect=([[NAN] * 3],),
            plugin=([[NAN, -INF, -INF]],),
            why="the plugin keeps finite elements of a row holding +inf as -inf; the spec's formula subtracts the "
            "max first: inf - inf is NaN throughout",
            name="+inf row",
        ),
        Case(
            (T("f32", (1, 3), [NAN, 0, 1]),),
            expect=([[NAN] * 3],),
            plugin=([[NAN, -INF, -INF]],),
            why="the plugin keeps finite elements of a row holding NaN as -inf; the spec's formula gives NaN "
            "throughout",
            name="NaN row",
        ),
        Case(
            (T("f32", (1, 3), [INF, INF, 0]),),
            expect=([[NAN] * 3],),
            plugin=([[NAN, NAN, -INF]],),
            why="the plugin keeps finite elements of a row holding +inf as -inf; the spec's formula subtracts the "
            "max first: inf - inf is NaN throughout",
            name="two +inf",
        ),
        Case((T("f16", (2, 3, 4)),), attrs={"axis": "2"}, rtol=1e-3, atol=2e-3),
        Case((T("bf16", (2, 3, 4)),), attrs={"axis": "-2"}, **BF16),
        Case((T("f32", (2, 64)),), attrs={"axis": "1"}, **F32, name="a long row"),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 3)),),
        attrs={"axis": "2"},
        match="axis 2 is out of range",
        code="S006",
        name="axis out of range",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)),),
        attrs={"axis": "-3"},
        match="axis -3 is out of range",
        code="S006",
        name="negative axis out of range",
        at="lint",
    ),
    Error((T("f32", ()),), attrs={"axis": "0"}, match="out of range", code="S006", name="scalar", at="lint"),
    Error((T("i32", (2, 3)),), match="data must be of a floating-point type", code="S005", name="i32 data", at="lint"),
    Error(
        (T("f32", (2, 3)),), attrs={"axis": "last"}, match="axis", code="O003", name="axis not an integer", at="lint"
    ),
]

test_cases, test_errors = TABLE.pytest()
