"""Slice-8: cases against the CPU plugin.

start, stop, step and axes come as constants (as converters write them) or at run time. Bounds
out of range clamp as OpenVINO (and ONNX) clamp them: with a negative step a start before the
first element clamps to it, where a Python slice would be empty. The plugin computes i64 inputs
fed at run time as i32, so run-time bounds stay within i32 (INT32_MIN/MAX stand for "beyond
either end"); constants go to the ends of i64."""

import numpy as np

from cases.rows import Case, Error, T, Table

I64 = np.iinfo(np.int64)
I32 = np.iinfo(np.int32)
X = (3, 4, 5)


def vec(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


def sl(start, stop, step, axes=None, etype="i64", const=True, data=X, dtype="f32"):
    """A case's inputs: data and the four vectors (axes left out when None)."""
    ins = [T(dtype, data)] + [vec(v, etype, const) for v in (start, stop, step)]
    return tuple(ins + ([] if axes is None else [vec(axes, etype, const)]))


def d3(start, stop, step):
    """1-D data [1, 2, 3], one slice."""
    return (T("f32", (3,), [1.0, 2.0, 3.0]), vec([start]), vec([stop]), vec([step]))


TABLE = Table(
    "Slice",
    "opset8",
    cases=[
        Case(sl([1], [3], [1]), name="no axes, first dim"),
        Case(sl([1, 0], [3, 4], [1, 2]), name="no axes, two dims"),
        Case(sl([0, 1, -1], [3, -1, -6], [2, 1, -1]), name="no axes, every dim"),
        Case(sl([1], [4], [2], [2]), name="axis 2"),
        Case(sl([0], [2], [1], [-1]), name="axis -1"),
        Case(sl([3, 1], [0, 3], [-1, 1], [2, 0]), name="axes out of order"),
        Case(sl([-1, 0], [I64.min, 3], [-1, 2], [2, 0]), name="negative step to the start"),
        Case(sl([-2], [-5], [-2], [-2]), name="negative step of 2"),
        Case(sl([0, 0, 0], [3, 4, 5], [1, 1, 1], [-3, -2, -1]), name="whole, negative axes"),
        Case(sl([2], [2], [1], [1]), name="empty slice"),
        Case(sl([-100], [100], [2], [2]), name="bounds clamp"),
        Case(sl([I64.max], [I64.min], [-1], [0]), name="extremes, reversed"),
        Case(sl([I64.min], [I64.max], [I64.max], [1]), name="extremes, huge step"),
        # Clamping on 3 elements, as OpenVINO (and ONNX) clamp.
        # These two not with dynamic dims: OpenVINO's shape inference then says the slice is empty
        # ([0]), but on 1 to 4 elements (1 to 3 for the second) it holds the first (the run gives [1.0]).
        Case(d3(-5, -5, -1), name="start before the first, step -1", dynamic=False),
        Case(d3(-5, -4, -1), name="start and stop before the first, step -1", dynamic=False),
        Case(d3(I64.min, I64.min, -1), name="most negative, step -1"),
        Case(d3(-4, -10, -2), name="clamped both, step -2"),
        Case(d3(2, -4, -1), name="to before the first"),
        Case(d3(10, 10, -1), name="both past the end, step -1"),
        Case(d3(-5, -5, 1), name="both before the first, step 1"),
        Case(d3(5, 5, 1), name="both past the end, step 1"),
        # Every input at run time.
        Case(sl([1], [3], [1], [1], const=False), name="run time"),
        Case(sl([I32.max, -1], [I32.min, 0], [-1, -2], [0, -1], "i32", const=False), name="run time, i32, reversed"),
        Case(sl([-7, 1], [6, I32.max], [2, 3], [-1, 1], const=False), name="run time, clamped"),
        Case(sl([0, 2], [2, 0], [1, -1], const=False), name="run time, no axes"),
        Case(sl([1], [1], [1], [0], const=False), name="run time, empty"),
        # Empty data, and element types.
        Case(sl([0, 1], [5, 3], [1, 1], [0, 1], data=(0, 3)), name="empty data"),
        Case(sl([1], [3], [1], [1], "i32", dtype="i32")),
        Case(sl([0, -1], [2, -4], [1, -1], [0, 2], dtype="i8")),
        Case(sl([-1], [0], [-1], [1], dtype="u8")),
        Case(sl([1, 1], [3, 5], [1, 2], [0, 2], "i32", dtype="i64")),
        Case(sl([0], [4], [3], [1], dtype="f16")),
        Case(sl([1], [2], [1], dtype="bf16")),
        Case(sl([2], [0], [-1], [-1], dtype="boolean")),
    ],
)

TABLE.errors = [
    Error(sl([0], [2], [0], [1], const=False), match=r"Slice step must not be 0", code="S005", name="step 0", at="run"),
    Error(
        sl([0, 0], [2, 2], [1, 0], const=False),
        match=r"Slice step must not be 0",
        code="S005",
        name="second step 0",
        at="run",
    ),
    Error(
        sl([0, 0], [2, 2], [1, 1], [1, -2], const=False),
        match=r"Slice axes \[1, -2\] repeat an axis",
        code="S005",
        name="repeated axes",
        at="run",
    ),
    Error(
        sl([0], [2], [1], [3], const=False),
        match=r"Slice axis 3 is out of range \[-3, 2\]",
        code="S006",
        name="axis too large",
        at="run",
    ),
    Error(
        sl([0], [2], [1], [-4], const=False),
        match=r"Slice axis -4 is out of range \[-3, 2\]",
        code="S006",
        name="axis too small",
        at="run",
    ),
    Error(
        sl([0, 0, 0, 0], [1, 1, 1, 1], [1, 1, 1, 1], const=False),
        match=r"Slice axis 3 is out of range",
        code="S006",
        name="more bounds than dims",
        at="lint",
    ),
    Error(
        sl([0], [2, 3], [1], const=False),
        match=r"start, stop and step must have one length, got 1, 2, 1",
        code="S005",
        name="lengths differ",
        at="lint",
    ),
    Error(
        sl([0], [2], [1], [0, 1], const=False),
        match=r"axes \[.*\] must have one entry per start value \(1\)",
        code="S005",
        name="axes of another length",
        at="lint",
    ),
    Error(
        (T("f32", X), T("f32", (1,), [0.0]), vec([2]), vec([1])),
        match=r"Slice's start must be of an integer type",
        code="S005",
        name="f32 start",
        at="lint",
    ),
    Error(
        (T("f32", X), vec([0]), vec([2]), vec([1]), T("f32", (1,), [0.0])),
        match=r"Slice's axes must be of an integer type",
        code="S005",
        name="f32 axes",
        at="lint",
    ),
    Error(
        (T("f32", X), vec([[0]], const=False), vec([2]), vec([1])),
        match=r"start must be a 1-D tensor",
        code="S005",
        name="2-D start",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
