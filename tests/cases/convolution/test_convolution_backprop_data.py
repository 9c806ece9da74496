"""ConvolutionBackpropData-1: cases against the CPU plugin.

The plugin's departures (rows with ``plugin=``): with the output_shape input, the spec ignores
the pads attributes and puts total // 2 of the padding total at the start (total - total // 2
for same_upper), where the plugin keeps an explicit pads_begin and takes 0 for valid; and it
computes integers in f32. ``transposed_1d`` gives the spec's values of those rows.

A negative total (an output larger than the full result; the spec is silent) counts as 0, as in
OpenVINO's shape inference and the plugin: the full result first, zeros at the end. The rows
with totals 2, 1, 0, -1 and -2 (and -3, -4) under each auto_pad tell a floor (-1 // 2 = -1) or a
truncation (-2 / 2 = -1, or -1 - (-1 / 2) = -1 for same_upper) from that, and the start from the
end."""

import numpy as np

from cases.rows import Case, Error, T, Table


def transposed_1d(x, w, stride, pads_begin, size, dilation=1):
    """The spec's 1-D ConvolutionBackpropData of one batch: x [C_IN, I], w [C_IN, C_OUT, K]; the
    full result read from pads_begin on for ``size`` positions (zeros outside it)."""
    x, w = np.asarray(x, np.float64), np.asarray(w, np.float64)
    full = np.zeros((w.shape[1], (x.shape[1] - 1) * stride + (w.shape[2] - 1) * dilation + 1))
    for i in range(x.shape[1]):
        for k in range(w.shape[2]):
            full[:, i * stride + k * dilation] += x[:, i] @ w[:, :, k]
    out = np.zeros((w.shape[1], size))
    for o in range(size):
        if 0 <= o + pads_begin < full.shape[1]:
            out[:, o] = full[:, o + pads_begin]
    return out[None].astype(np.float32)


def attrs(s="1,1", pb="0,0", pe="0,0", d="1,1", **more):
    return {"strides": s, "pads_begin": pb, "pads_end": pe, "dilations": d, **more}


def one_d(auto_pad, size, pb=0, name="", x=((1.0, 2.0, 3.0),), w=(((1.0, 1.0, 1.0),),), plugin_pb=None):
    """A 1-D case with output_shape [size]: the spec's values (a negative padding total counting
    as 0), and the plugin's when its pads_begin (``plugin_pb``) differs."""
    xa, wa = np.asarray(x, np.float32), np.asarray(w, np.float32)
    full = xa.shape[1] + wa.shape[2] - 1
    total = max(full - size, 0)
    spec_pb = total - total // 2 if auto_pad == "same_upper" else total // 2
    a = {"strides": "1", "pads_begin": str(pb), "pads_end": "0", "dilations": "1", "auto_pad": auto_pad}
    ins = (T(F, (1,) + xa.shape, xa), T(F, wa.shape, wa), T("i64", (1,), [size], const=True))
    spec = transposed_1d(xa, wa, 1, spec_pb, size)
    if plugin_pb is None:
        return Case(ins, a, expect=(spec,), name=name)
    return Case(
        ins,
        a,
        expect=(spec,),
        plugin=(transposed_1d(xa, wa, 1, plugin_pb, size),),
        name=name,
        why="with output_shape, the plugin keeps an explicit pads_begin (the spec ignores it) and takes 0 "
        "for valid, where the spec puts total // 2 (or total - total // 2 for same_upper) at the start",
    )


