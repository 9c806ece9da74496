"""DeformablePSROIPooling-1: cases against the CPU plugin. Floats compare within 1e-5 (the plugin
weights the four neighbours in another order)."""

import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-5, "atol": 1e-5}


def A(out, scale, group=None, bx=None, by=None, trans=None, part=None, mode="bilinear_deformable"):
    a = {
        "output_dim": out,
        "spatial_scale": scale,
        "group_size": group,
        "spatial_bins_x": bx,
        "spatial_bins_y": by,
        "trans_std": trans,
        "part_size": part,
        "mode": mode,
    }
    return {k: str(v) for k, v in a.items() if v is not None}


def rois(values, etype="f32", const=False):
    values = np.asarray(values, np.float32).reshape(-1, 5)
    return T(etype, values.shape, values, const=const)


def offsets(r, classes, part, seed=0, etype="f32", scale=32):
    values = np.random.default_rng(seed).integers(-8, 8, (r, 2 * classes, part, part)) / scale
    return T(etype, values.shape, values)


R5 = rois([[0, 1, 1, 6, 5], [1, 2.5, 0, 9, 7], [0, 0, 0, 9, 7], [1, 3, 3, 3, 3], [0, -2, 4, 12, 11]])

TABLE = Table(
    "DeformablePSROIPooling",
    "opset1",
    cases=[
        Case((T("f32", (2, 2, 8, 10)), R5), A(2, 1.0), name="no offsets, optional attributes left out", **TOL),
        Case((T("f32", (2, 2, 8, 10)), R5), A(2, 1.0, mode=None), name="mode left out", **TOL),
        Case((T("f32", (2, 18, 8, 10)), R5), A(2, 1.0, 3, 2, 2), name="no offsets, group 3, 2 x 2 sub-bins", **TOL),
        Case(
            (T("f32", (2, 18, 8, 10)), R5, offsets(5, 1, 3)),
            A(2, 1.0, 3, 2, 2, 0.5, 3),
            name="offsets, one class, part_size 3",
            **TOL,
        ),
        Case(
            (T("f32", (2, 36, 8, 10)), R5, offsets(5, 2, 2, seed=1)),
            A(4, 1.0, 3, 1, 3, 0.25, 2),
            name="offsets, two classes, part_size 2",
            **TOL,
        ),
        Case(
            (T("f32", (2, 8, 8, 10)), R5, offsets(5, 1, 1, seed=2)),
            A(2, 1.0, 2),
            name="offsets, trans_std left out",
            **TOL,
        ),
        Case(
            (T("f32", (2, 8, 8, 10)), R5, offsets(5, 1, 2, seed=3, scale=2)),
            A(2, 1.0, 2, 2, 2, 1.0, 2),
            name="large offsets, sub-bins outside the image",
            **TOL,
        ),
        Case(
            (T("f32", (1, 8, 8, 8)), rois([[0, 16, 8, 100, 120], [0, 0, 0, 127, 127], [0, 40, 40, 40, 40]])),
            A(2, 0.0625, 2, 3, 3),
            name="scale 1/16",
            **TOL,
        ),
        Case(
            (T("f32", (2, 8, 6, 6)), rois([[0, 1, 1, 4, 4], [1, 0, 0, 5, 5]], const=True)),
            A(2, 1.0, 2, 2, 2),
            name="constant rois",
            **TOL,
        ),
        Case(
            (T("f16", (2, 8, 8, 10)), rois(R5.values, "f16"), offsets(5, 1, 2, seed=4, etype="f16")),
            A(2, 1.0, 2, 2, 2, 0.5, 2),
            rtol=2e-3,
            atol=2e-3,
            name="f16",
        ),
        Case(
            (T("bf16", (2, 8, 8, 10)), rois(R5.values, "bf16")), A(2, 1.0, 2, 2, 2), rtol=2e-2, atol=2e-2, name="bf16"
        ),
        Case((T("f32", (1, 8, 4, 4)), T("f32", (0, 5))), A(2, 1.0, 2), name="no ROIs"),
    ],
)

X, R = T("f32", (2, 8, 6, 6)), rois([[0, 1, 1, 4, 4]])
TABLE.errors = [
    Error(
        (X, rois([[2, 1, 1, 4, 4]])),
        attrs=A(2, 1.0, 2),
        match=r"batch id 2 is out of range \[0, 2\)",
        code="C004",
        at="run",
        name="batch id out of range",
    ),
    Error(
        (X, rois([[-1, 1, 1, 4, 4]])),
        attrs=A(2, 1.0, 2),
        match=r"batch id -1 is out of range",
        code="C004",
        at="run",
        name="batch id -1",
    ),
    Error((T("f32", (8, 6, 6)), R), attrs=A(2, 1.0, 2), match="data must be 4-D", code="S005", at="lint"),
    Error((X, T("f32", (1, 4))), attrs=A(2, 1.0, 2), match=r"rois must be \[num_rois, 5\]", code="S005", at="lint"),
    Error((X, R), attrs=A(3, 1.0, 2), match=r"output_dim \* group_size\^2 = 12 channels", code="S005", at="lint"),
    Error(
        (X, R, T("f32", (1, 2, 2, 2))),
        attrs=A(2, 1.0, 2, part=3),
        match=r"offsets must be .*\(part_size 3\)",
        code="S005",
        at="lint",
        name="offsets part_size",
    ),
    Error(
        (X, R, T("f32", (1, 2, 2))),
        attrs=A(2, 1.0, 2, part=2),
        match=r"offsets must be \[num_rois",
        code="S005",
        at="lint",
        name="offsets 3-D",
    ),
    Error(
        (X, R, T("f32", (2, 2, 1, 1))),
        attrs=A(2, 1.0, 2),
        match="offsets must have one entry per ROI",
        code="S005",
        at="lint",
    ),
    Error(
        (X, R, T("f32", (1, 6, 1, 1))),
        attrs=A(2, 1.0, 2),
        match="K classes dividing output_dim 2",
        code="S005",
        at="lint",
        name="classes",
    ),
    Error(
        (X, R, T("f32", (1, 3, 1, 1))),
        attrs=A(2, 1.0, 2),
        match="must have 2 \\* K channels",
        code="S005",
        at="lint",
        name="odd offset channels",
    ),
    Error((X, R), attrs=A(0, 1.0, 2), match="output_dim must be positive", code="O003", at="lint"),
    Error((X, R), attrs=A(2, 1.0, 0), match="group_size must be positive", code="O003", at="lint"),
    Error((X, R), attrs=A(2, 1.0, 2, by=0), match="spatial_bins_y must be positive", code="O003", at="lint"),
    Error((X, R), attrs=A(2, 1.0, 2, part=0), match="part_size must be positive", code="O003", at="lint"),
    Error((X, R), attrs=A(2, -1.0, 2), match="spatial_scale must be positive", code="O003", at="lint"),
    Error((X, R), attrs=A(2, 1.0, 2, mode="bilinear"), match="mode='bilinear' is not one of", code="O003", at="lint"),
    Error(
        (X, R),
        attrs={"output_dim": "2", "group_size": "2"},
        match="required attribute 'spatial_scale' is missing",
        code="O003",
        at="lint",
    ),
    Error(
        (T("i32", (2, 8, 6, 6)), T("i32", (1, 5), [[0, 1, 1, 4, 4]])),
        attrs=A(2, 1.0, 2),
        match="data must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error(
        (X, R, T("f16", (1, 2, 1, 1))), attrs=A(2, 1.0, 2), match="must have one element type", code="S005", at="lint"
    ),
]

test_cases, test_errors = TABLE.pytest()
