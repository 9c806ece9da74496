"""PriorBox-1 and PriorBox-8: cases against the CPU plugin.

output_size and image_size are [height, width] values, fed at run time unless ``const`` (with a
run-time output_size the output's length is known only when the run sizes it)."""

import numpy as np

from cases.rows import Case, Error, T, Table


def S(h, w, ih, iw, etype="i32", const=False):
    return (T(etype, (2,), [h, w], const=const), T(etype, (2,), [ih, iw], const=const))


def A(**kw):
    """Attributes as the IR writes them (offset is required)."""
    out = {"offset": "0.5"}
    out.update({k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in kw.items()})
    return out


V1, V8 = ("opset1",), ("opset8",)

# OpenVINO folds a PriorBox of constant inputs with its reference implementation, which halves a
# fixed size's integer part in integers (9 -> 4) where the plugin's kernel halves it in f32
# (9 -> 4.5): the fixed-size boxes' centers then differ by half a pixel.
FOLDS = (
    "OpenVINO's constant folding halves the integer part of a fixed size in integers (9 -> 4), the "
    "plugin's run-time kernel in f32 (9 -> 4.5): folded fixed-size boxes sit half a pixel lower and right"
)
FOLD_SPEC = np.array([[0.359375, 0.359375, 0.640625, 0.640625], [0.1] * 4], np.float32)
FOLD_PLUGIN = np.array([[0.375, 0.375, 0.65625, 0.65625], [0.1] * 4], np.float32)

TABLE = Table(
    "PriorBox",
    ("opset1", "opset8"),
    cases=[
        Case(S(2, 3, 32, 48), A(min_size="4"), name="defaults: one min size"),
        Case(
            S(3, 3, 30, 30),
            A(min_size="4, 8", max_size="9, 20", aspect_ratio="2", flip=True, variance="0.1, 0.1, 0.2, 0.2"),
            name="min, max, flipped ratio",
        ),
        Case(
            S(2, 2, 40, 30),
            A(
                min_size="6",
                max_size="12",
                aspect_ratio="2, 3",
                flip=False,
                step="8",
                offset="0.25",
                clip=True,
                variance="0.2",
            ),
            name="step, clip, one variance",
        ),
        Case(
            S(2, 4, 64, 64),
            A(min_size="16", max_size="40", aspect_ratio="2, 0.5, 2", flip=True, step="16"),
            name="duplicate ratios ignored",
        ),
        Case(
            S(3, 2, 60, 40),
            A(min_size="0.2, 0.4", aspect_ratio="2", flip=True, scale_all_sizes=False),
            name="mxnet: sizes scaled by the image height",
        ),
        Case(
            S(3, 2, 60, 40),
            A(min_size="0.2", aspect_ratio="2", scale_all_sizes=False, step="0.25"),
            name="mxnet: step scaled by the image height",
        ),
        Case(S(3, 2, 60, 40), A(min_size="0.2", scale_all_sizes=False, step="-1"), name="mxnet: step -1"),
        Case(S(2, 2, 32, 32), A(fixed_size="8", density="2"), name="fixed size with density"),
        Case(
            S(2, 3, 48, 32),
            A(fixed_size="8, 16", density="2, 1", aspect_ratio="2", step="16"),
            name="fixed sizes, densities and a ratio",
        ),
        Case(
            S(2, 2, 32, 32),
            A(fixed_size="9", fixed_ratio="2", density="3", clip=False),
            name="fixed ratio cut at 0 and 1",
        ),
        # The plugin compiles PriorBox-8 with this order only when it can fold it (constant inputs).
        Case(
            S(2, 2, 40, 40, const=True),
            A(min_size="4, 8", max_size="9, 20", aspect_ratio="2", flip=True, min_max_aspect_ratios_order=False),
            versions=V8,
            name="ratios before the max box",
        ),
        Case(
            S(2, 2, 40, 40),
            A(min_size="4", max_size="9", aspect_ratio="3", min_max_aspect_ratios_order=True),
            versions=V8,
        ),
        Case(S(2, 3, 32, 48, "i64"), A(min_size="4", max_size="6")),
        Case(S(2, 3, 32, 48, "u8", const=True), A(min_size="4", aspect_ratio="2", flip=True), name="constant sizes"),
        Case(S(0, 3, 32, 48), A(min_size="4"), name="empty grid"),
        Case(
            S(1, 1, 32, 32, const=True),
            A(fixed_size="9", density="1"),
            expect=(FOLD_SPEC,),
            plugin=(FOLD_PLUGIN,),
            why=FOLDS,
            name="odd fixed size, constant",
        ),
        Case(
            S(2, 2, 32, 32),
            A(fixed_size="9.5", density="2.5", aspect_ratio="2"),
            name="fractional fixed size and density",
        ),
    ],
)