F = "f32"
X3, W3 = ((1.0, 2.0, 3.0),), (((1.0, 10.0, 100.0),),)  # full result [1, 12, 123, 230, 300]
OSH = lambda *v: T("i64", (len(v),), list(v), const=True)  # noqa: E731  (an output_shape constant)
TABLE = Table(
    "ConvolutionBackpropData",
    "opset1",
    cases=[
        Case(
            (T(F, (1, 3, 4, 4)), T(F, (3, 2, 3, 3))),
            attrs(s="2,2", pb="1,1", pe="1,1"),
            name="auto_pad and output_padding left out",
        ),
        Case(
            (T(F, (1, 3, 4, 4)), T(F, (3, 2, 3, 3), const=True)),
            {"strides": "1,1", "dilations": "1,1"},
            name="pads left out, constant filters",
        ),
        Case(
            (T(F, (2, 2, 3, 4)), T(F, (2, 3, 3, 3))),
            attrs(s="2,2", pb="1,1", pe="1,1", output_padding="1,0", auto_pad="explicit"),
            name="output_padding, batch 2",
        ),
        Case(
            (T(F, (1, 2, 3, 4)), T(F, (2, 2, 2, 3))),
            attrs(s="3,2", d="2,3", pb="1,0", pe="0,2", output_padding="2,1"),
            name="dilation, stride, non-square kernel, output_padding beyond the stride",
        ),
        Case(
            (T(F, (1, 2, 3, 3)), T(F, (2, 2, 3, 3))),
            attrs(s="2,2", pb="2,2", pe="2,2", auto_pad="valid"),
            name="valid ignores the pads",
        ),
        Case(
            (T(F, (1, 2, 3, 3)), T(F, (2, 2, 3, 3))),
            attrs(s="2,2", pb="2,2", pe="1,1", auto_pad="same_upper"),
            name="same_upper without output_shape: no pads",
        ),
        Case(
            (T(F, (1, 2, 3, 4)), T(F, (2, 2, 3, 3)), OSH(6, 8)),
            attrs(s="2,2", auto_pad="same_upper"),
            name="same_upper with output_shape: odd total (extra at the start) and even",
        ),
        Case(
            (T(F, (1, 2, 3, 4)), T(F, (2, 2, 3, 3)), OSH(6, 8)),
            attrs(s="2,2", auto_pad="same_lower"),
            name="same_lower with output_shape: odd total (extra at the end) and even",
        ),
        Case(
            (T(F, (1, 2, 3, 4)), T(F, (2, 2, 3, 2)), OSH(7, 9)),
            attrs(s="2,2", d="1,2", auto_pad="same_lower", output_padding="1,1"),
            name="same_lower with output_shape and output_padding",
        ),
        Case(
            (T(F, (1, 2, 3, 4)), T(F, (2, 2, 3, 3)), OSH(6, 9)),
            attrs(s="2,2", pb="0,0", pe="3,1"),
            name="explicit with output_shape, pads_begin total // 2",
        ),
        Case(
            (T(F, (1, 1, 3), [[1, 2, 3]]), T(F, (1, 1, 3), [[[1, 1, 1]]]), T("i32", (1,), [4])),
            {"strides": "1", "pads_begin": "0", "pads_end": "0", "dilations": "1", "auto_pad": "same_upper"},
            expect=(transposed_1d([[1, 2, 3]], [[[1, 1, 1]]], 1, 1, 4),),
            oracle=False,
            name="output_shape at run time",
            why="the plugin fails to compile a ConvolutionBackpropData whose output_shape comes at run time "
            "(deconv.cpp: 'dstMemPtr && dstMemPtr->isDefined()' failed)",
        ),
        Case(
            (T(F, (2, 3, 5)), T(F, (3, 2, 3))),
            {"strides": "2", "pads_begin": "1", "pads_end": "0", "dilations": "1", "output_padding": "1"},
            name="1D",
        ),
        Case(
            (T(F, (1, 2, 2, 3, 2)), T(F, (2, 2, 2, 2, 3))),
            {"strides": "2,1,2", "pads_begin": "0,1,1", "pads_end": "1,0,0", "dilations": "1,2,1"},
            name="3D",
        ),
        Case(
            (T(F, (1, 2, 2, 3, 2)), T(F, (2, 1, 2, 2, 3)), OSH(4, 5, 4)),
            {
                "strides": "2,2,2",
                "pads_begin": "0,0,0",
                "pads_end": "0,0,0",
                "dilations": "1,1,1",
                "auto_pad": "same_upper",
            },
            name="3D same_upper with output_shape",
        ),
        Case((T(F, (0, 3, 4, 4)), T(F, (3, 2, 3, 3))), attrs(s="2,2"), name="empty batch"),
        Case((T(F, (1, 2, 3, 3)), T(F, (2, 1, 3, 3))), attrs(s="2,2", pb="2,2", pe="3,3"), name="an empty output"),
        Case((T("f16", (1, 3, 4, 4)), T("f16", (3, 2, 3, 3))), attrs(s="2,2", pb="1,1", pe="1,1"), name="f16"),
        Case(
            (T("bf16", (1, 2, 3, 3), low=-3, high=4), T("bf16", (2, 2, 3, 3), low=-3, high=4)),
            attrs(s="2,2"),
            name="bf16",
        ),
        Case(
            (T("i32", (1, 2, 3, 3), low=-100, high=100), T("i32", (2, 2, 2, 2), low=-100, high=100, const=True)),
            attrs(s="2,2"),
            name="i32",
        ),
        one_d("same_upper", 4, name="same_upper, total 1"),
        one_d("same_lower", 4, name="same_lower, total 1"),
        one_d("explicit", 3, pb=2, plugin_pb=2, name="explicit pads_begin 2 beside output_shape"),
        one_d("valid", 3, plugin_pb=0, name="valid with output_shape, total 2"),
        one_d("same_upper", 8, name="same_upper, output larger than the full result"),
        one_d("same_lower", 9, name="same_lower, output larger than the full result"),
        # Totals 2, 1, 0, -1, -2 (full result 5) under each auto_pad, the filter asymmetric so that
        # every shift shows; explicit puts total // 2 at the start, where the plugin keeps pads_begin.
        *(
            one_d(
                pad,
                5 - total,
                x=X3,
                w=W3,
                plugin_pb=0 if pad == "explicit" and total > 1 else None,
                name=f"{pad} with output_shape, padding total {total}",
            )
            for pad in ("explicit", "same_upper", "same_lower")
            for total in (2, 1, 0, -1, -2)
        ),
        one_d("valid", 6, x=X3, w=W3, name="valid, total -1"),
        Case(
            (T(F, (1, 2, 3, 4)), T(F, (2, 2, 3, 3)), OSH(8, 11)),
            attrs(s="2,2", auto_pad="same_upper"),
            name="same_upper with output_shape, 2-D: totals -1 and -2",
        ),
        Case(
            (T(F, (1, 2, 3, 4)), T(F, (2, 2, 3, 3)), OSH(8, 11)),
            attrs(s="2,2", auto_pad="same_lower"),
            name="same_lower with output_shape, 2-D: totals -1 and -2",
        ),
        Case(
            (T(F, (1, 2, 3, 4)), T(F, (2, 2, 3, 3)), OSH(9, 10)),
            attrs(s="2,2", pb="0,0", pe="1,1"),
            name="explicit with output_shape, 2-D: totals -2 and -1",
        ),
        Case(
            (T(F, (1, 2, 3, 4)), T(F, (2, 2, 3, 3)), OSH(7, 11)),
            attrs(s="2,2", auto_pad="same_upper", output_padding="1,1"),
            name="same_upper with output_shape and output_padding, 2-D: totals 1 and -1",
        ),
        Case(
            (T(F, (1, 2, 3, 4)), T(F, (2, 2, 3, 3)), OSH(7, 11)),
            attrs(s="2,2", auto_pad="same_lower", output_padding="1,1"),
            name="same_lower with output_shape and output_padding, 2-D: totals 1 and -1",
        ),
        Case(
            (T("i32", (1, 1, 2), [2**24 + 1, 3]), T("i32", (1, 1, 1), [1])),
            {"strides": "1", "pads_begin": "0", "pads_end": "0", "dilations": "1"},
            expect=([[[2**24 + 1, 3]]],),
            plugin=([[[2**24, 3]]],),
            why="the plugin computes i32 convolutions in f32: 2^24 + 1 loses its low bit",
        ),
    ],
)

