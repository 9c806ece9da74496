"""What the four convolutions share: their attributes, the window and padding arithmetic over
partial shapes (as OpenVINO's convolution_shape_inference headers do it), and the kernels.

Layouts: data ``[N, C, *S]``; the kernels take filters in one grouped form, ``[G, C_OUT, C_IN,
*K]`` for the forward ops and ``[G, C_IN, C_OUT, *K]`` for the backprop ones (Convolution's and
ConvolutionBackpropData's filters are the ``G == 1`` case).

Forward: ``out[n, g*Co + o, y] = sum_{c, k} w[g, o, c, k] * xpad[n, g*Ci + c, y*s + k*d]``, one
batched BLAS matmul over an im2col matrix (a strided view of the padded input, copied once; a 1x1
kernel's is the data itself).
Backprop data is its adjoint: one matmul of the data with the filters to per-tap columns, then
a scatter-add of each tap into a strided slice of the full output, cropped by the pads.
Floats of 16 bits compute in f32 and round once; integers accumulate in 64 bits and wrap.
"""

from __future__ import annotations

from ...errors import ValidationError
from ...shapes import DYN, Dim, fixed, fmt, intersect, product, span
from ..common import require_array_shape
from ..op import REQUIRED, Attr, Fact, Op

AUTO_PADS = ("explicit", "valid", "same_upper", "same_lower")
SAME = ("same_upper", "same_lower")


def conv_attrs(backprop: bool) -> tuple:
    """The attributes: Convolution's spec requires all four lists; the backprop specs say pads
    may be left out (then zeros) and add output_padding (default zeros)."""
    pads = () if backprop else REQUIRED
    out = (
        Attr("strides", "ints"),
        Attr("pads_begin", "ints", pads),
        Attr("pads_end", "ints", pads),
        Attr("dilations", "ints"),
        Attr("auto_pad", "str", "explicit", AUTO_PADS),
    )
    return out + ((Attr("output_padding", "ints", ()),) if backprop else ())


# ---- interval arithmetic on dims (OpenVINO's Dimension rules, bounds clipped at 0) -------------


def _dim(lo: int, hi) -> Dim:
    return span(max(lo, 0), None if hi is None else max(hi, 0))


def dilated(k: Dim, d: int) -> Dim:
    """The extent of a kernel dim ``k`` dilated by ``d``: (k - 1) * d + 1."""
    return _dim(max(k.lo - 1, 0) * d + 1, None if k.hi is None else max(k.hi - 1, 0) * d + 1)


