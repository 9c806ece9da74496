"""ISTFT-16: the inverse of STFT-15, a real signal [signal_length] or [batch, signal_length]
from frames of coefficients ``data`` [fft_results, frames, 2] or [batch, fft_results, frames, 2]
(fft_results = frame_size // 2 + 1; the last dim: real and imaginary parts). Each frame t is
taken back to frame_size samples as IRDFT does (x_t = irdft(data[..., t, :]), the imaginary
parts of the zero and, for an even frame_size, the middle frequency unused), multiplied by the
window w (padded with zeros to frame_size, centred as in STFT) and added at t * frame_step:

    y[k] = sum_t x_t[k - t * frame_step] * w[k - t * frame_step]
           / sum_t w[k - t * frame_step] ** 2                (0 where that sum is 0)

times sqrt(frame_size) when ``normalized``. With ``center`` the first frame_size // 2 samples
are dropped (the padding STFT was given). The output holds ``signal_length`` samples (cut, or
zeros past the frames), by default (frames - 1) * frame_step + frame_size, or with ``center``
(frames - 1) * frame_step. ``signal_length`` is a scalar or a 1-element 1-D tensor, 0 or more.

The spec gives no formula for the samples: the sum above is OpenVINO's reference (and
PyTorch's istft), and the 0 where no window value covers a sample its choice too. irexec
refuses data of no frame, computes in f64 and rounds once to the data's type (the plugin
computes in f32).

Departs from the CPU plugin, whose default length with ``center`` and an odd frame_size is
(frames - 1) * frame_step + 1 (the spec: (frames - 1) * frame_step; the samples they share
agree)."""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fixed, fmt, span
from ..common import int_vector
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._stft import FRAME_SIZE, frame_size, frame_step, known_scalars, padded_window, require_rank, window_facts

LENGTH = 4


def signal_length(value) -> int:
    n = int_vector(np.reshape(value, -1), "ISTFT's signal_length")
    if len(n) != 1:
        raise ValidationError(f"ISTFT's signal_length must hold one value, got {len(n)}", port=LENGTH)
    if n[0] < 0:
        raise ValidationError(f"ISTFT's signal_length must be 0 or more, got {n[0]}", port=LENGTH)
    return n[0]


def default_length(frames: int, fs: int, st: int, center: bool) -> int:
    return (frames - 1) * st + (0 if center else fs)


@register
class ISTFT(Op):
    type, version = "ISTFT", "opset16"
    builder_args = ("data", "window", "frame_size", "frame_step", "center", "normalized", "signal_length")
    spec = "signals/istft-16"
    inputs = (
        Input("data", "float"),
        Input("window", "float", same_as="data"),
        Input("frame_size", "i32|i64", role="sizes", value=True),
        Input("frame_step", "i32|i64", role="sizes", value=True),
        Input("signal_length", "i32|i64", role="sizes", value=True, optional=True),
    )
    attrs = (Attr("center", "bool"), Attr("normalized", "bool"))

    def output_facts(self, data, window, size, step, length=None):
        require_rank(self.type, data, (3, 4), "data", "3-D or 4-D", 0)
        fs, st = known_scalars(self.type, size, step)
        window_facts(self.type, window, fs)
        if (
            length is not None
            and length.shape is not None
            and not (len(length.shape) == 0 or (len(length.shape) == 1 and length.shape[0].compatible(fixed(1))))
        ):
            raise ValidationError(
                f"ISTFT's signal_length must be a scalar or a 1-element 1-D tensor, got shape {fmt(length.shape)}",
                port=LENGTH,
            )
        n = None if length is None or length.value is None else signal_length(length.value)
        if data.shape is None:
            return Fact(data.etype, None)
        if not data.shape[-1].compatible(fixed(2)):
            raise ValidationError(
                f"ISTFT's data must have a last dim of 2 (real and imaginary parts), got shape {fmt(data.shape)}"
            )
        bins, frames = data.shape[-3], data.shape[-2]
        if fs is not None and not bins.compatible(fixed(fs // 2 + 1)):
            raise ValidationError(
                f"ISTFT's data must hold frame_size // 2 + 1 = {fs // 2 + 1} frequencies (dim "
                f"-3), got shape {fmt(data.shape)}",
                port=FRAME_SIZE,
            )
        if frames.hi == 0:
            raise ValidationError(f"ISTFT's data must hold 1 frame or more (dim -2), got shape {fmt(data.shape)}")
        if length is not None:
            out = span(n, n) if n is not None else span(0, None)
        elif fs is not None and st is not None:
            lo = default_length(max(frames.lo, 1), fs, st, self.center)
            out = span(lo, None if frames.hi is None else default_length(frames.hi, fs, st, self.center))
        else:
            out = span(0, None)
        return Fact(data.etype, data.shape[: len(data.shape) - 3] + (out,))

    def compute(self, data, window, size, step, length=None):
        fs, st = frame_size(self.type, size), frame_step(self.type, step)
        bins, n = data.shape[-3], data.shape[-2]
        if bins != fs // 2 + 1:
            raise ValidationError(
                f"ISTFT's data must hold frame_size // 2 + 1 = {fs // 2 + 1} frequencies (dim "
                f"-3), got shape {list(data.shape)}",
                port=FRAME_SIZE,
            )
        if n == 0:
            raise ValidationError(f"ISTFT's data must hold 1 frame or more (dim -2), got shape {list(data.shape)}")
        w = padded_window(self.type, window, fs)
        out_len = default_length(n, fs, st, self.center) if length is None else signal_length(length)
        z = data[..., 0].astype(np.float64) + 1j * data[..., 1].astype(np.float64)
        batch = z.shape[:-2]
        z = np.swapaxes(z, -1, -2).reshape((-1, n, bins))  # [B, frames, fft_results]
        frames = np.fft.irfft(z, n=fs, axis=-1) * w  # [B, frames, frame_size]
        # Overlap-add: each sample's index in the whole (uncut) signal, per batch row.
        total = (n - 1) * st + fs
        where = np.arange(n)[:, None] * st + np.arange(fs)[None, :]
        rows = z.shape[0]
        flat = (np.arange(rows)[:, None, None] * total + where).reshape(-1)
        summed = np.bincount(flat, weights=frames.reshape(-1), minlength=rows * total).reshape(rows, total)
        norm = np.bincount(where.reshape(-1), weights=np.tile(w * w, n), minlength=total)
        covered = norm != 0
        y = np.where(covered, summed / np.where(covered, norm, 1.0), 0.0)
        if self.normalized:
            y = y * np.sqrt(fs)
        start = fs // 2 if self.center else 0
        out = np.zeros((rows, out_len), np.float64)
        keep = max(0, min(out_len, total - start))
        out[:, :keep] = y[:, start : start + keep]
        return out.reshape(batch + (out_len,)).astype(data.dtype)
