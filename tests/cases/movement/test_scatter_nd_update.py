"""ScatterNDUpdate-3 (written "opset4", as OpenVINO writes it) and -15: cases against the CPU plugin.

Under reduction none the targets are distinct: with duplicates the plugin writes in parallel
and an earlier update sometimes wins. Boolean sub with a repeated target differs too (the plugin
counts in u8), so boolean cases have distinct targets. Negative indices in -3 (counted from the
end by the plugin, refused by the spec) and indices out of range are error rows."""

import numpy as np

from cases.rows import Case, Error, T, Table

V15 = ("opset15",)


def rows(data_shape, n, k, seed, etype="i64", const=False):
    """``n`` distinct index tuples of length ``k`` into data of ``data_shape``."""
    picks = np.random.default_rng(seed).permutation(int(np.prod(data_shape[:k])))[:n]
    return T(etype, (n, k), np.stack(np.unravel_index(picks, data_shape[:k]), axis=-1), const=const)


def long_indices(n, size, bad, shape=None):
    """``n`` valid indices below ``size``, the last one ``bad``: more indices than the 64 whose
    values the sizing pass shows the rule at run time, so only compute can refuse them there."""
    values = np.arange(n) % size
    values[-1] = bad
    return values if shape is None else values.reshape(shape)


# NOTES.md's example: duplicates and negative indices (-3 is 1), one reduction each.
NOTES = {
    "sum": [61, 72, 23, 4],
    "sub": [-59, -68, -17, 4],
    "prod": [500, 2400, 60, 4],
    "min": [1, 2, 3, 4],
    "max": [50, 40, 20, 4],
}


def notes(etype, reduction):
    return Case(
        (
            T(etype, (4,), [1, 2, 3, 4]),
            T("i64", (5, 1), [[0], [2], [-3], [-3], [0]]),
            T(etype, (5,), [10, 20, 30, 40, 50]),
        ),
        {"reduction": reduction},
        versions=V15,
        expect=(NOTES[reduction],),
        name=f"{etype} {reduction}, NOTES example",
    )


# Duplicates onto few targets (reductions only); float values are eighths: exact sums.
DUP_ELEMENTS = (T("f32", (2, 3)), T("i64", (6, 2), [[0, 0], [1, 2], [0, 0], [-1, -1], [1, 0], [0, -3]]), T("f32", (6,)))
DUP_SLICES = (T("f32", (3, 4)), T("i32", (4, 1), [[2], [0], [-1], [0]]), T("f32", (4, 4)))


def edge_rows(n, size, seed):
    """``n`` row indices into ``size`` rows (negative ones too): heavy duplicates."""
    return T("i64", (n, 1), np.random.default_rng(seed).integers(-size, size, (n, 1)))


# Heavy duplicates onto whole rows of 16 (reduce_rows' path): 60 updates onto 5 rows (prod: 20,
# of 1 or 2, exact).
HEAVY = (
    [
        Case(
            (T(et, (5, 16)), edge_rows(60, 5, 30 + k), T(et, (60, 16))),
            {"reduction": r},
            versions=V15,
            rtol=1e-3 if et == "f16" else 0.0,
            name=f"{et} {r}, heavy duplicates",
        )
        for k, et in enumerate(("f32", "f16", "i32"))
        for r in ("sum", "sub", "min", "max")
    ]
    + [
        Case(
            (T(et, (5, 16), low=1, high=3), edge_rows(20, 5, 40 + k), T(et, (20, 16), low=1, high=3)),
            {"reduction": "prod"},
            versions=V15,
            name=f"{et} prod, heavy duplicates",
        )
        for k, et in enumerate(("f32", "f16", "i32"))
    ]
    + [
        Case(
            (
                T("f32", (4, 2, 16)),
                T("i32", (40, 2), np.stack([np.arange(40) % 4 - 4, np.arange(40) % 2], 1)),
                T("f32", (40, 16)),
            ),
            {"reduction": "sum"},
            versions=V15,
            name="sum, 2-D index tuples, duplicates",
        ),
        Case(
            (T("f32", (5, 16)), T("i64", (0, 1)), T("f32", (0, 16))),
            {"reduction": "max"},
            versions=V15,
            name="max, no updates",
        ),
    ]
)

