"""GroupConvolutionBackpropData-1: cases against the CPU plugin (groups, depthwise, each
auto_pad, output_shape, 1D and 3D, f16/bf16/i32). The departure, as ConvolutionBackpropData's:
with output_shape the plugin keeps an explicit pads_begin where the spec ignores it. A negative
padding total (an output larger than the full result) counts as 0, as there: the rows with
totals 2, 1, 0, -1, -2 under each auto_pad catch a floor or a truncation of it."""

import numpy as np

from cases.convolution.test_convolution_backprop_data import transposed_1d
from cases.rows import Case, Error, T, Table


def attrs(s="1,1", pb="0,0", pe="0,0", d="1,1", **more):
    return {"strides": s, "pads_begin": pb, "pads_end": pe, "dilations": d, **more}


def grouped_1d(x, w, stride, pads_begin, size) -> np.ndarray:
    """The spec's values of one batch, group by group: x [G*C_IN, I], w [G, C_IN, C_OUT, K]."""
    w = np.asarray(w, np.float32)
    xs = np.split(np.asarray(x, np.float32), w.shape[0])
    return np.concatenate([transposed_1d(xg, wg, stride, pads_begin, size) for xg, wg in zip(xs, w)], axis=1)


F = "f32"
OSH = lambda *v: T("i64", (len(v),), list(v), const=True)  # noqa: E731  (an output_shape constant)
X1 = [[1, 2, 3], [4, 5, 6]]
W1 = [[[[1, 1, 1]]], [[[1, 2, 1]]]]  # 2 groups, 1 -> 1 channel, K = 3
W3 = [[[[1, 10, 100]]], [[[2, 20, 200]]]]  # asymmetric, so that every shift shows


def by_total(auto_pad: str, total: int) -> Case:
    """A 1-D case of X1 and W3 (full result 5) with output_shape 5 - ``total``: pads_begin total // 2
    (total - total // 2 for same_upper), a negative total counting as 0; an explicit pads_begin 0
    is the plugin's where that is not 0."""
    kept = max(total, 0)
    pb = kept - kept // 2 if auto_pad == "same_upper" else kept // 2
    size = 5 - total
    plugin = (
        {}
        if auto_pad != "explicit" or pb == 0
        else {
            "plugin": (grouped_1d(X1, W3, 1, 0, size),),
            "why": "with output_shape, the plugin keeps an explicit pads_begin (the spec ignores it and puts "
            "total // 2 at the start)",
        }
    )
    return Case(
        (T(F, (1, 2, 3), X1), T(F, (2, 1, 1, 3), W3), OSH(size)),
        {"strides": "1", "pads_begin": "0", "pads_end": "0", "dilations": "1", "auto_pad": auto_pad},
        expect=(grouped_1d(X1, W3, 1, pb, size),),
        name=f"{auto_pad} with output_shape, padding total {total}",
        **plugin,
    )


