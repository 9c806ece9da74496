"""ScaledDotProductAttention-13: cases against the CPU plugin.

Scores are sums of products of multiples of 1/8, so the plugin's order of operations (it may
scale the query first, and its exp is its own) shows only as f32 rounding: rtol/atol cover it.
Where the plugin leaves the output uninitialised (an empty S, E = 0), only irexec runs the case."""

import numpy as np

from cases.rows import Case, Error, T, Table

F = {"causal": "false"}
C = {"causal": "true"}
TOL = {"rtol": 1e-5, "atol": 1e-5}


def qkv(q, k, v, et="f32"):
    return (T(et, q), T(et, k), T(et, v))


Q, K, V = (1, 2, 3, 4), (1, 2, 5, 4), (1, 2, 5, 6)
ROW_MASKED = np.ones((1, 2, 3, 5), bool)
ROW_MASKED[0, 1, 2] = False
ROW_MASKED[0, 0, 0, :3] = False
VALUES = np.arange(30, dtype=np.float32).reshape(1, 1, 5, 6) / 8

TABLE = Table(
    "ScaledDotProductAttention",
    "opset13",
    cases=[
        Case(qkv(Q, K, V), F, name="no mask", **TOL),
        Case(qkv(Q, K, V), C, name="causal, L < S", **TOL),
        Case(qkv((1, 2, 6, 4), (1, 2, 4, 4), (1, 2, 4, 3)), C, name="causal, L > S", **TOL),
        Case(qkv(Q, K, V) + (T("f32", (1, 2, 3, 5)), T("f32", (), [0.25])), C, name="causal ignores the mask", **TOL),
        Case(qkv(Q, K, V) + (T("f32", (1, 2, 3, 5)),), F, name="float mask", **TOL),
        Case(qkv(Q, K, V) + (T("f32", (1, 2, 3, 5), const=True),), F, name="constant float mask", **TOL),
        Case(
            qkv(Q, K, V) + (T("boolean", (1, 2, 3, 5), ROW_MASKED),),
            F,
            name="boolean mask, one row all false (NaN, as the formula and the plugin give)",
            **TOL,
        ),
        Case(qkv(Q, K, V) + (T("f32", (3, 5)),), F, name="rank-2 mask", **TOL),
        Case(qkv(Q, K, V) + (T("f32", (1, 1, 1, 5)),), F, name="mask L=1 broadcasts", **TOL),
        Case(qkv(Q, K, V) + (T("f32", (2, 3, 1)),), F, name="mask S=1 broadcasts", **TOL),
        Case(qkv((1, 2, 1, 4), K, V) + (T("f32", (1, 2, 3, 5)),), F, name="mask L=3 broadcasts a query of L=1", **TOL),
        Case(qkv(Q, K, V) + (T("f32", (3, 1, 3, 5)),), F, name="mask batch broadcasts the output", **TOL),
        Case(qkv(Q, K, V) + (T("f32", (), [0.0]),), F, name="scalar zero mask", **TOL),
        Case(qkv(Q, K, V) + (T("f32", (), [3.0]),), F, name="scalar mask 3 is added to every score", **TOL),
        Case(qkv(Q, K, V) + (T("boolean", (), [True]),), F, name="scalar true mask", **TOL),
        Case(qkv(Q, K, V) + (T("boolean", (), [False]),), F, name="scalar false mask: every row NaN"),
        Case(qkv(Q, K, V) + (T("f32", (1, 2, 3, 5)), T("f32", (), [0.25])), F, name="scale", **TOL),
        Case(
            qkv(Q, K, V) + (T("boolean", (1, 2, 3, 5)), T("f32", (1,), [0.5], const=True)),
            F,
            name="constant 1-element scale",
            **TOL,
        ),
        Case(qkv((1, 4, 3, 4), (1, 1, 5, 4), (1, 1, 5, 6)), F, name="one key/value head for 4 query heads", **TOL),
        Case(qkv((1, 2, 3, 4), (2, 1, 5, 4), (1, 2, 5, 6)), F, name="batch dims broadcast both ways", **TOL),
        Case(qkv((2, 3, 4), (2, 5, 4), (2, 5, 6)), F, name="rank 3", **TOL),
        Case(qkv((2, 1, 2, 3, 4), (1, 3, 2, 5, 4), (2, 3, 1, 5, 6)), F, name="rank 5", **TOL),
        Case(qkv((1, 2, 3, 4), (2, 5, 4), (5, 6)[:0] + (2, 5, 6)), F, name="query rank 4, key and value rank 3", **TOL),
        Case(
            (T("f32", (1, 1, 3, 4)), T("f32", (1, 1, 5, 4)), T("f32", (1, 1, 5, 6), VALUES)),
            C,
            name="causal with exact values",
            **TOL,
        ),
        Case(qkv(Q, K, V, "f16"), F, name="f16", rtol=1e-3, atol=1e-3),
        Case(
            qkv(Q, K, V, "f16") + (T("f16", (1, 2, 3, 5)), T("f16", (), [0.5])),
            C,
            name="f16 causal with scale",
            rtol=1e-3,
            atol=1e-3,
        ),
        Case(qkv(Q, K, V, "bf16") + (T("boolean", (1, 1, 3, 5)),), F, name="bf16", rtol=8e-3, atol=8e-3),
        Case(qkv((1, 2, 0, 4), K, V), F, name="L = 0"),
        # The sink (sixth input): one more score per row, dropped after the softmax.
        Case(
            qkv(Q, K, V) + (T("f32", (1, 2, 3, 5)), T("f32", (), [0.5]), T("f32", (1, 2, 3, 1))), F, name="sink", **TOL
        ),
        Case(
            qkv(Q, K, V) + (T("f32", ()), T("f32", (), [0.5]), T("f32", (1, 2, 1, 1), const=True)),
            F,
            name="constant sink broadcast over L",
            **TOL,
        ),
        Case(
            qkv(Q, K, V) + (T("f32", (1, 2, 3, 5)), T("f32", (1,), [0.25]), T("f32", (1, 1, 3, 1))),
            C,
            name="causal with a sink broadcast over heads",
            **TOL,
        ),
        Case(
            qkv(Q, K, V) + (T("boolean", (), [False]), T("f32", (), [0.5]), T("f32", (1, 2, 3, 1))),
            F,
            name="sink with every score masked: zeros",
            **TOL,
        ),
        Case(
            qkv(Q, K, V)
            + (T("f32", (1, 2, 3, 5)), T("f32", (), [0.5]), T("f32", (1, 2, 3, 1), [-np.inf, 0, 1, 2, 3, 4])),
            F,
            name="sink -inf",
            **TOL,
        ),
        Case(
            qkv((1, 2, 3, 4), (1, 2, 0, 4), (1, 2, 0, 6)),
            F,
            name="S = 0",
            expect=(np.zeros((1, 2, 3, 6), np.float32),),
            oracle=False,
            why="the plugin leaves the output uninitialised",
        ),
        Case(
            (T("f32", (1, 1, 2, 0)), T("f32", (1, 1, 5, 0)), T("f32", (1, 1, 5, 6), VALUES)),
            F,
            name="E = 0, default scale 1/sqrt(0): NaN",
            expect=(np.full((1, 1, 2, 6), np.nan, np.float32),),
            oracle=False,
            why="the plugin leaves the output uninitialised",
        ),
        Case(
            (
                T("f32", (1, 1, 2, 0)),
                T("f32", (1, 1, 5, 0)),
                T("f32", (1, 1, 5, 6), VALUES),
                T("f32", ()),
                T("f32", (), [0.5]),
            ),
            F,
            name="E = 0 with a scale: the mean of the values",
            expect=(np.broadcast_to(VALUES.mean(axis=2, keepdims=True), (1, 1, 2, 6)),),
            oracle=False,
            why="the plugin leaves the output uninitialised",
        ),
    ],
)
TABLE.errors = [
    Error(qkv((3, 4), (5, 4), (5, 6)), "query must have rank 3 or more", F, code="S005", at="lint"),
    Error(qkv(Q, (1, 2, 5, 3), V), "differ in E", F, code="S005", at="lint"),
    Error(qkv(Q, K, (1, 2, 4, 6)), "differ in S", F, code="S005", at="lint"),
    Error(
        qkv((1, 4, 3, 4), K, V),
        "batch dims do not broadcast",
        F,
        code="S005",
        at="lint",
        name="2 key heads for 4 query heads",
    ),
    Error(qkv(Q, K, V) + (T("f32", (5,)),), "scalar or have rank 2 or more", F, code="S005", at="lint"),
    Error(qkv(Q, K, V) + (T("f32", (1, 2, 3, 4)),), "does not broadcast to S=5", F, code="S005", at="lint"),
    Error(
        qkv(Q, K, V) + (T("f32", (1, 3, 3, 5)),),
        "does not broadcast with the scores",
        F,
        code="S005",
        at="lint",
        name="mask batch",
    ),
    Error(qkv(Q, K, V) + (T("f16", (1, 2, 3, 5)),), "boolean or of the query's type", F, code="S005", at="lint"),
    Error(qkv(Q, K, V) + (T("i32", (1, 2, 3, 5)),), "attention_mask must be", F, code="S005", at="lint"),
    Error(qkv(Q, K, V) + (T("f32", ()), T("f32", (1, 1))), "scalar or have 1 element", F, code="S005", at="lint"),
    Error(
        qkv(Q, K, V) + (T("f32", ()), T("f32", (2,))),
        "scalar or have 1 element",
        F,
        code="S005",
        at="lint",
        name="2-element scale",
    ),
    Error(
        qkv(Q, K, V) + (T("f32", ()), T("f32", ()), T("f32", (2, 3, 1))),
        "sink must have the scores' rank",
        F,
        code="S005",
        at="lint",
    ),
    Error(qkv(Q, K, V) + (T("f32", ()), T("f32", ()), T("f32", (1, 2, 3, 2))), "last dim 1", F, code="S005", at="lint"),
    Error(
        qkv(Q, K, V) + (T("f32", ()), T("f32", ()), T("f32", (2, 2, 3, 1))),
        "sink .* does not broadcast",
        F,
        code="S005",
        at="lint",
        name="sink enlarging the batch",
    ),
    Error((T("f32", Q), T("f16", K), T("f32", V)), "one element type", F, code="S005", at="lint"),
    Error(qkv(Q, K, V, "i32"), "floating-point", F, code="S005", at="lint"),
    Error(qkv(Q, K, V), "required attribute 'causal'", {}, code="O003", at="lint", name="causal left out"),
    Error(qkv(Q, K, V), "causal", {"causal": "maybe"}, code="O003", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
