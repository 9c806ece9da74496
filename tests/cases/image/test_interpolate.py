"""Interpolate-1, -4 and -11: cases against the CPU plugin.

First the patterns of the real-model corpus: PyTorch's F.interpolate (nearest, bilinear with and
without align_corners, scale_factor 2: Interpolate-11) and ONNX Resize (Interpolate-4). Then every
mode under every coordinate transform and nearest rounding, sizes and scales (with scales that are
not output/input, where the scale itself steers the coordinates), the axes input left out, in any
order, over N and C, ranks 1 to 5, pads, and the element types (integers: nearest copies; the other
modes round to the nearest, halves to even, as the plugin converts them; weights that make exact
halves keep both sides equal; bf16 results exact in bf16, so that every CPU's rounding agrees).
Interpolate-1 as OpenVINO converts it to -4 (linear_onnx below rank 5, asymmetric coordinates for
4-D data over axes 2 and 3 without align_corners).

The plugin departs from the spec where rows say so: it ignores ``antialias`` (the spec widens the
linear filter when some axis shrinks), uses a = -0.5 in bicubic_pillow whatever ``cube_coeff`` says,
and does not store f16 data's first Pillow pass in f16 (the reference does)."""

import numpy as np

from cases.rows import Case, Error, T, Table

V1, V4, V11 = ("opset1",), ("opset4",), ("opset11",)
F = dict(rtol=1e-5, atol=1e-5)


def c(etype, values, const=True):
    return T(etype, np.shape(values), np.asarray(values), const=const)


def v11(shape, target, mode, calc, axes=None, etype="f32", attrs=None, run_time=False, **kw):
    tt = c("f32" if calc == "scales" else "i64", target, const=not run_time)
    ins = (T(etype, shape), tt) + ((c("i64", axes),) if axes is not None else ())
    return Case(ins, attrs={"mode": mode, "shape_calculation_mode": calc, **(attrs or {})}, versions=V11, **kw)


def v4(shape, sizes, scales, mode, calc, axes=None, etype="f32", attrs=None, **kw):
    ins = (T(etype, shape), c("i64", sizes), c("f32", scales)) + ((c("i32", axes),) if axes is not None else ())
    return Case(ins, attrs={"mode": mode, "shape_calculation_mode": calc, **(attrs or {})}, versions=V4, **kw)


def v1(shape, sizes, attrs, etype="f32", **kw):
    return Case((T(etype, shape), c("i64", sizes)), attrs=attrs, versions=V1, **kw)


def ct(transform, **more):
    return {"coordinate_transformation_mode": transform, **more}


