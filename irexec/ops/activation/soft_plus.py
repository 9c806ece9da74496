"""SoftPlus-4: ``ln(1 + exp(x))``, elementwise, on floating-point data; f16 and bf16 compute in f32
and round once. Computed as NumPy's ``logaddexp(0, x)``, which neither overflows for large ``x``
(it gives ``x``, the linear function the spec reverts to above a threshold) nor loses the small
values for very negative ``x``. +inf gives inf, -inf 0, NaN stays NaN.

The CPU plugin computes ``log(1 + exp(x))`` in f32 as written: for negative ``x`` it loses the
digits of ``exp(x)`` that ``1 + exp(x)`` rounds away (an absolute error up to about 3e-7: 3.3569e-4
for x = -8 where irexec gives 3.3541e-4, and 0 for x = -30 where irexec gives 9.4e-14).
"""

import numpy as np

from ..elementwise import Unary
from ..registry import register


@register
class SoftPlus(Unary):
    type, version = "SoftPlus", "opset4"
    builder_name = "softplus"
    builder_args = ("data=x",)
    spec = "activation/softplus-4"
    operand_types = "float"
    function = staticmethod(lambda x: np.logaddexp(x.dtype.type(0), x))
