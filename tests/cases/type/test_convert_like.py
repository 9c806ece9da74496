"""ConvertLike-1: cases against the CPU plugin. The conversion is Convert-1's (its own table
covers every pair of types and edge value); here, that the type comes from ``like`` (its shape
and values unused: a ``like`` of another shape, a scalar, an empty one, a constant), on values
where the plugin is exact, and one place where it departs (it narrows i64 to i32)."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
I32_MIN = -(2**31)
FLOATS = [-100.75, -2.5, -1.0, -0.0, 0.0, 0.5, 1.75, 3.0, 100.25]


def like(src, vals, dst, like_shape=(1,), const=False, **kw):
    return Case((T(src, (len(vals),), vals), T(dst, like_shape, const=const)), **kw)


TABLE = Table(
    "ConvertLike",
    "opset1",
    cases=[
        like("f32", FLOATS, "i32", name="f32 like i32: truncates"),
        like("f32", FLOATS, "f16", (2, 3), name="f32 like f16, like of another shape"),
        like("f32", FLOATS, "bf16", (), name="f32 like a bf16 scalar"),
        like("f32", FLOATS, "i8", (0,), name="like empty"),
        like("f32", FLOATS, "boolean", (3,), const=True, name="like a constant"),
        like("f16", FLOATS, "f32"),
        like("bf16", FLOATS, "f32"),
        like("f32", FLOATS, "f64"),
        like("i32", [-100, -1, 0, 1, 3, 100, 127], "f32"),
        like("i64", [-100, -1, 0, 1, 3, 100, 127], "i32"),
        like("i32", [300, -1, -256, 2**31 - 1], "u8", expect=([44, 255, 0, 255],), name="i32 like u8 keeps low bits"),
        like("u8", [0, 1, 2, 200, 255], "i8", expect=([0, 1, 2, -56, -1],), name="u8 like i8 wraps"),
        like("boolean", [True, False, True], "f32"),
        like("i32", [5, 0, -3], "boolean", expect=([True, False, True],), name="i32 like boolean"),
        like(
            "f32",
            [200.0, -1.5, 2.75, 300.0, NAN, INF],
            "u8",
            expect=([200, 255, 2, 44, 0, 0],),
            name="f32 like u8, out of range",
        ),
        like("f32", [1.0, 2.0], "f32", name="same type"),
        Case((T("f32", (2, 0)), T("i32", (2,))), name="empty data"),
        Case((T("f32", (), 7.5), T("i64", (4,))), name="scalar data"),
        Case((T("f32", (2, 3), const=True), T("i16", (1,), const=True)), name="both constant"),
        like(
            "f32",
            [3e9, -3e9],
            "i64",
            expect=([3000000000, -3000000000],),
            plugin=([I32_MIN, I32_MIN],),
            why="the plugin narrows i64 to i32 (out-of-range floats become -2^31 there)",
            name="f32 like i64 beyond i32",
        ),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2,)),),
        match="ConvertLike takes 2 inputs, the layer declares 1",
        code="O004",
        name="like left out",
        at="lint",
    ),
    Error(
        (T("f32", (2,)), T("u1", (8,), [1, 0, 1, 1, 0, 0, 1, 0], const=True)),
        match="ConvertLike's like must be",
        code="S005",
        name="u1 like",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
