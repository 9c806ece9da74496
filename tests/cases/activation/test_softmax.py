"""SoftMax-1 and SoftMax-8: cases against the CPU plugin.

The plugin's exp is vectorised code of its own: f32 results agree within a few ulp. Where the
two sides must agree exactly (SoftMax-1 without axis, a plugin row) the data makes every
output exact: 0, 1/2, 1."""

from cases.rows import Case, Error, T, Table

INF = float("inf")
F32 = {"rtol": 1e-5, "atol": 1e-7}
BF16 = {"rtol": 2**-7}  # one bf16 ulp: rounding may differ with the CPU's instruction set

TABLE = Table(
    "SoftMax",
    ("opset1", "opset8"),
    cases=[
        Case((T("f32", (2, 3, 4)),), versions=("opset8",), **F32),  # axis left out: 1
        Case(
            (T("f32", (2, 2), [0, 1000, 0, 0]),),
            versions=("opset1",),
            expect=([[0, 1], [0.5, 0.5]],),
            plugin=([[0.5, 1], [0.5, 0]],),
            why="OpenVINO reads a SoftMax-1 without axis as axis 0; the spec's default is 1",
        ),
        Case((T("f32", (2, 3, 4)),), attrs={"axis": "1"}, versions=("opset1",), **F32),
        Case((T("f32", (2, 3, 4)),), attrs={"axis": "0"}, **F32),
        Case((T("f32", (2, 3, 4)),), attrs={"axis": "2"}, **F32),
        Case((T("f32", (5,)),), attrs={"axis": "0"}, **F32, name="1-D"),
        Case((T("f32", (2, 1, 3)),), attrs={"axis": "1"}, name="1-sized axis: all ones"),
        Case((T("f32", (2, 0, 3)),), attrs={"axis": "2"}, name="empty"),
        Case((T("f32", (2, 0, 3)),), attrs={"axis": "1"}, name="empty along the axis"),
        Case((T("f32", (2, 3), [1000, 0, -1000, -INF, 0, 1]),), attrs={"axis": "1"}, **F32, name="large and -inf"),
        Case((T("f16", (2, 3, 4)),), attrs={"axis": "2"}, rtol=1e-3),
        Case((T("bf16", (2, 3, 4)),), attrs={"axis": "1"}, **BF16),
        Case((T("f32", (2, 3, 4)),), attrs={"axis": "-1"}, versions=("opset8",), **F32),
        Case((T("f32", (2, 3, 4)),), attrs={"axis": "-3"}, versions=("opset8",), **F32),
        Case((T("f16", (3, 4)),), attrs={"axis": "-2"}, versions=("opset8",), rtol=1e-3),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 3)),),
        attrs={"axis": "-1"},
        versions=("opset1",),
        match="must be non-negative",
        code="S005",
        name="negative axis in SoftMax-1",
        at="lint",
    ),
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
        versions=("opset8",),
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