NEAREST_FLOOR = ct("asymmetric", nearest_mode="floor")
REAL_MODELS = [
    # PyTorch F.interpolate(scale_factor=2), as exported: Interpolate-11 over axes 2, 3.
    v11((1, 3, 5, 7), [2.0, 2.0], "nearest", "scales", [2, 3], attrs=NEAREST_FLOOR, name="torch nearest x2"),
    v11(
        (1, 3, 5, 7),
        [2.0, 2.0],
        "linear_onnx",
        "scales",
        [2, 3],
        attrs=ct("pytorch_half_pixel"),
        name="torch bilinear x2",
        **F,
    ),
    v11(
        (1, 3, 5, 7),
        [2.0, 2.0],
        "linear_onnx",
        "scales",
        [2, 3],
        attrs=ct("align_corners"),
        name="torch bilinear x2 align_corners",
        **F,
    ),
    v11(
        (1, 3, 5, 7),
        [2.0, 2.0],
        "linear",
        "scales",
        [2, 3],
        attrs=ct("pytorch_half_pixel"),
        name="torch bilinear x2 (linear)",
        **F,
    ),
    v11(
        (1, 3, 5, 7),
        [2.0, 2.0],
        "linear",
        "scales",
        [2, 3],
        attrs=ct("align_corners"),
        name="torch bilinear x2 align_corners (linear)",
        **F,
    ),
    v11(
        (1, 3, 5, 7),
        [2.0, 2.0],
        "cubic",
        "scales",
        [2, 3],
        attrs=ct("pytorch_half_pixel"),
        name="torch bicubic x2",
        **F,
    ),
    v11((1, 2, 5, 6), [10, 12], "nearest", "sizes", [2, 3], attrs=NEAREST_FLOOR, name="torch nearest to a size"),
    v11((1, 2, 5, 6), [1.0, 1.0, 2.0, 2.0], "nearest", "scales", attrs=NEAREST_FLOOR, name="axes left out"),
    # ONNX Resize, as converted: Interpolate-4.
    v4((1, 3, 4, 6), [8, 12], [2.0, 2.0], "nearest", "scales", [2, 3], attrs=NEAREST_FLOOR, name="onnx nearest x2"),
    v4(
        (1, 3, 4, 6),
        [1, 3, 8, 12],
        [1.0, 1.0, 2.0, 2.0],
        "linear_onnx",
        "scales",
        attrs=ct("half_pixel"),
        name="onnx linear x2, all axes",
        **F,
    ),
    v4(
        (1, 3, 4, 6),
        [8, 12],
        [2.0, 2.0],
        "linear_onnx",
        "sizes",
        [2, 3],
        attrs=ct("align_corners"),
        name="onnx linear to sizes",
        **F,
    ),
    v4(
        (1, 3, 4, 6),
        [8, 12],
        [2.0, 2.0],
        "nearest",
        "sizes",
        [2, 3],
        attrs=ct("half_pixel", nearest_mode="round_prefer_ceil"),
        name="onnx nearest round_prefer_ceil",
    ),
    v4(
        (1, 3, 4, 6),
        [8, 12],
        [2.0, 2.0],
        "cubic",
        "scales",
        [2, 3],
        attrs=ct("half_pixel", cube_coeff="-0.5"),
        name="onnx cubic",
        **F,
    ),
    v4(
        (1, 3, 8, 6),
        [4, 3],
        [0.5, 0.5],
        "linear_onnx",
        "scales",
        [2, 3],
        attrs=ct("asymmetric"),
        name="onnx linear /2",
        **F,
    ),
]

TRANSFORMS = ("half_pixel", "pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn", "align_corners")
EVERY_MODE = []
for tr in TRANSFORMS:
    for nm in ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple"):
        EVERY_MODE.append(
            v11(
                (1, 2, 6, 5),
                [4, 9],
                "nearest",
                "sizes",
                [2, 3],
                attrs=ct(tr, nearest_mode=nm),
                name=f"nearest {tr} {nm}",
            )
        )
    for mode in ("linear", "linear_onnx", "cubic"):
        EVERY_MODE.append(v11((1, 2, 6, 5), [4, 9], mode, "sizes", [2, 3], attrs=ct(tr), name=f"{mode} {tr}", **F))
