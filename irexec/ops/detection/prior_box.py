"""PriorBox-1 and PriorBox-8: the prior (default) boxes of an SSD head, for every cell of an
``output_size`` = [H, W] grid over an image of ``image_size`` = [IH, IW]. The output is f32
``[2, 4 * H * W * P]``: row 0 the boxes (xmin, ymin, xmax, ymax) of each cell in row-major
order, P per cell, row 1 their variances (``variance``: 4 values, or 1 repeated, 0.1 if none).

The spec's formulas are loose (they halve ``center - s`` and ignore most attributes); irexec
computes what OpenVINO's reference and CPU plugin compute, in f32 and in their order:

- centers: with ``step`` 0, ``(w + 0.5) * IW / W`` (and likewise y); else ``(w + offset) * step``.
  With ``scale_all_sizes`` false (MXNet) ``step`` and ``min_size`` are first multiplied by IH
  (a step of -1 becomes IH / H), and ``max_size`` is ignored (the spec says so; OpenVINO's
  kernels still write its boxes, past the end of the output).
- the aspect ratios: 1, then each of ``aspect_ratio`` not within 1e-6 of one already listed,
  followed by its inverse with ``flip``.
- per cell, first for each ``fixed_size`` s (with ``density`` d: a d x d grid of centers shifted
  by ``int(s / d)`` inside the s x s square): the boxes of each ``fixed_ratio``, or else a
  square of ``int(s)`` then the boxes of each aspect ratio other than 1; these are cut at 0
  below and 1 above even without ``clip``. Then for each ``min_size`` m: the square m, the
  square ``sqrt(m * max_size)``, and the boxes ``m * sqrt(r)`` by ``m / sqrt(r)`` of each
  aspect ratio r other than 1 (with ``scale_all_sizes`` false only after the last m, from the
  first). PriorBox-8's ``min_max_aspect_ratios_order`` false puts the max square after the
  aspect-ratio boxes.
  The shifted centers start from ``center - int(s) / 2`` (in f32, as the plugin's kernel does;
  OpenVINO's constant folding, its reference, halves ``int(s)`` in integers, half a pixel off
  for odd sizes).
- coordinates are ``(center -+ half size) * (1 / IW)`` (a product by the reciprocal, as the plugin
  computes it), then clipped to [0, 1] with ``clip``.

The CPU plugin compiles PriorBox-8 with ``min_max_aspect_ratios_order`` false only when it can fold
it (constant inputs).

The output's length is OpenVINO's count of priors per cell, which for some attribute
combinations differs from the boxes the kernel writes (e.g. ``fixed_size`` with no ``density``,
or ``max_size`` longer than ``min_size``): OpenVINO leaves part of the output uninitialised or
writes past it, irexec refuses the attributes. It also refuses aspect ratios and densities that
are not positive, negative variances, and a variance of 2 or 3 values (the CPU plugin refuses
those too). ``offset`` is required (the spec says so; OpenVINO reads a missing one as 0).

The size inputs' values set the output's length: with a run-time output_size the rule leaves it
unknown and the run sizes it. image_size must be positive (irexec refuses; the plugin divides by
it).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed
from ...types import element_type
from ..common import require_array_shape
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._common import (
    F32,
    check_variance,
    f32,
    floats,
    grid_size,
    image_dims,
    require_positive_list,
    two_sizes_rule,
    variance_rows,
)

_F32_TYPE = element_type("f32")


def aspect_ratios(ratios, flip: bool) -> list:
    """The kernel's list: 1, then each new ratio (and its inverse with flip), in f32."""
    out = [F32(1.0)]
    for r in map(F32, ratios):
        if any(abs(float(r - e)) < 1e-6 for e in out):
            continue
        out.append(r)
        if flip:
            out.append(F32(1.0) / r)
    return out


