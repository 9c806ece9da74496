"""Convolution-1: cases against the CPU plugin.

Random float values are multiples of 1/8, so f32 sums are exact on both sides; bf16 cases take
small integers, whose sums bf16 holds exactly (no CPU-dependent rounding). The plugin's
departures (rows with ``plugin=``): it computes integer convolutions in f32, so an i32 sum
beyond 2^24 loses its low bits and i8/u8 results saturate where the spec's integers wrap."""

from cases.rows import Case, Error, T, Table


def attrs(s="1,1", pb="0,0", pe="0,0", d="1,1", **more):
    return {"strides": s, "pads_begin": pb, "pads_end": pe, "dilations": d, **more}


F = "f32"
TABLE = Table(
    "Convolution",
    "opset1",
    cases=[
        Case((T(F, (1, 3, 5, 5)), T(F, (4, 3, 3, 3))), attrs(pb="1,1", pe="1,1"), name="auto_pad left out"),
        Case((T(F, (1, 3, 5, 5)), T(F, (4, 3, 3, 3), const=True)), attrs(pb="1,1", pe="1,1"), name="constant filters"),
        Case(
            (T(F, (2, 2, 6, 7)), T(F, (3, 2, 2, 3))),
            attrs(s="2,1", pb="0,1", pe="1,0", auto_pad="explicit"),
            name="batch 2, non-square kernel, uneven pads, strides 2,1",
        ),
        Case(
            (T(F, (1, 2, 11, 10)), T(F, (3, 2, 3, 2))),
            attrs(s="2,3", d="2,3", pb="1,0", pe="0,2"),
            name="dilation and stride",
        ),
        Case(
            (T(F, (1, 2, 5, 6)), T(F, (2, 2, 3, 3))),
            attrs(pb="2,2", pe="2,2", auto_pad="valid"),
            name="valid ignores the pads",
        ),
        Case(
            (T(F, (1, 2, 5, 6)), T(F, (2, 2, 2, 3))),
            attrs(pb="3,3", pe="3,3", auto_pad="same_upper"),
            name="same_upper: odd total (extra at the end) and even total",
        ),
        Case(
            (T(F, (1, 2, 5, 6)), T(F, (2, 2, 2, 3))),
            attrs(pb="3,3", pe="3,3", auto_pad="same_lower"),
            name="same_lower: odd total (extra at the start) and even total",
        ),
        Case(
            (T(F, (1, 2, 6, 7)), T(F, (2, 2, 3, 3))), attrs(s="2,2", auto_pad="same_upper"), name="same_upper stride 2"
        ),
        Case(
            (T(F, (1, 2, 7, 6)), T(F, (2, 2, 2, 3))),
            attrs(s="2,3", d="2,1", auto_pad="same_lower"),
            name="same_lower stride and dilation",
        ),
        Case(
            (T(F, (1, 2, 5, 4)), T(F, (3, 2, 5, 4))),
            attrs(auto_pad="same_upper"),
            name="same_upper kernel as large as data",
        ),
        Case(
            (T(F, (2, 3, 7)), T(F, (2, 3, 3))),
            {"strides": "2", "pads_begin": "1", "pads_end": "0", "dilations": "1"},
            name="1D",
        ),
        Case(
            (T(F, (1, 2, 4, 5, 3)), T(F, (2, 2, 2, 3, 1))),
            {"strides": "1,2,1", "pads_begin": "1,0,0", "pads_end": "0,1,1", "dilations": "1,1,2"},
            name="3D",
        ),
        Case(
            (T(F, (1, 2, 4, 5, 4)), T(F, (2, 2, 2, 2, 2), const=True)),
            {
                "strides": "2,2,1",
                "pads_begin": "0,0,0",
                "pads_end": "0,0,0",
                "dilations": "1,1,1",
                "auto_pad": "same_lower",
            },
            name="3D same_lower",
        ),
        Case((T(F, (1, 1, 5, 5)), T(F, (3, 1, 3, 3))), attrs(pb="1,1", pe="1,1"), name="one input channel"),
        Case((T(F, (1, 4, 3, 3)), T(F, (5, 4, 1, 1))), attrs(), name="1x1"),
        Case((T(F, (0, 3, 5, 5)), T(F, (4, 3, 3, 3))), attrs(pb="1,1", pe="1,1"), name="empty batch"),
        Case((T("f16", (1, 3, 5, 5)), T("f16", (4, 3, 3, 3))), attrs(pb="1,1", pe="1,1"), name="f16 rounds once"),
        Case(
            (T("bf16", (1, 2, 5, 5), low=-3, high=4), T("bf16", (3, 2, 3, 3), low=-3, high=4)),
            attrs(s="2,2", pb="1,1", pe="1,1"),
            name="bf16",
        ),
        Case(
            (T("i32", (1, 3, 5, 5), low=-100, high=100), T("i32", (2, 3, 3, 3), low=-100, high=100, const=True)),
            attrs(pb="1,1", pe="0,0"),
            name="i32",
        ),
        Case(
            (T("i64", (1, 2, 4, 4), low=-100, high=100), T("i64", (2, 2, 2, 2), low=-100, high=100)),
            attrs(),
            name="i64",
        ),
        Case(
            (T("i32", (1, 1, 2), [2**24 + 1, 3]), T("i32", (1, 1, 1), [1])),
            {"strides": "1", "pads_begin": "0", "pads_end": "0", "dilations": "1"},
            expect=([[[2**24 + 1, 3]]],),
            plugin=([[[2**24, 3]]],),
            why="the plugin computes i32 convolutions in f32: 2^24 + 1 loses its low bit",
        ),
        Case(
            (T("i8", (1, 1, 3), [100, -100, 3]), T("i8", (1, 1, 1), [2])),
            {"strides": "1", "pads_begin": "0", "pads_end": "0", "dilations": "1"},
            expect=([[[-56, 56, 6]]],),
            plugin=([[[127, -128, 6]]],),
            why="the plugin saturates i8 convolutions (the spec's integers wrap)",
        ),
        Case(
            (T("u8", (1, 1, 3), [200, 100, 3]), T("u8", (1, 1, 1), [2])),
            {"strides": "1", "pads_begin": "0", "pads_end": "0", "dilations": "1"},
            expect=([[[144, 200, 6]]],),
            plugin=([[[255, 200, 6]]],),
            why="the plugin saturates u8 convolutions (the spec's integers wrap)",
        ),
    ],
)