EVERY_MODE += [
    # Attributes left out (coordinate_transformation_mode, nearest_mode, antialias, pads, cube_coeff).
    v11((1, 2, 6, 5), [4, 9], "nearest", "sizes", [2, 3], name="nearest, defaults"),
    v11((1, 2, 6, 5), [4, 9], "cubic", "sizes", [2, 3], name="cubic, defaults", **F),
    v11((1, 2, 6, 5), [4, 9], "cubic", "sizes", [2, 3], attrs={"cube_coeff": "-0.5"}, name="cube_coeff", **F),
    v11((1, 2, 6, 5), [4, 9], "linear", "sizes", [2, 3], attrs={"antialias": "false"}, name="antialias false", **F),
    v11(
        (1, 2, 3, 5),
        [6, 9],
        "linear",
        "sizes",
        [2, 3],
        attrs={"antialias": "true"},
        name="antialias without shrinking",
        **F,
    ),
    # Pillow: W first, then H; scales; NHWC axes; H, W given as [W, H].
    v11((1, 2, 6, 5), [4, 9], "bilinear_pillow", "sizes", [2, 3], name="bilinear_pillow", **F),
    v11(
        (1, 2, 6, 5),
        [4, 9],
        "bicubic_pillow",
        "sizes",
        [2, 3],
        attrs={"cube_coeff": "-0.5"},
        name="bicubic_pillow",
        **F,
    ),
    v11((2, 7, 9, 3), [0.5, 2.5], "bilinear_pillow", "scales", [1, 2], name="bilinear_pillow NHWC", **F),
    v11(
        (2, 7, 9, 3),
        [0.5, 2.5],
        "bicubic_pillow",
        "scales",
        [1, 2],
        attrs={"cube_coeff": "-0.5"},
        name="bicubic_pillow NHWC",
        **F,
    ),
    v11(
        (1, 2, 5, 6), [2, 9], "bicubic_pillow", "sizes", [3, 2], attrs={"cube_coeff": "-0.5"}, name="pillow [W, H]", **F
    ),
    v11((1, 2, 5, 6), [5, 9], "bilinear_pillow", "sizes", [2, 3], name="pillow, W only", **F),
    v11(
        (1, 2, 5, 6),
        [4, 9],
        "bilinear_pillow",
        "sizes",
        [2, 3],
        attrs=ct("align_corners"),
        name="pillow ignores the transform",
        **F,
    ),
    # Scales: the output is floor(size * scale); the scale (not output/input) maps coordinates.
    v11((1, 2, 5, 5), [0.75, 0.6], "linear", "scales", [2, 3], name="scales not output/input", **F),
    v11((1, 2, 5, 5), [0.75, 0.6], "nearest", "scales", [2, 3], name="nearest, scales not output/input"),
    v11((1, 2, 5, 6), [0.3, 0.7], "cubic", "scales", [2, 3], name="cubic shrinking", **F),
    v11((1, 2, 5, 6), [0.3, 0.7], "linear_onnx", "scales", [2, 3], name="linear_onnx shrinking", **F),
    v11((1, 2, 5, 6), [1.5, 1.3333], "linear", "scales", [2, 3], name="scales 1.5, 1.3333", **F),
    v11((1, 2, 10, 10), [0.7, 0.29], "nearest", "scales", [2, 3], name="floor(10 * 0.7) is 7, 10 * 0.29 is 2"),
    v11((1, 2, 5, 6), [3, 4], "nearest", "sizes", [2, 3], attrs={"nearest_mode": "simple"}, name="simple shrinking"),
    v11((1, 2, 5, 6), [1, 1], "linear", "sizes", [2, 3], name="to size 1", **F),
    v11(
        (1, 2, 5, 6),
        [1, 1],
        "nearest",
        "sizes",
        [2, 3],
        attrs=ct("pytorch_half_pixel"),
        name="to size 1, pytorch_half_pixel",
    ),
    v11(
        (1, 2, 5, 6),
        [1, 1],
        "linear_onnx",
        "sizes",
        [2, 3],
        attrs=ct("align_corners"),
        name="to size 1, align_corners",
        **F,
    ),
    v11((1, 2, 1, 1), [3, 4], "linear_onnx", "sizes", [2, 3], name="from size 1", **F),
    v11((1, 2, 1, 1), [3, 4], "cubic", "sizes", [2, 3], name="from size 1, cubic", **F),
    v11((1, 2, 5, 6), [5, 6], "cubic", "sizes", [2, 3], name="same size", **F),
    v11((0, 2, 4, 4), [8, 8], "linear", "sizes", [2, 3], name="empty batch"),
    # Ranks and axes.
    v11((7,), [12], "nearest", "sizes", name="1-D nearest"),
    v11((7,), [3], "linear", "sizes", name="1-D linear", **F),
    v11((7,), [12], "cubic", "sizes", name="1-D cubic", **F),
    v11((4, 6), [7, 3], "linear_onnx", "sizes", [0, 1], name="2-D linear_onnx", **F),
    v11((5, 7), [3, 10], "cubic", "sizes", name="2-D cubic, axes left out", **F),
    v11((3, 4, 6), [5, 7, 3], "linear_onnx", "sizes", [0, 1, 2], name="3-D linear_onnx", **F),
    v11((1, 2, 3, 4, 6), [5, 7, 3], "linear_onnx", "sizes", [2, 3, 4], name="5-D linear_onnx", **F),
    v11((1, 2, 3, 4, 6), [5, 7, 3], "linear", "sizes", [2, 3, 4], name="5-D linear", **F),
    v11((1, 2, 3, 4, 6), [5, 7, 3], "nearest", "sizes", [4, 2, 3], name="5-D nearest, axes [4, 2, 3]"),
    v11((1, 2, 3, 4, 6), [5, 7, 3], "cubic", "sizes", [2, 3, 4], name="5-D cubic", **F),
    v11((2, 3, 4, 6), [3, 5], "nearest", "sizes", [0, 1], name="nearest over N, C"),
    v11((2, 3, 4, 6), [3, 5], "linear", "sizes", [0, 1], name="linear over N, C", **F),
    v11((2, 3, 4, 6), [3, 5], "cubic", "sizes", [1, 0], name="cubic over C, N", **F),
    v11((2, 3, 4, 6), [5, 3], "linear", "sizes", [3, 1], name="linear over W, C", **F),
    v11((2, 4, 6, 3), [5, 9], "linear_onnx", "sizes", [1, 2], name="linear_onnx NHWC", **F),
    v11((2, 4, 6, 3), [2.0, 0.5], "nearest", "scales", [1, 2], name="nearest NHWC"),
    # Pads (cut or filled with zeros to the rank).
    v11(
        (1, 2, 5, 5),
        [4, 7],
        "linear",
        "sizes",
        [2, 3],
        attrs={"pads_begin": "0,0,1,2", "pads_end": "0,0,2,0"},
        name="pads, linear",
        **F,
    ),
    v11(
        (1, 2, 5, 6),
        [4, 9],
        "nearest",
        "sizes",
        [2, 3],
        attrs={"pads_begin": "0,1,1,2", "pads_end": "1,0,2"},
        name="pads on every axis, short pads_end",
    ),
    v11(
        (1, 2, 5, 6),
        [4, 9],
        "cubic",
        "sizes",
        [2, 3],
        attrs={"pads_begin": "0,0,1,2", "pads_end": "0,0,2,1"},
        name="pads, cubic",
        **F,
    ),
    v11(
        (1, 2, 5, 6),
        [4, 9],
        "linear_onnx",
        "sizes",
        [2, 3],
        attrs={"pads_begin": "0,0,1,2,7"},
        name="pads longer than the rank",
        **F,
    ),
    v11(
        (1, 2, 5, 6),
        [4, 9],
        "bilinear_pillow",
        "sizes",
        [2, 3],
        attrs={"pads_begin": "0,0,1,2", "pads_end": "0,0,2"},
        name="pads, pillow",
        **F,
    ),
    v11(
        (1, 2, 5, 6),
        [1.5, 2.0],
        "nearest",
        "scales",
        [2, 3],
        attrs={"pads_begin": "0,0,1", "pads_end": "0,0,0,1"},
        name="pads with scales",
    ),
    # Targets and axes at run time.
    v11((1, 2, 5, 6), [10, 3], "linear_onnx", "sizes", [2, 3], run_time=True, name="sizes at run time", **F),
    v11((1, 2, 5, 6), [2.0, 0.5], "nearest", "scales", [2, 3], run_time=True, name="scales at run time"),
    Case(
        (T("f32", (1, 2, 5, 6)), c("i64", [7, 4]), c("i32", [3, 2], const=False)),
        {"mode": "cubic", "shape_calculation_mode": "sizes"},
        versions=V11,
        name="axes at run time",
        **F,
    ),
    # Element types: integers round to the nearest (halves to even), as the plugin converts them.
    v11(
        (1, 2, 4, 5),
        [2.0, 2.0],
        "linear_onnx",
        "scales",
        [2, 3],
        etype="i32",
        attrs=ct("asymmetric"),
        name="i32 linear_onnx",
    ),
    v11(
        (1, 2, 4, 5), [2.0, 2.0], "linear", "scales", [2, 3], etype="i64", attrs=ct("align_corners"), name="i64 linear"
    ),
    v11(
        (1, 2, 4, 5),
        [2.0, 2.0],
        "cubic",
        "scales",
        [2, 3],
        etype="i8",
        attrs=ct("asymmetric", cube_coeff="-0.5"),
        name="i8 cubic",
    ),
    v11(
        (1, 2, 4, 5),
        [2.0, 2.0],
        "linear_onnx",
        "scales",
        [2, 3],
        etype="u8",
        attrs=ct("asymmetric"),
        name="u8 linear_onnx",
    ),
    v11((1, 2, 5, 6), [7, 4], "bilinear_pillow", "sizes", [2, 3], etype="u8", name="u8 bilinear_pillow"),
    v11(
        (1, 2, 5, 6),
        [7, 4],
        "bicubic_pillow",
        "sizes",
        [2, 3],
        etype="u8",
        attrs={"cube_coeff": "-0.5"},
        name="u8 bicubic_pillow (clipped)",
    ),
    v11((1, 2, 5, 6), [7, 4], "nearest", "sizes", [2, 3], etype="i32", name="i32 nearest"),
    v11((1, 2, 5, 6), [7, 4], "nearest", "sizes", [2, 3], etype="u8", name="u8 nearest"),
    v11((1, 2, 5, 6), [7, 4], "nearest", "sizes", [2, 3], etype="i8", name="i8 nearest"),
    v11((1, 2, 5, 6), [7, 4], "nearest", "sizes", [2, 3], etype="i64", name="i64 nearest"),
    v11((1, 2, 5, 6), [7, 4], "linear", "sizes", [2, 3], etype="f16", name="f16 linear"),
    # (Averages of two multiples of 1/8 below 8 are exact in bf16: no CPU's rounding enters.)
    v11(
        (1, 2, 5, 6),
        [2.0],
        "linear_onnx",
        "scales",
        [3],
        etype="bf16",
        attrs=ct("asymmetric"),
        name="bf16 linear_onnx over W",
    ),
    v11((1, 2, 5, 6), [7, 4], "nearest", "sizes", [2, 3], etype="bf16", name="bf16 nearest"),
    v11((1, 2, 5, 6), [7, 4], "linear_onnx", "sizes", [2, 3], etype="f16", name="f16 linear_onnx"),
]

