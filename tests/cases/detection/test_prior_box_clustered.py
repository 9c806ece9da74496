"""PriorBoxClustered-1: cases against the CPU plugin.

output_size and image_size are [height, width] values, fed at run time unless ``const``."""

import numpy as np

from cases.rows import Case, Error, T, Table


def S(h, w, ih, iw, etype="i32", const=False):
    return (T(etype, (2,), [h, w], const=const), T(etype, (2,), [ih, iw], const=const))


def A(**kw):
    """Attributes as the IR writes them (offset is required)."""
    out = {"offset": "0.5"}
    out.update({k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in kw.items()})
    return out


NO_BOXES = (
    "the spec's default width and height are 1.0 (one 1 x 1 box per cell); OpenVINO reads a missing "
    "width and height as no boxes at all (an output of [2, 0]; its port then contradicts irexec's, "
    "so the case runs in irexec only)"
)
# Two cells of [4, 8]: centers (2, 2) and (6, 2), boxes 1 x 1.
UNIT_BOXES = np.array([[0.1875, 0.375, 0.3125, 0.625, 0.6875, 0.375, 0.8125, 0.625], [0.1] * 8], np.float32)

TABLE = Table(
    "PriorBoxClustered",
    "opset1",
    cases=[
        Case(S(2, 3, 30, 45), A(width="10, 20", height="12, 6"), name="defaults: clip, steps from the sizes"),
        Case(
            S(3, 2, 50, 20),
            A(width="86, 13, 57", height="44, 10, 30", clip=False, step="16", variance="0.1, 0.1, 0.2, 0.2"),
            name="step, no clip, 4 variances",
        ),
        Case(
            S(2, 2, 40, 30),
            A(width="7", height="9", clip=False, step_w="12", step_h="7", variance="0.3"),
            name="step_w and step_h, one variance",
        ),
        Case(S(2, 2, 40, 30), A(width="7", height="9", clip=False, step="5", step_w="12"), name="step_h from step"),
        Case(S(2, 2, 40, 30), A(width="7", height="9", clip=False, step_h="7"), name="step_w 0 stays 0"),
        Case(S(3, 3, 33, 17, "i64"), A(width="3.5", height="2.25", clip=True, offset="0.25")),
        Case(S(2, 4, 64, 32, "u16", const=True), A(width="10, 20", height="12, 6", clip=False), name="constant sizes"),
        Case(S(0, 4, 64, 32), A(width="10", height="12"), name="empty grid"),
        Case(
            S(1, 2, 4, 8),
            A(clip=False),
            expect=(UNIT_BOXES,),
            plugin=(np.zeros((2, 0), np.float32),),
            why=NO_BOXES,
            oracle=False,
            name="width and height left out",
        ),
    ],
)

TABLE.errors = [
    Error(
        S(2, 2, 32, 32),
        attrs={"width": "4", "height": "4"},
        match="required attribute 'offset' is missing",
        code="O003",
        at="lint",
        name="offset left out",
    ),
    Error(
        S(2, 2, 32, 32),
        attrs=A(width="4, 5", height="4"),
        match="as many heights as widths",
        code="O003",
        at="lint",
        name="more widths than heights",
    ),
    Error(
        S(2, 2, 32, 32),
        attrs=A(width="4", height="4", variance="1, 2, 3"),
        match="0, 1 or 4 values",
        code="O003",
        at="lint",
        name="three variances",
    ),
    Error(
        (T("i32", (2,), [2, 2]),),
        attrs=A(width="4", height="4"),
        match="takes 2 inputs",
        code="O004",
        at="lint",
        name="image_size left out",
    ),
    Error(
        (T("i32", (2, 1), [[2], [2]]), T("i32", (2,), [32, 32])),
        attrs=A(width="4", height="4"),
        match="output_size must be 1-D",
        code="S005",
        at="lint",
        name="2-D output_size",
    ),
    Error(
        (T("i32", (2,), [2, 2]), T("f32", (2,), [32.0, 32.0])),
        attrs=A(width="4", height="4"),
        match="image_size must be of an integer type",
        code="S005",
        at="lint",
        name="float image_size",
    ),
    Error(
        S(2, -1, 32, 32),
        attrs=A(width="4", height="4"),
        match="output_size must not be negative",
        code="S005",
        at="run",
        name="negative output_size",
    ),
    Error(
        S(2, 2, 32, -3),
        attrs=A(width="4", height="4"),
        match="image_size must be positive",
        code="S005",
        at="run",
        name="negative image width",
    ),
]

test_cases, test_errors = TABLE.pytest()
