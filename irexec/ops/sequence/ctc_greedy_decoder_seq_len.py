"""CTCGreedyDecoderSeqLen-6: best path decoding of ``data`` [N, T, C], sequence n being the first
``sequence_length[n]`` steps of row n. At each step the path takes the class of the largest value,
``c_t = argmax_c data[n, t, c]`` (the first on a tie); the path is then decoded: with
``merge_repeated`` a class equal to the one of the step before it is dropped (a, blank, a gives
a, a), and the blank, ``blank_index`` (a scalar or a 1-element tensor; C - 1 when left out), is
never emitted. Outputs: the decoded classes [N, T] (``classes_index_type``), from the start of
each row, then -1; and how many each row has [N] (``sequence_length_type``).

Sequence lengths must be in [0, T]: irexec refuses others (the CPU plugin refuses a length over
T, and is undone by a negative one). A blank index that is no class (outside [0, C)) matches no
step, so every step is emitted, as the plugin computes. NaN is never the largest value, unless
at class 0 (the plugin's scan keeps class 0 then); irexec does the same.

Departs from the CPU plugin, which leaves ``decoded_length`` unwritten when T is 0 (irexec: 0s).
"""

from __future__ import annotations

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import DYN, ONE, fmt, intersect
from ...types import element_type
from ..common import scalar_int
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._ctc import best_classes, collapse

I32 = element_type("i32")


@register
class CTCGreedyDecoderSeqLen(Op):
    type, version = "CTCGreedyDecoderSeqLen", "opset6"
    spec = "sequence/ctc-greedy-decoder-seq-len-6"
    inputs = (
        Input("data", "float"),
        Input("sequence_length", "i32|i64"),
        Input("blank_index", "i32|i64", optional=True),
    )
    outputs = ("decoded_classes", "decoded_length")
    attrs = (
        Attr("merge_repeated", "bool", True),
        Attr("classes_index_type", "etype", I32),
        Attr("sequence_length_type", "etype", I32),
    )

    def setup(self):
        for name in ("classes_index_type", "sequence_length_type"):
            if getattr(self, name).name not in ("i32", "i64"):
                raise ValidationError(f"CTCGreedyDecoderSeqLen {name} must be i32 or i64, got {getattr(self, name)}")

    def output_facts(self, data, sequence_length, blank_index=None):
        for port, f, rank in ((0, data, 3), (1, sequence_length, 1)):
            if f.shape is not None and len(f.shape) != rank:
                raise ValidationError(
                    f"CTCGreedyDecoderSeqLen's {self.inputs[port].name} must be {rank}-D, got shape {fmt(f.shape)}",
                    port=port,
                )
        if (
            blank_index is not None
            and blank_index.shape is not None
            and not (
                len(blank_index.shape) == 0 or (len(blank_index.shape) == 1 and blank_index.shape[0].compatible(ONE))
            )
        ):
            raise ValidationError(
                f"CTCGreedyDecoderSeqLen's blank_index must be a scalar or have 1 element, got "
                f"shape {fmt(blank_index.shape)}",
                port=2,
            )
        batch, time = (data.shape[0], data.shape[1]) if data.shape is not None else (DYN, DYN)
        if sequence_length.shape is not None:
            n = intersect(batch, sequence_length.shape[0])
            if n is None:
                raise ValidationError(
                    f"CTCGreedyDecoderSeqLen's sequence_length must have one entry per sequence "
                    f"of data {fmt(data.shape)}, got shape {fmt(sequence_length.shape)}",
                    port=1,
                )
            batch = n
        return [Fact(self.classes_index_type, (batch, time)), Fact(self.sequence_length_type, (batch,))]

    def compute(self, data, sequence_length, blank_index=None):
        batch, steps, classes = data.shape
        lengths = np.asarray(sequence_length).astype(np.int64)
        bad = (lengths < 0) | (lengths > steps)
        if bad.any():
            n = int(np.argmax(bad))
            raise ExecutionError(
                f"CTCGreedyDecoderSeqLen's sequence_length[{n}] = {lengths[n]} is out of range [0, {steps}]", port=1
            )
        blank = classes - 1 if blank_index is None else scalar_int(blank_index, "blank_index")
        decoded, count = collapse(best_classes(data), lengths, blank, self.merge_repeated)
        return decoded.astype(self.classes_index_type.dtype), count.astype(self.sequence_length_type.dtype)
