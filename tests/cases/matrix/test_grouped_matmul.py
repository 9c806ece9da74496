"""GroupedMatMul-17: cases irexec runs alone (the CPU plugin does not implement the op: it refuses
to compile it), against products computed here a row at a time."""

import numpy as np

from cases.rows import Case, Error, T, Table

WHY = "the CPU plugin does not implement GroupedMatMul (it refuses to compile the model)"


def values(etype, shape, shift=0):
    """Small multiples of 1/2 (integers for an integer type): exact in every type here, and so
    are their products' sums; different in each position."""
    steps = (np.arange(int(np.prod(shape)), dtype=np.int64) * 7 + shift) % 13 - 6
    return (steps if etype == "i32" else steps * 0.5).reshape(shape).tolist()


def by_rows(a, b, offsets):
    """Each row of a times the transpose of its group's matrix in b: the group is the first whose
    end offset lies past the row."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    out = np.zeros((a.shape[0], b.shape[1]))
    for t in range(a.shape[0]):
        g = int(np.searchsorted(np.asarray(offsets), t, side="right"))
        out[t] = b[g] @ a[t]
    return out


def two_d(etype, rows, k, n, offsets, const=False, name="", offsets_type="i64"):
    a, b = values(etype, (rows, k)), values(etype, (len(offsets), n, k), shift=3)
    return Case(
        (
            T(etype, (rows, k), a),
            T(etype, (len(offsets), n, k), b, const=const),
            T(offsets_type, (len(offsets),), offsets),
        ),
        expect=(by_rows(a, b, offsets),),
        oracle=False,
        name=name or f"{etype} 2-D by offsets {offsets}",
        why=WHY,
    )


def three_d(etype, g, m, k, n, name=""):
    a, b = values(etype, (g, m, k)), values(etype, (g, n, k), shift=5)
    expect = np.stack([by_rows(a[i], [b[i]], [m]) for i in range(g)]) if g else np.zeros((0, m, n))
    return Case(
        (T(etype, (g, m, k), a), T(etype, (g, n, k), b)),
        expect=(expect,),
        oracle=False,
        name=name or f"{etype} 3-D, {g} groups",
        why=WHY,
    )


A, B, OFF = T("f32", (6, 4)), T("f32", (3, 5, 4)), T("i64", (3,), [2, 3, 6])

TABLE = Table(
    "GroupedMatMul",
    "opset17",
    cases=[
        two_d("f32", 6, 4, 5, [2, 3, 6]),
        two_d("f32", 6, 4, 5, [2, 3, 6], offsets_type="i32", name="i32 offsets"),
        two_d("f32", 6, 4, 5, [0, 6, 6], name="empty groups"),
        two_d("f32", 5, 3, 2, [1, 2, 3, 4, 5], const=True, name="a row per group, weights constant"),
        two_d("f32", 0, 3, 2, [0, 0], name="no rows"),
        two_d("f16", 6, 4, 5, [3, 6]),
        two_d("bf16", 6, 4, 5, [1, 6]),
        two_d("i32", 4, 3, 2, [2, 4]),
        three_d("f32", 3, 2, 4, 5),
        three_d("f16", 2, 3, 4, 2),
        three_d("bf16", 2, 1, 3, 2),
        three_d("i32", 2, 2, 3, 2),
        three_d("f32", 0, 2, 3, 2, name="no groups"),
    ],
    errors=[
        Error((A, B), match="2-D mat_a needs offsets", code="S005", at="lint", name="2-D without offsets"),
        Error((A, T("f32", (5, 4)), OFF), match="takes a 2-D mat_a", code="S005", at="lint", name="2-D mat_b"),
        Error((T("f32", (4,)), B, OFF), match="takes a 2-D mat_a", code="S005", at="lint", name="1-D mat_a"),
        Error(
            (T("f32", (1, 3, 2, 4)), T("f32", (1, 3, 5, 4))),
            match="takes a 2-D mat_a",
            code="S005",
            at="lint",
            name="4-D",
        ),
        Error((A, T("f32", (3, 4, 5)), OFF), match="inner dims differ", code="S005", at="lint", name="b not [G,N,K]"),
        Error((T("f32", (3, 2, 4)), T("f32", (3, 4, 5))), match="inner dims differ", code="S005", at="lint"),
        Error((T("f32", (3, 2, 4)), T("f32", (2, 5, 4))), match="group counts differ", code="S005", at="lint"),
        Error(
            (T("f32", (3, 2, 4)), T("f32", (3, 5, 4)), OFF),
            match="offsets only with a 2-D",
            code="S005",
            at="lint",
            name="offsets with 3-D",
        ),
        Error((A, B, T("i64", (1, 3), [[2, 3, 6]])), match="must be 1-D", code="S005", at="lint", name="2-D offsets"),
        Error(
            (A, T("f32", (2, 5, 4)), OFF),
            match="one entry per group",
            code="S005",
            at="lint",
            name="more offsets than groups",
        ),
        Error((A, B, T("f32", (3,), [2.0, 3.0, 6.0])), match="offsets must be", code="S005", at="lint", name="f32"),
        Error((A, T("f16", (3, 5, 4)), OFF), match="one element type", code="S005", at="lint", name="mixed types"),
        Error((T("boolean", (6, 4)), T("boolean", (3, 5, 4)), OFF), match="numeric", code="S005", at="lint"),
        Error((A, B, T("i64", (3,), [3, 2, 6])), match="should rise from 0", at="run", name="falling offsets"),
        Error((A, B, T("i64", (3,), [2, 3, 5])), match="should rise from 0", at="run", name="short of the rows"),
        Error((A, B, T("i64", (3,), [-1, 3, 6])), match="should rise from 0", at="run", name="negative"),
    ],
)

test_cases, test_errors = TABLE.pytest()