V4_CASES = [
    v4((1, 2, 5, 6), [7, 4], [1.0, 1.0], "linear_onnx", "sizes", [2, 3], name="sizes: the scales are ignored", **F),
    v4((1, 2, 5, 6), [1, 1], [1.4, 0.7], "nearest", "scales", [2, 3], name="scales: the sizes are ignored"),
    v4((1, 2, 5, 6), [1, 2, 7, 4], [1.0, 1.0, 1.4, 0.7], "cubic", "sizes", name="v4 axes left out", **F),
    v4(
        (1, 2, 5, 6),
        [7, 4],
        [1.4, 0.7],
        "linear",
        "scales",
        [3, 2],
        attrs=ct("tf_half_pixel_for_nn"),
        name="v4 linear, axes [3, 2]",
        **F,
    ),
    v4(
        (1, 2, 5, 6),
        [7, 4],
        [1.4, 0.7],
        "nearest",
        "sizes",
        [2, 3],
        etype="i32",
        attrs=ct("align_corners", nearest_mode="ceil", pads_begin="0,0,1,1"),
        name="v4 i32 nearest, pads",
    ),
]

V1_CASES = [
    v1((1, 2, 5, 6), [7, 4], {"axes": "2,3", "mode": "nearest"}, name="v1 nearest, align_corners left out"),
    v1((1, 2, 5, 6), [7, 4], {"axes": "2,3", "mode": "nearest", "align_corners": "false"}, name="v1 nearest"),
    v1((1, 2, 5, 6), [7, 4], {"axes": "2,3", "mode": "linear"}, name="v1 linear", **F),
    v1(
        (1, 2, 5, 6),
        [7, 4],
        {"axes": "2,3", "mode": "linear", "align_corners": "false"},
        name="v1 linear over 2, 3: asymmetric",
        **F,
    ),
    v1(
        (1, 2, 5, 6),
        [3, 7, 4],
        {"axes": "1,2,3", "mode": "linear", "align_corners": "false"},
        name="v1 linear over 1, 2, 3: half_pixel",
        **F,
    ),
    v1((2, 5, 6), [7, 4], {"axes": "1,2", "mode": "linear", "align_corners": "false"}, name="v1 3-D linear", **F),
    v1(
        (1, 2, 3, 5, 6),
        [7, 4],
        {"axes": "3,4", "mode": "linear", "align_corners": "false", "antialias": "false"},
        name="v1 5-D linear (linear, not linear_onnx)",
        **F,
    ),
    v1((1, 2, 5, 6), [7, 4], {"axes": "2,3", "mode": "cubic", "align_corners": "false"}, name="v1 cubic", **F),
    v1(
        (1, 2, 5, 6),
        [7, 4],
        {"axes": "2,3", "mode": "linear", "align_corners": "false", "pads_begin": "0,0,1,1", "pads_end": "0,0,1,0"},
        name="v1 linear, pads: asymmetric",
        **F,
    ),
    v1(
        (1, 2, 5, 6),
        [7, 4],
        {"axes": "2,3", "mode": "nearest", "pads_begin": "0,0,0,2", "pads_end": ""},
        name="v1 nearest, pads",
        **F,
    ),
    v1((1, 2, 5, 6), [7, 4], {"axes": "2,3", "mode": "linear", "antialias": "true"}, name="v1 antialias growing", **F),
    v1((3, 5, 6), [4, 7], {"axes": "2,1", "mode": "nearest"}, etype="f16", name="v1 f16, axes [2, 1]"),
]

