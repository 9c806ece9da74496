"""Pad-1 and Pad-12: the data grown (or, in Pad-12, cut) at both ends of each axis by
``pads_begin[i]`` and ``pads_end[i]`` elements: output dim i is ``pads_begin[i] + dim + pads_end[i]``,
and output position o along it reads the data at ``o - pads_begin[i]``, extended past the ends by
``pad_mode``: "constant" (``pad_value``, 0 when the input is left out), "edge" (the nearest
element), "reflect" (mirrored about the end element, which is not repeated) or "symmetric"
(mirrored including it). Both pads lists have one entry per data dim, of any integer type;
``pad_value`` is a scalar of the data's type (ignored by modes other than constant).

The modes' bounds, as the spec and OpenVINO set them: reflect needs each pad below the dim,
symmetric each pad at most the dim, and edge a dim of 1 or more where it pads. Pad-12 takes
negative pads, which remove elements from that end; irexec refuses a pad that removes more
elements than the dim has, or an output dim below 0 (the CPU plugin's output is garbage or it
crashes there).

With constant pads, the CPU plugin pads with 0 instead of a ``pad_value`` that arrives at run
time (with the pads at run time too, it takes the pad_value). It refuses to compile a Pad of a
scalar (empty pads), which irexec runs (the output is the data).

``pad_mode`` has no default in the spec: irexec refuses a layer without it, which OpenVINO reads
as "constant". Pad-1's pads are non-negative, as its spec says: irexec refuses a negative one,
where OpenVINO reads the layer and the CPU plugin crops as Pad-12 does.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import span
from ..common import dyn_rank, int_vector, itemsize, require_array_shape
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._axes import length, require_rank

MODES = ("constant", "edge", "reflect", "symmetric")


class _PadBase(Op):
    builder_args = ("arg=data", "pads_begin", "pads_end", "pad_mode", "arg_pad_value=pad_value")
    inputs = (
        Input("data"),
        Input("pads_begin", "int", role="sizes", value=True),
        Input("pads_end", "int", role="sizes", value=True),
        Input("pad_value", same_as="data", optional=True),
    )
    attrs = (Attr("pad_mode", "str", choices=MODES),)
    negative_pads = False  # whether a pad may be negative (cropping): Pad-12

    def check_pads(self, rank: int, begin: list, end: list) -> None:
        """What the pads' values alone show: one per dim, and (Pad-1) none negative."""
        for name, pads in (("pads_begin", begin), ("pads_end", end)):
            if len(pads) != rank:
                raise ValidationError(f"Pad's {name} {pads} must have one entry per data dim ({rank})")
            if not self.negative_pads and any(p < 0 for p in pads):
                raise ValidationError(f"Pad-1's {name} {pads} must not be negative (Pad-12 crops)")

    def padded_dim(self, d, b: int, e: int, axis: int):
        """The output dim for a data dim ``d`` (a Dim) padded by ``b`` and ``e``; checks the
        mode's bounds where the dim is static."""
        if d.is_static:
            n = d.lo
            where = f"at axis {axis} (dim {n}, pads {b} and {e})"
            mode = self.pad_mode
            if mode == "reflect" and not (b < n and e < n):
                raise ValidationError(f"Pad mode 'reflect' needs each pad below the dim {where}")
            if mode == "symmetric" and not (b <= n and e <= n):
                raise ValidationError(f"Pad mode 'symmetric' needs each pad at most the dim {where}")
            if mode == "edge" and n == 0 and (b > 0 or e > 0):
                raise ValidationError(f"Pad mode 'edge' cannot pad an empty dim {where}")
            if -b > n or -e > n or b + n + e < 0:
                raise ValidationError(f"Pad removes more elements than the dim has {where}")
        s = b + e
        if d.hi is not None and d.hi + s < 0:
            raise ValidationError(f"Pad removes more elements than dim {d} has at axis {axis} (pads {b} and {e})")
        return span(max(0, d.lo + s), None if d.hi is None else d.hi + s)

    def output_facts(self, data, begin, end, pad_value=None):
        if pad_value is not None and self.pad_mode == "constant":
            require_rank(pad_value, (0,), "Pad", "pad_value", 3, "a scalar")
        require_rank(begin, (1,), "Pad", "pads_begin", 1, "a 1-D tensor")
        require_rank(end, (1,), "Pad", "pads_end", 2, "a 1-D tensor")
        if data.shape is None:
            return Fact(data.etype, None)
        rank = len(data.shape)
        for port, (name, fact) in enumerate((("pads_begin", begin), ("pads_end", end)), 1):
            n = length(fact)
            if n is not None and n != rank:
                raise ValidationError(
                    f"Pad's {name} has {n} entries for a rank-{rank} input: it needs one per dim", port=port
                )
        if begin.value is None or end.value is None:
            return Fact(data.etype, dyn_rank(rank))
        b, e = int_vector(begin.value, "pads_begin"), int_vector(end.value, "pads_end")
        self.check_pads(rank, b, e)
        out = tuple(self.padded_dim(d, bi, ei, i) for i, (d, bi, ei) in enumerate(zip(data.shape, b, e)))
        if all(d.is_static for d in out):
            require_array_shape([d.lo for d in out], itemsize(data), "the Pad output")
        return Fact(data.etype, out)

    def compute(self, data, begin, end, pad_value=None):
        data = np.asarray(data)
        b, e = int_vector(begin, "pads_begin"), int_vector(end, "pads_end")
        shape = data.shape
        out_shape = tuple(n + bi + ei for n, bi, ei in zip(shape, b, e))
        if self.pad_mode == "constant":
            out = np.zeros(out_shape, data.dtype)
            if pad_value is not None:
                out[...] = np.asarray(pad_value).reshape(())
            # Output o reads data[o - b]: the data's part that lands inside the output, per axis.
            src = tuple(slice(max(0, -bi), max(max(0, -bi), min(n, o - bi))) for n, bi, o in zip(shape, b, out_shape))
            dst = tuple(slice(s.start + bi, s.stop + bi) for s, bi in zip(src, b))
            out[dst] = data[src]
            return out
        return data[np.ix_(*(self._positions(n, bi, o) for n, bi, o in zip(shape, b, out_shape)))]

    def _positions(self, n: int, b: int, o: int) -> np.ndarray:
        """The data position each output position along one axis reads (edge, reflect, symmetric)."""
        c = np.arange(o, dtype=np.int64) - b
        if self.pad_mode == "edge":
            return np.clip(c, 0, n - 1)
        fold = 1 if self.pad_mode == "symmetric" else 0  # symmetric repeats the end element
        c = np.where(c < 0, -c - fold, c)
        return np.where(c >= n, 2 * n - 2 - c + fold, c)


@register
class Pad1(_PadBase):
    type, version = "Pad", "opset1"
    spec = "movement/pad-1"


@register
class Pad12(_PadBase):
    type, version = "Pad", "opset12"
    spec = "movement/pad-12"
    negative_pads = True
