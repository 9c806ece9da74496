"""DeformableConvolution-1 and -8: cases against the CPU plugin.

Offsets are multiples of 1/8 in [-2.5, 2.5) (and masks in [0, 1]), so samples fall inside, on the
edges and outside the data; sums of such products are exact in f32 only up to the order of
summation, hence a small tolerance. Sampling at the edges is pinned by rows with explicit values
(one channel, a 1x1 kernel of 1: the output is the sample itself). The plugin splits the input
channels by deformable group and samples as the reference does; its one departure (a ``plugin=``
row): with bilinear_interpolation_pad a NaN offset samples 0. It crashes (segfault) on a NaN x
offset, which no row feeds it."""

import numpy as np

from cases.rows import Case, Error, T, Table

V1, V8 = ("opset1",), ("opset8",)
F = "f32"
TOL = {"rtol": 1e-5, "atol": 1e-5}


def attrs(s="1,1", pb="0,0", pe="0,0", d="1,1", **more):
    """The attributes; group and deformable_group 1 unless given (OpenVINO reads them left out as
    0, and refuses the layer: ``LEFT_OUT`` rows leave them out and run in irexec alone)."""
    return {
        "strides": s,
        "pads_begin": pb,
        "pads_end": pe,
        "dilations": d,
        "group": "1",
        "deformable_group": "1",
        **more,
    }