X, W = T(F, (1, 3, 5, 5)), T(F, (4, 3, 3, 3))
TABLE.errors = [
    Error(
        (X, T(F, (4, 2, 3, 3))),
        attrs=attrs(),
        match=r"data has 3 channels, the filters \[4,2,3,3\] take 2",
        code="S005",
        at="lint",
        name="channel mismatch",
    ),
    Error(
        (X, T(F, (4, 3, 3))),
        attrs=attrs(),
        match=r"filters must have rank 4",
        code="S005",
        at="lint",
        name="filters of the wrong rank",
    ),
    Error(
        (T(F, (3, 5)), T(F, (4, 3, 3))),
        attrs={"strides": "1", "pads_begin": "0", "pads_end": "0", "dilations": "1"},
        match="rank 3, 4 or 5",
        code="S005",
        at="lint",
        name="data of rank 2",
    ),
    Error(
        (X, W),
        attrs={"strides": "1", "pads_begin": "0", "pads_end": "0", "dilations": "1"},
        match=r"has 2 spatial axes, the attributes 1",
        code="S005",
        at="lint",
        name="attributes for 1D, data 2D",
    ),
    Error(
        (X, W),
        attrs=attrs(s="1"),
        match="one entry per spatial axis",
        code="O003",
        at="lint",
        name="strides shorter than the pads",
    ),
    Error(
        (X, W),
        attrs=attrs(pe="0,0,0"),
        match="one entry per spatial axis",
        code="O003",
        at="lint",
        name="pads_end longer",
    ),
    Error(
        (X, W),
        attrs=attrs(pb="-1,0"),
        match="pads_begin must not be negative",
        code="O003",
        at="lint",
        name="negative pads",
    ),
    Error((X, W), attrs=attrs(s="0,1"), match="strides must be positive", code="O003", at="lint", name="zero stride"),
    Error(
        (X, W), attrs=attrs(d="1,0"), match="dilations must be positive", code="O003", at="lint", name="zero dilation"
    ),
    Error((X, W), attrs=attrs(auto_pad="notset"), match="auto_pad", code="O003", at="lint", name="auto_pad notset"),
    Error(
        (X, W),
        attrs={"pads_begin": "0,0", "pads_end": "0,0", "dilations": "1,1"},
        match="required attribute 'strides'",
        code="O003",
        at="lint",
        name="strides left out",
    ),
    Error(
        (T(F, (1, 3, 2, 5)), W),
        attrs=attrs(),
        match=r"dilated kernel \(3\) is larger than the padded data \(2\)",
        code="S005",
        at="lint",
        name="kernel larger than the data",
    ),
    Error(
        (X, W),
        attrs=attrs(d="3,1", pb="1,0", pe="0,0"),
        match=r"dilated kernel \(7\) is larger than the padded data \(6\)",
        code="S005",
        at="lint",
        name="dilated kernel larger than the padded data",
    ),
    Error(
        (X, T(F, (4, 3, 0, 3))), attrs=attrs(), match="empty spatial dim", code="S005", at="lint", name="empty kernel"
    ),
    Error(
        (T("boolean", (1, 3, 5, 5)), T("boolean", (4, 3, 3, 3))),
        attrs=attrs(),
        match="numeric",
        code="S005",
        at="lint",
        name="boolean",
    ),
    Error(
        (X, T("f16", (4, 3, 3, 3))),
        attrs=attrs(),
        match="one element type",
        code="S005",
        at="lint",
        name="f32 data, f16 filters",
    ),
]

test_cases, test_errors = TABLE.pytest()
