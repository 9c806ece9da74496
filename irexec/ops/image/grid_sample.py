"""GridSample-9: ``out[n, c, i, j]`` samples ``data[n, c]`` ([N, C, H, W]) at the point
``grid[n, i, j] = (x, y)`` ([N, H_out, W_out, 2]), x and y normalised to [-1, 1] and mapped to
pixel coordinates::

    align_corners true:    px = (x + 1) * (W - 1) / 2          (-1, 1: the centres of the edge pixels)
    align_corners false:   px = ((x + 1) * W - 1) / 2          (-1, 1: the outer edges of the image)

(py alike over H), then read as ``mode`` says: ``bilinear`` weighs the 2x2 pixels around the
point (1 - f, f for the fraction f of each coordinate), ``bicubic`` the 4x4 pixels from floor - 1
to floor + 2 with Keys' cubic weights (a = -0.75) of the distance, ``nearest`` takes the pixel at
the coordinates rounded to the nearest, halves to even. Each pixel index outside the image reads
as ``padding_mode`` says: ``zeros`` 0; ``border`` the nearest pixel of the image (the index
clamped); ``reflection`` the index reflected about the image's edges until it falls inside: about
the edge pixels' outer borders (-1 is 0, W is W - 1) without align_corners, about their centres
(-1 is 1, W is W - 2) with it. Padding applies to each pixel index the filter reads, as in
OpenVINO's reference and the CPU plugin (PyTorch pads the coordinate itself, which gives other
values with bicubic border and reflection).

The output has data's type; the coordinates and weights are f32 (f64 when data or grid is f64)
and f16/bf16 data computes in f32 and rounds once. Integer data: the weighed sum is truncated
toward zero, as OpenVINO's reference converts it (then clipped to the type). An empty image
(H or W of 0) reads as zeros. The spec leaves NaN coordinates undefined: irexec reads them as the
pixel index -2, and takes coordinates beyond +-2^53 pixels as +-2^53.

Departs from the CPU plugin, which rounds u8 and i8 results to the nearest instead (i32 and i64
it truncates).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, intersect
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register

_FAR = float(2**53)


def _cubic(t, a):
    """Keys' cubic weight of the distance ``t`` (|t| < 2)."""
    t = np.abs(t)
    near = ((a + 2) * t - (a + 3)) * t * t + 1
    far = ((a * t - 5 * a) * t + 8 * a) * t - 4 * a
    return np.where(t <= 1, near, far)


def _pad(idx: np.ndarray, n: int, mode: str, align: bool) -> tuple:
    """(the index of the pixel read for each index ``idx`` along an axis of ``n``, whether it is
    read at all (False: 0))."""
    if mode == "zeros":
        return np.clip(idx, 0, n - 1), (idx >= 0) & (idx < n)
    if mode == "border":
        return np.clip(idx, 0, n - 1), None
    if align:
        period = max(2 * (n - 1), 1)
        idx = np.abs(idx) % period
        return np.where(idx >= n, period - idx, idx), None
    period = 2 * n
    idx = idx % period  # (NumPy's modulo is never negative here)
    return np.where(idx >= n, period - 1 - idx, idx), None


@register
class GridSample(Op):
    type, version = "GridSample", "opset9"
    builder_args = ("data", "grid", "attributes=**")
    spec = "image/grid-sample-9"
    inputs = (Input("data", "numeric"), Input("grid", "float"))
    attrs = (
        Attr("align_corners", "bool", False),
        Attr("mode", "str", "bilinear", ("bilinear", "bicubic", "nearest")),
        Attr("padding_mode", "str", "zeros", ("zeros", "border", "reflection")),
    )

    def output_facts(self, data, grid):
        for port, (name, f) in enumerate((("data", data), ("grid", grid))):
            if f.shape is not None and len(f.shape) != 4:
                raise ValidationError(f"GridSample's {name} must be 4-D, got shape {fmt(f.shape)}", port=port)
        n, c, h, w = (DYN,) * 4 if data.shape is None else (data.shape[0], data.shape[1], DYN, DYN)
        if grid.shape is not None:
            if not grid.shape[3].compatible(fixed(2)):
                raise ValidationError(
                    f"GridSample's grid must be [N, H_out, W_out, 2], got shape {fmt(grid.shape)}", port=1
                )
            n = intersect(n, grid.shape[0])
            if n is None:
                raise ValidationError(
                    f"GridSample's data and grid must have one batch, got shapes "
                    f"{fmt(data.shape)} and {fmt(grid.shape)}",
                    port=1,
                )
            h, w = grid.shape[1:3]
        return Fact(data.etype, (n, c, h, w))

    def compute(self, data, grid):
        nb, ch, h, w = data.shape
        work = np.float64 if np.float64 in (data.dtype, grid.dtype) else np.float32
        out_shape = (nb, ch) + grid.shape[1:3]
        if h == 0 or w == 0 or 0 in out_shape:
            return np.zeros(out_shape, data.dtype)
        g = grid.astype(work)
        x, y = self._pixels(g[..., 0], w, work), self._pixels(g[..., 1], h, work)
        # Kept within what an int64 index holds (f32 and f64 have no fraction there); NaN as -2.
        x = np.clip(np.where(np.isnan(x), work(-2), x), -_FAR, _FAR)
        y = np.clip(np.where(np.isnan(y), work(-2), y), -_FAR, _FAR)
        # Channels last while sampling: each tap gathers [N, H_out, W_out, C].
        img = data.transpose(0, 2, 3, 1)
        img = img.astype(work) if data.dtype.kind != "f" or data.dtype in HALF else img
        batch = np.arange(nb)[:, None, None]

        def tap(iy, ix):
            jy, vy = _pad(iy, h, self.padding_mode, self.align_corners)
            jx, vx = _pad(ix, w, self.padding_mode, self.align_corners)
            v = img[batch, jy, jx]
            return v if vy is None else np.where((vy & vx)[..., None], v, work(0))

        if self.mode == "nearest":
            out = tap(np.rint(y).astype(np.int64), np.rint(x).astype(np.int64))
        else:
            fx, fy = np.floor(x), np.floor(y)
            dx, dy = (x - fx)[..., None], (y - fy)[..., None]
            ix, iy = fx.astype(np.int64), fy.astype(np.int64)
            if self.mode == "bilinear":
                one = work(1)
                top = (one - dx) * tap(iy, ix) + dx * tap(iy, ix + 1)
                bottom = (one - dx) * tap(iy + 1, ix) + dx * tap(iy + 1, ix + 1)
                out = dy * bottom + (one - dy) * top
            else:
                a = work(-0.75)
                wy = [_cubic(dy - work(k - 1), a) for k in range(4)]
                wx = [_cubic(dx - work(k - 1), a) for k in range(4)]
                out = 0
                for j in range(4):  # the 4x4 taps
                    row = sum(wx[i] * tap(iy + j - 1, ix + i - 1) for i in range(4))
                    out = out + wy[j] * row
        out = np.asarray(out).transpose(0, 3, 1, 2)
        if data.dtype.kind in "iu":
            info = np.iinfo(data.dtype)
            return np.clip(np.trunc(out), info.min, info.max).astype(data.dtype)
        return out.astype(data.dtype, copy=False)

    def _pixels(self, g, n: int, work):
        one, two = work(1), work(2)
        if self.align_corners:
            return (g + one) * (work(n) - one) / two
        return ((g + one) * work(n) - one) / two
