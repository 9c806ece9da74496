"""ConvertLike-1: ``data`` converted to the element type of ``like`` (whose shape and values are
not used): ``y = Convert(data, destination_type=type(like))``, with data's shape.

The conversion is Convert-1's, with every rule and every departure of the CPU plugin that
Convert lists (irexec/ops/type/convert.py): float to integer truncates into an i32 (an i64 for
the 64-bit destinations) and keeps the low bits, NaN and values beyond it giving the minimum;
to boolean is ``x != 0``; to f16/bf16 rounds once to nearest even. The plugin narrows i64, u32
and u64 to i32 (an i64 ``like`` holding 3e9 from f32 gives -2^31 there); irexec does not.
irexec does not take a u1, u2, u3 or u6 ``like`` (their arrays cannot be told from u8's when
computing), where the CPU plugin takes u1 and u2 ones (and refuses u3 and u6), nor an nf4 one
(nf4 computes as f32). The floats narrower than f16 convert as Convert converts them
(irexec/ops/type/convert_narrow.py).
"""

from __future__ import annotations

from ...shapes import is_static, to_ints
from ...types import from_dtype
from ..common import require_array_shape
from ..op import Fact, Input, Op
from ..registry import register
from .convert import convert
from .convert_promote_types import NOT_U1

_LIKE = "|".join(t for t in NOT_U1.split("|") if t != "nf4")


@register
class ConvertLike(Op):
    type, version = "ConvertLike", "opset1"
    spec = "type/convert-like-1"
    inputs = (Input("data", "not_string"), Input("like", _LIKE))

    def output_facts(self, data, like):
        if like.etype is not None and is_static(data.shape):
            require_array_shape(to_ints(data.shape), like.etype.dtype.itemsize)
        return Fact(like.etype, data.shape)

    def compute(self, data, like):
        return convert(data, from_dtype(like.dtype))
