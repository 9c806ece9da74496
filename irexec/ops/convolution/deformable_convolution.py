"""DeformableConvolution-1 and DeformableConvolution-8: a 2D convolution whose taps read the data
at learned, fractional positions.

Data ``[N, C, H, W]``, offsets ``[N, DG*KH*KW*2, OH, OW]``, filters ``[O, C/group, KH, KW]``,
(-8 only, optional) mask ``[N, DG*KH*KW, OH, OW]``; output ``[N, O, OH, OW]`` with OH, OW as
Convolution-1's (strides, pads, dilations, auto_pad; offsets and mask must have them too).
Tap ``k = (ky, kx)`` of output ``(oy, ox)`` for input channel ``c`` reads
``x[c](oy*sy - pad_y + ky*dy + dY, ox*sx - pad_x + kx*dx + dX)`` bilinearly, where the offsets'
channels are laid out ``[DG, KH*KW, 2 (y, x)]`` (channel ``g*2K + 2k`` is dY, the next one dX) and
``g = c // (C / DG)``: deformable groups split the *input* channels (as OpenVINO's reference
implementation and the CPU plugin do; the spec's words "split offsets and output" are read so).
The sample is multiplied by the mask (channel ``g*K + k``; 1 without one) and summed with the
filters as Convolution-1 sums: ``y[o] = sum_{c in group(o), k} w[o, c, k] * m_k * x(p + p_k + dp_k)``.
``group`` splits data channels and filters as GroupConvolution does.

Sampling (the spec's one sentence on bilinear_interpolation_pad, made exact as both OpenVINO
implementations compute it): with bilinear_interpolation_pad false (always for -1), a position
outside ``[0, H) x [0, W)`` reads 0, one inside reads the bilinear interpolation of its
neighbours with the next row/column clamped to the last (a position in ``(H-1, H)`` reads row
H-1). With it true, a position in ``(-1, H) x (-1, W)`` interpolates the data padded with zeros,
others read 0. A neighbour whose weight is 0 is not read (``inf * 0`` does not make NaN), as the
plugin computes; a NaN offset samples NaN. f16/bf16 compute in f32 and round once; integer types sum
in 64 bits and wrap (their offsets are whole, so no interpolation happens).

Where irexec departs from OpenVINO: data whose channels DG does not divide is refused (OpenVINO
reads it and the CPU plugin reads past its sampling tables); strides, pads and dilations are
required and must have 2 entries (OpenVINO fills them in), negative pads and auto_pad "notset" are
refused, as for Convolution-1; group and deformable_group left out are 1 (the spec's default:
OpenVINO reads them as 0 and refuses the layer).
Where the CPU plugin departs (rows in tests/cases/convolution/test_deformable_convolution.py):
with bilinear_interpolation_pad a NaN offset samples 0 (it crashes on a NaN x offset, which no
row tries); in one model, layers of the same shapes share one executor, so a second one whose
bilinear_interpolation_pad differs computes with the first one's.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, intersect, product
from ..elementwise import HALF
from ..op import Attr, Fact, Input
from ..registry import register
from ._conv import ConvBase, conv_attrs
from ._im2col import forward_pads

_NAMES = ("data", "offsets", "filters", "mask")


class _Deformable(ConvBase):
    spec = ""
    bilinear_pad = False

    def setup(self):
        super().setup()
        if self.n_spatial != 2:
            raise ValidationError(
                f"{self.type} is 2D: strides, pads_begin, pads_end and dilations must have 2 "
                f"entries, got {len(self.strides)}"
            )
        for name in ("group", "deformable_group"):
            if getattr(self, name) < 1:
                raise ValidationError(f"{name} must be positive, got {getattr(self, name)}")

    # -- the rule --

    def _channels(self, data: Fact, filt: Fact):
        c = data.shape[1] if data.shape is not None else DYN
        for name in ("group", "deformable_group"):
            n = getattr(self, name)
            if c.is_static and c.lo % n:
                raise ValidationError(f"data's {c.lo} channels are not divisible by {name}={n}", port=0)
        if filt.shape is None:
            return DYN
        out, cin = filt.shape[0], filt.shape[1]
        if out.is_static and out.lo % self.group:
            raise ValidationError(
                f"the filters' {out.lo} output channels are not divisible by group={self.group}", port=2
            )
        if not c.compatible(product((cin, fixed(self.group)))):
            raise ValidationError(
                f"data has {c} channels, the filters {fmt(filt.shape)} take group x dim 1 = {self.group} x {cin}",
                port=2,
            )
        return out

    def _per_position(self, shape: tuple, fact: Fact, port: int, per_tap: int, taps) -> tuple:
        """``shape`` (the output's) narrowed by offsets or mask ``fact``: [N, DG*K*per_tap, OH, OW]."""
        if fact is None or fact.shape is None:
            return shape
        name = _NAMES[port]
        want = product((taps, fixed(self.deformable_group * per_tap)))
        if not fact.shape[1].compatible(want):
            what = "deformable_group x kernel" + (" x 2" if per_tap == 2 else "")
            raise ValidationError(
                f"{name} {fmt(fact.shape)} have {fact.shape[1]} channels, {what} is {want}", port=port
            )
        out = list(shape)
        for i in (0, 2, 3):
            d = intersect(shape[i], fact.shape[i])
            if d is None:
                what = "batch" if i == 0 else "spatial dims"
                raise ValidationError(
                    f"{name} {fmt(fact.shape)} and the output {fmt(shape)} differ in their {what}", port=port
                )
            out[i] = d
        return tuple(out)

    def output_facts(self, data, offsets, filters, mask=None):
        for port, fact in enumerate((data, offsets, filters, mask)):
            if fact is not None and fact.shape is not None and len(fact.shape) != 4:
                raise ValidationError(
                    f"{self.type}'s {_NAMES[port]} must have rank 4, got {fmt(fact.shape)}", port=port
                )
        if filters.shape is not None and any(k.hi == 0 for k in filters.shape[2:]):
            raise ValidationError(f"{self.type}'s kernel {fmt(filters.shape)} has an empty spatial dim", port=2)
        shape = self.conv_facts(data, filters).shape
        taps = product(filters.shape[2:]) if filters.shape is not None else DYN
        shape = self._per_position(shape, offsets, 1, 2, taps)
        shape = self._per_position(shape, mask, 3, 1, taps)
        return Fact(data.etype or filters.etype, shape)

    # -- the kernel --

    def compute(self, data, offsets, filters, mask=None):
        pads, _ = forward_pads(
            data.shape[2:],
            filters.shape[2:],
            self.strides,
            self.dilations,
            self.pads_begin,
            self.pads_end,
            self.auto_pad,
        )
        acc = (
            np.dtype(np.int64)
            if data.dtype.kind in "iu"
            else np.dtype(np.float32)
            if data.dtype in HALF
            else data.dtype
        )
        with np.errstate(all="ignore"):  # integer sums wrap; NaN and inf offsets read nothing
            out = deformable(
                data.astype(acc),
                filters.astype(acc),
                offsets.astype(acc),
                None if mask is None else mask.astype(acc),
                self.strides,
                self.dilations,
                pads,
                self.group,
                self.deformable_group,
                self.bilinear_pad,
            )
        return out.astype(data.dtype)


def _axis(p: np.ndarray, size: int, bilinear_pad: bool) -> tuple:
    """Along one axis, for positions ``p``: the two neighbours' indices into the data padded by one
    zero on each side, and their weights; a neighbour of weight 0 (outside the data, or not
    needed) is sent to the padding's index 0."""
    lo = np.floor(p) if p.dtype.kind == "f" else p
    if bilinear_pad:
        t = np.trunc(p) if p.dtype.kind == "f" else p
        inside = (t > -1) & (t < size)
        hi = lo + 1
    else:
        inside = (p >= 0) & (p < size)
        hi = np.minimum(np.ceil(p) if p.dtype.kind == "f" else p, size - 1)
    w_hi = p - lo
    w_lo = 1 - w_hi
    w_lo = np.where(inside & (lo >= 0), w_lo, 0).astype(p.dtype, copy=False)
    w_hi = np.where(inside & (hi < size), w_hi, 0).astype(p.dtype, copy=False)
    i_lo = np.where(w_lo != 0, lo + 1, 0).astype(np.intp)
    i_hi = np.where(w_hi != 0, hi + 1, 0).astype(np.intp)
    if p.dtype.kind == "f":
        # A NaN position samples NaN (its neighbour is the padding's 0, weighted NaN).
        w_lo[np.isnan(p)] = np.nan
    return (i_lo, w_lo), (i_hi, w_hi)


def deformable(x, w, offsets, mask, strides, dilations, pads, group, dg, bilinear_pad):
    """The deformable convolution of ``x [N, C, H, W]`` (all inputs in one computing type)."""
    n, c, h, wd = x.shape
    o, ci, kh, kw = w.shape
    oh, ow = offsets.shape[2:]
    k, p = kh * kw, oh * ow
    # Every sampling position at once: [N, DG, K, OH, OW] per axis.
    off = offsets.reshape(n, dg, k, 2, oh, ow)
    ky, kx = np.divmod(np.arange(k), kw)
    base_y = (np.arange(oh) * strides[0] - pads[0])[None, :, None] + (ky * dilations[0])[:, None, None]
    base_x = (np.arange(ow) * strides[1] - pads[1])[None, None, :] + (kx * dilations[1])[:, None, None]
    ys = _axis(off[:, :, :, 0] + base_y.astype(off.dtype), h, bilinear_pad)
    xs = _axis(off[:, :, :, 1] + base_x.astype(off.dtype), wd, bilinear_pad)
    m = None if mask is None else mask.reshape(n, dg, k, oh, ow)
    # The data padded by one zero all round, flattened: a neighbour's value is one np.take.
    xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    plane = (h + 2) * (wd + 2)
    per = c // dg
    chan = (np.arange(n * c) * plane).reshape(n, dg, per, 1)
    cols = np.zeros((n, dg, per, k * p), x.dtype)
    flat = xp.reshape(-1)
    for iy, wy in ys:
        for ix, wx in xs:
            weight = wy * wx if m is None else wy * wx * m
            where = (iy * (wd + 2) + ix).reshape(n, dg, 1, k * p)
            cols += np.take(flat, chan + where) * weight.reshape(n, dg, 1, k * p)
    # [N, C, K, P] -> [N, G, Ci*K, P], one matmul with the filters [G, O/G, Ci*K].
    cols = cols.reshape(n, group, ci * k, p)
    out = np.matmul(w.reshape(group, o // group, ci * k), cols)
    return out.reshape(n, o, oh, ow)


_INPUTS = (
    Input("data", "numeric"),
    Input("offsets", "numeric", same_as="data"),
    Input("filters", "numeric", same_as="data"),
)
_GROUPS = (Attr("group", "int", 1), Attr("deformable_group", "int", 1))


@register
class DeformableConvolution(_Deformable):
    type, version = "DeformableConvolution", "opset1"
    builder_args = (
        "data",
        "deformable_values=offsets",
        "filters",
        "strides",
        "pads_begin",
        "pads_end",
        "dilations",
        ("auto_pad", "EXPLICIT"),
        "group",
        "deformable_group",
    )
    spec = "convolution/deformable-convolution-1"
    inputs = _INPUTS
    attrs = conv_attrs(backprop=False) + _GROUPS


@register
class DeformableConvolution8(_Deformable):
    type, version = "DeformableConvolution", "opset8"
    builder_args = (
        "data",
        "offsets",
        "filters",
        "strides",
        "pads_begin",
        "pads_end",
        "dilations",
        "mask",
        ("auto_pad", "EXPLICIT"),
        "group",
        "deformable_group",
        "bilinear_interpolation_pad",
    )
    spec = "convolution/deformable-convolution-8"
    inputs = _INPUTS + (Input("mask", "numeric", same_as="data", optional=True),)
    attrs = conv_attrs(backprop=False) + _GROUPS + (Attr("bilinear_interpolation_pad", "bool", False),)

    def setup(self):
        super().setup()
        self.bilinear_pad = self.bilinear_interpolation_pad
