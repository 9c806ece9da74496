"""NumericToString (openvinotoolkit/openvino_tokenizers): numbers to their decimal text, a string
tensor of the input's shape.

Integers (i8, i16, i32, i64, u32, u64) in full (``-12``); f32 and f64 as C++'s stream writes
them by default, ``%g`` with 6 significant digits (``0.1``, ``1e+06``, ``1.23457e-05``, ``inf``,
``-inf``, ``nan``, ``-nan`` for a NaN with its sign bit set); booleans as ``true``/``false``.
Other types (u8, u16, f16, bf16, ...) the extension refuses at run time; irexec refuses them
when it reads the layer.

Where the CPU plugin departs: it narrows i64, u32 and u64 to i32 (wrapping), f64 to f32
(saturating), and booleans to numbers (``1``, ``0``) before the extension's op sees them; irexec
writes each value as the extension would for its own type. An IR writes this op with ``version="openvino_tokenizers"`` (the
extension's other ops say ``extension``); irexec reads it under both."""

import numpy as np

from ...types import BY_NAME
from ..op import Fact, Input, Op
from ..registry import register

STRING = BY_NAME["string"]


@register
class NumericToString(Op):
    # (The extension names this op's opset "openvino_tokenizers", not "extension", as it writes it.)
    type, version = "NumericToString", "openvino_tokenizers"
    aliases = ("extension",)
    makes_strings = True
    inputs = (Input("data", "i8|i16|i32|i64|u32|u64|f32|f64|boolean"),)

    def output_facts(self, data):
        return Fact(STRING, data.shape)

    def compute(self, data):
        if data.dtype == np.bool_:
            return np.where(data, "true", "false").astype(object)
        if data.dtype.kind in "iu":
            return data.astype(str).astype(object)
        text = np.char.mod("%g", data.astype(np.float64))
        # (Python writes a NaN's sign nowhere; C's printf writes "-nan".)
        text = np.where(np.isnan(data) & np.signbit(data), "-nan", text)
        return np.asarray(text).astype(object).reshape(data.shape)
