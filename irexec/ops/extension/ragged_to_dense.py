"""RaggedToDense (openvinotoolkit/openvino_tokenizers): a ragged tensor padded to a dense one, and
its mask (the tokenizer's ``input_ids`` and ``attention_mask``).

Inputs: ``begins``, ``ends`` (i32, of one shape: the rows), ``data`` (1-D), ``target`` (the
dense length: an integer, a scalar or one element) and ``value`` (the padding, a scalar of
data's type). Output ``[*rows, target]``: each row's first ``min(length, target)`` elements, then
the padding (``pad_right`` true, the default), or the padding first and the elements at the end
(false; a row longer than ``target`` still keeps its first elements); the mask (boolean) is true
where an element was copied. openvino_tokenizers gives the longest row's length (a ReduceMax)
as ``target`` and writes ``m_pad_max_length="false"``.

Where irexec departs: with ``m_pad_max_length`` true (which openvino_tokenizers never writes:
it passes the setting as ``pad_max_length``, a name the extension does not read) the extension
copies ``target`` elements from each row's begin whatever the row's length, the next rows'
elements (and past the data at the end), and marks them all in the mask; irexec pads the rows
as for false, which is what padding to a maximum length means. Ranges outside the data or
backwards, and a negative ``target``, are refused (the extension reads where they point)."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...limits import default_max_tensor_bytes, fmt_bytes
from ...shapes import DYN, ONE, fixed, fmt, intersect
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._bytes import gather
from ._ragged import BOOL, check_ranges


@register
class RaggedToDense(Op):
    type, version = "RaggedToDense", "extension"
    inputs = (
        Input("begins", "i32", role="indices"),
        Input("ends", "i32", role="indices"),
        Input("data", "not_string"),
        Input("target", "int", role="sizes", value=True),
        Input("value", "not_string", same_as="data"),
    )
    outputs = ("dense", "mask")
    attrs = (Attr("pad_right", "bool", True), Attr("m_pad_max_length", "bool", False))

    def output_facts(self, begins, ends, data, target, value):
        if data.shape is not None and len(data.shape) != 1:
            raise ValidationError(f"RaggedToDense's data must be 1-D, got {fmt(data.shape)}", port=2)
        if target.shape is not None and (
            len(target.shape) > 1 or (target.shape and not target.shape[0].compatible(ONE))
        ):
            raise ValidationError(
                f"RaggedToDense's target must be a scalar or hold one element, got {fmt(target.shape)}", port=3
            )
        if value.shape is not None and value.shape:
            raise ValidationError(f"RaggedToDense's value must be a scalar, got {fmt(value.shape)}", port=4)
        rows = begins.shape
        if rows is not None and ends.shape is not None:
            merged = tuple(map(intersect, rows, ends.shape)) if len(rows) == len(ends.shape) else (None,)
            if None in merged:
                raise ValidationError(
                    f"RaggedToDense's begins and ends differ in shape: {fmt(rows)} and {fmt(ends.shape)}", port=1
                )
            rows = merged
        rows = rows if rows is not None else ends.shape
        if rows is None:
            return [Fact(data.etype, None), Fact(BOOL, None)]
        width = DYN if target.value is None else fixed(_target(target.value, ValidationError))
        return [Fact(data.etype, rows + (width,)), Fact(BOOL, rows + (width,))]

    def compute(self, begins, ends, data, target, value):
        width = _target(target, ExecutionError)
        b, e = check_ranges(self.type, "row", begins, ends, data.size)
        count = b.size * width
        size = count * (data.itemsize + 1)
        if size > default_max_tensor_bytes():
            raise ExecutionError(
                f"RaggedToDense's {b.size} rows of {width} would take {fmt_bytes(size)}, over the budget for one tensor"
            )
        kept = np.minimum(e - b, width)
        cols = np.arange(width)
        mask = cols < kept[:, None] if self.pad_right else cols >= (width - kept)[:, None]
        # Each row's first ``kept`` elements, in row order: where the mask is true, row by row.
        where, _ = gather(b, kept)
        dense = np.full((b.size, width), value, data.dtype)
        dense[mask] = data.reshape(-1)[where]
        shape = np.shape(begins) + (width,)
        return dense.reshape(shape), mask.reshape(shape)


def _target(value, error) -> int:
    """The dense length from the target input's one element, refused when negative."""
    width = int(np.asarray(value).reshape(-1)[0])
    if width < 0:
        raise error(f"RaggedToDense's target is {width}: a length cannot be negative")
    return width