X9 = (np.arange(9) ** 2 / 8).reshape(1, 1, 1, 9)
X24 = np.array([[0, 8, 1, 3], [5, -2, 4, 6]]).reshape(1, 1, 2, 4) / 2
XH = np.arange(12).reshape(1, 1, 3, 4) * 0.375 - 1.5
DEPARTURES = [
    Case(
        (T("f32", (1, 1, 1, 9), X9), c("i64", [4]), c("i64", [3])),
        {"mode": "linear", "shape_calculation_mode": "sizes", "antialias": "true"},
        versions=V11,
        expect=([[[[0.15357142686843872, 1.1249998807907104, 3.4176831245422363, 6.496428489685059]]]],),
        plugin=([[[[0.078125, 1.046875, 3.296875, 6.828125]]]],),
        name="antialias shrinking",
        why="the plugin ignores antialias: shrinking 9 to 4 it takes 2 taps, not the filter widened by 9/4",
    ),
    Case(
        (T("f32", (1, 1, 2, 4), X24), c("i64", [3, 3]), c("f32", [1.5, 0.75]), c("i64", [2, 3])),
        {"mode": "linear", "shape_calculation_mode": "sizes", "antialias": "true"},
        versions=V4,
        expect=(
            [
                [
                    [
                        [1.2000000476837158, 2.25, 1.1999999284744263],
                        [1.3250000476837158, 1.375, 1.9499998092651367],
                        [1.4500000476837158, 0.5, 2.700000047683716],
                    ]
                ]
            ],
        ),
        plugin=(
            [
                [
                    [
                        [0.6666667461395264, 2.25, 1.3333332538604736],
                        [1.2916667461395264, 1.375, 2.0833332538604736],
                        [1.9166666269302368, 0.5, 2.8333332538604736],
                    ]
                ]
            ],
        ),
        name="antialias, one axis shrinking",
        why="the plugin ignores antialias (the spec scales every axis's filter when one axis shrinks)",
    ),
    Case(
        (T("f32", (1, 1, 2, 4), X24), c("i64", [3, 3]), c("i64", [2, 3])),
        {"mode": "bicubic_pillow", "shape_calculation_mode": "sizes"},
        versions=V11,
        expect=(
            [
                [
                    [
                        [1.2758320569992065, 2.626478672027588, 0.7455666065216064],
                        [1.3330163955688477, 1.3352845907211304, 1.9821224212646484],
                        [1.3902009725570679, 0.04409055411815643, 3.2186784744262695],
                    ]
                ]
            ],
        ),
        plugin=(
            [
                [
                    [
                        [1.170721411705017, 2.4881033897399902, 0.9294838309288025],
                        [1.3260869979858398, 1.3485991954803467, 1.9885584115982056],
                        [1.4814525842666626, 0.2090947926044464, 3.047632932662964],
                    ]
                ]
            ],
        ),
        name="bicubic_pillow, default a",
        why="the plugin's bicubic_pillow uses a = -0.5 whatever cube_coeff says (default -0.75)",
    ),
    Case(
        (T("f16", (1, 1, 3, 4), XH), c("f32", [0.67, 1.75]), c("i64", [2, 3])),
        {"mode": "bilinear_pillow", "shape_calculation_mode": "scales"},
        versions=V11,
        expect=(
            [
                [
                    [
                        [-0.9375, -0.8037109375, -0.5888671875, -0.375, -0.16064453125, 0.0537109375, 0.1875],
                        [0.9375, 1.0712890625, 1.2861328125, 1.5, 1.71484375, 1.927734375, 2.0625],
                    ]
                ]
            ],
        ),
        plugin=(
            [
                [
                    [
                        [-0.9375, -0.8037109375, -0.58935546875, -0.375, -0.1607666015625, 0.053558349609375, 0.1875],
                        [0.9375, 1.0712890625, 1.2861328125, 1.5, 1.7138671875, 1.9287109375, 2.0625],
                    ]
                ]
            ],
        ),
        name="f16 pillow: the first pass in f16",
        why="OpenVINO's reference stores a Pillow mode's first pass in the data's type; the plugin keeps f16 "
        "data's in f32",
    ),
]

