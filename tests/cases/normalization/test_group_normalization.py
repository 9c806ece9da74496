"""GroupNormalization-12: cases against the CPU plugin.

The plugin sums in another order: f32 results agree within a few ulp."""

from cases.rows import Case, Error, T, Table

F32 = {"rtol": 1e-5, "atol": 1e-5}
INF = float("inf")
# Groups of one channel [m + a, m - a]: centred +-a over a standard deviation |a|, so +-1 exactly.
BF16_DATA = [3, 1, -2, 2, 0.5, 1.5, 8, 24]


def gn(data, c, const=False, etype=None, scale=None):
    """The data (its dim 1 is C), a scale and a bias of C values (the bias constant when ``const``)."""
    et = etype or data.etype
    return (data, scale or T(et, (c,)), T(et, (c,), const=const))


def attrs(groups, eps="0.01"):
    return {"num_groups": str(groups), "epsilon": eps}


TABLE = Table(
    "GroupNormalization",
    "opset12",
    cases=[
        Case(gn(T("f32", (2, 6, 3, 2)), 6), attrs=attrs(1), **F32, name="one group"),
        Case(gn(T("f32", (2, 6, 3, 2)), 6, const=True), attrs=attrs(2), **F32),
        Case(gn(T("f32", (2, 6, 3, 2)), 6), attrs=attrs(3, "0.5"), **F32),
        Case(gn(T("f32", (2, 6, 3, 2)), 6), attrs=attrs(6, "1e-9"), **F32, name="a group per channel"),
        Case(gn(T("f32", (3, 4)), 4), attrs=attrs(2), **F32, name="2-D"),
        Case(gn(T("f32", (3, 4, 5)), 4, const=True), attrs=attrs(4), **F32, name="3-D"),
        Case(gn(T("f32", (1, 4, 2, 2, 3)), 4), attrs=attrs(2), **F32, name="5-D"),
        Case(gn(T("f32", (2, 4, 1)), 4), attrs=attrs(4), name="one element per group: the bias"),
        Case(
            gn(T("f32", (2, 2, 3), [INF, 0, 1, 1, 2, 3, 0, 0, 0, 1, 1, 1]), 2),
            attrs=attrs(2),
            **F32,
            name="inf and constant groups",
        ),
        Case(gn(T("f32", (2, 4, 0)), 4), attrs=attrs(2), name="empty"),
        Case(gn(T("f32", (0, 4, 3)), 4), attrs=attrs(2), name="no samples"),
        Case(gn(T("f16", (2, 4, 3)), 4), attrs=attrs(2), rtol=2e-3, atol=2e-3),
        Case(
            (T("bf16", (1, 4, 2), BF16_DATA), T("bf16", (4,), [1, 2, 0.5, -1]), T("bf16", (4,), [0, 1, -0.25, 3])),
            attrs=attrs(4, "0"),
            expect=([[[1, -1], [-1, 3], [-0.75, 0.25], [4, 2]]],),
            oracle=False,
            why="the plugin compiles no bf16 GroupNormalization",
            name="bf16, exact",
        ),
    ],
)
TABLE.errors = [
    Error(
        gn(T("f32", (2, 6, 3)), 6),
        attrs=attrs(4),
        match="num_groups=4 does not divide the 6 channels",
        code="S005",
        name="groups do not divide channels",
        at="lint",
    ),
    Error(
        gn(T("f32", (2, 6, 3)), 6),
        attrs=attrs(12),
        match="num_groups=12 does not divide",
        code="S005",
        name="more groups than channels",
        at="lint",
    ),
    Error(
        gn(T("f32", (2, 6, 3)), 6),
        attrs=attrs(0),
        match="num_groups must be 1 or more",
        code="O003",
        name="no groups",
        at="lint",
    ),
    Error(
        gn(T("f32", (2, 6, 3)), 6),
        attrs={"epsilon": "0.1"},
        match="required attribute 'num_groups'",
        code="O003",
        name="no num_groups",
        at="lint",
    ),
    Error(
        gn(T("f32", (2, 6, 3)), 6),
        attrs={"num_groups": "2"},
        match="required attribute 'epsilon'",
        code="O003",
        name="no epsilon",
        at="lint",
    ),
    Error(
        gn(T("f32", (2, 6, 3)), 6),
        attrs=attrs(2, "-1e-5"),
        match="epsilon must be a non-negative number",
        code="O003",
        name="negative epsilon",
        at="lint",
    ),
    Error(
        gn(T("f32", (2, 6, 3)), 4),
        attrs=attrs(2),
        match=r"scale has 4 values, the data's channels \(6\) differ",
        code="S005",
        name="scale too short",
        at="lint",
    ),
    Error(
        (T("f32", (2, 6, 3)), T("f32", (6,)), T("f32", (5,))),
        attrs=attrs(2),
        match=r"bias has 5 values",
        code="S005",
        name="bias too short",
        at="lint",
    ),
    Error(
        (T("f32", (2, 6, 3)), T("f32", (1, 6)), T("f32", (6,))),
        attrs=attrs(2),
        match="scale must be 1-D",
        code="S005",
        name="2-D scale",
        at="lint",
    ),
    Error(
        gn(T("f32", (6,)), 6),
        attrs=attrs(2),
        match="data must have rank 2 or more",
        code="S005",
        name="1-D data",
        at="lint",
    ),
    Error(
        gn(T("i32", (2, 6, 3)), 6),
        attrs=attrs(2),
        match="data must be of a floating-point type",
        code="S005",
        name="i32 data",
        at="lint",
    ),
    Error(
        gn(T("f32", (2, 6, 3)), 6, etype="f16"),
        attrs=attrs(2),
        match="must have one element type",
        code="S005",
        name="f16 scale and bias",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
