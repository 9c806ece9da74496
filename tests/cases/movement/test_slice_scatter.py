"""SliceScatter-15: cases against the CPU plugin. The slice is Slice-8's (bounds clamp, a
negative step walks backwards, with a start before the first element clamped to it); axes left
out (the leading axes) and given, negative, out of order; bounds as constants and at run time
(irexec alone: the plugin mishandles them, writing nothing or elsewhere, or crashing); empty
slices; the numeric types. With a step of -2^63 the plugin writes nothing: a plugin row."""

import numpy as np

from cases.rows import Case, Error, T, Table

I64 = np.iinfo(np.int64)
I32 = np.iinfo(np.int32)
X = (3, 4, 5)
RUN_TIME = (
    "the plugin mishandles start, stop, step or axes fed at run time: it writes nothing, writes "
    "elsewhere, or crashes (floating-point exception)"
)


def vec(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


def sc(upd, start, stop, step, axes=None, etype="i64", const=True, data=X, dtype="f32"):
    """A case's inputs: data, updates of shape ``upd`` and the bound vectors (axes left out when None)."""
    ins = [T(dtype, data), T(dtype, upd)] + [vec(v, etype, const) for v in (start, stop, step)]
    return tuple(ins + ([] if axes is None else [vec(axes, etype, const)]))


TABLE = Table(
    "SliceScatter",
    "opset15",
    cases=[
        Case(sc((2, 4, 5), [1], [3], [1]), name="no axes, first dim"),
        Case(sc((2, 2, 5), [1, 0], [3, 4], [1, 2]), name="no axes, two dims"),
        Case(sc((2, 2, 5), [0, 1, -1], [3, -1, -6], [2, 1, -1]), name="no axes, every dim, step -1"),
        Case(sc((3, 4, 2), [1], [4], [2], [2]), name="axis 2"),
        Case(sc((3, 4, 2), [0], [2], [1], [-1]), name="axis -1"),
        Case(sc((2, 4, 3), [3, 1], [0, 3], [-1, 1], [2, 0]), name="axes out of order, reversed"),
        Case(sc((3, 2, 5), [-1, 0], [I64.min, 3], [-1, 2], [0, 1]), name="negative step to the start"),
        Case(sc((3, 4, 5), [0, 0, 0], [3, 4, 5], [1, 1, 1], [-3, -2, -1]), name="whole, negative axes"),
        Case(sc((3, 0, 5), [2], [2], [1], [1]), name="empty slice"),
        # A start before the first element with a negative step clamps to it (a Python slice would be
        # empty).
        Case(sc((1, 4, 5), [-5], [-5], [-1], [0]), name="start before the first, step -1"),
        Case(sc((3, 4, 1), [-7], [-6], [-1], [2]), name="start and stop before the first, step -1"),
        Case(sc((3, 4, 3), [-100], [100], [2], [2]), name="bounds clamp"),
        Case(sc((1, 4, 5), [I64.max], [I64.min], [-5], [0]), name="extremes, step -5"),
        Case(
            (
                T("f32", (3, 2), np.zeros((3, 2))),
                T("f32", (1, 2), [[1, 2]]),
                vec([I64.max]),
                vec([I64.min]),
                vec([I64.min]),
                vec([0]),
            ),
            name="step of the most negative i64",
            expect=([[0, 0], [0, 0], [1, 2]],),
            plugin=(np.zeros((3, 2)),),
            why="with a step of -2^63 the plugin writes nothing (the slice holds the "
            "last element, which Slice-8 takes)",
        ),
        # Bounds fed at run time: the plugin writes nothing, writes elsewhere or crashes (a floating-point
        # exception), so these run in irexec alone, against values worked out by hand.
        Case(
            (
                T("f32", (3, 4), np.zeros((3, 4))),
                T("f32", (3, 2), [[1, 2], [3, 4], [5, 6]]),
                vec([1], const=False),
                vec([3], const=False),
                vec([1], const=False),
                vec([1], const=False),
            ),
            name="run time",
            expect=([[0, 1, 2, 0], [0, 3, 4, 0], [0, 5, 6, 0]],),
            oracle=False,
            why=RUN_TIME,
        ),
        Case(
            (
                T("f32", (2, 3), np.zeros((2, 3))),
                T("f32", (2, 3), [[1, 2, 3], [4, 5, 6]]),
                vec([I32.max, -1], "i32", False),
                vec([I32.min, I32.min], "i32", False),
                vec([-1, -1], "i32", False),
                vec([0, -1], "i32", False),
            ),
            name="run time, i32, reversed",
            expect=([[6, 5, 4], [3, 2, 1]],),
            oracle=False,
            why=RUN_TIME,
        ),
        Case(
            (
                T("f32", (3, 4), np.zeros((3, 4))),
                T("f32", (1, 2), [[7, 8]]),
                vec([-7, 1], const=False),
                vec([6, I32.max], const=False),
                vec([2, 3], const=False),
                vec([-1, 0], const=False),
            ),
            name="run time, clamped",
            expect=([[0, 0, 0, 0], [7, 0, 8, 0], [0, 0, 0, 0]],),
            oracle=False,
            why=RUN_TIME,
        ),
        Case(sc((2, 4, 5), [0], [2], [1], etype="i32"), name="i32 bounds"),
        Case(sc((3, 4, 1), [4], [5], [1], [2], etype="u8"), name="u8 bounds"),
        Case(
            (T("f32", X, const=True), T("f32", (3, 4, 1), const=True), vec([1]), vec([2]), vec([1]), vec([2])),
            name="constant data and updates",
        ),
        Case(sc((2, 4), [0], [4], [2], data=(4, 4), dtype="i32"), name="i32 data"),
        Case(sc((2, 2), [1, 1], [3, 3], [1, 1], data=(4, 4), dtype="i64"), name="i64 data"),
        Case(sc((4, 2), [0], [2], [1], [1], data=(4, 4), dtype="u8"), name="u8 data"),
        Case(sc((2, 3), [1], [3], [1], data=(3, 3), dtype="f16"), name="f16 data"),
        Case(sc((3, 1), [-1], [-2], [-1], [1], data=(3, 3), dtype="bf16"), name="bf16 data"),
        Case(sc((0,), [0], [5], [1], data=(0,)), name="empty data"),
    ],
)
TABLE.errors = [
    Error(
        sc((3, 4, 5), [0], [3], [0]), match="SliceScatter's step must not be 0", code="S005", name="step 0", at="lint"
    ),
    Error(
        sc((3, 4, 5), [0], [3], [0], const=False),
        match="SliceScatter's step must not be 0",
        code="S005",
        name="step 0 at run time",
        at="run",
    ),
    Error(
        sc((2, 4, 5), [1], [3], [1], [3]),
        match=r"SliceScatter axis 3 is out of range \[-3, 2\]",
        code="S006",
        name="axis out of range",
        at="lint",
    ),
    Error(
        sc((2, 4, 5), [1], [3], [1], [3], const=False),
        match=r"SliceScatter axis 3 is out of range",
        code="S006",
        name="axis out of range at run time",
        at="run",
    ),
    Error(
        sc((2, 2, 5), [0, 0], [2, 2], [1, 1], [1, -2]),
        match="name an axis twice",
        code="S005",
        name="an axis twice",
        at="lint",
    ),
    Error(
        sc((2, 4, 5), [0, 0], [2], [1]),
        match="start, stop and step must have one length",
        code="S005",
        name="lengths differ",
        at="lint",
    ),
    Error(
        sc((2, 4, 5), [0], [2], [1], [0, 1]),
        match="axes must have one entry per start value",
        code="S005",
        name="axes of another length",
        at="lint",
    ),
    Error(
        sc((3, 4, 5), [1], [3], [1]),
        match=r"updates \[3,4,5\] do not have the slice's shape \[2,4,5\]",
        code="S005",
        name="updates of another shape",
        at="lint",
    ),
    Error(
        sc((1, 4, 5), [1], [3], [1], const=False),
        match=r"updates \[1,4,5\] do not have the slice's shape \[2,4,5\]",
        code="S005",
        name="updates of another shape, bounds at run time",
        at="run",
    ),
    Error(
        sc((2, 4), [0], [2], [1]),
        match="data and updates must have one rank",
        code="S005",
        name="ranks differ",
        at="lint",
    ),
    Error(sc((), [0], [1], [1], data=()), match="data cannot be a scalar", code="S005", name="scalar data", at="lint"),
    Error(
        (T("f32", X), T("f32", (1, 4, 5)), vec([[0]]), vec([1]), vec([1])),
        match=r"start must be 1-D",
        code="S005",
        name="2-D start",
        at="lint",
    ),
    Error(
        (T("f32", X), T("f16", (1, 4, 5)), vec([0]), vec([1]), vec([1])),
        match="data and updates must have one element type",
        code="S005",
        name="types differ",
        at="lint",
    ),
    Error(
        (T("boolean", X), T("boolean", (1, 4, 5)), vec([0]), vec([1]), vec([1])),
        match="data must be numeric",
        code="S005",
        name="boolean data",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
