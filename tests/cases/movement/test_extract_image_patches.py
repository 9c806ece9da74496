"""ExtractImagePatches-3: cases against the CPU plugin: each auto_pad (odd and even padding,
patches that do not fit), rates, non-square sizes and strides, the spec's examples, element types
of every kind, empty inputs."""

import numpy as np

from cases.rows import Case, Error, T, Table


def attrs(sizes, strides, rates, pad="valid"):
    return {
        "sizes": ",".join(map(str, sizes)),
        "strides": ",".join(map(str, strides)),
        "rates": ",".join(map(str, rates)),
        "auto_pad": pad,
    }


IMAGE = T("f32", (1, 1, 10, 10), np.arange(1, 101))  # (the spec's examples)
DATA = T("f32", (2, 3, 7, 8))

TABLE = Table(
    "ExtractImagePatches",
    "opset3",
    cases=[
        Case(
            (IMAGE,),
            attrs((3, 3), (5, 5), (1, 1)),
            name="the spec's example 1",
            expect=(
                [
                    [
                        [[1, 6], [51, 56]],
                        [[2, 7], [52, 57]],
                        [[3, 8], [53, 58]],
                        [[11, 16], [61, 66]],
                        [[12, 17], [62, 67]],
                        [[13, 18], [63, 68]],
                        [[21, 26], [71, 76]],
                        [[22, 27], [72, 77]],
                        [[23, 28], [73, 78]],
                    ]
                ],
            ),
        ),
        Case((IMAGE,), attrs((4, 4), (8, 8), (1, 1)), name="the spec's example 2"),
        Case((IMAGE,), attrs((4, 4), (9, 9), (1, 1), "same_upper"), name="the spec's example 3, same_upper"),
        Case((IMAGE,), attrs((4, 4), (9, 9), (1, 1), "same_lower"), name="same_lower, odd padding"),
        Case((IMAGE,), attrs((3, 3), (5, 5), (2, 2)), name="the spec's example 4, rates 2"),
        Case((T("f32", (1, 2, 5, 5), np.arange(1, 51)),), attrs((2, 2), (3, 3), (1, 1)), name="the spec's example 5"),
        Case((DATA,), attrs((2, 3), (1, 2), (2, 1)), name="non-square sizes, strides, rates"),
        Case((DATA,), attrs((3, 2), (2, 3), (1, 2), "same_upper"), name="same_upper, non-square"),
        Case((DATA,), attrs((3, 2), (2, 3), (1, 2), "same_lower"), name="same_lower, non-square"),
        Case((DATA,), attrs((2, 2), (2, 2), (1, 1), "same_lower"), name="same_lower, even padding"),
        Case((T("f32", (1, 2, 4, 5)),), attrs((1, 1), (1, 1), (1, 1), "same_upper"), name="1x1 patches (no padding)"),
        Case((T("f32", (1, 2, 3, 5)),), attrs((4, 2), (2, 2), (1, 1)), name="valid, no patch fits in height"),
        Case((T("f32", (1, 2, 3, 5)),), attrs((2, 2), (7, 9), (1, 1), "same_upper"), name="strides past the image"),
        Case((T("i32", (1, 3, 6, 6), const=True),), attrs((2, 2), (2, 2), (1, 1), "same_upper"), name="i32 constant"),
        Case((T("u8", (2, 2, 5, 6)),), attrs((3, 3), (2, 2), (1, 1), "same_lower"), name="u8"),
        Case((T("i64", (1, 2, 5, 6)),), attrs((2, 3), (3, 1), (2, 1)), name="i64"),
        Case((T("f16", (1, 2, 5, 6)),), attrs((2, 2), (1, 1), (1, 1), "same_upper"), name="f16"),
        Case((T("bf16", (1, 2, 5, 6)),), attrs((3, 2), (2, 2), (1, 2), "same_lower"), name="bf16"),
        Case((T("boolean", (1, 2, 5, 6)),), attrs((2, 2), (2, 2), (1, 1), "same_upper"), name="boolean"),
        Case((T("f32", (0, 2, 5, 6)),), attrs((2, 2), (1, 1), (1, 1)), name="empty batch"),
        Case(
            (T("f32", (1, 2, 5, 5)),),
            attrs((0, 2), (1, 1), (2, 1)),
            name="sizes 0 (no channels)",
            oracle=False,
            expect=(np.zeros((1, 0, 7, 4), np.float32),),
            why="OpenVINO gives [1, 0, 5, 4]: its rows take no account of the patch extent -1 of size 0 at rate 2",
        ),
        Case((T("f32", (1, 2, 0, 5)),), attrs((2, 2), (1, 1), (1, 1)), name="no rows, valid"),
        Case((T("f32", (1, 2, 0, 5)),), attrs((2, 2), (1, 1), (1, 1), "same_upper"), name="no rows, same_upper"),
    ],
)

X = T("f32", (1, 2, 5, 5))
TABLE.errors = [
    Error(
        (T("f32", (2, 5, 5)),),
        attrs=attrs((2, 2), (1, 1), (1, 1)),
        match=r"data must be 4-D, got shape \[2,5,5\]",
        code="S005",
        at="lint",
    ),
    Error(
        (X,),
        attrs=attrs((2, 2, 2), (1, 1), (1, 1)),
        match=r"sizes must have 2 values \[rows, cols\], got \[2, 2, 2\]",
        code="O003",
        at="lint",
    ),
    Error((X,), attrs=attrs((2, 2), (1,), (1, 1)), match="strides must have 2 values", code="O003", at="lint"),
    Error((X,), attrs=attrs((2, 2), (1, 1), (1, 1, 1)), match="rates must have 2 values", code="O003", at="lint"),
    Error(
        (X,),
        attrs=attrs((2, 2), (1, 0), (1, 1)),
        match=r"strides must be positive, got \[1, 0\]",
        code="O003",
        at="lint",
    ),
    Error(
        (X,), attrs=attrs((2, 2), (1, 1), (0, 1)), match=r"rates must be positive, got \[0, 1\]", code="O003", at="lint"
    ),
    Error((X,), attrs=attrs((2, -1), (1, 1), (1, 1)), match="sizes must be non-negative", code="O003", at="lint"),
    Error(
        (X,),
        attrs=attrs((2, 2), (1, 2**31), (1, 1)),
        match="strides must be at most 2147483647",
        code="O003",
        at="lint",
    ),
    Error(
        (X,),
        attrs=attrs((2**31 - 1, 2**31 - 1), (1, 1), (1, 1), "same_upper"),
        match="too large for any array",
        code="S005",
        at="lint",
        name="output too large",
    ),
    Error(
        (X,), attrs=attrs((2, 2), (1, 1), (1, 1), "same"), match="auto_pad='same' is not one of", code="O003", at="lint"
    ),
    Error(
        (X,),
        attrs={"sizes": "2,2", "strides": "1,1", "rates": "1,1"},
        match="required attribute 'auto_pad'",
        code="O003",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
