"""Xor-1: LogicalXor-1 under the name opset1 first gave it (OpenVINO's ``v0::Xor``, still in its
opset1 table and written ``type="Xor"``): ``np.logical_xor(a, b)`` on boolean operands,
elementwise with auto-broadcast. The spec has no page of its own for it: LogicalXor-1's holds."""

from ..registry import register
from .logical_xor import LogicalXor


@register
class Xor(LogicalXor):
    type, version = "Xor", "opset1"
    aliases = ()
