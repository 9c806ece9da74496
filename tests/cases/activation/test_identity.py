"""Identity-16: cases against the CPU plugin: every element type a Parameter can have, special
floats (NaN, infinities, -0 kept as they are), empty and scalar tensors, a constant input. The
plugin narrows i64 to i32: a plugin row."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")

TABLE = Table(
    "Identity",
    "opset16",
    cases=[
        Case((T("f32", (2, 3)),)),
        Case((T("f32", (6,), [-INF, -1.5, -0.0, 0.0, NAN, INF]),), name="special floats"),
        Case((T("f16", (2, 3)),)),
        Case((T("bf16", (3, 2)),)),
        Case((T("f64", (4,)),)),
        Case((T("i8", (5,)),)),
        Case((T("i32", (2, 2, 2)),)),
        Case(
            (T("i64", (3,), [-(2**40), 3, 2**40 + 5]),),
            name="i64 beyond i32",
            expect=([-(2**40), 3, 2**40 + 5],),
            plugin=([0, 3, 5],),
            why="the plugin narrows i64 to i32 (keeps the low 32 bits)",
        ),
        Case((T("u8", (4,)),)),
        Case((T("u16", (2,)),)),
        Case((T("boolean", (2, 3)),)),
        Case((T("f32", (0, 3)),), name="empty"),
        Case((T("f32", (), 2.5),), name="scalar"),
        Case((T("f32", (2, 3), const=True),), name="constant input"),
        Case((T("i32", (1, 1, 1, 1, 5)),), name="rank 5"),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2,)), T("f32", (2,))),
        match="Identity takes 1 inputs, the layer declares 2",
        code="O004",
        name="two inputs",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
