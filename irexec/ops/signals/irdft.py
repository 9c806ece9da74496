"""IRDFT-9: the inverse of RDFT-9, a complex tensor of non-negative frequencies to a real one.
``data`` [D_0, ..., D_{r-2}, 2] holds X = data[..., 0] + i data[..., 1]. The signal sizes S_q are
``signal_size`` (-1 or left out: the axis' size M, except the last axis listed, where it is
2 * (M - 1)). Along the axes but the last, X is cut to its first S_q entries or zero-padded at
the end. Along the last, the first S // 2 + 1 coefficients are taken (zeros past the data's M)
and completed by Hermitian symmetry, F[j] = conj(F[S - j]), to S entries. Then

    Y[n..., m_0, ..., m_{q-1}] = 1 / (S_0 ... S_{q-1}) * sum_{j_0 < S_0} ... sum_{j_{q-1} < S_{q-1}}
                                 F[n..., j_0, ..., j_{q-1}] * exp(2 pi i sum_b m_b j_b / S_b)

and the output is Re Y, without the complex dim: data's shape less its last dim, with S_q at
axes[q]. The imaginary parts of the zero-frequency and (for even S) the middle coefficient of
the last axis do not reach the output.

The spec's detailed description extends every axis to 2 * (M - 1) and pads that extension, which
contradicts its own output shapes (only the last axis changes); irexec follows the shapes and
OpenVINO's reference, as above (the same where S = 2 * (M - 1)).

``axes`` count the complex tensor's dims: each in [-(r-1), r-2] for data of rank r, none twice.
irexec refuses an empty ``axes`` and a last axis of size 0 left to its default size (2 * (0 - 1)).
It computes in f64 and rounds once to the data's type (the plugin computes in f32).

Departs from the CPU plugin, which fails to compile a constant signal_size holding -1 (and
axes or signal_size fed at run time: it crashes on the axes), does not zero-pad an axis other
than the last (its values differ), and where the last axis needs more coefficients than the
data holds (S // 2 + 1 > M) reads the next row's instead of zeros; irexec follows the spec."""

from __future__ import annotations

import numpy as np

from ...shapes import fixed
from ..op import Fact, Op
from ..registry import register
from ._fft import COMPLEX, INPUTS, doubled, fft_facts, fit, read


@register
class IRDFT(Op):
    type, version = "IRDFT", "opset9"
    spec = "signals/irdft-9"
    inputs = INPUTS

    def output_facts(self, data, axes, signal_size=None) -> Fact:
        return fft_facts(self.type, COMPLEX, True, data, axes, signal_size)

    def compute(self, data, axes, signal_size=None):
        x, ax, sizes = read(self.type, COMPLEX, data, axes, signal_size)
        last = ax[-1]
        full = [x.shape[a] for a in ax]
        if sizes[-1] == -1:
            full[-1] = doubled(self.type, fixed(x.shape[last]), last).lo
        s = [f if g == -1 else g for f, g in zip(full, sizes)]
        # Along the outer axes the signal size; along the last, the coefficients it needs.
        x = fit(x, ax, s[:-1] + [s[-1] // 2 + 1])
        shape = list(x.shape)
        shape[last] = s[-1]
        if x.size == 0 or s[-1] == 0:
            return np.zeros(shape, data.dtype)
        return np.fft.irfftn(x, s=s, axes=ax).astype(data.dtype)
