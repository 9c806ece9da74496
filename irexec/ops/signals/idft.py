"""IDFT-7: the inverse discrete Fourier transform of a complex tensor over ``axes``. As DFT-7
(the complex data [..., 2], ``axes`` and ``signal_size`` read and the signal fitted alike), with

    Y[n..., m_0, ..., m_{q-1}] = 1 / (S_0 ... S_{q-1}) * sum_{j_0 < S_0} ... sum_{j_{q-1} < S_{q-1}}
                                 X[n..., j_0, ..., j_{q-1}] * exp(2 pi i sum_b m_b j_b / S_b)

and the output [Re Y, Im Y] along a last dim of 2. irexec refuses an empty ``axes``, computes in
f64 and rounds once to the data's type (the plugin computes in f32).

Departs from the CPU plugin, which crashes the process on a signal_size of 0 (irexec: an empty
axis, or zeros where an empty axis is padded)."""

from __future__ import annotations

import numpy as np

from ..op import Fact, Op
from ..registry import register
from ._fft import COMPLEX, INPUTS, fft_facts
from .dft import transform


@register
class IDFT(Op):
    type, version = "IDFT", "opset7"
    spec = "signals/idft-7"
    inputs = INPUTS

    def output_facts(self, data, axes, signal_size=None) -> Fact:
        return fft_facts(self.type, COMPLEX, False, data, axes, signal_size)

    def compute(self, data, axes, signal_size=None):
        return transform(self.type, data, axes, signal_size, np.fft.ifftn)
