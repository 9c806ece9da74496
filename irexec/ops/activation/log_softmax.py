"""LogSoftmax-5: the logarithm of the softmax along ``axis``, on floating-point data, computed
as the spec recommends::

    t = x - max(x, axis);  y = t - log(sum(exp(t), axis))

``axis`` (default 1) counts from the end when negative; a scalar has no axis. A row holding NaN
or +inf gives NaN throughout (``inf - inf``); -inf elements give -inf (a row all -inf: NaN). An
empty tensor gives an empty result. f16 and bf16 compute in f32 and round once.

Where the CPU plugin departs (rows in tests/cases/activation/test_log_softmax.py): at run time
its rows with NaN or +inf keep finite elements as -inf (``[inf, 0, 1]`` gives ``[nan, -inf,
-inf]``, ``[nan, 0, 1]`` the same); its constant folding gives irexec's NaN. It also takes a
scalar with axis 0 (giving 0), which irexec refuses: a scalar has no axis. Its exp and log are
vectorised code of its own: f32 results agree within a few ulp.
"""

import numpy as np

from ...shapes import normalize_axis
from ..elementwise import in_f32_unary
from ..op import REQUIRED, Attr, Fact, Input, Op
from ..registry import register


def _log_softmax(x: np.ndarray, axis: int) -> np.ndarray:
    if x.size == 0:
        return np.array(x, copy=True)  # (np.max has no identity to start from)
    t = x - np.maximum.reduce(x, axis=axis, keepdims=True)
    return t - np.log(np.add.reduce(np.exp(t), axis=axis, keepdims=True))


log_softmax = in_f32_unary(_log_softmax)


@register
class LogSoftmax(Op):
    type, version = "LogSoftmax", "opset5"
    builder_args = ("data", ("axis", REQUIRED))
    spec = "activation/log-soft-max-5"
    inputs = (Input("data", "float"),)
    attrs = (Attr("axis", "int", 1),)

    def output_facts(self, data):
        if data.shape is not None:
            normalize_axis(self.axis, len(data.shape))
        return Fact(data.etype, data.shape)

    def compute(self, x):
        # inf - inf is NaN, quietly
        return log_softmax(x, normalize_axis(self.axis, x.ndim))
