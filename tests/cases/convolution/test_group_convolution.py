"""GroupConvolution-1: cases against the CPU plugin (groups of several channels, depthwise with
and without a channel multiplier, each auto_pad, 1D and 3D, f16/bf16/integers). Departures: as
Convolution-1's, the plugin computes integers in f32 and saturates i8."""

from cases.rows import Case, Error, T, Table


def attrs(s="1,1", pb="0,0", pe="0,0", d="1,1", **more):
    return {"strides": s, "pads_begin": pb, "pads_end": pe, "dilations": d, **more}


F = "f32"
ONE_D = {"strides": "1", "pads_begin": "0", "pads_end": "0", "dilations": "1"}
TABLE = Table(
    "GroupConvolution",
    "opset1",
    cases=[
        Case(
            (T(F, (1, 4, 5, 5)), T(F, (2, 3, 2, 3, 3))), attrs(pb="1,1", pe="1,1"), name="2 groups, auto_pad left out"
        ),
        Case(
            (T(F, (2, 6, 6, 5)), T(F, (3, 2, 2, 2, 3), const=True)),
            attrs(s="2,1", pb="0,1", pe="1,1", auto_pad="explicit"),
            name="3 groups, batch 2, constant filters, non-square kernel",
        ),
        Case((T(F, (2, 3, 6, 6)), T(F, (3, 1, 1, 3, 3))), attrs(pb="1,1", pe="1,1"), name="depthwise"),
        Case(
            (T(F, (1, 3, 6, 7)), T(F, (3, 2, 1, 3, 3))),
            attrs(s="2,2", auto_pad="same_upper"),
            name="depthwise with 2 outputs per channel, same_upper stride 2",
        ),
        Case(
            (T(F, (1, 4, 5, 6)), T(F, (4, 1, 1, 2, 3))),
            attrs(pb="2,2", pe="2,2", auto_pad="same_lower"),
            name="depthwise same_lower: odd and even totals",
        ),
        Case(
            (T(F, (1, 4, 5, 6)), T(F, (4, 1, 1, 2, 3))),
            attrs(pb="2,2", pe="2,2", auto_pad="same_upper"),
            name="depthwise same_upper: odd and even totals",
        ),
        Case(
            (T(F, (1, 4, 9, 8)), T(F, (2, 2, 2, 3, 2))),
            attrs(s="2,2", d="2,3", pb="1,1", pe="0,0"),
            name="dilation and stride",
        ),
        Case(
            (T(F, (1, 4, 9, 8)), T(F, (4, 1, 1, 3, 2))),
            attrs(s="2,1", d="2,2", auto_pad="valid", pb="3,3", pe="3,3"),
            name="depthwise dilated, valid ignores the pads",
        ),
        Case((T(F, (1, 3, 5, 5)), T(F, (1, 2, 3, 3, 3))), attrs(pb="1,1", pe="1,1"), name="one group"),
        Case((T(F, (2, 4, 7)), T(F, (2, 3, 2, 3))), {**ONE_D, "strides": "2", "pads_begin": "1"}, name="1D"),
        Case(
            (T(F, (1, 4, 4, 5, 3)), T(F, (2, 2, 2, 2, 3, 1))),
            {"strides": "1,2,1", "pads_begin": "1,0,0", "pads_end": "0,1,1", "dilations": "1,1,2"},
            name="3D",
        ),
        Case(
            (T(F, (1, 3, 4, 4, 4)), T(F, (3, 1, 1, 3, 3, 3))),
            {
                "strides": "2,2,2",
                "pads_begin": "0,0,0",
                "pads_end": "0,0,0",
                "dilations": "1,1,1",
                "auto_pad": "same_upper",
            },
            name="3D depthwise same_upper",
        ),
        Case((T(F, (0, 4, 5, 5)), T(F, (2, 3, 2, 3, 3))), attrs(), name="empty batch"),
        Case((T("f16", (1, 4, 5, 5)), T("f16", (2, 3, 2, 3, 3))), attrs(pb="1,1", pe="1,1"), name="f16"),
        Case((T("f16", (1, 3, 5, 5)), T("f16", (3, 1, 1, 3, 3))), attrs(pb="1,1", pe="1,1"), name="f16 depthwise"),
        Case(
            (T("bf16", (1, 4, 5, 5), low=-3, high=4), T("bf16", (2, 2, 2, 3, 3), low=-3, high=4)),
            attrs(pb="1,1", pe="1,1"),
            name="bf16",
        ),
        Case(
            (T("i32", (1, 4, 5, 5), low=-100, high=100), T("i32", (2, 2, 2, 3, 3), low=-100, high=100)),
            attrs(),
            name="i32",
        ),
        Case(
            (T("i32", (1, 2, 4, 4), low=-100, high=100), T("i32", (2, 1, 1, 2, 2), low=-100, high=100, const=True)),
            attrs(),
            name="i32 depthwise",
        ),
        Case(
            (T("i8", (1, 2, 2), [[100, 3], [-100, 4]]), T("i8", (2, 1, 1, 1), [2, 2])),
            ONE_D,
            expect=([[[-56, 6], [56, 8]]],),
            plugin=([[[127, 6], [-128, 8]]],),
            why="the plugin saturates i8 convolutions (the spec's integers wrap)",
        ),
    ],
)

X = T(F, (1, 4, 5, 5))
TABLE.errors = [
    Error(
        (X, T(F, (2, 3, 3, 3, 3))),
        attrs=attrs(),
        match=r"data has 4 channels, the filters \[2,3,3,3,3\] take "
        r"groups x dim 2 = 2 x 3",
        code="S005",
        at="lint",
        name="channel mismatch",
    ),
    Error(
        (T(F, (1, 5, 5, 5)), T(F, (2, 3, 2, 3, 3))),
        attrs=attrs(),
        match="2 groups .* do not divide the 5",
        code="S005",
        at="lint",
        name="groups do not divide the channels",
    ),
    Error(
        (T(F, (1, 6, 5, 5)), T(F, (2, 3, 2, 3, 3))),
        attrs=attrs(),
        match="take groups x dim 2 = 2 x 2",
        code="S005",
        at="lint",
        name="groups times input channels differ from the channels",
    ),
    Error(
        (X, T(F, (4, 2, 3, 3))),
        attrs=attrs(),
        match=r"filters must have rank 5",
        code="S005",
        at="lint",
        name="filters of Convolution's rank",
    ),
    Error(
        (X, T(F, (2, 3, 2, 3, 3))),
        attrs=attrs(s="1,1,1"),
        match="one entry per spatial axis",
        code="O003",
        at="lint",
        name="strides too long",
    ),
    Error(
        (X, T(F, (2, 3, 2, 3, 3))),
        attrs=attrs(pe="0,-2"),
        match="pads_end must not be negative",
        code="O003",
        at="lint",
        name="negative pads",
    ),
    Error(
        (X, T(F, (2, 3, 2, 3, 3))),
        attrs=attrs(auto_pad="same"),
        match="auto_pad",
        code="O003",
        at="lint",
        name="bad auto_pad",
    ),
    Error(
        (T(F, (1, 4, 2, 5)), T(F, (2, 3, 2, 3, 3))),
        attrs=attrs(),
        match="larger than the padded data",
        code="S005",
        at="lint",
        name="kernel larger than the data",
    ),
]

test_cases, test_errors = TABLE.pytest()
