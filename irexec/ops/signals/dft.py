"""DFT-7: the discrete Fourier transform of a complex tensor over ``axes``. ``data`` [D_0, ...,
D_{r-2}, 2] holds X = data[..., 0] + i data[..., 1]; with the signal first fitted to
``signal_size`` along the axes (each axis cut to its first S_q entries, or zero-padded at the
end; -1 or ``signal_size`` left out: the axis' own size),

    Y[n..., m_0, ..., m_{q-1}] = sum_{j_0 < S_0} ... sum_{j_{q-1} < S_{q-1}} X[n..., j_0, ..., j_{q-1}]
                                 * exp(-2 pi i sum_b m_b j_b / S_b)

and the output is [Re Y, Im Y] along a last dim of 2: data's shape with S_q at axes[q].

``axes`` count the complex tensor's dims: each in [-(r-1), r-2] for data of rank r (a negative
axis a is r - 1 + a), none twice, in any order (signal_size follows it). ``signal_size``
entries are -1 or sizes (0 gives an empty axis; an empty axis padded gives zeros). irexec
refuses an empty ``axes``. It computes in f64 and rounds once to the data's type (the plugin
computes in f32: floats agree to about 1e-6 of the signal's magnitude).

Departs from the CPU plugin, which crashes the process on a signal_size of 0."""

from __future__ import annotations

import numpy as np

from ..op import Fact, Op
from ..registry import register
from ._fft import COMPLEX, INPUTS, as_pairs, fft_facts, fit, read


@register
class DFT(Op):
    type, version = "DFT", "opset7"
    spec = "signals/dft-7"
    inputs = INPUTS

    def output_facts(self, data, axes, signal_size=None) -> Fact:
        return fft_facts(self.type, COMPLEX, False, data, axes, signal_size)

    def compute(self, data, axes, signal_size=None):
        return transform(self.type, data, axes, signal_size, np.fft.fftn)


def transform(op: str, data, axes, signal_size, fn):
    """DFT's and IDFT's kernel: ``fn`` (np.fft.fftn or ifftn) over the fitted signal."""
    x, ax, sizes = read(op, COMPLEX, data, axes, signal_size)
    x = fit(x, ax, [x.shape[a] if s == -1 else s for a, s in zip(ax, sizes)])
    y = fn(x, axes=ax) if x.size else x
    return as_pairs(y, data.dtype)
