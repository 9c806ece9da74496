"""EmbeddingBagPacked-15: cases against the CPU plugin, reduction left out (sum), sum and mean. The
plugin refuses bags of no index (indices [batch, 0]), which the spec allows (rows it cannot run),
and narrows an i64 table to i32 (a plugin row). A mean of integers truncates toward zero, as the
plugin's."""

from cases.rows import Case, Error, T, Table

from ._embedding_rows import SPEC_TABLE, TOL, IDX2x3, ints, packed_cases, packed_errors, table

SUM, MEAN = {"reduction": "sum"}, {"reduction": "mean"}
BASE = packed_cases()

TABLE = Table(
    "EmbeddingBagPacked",
    "opset15",
    cases=BASE
    + [
        Case(BASE[0].inputs, SUM, name="the spec's example, reduction sum", **TOL),
        Case(BASE[3].inputs, SUM, name="weights, reduction sum"),
        Case((SPEC_TABLE, ints([[0, 2], [1, 2], [3, 4]])), MEAN, name="the spec's mean example", **TOL),
        Case((table(), IDX2x3), MEAN, name="mean", **TOL),
        Case(
            (table(), ints([[3, 0, 9], [7, 7, 1]], "i64", const=True)), MEAN, name="mean, constant i64 indices", **TOL
        ),
        Case((table(6, 2, 3), ints([[5, 1], [0, 0]])), MEAN, name="mean, a 3-D table", **TOL),
        Case((table(etype="f16"), IDX2x3), MEAN, name="mean, f16", rtol=1e-3, atol=1e-3),
        Case((table(etype="bf16", low=-64, high=64), IDX2x3), MEAN, name="mean, bf16", rtol=1e-2, atol=1e-2),
        Case((table(etype="i32", low=-50, high=50), IDX2x3), MEAN, name="mean of i32 rows truncates toward zero"),
        Case(
            (table(etype="i64", low=-50, high=50), ints([[3, 0, 9, 1], [7, 7, 1, 2]], "i64")),
            MEAN,
            name="mean of i64 rows",
        ),
        Case(
            (T("f32", (3, 2), [[1, 2], [3, 4], [5, 6]]), T("i32", (2, 0), [])),
            MEAN,
            name="mean of bags of no index",
            oracle=False,
            expect=([[0, 0], [0, 0]],),
            why="the plugin refuses indices of shape [2, 0]",
        ),
    ],
)

TABLE.errors = packed_errors() + [
    Error(
        (table(5, 2), ints([[0, 2], [3, 1]]), T("f32", (2, 2))),
        attrs=MEAN,
        match=r"per_sample_weights are supported only with reduction 'sum', not 'mean'",
        code="S005",
        at="lint",
        name="mean with weights",
    ),
    Error(
        (table(5, 2), ints([[0, 2], [3, 1]])),
        attrs={"reduction": "avg"},
        match=r"reduction='avg' is not one of sum, mean",
        code="O003",
        at="lint",
        name="unknown reduction",
    ),
]

test_cases, test_errors = TABLE.pytest()