def forward_dim(x: Dim, k: Dim, s: int, d: int, pb: int, pe: int, same: bool, axis: int) -> Dim:
    """One spatial output dim of a forward convolution."""
    if same:
        return _dim(-(-x.lo // s), None if x.hi is None else -(-x.hi // s))
    padded = Dim(x.lo + pb + pe, None if x.hi is None else x.hi + pb + pe)
    kd = dilated(k, d)
    if padded.is_static and kd.is_static and kd.lo > padded.lo:
        raise ValidationError(
            f"the dilated kernel ({kd.lo}) is larger than the padded data ({padded.lo}) along spatial axis {axis}"
        )
    lo = max(padded.lo - (kd.hi if kd.hi is not None else padded.lo), 0) // s + 1
    hi = None if padded.hi is None else max(padded.hi - kd.lo, 0) // s + 1
    return _dim(lo, hi)


def backward_dim(x: Dim, k: Dim, s: int, d: int, shift: int, axis: int) -> Dim:
    """One spatial output dim of a backprop convolution: (x - 1) * s + dilated(k) + shift, where
    ``shift`` is output_padding - pads_begin - pads_end."""
    kd = dilated(k, d)
    lo = max(x.lo - 1, 0) * s + kd.lo + shift
    hi = None if x.hi is None or kd.hi is None else max(x.hi - 1, 0) * s + kd.hi + shift
    if hi is not None and hi < 0:
        raise ValidationError(
            f"the output would have a negative size ({hi}) along spatial axis {axis}: "
            f"the pads crop more than the output has"
        )
    return _dim(lo, hi)


# ---- the shared op base ------------------------------------------------------------------------


class ConvBase(Op):
    """A convolution. ``grouped``: filters have a leading groups dim; ``backprop``: the adjoint
    (filters ``[C_IN, C_OUT, ...]``, an optional output_shape input, output_padding)."""

    grouped = False
    backprop = False

    def setup(self):
        lists = {"strides": self.strides, "dilations": self.dilations}
        if self.backprop:
            # Pads and output_padding left out are zeros, as many as the other lists have.
            n = len(self.strides)
            for name in ("pads_begin", "pads_end", "output_padding"):
                if not getattr(self, name):
                    setattr(self, name, (0,) * n)
            lists["output_padding"] = self.output_padding
        lists.update(pads_begin=self.pads_begin, pads_end=self.pads_end)
        lengths = {len(v) for v in lists.values()}
        if len(lengths) > 1:
            raise ValidationError(
                "strides, dilations, pads_begin, pads_end"
                + (", output_padding" if self.backprop else "")
                + " must have one entry per spatial axis each, got "
                + ", ".join(f"{k}={','.join(map(str, v))}" for k, v in lists.items())
            )
        if not self.strides:
            raise ValidationError("strides must have one entry per spatial axis, got none")
        for name in ("strides", "dilations"):
            if any(v < 1 for v in lists[name]):
                raise ValidationError(f"{name} must be positive, got {','.join(map(str, lists[name]))}")
        checked = ("pads_begin", "pads_end") if self.auto_pad == "explicit" else ()
        for name in checked + (("output_padding",) if self.backprop else ()):
            if any(v < 0 for v in lists[name]):
                raise ValidationError(f"{name} must not be negative, got {','.join(map(str, lists[name]))}")
        self.n_spatial = len(self.strides)

    # -- the rule --

    def _check_shapes(self, data: Fact, filt: Fact) -> None:
        n, extra = self.n_spatial, 1 + self.grouped
        if data.shape is not None and len(data.shape) != n + 2:
            if len(data.shape) not in (3, 4, 5):
                raise ValidationError(f"{self.type}'s data must have rank 3, 4 or 5, got {fmt(data.shape)}", port=0)
            raise ValidationError(
                f"data {fmt(data.shape)} has {len(data.shape) - 2} spatial axes, the attributes "
                f"{n} (strides={','.join(map(str, self.strides))})",
                port=0,
            )
        if filt.shape is not None and len(filt.shape) != n + 1 + extra:
            raise ValidationError(
                f"{self.type}'s filters must have rank {n + 1 + extra} ({n} spatial axes"
                + (", a groups dim" if self.grouped else "")
                + f"), got {fmt(filt.shape)}",
                port=1,
            )
        if filt.shape is not None and any(k.hi == 0 for k in filt.shape[-n:]):
            raise ValidationError(f"{self.type}'s kernel {fmt(filt.shape)} has an empty spatial dim", port=1)

    def _channels(self, data: Fact, filt: Fact) -> Dim:
        """The output channels, after checking the filters' input channels against data's."""
        if filt.shape is None:
            return DYN
        c = data.shape[1] if data.shape is not None else DYN
        # The filters' input-channel dim (after the groups dim, if any), and their output channels.
        at = self.grouped + (0 if self.backprop else 1)
        cin, cout = filt.shape[at], filt.shape[self.grouped + (1 if self.backprop else 0)]
        which = f"dim {at}"
        if not self.grouped:
            if not c.compatible(cin):
                raise ValidationError(
                    f"data has {c} channels, the filters {fmt(filt.shape)} take {cin} ({which})", port=1
                )
            return cout
        groups = filt.shape[0]
        if c.is_static and groups.is_static and groups.lo and c.lo % groups.lo:
            raise ValidationError(f"{groups.lo} groups (filters dim 0) do not divide the {c.lo} data channels", port=1)
        if c.is_static and cin.is_static:
            if cin.lo == 0 or c.lo % cin.lo or intersect(groups, fixed(c.lo // cin.lo)) is None:
                raise ValidationError(
                    f"data has {c} channels, the filters {fmt(filt.shape)} take groups x {which} = {groups} x {cin}",
                    port=1,
                )
            groups = intersect(groups, fixed(c.lo // cin.lo))
        elif c.is_static and groups.is_static and cin.hi is not None and groups.lo * cin.hi < c.lo:
            raise ValidationError(
                f"data has {c} channels, the filters {fmt(filt.shape)} take at most {groups.lo * cin.hi}", port=1
            )
        return product((groups, cout))

    def spatial_rule(self, data: Fact, filt: Fact, out_values=None) -> tuple:
        """The output's spatial dims (``out_values``: a backprop's output_shape, None where unknown)."""
        n = self.n_spatial
        xs = data.shape[2:] if data.shape is not None else (DYN,) * n
        ks = filt.shape[-n:] if filt.shape is not None else (DYN,) * n
        if self.backprop:
            if out_values is not None:
                return tuple(DYN if v is None else fixed(v) for v in out_values)
            explicit = self.auto_pad == "explicit"
            return tuple(
                backward_dim(x, k, s, d, op - (pb + pe if explicit else 0), i)
                for i, (x, k, s, d, pb, pe, op) in enumerate(
                    zip(xs, ks, self.strides, self.dilations, self.pads_begin, self.pads_end, self.output_padding)
                )
            )
        explicit = self.auto_pad == "explicit"
        return tuple(
            forward_dim(x, k, s, d, pb * explicit, pe * explicit, self.auto_pad in SAME, i)
            for i, (x, k, s, d, pb, pe) in enumerate(
                zip(xs, ks, self.strides, self.dilations, self.pads_begin, self.pads_end)
            )
        )

    def conv_facts(self, data: Fact, filt: Fact, out_values=None) -> Fact:
        self._check_shapes(data, filt)
        if self.backprop and data.shape is not None and any(x.hi == 0 for x in data.shape[2:]):
            raise ValidationError(f"{self.type}'s data {fmt(data.shape)} has an empty spatial dim", port=0)
        batch = data.shape[0] if data.shape is not None else DYN
        shape = (batch, self._channels(data, filt)) + self.spatial_rule(data, filt, out_values)
        if all(d.is_static for d in shape):
            require_array_shape([d.lo for d in shape], data.etype.dtype.itemsize if data.etype else 1)
        return Fact(data.etype or filt.etype, shape)
