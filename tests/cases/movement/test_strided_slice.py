"""StridedSlice-1: cases against the CPU plugin.

Each of the five masks set, left out and given empty (all zeros), shorter than begin, and in
conflict on one bit (ellipsis beats new_axis beats shrink, as the plugin's kernel does); begin,
end and strides as constants and at run time, strides left out (1).

The plugin's kernel returns wrong values (garbage memory included) where a new_axis bit comes
before a shrink bit (with constant bounds too: [0,1,0]/[0,2,0] with new_axis [1,0,0] and shrink
[0,1,0] should be x[None, 1]; with run-time bounds some such layers do not even compile), and for
mask bits past the length of begin: those cases are all constants, so the plugin answers with
its constant folding (the reference implementation).
It computes i64 inputs fed at run time as i32, so run-time bounds stay within i32."""

import numpy as np

from cases.rows import Case, Error, T, Table

I64 = np.iinfo(np.int64)
X = (2, 3, 4, 5)
NAMES = ("begin_mask", "end_mask", "new_axis_mask", "shrink_axis_mask", "ellipsis_mask")


def vec(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


def masks(*given):
    """The mask attributes, in NAMES order; None leaves one out, [] writes it empty."""
    return {n: ",".join(map(str, m)) for n, m in zip(NAMES, given) if m is not None}


def ss(begin, end, strides, *mask, etype="i64", const=True, data=X, dtype="f32", all_const=False):
    """A case's inputs (strides left out when None) and attributes."""
    ins = [T(dtype, data, const=all_const)] + [
        vec(v, etype, const or all_const) for v in (begin, end, strides) if v is not None
    ]
    return dict(inputs=tuple(ins), attrs=masks(*mask))


def C(name, *args, **kw):
    return Case(name=name, **ss(*args, **kw))


TABLE = Table(
    "StridedSlice",
    "opset1",
    cases=[
        C("plain, other masks left out", [0, 1], [2, 3], [1, 1], [0, 0], [0, 0]),
        C("plain, other masks empty", [0, 1], [2, 3], [1, 1], [0, 0], [0, 0], [], [], []),
        C("begin and end masks", [1, 0], [0, 0], [1, 1], [0, 1], [1, 1]),
        C("negative stride, end mask", [-1], [0], [-1], [0], [1]),
        C("new axis", [0, 0, 0], [0, 0, 0], [1, 1, 1], [0, 0, 0], [0, 0, 0], [0, 1, 0]),
        C("shrink", [0, 1, 0], [0, 2, 0], [1, 1, 1], [1, 0, 1], [1, 0, 1], None, [0, 1, 0]),
        C("shrink two, one negative", [0, -1], [0, 0], [1, 1], [0, 0], [0, 0], [], [1, 1], []),
        C("ellipsis", [0, 0, 1], [0, 0, 3], [1, 1, 1], [0, 0, 0], [0, 0, 0], None, None, [0, 1, 0]),
        C(
            "ellipsis, new axis, negative stride",
            [0, 0, 1],
            [0, 0, 3],
            [1, 1, -1],
            [0, 0, 0],
            [0, 0, 0],
            [1, 0, 0],
            None,
            [0, 1, 0],
        ),
        C(
            "shrink around an ellipsis",
            [1, 0, 0],
            [0, 0, 0],
            [1, 1, 1],
            [0, 1, 0],
            [0, 1, 0],
            [0, 0, 0],
            [1, 0, 0],
            [0, 1, 0],
        ),
        C("clamped, strides 2 and 3", [5, -10], [-10, 10], [-2, 3], [0, 0], [0, 0]),
        C("ellipsis alone", [0], [0], [1], [1], [1], [0], [0], [1]),
        C("new axis before an ellipsis", [0, 0], [0, 0], [1, 1], [1, 1], [1, 1], [1, 0], [0, 0], [0, 1]),
        C("new axis after an ellipsis", [0, 0], [0, 0], [1, 1], [1, 1], [1, 1], [0, 1], [0, 0], [1, 0]),
        C("begin and end masks empty", [0], [1], [1], [], []),
        C("masks shorter than begin", [0, 0, 0, 0], [1, 1, 1, 1], [1, 1, 1, 1], [0], [0]),
        C("negative strides, masks of 2", [-1, 0, 2], [0, 0, 1], [-1, 1, -1], [0, 1], [1, 1]),
        # Conflicting bits: ellipsis beats new_axis beats shrink, as in the plugin.
        C("new axis beats shrink", [1, 0], [2, 0], [1, 1], [0, 1], [0, 1], [1, 0], [1, 0], []),
        C("ellipsis beats new axis", [1, 0], [2, 0], [1, 1], [0, 1], [0, 1], [1, 0], [], [1, 0]),
        C("ellipsis beats shrink", [1, 0], [2, 0], [1, 1], [0, 1], [0, 1], [], [1, 0], [1, 0]),
        # Shrink ignores the stride (even 0) and the end.
        C("shrink ignores a 0 stride", [1], [0], [0], [0], [0], [], [1], []),
        C("extremes of i64", [I64.min, I64.max], [I64.max, I64.min], [1, -1], [0, 0], [0, 0]),
        # Where the plugin's kernel is wrong: all constants, so its constant folding answers.
        C(
            "shrink, new axis, negative stride (folded)",
            [0, 0, 2],
            [0, 0, 0],
            [1, 1, -1],
            [0, 0, 0],
            [0, 0, 1],
            [0, 1, 0],
            [1, 0, 0],
            [],
            all_const=True,
        ),
        C(
            "new axis then shrink (folded)",
            [0, 1, 0],
            [0, 2, 0],
            [1, 1, 1],
            [0, 0, 1],
            [0, 0, 1],
            [1, 0, 0],
            [0, 1, 0],
            all_const=True,
        ),
        C(
            "new axis then shrink, begin mask (folded)",
            [1, 0],
            [0, 0],
            [1, 1],
            [0, 1],
            [0, 1],
            [1, 0],
            [0, 1],
            [],
            all_const=True,
        ),
        C(
            "mask bits past begin (folded)",
            [1],
            [2],
            [1],
            [0, 1, 1],
            [0, 0, 1],
            [0, 1, 0],
            [0, 0, 0],
            [0, 0, 0],
            all_const=True,
        ),
        # Strides left out (1).
        C("strides left out", [1, -3], [2, 3], None, [0, 0], [0, 1]),
        C("strides left out, run time", [0, 1], [1, 3], None, [0, 0], [0, 0], const=False),
        # Bounds at run time.
        C("run time", [0, 1], [2, 3], [1, 1], [0, 0], [0, 0], const=False),
        C("run time, i32, negative stride", [-1, 2], [0, -5], [-1, -2], [0, 0], [1, 0], etype="i32", const=False),
        C("run time, masks", [1, 0, 3], [0, 2, 0], [1, 1, -1], [0, 1, 0], [1, 0, 1], const=False),
        C(
            "run time, shrink then new axis",
            [0, 1, 0],
            [0, 2, 0],
            [1, 1, 1],
            [0, 0, 1],
            [0, 0, 1],
            [0, 0, 1],
            [0, 1, 0],
            const=False,
        ),
        C("run time, ellipsis", [0, 1], [0, 3], [1, 1], [0, 0], [0, 0], [], [], [1, 0], const=False),
        # Empty data, and element types.
        C("empty data", [0, 1], [2, 3], [1, 1], [0, 0], [0, 0], data=(0, 3)),
        C("empty result", [2], [2], [1], [0], [0]),
        C("i32 data", [0, 1], [2, 3], [1, 1], [0, 0], [0, 0], etype="i32", dtype="i32"),
        C("i8 data", [1], [0], [-1], [0], [1], dtype="i8"),
        C("u8 data", [0, 0, 1], [0, 0, 3], [1, 1, 1], [0, 0, 0], [0, 0, 0], None, None, [0, 1, 0], dtype="u8"),
        C("i64 data", [0, 1], [1, 3], [1, 1], [0, 0], [0, 0], etype="i32", dtype="i64"),
        C("f16 data", [0, 1], [2, 3], [1, 1], [0, 0], [0, 0], dtype="f16"),
        C("bf16 data", [1], [0], [1], [0], [1], dtype="bf16"),
        C("boolean data", [0, 2], [0, 0], [1, -1], [0, 0], [0, 1], [], [1, 0], [], dtype="boolean"),
    ],
)


def E(name, match, code, *args, at="lint", **kw):
    return Error(match=match, code=code, name=name, at=at, **ss(*args, **kw))


TABLE.errors = [
    # Bad masks, found on reading the attributes.
    E("mask bit 2", r"StridedSlice begin_mask \[2\] must hold only 0 and 1", "O003", [1], [2], [1], [2], [0]),
    E("mask bit -1", r"StridedSlice begin_mask \[-1\] must hold only 0 and 1", "O003", [1], [2], [1], [-1], [0]),
    E("masks of two lengths", r"masks must have one length \(or be empty\)", "O003", [1], [2], [1], [0, 0], [0]),
    E("ellipsis mask longer", r"masks must have one length", "O003", [1], [2], [1], [0], [0], None, None, [0, 0, 1]),
    E("begin_mask left out", r"required attribute 'begin_mask' is missing", "O003", [1], [2], [1], None, [0]),
    E("end_mask left out", r"required attribute 'end_mask' is missing", "O003", [1], [2], [1], [0]),
    E("mask not integers", r"begin_mask", "O003", [1], [2], [1], ["a"], [0]),
    # Refusals that need the bounds: their lengths (lint sees them with the bounds fed at run time) or
    # their values.
    E(
        "two ellipsis bits",
        r"ellipsis_mask may have one bit set at most",
        "S005",
        [0, 0],
        [1, 1],
        [1, 1],
        [0, 0],
        [0, 0],
        None,
        None,
        [1, 1],
        const=False,
    ),
    E(
        "too many slices",
        r"StridedSlice slices 5 dims of a rank-4 input",
        "S005",
        [0] * 5,
        [1] * 5,
        [1] * 5,
        [0] * 5,
        [0] * 5,
        const=False,
    ),
    E(
        "stride 0",
        r"StridedSlice stride must not be 0",
        "S005",
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 0],
        [0, 0],
        const=False,
        at="run",
    ),
    E(
        "shrink index past the dim",
        r"index 2 is out of bounds for a dim of 2",
        "S005",
        [2],
        [3],
        [1],
        [0],
        [0],
        None,
        [1],
        const=False,
        at="run",
    ),
    E(
        "shrink index before the dim",
        r"index -4 is out of bounds for a dim of 3",
        "S005",
        [0, -4],
        [0, 0],
        [1, 1],
        [0, 0],
        [0, 0],
        None,
        [0, 1],
        const=False,
        at="run",
    ),
    E(
        "lengths differ",
        r"begin, end and strides must have one length, got 2, 1, 2",
        "S005",
        [0, 0],
        [1],
        [1, 1],
        [0, 0],
        [0, 0],
        const=False,
    ),
    E("rank past 64", r"at most 64", "S005", [0] * 62, [0] * 62, [1] * 62, [0] * 62, [0] * 62, [1] * 62, const=False),
    Error(
        (T("f32", X), T("f32", (1,), [0.0]), vec([1]), vec([1])),
        attrs=masks([0], [0]),
        match=r"StridedSlice's begin must be of an integer type",
        code="S005",
        name="f32 begin",
        at="lint",
    ),
    Error(
        (T("f32", X), vec([0]), vec([1]), T("f32", (1,), [1.0])),
        attrs=masks([0], [0]),
        match=r"StridedSlice's strides must be of an integer type",
        code="S005",
        name="f32 strides",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
