"""OneHot-1 and OneHot-16: cases against the CPU plugin. Indices outside [0, depth) give rows of
off_value (negative ones too: the spec leaves them undefined, the plugin gives off_value); the
plugin narrows i64 indices to i32: a plugin row. Every row runs under both versions (OneHot-16's
negative_indices_mode left out is OneHot-1's rule); OneHot-16's own rows set the mode:
``normalize`` counts indices in [-depth, -1] from the end. The spec's page spells the other mode
``ignore-negative``, which OpenVINO does not read (it writes ``ignore_negative``): that row runs
in irexec alone."""

from cases.rows import Case, Error, T, Table


def scalar(etype, value, const=True):
    return T(etype, (), value, const=const)


def ax(a, mode=None):
    return {"axis": str(a)} | ({} if mode is None else {"negative_indices_mode": mode})


V16 = ("opset16",)
NEG = [0, -5, -2, 2, -3, 3, -1]


ON_OFF = (scalar("f32", 1.5), scalar("f32", -2.0))

TABLE = Table(
    "OneHot",
    ("opset1", "opset16"),
    cases=[
        Case((T("i32", (4,), [0, 2, 1, 2]), scalar("i32", 3), *ON_OFF), ax(-1), name="axis -1"),
        Case(
            (T("i64", (2, 3), [[0, 3, 1], [1, 2, 4]]), scalar("i64", 3), *ON_OFF),
            ax(1),
            name="axis 1, indices >= depth",
        ),
        Case(
            (T("i32", (2, 3), low=0, high=4), scalar("i64", 4, const=False), *ON_OFF),
            ax(0),
            name="axis 0, depth at run time",
        ),
        Case(
            (T("i32", (3, 2), low=-1, high=5, const=True), scalar("i32", 4), *ON_OFF),
            ax(-3),
            name="constant indices, axis -3",
        ),
        Case((T("i64", (7,), [0, 2, -1, 3, -3, 5, 1]), scalar("i64", 3), *ON_OFF), ax(0), name="negative indices"),
        Case((T("i32", (), 1), scalar("i32", 3), *ON_OFF), ax(0), name="0-D indices"),
        Case((T("i32", (), 2), scalar("i32", 3), *ON_OFF), ax(-1), name="0-D indices, axis -1"),
        Case((T("i32", (2, 0), []), scalar("i32", 3), *ON_OFF), ax(1), name="empty indices"),
        Case((T("i32", (3,), [0, 1, 0]), scalar("i32", 1), *ON_OFF), ax(1), name="depth 1"),
        Case(
            (T("i32", (2, 2), [[1, 0], [0, 2]]), scalar("i32", 3), scalar("i8", 1), scalar("i8", 0)),
            ax(-1),
            name="i8 values",
        ),
        Case(
            (
                T("i32", (3,), [2, 0, 1]),
                scalar("i64", 3),
                scalar("i64", 7, const=False),
                scalar("i64", -9, const=False),
            ),
            ax(1),
            name="i64 values at run time",
        ),
        Case(
            (T("i32", (2,), [1, 0]), scalar("i32", 3), scalar("boolean", True), scalar("boolean", False)),
            ax(-1),
            name="boolean values",
        ),
        Case(
            (T("i64", (2,), [1, 5]), scalar("i32", 3), scalar("f16", 2.5), scalar("f16", 0.5)),
            ax(-1),
            name="f16 values, i32 depth with i64 indices",
        ),
        Case(
            (T("i32", (2,), [2, 1]), scalar("i32", 3), scalar("bf16", 2.5), scalar("bf16", -0.5)),
            ax(0),
            name="bf16 values",
        ),
        Case(
            (T("i64", (2,), [2**33 + 1, 1]), scalar("i64", 3), *ON_OFF),
            ax(-1),
            name="i64 index beyond i32",
            expect=([[-2.0, -2.0, -2.0], [-2.0, 1.5, -2.0]],),
            plugin=([[-2.0, 1.5, -2.0], [-2.0, 1.5, -2.0]],),
            why="the plugin narrows i64 indices to i32 (2^33 + 1 becomes 1)",
        ),
        # OneHot-16's modes.
        Case((T("i32", (7,), NEG), scalar("i32", 3), *ON_OFF), ax(-1, "normalize"), versions=V16, name="normalize"),
        Case(
            (T("i64", (7,), NEG), scalar("i64", 3), *ON_OFF), ax(0, "normalize"), versions=V16, name="normalize, axis 0"
        ),
        Case(
            (T("i32", (7,), NEG), scalar("i32", 3), *ON_OFF),
            ax(-1, "ignore_negative"),
            versions=V16,
            name="ignore_negative",
        ),
        Case(
            (T("i32", (7,), NEG), scalar("i32", 3), *ON_OFF),
            ax(-1, "ignore-negative"),
            versions=V16,
            expect=([[1.5 if i == j else -2.0 for j in range(3)] for i in NEG],),
            oracle=False,
            why="OpenVINO reads only ignore_negative, not the spec's spelling ignore-negative",
            name="ignore-negative",
        ),
        Case(
            (T("i32", (2, 3), low=-4, high=4), scalar("i64", 4, const=False), *ON_OFF),
            ax(1, "normalize"),
            versions=V16,
            name="normalize, depth at run time",
        ),
        Case(
            (T("i64", (3, 2), low=-6, high=3, const=True), scalar("i64", 3), scalar("i32", 7), scalar("i32", 0)),
            ax(-2, "normalize"),
            versions=V16,
            name="normalize, constant indices",
        ),
        Case(
            (T("i32", (4,), [-1, -2, 0, -3]), scalar("i32", 1), *ON_OFF),
            ax(0, "normalize"),
            versions=V16,
            name="normalize, depth 1",
        ),
        Case(
            (T("i32", (), -2), scalar("i32", 5), scalar("f16", 1.0), scalar("f16", 0.0)),
            ax(0, "normalize"),
            versions=V16,
            name="normalize, 0-D",
        ),
        Case(
            (T("i64", (3,), [2**33 + 1, -(2**33) - 1, -2]), scalar("i64", 3), *ON_OFF),
            ax(-1, "normalize"),
            versions=V16,
            name="normalize, i64 beyond i32",
            expect=([[-2.0, -2.0, -2.0], [-2.0, -2.0, -2.0], [-2.0, 1.5, -2.0]],),
            plugin=([[-2.0, 1.5, -2.0], [-2.0, -2.0, 1.5], [-2.0, 1.5, -2.0]],),
            why="the plugin narrows i64 indices to i32 (2^33 + 1 becomes 1, -2^33 - 1 becomes -1)",
        ),
    ],
)

