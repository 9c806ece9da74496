"""STFT-15: the short-time Fourier transform of a real signal [signal_size] or [batch,
signal_size]. Frames of ``frame_size`` samples start every ``frame_step`` samples, as many as fit:
frames = (signal_size - frame_size) // frame_step + 1. Each frame is multiplied by the window
(of window_length <= frame_size values, padded with zeros to frame_size: (frame_size -
window_length) // 2 on the left, the rest on the right) and transformed as RDFT does:

    Y[b, t, m] = sum_{j < frame_size} signal[b, t * frame_step + j] * w[j] * exp(-2 pi i m j / frame_size)

for m < frame_size // 2 + 1 (fft_results). The output is [Re Y, Im Y] along a last dim of 2:
[batch, frames, fft_results, 2] (or [frames, fft_results, 2] for a 1-D signal), and with
``transpose_frames`` [batch, fft_results, frames, 2].

``frame_size`` must be in [1, signal_size], ``frame_step`` positive, the window 1 to frame_size
values long. irexec computes in f64 and rounds once to the signal's type (the plugin computes in
f32)."""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, span
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._fft import as_pairs
from ._stft import FRAME_SIZE, frame_size, frame_step, known_scalars, padded_window, require_rank, window_facts


def frames_dim(length, fs: int, st: int):
    """The dim of (L - fs) // st + 1 for L in ``length`` (which must reach fs)."""
    if length.hi is not None and length.hi < fs:
        raise ValidationError(
            f"STFT's frame_size must be in [1, {length}] (the signal's size), got {fs}", port=FRAME_SIZE
        )
    lo = (max(length.lo, fs) - fs) // st + 1
    return span(lo, None if length.hi is None else (length.hi - fs) // st + 1)


@register
class STFT(Op):
    type, version = "STFT", "opset15"
    builder_args = ("data=signal", "window", "frame_size", "frame_step", "transpose_frames")
    spec = "signals/stft-15"
    inputs = (
        Input("signal", "float"),
        Input("window", "float", same_as="signal"),
        Input("frame_size", "i32|i64", role="sizes", value=True),
        Input("frame_step", "i32|i64", role="sizes", value=True),
    )
    attrs = (Attr("transpose_frames", "bool"),)

    def output_facts(self, signal, window, size, step):
        require_rank(self.type, signal, (1, 2), "signal", "1-D or 2-D", 0)
        fs, st = known_scalars(self.type, size, step)
        window_facts(self.type, window, fs)
        if signal.shape is None:
            return Fact(signal.etype, None)
        if fs is not None and st is not None:
            frames, bins = frames_dim(signal.shape[-1], fs, st), fixed(fs // 2 + 1)
        else:
            if fs is not None:
                frames_dim(signal.shape[-1], fs, 1)
            frames, bins = DYN, DYN if fs is None else fixed(fs // 2 + 1)
        inner = (bins, frames) if self.transpose_frames else (frames, bins)
        return Fact(signal.etype, signal.shape[:-1] + inner + (fixed(2),))

    def compute(self, signal, window, size, step):
        fs, st = frame_size(self.type, size), frame_step(self.type, step)
        length = signal.shape[-1]
        if fs > length:
            raise ValidationError(
                f"STFT's frame_size must be in [1, {length}] (the signal's size), got {fs}", port=FRAME_SIZE
            )
        w = padded_window(self.type, window, fs)
        n = (length - fs) // st + 1
        idx = np.arange(n)[:, None] * st + np.arange(fs)[None, :]
        frames = signal.astype(np.float64)[..., idx] * w  # [..., frames, frame_size]
        y = np.fft.rfft(frames, axis=-1)
        if self.transpose_frames:
            y = np.swapaxes(y, -1, -2)
        return as_pairs(y, signal.dtype)
