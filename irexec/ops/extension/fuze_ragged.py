"""FuzeRagged (openvino_tokenizers): each row of a ragged string tensor as one string, the row's
strings and what lies between them in ``chars``: ``begins[row] = begins_in[ragged_begins[row]]``,
``ends[row] = ends_in[ragged_ends[row] - 1]`` (the detokenizer's tokens, decoded one by one into
one buffer, joined back into a text per row).

An empty row is fused as the extension fuses it, from ``begins``/``ends`` at the row's begin: the
next row's first string (a batch's row of special tokens only, decoded with them skipped, reads
as the next row's first token; irexec gives what OpenVINO gives). Past the strings' end (an empty
last row) the extension reads out of its inputs; irexec gives an empty string there."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import fmt
from ..op import Fact, Input, Op
from ..registry import register
from ._ragged import I32


@register
class FuzeRagged(Op):
    type, version = "FuzeRagged", "extension"
    inputs = (
        Input("ragged_begins", "i32", role="indices"),
        Input("ragged_ends", "i32", role="indices"),
        Input("begins", "i32", role="indices"),
        Input("ends", "i32", role="indices"),
    )
    outputs = ("begins", "ends")

    def output_facts(self, ragged_begins, ragged_ends, begins, ends):
        for k, f in enumerate((begins, ends)):
            if f.shape is not None and len(f.shape) != 1:
                raise ValidationError(
                    f"FuzeRagged's {('begins', 'ends')[k]} must be 1-D, got {fmt(f.shape)}", port=2 + k
                )
        return [Fact(I32, ragged_begins.shape), Fact(I32, ragged_begins.shape)]

    def compute(self, ragged_begins, ragged_ends, begins, ends):
        rb = ragged_begins.astype(np.int64)
        re_ = ragged_ends.astype(np.int64)
        if rb.shape != re_.shape:
            raise ExecutionError(f"FuzeRagged's ragged_begins and ragged_ends differ in shape: {rb.shape}, {re_.shape}")
        n = begins.size
        if ends.size != n:
            raise ExecutionError(f"FuzeRagged's begins and ends differ in size: {n} and {ends.size}")
        full = re_ > rb
        bad = full & ((rb < 0) | (re_ > n))
        if bad.any():
            k = int(np.argmax(bad.reshape(-1)))
            raise ExecutionError(
                f"FuzeRagged's row {k} spans strings [{rb.reshape(-1)[k]}, {re_.reshape(-1)[k]}), outside the {n} there are"
            )
        # (an empty row reads its begin's string, when there is one: the extension's indexing)
        inside = full | ((rb >= 0) & (rb < n))
        first = np.where(inside, rb, 0)
        last = np.where(full, re_ - 1, first)
        if n:
            out_b = np.where(inside, begins[first], 0).astype(np.int32)
            out_e = np.where(inside, ends[last], 0).astype(np.int32)
        else:
            out_b = out_e = np.zeros(rb.shape, np.int32)
        return out_b, out_e
