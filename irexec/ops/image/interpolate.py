"""Interpolate-1, -4 and -11: resize the data over some axes.

The input is padded with zeros (``pads_begin``/``pads_end``, cut or filled with zeros to the
rank), then each output position of an axis maps to an input coordinate
(``coordinate_transformation_mode``; ``scale`` is the given scale with
``shape_calculation_mode`` "scales", else output size / padded input size)::

    half_pixel            (x + 0.5) / scale - 0.5
    pytorch_half_pixel    (x + 0.5) / scale - 0.5, or 0 when the output size is 1
    asymmetric            x / scale
    tf_half_pixel_for_nn  (x + 0.5) / scale
    align_corners         x * (in - 1) / (out - 1), or 0 when the output size is 1

(x itself where the scale is 1 or the sizes are equal), and the mode weighs inputs around it:
``nearest`` takes one (rounded as ``nearest_mode`` says; "simple" is ceil when the axis shrinks,
else truncation), ``linear`` a triangle filter over round(c)-r .. round(c)+r normalised over the
taps inside the input (widened by 1/scale on every axis with ``antialias`` when some axis
shrinks), ``linear_onnx`` the two neighbours of c clamped into the input, ``cubic`` Keys' cubic
(``cube_coeff``) over floor(c)-1 .. floor(c)+2 clamped into the input, and the Pillow modes
Pillow's filters over (H, W) = ``axes`` (W first, then H; their coordinates are Pillow's own).
Every mode is separable and computed one axis at a time; coordinates are f32 as in OpenVINO.
With scales the output size is floor(size * scale) computed as OpenVINO does: in f32, the scale
plus 1e-6. f16/bf16 data computes in f32 and rounds once.

Interpolate-4 takes ``sizes`` and ``scales`` (the mode says which sizes the output), -11 one
``scales_or_sizes`` input (integers for sizes, floats for scales) and the Pillow modes; the
``axes`` input may be left out (all axes). Interpolate-1 declares ``axes``, ``mode``,
``align_corners`` and pads as attributes and its spec defines no coordinates: irexec computes it
as OpenVINO does (it converts it to -4): output sizes from ``target_spatial_shape``, nearest
rounding "simple", linear as linear_onnx below rank 5, coordinates align_corners with
``align_corners``, else half_pixel for linear without pads unless the input is 4-D resized over
axes 2 and 3 (asymmetric then), else asymmetric.

The spec supports linear_onnx only over the spatial axes of 2-D to 5-D data (or all axes):
irexec computes it over any axes, as the CPU plugin does. Integer data: nearest copies; the
other modes compute in f32 and round to the nearest (halves to even), clipped to the type, as the
plugin converts them; the Pillow modes store each pass of u8/i8 data rounded and clipped, as
OpenVINO's reference and the plugin do (to the nearest, halves to even, as the plugin: the
reference rounds halves away from zero).

Departures: irexec refuses Interpolate-1's "area" mode, which OpenVINO does not implement, and
pads of an Interpolate-1 on an axis it does not resize (OpenVINO's -1 leaves that dim unpadded,
the -4 it converts to pads it). Where the CPU plugin departs from the spec (``plugin`` rows): it
ignores ``antialias``; its bicubic_pillow uses a = -0.5 whatever ``cube_coeff`` says; it keeps the
first Pillow pass of f16 data in f32 (the reference stores it in f16, as irexec does).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fixed, fmt, span
from ..common import dyn_rank, int_vector, itemsize, require_array_shape
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register
from . import _interpolate as K

_COMMON_ATTRS = (
    Attr("mode", "str", choices=K.MODES[:4]),
    Attr("shape_calculation_mode", "str", choices=("sizes", "scales")),
    Attr("coordinate_transformation_mode", "str", "half_pixel", K.TRANSFORMS),
    Attr("nearest_mode", "str", "round_prefer_floor", K.NEAREST),
    Attr("antialias", "bool", False),
    Attr("pads_begin", "ints", (0,)),
    Attr("pads_end", "ints", (0,)),
    Attr("cube_coeff", "float", -0.75),
)


# ---- the rule (over partial shapes and, at run time, the actual ones) --------------------------


def _one_d(fact: Fact, what: str, port: int) -> None:
    if fact is not None and fact.shape is not None and len(fact.shape) != 1:
        raise ValidationError(f"Interpolate's {what} must be a 1-D tensor, got shape {fmt(fact.shape)}", port=port)


def output_shape(op, data_shape, axes, targets, by_scales: bool):
    """The output's (partial) shape: padded dims, the resized axes set by ``targets`` (sizes or
    scales; None: not known), and the axes (None: not known)."""
    rank = len(data_shape)
    if axes is None:
        return dyn_rank(rank)
    K.check_axes(axes, rank, op.mode)
    pb, pe = K.full_pads(op.pads_begin, rank), K.full_pads(op.pads_end, rank)
    padded = [span(d.lo + b + e, None if d.hi is None else d.hi + b + e) for d, b, e in zip(data_shape, pb, pe)]
    if targets is not None:
        targets = K.check_targets(targets, axes, "scales" if by_scales else "sizes")
    for i, a in enumerate(axes):
        if targets is None:
            padded[a] = dyn_rank(1)[0]
        else:
            padded[a] = K.scaled_dim(padded[a], targets[i]) if by_scales else fixed(int(targets[i]))
    return tuple(padded)


class _Interpolate(Op):
    """What the versions share: the rule over (data, targets, axes) and the kernel."""

    def setup(self):
        if any(p < 0 for p in self.pads_begin + self.pads_end):
            raise ValidationError(
                f"Interpolate's pads {list(self.pads_begin)}, {list(self.pads_end)} must not be negative"
            )

    @property
    def by_scales(self) -> bool:
        return self.shape_calculation_mode == "scales"

    def _facts(self, data, targets, axes_fact, has_axes: bool):
        if data.shape is None:
            return Fact(data.etype, None)
        rank = len(data.shape)
        axes = (
            list(range(rank))
            if not has_axes
            else None
            if axes_fact.value is None
            else int_vector(axes_fact.value, "axes")
        )
        value = None if targets.value is None else np.asarray(targets.value)
        out = output_shape(self, data.shape, axes, value, self.by_scales)
        if all(d.is_static for d in out):
            require_array_shape([d.lo for d in out], itemsize(data))
        return Fact(data.etype, out)

    def resize(self, data: np.ndarray, targets, axes) -> np.ndarray:
        """The kernel: pad, then each axis in turn (its taps worked out once per data shape and
        targets: a small layer spends more on them than on its data)."""
        targets = np.asarray(targets)
        axes = None if axes is None else np.asarray(axes)
        key = (
            data.shape,
            data.dtype.char,
            targets.dtype.char,
            targets.tobytes(),
            None if axes is None else (axes.dtype.char, axes.tobytes()),
        )
        out_shape, pads, axes, passes = self.memo(key, lambda: self._plan(data, targets, axes))
        x = np.pad(data, pads) if pads else data
        if passes is None:
            return np.zeros(out_shape, data.dtype)
        if self.mode == "nearest":
            for a, taps in passes:
                x = np.take(x, taps, axis=a)
            return x
        # Integers and f16/bf16 compute in f32, as the CPU plugin does (it converts them).
        x = x.astype(np.float64 if data.dtype == np.float64 else np.float32)
        if self.mode in ("bilinear_pillow", "bicubic_pillow"):
            return _to_type(self._pillow(x, axes, out_shape, data.dtype), data.dtype)
        for a, taps, w in passes:
            x = K.apply_taps(x, a, taps, w)
        return _to_type(x, data.dtype)

    def _plan(self, data, targets, axes) -> tuple:
        """(output shape, pads or None, axes, per resized axis: (axis, taps) for nearest, (axis,
        taps, weights) for the other modes; None when the output is empty)."""
        rank = data.ndim
        axes = list(range(rank)) if axes is None else int_vector(axes, "axes")
        out_shape = [d.lo for d in output_shape(self, [fixed(n) for n in data.shape], axes, targets, self.by_scales)]
        pads = list(zip(K.full_pads(self.pads_begin, rank), K.full_pads(self.pads_end, rank)))
        shape = [n + b + e for n, (b, e) in zip(data.shape, pads)]
        pads = pads if any(b or e for b, e in pads) else None
        if self.by_scales:
            scales = [K.F32(s) for s in np.asarray(targets, np.float32).reshape(-1)]
        else:
            scales = [K.F32(out_shape[a]) / K.F32(shape[a]) if shape[a] else K.F32(0) for a in axes]
        if 0 in shape or 0 in out_shape:
            return out_shape, pads, axes, None
        passes = []
        a_scale = self.antialias and self.mode == "linear" and any(s < 1 for s in scales)
        for a, s in zip(axes, scales):
            if self.mode in ("bilinear_pillow", "bicubic_pillow"):
                break  # (their own passes: see _pillow)
            n_in, n_out = shape[a], out_shape[a]
            c = K.source_coords(self.coordinate_transformation_mode, n_out, n_in, s)
            if self.mode == "nearest":
                taps = K.nearest_taps(c, self.nearest_mode, s < 1, n_in)
                if not K.is_identity(taps, n_in):
                    passes.append((a, taps))
                continue
            if K.is_identity(c, n_in):
                continue  # every output at its own input: weight 1 there, 0 at the other taps
            if self.mode == "linear":
                taps, w = K.linear_taps(c, s, n_in, s if a_scale else 1.0)
            elif self.mode == "linear_onnx":
                taps, w = K.onnx_taps(c, n_in)
            else:
                taps, w = K.cubic_taps(c, n_in, self.cube_coeff)
            taps, w = K.pruned(taps, w)
            passes.append((a, taps, w.astype(np.float64 if data.dtype == np.float64 else np.float32)))
        return out_shape, pads, axes, passes

    def _pillow(self, x, axes, out_shape, dtype):
        """W, then H; each pass is stored in the data's type, as OpenVINO's reference does (u8 and
        i8 rounded and clipped; the plugin computes wider integers in f32)."""
        if self.mode == "bilinear_pillow":
            support, kernel = 1.0, K.bilinear_kernel
        else:
            support, kernel = 2.0, K.bicubic_kernel(float(np.float32(self.cube_coeff)))
        for a in (axes[1], axes[0]):
            if x.shape[a] != out_shape[a]:
                x = K.apply_taps(x, a, *K.pruned(*K.pillow_taps(x.shape[a], out_shape[a], support, kernel)))
                if dtype in (np.dtype(np.uint8), np.dtype(np.int8)):
                    info = np.iinfo(dtype)
                    x = np.clip(np.rint(x), info.min, info.max)
                elif dtype in HALF:
                    x = x.astype(dtype).astype(x.dtype)
        return x


def _to_type(x: np.ndarray, dtype) -> np.ndarray:
    """The result in the data's type: floats round once; integers to the nearest (halves to
    even) and clipped to the type's range, as the CPU plugin converts them."""
    if dtype.kind not in "iu":
        return x.astype(dtype)
    info = np.iinfo(dtype)
    return np.clip(np.rint(x), info.min, info.max).astype(dtype)


