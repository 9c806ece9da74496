"""Broadcast-1 and Broadcast-3: cases against the CPU plugin.

Modes numpy (also left out), explicit (and "none", its other name, which OpenVINO writes for
Broadcast-1), and Broadcast-3's bidirectional, where the target may be smaller than the data or
larger, dim by dim. The target shape and axes_mapping come as constants (as converters write
them) or at run time. An axes_mapping beside another mode: Broadcast-1 ignores it (as the plugin
does), Broadcast-3 refuses it (as its spec says, and OpenVINO does not read such a layer).

Where a bidirectional target has a 0 against the data's 1, the result has the 0 (NumPy's rule,
OpenVINO's shape inference and constant folding); the plugin's run-time kernel keeps the 1."""

import numpy as np

from cases.rows import Case, Error, T, Table

V3 = ("opset3",)
NUMPY, EXPLICIT, NONE, BIDI = ({"mode": m} for m in ("numpy", "explicit", "none", "bidirectional"))


def vec(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


TABLE = Table(
    "Broadcast",
    ("opset1", "opset3"),
    cases=[
        # numpy: the data's dims align with the target's last ones.
        Case((T("f32", (3, 1)), vec([2, 3, 4])), name="mode left out"),
        Case((T("f32", (3, 1)), vec([3, 4])), attrs=NUMPY),
        Case((T("f32", (3, 1)), vec([3, 1], "i32")), attrs=NUMPY, name="to its own shape"),
        Case((T("f32", ()), vec([2, 2])), attrs=NUMPY, name="scalar"),
        Case((T("f32", (1, 4)), vec([0, 4])), attrs=NUMPY, name="to an empty shape"),
        Case((T("f32", (2, 1, 3)), vec([4, 2, 5, 3])), attrs=NUMPY, name="a 1 inside"),
        # (Broadcast-3 refuses an axes_mapping input beside a mode other than explicit, as OpenVINO does:
        # error rows.)
        Case((T("f32", (3,)), vec([2, 3]), vec([1])), attrs=NUMPY, versions=("opset1",), name="axes_mapping ignored"),
        Case((T("f32", (3, 1)), vec([2, 3, 4], const=False)), attrs=NUMPY, name="numpy, run time"),
        Case((T("f32", (1,)), vec([3, 2], "i32", const=False)), name="mode left out, run time"),
        # explicit: axes_mapping places the data's dims.
        Case((T("f32", (3,)), vec([3, 4]), vec([0])), attrs=EXPLICIT, name="explicit, axis 0"),
        Case((T("f32", (3,)), vec([4, 3]), vec([1], "i32")), attrs=EXPLICIT, name="explicit, axis 1"),
        Case((T("f32", (3,)), vec([2, 3, 4]), vec([1])), attrs=EXPLICIT, name="explicit, the middle"),
        Case((T("f32", (3, 1, 2)), vec([3, 5, 2, 4]), vec([0, 1, 2])), attrs=EXPLICIT, name="explicit, leading"),
        Case((T("f32", (3, 1, 2)), vec([4, 3, 5, 2]), vec([1, 2, 3])), attrs=EXPLICIT, name="explicit, trailing"),
        Case((T("f32", (2, 3)), vec([2, 4, 3]), vec([0, 2])), attrs=EXPLICIT, name="explicit, apart"),
        Case((T("f32", (1,)), vec([2, 5]), vec([1])), attrs=EXPLICIT, name="explicit, a 1"),
        Case((T("f32", ()), vec([2, 3]), vec([])), attrs=EXPLICIT, name="explicit, scalar, empty mapping"),
        Case((T("f32", (3,)), vec([4, 3]), vec([1])), attrs=NONE, name="none is explicit"),
        Case(
            (T("f32", (2,)), vec([2, 3], const=False), vec([0], const=False)), attrs=EXPLICIT, name="explicit, run time"
        ),
        Case((T("f32", (3,)), vec([4, 3], "i32", const=False), vec([1])), attrs=NONE, name="none, run time target"),
        # bidirectional: the NumPy broadcast of the data and the target.
        Case((T("i32", (3, 1)), vec([3, 4])), attrs=BIDI, versions=V3, name="target larger"),
        Case((T("i32", (3, 1)), vec([2, 1, 4])), attrs=BIDI, versions=V3, name="target of higher rank"),
        Case((T("i32", (3, 1)), vec([1, 1])), attrs=BIDI, versions=V3, name="target all ones"),
        Case((T("i32", (3, 1)), vec([4])), attrs=BIDI, versions=V3, name="target of lower rank"),
        Case((T("i32", (3, 1)), vec([1])), attrs=BIDI, versions=V3, name="data larger"),
        Case((T("i32", (1, 4)), vec([3, 1])), attrs=BIDI, versions=V3, name="both ways"),
        Case((T("i32", (3, 1)), vec([])), attrs=BIDI, versions=V3, name="empty target"),
        Case((T("i32", ()), vec([2, 3])), attrs=BIDI, versions=V3, name="scalar data"),
        Case((T("f32", (1, 4)), vec([3, 1], const=False)), attrs=BIDI, versions=V3, name="both ways, run time"),
        Case((T("f32", (3, 1)), vec([1, 4], "i32", const=False)), attrs=BIDI, versions=V3, name="run time"),
        Case(
            (T("f32", (1, 2), [[1.5, -2.5]]), vec([5, 0, 1])),
            attrs=BIDI,
            versions=V3,
            name="a 0 beats a 1",
            expect=(np.zeros((5, 0, 2), np.float32),),
            plugin=(np.tile(np.float32([[[1.5, -2.5]]]), (5, 1, 1)),),
            why="with the data at run time the plugin's bidirectional Broadcast keeps the data's 1 against a 0 "
            "of the target ([1,2] with [5,0,1] gives [5,1,2]); NumPy, OpenVINO's shape inference and its "
            "constant folding give [5,0,2]",
        ),
        # Element types.
        Case((T("i64", (2, 1)), vec([2, 3])), attrs=NUMPY),
        Case((T("i8", (1,)), vec([4], "i32"))),
        Case((T("u8", (2,)), vec([2, 2]), vec([0], "i32")), attrs=EXPLICIT),
        Case((T("f16", (1, 3)), vec([2, 3])), attrs=NUMPY),
        Case((T("bf16", (3,)), vec([2, 3]))),
        Case((T("boolean", (2, 1)), vec([2, 2, 3]))),
        Case((T("boolean", (1, 3)), vec([2, 1])), attrs=BIDI, versions=V3),
    ],
)

TABLE.errors = [
    Error(
        (T("f32", (3, 2)), vec([3, 4], const=False)),
        attrs=NUMPY,
        match=r"cannot broadcast \[3, 2\] to \[3, 4\]",
        code="S005",
        name="numpy, dims differ",
        at="run",
    ),
    Error(
        (T("f32", (3, 2)), vec([2], const=False)),
        match=r"cannot broadcast \[3,2\] to a target of the lower rank 1",
        code="S005",
        name="numpy, lower rank",
        at="lint",
    ),
    Error(
        (T("f32", (3, 2)), vec([4, 1], const=False)),
        attrs=BIDI,
        versions=V3,
        match=r"cannot broadcast \[3, 2\] with \[4, 1\]",
        code="S005",
        name="bidirectional, dims differ",
        at="run",
    ),
    Error(
        (T("f32", (3, 2)), vec([2, 4, 3], const=False), vec([2, 0], const=False)),
        attrs=EXPLICIT,
        match=r"axes_mapping \[2, 0\] must be increasing",
        code="S005",
        name="explicit, mapping decreases",
        at="run",
    ),
    Error(
        (T("f32", (3, 2)), vec([3, 3, 2], const=False), vec([1, 1], const=False)),
        attrs=EXPLICIT,
        match=r"axes_mapping \[1, 1\] must be increasing",
        code="S005",
        name="explicit, mapping repeats",
        at="run",
    ),
    Error(
        (T("f32", (3,)), vec([2, 4], const=False), vec([1], const=False)),
        attrs=EXPLICIT,
        match=r"data dim 3 cannot broadcast to target dim 4 at axis 1",
        code="S005",
        name="explicit, dims differ",
        at="run",
    ),
    Error(
        (T("f32", (3,)), vec([3, 4], const=False), vec([2], const=False)),
        attrs=NONE,
        match=r"axes_mapping entry 2 is out of range for target rank 2",
        code="S005",
        name="explicit, mapping out of range",
        at="run",
    ),
    Error(
        (T("f32", (3,)), vec([3, 4], const=False), vec([-1], const=False)),
        attrs=EXPLICIT,
        match=r"axes_mapping entry -1 is out of range",
        code="S005",
        name="explicit, negative mapping",
        at="run",
    ),
    Error(
        (T("f32", (3, 2)), vec([3, 2, 4], const=False), vec([0], const=False)),
        attrs=EXPLICIT,
        match=r"axes_mapping must have one axis per data dim \(2\), got 1",
        code="S005",
        name="explicit, mapping too short",
        at="lint",
    ),
    Error(
        (T("f32", (3, 2)), vec([6], const=False), vec([0, 1], const=False)),
        attrs=EXPLICIT,
        match=r"cannot broadcast \[3,2\] to a target of the lower rank 1",
        code="S005",
        name="explicit, target of lower rank",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), vec([3, 4], const=False)),
        attrs=EXPLICIT,
        match=r"Broadcast mode 'explicit' needs the axes_mapping input",
        code="S005",
        name="explicit, no mapping",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), vec([-1, 3], const=False)),
        attrs=NUMPY,
        match=r"target_shape \[-1, 3\] has a negative dim",
        code="S005",
        name="negative target",
        at="run",
    ),
    Error(
        (T("f32", (3,)), vec([2**40, 2**40, 3], const=False)),
        match=r"too large for any array",
        code="S005",
        name="target too large",
        at="run",
    ),
    Error(
        (T("f32", (3,)), T("f32", (2,), [2.0, 3.0])),
        match=r"Broadcast's target_shape must be of an integer type",
        code="S005",
        name="f32 target",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), vec([2, 3]), T("f32", (1,), [1.0])),
        attrs=EXPLICIT,
        match=r"Broadcast's axes_mapping must be of an integer type",
        code="S005",
        name="f32 mapping",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), vec([2, 3]), vec([1])),
        attrs=NUMPY,
        versions=V3,
        match=r"Broadcast-3 mode 'numpy' takes no axes_mapping input",
        code="S005",
        name="numpy, axes_mapping",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), vec([2, 3]), vec([1], const=False)),
        versions=V3,
        match=r"Broadcast-3 mode 'numpy' takes no axes_mapping input",
        code="S005",
        name="mode left out, axes_mapping",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), vec([2, 3]), vec([1])),
        attrs=BIDI,
        versions=V3,
        match=r"Broadcast-3 mode 'bidirectional' takes no axes_mapping input",
        code="S005",
        name="bidirectional, axes_mapping",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), vec([2, 3])),
        attrs={"mode": "pdpd"},
        match=r"mode 'pdpd' is not supported",
        code="O003",
        name="pdpd",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), vec([2, 3])),
        attrs=BIDI,
        versions=("opset1",),
        match=r"mode='bidirectional' is not one of",
        code="O003",
        name="bidirectional in Broadcast-1",
        at="lint",
    ),
    Error(
        (T("f32", (3,)), vec([2, 3])),
        attrs={"mode": "sideways"},
        match=r"mode='sideways' is not one of",
        code="O003",
        name="unknown mode",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