TABLE = Table(
    "ScatterNDUpdate",
    ("opset4", "opset15"),
    cases=[
        # reduction left out (none)
        Case((T("f32", (3, 4)), rows((3, 4), 3, 2, 1), T("f32", (3,))), name="elements"),
        Case((T("f32", (4, 3)), T("i32", (2, 1), [[3], [1]]), T("f32", (2, 3))), name="rows"),
        Case(
            (T("f32", (2, 3, 4)), T("i64", (2, 1, 2), [[[0, 2]], [[1, 0]]]), T("f32", (2, 1, 4))),
            name="3-D indices, slices",
        ),
        Case((T("f32", (2, 3, 4)), T("i64", (1,), [1]), T("f32", (3, 4))), name="1-D indices, one slice"),
        Case((T("f32", (3, 4)), T("i64", (2,), [2, 1]), T("f32", ())), name="1-D indices, one element"),
        Case(
            (T("f32", (2, 2), [[1.0, 2.0], [3.0, 4.0]]), T("i64", (2,), [1, 0]), T("f32", (1,), [9.0])),
            expect=([[1.0, 2.0], [9.0, 4.0]],),
            oracle=False,
            name="one element, updates of shape [1]",
            why="the plugin refuses to compile updates of shape [1] for a single element (OpenVINO's shape "
            "inference takes them, and so does irexec)",
        ),
        Case((T("f32", (5,)), T("i64", (3, 1), [[4], [0], [2]]), T("f32", (3,))), name="1-D data"),
        Case((T("i32", (4, 3)), rows((4, 3), 5, 2, 2, const=True), T("i32", (5,))), name="constant indices"),
        Case((T("f16", (3, 4)), rows((3, 4), 2, 1, 3, "i32"), T("f16", (2, 4)))),
        Case((T("bf16", (3, 4)), rows((3, 4), 4, 2, 4), T("bf16", (4,)))),
        Case((T("boolean", (4, 2)), rows((4, 2), 3, 1, 5), T("boolean", (3, 2)))),
        Case((T("i8", (2, 2, 2)), rows((2, 2, 2), 8, 3, 6, "i32"), T("i8", (8,))), name="every element"),
        Case((T("i64", (6,)), rows((6,), 3, 1, 7), T("i64", (3,)))),
        Case((T("f32", (3, 4)), T("i64", (0, 1)), T("f32", (0, 4))), name="no indices"),
        Case((T("f32", (1, 3)), T("i64", (1, 1), [[0]]), T("f32", (1, 3))), name="dim of size 1"),
        # -15: negative indices and each reduction
        Case(
            (T("f32", (3, 4)), T("i64", (3, 2), [[-1, 0], [0, -4], [-3, 3]]), T("f32", (3,))),
            versions=V15,
            name="negative indices",
        ),
        Case(
            (T("f32", (4, 3)), T("i32", (2, 1), [[-1], [1]], const=True), T("f32", (2, 3))),
            {"reduction": "none"},
            versions=V15,
            name="none, constant negative indices",
        ),
        *[notes(et, r) for r in NOTES for et in ("f32", "i32")],
        notes("f16", "sum"),
        *[Case(DUP_ELEMENTS, {"reduction": r}, versions=V15, name=f"{r}, elements") for r in NOTES],
        *[Case(DUP_SLICES, {"reduction": r}, versions=V15, name=f"{r}, rows") for r in NOTES],
        *HEAVY,
        # Rows of 16 or more elements are reduced whole: repeated and distinct rows.
        Case(
            (T("f32", (3, 16)), T("i64", (3, 1), [[0], [2], [0]]), T("f32", (3, 16))),
            {"reduction": "sum"},
            versions=V15,
            name="sum, long rows repeated",
        ),
        Case(
            (T("i32", (3, 16)), T("i64", (2, 1), [[2], [0]]), T("i32", (2, 16), low=-9, high=9)),
            {"reduction": "prod"},
            versions=V15,
            name="prod, long distinct rows",
        ),
        Case(
            (T("i16", (2, 2)), T("i64", (3, 2), [[0, 1], [0, 1], [1, 0]]), T("i16", (3,))),
            {"reduction": "sub"},
            versions=V15,
            name="i16 sub",
        ),
        *[
            Case(
                (T("boolean", (5,)), T("i32", (3, 1), [[4], [0], [2]]), T("boolean", (3,))),
                {"reduction": r},
                versions=V15,
                name=f"boolean {r}",
            )
            for r in ("sum", "sub", "prod", "min", "max")
        ],
    ],
)

