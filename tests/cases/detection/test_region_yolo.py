"""RegionYolo-1 (OpenVINO writes it under opset1): cases against the CPU plugin. The plugin's
logistic and softmax use its own exp, so floats are compared within a few ulps."""

import numpy as np

from cases.rows import Case, Error, T, Table


def A(coords=4, classes=3, num=2, axis=1, end_axis=3, do_softmax=True, **kw):
    """Attributes as the IR writes them; do_softmax=None leaves it out."""
    out = {
        "coords": str(coords),
        "classes": str(classes),
        "num": str(num),
        "axis": str(axis),
        "end_axis": str(end_axis),
    }
    if do_softmax is not None:
        out["do_softmax"] = str(do_softmax).lower()
    out.update({k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in kw.items()})
    return out


TOL = dict(rtol=2e-6, atol=1e-7)

NO_SOFTMAX = (
    "the spec's default do_softmax is true; OpenVINO reads a missing one as false, and then (no mask) "
    "gives an output of 0 channels, whose port contradicts irexec's: the case runs in irexec only"
)
# Zeros through the logistic (0.5) and a softmax over 3 equal classes (1/3), for 2 regions.
SOFTMAXED = np.array([[0.5, 0.5, 0.0, 0.0, 0.5] + [1 / 3] * 3] * 2, np.float32).reshape(1, 16)
EMPTY = np.zeros((1, 0, 1, 1), np.float32)

TABLE = Table(
    "RegionYolo",
    "opset1",
    cases=[
        Case((T("f32", (1, 16, 3, 4)),), A(), name="YOLOv2", **TOL),
        Case((T("f32", (2, 16, 3, 4)),), A(anchors="1.08, 1.19, 3.42, 4.41"), name="two images", **TOL),
        Case(
            (T("f32", (1, 16, 1, 1), [0.0] * 16),),
            A(do_softmax=None),
            expect=(SOFTMAXED,),
            plugin=(EMPTY,),
            why=NO_SOFTMAX,
            oracle=False,
            name="do_softmax left out",
        ),
        Case(
            (T("f32", (1, 21, 2, 3)),),
            A(coords=4, classes=2, num=3, axis=2, end_axis=3, do_softmax=True),
            name="flatten H and W",
            **TOL,
        ),
        Case((T("f32", (1, 21, 2, 3)),), A(coords=4, classes=2, num=3, axis=0, end_axis=-1), name="flatten all", **TOL),
        Case(
            (T("f32", (1, 21, 2, 3)),), A(coords=4, classes=2, num=3, axis=1, end_axis=1), name="flatten one dim", **TOL
        ),
        Case(
            (T("f32", (2, 24, 3, 3)),),
            A(coords=4, classes=3, num=9, do_softmax=False, mask="0, 1, 2"),
            name="YOLOv3: mask",
            **TOL,
        ),
        Case(
            (T("f32", (1, 10, 2, 2)),),
            A(coords=4, classes=0, num=2, do_softmax=False, mask="3, 4"),
            name="YOLOv3 without classes",
            **TOL,
        ),
        Case((T("f32", (1, 12, 2, 2)),), A(coords=2, classes=3, num=2), name="two coords", **TOL),
        Case(
            (T("f32", (1, 8, 2, 2)),),
            A(coords=1, classes=2, num=2, do_softmax=False, mask="0, 1"),
            name="one coord: objectness twice through the logistic",
            **TOL,
        ),
        Case((T("f32", (1, 16, 2, 2), const=True),), A(), name="constant", **TOL),
        Case((T("f16", (1, 16, 2, 3)),), A(), rtol=1e-3),
        Case((T("f32", (1, 16, 2, 2), [40.0, -40.0, 0.0, -0.0] * 16),), A(), name="saturating", **TOL),
        Case((T("f32", (0, 16, 2, 2)),), A(), name="no images"),
    ],
)

TABLE.errors = [
    Error(
        (T("f32", (1, 16, 2, 2)),),
        attrs={"coords": "4", "classes": "3", "num": "2", "axis": "1"},
        match="required attribute 'end_axis'",
        code="O003",
        at="lint",
        name="end_axis left out",
    ),
    Error(
        (T("f32", (1, 16, 2, 2)),),
        attrs=A(coords=-1),
        match="coords must not be negative",
        code="O003",
        at="lint",
        name="negative coords",
    ),
    Error(
        (T("f32", (1, 2, 2, 2)),),
        attrs=A(coords=0, classes=0, num=2),
        match="coords \\+ classes \\+ 1 >= 2",
        code="O003",
        at="lint",
        name="one entry per region",
    ),
    Error(
        (T("f32", (1, 16, 2, 2)),),
        attrs=A(axis=4),
        match="axis must be in",
        code="O003",
        at="lint",
        name="axis out of range",
    ),
    Error(
        (T("f32", (1, 16, 2, 2)),),
        attrs=A(axis=2, end_axis=1),
        match="end_axis 1 comes before axis 2",
        code="O003",
        at="lint",
        name="end_axis before axis",
    ),
    Error((T("f32", (16, 2, 2)),), attrs=A(), match=r"must be \[N, C, H, W\]", code="S005", at="lint", name="rank 3"),
    Error(
        (T("f32", (1, 18, 2, 2)),),
        attrs=A(),
        match="must have 16 channels",
        code="S005",
        at="lint",
        name="channels not num regions",
    ),
    Error(
        (T("f32", (1, 16, 2, 2)),),
        attrs=A(do_softmax=False, mask="0"),
        match="must have 8 channels",
        code="S005",
        at="lint",
        name="channels not mask regions",
    ),
    Error((T("i32", (1, 16, 2, 2)),), attrs=A(), match="floating-point", code="S005", at="lint", name="integer data"),
]

test_cases, test_errors = TABLE.pytest()
