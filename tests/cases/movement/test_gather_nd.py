"""GatherND-5 and -8: cases against the CPU plugin.

With batch_dims, GatherND-5 merges the batch dims of its output into one, GatherND-8 keeps
them. Negative indices count from the end (the specs are silent; the plugin and irexec agree).
Indices out of range make the plugin read past the data: error rows, which only irexec runs."""

import numpy as np

from cases.rows import Case, Error, T, Table


def tuples(data_shape, lead, k, seed, etype="i64", const=False, negative=False):
    """Index tuples of length ``k`` (indices of shape ``lead + (k,)``) into ``data_shape``, each
    column within its dim (from -dim when ``negative``)."""
    rng = np.random.default_rng(seed)
    cols = [rng.integers(-d if negative else 0, d, lead) for d in data_shape[:k]]
    return T(etype, tuple(lead) + (k,), np.stack(cols, axis=-1), const=const)


def batched(data_shape, lead, k, b, seed, etype="i64", const=False):
    """Like ``tuples``, for data's dims after the first ``b`` (batch) dims."""
    return tuples(data_shape[b:], lead, k, seed, etype, const)


def long_indices(n, size, bad, shape=None):
    """``n`` valid indices below ``size``, the last one ``bad``: more indices than the 64 whose
    values the sizing pass shows the rule at run time, so only compute can refuse them there."""
    values = np.arange(n) % size
    values[-1] = bad
    return values if shape is None else values.reshape(shape)


TABLE = Table(
    "GatherND",
    ("opset5", "opset8"),
    cases=[
        # batch_dims left out (0)
        Case((T("f32", (3, 4)), tuples((3, 4), (2,), 2, 1)), name="elements"),
        Case((T("f32", (3, 4)), T("i32", (2, 1), [[2], [0]])), name="rows"),
        Case((T("f32", (2, 3, 4)), tuples((2, 3, 4), (2, 2), 2, 2)), name="2-D tuples, slices"),
        Case((T("f32", (2, 3, 4)), T("i64", (1,), [1])), name="1-D indices, one slice"),
        Case((T("f32", (2, 3, 4)), T("i64", (3,), [1, 2, 3])), name="1-D indices, one element"),
        Case((T("f32", (3, 4)), tuples((3, 4), (3,), 2, 3, negative=True)), name="negative indices"),
        Case((T("i32", (3, 4)), tuples((3, 4), (2, 2), 1, 4, const=True, negative=True)), name="constant indices"),
        Case((T("f16", (5,)), tuples((5,), (4,), 1, 5, "u8")), name="1-D data"),
        Case((T("bf16", (3, 2)), tuples((3, 2), (2,), 2, 6, "i16"))),
        Case((T("boolean", (2, 3)), tuples((2, 3), (3,), 2, 7, "u64"))),
        Case((T("i8", (2, 2, 2)), tuples((2, 2, 2), (2, 2), 3, 8, "i8"))),
        Case((T("i64", (4, 2)), tuples((4, 2), (3,), 1, 9, "u32"))),
        Case((T("f32", (1, 3)), T("i64", (2, 2), [[0, 2], [0, -3]])), name="dim of size 1"),
        Case((T("f32", (3, 4)), T("i64", (0, 2))), name="no indices"),
        # batch_dims: -5 merges the batch dims of the output, -8 keeps them
        Case((T("f32", (2, 3, 4)), batched((2, 3, 4), (2,), 1, 1, 10)), {"batch_dims": "1"}, name="batch_dims 1"),
        Case(
            (T("f32", (2, 3, 4)), batched((2, 3, 4), (2, 3), 2, 1, 11, "i32")),
            {"batch_dims": "1"},
            name="batch_dims 1, elements",
        ),
        Case(
            (T("f32", (2, 3, 4, 5)), batched((2, 3, 4, 5), (2, 3), 1, 2, 12)),
            {"batch_dims": "2"},
            name="batch_dims 2, rows",
        ),
        Case(
            (T("f32", (2, 3, 4, 5)), batched((2, 3, 4, 5), (2, 3, 2), 2, 2, 13)),
            {"batch_dims": "2"},
            name="batch_dims 2, elements",
        ),
        Case(
            (T("i32", (3, 2, 4)), batched((3, 2, 4), (3, 2, 2), 1, 2, 14, const=True)),
            {"batch_dims": "2"},
            name="batch_dims 2, constant indices",
        ),
        Case(
            (T("f32", (2, 2, 3)), T("i64", (2, 2, 1), [[[-1], [0]], [[2], [-3]]])),
            {"batch_dims": "2"},
            name="batch_dims 2, negative indices",
        ),
        Case((T("f32", (2, 3)), tuples((2, 3), (2,), 2, 15)), {"batch_dims": "0"}, name="batch_dims 0"),
    ],
)

