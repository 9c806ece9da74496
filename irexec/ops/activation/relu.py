"""Relu-1: ``max(0, x)``, elementwise. The spec leaves NaN and -0 open; as the CPU plugin, irexec
gives ``x`` where ``x > 0`` and 0 elsewhere, so -0 and NaN give +0."""
import numpy as np

from ..elementwise import Unary
from ..registry import register


@register
class Relu(Unary):
    type, version = "Relu", "opset1"
    spec = "activation/relu-1"
    function = staticmethod(lambda x: np.where(x > 0, x, np.zeros((), x.dtype)))