# ---- the versions ------------------------------------------------------------------------------


# Interpolate-4's and -11's builders' parameters after the sizes or scales, as OpenVINO's take them
# (pads left None: zeros as long as the image's rank).
_BUILDER_TAIL = (
    "mode",
    "shape_calculation_mode",
    ("pads_begin", None, (0, "image")),
    ("pads_end", None, (0, "image")),
    "coordinate_transformation_mode",
    "nearest_mode",
    "antialias",
    "cube_coeff",
    "axes",
)


@register
class Interpolate4(_Interpolate):
    type, version = "Interpolate", "opset4"
    builder_args = (
        "image=data",
        "output_shape=sizes",
        "scales",
        *_BUILDER_TAIL,
    )
    spec = "image/interpolate-4"
    inputs = (
        Input("data", "numeric"),
        Input("sizes", "int", role="sizes", value=True),
        Input("scales", "float", role="scales", value=True),
        Input("axes", "int", role="axes", value=True, optional=True),
    )
    attrs = _COMMON_ATTRS

    def output_facts(self, data, sizes, scales, axes=None):
        _one_d(sizes, "sizes", 1), _one_d(scales, "scales", 2), _one_d(axes, "axes", 3)
        return self._facts(data, scales if self.by_scales else sizes, axes, axes is not None)

    def compute(self, data, sizes, scales, axes=None):
        return self.resize(data, scales if self.by_scales else sizes, axes)