BASE = (T("f32", (3, 4)), T("i64", (2, 2), [[0, 1], [2, 3]]))
TABLE.errors = [
    Error(
        (BASE[0], T("i64", (1, 2), [[1, 4]])),
        match=r"index 4 at position \[0, 1\] is out of range \[-4, 3\] along dim 1",
        code="C004",
        name="index too large",
        at="run",
    ),
    Error(
        (BASE[0], T("i32", (2, 1), [[0], [-4]])),
        match=r"index -4 at position \[1, 0\] is out of range \[-3, 2\] along dim 0",
        code="C004",
        name="index below -size",
        at="run",
    ),
    Error(
        (T("f32", (80,)), T("i64", (70, 1), long_indices(70, 80, -81, (70, 1)))),
        match=r"index -81 at position \[69, 0\] is out of range \[-80, 79\]",
        code="C004",
        name="70 indices, one below -size",
        at="run",
    ),
    Error(
        (T("f32", (2, 3, 4)), T("i64", (2, 1), [[1], [3]])),
        attrs={"batch_dims": "1"},
        match=r"index 3 at position \[1, 0\] is out of range \[-3, 2\] along dim 0",
        code="C004",
        name="index too large with batch_dims",
        at="run",
    ),
    Error(
        (T("f32", (2, 40)), T("i32", (2, 35, 1), long_indices(70, 40, 40, (2, 35, 1)))),
        attrs={"batch_dims": "1"},
        match=r"index 40 at position \[1, 34, 0\] is out of range \[-40, 39\]",
        code="C004",
        name="70 indices, one too large, batch_dims",
        at="run",
    ),
    Error(
        (BASE[0], T("i64", (3, 2), np.zeros((3, 2), int))),
        attrs={"batch_dims": "2"},
        match="batch_dims 2 and indices' last dim 2 do not fit",
        code="S005",
        name="batch_dims too large",
        at="lint",
    ),
    Error(
        (BASE[0], T("i64", (2, 3), np.zeros((2, 3), int))),
        match="batch_dims 0 and indices' last dim 3 do not fit",
        code="S005",
        name="index tuples too long",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), T("i64", (2, 1, 3), np.zeros((2, 1, 3), int))),
        attrs={"batch_dims": "1"},
        match="batch_dims 1 and indices' last dim 3 do not fit",
        code="S005",
        name="batch_dims + tuple length above the rank",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("i64", (3, 1), np.zeros((3, 1), int))),
        attrs={"batch_dims": "1"},
        match=r"batch dim 0 differs: data \[2,3\], indices \[3,1\]",
        code="S005",
        name="batch dims differ",
        at="lint",
    ),
    Error(
        (BASE[0], T("f32", (2, 2), np.zeros((2, 2)))),
        match="indices must be of an integer type",
        code="S005",
        name="f32 indices",
        at="lint",
    ),
    Error(
        BASE,
        attrs={"batch_dims": "-1"},
        match="batch_dims -1 and indices' last dim 2 do not fit",
        code="S005",
        name="negative batch_dims",
        at="lint",
    ),
    Error(
        BASE,
        attrs={"batch_dims": "b"},
        match="batch_dims='b' is not a valid int",
        code="O003",
        name="batch_dims not an integer",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
