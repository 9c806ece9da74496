"""MaxPool-8 and MaxPool-14 (values and indices): cases against the CPU plugin. MaxPool-1 (one
output) has its own table, tests/cases/pooling/test_max_pool_1.py: a table has one output count.

The plugin's departures (rows with ``plugin=``): its padding and starting value are -FLT_MAX, so
a window of only padding, NaN or -inf gives -3.4028235e38 (and, for -inf, the index of the
plane's first element). It keeps only the low 32 bits of i64 data. It runs no MaxPool-8/-14 on
bf16, nor without dilations (irexec alone runs those rows)."""

import numpy as np

from cases.rows import Case, Error, T, Table

INF, NAN = float("inf"), float("nan")
LOW = float(-np.finfo(np.float32).max)
PADS0 = {"pads_begin": "0,0", "pads_end": "0,0"}


def window(kernel, strides, pads_begin=None, pads_end=None, **more):
    """Attributes as the IR writes them (ints joined by commas); dilations 1 unless given (the
    plugin fails without them), left out when None."""
    n = len(kernel)
    more.setdefault("dilations", (1,) * n)
    if more["dilations"] is None:
        del more["dilations"]
    attrs = {
        "kernel": ",".join(map(str, kernel)),
        "strides": ",".join(map(str, strides)),
        "pads_begin": ",".join(map(str, pads_begin or [0] * n)),
        "pads_end": ",".join(map(str, pads_end or [0] * n)),
    }
    attrs.update({k: ",".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v) for k, v in more.items()})
    return attrs


NINE = np.arange(1, 10, dtype=np.float32)
CEIL_VALUES = [[[[1, 3, -INF], [7, 9, -INF], [-INF, -INF, -INF]]]]
CEIL_INDICES = [[[[0, 2, 0], [6, 8, 0], [0, 0, 0]]]]