def number_of_priors(op) -> int:
    """OpenVINO's count of priors per cell (it sizes the output): aspect ratios counted as a set
    rounded to 1e-6."""
    ratios = {round(float(r), 6) for r in op.aspect_ratio}
    if op.flip:
        ratios |= {round(1.0 / float(r), 6) for r in op.aspect_ratio}
    total = len(ratios | {1.0})
    n = total * len(op.min_size) + len(op.max_size) if op.scale_all_sizes else total + len(op.min_size) - 1
    if op.fixed_size:
        n = total * len(op.fixed_size)
    for d in op.density:
        n += (len(op.fixed_ratio) if op.fixed_ratio else total) * (int(d) ** 2 - 1)
    return n


class _PriorBox(Op):
    builder_args = ("layer_shape=output_size", "image_shape=image_size", "attrs=**")
    spec = "detection/prior-box-1"
    inputs = (
        Input("output_size", "int", role="shape", value=True),
        Input("image_size", "int", role="shape", value=True),
    )
    attrs = (
        floats("min_size"),
        floats("max_size"),
        floats("aspect_ratio"),
        Attr("flip", "bool", False),
        Attr("clip", "bool", False),
        Attr("step", "float", 0.0),
        Attr("offset", "float"),
        floats("variance"),
        Attr("scale_all_sizes", "bool", True),
        floats("fixed_ratio"),
        floats("fixed_size"),
        floats("density"),
    )
    minmax_order = True

    def setup(self):
        require_positive_list("aspect_ratio", self.aspect_ratio)
        require_positive_list("density", self.density)
        require_positive_list("fixed_size", self.fixed_size)
        require_positive_list("fixed_ratio", self.fixed_ratio)
        check_variance(self.variance)
        if (
            self.fixed_size
            and len(self.density) < len(self.fixed_size)
            and (self.density or self.fixed_ratio or len(self.ratios) > 1)
        ):
            raise ValidationError(
                f"PriorBox needs a density for each of the {len(self.fixed_size)} fixed sizes, got {len(self.density)}"
            )
        if any(int(d) < 1 for d in self.density):
            raise ValidationError(f"PriorBox densities must be 1 or more, got {list(self.density)}")
        self.priors = number_of_priors(self)
        written = len(self._specs(1.0)[0])
        if written != self.priors:
            raise ValidationError(
                f"these PriorBox attributes make {written} boxes per cell, but OpenVINO sizes "
                f"the output for {self.priors} (it would leave some uninitialised or write "
                f"past the output)"
            )

    @property
    def ratios(self) -> list:
        return aspect_ratios(self.aspect_ratio, self.flip)

    def output_facts(self, output_size, image_size):
        two_sizes_rule(self, output_size, image_size)
        if output_size.value is None:
            return Fact(_F32_TYPE, (fixed(2), DYN))
        h, w = grid_size(output_size.value)
        n = 4 * h * w * self.priors
        require_array_shape((2, n), 4)
        return Fact(_F32_TYPE, (fixed(2), fixed(n)))

    # ---- the boxes of one cell ----

    def _specs(self, ih: float) -> tuple:
        """The boxes of a cell, as f32 arrays: half width, half height, and for the fixed-size
        boxes (which are cut at [0, 1]) the center shifts: subtracted, added, then added per
        column (x) and per row (y)."""
        rows = []  # (half_w, half_h, fixed, sub, add, add_x, add_y)
        ratios = [r for r in self.ratios if abs(float(r) - 1.0) >= 1e-6]
        for k, s in enumerate(map(F32, self.fixed_size)):
            s_int = int(s)
            half_int = F32(s_int) * F32(0.5)
            d = int(self.density[k]) if k < len(self.density) else 0
            shift = int(s / F32(d)) if d else 0

            def grid(hw, hh):
                for r in range(d):  # noqa: B023 (called within this iteration)
                    for c in range(d):  # noqa: B023 (called within this iteration)
                        rows.append(
                            (hw, hh, True, F32(s_int) / F32(2), F32(shift) / F32(2), F32(c * shift), F32(r * shift))  # noqa: B023 (called within this iteration)
                        )

            if self.fixed_ratio:
                for fr in map(F32, self.fixed_ratio):
                    sq = np.sqrt(fr)
                    grid(s * F32(0.5) * sq, s * F32(0.5) / sq)
            else:
                if self.density:
                    grid(half_int, half_int)
                for ar in ratios:
                    sq = np.sqrt(ar)
                    grid(s * F32(0.5) * sq, s * F32(0.5) / sq)
        mins = [F32(m) for m in self.min_size]
        maxs = [F32(m) for m in self.max_size] if self.scale_all_sizes else []
        if not self.scale_all_sizes:
            mins = [m * F32(ih) for m in mins]
        for i, m in enumerate(mins):
            plain = [(m * F32(0.5), m * F32(0.5))]
            big = [(np.sqrt(m * maxs[i]) * F32(0.5),) * 2] if i < len(maxs) else []
            boxes = []
            if self.scale_all_sizes or i == len(mins) - 1:
                base = mins[i] if self.scale_all_sizes else mins[0]
                boxes = [(base * F32(0.5) * np.sqrt(ar), base * F32(0.5) / np.sqrt(ar)) for ar in ratios]
            for hw, hh in plain + (big + boxes if self.minmax_order else boxes + big):
                rows.append((hw, hh, False, F32(0), F32(0), F32(0), F32(0)))
        cols = list(zip(*rows)) if rows else [()] * 7
        return tuple(np.asarray(c, bool if j == 2 else F32) for j, c in enumerate(cols))

    # ---- the grid ----

    def compute(self, output_size, image_size):
        h, w = grid_size(output_size)
        ih, iw = image_dims(image_size)
        if h == 0 or w == 0:  # (no cell, no box: and the other dim's size, however large, is never used)
            return np.zeros((2, 0), F32)
        half_w, half_h, cut, sub, add, add_x, add_y = self._specs(ih)
        step = F32(self.step)
        if not self.scale_all_sizes:
            with np.errstate(divide="ignore"):
                step = F32(ih) / F32(h) if step == -1 else step * F32(ih)
        if step == 0:
            with np.errstate(divide="ignore"):  # (an empty grid has no centers to place)
                sx, sy = F32(iw) / F32(w), F32(ih) / F32(h)
            cx = (np.arange(w, dtype=F32) + F32(0.5)) * sx
            cy = (np.arange(h, dtype=F32) + F32(0.5)) * sy
        else:
            cx = (f32(self.offset) + np.arange(w, dtype=F32)) * step
            cy = (f32(self.offset) + np.arange(h, dtype=F32)) * step
        # [cells, P] centers; the fixed-size boxes' centers are shifted one f32 step at a time.
        p = len(half_w)
        cx = np.broadcast_to(cx[None, :, None], (h, w, p)).reshape(h * w, p)
        cy = np.broadcast_to(cy[:, None, None], (h, w, p)).reshape(h * w, p)
        cx = np.where(cut, ((cx - sub) + add) + add_x, cx)
        cy = np.where(cut, ((cy - sub) + add) + add_y, cy)
        inv_w, inv_h = F32(1) / F32(iw), F32(1) / F32(ih)
        box = np.stack(
            [(cx - half_w) * inv_w, (cy - half_h) * inv_h, (cx + half_w) * inv_w, (cy + half_h) * inv_h], axis=-1
        )
        # The fixed-size boxes are cut at 0 below and 1 above (a NaN becomes 0 and 1 there).
        lo = np.where(box[..., :2] > 0, box[..., :2], F32(0))
        hi = np.where(box[..., 2:] < 1, box[..., 2:], F32(1))
        box = np.where(cut[:, None], np.concatenate([lo, hi], axis=-1), box)
        if self.clip:
            box = np.minimum(np.maximum(box, F32(0)), F32(1))
        count = h * w * p
        return np.stack([box.reshape(-1).astype(F32), variance_rows(self.variance, count)])


@register
class PriorBox1(_PriorBox):
    type, version = "PriorBox", "opset1"


@register
class PriorBox8(_PriorBox):
    type, version = "PriorBox", "opset8"
    spec = "detection/prior-box-8"
    attrs = _PriorBox.attrs + (Attr("min_max_aspect_ratios_order", "bool", True),)

    @property
    def minmax_order(self) -> bool:
        return self.min_max_aspect_ratios_order