def out_size(n, k, s, d, pb, pe, auto_pad):
    if auto_pad in ("same_upper", "same_lower"):
        return -(-n // s)
    if auto_pad == "valid":
        pb = pe = 0
    return (n + pb + pe - (k - 1) * d - 1) // s + 1


def deform(data, filters, a, seed, mask=False, etype=F, const=False, low=-20, high=20):
    """The inputs of a case: data and filters shapes, the attributes ``a``; offsets (and a mask)
    drawn for the output size the attributes give."""
    n, c, h, w = data
    o, ci, kh, kw = filters
    ints = [[int(v) for v in a[k].split(",")] for k in ("strides", "dilations", "pads_begin", "pads_end")]
    auto = a.get("auto_pad", "explicit")
    oh, ow = (out_size(size, k, s, d, pb, pe, auto) for size, k, s, d, pb, pe in zip((h, w), (kh, kw), *ints))
    dg = int(a.get("deformable_group", 1))
    rng = np.random.default_rng(seed)
    scale = 1 if etype == "i32" else 8  # (integer types take whole offsets and masks)

    def draw(shape, lo, hi):
        v = rng.integers(lo, hi, shape)
        return v if scale == 1 else v / scale

    ins = [
        T(etype, data),
        T(etype, (n, dg * kh * kw * 2, oh, ow), draw((n, dg * kh * kw * 2, oh, ow), low, high), const=const),
        T(etype, filters),
    ]
    if mask:
        ins.append(T(etype, (n, dg * kh * kw, oh, ow), draw((n, dg * kh * kw, oh, ow), 0, 9 if scale == 8 else 3)))
    return tuple(ins)


# One channel, a 1x1 kernel of 1, data 1..12 in a 3x4 plane: the output at (0, 0) is the sample
# at the offset; the other outputs sample at their own position plus the same offset.
PLANE = T(F, (1, 1, 3, 4), list(range(1, 13)))
IDENTITY = T(F, (1, 1, 1, 1), [1])


# The plugin keeps one executor for layers of the same shapes, whatever their
# bilinear_interpolation_pad (the second such layer in a model computes as the first): the rows
# with it true take two output channels (filters of 1 and 1), a shape no other row has.
IDENTITY2 = T(F, (2, 1, 1, 1), [1, 1])


def probe(dy, dx, bilinear):
    offsets = T(F, (1, 2, 3, 4), [[[dy] * 4] * 3, [[dx] * 4] * 3])
    a = attrs(bilinear_interpolation_pad=str(bilinear).lower()) if bilinear is not None else attrs()
    return (PLANE, offsets, IDENTITY2 if bilinear else IDENTITY), a


def edge(dy, dx, bilinear, want, name):
    ins, a = probe(dy, dx, bilinear)
    return Case(
        ins, a, versions=V8 if bilinear is not None else None, expect=([[want] * (2 if bilinear else 1)],), name=name
    )


ZERO = [0, 0, 0, 0]


LEFT_OUT = {"strides": "1,1", "pads_begin": "0,0", "pads_end": "0,0", "dilations": "1,1"}
OV_GROUP = "OpenVINO reads group and deformable_group left out as 0 and refuses the layer (the spec's default is 1)"

TABLE = Table(
    "DeformableConvolution",
    ("opset1", "opset8"),
    cases=[
        Case(
            deform((1, 4, 6, 5), (3, 4, 3, 3), attrs(pb="1,1", pe="1,1"), 1),
            attrs(pb="1,1", pe="1,1"),
            **TOL,
            name="auto_pad left out",
        ),
        Case(
            probe(0.5, 1.25, None)[0],
            LEFT_OUT,
            oracle=False,
            why=OV_GROUP,
            expect=([[[[4.25, 5.25, 6, 0], [8.25, 9.25, 10, 0], [10.25, 11.25, 12, 0]]]],),
            name="group, deformable_group, bilinear_interpolation_pad left out",
        ),
        Case(
            deform(
                (2, 4, 7, 6),
                (6, 2, 3, 2),
                attrs(s="2,1", d="1,2", pb="1,0", pe="0,2", group="2", deformable_group="2"),
                2,
            ),
            attrs(s="2,1", d="1,2", pb="1,0", pe="0,2", group="2", deformable_group="2", auto_pad="explicit"),
            **TOL,
            name="group 2, deformable_group 2, batch 2, strides and dilations",
        ),
        Case(
            deform((1, 4, 5, 5), (2, 4, 2, 2), attrs(deformable_group="4"), 3),
            attrs(deformable_group="4"),
            **TOL,
            name="deformable_group 4, group 1",
        ),
        Case(
            deform((1, 6, 5, 5), (6, 1, 3, 3), attrs(pb="1,1", pe="1,1", group="6", deformable_group="3"), 4),
            attrs(pb="1,1", pe="1,1", group="6", deformable_group="3"),
            **TOL,
            name="depthwise, deformable_group 3",
        ),
        Case(
            deform((1, 2, 5, 6), (2, 2, 3, 3), attrs(pb="2,2", pe="2,2", auto_pad="valid"), 5),
            attrs(pb="2,2", pe="2,2", auto_pad="valid"),
            **TOL,
            name="valid ignores the pads",
        ),
        Case(
            deform((1, 2, 5, 6), (2, 2, 2, 3), attrs(s="2,1", auto_pad="same_upper"), 6),
            attrs(s="2,1", auto_pad="same_upper"),
            **TOL,
            name="same_upper",
        ),
        Case(
            deform((1, 2, 5, 6), (2, 2, 2, 3), attrs(s="1,2", auto_pad="same_lower"), 7),
            attrs(s="1,2", auto_pad="same_lower"),
            **TOL,
            name="same_lower",
        ),
        Case(deform((1, 3, 4, 4), (2, 3, 1, 1), attrs(), 8, const=True), attrs(), **TOL, name="1x1, constant offsets"),
        Case(
            deform((1, 2, 4, 4), (2, 2, 3, 3), attrs(pb="1,1", pe="1,1"), 9, low=-80, high=80),
            attrs(pb="1,1", pe="1,1"),
            **TOL,
            name="offsets far outside",
        ),
        Case(deform((0, 2, 4, 4), (2, 2, 2, 2), attrs(), 10), attrs(), name="empty batch"),
        # -8: the mask and bilinear_interpolation_pad.
        Case(
            deform((1, 4, 6, 5), (3, 4, 3, 3), attrs(pb="1,1", pe="1,1"), 11, mask=True),
            attrs(pb="1,1", pe="1,1"),
            versions=V8,
            **TOL,
            name="mask",
        ),
        Case(
            deform((2, 4, 6, 5), (4, 2, 3, 2), attrs(group="2", deformable_group="2"), 12, mask=True),
            attrs(group="2", deformable_group="2", bilinear_interpolation_pad="true"),
            versions=V8,
            **TOL,
            name="mask, groups, bilinear_interpolation_pad",
        ),
        Case(
            deform((1, 2, 5, 5), (2, 2, 3, 3), attrs(pb="1,1", pe="1,1"), 13),
            attrs(pb="1,1", pe="1,1", bilinear_interpolation_pad="true"),
            versions=V8,
            **TOL,
            name="bilinear_interpolation_pad, no mask",
        ),
        Case(
            deform((1, 2, 5, 5), (2, 2, 3, 3), attrs(pb="1,1", pe="1,1"), 14, mask=True),
            attrs(pb="1,1", pe="1,1", bilinear_interpolation_pad="false"),
            versions=V8,
            **TOL,
            name="bilinear_interpolation_pad false",
        ),
        # Sampling at the edges (data 1..12 in rows of 4; the output at (0, 0) reads the offset).
        edge(
            0.5,
            1.25,
            None,
            [[4.25, 5.25, 6, 0], [8.25, 9.25, 10, 0], [10.25, 11.25, 12, 0]],
            "interpolation; a column in (W-1, W) reads column W-1, a row in (H-1, H) row H-1",
        ),
        edge(1, 1, None, [[6, 7, 8, 0], [10, 11, 12, 0], ZERO], "a position of exactly H or W reads 0"),
        edge(
            -0.25,
            0,
            False,
            [ZERO, [4, 5, 6, 7], [8, 9, 10, 11]],
            "without bilinear_interpolation_pad, a row in (-1, 0) reads 0",
        ),
        edge(2.5, 0, None, [[9, 10, 11, 12], ZERO, ZERO], "without bilinear_interpolation_pad, a row past H reads 0"),
        edge(
            -0.25,
            0,
            True,
            [[0.75, 1.5, 2.25, 3], [4, 5, 6, 7], [8, 9, 10, 11]],
            "with bilinear_interpolation_pad, a row in (-1, 0) interpolates the zero padding",
        ),
        edge(
            2.5,
            3.5,
            True,
            [[3, 0, 0, 0], ZERO, ZERO],
            "with bilinear_interpolation_pad, rows and columns in (H-1, H) interpolate zeros, past H read 0",
        ),
        edge(
            0,
            3.25,
            True,
            [[3, 0, 0, 0], [6, 0, 0, 0], [9, 0, 0, 0]],
            "with bilinear_interpolation_pad, a column in (W-1, W)",
        ),
        Case(
            (T(F, (1, 1, 2, 2), [1, np.inf, 3, 4]), T(F, (1, 2, 2, 2), [0, 0, 0, 0, 0, 0, 0.5, 0]), IDENTITY),
            attrs(bilinear_interpolation_pad="true"),
            versions=V8,
            expect=([[[[1, np.inf], [3.5, 4]]]],),
            name="a neighbour of weight 0 is not read (inf * 0)",
        ),
        Case(
            (PLANE, T(F, (1, 2, 3, 4), [np.inf] * 4 + [-np.inf] * 4 + [1e30] * 4 + [0] * 6 + [np.inf] * 6), IDENTITY),
            attrs(),
            expect=([[[[0] * 4] * 3]],),
            name="infinite and huge offsets read 0",
        ),
        Case(
            (PLANE, T(F, (1, 2, 3, 4), [np.nan] * 12 + [0] * 12), IDENTITY),
            attrs(),
            expect=([[[[np.nan] * 4] * 3]],),
            name="a NaN offset samples NaN",
        ),
        Case(
            (PLANE, T(F, (1, 2, 3, 4), [np.nan] * 12 + [0] * 12), IDENTITY2),
            attrs(bilinear_interpolation_pad="true"),
            versions=V8,
            expect=([[[[np.nan] * 4] * 3] * 2],),
            plugin=([[[[0] * 4] * 3] * 2],),
            why="with bilinear_interpolation_pad the plugin samples 0 at a NaN offset (and crashes on a NaN x offset)",
            name="a NaN offset samples NaN, bilinear_interpolation_pad",
        ),
        Case(
            deform((1, 2, 5, 5), (2, 2, 3, 3), attrs(pb="1,1", pe="1,1"), 15, etype="f16", mask=True),
            attrs(pb="1,1", pe="1,1"),
            versions=V8,
            rtol=1e-3,
            atol=1e-2,
            name="f16",
        ),
        Case(
            deform((1, 2, 5, 5), (2, 2, 3, 3), attrs(), 16, etype="f16"),
            attrs(),
            versions=V1,
            rtol=1e-3,
            atol=1e-2,
            name="f16 -1",
        ),
        Case(
            deform((1, 2, 5, 5), (2, 2, 3, 3), attrs(pb="1,1", pe="1,1"), 17, etype="i32", low=-2, high=3, mask=True),
            attrs(pb="1,1", pe="1,1"),
            versions=V8,
            name="i32: whole offsets, no interpolation",
        ),
        Case(
            deform((1, 2, 5, 5), (2, 2, 3, 3), attrs(), 18, etype="i32", low=-2, high=3),
            attrs(),
            versions=V1,
            name="i32 -1",
        ),
    ],
)

X, W = T(F, (1, 4, 5, 5)), T(F, (2, 4, 3, 3))
OFF, MASK = T(F, (1, 18, 3, 3)), T(F, (1, 9, 3, 3))
TABLE.errors = [
    Error(
        (T(F, (4, 5, 5)), OFF, W),
        attrs=attrs(),
        match=r"data must have rank 4, got \[4,5,5\]",
        code="S005",
        at="lint",
        name="data of rank 3",
    ),
    Error(
        (X, T(F, (18, 3, 3)), W),
        attrs=attrs(),
        match=r"offsets must have rank 4",
        code="S005",
        at="lint",
        name="offsets of rank 3",
    ),
    Error(
        (X, OFF, T(F, (2, 4, 3, 3, 1))),
        attrs=attrs(),
        match=r"filters must have rank 4",
        code="S005",
        at="lint",
        name="filters of rank 5",
    ),
    Error(
        (X, OFF, W, T(F, (9, 3, 3))),
        attrs=attrs(),
        match=r"mask must have rank 4",
        code="S005",
        at="lint",
        versions=V8,
        name="mask of rank 3",
    ),
    Error(
        (X, T(F, (1, 16, 3, 3)), W),
        attrs=attrs(),
        match=r"offsets \[1,16,3,3\] have 16 channels, "
        r"deformable_group x kernel x 2 is 18",
        code="S005",
        at="lint",
        name="offsets channels",
    ),
    Error(
        (X, T(F, (1, 18, 3, 3)), W),
        attrs=attrs(deformable_group="2"),
        match=r"have 18 channels, "
        r"deformable_group x kernel x 2 is 36",
        code="S005",
        at="lint",
        name="offsets channels, deformable_group 2",
    ),
    Error(
        (X, OFF, W, T(F, (1, 18, 3, 3))),
        attrs=attrs(),
        match=r"mask \[1,18,3,3\] have 18 channels, "
        r"deformable_group x kernel is 9",
        code="S005",
        at="lint",
        versions=V8,
        name="mask channels",
    ),
    Error(
        (X, T(F, (2, 18, 3, 3)), W),
        attrs=attrs(),
        match=r"offsets \[2,18,3,3\] and the output \[1,2,3,3\] "
        r"differ in their batch",
        code="S005",
        at="lint",
        name="offsets batch",
    ),
    Error(
        (X, T(F, (1, 18, 3, 4)), W),
        attrs=attrs(),
        match=r"differ in their spatial dims",
        code="S005",
        at="lint",
        name="offsets spatial dims",
    ),
    Error(
        (X, OFF, W, T(F, (1, 9, 2, 3))),
        attrs=attrs(),
        match=r"mask \[1,9,2,3\] and the output \[1,2,3,3\] "
        r"differ in their spatial dims",
        code="S005",
        at="lint",
        versions=V8,
        name="mask spatial dims",
    ),
    Error(
        (T(F, (1, 3, 5, 5)), OFF, T(F, (2, 1, 3, 3))),
        attrs=attrs(group="2"),
        match="data's 3 channels are not divisible by group=2",
        code="S005",
        at="lint",
        name="group",
    ),
    Error(
        (T(F, (1, 3, 5, 5)), T(F, (1, 36, 3, 3)), T(F, (2, 3, 3, 3))),
        attrs=attrs(deformable_group="2"),
        match="data's 3 channels are not divisible by deformable_group=2",
        code="S005",
        at="lint",
        name="deformable_group",
    ),
    Error(
        (X, OFF, T(F, (3, 2, 3, 3))),
        attrs=attrs(group="2"),
        match="filters' 3 output channels are not divisible by group=2",
        code="S005",
        at="lint",
        name="output channels and group",
    ),
    Error(
        (X, OFF, T(F, (2, 4, 3, 3))),
        attrs=attrs(group="2"),
        match=r"data has 4 channels, the filters \[2,4,3,3\] take group x dim 1 = 2 x 4",
        code="S005",
        at="lint",
        name="channel mismatch",
    ),
    Error((X, OFF, W), attrs=attrs(group="0"), match="group must be positive", code="O003", at="lint", name="group 0"),
    Error(
        (X, OFF, W),
        attrs=attrs(deformable_group="0"),
        match="deformable_group must be positive",
        code="O003",
        at="lint",
        name="deformable_group 0",
    ),
    Error(
        (X, OFF, W),
        attrs=attrs(s="1", pb="0", pe="0", d="1"),
        match="is 2D",
        code="O003",
        at="lint",
        name="1D attributes",
    ),
    Error(
        (X, OFF, W),
        attrs=attrs(pb="0,-1"),
        match="pads_begin must not be negative",
        code="O003",
        at="lint",
        name="negative pads",
    ),
    Error(
        (X, OFF, W),
        attrs={"pads_begin": "0,0", "pads_end": "0,0", "dilations": "1,1"},
        match="required attribute 'strides'",
        code="O003",
        at="lint",
        name="strides left out",
    ),
    Error(
        (X, OFF, W),
        attrs=attrs(bilinear_interpolation_pad="maybe"),
        match="bilinear_interpolation_pad",
        code="O003",
        at="lint",
        versions=V8,
        name="bilinear_interpolation_pad not a boolean",
    ),
    Error(
        (T(F, (1, 4, 2, 5)), OFF, W),
        attrs=attrs(),
        match=r"dilated kernel \(3\) is larger than the padded data",
        code="S005",
        at="lint",
        name="kernel larger than the data",
    ),
    Error(
        (T("boolean", (1, 4, 5, 5)), T("boolean", (1, 18, 3, 3)), T("boolean", (2, 4, 3, 3))),
        attrs=attrs(),
        match="numeric",
        code="S005",
        at="lint",
        name="boolean",
    ),
    Error(
        (X, T("f16", (1, 18, 3, 3)), W),
        attrs=attrs(),
        match="one element type",
        code="S005",
        at="lint",
        name="f32 data, f16 offsets",
    ),
]

test_cases, test_errors = TABLE.pytest()