@register
class Interpolate11(_Interpolate):
    type, version = "Interpolate", "opset11"
    builder_args = (
        "image=data",
        "scales_or_sizes",
        *_BUILDER_TAIL,
    )
    spec = "image/interpolate-11"
    inputs = (
        Input("data", "numeric"),
        Input("scales_or_sizes", "numeric", role="sizes", value=True),
        Input("axes", "int", role="axes", value=True, optional=True),
    )
    attrs = (Attr("mode", "str", choices=K.MODES),) + _COMMON_ATTRS[1:]

    def output_facts(self, data, targets, axes=None):
        _one_d(targets, "scales_or_sizes", 1), _one_d(axes, "axes", 2)
        et = targets.etype
        if et is not None and (et.is_float if not self.by_scales else not et.is_float):
            want = "a floating-point type with" if self.by_scales else "an integer type with"
            raise ValidationError(
                f"Interpolate's scales_or_sizes must be of {want} shape_calculation_mode="
                f"{self.shape_calculation_mode}, got {et}",
                port=1,
            )
        return self._facts(data, targets, axes, axes is not None)

    def compute(self, data, targets, axes=None):
        return self.resize(data, targets, axes)


@register
class Interpolate1(Op):
    type, version = "Interpolate", "opset1"
    builder_args = ("image=data", "output_shape=target_spatial_shape", "attrs=**")
    spec = "image/interpolate-1"
    inputs = (Input("data", "float"), Input("target_spatial_shape", "int", role="sizes", value=True))
    attrs = (
        Attr("axes", "ints"),
        Attr("mode", "str", choices=("nearest", "linear", "cubic", "area")),
        Attr("align_corners", "bool", True),
        Attr("antialias", "bool", False),
        Attr("pads_begin", "ints", ()),
        Attr("pads_end", "ints", ()),
    )

    def setup(self):
        if self.mode == "area":
            raise ValidationError("Interpolate-1 mode 'area' has no implementation in OpenVINO (irexec refuses it too)")
        if any(p < 0 for p in self.pads_begin + self.pads_end):
            raise ValidationError(
                f"Interpolate's pads {list(self.pads_begin)}, {list(self.pads_end)} must not be negative"
            )

    def as_v4(self, rank: int) -> Interpolate4:
        """The Interpolate-4 OpenVINO converts this one to (its mode and transform depend on the rank)."""
        mode = self.mode
        if mode == "linear":
            if rank > 5:
                raise ValidationError(f"Interpolate-1 mode linear takes a rank-5 input at most, got rank {rank}")
            mode = "linear_onnx" if rank < 5 else "linear"
        if self.align_corners:
            transform = "align_corners"
        elif (
            self.mode == "linear"
            and not any(self.pads_begin)
            and not any(self.pads_end)
            and not (rank == 4 and sorted(self.axes) == [2, 3])
        ):
            transform = "half_pixel"
        else:
            transform = "asymmetric"
        pads = [b or e for b, e in zip(K.full_pads(self.pads_begin, rank), K.full_pads(self.pads_end, rank))]
        off = [i for i, p in enumerate(pads) if p and i not in self.axes]
        if off:
            raise ValidationError(
                f"Interpolate-1 pads axis {off[0]}, which it does not resize (axes "
                f"{list(self.axes)}): OpenVINO gives two answers for its size"
            )
        return Interpolate4(
            mode=mode,
            shape_calculation_mode="sizes",
            coordinate_transformation_mode=transform,
            nearest_mode="simple",
            antialias=self.antialias,
            pads_begin=tuple(self.pads_begin),
            pads_end=tuple(self.pads_end),
            cube_coeff=-0.75,
        )

    def output_facts(self, data, target):
        _one_d(target, "target_spatial_shape", 1)
        if data.shape is None:
            return Fact(data.etype, None)
        axes = Fact(None, (fixed(len(self.axes)),), np.asarray(sorted(self.axes), np.int64))
        return self.as_v4(len(data.shape))._facts(data, target, axes, True)

    def compute(self, data, target):
        # The axes are a set (OpenVINO's AxisSet): the sizes go to them in increasing order.
        return self.as_v4(data.ndim).resize(data, target, np.asarray(sorted(self.axes), np.int64))