TABLE = Table(
    "Interpolate", ("opset1", "opset4", "opset11"), cases=REAL_MODELS + EVERY_MODE + V4_CASES + V1_CASES + DEPARTURES
)

D = T("f32", (1, 2, 5, 6))


def err11(target, axes, match, code="S005", at="lint", mode="nearest", calc="sizes", attrs=None, **kw):
    ins = (D, target) + ((axes,) if axes is not None else ())
    return Error(
        ins,
        match=match,
        code=code,
        at=at,
        versions=V11,
        attrs={"mode": mode, "shape_calculation_mode": calc, **(attrs or {})},
        **kw,
    )


SIZES, AXES = c("i64", [7, 4]), c("i64", [2, 3])
TABLE.errors = [
    err11(SIZES, c("i64", [2, 4]), r"axes \[2, 4\] must be in \[0, 3\] for a rank-4 input", name="axis too large"),
    err11(SIZES, c("i64", [-1, 2]), r"axes \[-1, 2\] must be in \[0, 3\]", name="negative axis"),
    err11(
        SIZES,
        c("i64", [3, 4], const=False),
        r"axes \[3, 4\] must be in \[0, 3\]",
        at="run",
        name="axis too large at run time",
    ),
    err11(SIZES, c("i64", [2, 2]), r"axes \[2, 2\] repeat an axis", name="repeated axis"),
    err11(c("i64", [7, 4, 3]), AXES, r"sizes has 3 elements for 2 axes \[2, 3\]", name="3 sizes for 2 axes"),
    err11(c("i64", [7]), None, r"sizes has 1 elements for 4 axes \[0, 1, 2, 3\]", name="axes left out, 1 size"),
    err11(c("i64", [7, -4]), AXES, r"sizes \[7, -4\] must not be negative", name="negative size"),
    err11(
        c("i64", [7, -4], const=False),
        AXES,
        r"sizes \[7, -4\] must not be negative",
        at="run",
        name="negative size at run time",
    ),
    err11(c("f32", [2.0, 0.0]), AXES, r"scales \[2.0, 0.0\] must be finite and above 0", calc="scales", name="scale 0"),
    err11(
        c("f32", [2.0, np.inf], const=False),
        AXES,
        r"scales \[2.0, inf\] must be finite and above 0",
        at="run",
        calc="scales",
        name="infinite scale at run time",
    ),
    err11(c("f32", [2.0]), AXES, r"scales has 1 elements for 2 axes", calc="scales", name="1 scale for 2 axes"),
    err11(
        c("f32", [2.0, 2.0]),
        AXES,
        r"scales_or_sizes must be of an integer type with shape_calculation_mode="
        r"sizes, got f32",
        name="float sizes",
    ),
    err11(
        SIZES,
        AXES,
        r"scales_or_sizes must be of a floating-point type with shape_calculation_mode=scales, "
        r"got i64",
        calc="scales",
        name="integer scales",
    ),
    err11(c("i64", [[7, 4]]), AXES, r"scales_or_sizes must be a 1-D tensor, got shape \[1,2\]", name="2-D sizes"),
    err11(SIZES, c("i64", [[2, 3]]), r"axes must be a 1-D tensor, got shape \[1,2\]", name="2-D axes"),
    err11(SIZES, c("f32", [2.0, 3.0]), r"axes must be of an integer type", name="float axes"),
    err11(
        c("i64", [7, 4, 3]),
        c("i64", [1, 2, 3]),
        r"mode bilinear_pillow resizes exactly two axes \(H, W\), got "
        r"axes \[1, 2, 3\]",
        mode="bilinear_pillow",
        name="pillow over 3 axes",
    ),
    err11(
        SIZES,
        AXES,
        r"pads \[0, 0, -1\], \[0\] must not be negative",
        code="O003",
        attrs={"pads_begin": "0,0,-1"},
        name="negative pads",
    ),
    err11(SIZES, AXES, r"mode='bilinear' is not one of", code="O003", mode="bilinear", name="unknown mode"),
    err11(
        SIZES,
        AXES,
        r"nearest_mode='round' is not one of",
        code="O003",
        attrs={"nearest_mode": "round"},
        name="unknown nearest_mode",
    ),
    err11(
        SIZES,
        AXES,
        r"coordinate_transformation_mode='half' is not one of",
        code="O003",
        attrs=ct("half"),
        name="unknown coordinate_transformation_mode",
    ),
    err11(
        SIZES,
        AXES,
        r"antialias='yes' is not a valid bool",
        code="O003",
        attrs={"antialias": "yes"},
        name="antialias not a bool",
    ),
    err11(
        SIZES,
        AXES,
        r"cube_coeff='a' is not a valid float",
        code="O003",
        attrs={"cube_coeff": "a"},
        name="cube_coeff not a float",
    ),
    Error(
        (D, SIZES, AXES),
        match=r"required attribute 'shape_calculation_mode' is missing",
        code="O003",
        at="lint",
        attrs={"mode": "nearest"},
        versions=V11,
        name="shape_calculation_mode missing",
    ),
    Error(
        (D, SIZES, c("f32", [1.0, 1.0]), AXES),
        match=r"mode='bicubic_pillow' is not one of",
        code="O003",
        at="lint",
        attrs={"mode": "bicubic_pillow", "shape_calculation_mode": "sizes"},
        versions=V4,
        name="v4 has no Pillow modes",
    ),
    Error(
        (D, c("f32", [7.0, 4.0]), c("f32", [1.0, 1.0]), AXES),
        match=r"sizes must be of an integer type",
        code="S005",
        at="lint",
        attrs={"mode": "nearest", "shape_calculation_mode": "sizes"},
        versions=V4,
        name="v4 float sizes",
    ),
    Error(
        (D, SIZES, c("i64", [1, 1]), AXES),
        match=r"scales must be of a floating-point type",
        code="S005",
        at="lint",
        attrs={"mode": "nearest", "shape_calculation_mode": "scales"},
        versions=V4,
        name="v4 integer scales",
    ),
    Error(
        (D, SIZES),
        match=r"Interpolate-1 mode 'area' has no implementation",
        code="O003",
        at="lint",
        attrs={"axes": "2,3", "mode": "area"},
        versions=V1,
        name="v1 area",
    ),
    Error(
        (D, SIZES),
        match=r"required attribute 'axes' is missing",
        code="O003",
        at="lint",
        attrs={"mode": "nearest"},
        versions=V1,
        name="v1 axes missing",
    ),
    Error(
        (T("f32", (1, 1, 1, 1, 2, 3)), SIZES),
        match=r"mode linear takes a rank-5 input at most, got rank 6",
        code="S005",
        at="lint",
        attrs={"axes": "4,5", "mode": "linear"},
        versions=V1,
        name="v1 6-D linear",
    ),
    Error(
        (D, SIZES),
        match=r"Interpolate-1 pads axis 1, which it does not resize",
        code="S005",
        at="lint",
        attrs={"axes": "2,3", "mode": "nearest", "pads_end": "0,1"},
        versions=V1,
        name="v1 pads a kept axis",
    ),
    Error(
        (T("i32", (1, 2, 5, 6)), SIZES),
        match=r"data must be of a floating-point type",
        code="S005",
        at="lint",
        attrs={"axes": "2,3", "mode": "nearest"},
        versions=V1,
        name="v1 integer data",
    ),
    Error(
        (D, c("i64", [7, 4, 1])),
        match=r"sizes has 3 elements for 2 axes",
        code="S005",
        at="lint",
        attrs={"axes": "2,3", "mode": "nearest"},
        versions=V1,
        name="v1 3 sizes for 2 axes",
    ),
    Error(
        (D, c("i64", [7, 4])),
        match=r"axes \[2, 4\] must be in \[0, 3\]",
        code="S005",
        at="lint",
        attrs={"axes": "2,4", "mode": "nearest"},
        versions=V1,
        name="v1 axis out of range",
    ),
    err11(c("i64", [2**40, 2**40]), AXES, r"too large for any array", name="output too large"),
]

test_cases, test_errors = TABLE.pytest()
