"""RDFT-9: the discrete Fourier transform of a real tensor over ``axes``, keeping the
non-negative frequencies of the last axis listed. With the signal X fitted to ``signal_size``
along the axes (each axis cut to its first S_q entries, or zero-padded at the end; -1 or
``signal_size`` left out: the axis' own size),

    Y[n..., m_0, ..., m_{q-1}] = sum_{j_0 < S_0} ... sum_{j_{q-1} < S_{q-1}} X[n..., j_0, ..., j_{q-1}]
                                 * exp(-2 pi i sum_b m_b j_b / S_b)

for m_b < S_b, except the last axis listed, where m < S // 2 + 1 (the others follow by symmetry).
The output is [Re Y, Im Y] along a new last dim of 2.

``axes`` count the data's dims: each in [-r, r-1] (a negative axis a is r + a), none twice, in
any order (signal_size follows it; the last one listed is halved). ``signal_size`` entries are
-1 or sizes. irexec refuses an empty ``axes``, computes in f64 and rounds once to the data's type
(the plugin computes in f32).

Departs from the CPU plugin, which refuses to run a signal_size larger than the axis ("Signal
size greater than input size is not supported yet") and fails to compile a constant signal_size
holding -1, or axes or signal_size fed at run time; irexec pads and reads -1 as the spec says."""

from __future__ import annotations

import numpy as np

from ..op import Fact, Op
from ..registry import register
from ._fft import INPUTS, REAL, as_pairs, fft_facts, fit, read


@register
class RDFT(Op):
    type, version = "RDFT", "opset9"
    spec = "signals/rdft-9"
    inputs = INPUTS

    def output_facts(self, data, axes, signal_size=None) -> Fact:
        return fft_facts(self.type, REAL, False, data, axes, signal_size)

    def compute(self, data, axes, signal_size=None):
        x, ax, sizes = read(self.type, REAL, data, axes, signal_size)
        x = fit(x, ax, [x.shape[a] if s == -1 else s for a, s in zip(ax, sizes)])
        if x.size:
            y = np.fft.rfftn(x, axes=ax)
        else:
            # An empty signal: zeros (S // 2 + 1 of them along the last axis, for S = 0 too).
            shape = list(x.shape)
            shape[ax[-1]] = shape[ax[-1]] // 2 + 1
            y = np.zeros(shape, np.complex128)
        return as_pairs(y, data.dtype)
