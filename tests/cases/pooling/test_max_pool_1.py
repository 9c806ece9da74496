"""MaxPool-1: cases against the CPU plugin (MaxPool-8 and -14, which have a second output, are in
tests/cases/pooling/test_max_pool.py: a table has one output count).

The plugin's departures (rows with ``plugin=``): its padding and starting value are -FLT_MAX, so
a window of only padding, NaN or -inf gives -3.4028235e38 in f32; it keeps only the low 32 bits
of i64 data, and on AVX2 machines pools i32 in f32; it gives uninitialised memory for an empty
spatial dim (irexec alone runs that row)."""

from cases.pooling.test_max_pool import CEIL_VALUES, INF, LOW, NAN, NINE, window
from cases.rows import Case, Error, T, Table


def w1(*args, **more):
    """MaxPool-1's attributes: no dilations."""
    return window(*args, dilations=None, **more)


TABLE = Table(
    "MaxPool",
    "opset1",
    cases=[
        Case((T("f32", (1, 2, 5, 5)),), w1((2, 2), (1, 1)), name="defaults: floor, explicit"),
        Case(
            (T("f32", (2, 3, 7, 6)),),
            w1((3, 3), (2, 2), (1, 1), (1, 1), auto_pad="explicit", rounding_type="floor"),
            name="3x3/2 padded",
        ),
        Case((T("f32", (1, 3, 9)),), w1((3,), (2,), (1,), (2,)), name="1D"),
        Case((T("f32", (1, 2, 4, 5, 6)),), w1((2, 2, 3), (2, 1, 2), (1, 0, 1), (0, 1, 2)), name="3D"),
        Case((T("f32", (1, 2, 7, 7)),), w1((3, 2), (2, 2), (1, 0), (0, 0), rounding_type="ceil"), name="ceil"),
        Case(
            (T("f32", (1, 1, 3, 3), NINE),),
            w1((2, 2), (2, 2), (1, 1), (1, 1), rounding_type="ceil"),
            expect=(CEIL_VALUES,),
            plugin=([[[[1, 3, LOW], [7, 9, LOW], [LOW, LOW, LOW]]]],),
            why="the plugin pads MaxPool with -FLT_MAX: a ceil window starting in the padding gives -3.4e38, not -inf",
            name="ceil: last windows start in the padding",
        ),
        Case(
            (T("f32", (1, 2, 7, 6)),),
            w1((3, 2), (2, 2), (1, 1), (1, 1), auto_pad="valid", rounding_type="ceil"),
            name="valid ignores the pads, ceil",
        ),
        Case((T("f32", (1, 2, 7, 6)),), w1((3, 2), (2, 3), (5, 5), (5, 5), auto_pad="same_upper"), name="same_upper"),
        Case((T("f32", (1, 2, 6, 7)),), w1((2, 3), (2, 2), auto_pad="same_lower"), name="same_lower"),
        Case((T("f32", (1, 1, 6), [3, 3, 1, 3, 2, 2]),), w1((3,), (1,)), name="ties"),
        Case(
            (T("f32", (1, 1, 8), [1, NAN, 2, 0, NAN, NAN, 5, 1]),),
            w1((2,), (1,)),
            expect=([[[1, 2, 2, 0, -INF, 5, 5]]],),
            plugin=([[[1, 2, 2, 0, LOW, 5, 5]]],),
            why="the plugin starts MaxPool from -FLT_MAX: a window of NaN gives -3.4e38, not -inf",
            name="NaN skipped; all NaN",
        ),
        Case(
            (T("f32", (1, 1, 4), [-INF, -INF, INF, 1]),),
            w1((2,), (1,)),
            expect=([[[-INF, INF, INF]]],),
            plugin=([[[LOW, INF, INF]]],),
            why="the plugin starts MaxPool from -FLT_MAX: a window of -inf gives -3.4e38",
            name="-inf",
        ),
        Case(
            (T("f32", (1, 1, 0)),),
            w1((2,), (1,), (1,), (1,)),
            oracle=False,
            expect=([[[-INF]]],),
            why="the plugin gives uninitialised memory for an empty spatial dim",
            name="empty spatial dim",
        ),
        Case((T("f16", (1, 2, 5, 6)),), w1((3, 2), (2, 2), (1, 0), (1, 1), rounding_type="ceil"), name="f16"),
        Case((T("f16", (1, 1, 4), [NAN, NAN, 1, 2]),), w1((2,), (1,)), name="f16 all NaN: -inf"),
        Case((T("bf16", (1, 2, 5, 6)),), w1((3, 2), (2, 2), (1, 0), (1, 1)), name="bf16"),
        Case((T("i8", (1, 2, 5, 5)),), w1((2, 2), (2, 2), (1, 1), (1, 1)), name="i8 padded"),
        Case((T("u8", (1, 2, 5, 5)),), w1((3, 3), (2, 2), (1, 1), (1, 1), rounding_type="ceil"), name="u8 ceil"),
        Case((T("i32", (2, 2, 6)),), w1((3,), (2,), (1,), (1,)), name="i32"),
        Case(
            (T("i32", (1, 1, 3), [2**24 + 1, 2**24, -(2**31)]),),
            w1((2,), (1,), (1,), (0,)),
            expect=([[[2**24 + 1, 2**24 + 1, 2**24]]],),
            plugin=[([[[2**24, 2**24, 2**24]]],)],
            why="on AVX2 machines the plugin pools i32 in f32 (2^24 + 1 becomes 2^24)",
            name="i32 past f32's precision, lowest value",
        ),
        Case(
            (T("i64", (1, 1, 4), [2**40 + 1, 2**40, 7, -(2**40)]),),
            w1((2,), (1,)),
            expect=([[[2**40 + 1, 2**40, 7]]],),
            plugin=([[[1, 7, 7]]],),
            why="the plugin keeps only the low 32 bits of i64 data",
            name="i64 beyond i32",
        ),
        Case((T("f32", (1, 3, 4, 4), const=True),), w1((2, 2), (2, 2)), name="constant data"),
    ],
)
TABLE.errors = [
    Error((T("f32", (2, 5)),), match="must be 3D, 4D or 5D", attrs=w1((2,), (1,)), code="S005", at="lint"),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="kernel has 3 values but its data",
        attrs=w1((2, 2, 2), (1, 1, 1)),
        code="S005",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="pads_begin has 1 values",
        attrs=w1((2, 2), (1, 1)) | {"pads_begin": "1"},
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="spans 6 along spatial axis 1, more than the 5",
        attrs=w1((2, 6), (1, 1)),
        code="S005",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="rounding_type='ceil_torch' is not one of",
        attrs=w1((2, 2), (1, 1), rounding_type="ceil_torch"),
        code="O003",
        at="lint",
    ),
    Error((T("f32", (0, 1, 5, 5)),), match="batch size 0", attrs=w1((2, 2), (1, 1)), code="S005", at="lint"),
    Error((T("boolean", (1, 1, 5, 5)),), match="must be numeric", attrs=w1((2, 2), (1, 1)), code="S005", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
