"""ExperimentalDetectronPriorGridGenerator-6: cases against the CPU plugin. A grid smaller than the
feature map (``h`` or ``w`` set below its size) leaves the output's last rows undefined (the
plugin: whatever its buffer held): those cases run in irexec alone, against the spec's formula
with zeros there."""

import numpy as np

from cases.rows import Case, Error, T, Table

PRIORS = [[-8, -4, 8, 4], [-2.5, -6, 2.5, 6], [0, 0, 1.5, 0.75]]


def pri(values=PRIORS, etype="f32", const=False):
    values = np.asarray(values, np.float32).reshape(-1, 4)
    return T(etype, values.shape, values, const=const)


def fm(h, w, etype="f32", n=1, c=2):
    return T(etype, (n, c, h, w))


def im(h, w, etype="f32", n=1, c=3):
    return T(etype, (n, c, h, w))


def A(flatten=None, h=None, w=None, sx=None, sy=None):
    out = {"flatten": flatten, "h": h, "w": w, "stride_x": sx, "stride_y": sy}
    return {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in out.items() if v is not None}


def grid(priors, fh, fw, ih, iw, h=0, w=0, sx=0.0, sy=0.0, flatten=True):
    """The spec's formula, cell by cell, in f32 (zeros past the grid)."""
    f = np.float32
    priors = np.asarray(priors, f).reshape(-1, 4)
    lh, lw = h or fh, w or fw
    step_w, step_h = f(sx) if sx else f(iw) / f(lw), f(sy) if sy else f(ih) / f(lh)
    rows = []
    for i in range(lh):
        for j in range(lw):
            dx, dy = step_w * (f(j) + f(0.5)), step_h * (f(i) + f(0.5))
            rows += [p + np.array([dx, dy, dx, dy], f) for p in priors]
    out = np.zeros((fh * fw * len(priors), 4), f)
    out[: len(rows)] = np.asarray(rows, f).reshape(-1, 4)
    return out if flatten else out.reshape(fh, fw, len(priors), 4)


UNDEFINED = "the plugin leaves the rows past the grid as its buffer held them (the spec: undefined)"

TABLE = Table(
    "ExperimentalDetectronPriorGridGenerator",
    "opset6",
    cases=[
        Case(
            (pri(), fm(3, 4), im(48, 64)),
            name="attributes left out (flatten, steps from the image)",
            oracle=False,
            expect=(grid(PRIORS, 3, 4, 48, 64),),
            why="OpenVINO reads a layer without flatten as flatten=false, a 4-D output (the spec's default: true)",
        ),
        Case(
            (pri(), fm(3, 4), im(48, 64)),
            A(h=0, w=0, sx=0.0, sy=0.0, flatten=True),
            name="every attribute given as its default",
        ),
        Case((pri(), fm(3, 4), im(48, 64)), A(flatten=True), name="flatten true"),
        Case((pri(), fm(3, 4), im(48, 64)), A(flatten=False), name="flatten false: 4-D"),
        Case((pri(), fm(5, 3), im(800, 1344)), A(True, sx=32.0, sy=16.0), name="both strides"),
        Case((pri(), fm(5, 3), im(40, 30)), A(flatten=False, sx=4.5), name="stride_x only"),
        Case((pri(), fm(5, 3), im(40, 30)), A(True, sy=2.25), name="stride_y only"),
        Case((pri(), fm(3, 7), im(30, 50)), A(flatten=True), name="steps that do not divide evenly"),
        Case((pri(), fm(3, 4), im(48, 64)), A(True, h=3, w=4), name="h and w equal to the feature map"),
        Case((pri(const=True), fm(2, 2), im(16, 16)), A(flatten=False), name="constant priors"),
        Case((pri(etype="f16"), fm(3, 4, "f16"), im(48, 64, "f16")), A(True, sx=8.0, sy=8.0), name="f16"),
        Case((pri(etype="bf16"), fm(3, 4, "bf16"), im(48, 64, "bf16")), A(True, sx=8.0, sy=8.0), name="bf16"),
        Case((pri(), fm(4, 2, n=2), im(20, 24, n=2)), A(flatten=True), name="batch 2"),
        Case((pri(PRIORS[:1]), fm(1, 1), im(10, 12)), A(flatten=False), name="one prior, one cell"),
        Case((pri(), fm(0, 3), im(8, 8)), A(flatten=True), name="empty feature map"),
        Case((T("f32", (0, 4)), fm(2, 3), im(8, 8)), A(flatten=False), name="no priors"),
        Case(
            (pri(), fm(3, 4), im(48, 64)),
            A(True, h=2),
            oracle=False,
            why=UNDEFINED,
            name="h below the feature map",
            expect=(grid(PRIORS, 3, 4, 48, 64, h=2),),
        ),
        Case(
            (pri(), fm(3, 4), im(48, 64)),
            A(flatten=False, w=3, sy=5.0),
            oracle=False,
            why=UNDEFINED,
            name="w below the feature map, 4-D",
            expect=(grid(PRIORS, 3, 4, 48, 64, w=3, sy=5.0, flatten=False),),
        ),
    ],
)

P, F, I = pri(), fm(3, 4), im(48, 64)
TABLE.errors = [
    Error((T("f32", (3, 5)), F, I), match=r"priors must be \[number_of_priors, 4\]", code="S005", at="lint"),
    Error((P, T("f32", (2, 3, 4)), I), match="feature_map must be 4-D", code="S005", at="lint"),
    Error((P, F, T("f32", (3, 48, 64))), match="im_data must be 4-D", code="S005", at="lint"),
    Error((P, fm(3, 4, n=2), I), match="must have one batch size", code="S005", at="lint"),
    Error((P, F, I), attrs=A(h=4), match="h=4 is past the feature map's height 3", code="S005", at="lint"),
    Error((P, F, I), attrs=A(w=5), match="w=5 is past the feature map's width 4", code="S005", at="lint"),
    Error((P, F, I), attrs=A(h=-1), match="h must be 0 or more", code="O003", at="lint"),
    Error((P, F, I), attrs=A(sx=-2.0), match="stride_x must be 0 or more", code="O003", at="lint"),
    Error((P, F, I), attrs=A(flatten="maybe"), match="flatten='maybe' is not a valid bool", code="O003", at="lint"),
    Error(
        (T("i32", (3, 4)), fm(3, 4, "i32"), im(48, 64, "i32")),
        match="priors must be of a floating-point type",
        code="S005",
        at="lint",
    ),
    Error((P, fm(3, 4, "f16"), I), match="must have one element type", code="S005", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
