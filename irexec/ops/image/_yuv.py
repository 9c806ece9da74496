"""What NV12toRGB/BGR-8 and I420toRGB/BGR-8 share: the shape rule over their planes and the
colour maths.

Each pixel converts as the specs say, in f32::

    R = 1.164 * (Y - 16) + 1.596 * (V - 128)
    G = 1.164 * (Y - 16) - 0.813 * (V - 128) - 0.391 * (U - 128)
    B = 1.164 * (Y - 16) + 2.018 * (U - 128)

each clipped to [0, 255]; one U and one V serve a 2x2 block of Y. u8 results are rounded to the
nearest, halves to even (the spec does not say how: the CPU plugin rounds so; OpenVINO's reference
rounds halves away from zero); f16/bf16 compute in f32 and round once.

The planes are NHWC with one channel (Y, U, V) or two (NV12's interleaved UV). One plane holds
all: H * 3/2 rows, the image's H rows of Y, then NV12's H/2 rows of interleaved U, V pairs, or
I420's (H/2) * (W/2) values of U then as many of V, row after row.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, Dim, fixed, fmt, intersect, span
from ..elementwise import HALF
from ..op import Fact, Input, Op

F32 = np.float32
TYPES = "u8|f16|bf16|f32|f64"


def _times(d: Dim, num: int, den: int = 1):
    """The sizes ``d * num / den`` may have where it is whole (None: none is)."""
    lo = -(-d.lo * num // den)
    hi = None if d.hi is None else d.hi * num // den
    return None if hi is not None and lo > hi else span(lo, hi)


def _plane(op, fact: Fact, what: str, channels: int, port: int):
    """A plane's shape, checked to be 4-D with ``channels`` channels (None: rank unknown)."""
    if fact.shape is None:
        return None
    if len(fact.shape) != 4:
        raise ValidationError(f"{op.type}'s {what} must be 4-D (N, H, W, C), got shape {fmt(fact.shape)}", port=port)
    if not fact.shape[3].compatible(fixed(channels)):
        raise ValidationError(
            f"{op.type}'s {what} must have {channels} channel{'s' * (channels > 1)}, got shape {fmt(fact.shape)}",
            port=port,
        )
    return fact.shape


def _even(op, d: Dim, what: str) -> None:
    if d.is_static and d.lo % 2:
        raise ValidationError(f"{op.type}'s image {what} must be even, got {d.lo}")


class _YUV(Op):
    """The rule and the kernel over (y, chroma planes...); subclasses say the layout."""

    bgr = False
    chroma = ()  # the names and channel counts of the separate chroma planes

    def output_facts(self, y, *chroma):
        if chroma and len(chroma) != len(self.chroma):
            raise ValidationError(f"{self.type} takes 1 or {1 + len(self.chroma)} inputs, got {1 + len(chroma)}")
        ys = _plane(self, y, "Y plane" if chroma else "input", 1, 0)
        n, h, w = (DYN, DYN, DYN) if ys is None else ys[:3]
        if not chroma and ys is not None:
            h = _times(ys[1], 2, 3)
            if h is None:
                raise ValidationError(
                    f"{self.type}'s single-plane input must have a height divisible by 3 "
                    f"(the image's height * 3/2), got shape {fmt(ys)}"
                )
        for port, ((what, channels), f) in enumerate(zip(self.chroma, chroma), 1):
            cs = _plane(self, f, f"{what} plane", channels, port)
            if cs is None:
                continue
            merged = [intersect(n, cs[0]), intersect(h, _times(cs[1], 2)), intersect(w, _times(cs[2], 2))]
            if None in merged:
                raise ValidationError(
                    f"{self.type}'s {what} plane {fmt(cs)} does not fit the Y plane "
                    f"{fmt(y.shape)}: it must be [N, H/2, W/2, {channels}]",
                    port=port,
                )
            n, h, w = merged
        _even(self, h, "height")
        _even(self, w, "width")
        return Fact(y.etype, (n, h, w, fixed(3)))

    def planes(self, y, chroma) -> tuple:
        """(Y [N, H, W], U [N, H/2, W/2], V [N, H/2, W/2]) from the inputs."""
        raise NotImplementedError

    def compute(self, y, *chroma):
        yy, u, v = self.planes(y, chroma)
        return convert(yy, u, v, self.bgr)


def convert(y: np.ndarray, u: np.ndarray, v: np.ndarray, bgr: bool) -> np.ndarray:
    """[N, H, W, 3] of y's type: Y [N, H, W], U and V [N, H/2, W/2]."""
    n, h, w = y.shape
    work = np.float64 if y.dtype == np.float64 else F32
    c = y.astype(work).reshape(n, h // 2, 2, w // 2, 2) - work(16)
    d = (u.astype(work) - work(128))[:, :, None, :, None]
    e = (v.astype(work) - work(128))[:, :, None, :, None]
    luma = work(1.164) * c
    r = luma + work(1.596) * e
    g = luma - work(0.391) * d - work(0.813) * e
    b = luma + work(2.018) * d
    out = np.stack((b, g, r) if bgr else (r, g, b), axis=-1).reshape(n, h, w, 3)
    out = np.clip(out, work(0), work(255))
    if y.dtype == np.uint8:
        return np.rint(out).astype(np.uint8)
    return out.astype(y.dtype, copy=False) if y.dtype in HALF or y.dtype != out.dtype else out


class NV12(_YUV):
    """NV12: Y, then U and V interleaved at half resolution."""

    inputs = (Input("y", TYPES), Input("uv", TYPES, same_as="y", optional=True))
    chroma = (("UV", 2),)

    def planes(self, y, chroma):
        n, rows, w = y.shape[:3]
        if chroma:
            uv = chroma[0]
            return y[..., 0], uv[..., 0], uv[..., 1]
        h = rows * 2 // 3
        uv = y[:, h:, :, 0].reshape(n, h // 2, w // 2, 2)
        return y[:, :h, :, 0], uv[..., 0], uv[..., 1]


class I420(_YUV):
    """I420: Y, then U, then V, each a plane of its own."""

    inputs = (
        Input("y", TYPES),
        Input("u", TYPES, same_as="y", optional=True),
        Input("v", TYPES, same_as="y", optional=True),
    )
    chroma = (("U", 1), ("V", 1))

    def planes(self, y, chroma):
        n, rows, w = y.shape[:3]
        if chroma:
            return y[..., 0], chroma[0][..., 0], chroma[1][..., 0]
        h = rows * 2 // 3
        flat = y[:, h:, :, 0].reshape(n, 2, h // 2, w // 2)
        return y[:, :h, :, 0], flat[:, 0], flat[:, 1]
