"""NormalizeL2-1: each element divided by the L2 norm of the elements sharing its position in
the dims not in ``axes``::

    y = x / sqrt(sum(x**2) + eps)           eps_mode="add"
    y = x / sqrt(max(sum(x**2), eps))       eps_mode="max"

``axes`` is a scalar or 1-D integer input of unique axes in [-r, r-1] (an axis named twice,
also as -1 and r-1, is refused). Empty ``axes`` divide each element by itself: 1 for every
non-zero element, 0 for 0 (the spec's particular case; NaN stays NaN), whatever ``eps``.
``eps`` and ``eps_mode`` are required; a negative or NaN ``eps`` is refused (the spec asks for a
positive number; 0 is accepted). f16 and bf16 compute in f32 and round once.

Where the CPU plugin departs (rows in tests/cases/normalization/test_normalize_l2.py): with
empty axes fed at run time it computes the formula (``x / sqrt(x**2 + eps)``: -0.943 for -2
with eps 0.5) instead of the particular case (its constant empty axes give 1); it takes an
axis named twice as once, and reads a layer without ``eps_mode``. Its f32 results agree within a
few ulp.
"""

import numpy as np

from ..elementwise import in_f32_unary
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._norm import axes_rank, check_eps, known_axes, norm_axes


def _normalize_l2(x: np.ndarray, axes: tuple, eps: float, add: bool) -> np.ndarray:
    if not axes:
        return np.sign(np.abs(x))  # x / x: 1, or 0 for 0 (the spec's particular case)
    total = np.sum(np.square(x), axis=axes, keepdims=True)
    eps = x.dtype.type(eps)
    return x / np.sqrt(total + eps if add else np.maximum(total, eps))


normalize_l2 = in_f32_unary(_normalize_l2)


@register
class NormalizeL2(Op):
    type, version = "NormalizeL2", "opset1"
    spec = "normalization/normalize-l2-1"
    inputs = (Input("data", "float"), Input("axes", "int", role="axes", value=True))
    attrs = (Attr("eps", "float"), Attr("eps_mode", "str", choices=("add", "max")))

    def setup(self):
        check_eps(self.eps, "eps", "NormalizeL2")

    def output_facts(self, data, axes):
        axes_rank(axes, "NormalizeL2", scalar_ok=True)
        known_axes(axes, data, "NormalizeL2", unique=True)
        return Fact(data.etype, data.shape)

    def compute(self, x, axes):
        ax = norm_axes(axes, x.ndim, "NormalizeL2", unique=True)
        # 0 / 0 with eps 0; inf data
        return normalize_l2(x, ax, self.eps, self.eps_mode == "add")
