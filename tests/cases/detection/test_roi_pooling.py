"""ROIPooling-1 (written as opset2): cases against the CPU plugin, methods max and bilinear."""

from cases.rows import Case, Error, T, Table


def attrs(ph, pw, scale, method=None, **more):
    a = {"pooled_h": str(ph), "pooled_w": str(pw), "spatial_scale": str(scale), **more}
    if method is not None:
        a["method"] = method
    return a


def rois(values, const=False, etype="f32"):
    return T(etype, (len(values), 5), values, const=const)


DATA = T("f32", (2, 3, 8, 10))
BOXES = rois([[0, 0, 0, 7, 7], [1, 2, 1, 9, 5], [1, 3.5, 2.5, 6.5, 6.5], [0, 4, 4, 4, 4], [0, -3, -2, 2, 3]])
UNIT = rois([[0, 0, 0, 1, 1], [1, 0.25, 0.125, 0.75, 0.5], [1, 0.5, 0.5, 0.5, 0.5], [0, 0.1, 0.3, 0.9, 0.7]])

TABLE = Table(
    "ROIPooling",
    "opset2",
    cases=[
        Case((DATA, BOXES), attrs(2, 3, 1.0), name="max, method left out"),
        Case((DATA, BOXES), attrs(3, 2, 1.0, "max"), name="max"),
        Case(
            (T("f32", (1, 2, 16, 16)), rois([[0, 8, 4, 56, 60], [0, 0, 0, 64, 64], [0, 6, 10, 18, 14]])),
            attrs(4, 4, 0.25, "max"),
            name="max, scale 1/4, rounding",
        ),
        Case(
            (DATA, rois([[0, 0, 0, 20, 20], [1, 9, 7, 30, 30]], const=True)),
            attrs(2, 2, 1.0, "max"),
            name="max, ROIs past the image, constant rois",
        ),
        Case((DATA, UNIT), attrs(3, 4, 1.0, "bilinear"), rtol=1e-5, atol=1e-5, name="bilinear"),
        Case((DATA, UNIT), attrs(1, 1, 1.0, "bilinear"), rtol=1e-5, atol=1e-5, name="bilinear 1x1"),
        Case(
            (DATA, rois([[0, -0.5, 0.2, 0.5, 1.5], [1, 0, 0, 1, 1]])),
            attrs(2, 3, 1.0, "bilinear"),
            rtol=1e-5,
            atol=1e-5,
            name="bilinear, points outside the image",
        ),
        Case(
            (T("f16", (1, 2, 6, 6)), rois([[0, 0, 0, 5, 5], [0, 1, 2, 3, 5]], etype="f16")),
            attrs(2, 2, 1.0, "max"),
            name="f16",
        ),
        Case((DATA, BOXES), {"output_size": "2,3", "spatial_scale": "1.0", "method": "max"}, name="output_size"),
        Case((T("f32", (1, 2, 4, 4)), T("f32", (0, 5))), attrs(2, 2, 1.0), name="no ROIs"),
    ],
)

X = T("f32", (1, 2, 6, 6))
TABLE.errors = [
    Error(
        (X, rois([[1, 0, 0, 3, 3]])),
        attrs=attrs(2, 2, 1.0),
        match=r"batch id 1 is out of range \[0, 1\)",
        code="C004",
        at="run",
        name="batch id out of range",
    ),
    Error(
        (X, rois([[-1, 0, 0, 3, 3]])),
        attrs=attrs(2, 2, 1.0),
        match=r"batch id -1 is out of range",
        code="C004",
        at="run",
        name="negative batch id",
    ),
    Error(
        (T("f32", (2, 6, 6)), rois([[0, 0, 0, 3, 3]])),
        attrs=attrs(2, 2, 1.0),
        match="data must be 4-D",
        code="S005",
        at="lint",
    ),
    Error(
        (X, T("f32", (1, 4), [[0, 0, 3, 3]])),
        attrs=attrs(2, 2, 1.0),
        match=r"rois must be \[num_rois, 5\]",
        code="S005",
        at="lint",
    ),
    Error(
        (T("i32", (1, 2, 6, 6)), rois([[0, 0, 0, 3, 3]], etype="i32")),
        attrs=attrs(2, 2, 1.0),
        match="data must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error(
        (X, rois([[0, 0, 0, 3, 3]], etype="f16")),
        attrs=attrs(2, 2, 1.0),
        match="must have one element type",
        code="S005",
        at="lint",
    ),
    Error(
        (X, rois([[0, 0, 0, 3, 3]])),
        attrs={"pooled_w": "2", "spatial_scale": "1"},
        match="required attribute 'pooled_h' is missing",
        code="O003",
        at="lint",
    ),
    Error(
        (X, rois([[0, 0, 0, 3, 3]])),
        attrs=attrs(-1, 2, 1.0),
        match="pooled_h must be 0 or more",
        code="O003",
        at="lint",
    ),
    Error(
        (X, rois([[0, 0, 0, 3, 3]])),
        attrs=attrs(2, 2, 0.0),
        match="spatial_scale must be positive",
        code="O003",
        at="lint",
    ),
    Error(
        (X, rois([[0, 0, 0, 3, 3]])),
        attrs=attrs(2, 2, 1.0, "avg"),
        match="method='avg' is not one of",
        code="O003",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
