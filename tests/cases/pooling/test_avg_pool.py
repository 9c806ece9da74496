"""AvgPool-1, AvgPool-14 and AvgPool-16: cases against the CPU plugin.

Where a ceil window reaches past the end padding the spec says nothing; the plugin counts those
positions as padding unless every pad is 0 (rows "ceil past the padding"). The plugin's
departure (a ``plugin=`` row): a window past the data and all padding (auto_pad same with ceil
rounding makes one) gives -0.0, not 0/0. AvgPool-16's rows (``V16``) give dilations: the plugin
crashes (segfault) compiling AvgPool-16 without them, so the row leaving them out runs in
irexec alone."""

from cases.pooling.test_max_pool import NAN, window
from cases.rows import Case, Error, T, Table


def avg(*args, exclude=True, **more):
    """AvgPool's attributes: exclude-pad (required), no dilations."""
    return window(*args, dilations=None, **{"exclude-pad": str(exclude).lower()}, **more)


def avg16(*args, exclude=True, **more):
    """AvgPool-16's attributes: exclude-pad and dilations (ones unless given)."""
    return window(*args, **{"exclude-pad": str(exclude).lower()}, **more)


ONES = [1.0] * 5
V16 = ("opset16",)

TABLE = Table(
    "AvgPool",
    ("opset1", "opset14"),
    cases=[
        Case((T("f32", (1, 2, 5, 5)),), avg((2, 2), (1, 1)), name="defaults: floor, explicit"),
        Case(
            (T("f32", (2, 3, 7, 6)),),
            avg((3, 3), (2, 2), (1, 1), (1, 1), auto_pad="explicit", rounding_type="floor"),
            name="3x3/2 padded, pads excluded",
        ),
        Case(
            (T("f32", (2, 3, 7, 6)),),
            avg((3, 3), (2, 2), (1, 1), (1, 1), exclude=False),
            name="3x3/2 padded, pads counted",
        ),
        Case((T("f32", (1, 3, 9)),), avg((3,), (2,), (2,), (1,), exclude=False), name="1D"),
        Case((T("f32", (1, 2, 4, 5, 6)),), avg((2, 2, 3), (2, 1, 2), (1, 0, 1), (0, 1, 2)), name="3D"),
        Case(
            (T("f32", (1, 1, 3, 3), list(range(1, 10))),),
            avg((2, 2), (2, 2), (1, 1), (1, 1), rounding_type="ceil"),
            expect=([[[[1, 2.5, NAN], [5.5, 7, NAN], [NAN, NAN, NAN]]]],),
            name="ceil, pads excluded: windows of only padding are 0/0",
        ),
        Case(
            (T("f32", (1, 1, 3, 3), list(range(1, 10))),),
            avg((2, 2), (2, 2), (1, 1), (1, 1), exclude=False, rounding_type="ceil"),
            expect=([[[[0.25, 1.25, 0], [2.75, 7, 0], [0, 0, 0]]]],),
            name="ceil, pads counted",
        ),
        Case(
            (T("f32", (1, 1, 5), [1, 2, 3, 4, 5]),),
            avg((2,), (2,), (2,), (0,), exclude=False, rounding_type="ceil"),
            expect=([[[0, 1.5, 3.5, 2.5]]],),
            name="ceil past the padding: counted as padding",
        ),
        Case(
            (T("f32", (1, 1, 4, 4), [1] * 16),),
            avg((3, 3), (2, 2), (0, 1), (0, 0), exclude=False, rounding_type="ceil"),
            expect=([[[[6 / 9, 1], [4 / 9, 6 / 9]]]],),
            name="ceil past the padding of another axis: counted as padding",
        ),
        Case(
            (T("f32", (1, 1, 4), [1, 2, 3, 4]),),
            avg((3,), (2,), exclude=False, rounding_type="ceil"),
            expect=([[[2, 3.5]]],),
            name="ceil past the data, no padding at all: only the data counts",
        ),
        Case(
            (T("f32", (1, 2, 7, 8)),),
            avg((3, 2), (3, 3), (2, 1), (2, 1), exclude=False, rounding_type="ceil_torch"),
            versions=("opset14",),
            name="ceil_torch",
        ),
        Case(
            (T("f32", (1, 1, 6), [1] * 6),),
            avg((2,), (2,), (1,), (0,), exclude=False, rounding_type="ceil_torch"),
            versions=("opset14",),
            expect=([[[0.5, 1, 1, 0.5]]],),
            name="ceil_torch keeps a window starting in the data",
        ),
        Case(
            (T("f32", (1, 2, 7, 6)),),
            avg((3, 2), (2, 2), (1, 1), (1, 1), exclude=False, auto_pad="valid", rounding_type="ceil"),
            name="valid ignores the pads, ceil",
        ),
        Case(
            (T("f32", (1, 2, 7, 6)),),
            avg((3, 2), (2, 3), (5, 5), (5, 5), exclude=False, auto_pad="same_upper"),
            name="same_upper, pads counted",
        ),
        Case((T("f32", (1, 2, 6, 7)),), avg((2, 3), (2, 2), auto_pad="same_lower"), name="same_lower"),
        Case(
            (T("f32", (1, 1, 5), ONES),),
            avg((1,), (3,), exclude=False, auto_pad="same_upper", rounding_type="ceil"),
            expect=([[[1, 1, NAN]]],),
            plugin=([[[1, 1, -0.0]]],),
            why="a window past the data and every pad (auto_pad same with ceil rounding) averages nothing: the plugin "
            "gives -0.0",
            name="same_upper with ceil: a window past the data",
        ),
        Case(
            (T("f32", (1, 1, 8), [1, NAN, 2, 0, 4, 4, 5, 1]),),
            avg((2,), (2,)),
            expect=([[[NAN, 1, 4, 3]]],),
            name="NaN",
        ),
        Case(
            (T("f16", (1, 2, 5, 6)),),
            avg((3, 2), (2, 2), (1, 0), (1, 1), exclude=False, rounding_type="ceil"),
            name="f16",
        ),
        Case((T("f16", (1, 1, 2), [65504, 65504]),), avg((2,), (1,)), name="f16 summed in f32"),
        Case((T("bf16", (1, 2, 5, 6)),), avg((2, 2), (2, 2), (1, 0), (1, 1)), name="bf16"),
        Case(
            (T("i32", (1, 1, 6), [5, -2, 7, 4, -3, 2]),),
            avg((2,), (1,)),
            expect=([[[2, 2, 6, 0, 0]]],),
            name="i32: the mean rounded half to even",
        ),
        Case((T("u8", (1, 2, 5, 5)),), avg((3, 3), (2, 2), (1, 1), (1, 1)), name="u8"),
        Case((T("i8", (1, 2, 6)),), avg((3,), (2,), (1,), (1,), exclude=False), name="i8"),
        Case((T("f32", (1, 3, 4, 4), const=True),), avg((2, 2), (2, 2)), name="constant data"),
        # AvgPool-16: dilations.
        Case((T("f32", (1, 2, 5, 5)),), avg16((2, 2), (1, 1)), versions=V16, name="-16 dilations 1"),
        Case(
            (T("f32", (2, 3, 9, 8)),),
            avg16((3, 2), (2, 1), (1, 2), (2, 1), dilations=(2, 3)),
            versions=V16,
            name="-16 dilated, pads excluded",
        ),
        Case(
            (T("f32", (2, 3, 9, 8)),),
            avg16((3, 2), (2, 1), (1, 2), (2, 1), exclude=False, dilations=(2, 3)),
            versions=V16,
            name="-16 dilated, pads counted",
        ),
        Case(
            (T("f32", (1, 1, 7), [1, 2, 3, 4, 5, 6, 7]),),
            avg16((2,), (1,), (2,), (0,), dilations=(2,)),
            versions=V16,
            expect=([[[1, 2, 2, 3, 4, 5, 6]]],),
            name="-16 exclude-pad with pads as large as the kernel, not the dilated one",
        ),
        Case(
            (T("f32", (1, 2, 4, 6, 5)),),
            avg16((2, 2, 2), (1, 2, 1), (1, 0, 1), (0, 1, 1), dilations=(2, 1, 2)),
            versions=V16,
            name="-16 3D dilated",
        ),
        Case(
            (T("f32", (1, 2, 8, 7)),),
            avg16((2, 3), (3, 2), (1, 1), (1, 1), exclude=False, dilations=(2, 2), rounding_type="ceil"),
            versions=V16,
            name="-16 dilated, ceil",
        ),
        Case(
            (T("f32", (1, 2, 8, 7)),),
            avg16((2, 3), (3, 2), (1, 1), (1, 1), exclude=False, dilations=(2, 2), rounding_type="ceil_torch"),
            versions=V16,
            name="-16 dilated, ceil_torch",
        ),
        Case(
            (T("f32", (1, 2, 7, 6)),),
            avg16((2, 2), (2, 1), auto_pad="same_upper", dilations=(2, 2)),
            versions=V16,
            name="-16 dilated, same_upper",
        ),
        Case(
            (T("f32", (1, 2, 7, 6)),),
            avg16((2, 2), (1, 2), exclude=False, auto_pad="same_lower", dilations=(3, 1)),
            versions=V16,
            name="-16 dilated, same_lower, pads counted",
        ),
        Case(
            (T("f32", (1, 2, 7, 6)),),
            avg16((2, 2), (1, 1), (3, 3), (3, 3), auto_pad="valid", dilations=(2, 2)),
            versions=V16,
            name="-16 dilated, valid",
        ),
        Case(
            (T("f16", (1, 2, 7, 6)),),
            avg16((3, 2), (2, 2), (1, 0), (1, 1), dilations=(2, 2)),
            versions=V16,
            name="-16 f16",
        ),
        Case(
            (T("i32", (1, 2, 7, 6)),),
            avg16((3, 2), (2, 2), (1, 0), (1, 1), dilations=(2, 2)),
            versions=V16,
            name="-16 i32",
        ),
        Case(
            (T("f32", (1, 1, 5), [1, 2, 3, 4, 5]),),
            avg16((2,), (1,), dilations=None),
            versions=V16,
            oracle=False,
            expect=([[[1.5, 2.5, 3.5, 4.5]]],),
            why="the plugin crashes (segfault) compiling AvgPool-16 without dilations",
            name="-16 dilations left out",
        ),
        Case(
            (T("f32", (1, 1, 5), [1, 2, 3, 4, 5]),),
            avg16((2,), (1,), dilations=""),
            versions=V16,
            oracle=False,
            expect=([[[1.5, 2.5, 3.5, 4.5]]],),
            why="the plugin crashes (segfault) compiling AvgPool-16 without dilations",
            name="-16 dilations empty (as OpenVINO writes them left out)",
        ),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="exclude-pad: pads 2 and 0 along spatial axis 0 reach the kernel's 2",
        attrs=avg((2, 2), (1, 1), (2, 0), (0, 0)),
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="exclude-pad: pads 0 and 3 along spatial axis 1 reach the kernel's 2",
        attrs=avg((2, 2), (1, 1), (0, 0), (0, 3)),
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="required attribute 'exclude-pad'",
        attrs=window((2, 2), (1, 1), dilations=None),
        code="O003",
        at="lint",
    ),
    Error((T("f32", (2, 5)),), match="must be 3D, 4D or 5D", attrs=avg((2,), (1,)), code="S005", at="lint"),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="kernel has 1 values but its data",
        attrs=avg((2,), (1,)),
        code="S005",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="strides has 1 values",
        attrs=avg((2, 2), (1, 1)) | {"strides": "1"},
        code="O003",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="spans 7 along spatial axis 1, more than the 5",
        attrs=avg((2, 7), (1, 1)),
        code="S005",
        at="lint",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),), match="kernel must be positive", attrs=avg((2, 0), (1, 1)), code="O003", at="lint"
    ),
    Error((T("f32", (1, 0, 5, 5)),), match="channel size 0", attrs=avg((2, 2), (1, 1)), code="S005", at="lint"),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="rounding_type='ceil_torch' is not one of",
        attrs=avg((2, 2), (1, 1), rounding_type="ceil_torch"),
        code="O003",
        at="lint",
        versions=("opset1",),
    ),
    Error((T("boolean", (1, 1, 5, 5)),), match="must be numeric", attrs=avg((2, 2), (1, 1)), code="S005", at="lint"),
    Error(
        (T("f32", (1, 1, 7, 7)),),
        match="exclude-pad: pads 3 and 0 along spatial axis 0 reach the kernel's 3",
        attrs=avg16((2, 2), (1, 1), (3, 0), (0, 0), dilations=(2, 2)),
        code="O003",
        at="lint",
        versions=V16,
        name="-16 pads reach the dilated kernel",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="dilations has 1 values",
        attrs=avg16((2, 2), (1, 1), dilations=(2,)),
        code="O003",
        at="lint",
        versions=V16,
        name="-16 dilations too short",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match="dilations must be positive",
        attrs=avg16((2, 2), (1, 1), dilations=(1, 0)),
        code="O003",
        at="lint",
        versions=V16,
        name="-16 dilation 0",
    ),
    Error(
        (T("f32", (1, 1, 5, 5)),),
        match=r"spans 7 along spatial axis 0, more than the 5",
        attrs=avg16((2, 2), (1, 1), dilations=(6, 1)),
        code="S005",
        at="lint",
        versions=V16,
        name="-16 dilated kernel larger than the data",
    ),
]

test_cases, test_errors = TABLE.pytest()