TABLE = Table(
    "MaxPool",
    ("opset8", "opset14"),
    outputs=2,
    cases=[
        Case((T("f32", (1, 2, 5, 5)),), window((2, 2), (1, 1)), name="defaults: floor, explicit, i64, axis 0"),
        Case(
            (T("f32", (1, 1, 3, 3), NINE),),
            window((2, 2), (1, 1), dilations=None),
            oracle=False,
            expect=([[[[5, 6], [8, 9]]]], [[[[4, 5], [7, 8]]]]),
            why='the plugin fails on MaxPool-8/-14 without dilations ("One of the MaxPool params does not match the '
            "3D implementation\"); the spec's default is 1 per axis",
            name="dilations left out",
        ),
        Case(
            (T("f32", (2, 3, 6, 7)),),
            window((3, 3), (2, 2), (1, 1), (1, 1), auto_pad="explicit", rounding_type="floor"),
            name="3x3/2 padded",
        ),
        Case((T("f32", (1, 3, 9)),), window((3,), (2,), (1,), (2,), dilations=(2,)), name="1D dilated"),
        Case(
            (T("f32", (1, 2, 4, 5, 6)),),
            window((2, 2, 3), (2, 1, 2), (1, 0, 1), (0, 1, 2), dilations=(1, 2, 1)),
            name="3D dilated",
        ),
        Case(
            (T("f32", (1, 2, 7, 7)),),
            window((3, 2), (2, 2), (1, 0), (0, 0), dilations=(2, 1), rounding_type="ceil"),
            name="ceil, dilated",
        ),
        Case(
            (T("f32", (1, 1, 3, 3), NINE),),
            window((2, 2), (2, 2), (1, 1), (1, 1), rounding_type="ceil"),
            expect=(CEIL_VALUES, CEIL_INDICES),
            plugin=([[[[1, 3, LOW], [7, 9, LOW], [LOW, LOW, LOW]]]], CEIL_INDICES),
            why="the plugin pads MaxPool with -FLT_MAX: a ceil window starting in the padding gives -3.4e38, not -inf",
            name="ceil: last windows start in the padding",
        ),
        Case(
            (T("f32", (1, 1, 3, 3), NINE),),
            window((2, 2), (2, 2), (1, 1), (1, 1), rounding_type="ceil_torch"),
            versions=("opset14",),
            expect=([[[[1, 3], [7, 9]]]], [[[[0, 2], [6, 8]]]]),
            name="ceil_torch drops them",
        ),
        Case(
            (T("f32", (1, 2, 7, 8)),),
            window((3, 2), (3, 3), (2, 1), (2, 2), rounding_type="ceil_torch"),
            versions=("opset14",),
            name="ceil_torch, random",
        ),
        Case(
            (T("f32", (1, 2, 7, 6)),),
            window((3, 2), (2, 2), (1, 1), (1, 1), auto_pad="valid", rounding_type="ceil"),
            name="valid ignores the pads, ceil",
        ),
        Case(
            (T("f32", (1, 2, 7, 6)),), window((3, 2), (2, 3), (5, 5), (5, 5), auto_pad="same_upper"), name="same_upper"
        ),
        Case(
            (T("f32", (1, 2, 6, 7)),),
            window((2, 3), (2, 2), auto_pad="same_lower", dilations=(2, 1)),
            name="same_lower dilated",
        ),
        Case(
            (T("f32", (1, 1, 5), [1, 2, 3, 4, 5]),),
            window((1,), (3,), auto_pad="same_upper", rounding_type="ceil"),
            expect=([[[1, 4, -INF]]], [[[0, 3, 0]]]),
            plugin=([[[1, 4, LOW]]], [[[0, 3, 0]]]),
            why="the plugin pads MaxPool with -FLT_MAX: a window past the data gives -3.4e38, not -inf",
            name="same_upper with ceil: OpenVINO's size gives a window past the data",
        ),
        Case((T("f32", (2, 3, 4, 5)),), window((2, 2), (1, 2), index_element_type="i32", axis=1), name="i32, axis 1"),
        Case((T("f32", (2, 3, 4, 5)),), window((2, 3), (2, 1), (1, 1), (0, 1), axis=2), name="axis 2, padded"),
        Case((T("f32", (2, 3, 4, 5)),), window((2, 2), (2, 2), axis=-1), name="axis -1"),
        Case((T("f32", (2, 3, 4, 5)),), window((2, 2), (2, 2), axis=-4, index_element_type="i64"), name="axis -4"),
        Case(
            (T("f32", (1, 1, 6), [3, 3, 1, 3, 2, 2]),),
            window((3,), (1,)),
            expect=([[[3, 3, 3, 3]]], [[[0, 1, 3, 3]]]),
            name="ties: the first",
        ),
        Case(
            (T("f32", (1, 2, 2, 3), [[3, 1, 3], [3, 0, 3], [1, 1, 1], [1, 1, 1]]),),
            window((2, 3), (1, 1)),
            expect=([[[[3]], [[1]]]], [[[[0]], [[6]]]]),
            name="ties in 2D: row-major first",
        ),
        Case(
            (T("f32", (1, 1, 8), [1, NAN, 2, 0, NAN, NAN, 5, 1]),),
            window((2,), (1,)),
            expect=([[[1, 2, 2, 0, -INF, 5, 5]]], [[[0, 2, 2, 3, 0, 6, 6]]]),
            plugin=([[[1, 2, 2, 0, LOW, 5, 5]]], [[[0, 2, 2, 3, 0, 6, 6]]]),
            why="the plugin starts MaxPool from -FLT_MAX: a window of NaN gives -3.4e38, not -inf",
            name="NaN skipped; all NaN",
        ),
        Case(
            (T("f32", (1, 1, 4), [-INF, -INF, -INF, 1]),),
            window((2,), (1,)),
            expect=([[[-INF, -INF, 1]]], [[[0, 1, 3]]]),
            plugin=([[[LOW, LOW, 1]]], [[[0, 0, 3]]]),
            why="the plugin starts MaxPool from -FLT_MAX: -inf never replaces it, so a window of -inf gives -3.4e38 "
            "and index 0",
            name="-inf",
        ),
        Case(
            (T("f32", (1, 1, 0)),),
            window((2,), (1,), (1,), (1,)),
            versions=("opset8",),
            expect=([[[-INF]]], [[[0]]]),
            plugin=([[[LOW]]], [[[0]]]),
            why="the plugin pads MaxPool with -FLT_MAX",
            name="empty spatial dim, all padding",
        ),
        Case((T("f16", (1, 2, 5, 6)),), window((3, 2), (2, 2), (1, 0), (1, 1), rounding_type="ceil"), name="f16 ceil"),
        Case(
            (T("f16", (1, 1, 4), [NAN, NAN, 1, 2]),),
            window((2,), (1,)),
            expect=([[[-INF, 1, 2]]], [[[0, 2, 3]]]),
            name="f16: -FLT_MAX rounds to -inf",
        ),
        Case(
            (T("bf16", (1, 1, 3, 3), [[1.5, -2, 3], [0.25, 5, -6], [7, 8.5, -9]]),),
            window((2, 2), (1, 1), (0, 1), (1, 0)),
            oracle=False,
            expect=([[[[1.5, 5, 5], [7, 8.5, 8.5], [7, 8.5, 8.5]]]], [[[[0, 4, 4], [6, 7, 7], [6, 7, 7]]]]),
            why='the plugin runs no MaxPool-8/-14 on bf16 ("supported only with one output")',
            name="bf16",
        ),
        Case((T("i8", (1, 2, 5, 5)),), window((2, 2), (2, 2), (1, 1), (1, 1)), name="i8 padded"),
        Case((T("u8", (1, 2, 5, 5)),), window((3, 3), (2, 2), (1, 1), (1, 1), rounding_type="ceil"), name="u8 ceil"),
        Case((T("i32", (2, 2, 6)),), window((3,), (2,), (1,), (1,), index_element_type="i32", axis=-2), name="i32"),
        Case(
            (T("i64", (1, 1, 4), [2**40 + 1, 2**40, 7, -(2**40)]),),
            window((2,), (1,)),
            expect=([[[2**40 + 1, 2**40, 7]]], [[[0, 1, 2]]]),
            plugin=([[[1, 7, 7]]], [[[0, 2, 2]]]),
            why="the plugin keeps only the low 32 bits of i64 data",
            name="i64 beyond i32",
        ),
        Case((T("i64", (1, 2, 5)),), window((2,), (2,), (1,), (0,)), name="i64 within i32"),
        Case(
            (T("i32", (1, 1, 3), [-(2**31), -(2**31), 5]),),
            window((2,), (1,), (1,), (0,)),
            name="i32 lowest value beside padding",
        ),
        Case((T("f32", (1, 3, 4, 4), const=True),), window((2, 2), (2, 2)), name="constant data"),
        Case((T("f32", (1, 1, 1, 1)),), window((1, 1), (1, 1)), name="1x1"),
    ],
)
TABLE.errors = [
    Error((T("f32", (2, 5)),), match="must be 3D, 4D or 5D", attrs=window((2,), (1,)), code="S005", at="lint"),
    Error(
        (T("f32", (1, 1, 5, 5, 5, 5)),),
        match="kernel must have 1 to 3 values",
        attrs=window((1, 1, 1, 1), (1, 1, 1, 1)),
        code="O003",
        at="lint",
        name="four spatial dims",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="kernel has 1 values but its data",
        attrs=window((2,), (1,)),
        code="S005",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="strides has 1 values",
        attrs=window((2, 2), (1, 1)) | {"strides": "1"},
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="pads_end has 3 values",
        attrs=window((2, 2), (1, 1)) | {"pads_end": "0,0,0"},
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="dilations has 1 values",
        attrs=window((2, 2), (1, 1), dilations=(1,)),
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="strides must be positive",
        attrs=window((2, 2), (0, 1)),
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="dilations must be positive",
        attrs=window((2, 2), (1, 1), dilations=(1, 0)),
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),), match="kernel must be positive", attrs=window((2, 0), (1, 1)), code="O003", at="lint"
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="pads_begin must be non-negative",
        attrs=window((2, 2), (1, 1), (-1, 0)),
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="spans 7 along spatial axis 0, more than the 5",
        attrs=window((3, 2), (1, 1), dilations=(3, 1)),
        code="S005",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="spans 6 along spatial axis 1, more than the 5",
        attrs=window((2, 6), (1, 1), (0, 3), (0, 3), auto_pad="valid"),
        code="S005",
        at="lint",
        name="valid",
    ),
    Error((T("f32", (0, 1, 5, 5)),), match="batch size 0", attrs=window((2, 2), (1, 1)), code="S005", at="lint"),
    Error((T("f32", (1, 0, 5, 5)),), match="channel size 0", attrs=window((2, 2), (1, 1)), code="S005", at="lint"),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="axis 4 is out of range",
        attrs=window((2, 2), (1, 1), axis=4),
        code="S006",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="axis -5 is out of range",
        attrs=window((2, 2), (1, 1), axis=-5),
        code="S006",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="index_element_type must be i32 or i64",
        attrs=window((2, 2), (1, 1), index_element_type="u8"),
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="rounding_type='ceil_torch' is not one of",
        attrs=window((2, 2), (1, 1), rounding_type="ceil_torch"),
        code="O003",
        at="lint",
        versions=("opset8",),
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="auto_pad='same' is not one of",
        attrs=window((2, 2), (1, 1), auto_pad="same"),
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="auto_pad='notset' is not one of",
        attrs=window((2, 2), (1, 1), auto_pad="notset"),
        code="O003",
        at="lint",
        name="notset (OpenVINO reads none)",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="required attribute 'kernel'",
        attrs={"strides": "1,1", **PADS0},
        code="O003",
        at="lint",
    ),
    Error((T("boolean", (1, 1, 5, 5)),), match="must be numeric", attrs=window((2, 2), (1, 1)), code="S005", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
