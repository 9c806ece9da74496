"""Pad-1 and Pad-12: cases against the CPU plugin.

Each pad_mode (constant with and without pad_value, edge, reflect, symmetric) on the spec's
example and up to each mode's bound; pads as constants (as converters write them) or at run
time, of any integer type; Pad-12's negative pads, which crop (alone, and with a positive pad
on the other end or the same axis)."""

import numpy as np

from cases.rows import Case, Error, T, Table

V12 = ("opset12",)
CONST, EDGE, REFLECT, SYMMETRIC = ({"pad_mode": m} for m in ("constant", "edge", "reflect", "symmetric"))
X = T("f32", (3, 4), np.arange(1, 13).reshape(3, 4))  # the spec's example


def _spec_padded(fill: float) -> np.ndarray:
    """The spec's example padded by [0, 1] and [2, 3] with ``fill``."""
    out = np.full((5, 8), fill, np.float32)
    out[:3, 1:5] = np.arange(1, 13).reshape(3, 4)
    return out


def vec(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


def pads(begin, end, etype="i64", const=True, data=X, value=None):
    ins = (data, vec(begin, etype, const), vec(end, etype, const))
    return ins + ((value,) if value is not None else ())


def scalar(etype, v, const=True):
    return T(etype, (), v, const=const)


TABLE = Table(
    "Pad",
    ("opset1", "opset12"),
    cases=[
        Case(pads([0, 1], [2, 3]), CONST, name="spec example, constant"),
        Case(pads([0, 1], [2, 3], value=scalar("f32", 7.5)), CONST, name="constant, pad_value"),
        Case(
            pads([0, 1], [2, 3], value=scalar("f32", -2.0, const=False)),
            CONST,
            name="pad_value at run time, pads constant",
            expect=(_spec_padded(-2.0),),
            plugin=(_spec_padded(0.0),),
            why="with constant pads, the CPU plugin pads with 0 instead of a pad_value that arrives at run time "
            "(with the pads at run time too it takes the pad_value)",
        ),
        Case(
            pads([0, 1], [2, 3], const=False, value=scalar("f32", -2.0, const=False)),
            CONST,
            name="pad_value and pads at run time",
        ),
        Case(pads([0, 1], [2, 3]), EDGE, name="spec example, edge"),
        Case(pads([0, 1], [2, 3]), REFLECT, name="spec example, reflect"),
        Case(pads([0, 1], [2, 3]), SYMMETRIC, name="spec example, symmetric"),
        Case(pads([2, 3], [2, 3]), REFLECT, name="reflect, largest pads"),
        Case(pads([3, 4], [3, 4]), SYMMETRIC, name="symmetric, largest pads"),
        Case(pads([1, 2], [0, 3], value=scalar("f32", 9.0)), EDGE, name="edge ignores pad_value"),
        Case(pads([3, 0], [0, 5]), EDGE, name="edge, pads beyond the dim"),
        Case(pads([0, 0], [0, 0]), REFLECT, name="no pads"),
        Case(pads([1, 2], [2, 1], const=False), CONST, name="constant, run time"),
        Case(pads([1, 2], [2, 1], "i32", const=False), EDGE, name="edge, run time, i32"),
        Case(pads([2, 1], [1, 3], const=False), REFLECT, name="reflect, run time"),
        Case(pads([3, 0], [1, 4], "i32", const=False), SYMMETRIC, name="symmetric, run time, i32"),
        Case(pads([1, 0], [0, 2], "u8"), CONST, name="u8 pads"),
        Case(pads([1, 1], [0, 2], "i8"), SYMMETRIC, name="i8 pads"),
        Case(
            pads([], [], data=T("f32", (), 3.0)),
            CONST,
            name="scalar data",
            oracle=False,
            expect=(np.float32(3.0),),
            why='the CPU plugin refuses to compile a Pad of a scalar ("incorrect number of input/output dimensions")',
        ),
        Case(pads([2, 1], [0, 1], data=T("f32", (0, 2))), CONST, name="empty data, constant"),
        Case(pads([0, 1], [0, 1], data=T("f32", (0, 2))), SYMMETRIC, name="empty data, symmetric along the other"),
        Case(pads([1, 0, 2], [0, 1, 1], data=T("f32", (2, 2, 3))), REFLECT, name="rank 3"),
        # Pad-12: negative pads remove elements.
        Case(pads([0, -1], [-1, 2]), CONST, versions=V12, name="crop and pad, constant"),
        Case(pads([-1, -2], [2, 1]), EDGE, versions=V12, name="crop and pad, edge"),
        Case(pads([0, -2], [0, 3]), REFLECT, versions=V12, name="crop, then reflect further"),
        Case(pads([-1, -2], [3, 2]), SYMMETRIC, versions=V12, name="crop, then symmetric"),
        Case(pads([-1, 0], [2, 0]), REFLECT, versions=V12, name="reflect after cropping"),
        Case(pads([0, -4], [0, 0]), CONST, versions=V12, name="crop a whole dim"),
        Case(pads([-3, -2], [0, -2]), CONST, versions=V12, name="crop to nothing"),
        Case(pads([-1, -1], [-1, -1], const=False), EDGE, versions=V12, name="crop, run time"),
        Case(
            pads([-1, 2], [1, -3], "i32", const=False, value=scalar("f32", 4.0)),
            CONST,
            versions=V12,
            name="crop and pad, run time",
        ),
        # Element types.
        Case(pads([1, 0], [0, 1], data=T("i32", (2, 2)), value=scalar("i32", -5)), CONST),
        Case(pads([1], [2], data=T("i64", (3,))), REFLECT),
        Case(pads([1, 1], [1, 1], data=T("i8", (2, 2)), value=scalar("i8", 7)), CONST),
        Case(pads([0, 2], [1, 0], data=T("u8", (2, 3))), SYMMETRIC),
        Case(pads([1, 0], [1, 2], data=T("f16", (2, 2)), value=scalar("f16", 0.5)), CONST),
        Case(pads([1, 0], [1, 2], data=T("bf16", (2, 2))), EDGE),
        Case(pads([1, 1], [0, 1], data=T("boolean", (2, 2)), value=scalar("boolean", True)), CONST),
        Case(pads([1, 1], [0, 1], data=T("boolean", (2, 3))), REFLECT),
    ],
)

TABLE.errors = [
    Error(
        pads([0, 4], [0, 0], const=False),
        attrs=REFLECT,
        match=r"Pad mode 'reflect' needs each pad below the dim at axis 1 "
        r"\(dim 4, pads 4 and 0\)",
        code="S005",
        name="reflect, pad the dim",
        at="run",
    ),
    Error(
        pads([0, 0], [3, 0]),
        attrs=REFLECT,
        match=r"mode 'reflect' needs each pad below the dim at axis 0",
        code="S005",
        name="reflect, pads_end, constant",
        at="lint",
    ),
    Error(
        pads([0, 5], [0, 0], const=False),
        attrs=SYMMETRIC,
        match=r"Pad mode 'symmetric' needs each pad at most the dim "
        r"at axis 1 \(dim 4, pads 5 and 0\)",
        code="S005",
        name="symmetric, beyond the dim",
        at="run",
    ),
    Error(
        pads([0, 0], [4, 0]),
        attrs=SYMMETRIC,
        match=r"mode 'symmetric' needs each pad at most the dim at axis 0",
        code="S005",
        name="symmetric, pads_end, constant",
        at="lint",
    ),
    Error(
        pads([1, 0], [0, 0], data=T("f32", (0, 2)), const=False),
        attrs=EDGE,
        match=r"Pad mode 'edge' cannot pad an "
        r"empty dim at axis 0",
        code="S005",
        name="edge on an empty dim",
        at="run",
    ),
    Error(
        pads([0, 0], [0, 0], data=T("f32", (0, 2))),
        attrs=REFLECT,
        match=r"mode 'reflect' needs each pad below the dim "
        r"at axis 0 \(dim 0",
        code="S005",
        name="reflect on an empty dim",
        at="lint",
    ),
    Error(
        pads([0, -1], [0, 0], const=False),
        attrs=CONST,
        versions=("opset1",),
        match=r"Pad-1's pads_begin \[0, -1\] must "
        r"not be negative",
        code="S005",
        name="Pad-1, negative pads_begin",
        at="run",
    ),
    Error(
        pads([0, 0], [-2, 0]),
        attrs=EDGE,
        versions=("opset1",),
        match=r"Pad-1's pads_end \[-2, 0\] must not be negative",
        code="S005",
        name="Pad-1, negative pads_end, constant",
        at="lint",
    ),
    Error(
        pads([0, -5], [0, 2], const=False),
        attrs=CONST,
        versions=V12,
        match=r"Pad removes more elements than the dim has "
        r"at axis 1 \(dim 4, pads -5 and 2\)",
        code="S005",
        name="crop beyond the dim",
        at="run",
    ),
    Error(
        pads([-2, 0], [-2, 0]),
        attrs=CONST,
        versions=V12,
        match=r"Pad removes more elements than the dim has at axis 0",
        code="S005",
        name="crop below 0",
        at="lint",
    ),
    Error(
        pads([0, 0, 0], [0, 0, 0], const=False),
        attrs=CONST,
        match=r"Pad's pads_begin has 3 entries for a rank-2 input",
        code="S005",
        name="pads longer than the rank",
        at="lint",
    ),
    Error(
        pads([0, 0], [0], const=False),
        attrs=CONST,
        match=r"Pad's pads_end has 1 entries for a rank-2 input",
        code="S005",
        name="pads_end shorter than the rank",
        at="lint",
    ),
    Error(
        (X, T("i64", (1, 2), np.int64([[0, 0]])), vec([0, 0])),
        attrs=CONST,
        match=r"Pad's pads_begin must be a 1-D tensor",
        code="S005",
        name="2-D pads_begin",
        at="lint",
    ),
    Error(
        pads([0, 0], [0, 0], value=T("f32", (1,), [1.0])),
        attrs=CONST,
        match=r"Pad's pad_value must be a scalar",
        code="S005",
        name="pad_value of shape [1]",
        at="lint",
    ),
    Error(
        pads([0, 0], [0, 0], value=scalar("f16", 1.0)),
        attrs=CONST,
        match=r"Pad's data and pad_value must have one "
        r"element type",
        code="S005",
        name="pad_value of another type",
        at="lint",
    ),
    Error(
        (X, T("f32", (2,), [0.0, 0.0]), vec([0, 0])),
        attrs=CONST,
        match=r"Pad's pads_begin must be of an integer type",
        code="S005",
        name="f32 pads_begin",
        at="lint",
    ),
    Error(
        pads([0, 0], [0, 0]),
        attrs={"pad_mode": "wrap"},
        match=r"pad_mode='wrap' is not one of",
        code="O003",
        name="unknown mode",
        at="lint",
    ),
    Error(
        pads([0, 0], [0, 0]),
        match=r"required attribute 'pad_mode' is missing",
        code="O003",
        name="pad_mode left out",
        at="lint",
    ),
    Error(
        pads([2**40, 2**40], [0, 0], const=False),
        attrs=CONST,
        match=r"too large for any array",
        code="S005",
        name="output too large",
        at="run",
    ),
]

test_cases, test_errors = TABLE.pytest()