BASE = (T("i32", (3,), [0, 1, 2]), scalar("i32", 3), *ON_OFF)
TABLE.errors = [
    Error(
        (BASE[0], scalar("i32", 0, const=False), *ON_OFF),
        attrs=ax(-1),
        match="depth must be positive, got 0",
        code="S005",
        name="depth 0",
        at="run",
    ),
    Error(
        (BASE[0], scalar("i64", -2, const=False), *ON_OFF),
        attrs=ax(-1),
        match="depth must be positive, got -2",
        code="S005",
        name="negative depth",
        at="run",
    ),
    Error(BASE, attrs=ax(2), match=r"axis 2 is out of range \[-2, 1\]", code="S006", name="axis above rank", at="lint"),
    Error(
        BASE,
        attrs=ax(-3),
        match=r"axis -3 is out of range \[-2, 1\]",
        code="S006",
        name="axis below -rank - 1",
        at="lint",
    ),
    Error(BASE, match="required attribute 'axis' is missing", code="O003", name="axis left out", at="lint"),
    Error(
        (BASE[0], T("i32", (1,), [3], const=True), *ON_OFF),
        attrs=ax(-1),
        match=r"depth must be a scalar, got shape \[1\]",
        code="S005",
        name="depth of shape [1]",
        at="lint",
    ),
    Error(
        (BASE[0], BASE[1], T("f32", (1,), [1.0]), BASE[3]),
        attrs=ax(-1),
        match=r"on_value must be a scalar, got shape \[1\]",
        code="S005",
        name="on_value of shape [1]",
        at="lint",
    ),
    Error(
        (BASE[0], BASE[1], BASE[2], scalar("f16", 0.0)),
        attrs=ax(-1),
        match="on_value and off_value must have one element type, got f32, f16",
        code="S005",
        name="off_value of another type",
        at="lint",
    ),
    Error(
        (T("f32", (3,), [0.0, 1.0, 2.0]), *BASE[1:]),
        attrs=ax(-1),
        match="indices must be i32 or i64, got f32",
        code="S005",
        name="f32 indices",
        at="lint",
    ),
    Error(
        (T("u8", (3,), [0, 1, 2]), *BASE[1:]),
        attrs=ax(-1),
        match="indices must be i32 or i64, got u8",
        code="S005",
        name="u8 indices",
        at="lint",
    ),
    Error(
        BASE,
        attrs=ax(-1, "wrap"),
        match="negative_indices_mode",
        code="O003",
        versions=V16,
        name="unknown negative_indices_mode",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