TABLE = Table(
    "GroupConvolutionBackpropData",
    "opset1",
    cases=[
        Case(
            (T(F, (1, 4, 3, 4)), T(F, (2, 2, 3, 3, 3))),
            attrs(s="2,2", pb="1,1", pe="1,1"),
            name="2 groups, auto_pad and output_padding left out",
        ),
        Case(
            (T(F, (2, 6, 3, 3)), T(F, (3, 2, 2, 2, 3), const=True)),
            attrs(s="2,1", pb="0,1", pe="1,0", output_padding="1,0", auto_pad="explicit"),
            name="3 groups, batch 2, constant filters, output_padding",
        ),
        Case(
            (T(F, (1, 3, 4, 4)), T(F, (3, 1, 1, 3, 3))),
            {"strides": "2,2", "dilations": "1,1"},
            name="depthwise, pads left out",
        ),
        Case(
            (T(F, (1, 4, 3, 4)), T(F, (4, 1, 2, 3, 2))),
            attrs(s="2,3", d="2,1", pb="1,0", pe="0,1", output_padding="1,2"),
            name="depthwise with 2 outputs per channel, dilation and stride",
        ),
        Case(
            (T(F, (1, 4, 3, 3)), T(F, (2, 2, 1, 3, 3))),
            attrs(s="2,2", pb="2,2", pe="2,2", auto_pad="valid"),
            name="valid ignores the pads",
        ),
        Case(
            (T(F, (1, 4, 3, 4)), T(F, (2, 2, 2, 3, 3)), OSH(6, 8)),
            attrs(s="2,2", auto_pad="same_upper"),
            name="same_upper with output_shape: odd and even totals",
        ),
        Case(
            (T(F, (1, 4, 3, 4)), T(F, (2, 2, 2, 3, 3)), OSH(6, 8)),
            attrs(s="2,2", auto_pad="same_lower"),
            name="same_lower with output_shape: odd and even totals",
        ),
        Case(
            (T(F, (1, 2, 3, 3)), T(F, (2, 1, 1, 3, 3))),
            attrs(s="2,2", auto_pad="same_lower"),
            name="same_lower without output_shape: no pads",
        ),
        Case(
            (T(F, (2, 4, 5)), T(F, (2, 2, 2, 3))),
            {"strides": "2", "pads_begin": "1", "pads_end": "0", "dilations": "1", "output_padding": "1"},
            name="1D",
        ),
        Case(
            (T(F, (1, 4, 2, 3, 2)), T(F, (2, 2, 1, 2, 2, 3))),
            {"strides": "2,1,2", "pads_begin": "0,1,1", "pads_end": "1,0,0", "dilations": "1,2,1"},
            name="3D",
        ),
        Case((T(F, (0, 4, 3, 3)), T(F, (2, 2, 2, 3, 3))), attrs(s="2,2"), name="empty batch"),
        Case((T("f16", (1, 4, 3, 4)), T("f16", (2, 2, 3, 3, 3))), attrs(s="2,2", pb="1,1", pe="1,1"), name="f16"),
        Case(
            (T("bf16", (1, 4, 3, 3), low=-3, high=4), T("bf16", (2, 2, 2, 3, 3), low=-3, high=4)),
            attrs(s="2,2"),
            name="bf16",
        ),
        Case(
            (T("i32", (1, 4, 3, 3), low=-100, high=100), T("i32", (2, 2, 2, 2, 2), low=-100, high=100)),
            attrs(s="2,2"),
            name="i32",
        ),
        Case(
            (T(F, (1, 2, 3), X1), T(F, (2, 1, 1, 3), W1), OSH(4)),
            {"strides": "1", "pads_begin": "0", "pads_end": "0", "dilations": "1", "auto_pad": "same_upper"},
            expect=(grouped_1d(X1, W1, 1, 1, 4),),
            name="same_upper, total 1 (the spec's values)",
        ),
        Case(
            (T(F, (1, 2, 3), X1), T(F, (2, 1, 1, 3), W1), OSH(3)),
            {"strides": "1", "pads_begin": "2", "pads_end": "0", "dilations": "1"},
            expect=(grouped_1d(X1, W1, 1, 1, 3),),
            plugin=(grouped_1d(X1, W1, 1, 2, 3),),
            why="with output_shape, the plugin keeps an explicit pads_begin (the spec ignores it and puts "
            "total // 2 at the start)",
            name="explicit pads_begin 2 beside output_shape",
        ),
        *(by_total(pad, total) for pad in ("explicit", "same_upper", "same_lower") for total in (2, 1, 0, -1, -2)),
        Case(
            (T(F, (1, 4, 3, 4)), T(F, (2, 2, 2, 3, 3)), OSH(8, 11)),
            attrs(s="2,2", auto_pad="same_upper"),
            name="same_upper with output_shape, 2-D: totals -1 and -2",
        ),
        Case(
            (T(F, (1, 4, 3, 4)), T(F, (2, 2, 2, 3, 3)), OSH(9, 10)),
            attrs(s="2,2", auto_pad="same_lower"),
            name="same_lower with output_shape, 2-D: totals -2 and -1",
        ),
    ],
)

X, W = T(F, (1, 4, 3, 3)), T(F, (2, 2, 3, 3, 3))
TABLE.errors = [
    Error(
        (X, T(F, (2, 3, 3, 3, 3))),
        attrs=attrs(),
        match=r"take groups x dim 1 = 2 x 3",
        code="S005",
        at="lint",
        name="channel mismatch",
    ),
    Error(
        (T(F, (1, 5, 3, 3)), W),
        attrs=attrs(),
        match="2 groups .* do not divide the 5",
        code="S005",
        at="lint",
        name="groups do not divide the channels",
    ),
    Error(
        (X, T(F, (2, 3, 3, 3))),
        attrs=attrs(),
        match="filters must have rank 5",
        code="S005",
        at="lint",
        name="filters of ConvolutionBackpropData's rank",
    ),
    Error(
        (X, W, OSH(5)),
        attrs=attrs(),
        match="output_shape must be a 1-D tensor of the 2 spatial dims",
        code="S005",
        at="lint",
        name="output_shape too short",
    ),
    Error(
        (X, W),
        attrs=attrs(output_padding="0,0,0"),
        match="one entry per spatial axis",
        code="O003",
        at="lint",
        name="output_padding too long",
    ),
    Error(
        (X, W),
        attrs=attrs(pe="0,-1"),
        match="pads_end must not be negative",
        code="O003",
        at="lint",
        name="negative pads",
    ),
]

test_cases, test_errors = TABLE.pytest()