TABLE.errors = [
    Error(
        S(2, 2, 32, 32),
        attrs={"min_size": "4"},
        match="required attribute 'offset' is missing",
        code="O003",
        at="lint",
        name="offset left out",
    ),
    Error(
        S(2, 2, 32, 32),
        attrs=A(min_size="4, x"),
        match="min_size.*not a valid list of floats",
        code="O003",
        at="lint",
        name="bad float list",
    ),
    Error(
        S(2, 2, 32, 32),
        attrs=A(min_size="4", aspect_ratio="2, 0"),
        match="aspect_ratio must hold positive",
        code="O003",
        at="lint",
        name="zero aspect ratio",
    ),
    Error(
        S(2, 2, 32, 32),
        attrs=A(min_size="4", variance="0.1, 0.2"),
        match="variance must have 0, 1 or 4 values",
        code="O003",
        at="lint",
        name="two variances",
    ),
    Error(
        S(2, 2, 32, 32),
        attrs=A(min_size="4", variance="-0.1"),
        match="variance must hold non-negative",
        code="O003",
        at="lint",
        name="negative variance",
    ),
    Error(
        S(2, 2, 32, 32),
        attrs=A(fixed_size="8, 16", density="2"),
        match="a density for each of the 2 fixed sizes",
        code="O003",
        at="lint",
        name="fewer densities than fixed sizes",
    ),
    Error(
        S(2, 2, 32, 32),
        attrs=A(fixed_size="8", density="0.5"),
        match="densities must be 1 or more",
        code="O003",
        at="lint",
        name="density below 1",
    ),
    Error(
        S(2, 2, 32, 32),
        attrs=A(fixed_size="8"),
        match="make 0 boxes per cell.*for 1",
        code="O003",
        at="lint",
        name="fixed size without density",
    ),
    Error(
        S(2, 2, 32, 32),
        attrs=A(min_size="4", max_size="8, 9"),
        match="make 2 boxes per cell.*for 3",
        code="O003",
        at="lint",
        name="more max sizes than min sizes",
    ),
    Error(
        (T("i32", (3,), [2, 2, 1]), T("i32", (2,), [32, 32])),
        attrs=A(min_size="4"),
        match="output_size must have two elements",
        code="S005",
        at="lint",
        name="three-element output_size",
    ),
    Error(
        (T("i32", (2,), [2, 2]), T("i32", (1, 2), [[32, 32]])),
        attrs=A(min_size="4"),
        match="image_size must be 1-D",
        code="S005",
        at="lint",
        name="2-D image_size",
    ),
    Error(
        (T("f32", (2,), [2.0, 2.0]), T("i32", (2,), [32, 32])),
        attrs=A(min_size="4"),
        match="output_size must be of an integer type",
        code="S005",
        at="lint",
        name="float output_size",
    ),
    Error(
        S(-2, 2, 32, 32),
        attrs=A(min_size="4"),
        match="output_size must not be negative",
        code="S005",
        at="run",
        name="negative output_size",
    ),
    Error(
        S(2, 2, 0, 32),
        attrs=A(min_size="4"),
        match="image_size must be positive",
        code="S005",
        at="run",
        name="zero image height",
    ),
]

test_cases, test_errors = TABLE.pytest()