X, W = T(F, (1, 3, 4, 4)), T(F, (3, 2, 3, 3))
TABLE.errors = [
    Error(
        (X, T(F, (2, 3, 3, 3))),
        attrs=attrs(),
        match=r"data has 3 channels, the filters \[2,3,3,3\] take 2 \(dim 0\)",
        code="S005",
        at="lint",
        name="channel mismatch",
    ),
    Error(
        (X, T(F, (3, 2, 3))),
        attrs=attrs(),
        match="filters must have rank 4",
        code="S005",
        at="lint",
        name="filters of the wrong rank",
    ),
    Error(
        (X, W, OSH(5, 5, 5)),
        attrs=attrs(),
        match="output_shape must be a 1-D tensor of the 2 spatial dims",
        code="S005",
        at="lint",
        name="output_shape too long",
    ),
    Error(
        (X, W, T("i64", (1, 2), [[5, 5]], const=True)),
        attrs=attrs(),
        match="output_shape must be a 1-D",
        code="S005",
        at="lint",
        name="output_shape of rank 2",
    ),
    Error(
        (X, W, T("i64", (2,), [5, -1])),
        attrs=attrs(),
        match=r"output_shape \[5, -1\] has a negative dim",
        code="S005",
        at="run",
        name="negative output_shape",
    ),
    Error(
        (X, W),
        attrs=attrs(pb="4,0", pe="3,0"),
        match="negative size",
        code="S005",
        at="lint",
        name="pads crop more than the output",
    ),
    Error(
        (X, W),
        attrs=attrs(output_padding="-1,0"),
        match="output_padding must not be negative",
        code="O003",
        at="lint",
        name="negative output_padding",
    ),
    Error(
        (X, W),
        attrs=attrs(output_padding="1"),
        match="one entry per spatial axis",
        code="O003",
        at="lint",
        name="output_padding too short",
    ),
    Error(
        (X, W),
        attrs=attrs(pb="-1,0"),
        match="pads_begin must not be negative",
        code="O003",
        at="lint",
        name="negative pads",
    ),
    Error(
        (X, W),
        attrs={"pads_begin": "0,0", "pads_end": "0,0", "dilations": "1,1"},
        match="required attribute 'strides'",
        code="O003",
        at="lint",
        name="strides left out",
    ),
    Error(
        (T(F, (1, 3, 0, 4)), W),
        attrs=attrs(),
        match="empty spatial dim",
        code="S005",
        at="lint",
        name="empty spatial data",
    ),
    Error(
        (X, W, T("f32", (2,), [5.0, 5.0], const=True)),
        attrs=attrs(),
        match="output_shape must be of an integer",
        code="S005",
        at="lint",
        name="float output_shape",
    ),
]

test_cases, test_errors = TABLE.pytest()