BASE = (T("f32", (4, 3)), T("i64", (2, 1), [[0], [3]]), T("f32", (2, 3)))
TABLE.errors = [
    Error(
        (T("f32", (4,)), T("i64", (2, 1), [[1], [4]]), T("f32", (2,))),
        match=r"index 4 at position \[1, 0\] is out of range \[(0|-4), 3\] along dim 0",
        code="C004",
        name="index too large",
        at="run",
    ),
    Error(
        (T("f32", (2, 3)), T("i32", (1, 2), [[1, 3]]), T("f32", (1,))),
        match=r"index 3 at position \[0, 1\] is out of range \[(0|-3), 2\] along dim 1",
        code="C004",
        name="index too large in the second column",
        at="run",
    ),
    Error(
        (T("f32", (4,)), T("i64", (2, 1), [[0], [-1]]), T("f32", (2,))),
        match=r"index -1 at position \[1, 0\] is out of range \[0, 3\].*negative indices are not allowed",
        code="C004",
        versions=("opset4",),
        name="negative index in v3",
        at="run",
    ),
    Error(
        (T("f32", (4,)), T("i64", (2, 1), [[0], [-5]]), T("f32", (2,))),
        match=r"index -5 at position \[1, 0\] is out of range \[-4, 3\]",
        code="C004",
        versions=V15,
        name="index below -size",
        at="run",
    ),
    Error(
        (T("f32", (80,)), T("i64", (70, 1), long_indices(70, 80, 80, (70, 1))), T("f32", (70,))),
        match=r"index 80 at position \[69, 0\] is out of range \[(0|-80), 79\]",
        code="C004",
        name="70 indices, one too large",
        at="run",
    ),
    Error(
        (T("f32", (80,)), T("i32", (70, 1), long_indices(70, 80, -1, (70, 1))), T("f32", (70,))),
        match=r"index -1 at position \[69, 0\] is out of range \[0, 79\].*negative",
        code="C004",
        versions=("opset4",),
        name="70 indices, one negative in v3",
        at="run",
    ),
    Error(
        (BASE[0], T("i64", (1, 3), [[0, 1, 2]]), T("f32", (1,))),
        match="indices' last dim 3 is more than data's rank 2",
        code="S005",
        name="index tuples too long",
        at="lint",
    ),
    Error(
        (BASE[0], BASE[1], T("f32", (2, 4))),
        match=r"updates shape \[2,4\] should be \[2,3\]",
        code="S005",
        name="updates shape",
        at="lint",
    ),
    Error(
        (BASE[0], T("i64", (2, 2), [[0, 1], [3, 2]]), T("f32", (2, 1))),
        match=r"updates shape \[2,1\] should be \[2\]",
        code="S005",
        name="updates shape, elements",
        at="lint",
    ),
    Error(
        (BASE[0], T("i8", (2, 1), [[0], [3]]), BASE[2]),
        match="indices must be i32 or i64, got i8",
        code="S005",
        name="i8 indices",
        at="lint",
    ),
    Error(
        (BASE[0], T("u8", (2, 1), [[0], [3]]), BASE[2]),
        match="indices must be i32 or i64, got u8",
        code="S005",
        name="u8 indices",
        at="lint",
    ),
    Error(
        (BASE[0], T("f32", (2, 1), np.zeros((2, 1))), BASE[2]),
        match="indices must be i32 or i64, got f32",
        code="S005",
        name="f32 indices",
        at="lint",
    ),
    Error(
        (BASE[0], BASE[1], T("f16", (2, 3))),
        match="data and updates must have one element type",
        code="S005",
        name="updates type",
        at="lint",
    ),
    Error(
        (T("f32", (), 1.0), T("i64", (1,), [0]), T("f32", ())),
        match="data must have rank 1 or more",
        code="S005",
        name="0-D data",
        at="lint",
    ),
    Error(
        (BASE[0], T("i64", (), 0), T("f32", (4, 3))),
        match="indices must have rank 1 or more",
        code="S005",
        name="0-D indices",
        at="lint",
    ),
    Error(
        BASE,
        attrs={"reduction": "mean"},
        match="reduction='mean' is not one of",
        code="O003",
        versions=V15,
        name="mean is not a reduction here",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
