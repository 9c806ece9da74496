"""CombineSegments (openvinotoolkit/openvino_tokenizers): ragged segments joined row by row, with
each element's segment id (BERT's ``[CLS] A [SEP] B [SEP]`` and its token type ids).

Inputs: a begins/ends/data triple per segment (begins and ends i32, of one shape, or one
element each; data 1-D i32), then ``ids`` (1-D, one per segment). Row ``r`` of the output holds, for each
segment in order, ``data[begins[r]:ends[r]]``; a segment with a single row (a scalar or a
one-element begins: a special token's Consts, ``begins=0``, ``ends=1`` or ``0`` when special
tokens are switched off) is repeated in every row. Outputs: the combined ragged tensor's begins,
ends and data, rows laid end to end, and the same begins and ends over the segment ids (each
element's segment's ``ids`` entry, of ``ids``' type). The rows take the shape of the segments'
begins that are not scalars (all one shape), a scalar when every segment is one.

Where irexec departs: when the segments that are not scalars have no rows (an empty batch) while
a special token's scalar segment has one, the extension refuses the run (it sizes the rows as the
longest segment, 1, against the shape of the empty one); irexec gives an empty batch. Ranges
outside a segment's data, or ending before they begin, are refused (the extension copies from
where they point)."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...limits import default_max_tensor_bytes, fmt_bytes
from ...shapes import DYN, ONE, fixed, fmt, intersect
from ..op import Fact, Input, Op
from ..registry import register
from ._bytes import gather
from ._positional import check_rank, check_types, ragged_decls
from ._ragged import I32, MAX_CHARS, check_ranges


@register
class CombineSegments(Op):
    type, version = "CombineSegments", "extension"
    # Triples of begins, ends, data and the ids at the end: typed by position in output_facts.
    # value=True: the combined data's length is the ranges' (known when their values are).
    inputs = (Input("segments", "any", variadic=True, value=True),)
    outputs = ("begins", "ends", "data", "ids_begins", "ids_ends", "ids")

    def check_types(self, ins):
        """By position, in output_facts (the variadic input's one type does not fit triples)."""

    def output_facts(self, *ins):
        n = _segments(len(ins))
        decls = [d for k in range(n) for d in ragged_decls(f"segment {k}", "i32")]
        check_types(self.type, ins, decls + [Input("ids", "numeric")])
        shape = ()  # every segment a scalar: one row, of rank 0
        for k in range(n):
            check_rank(self.type, f"data of segment {k}", ins[3 * k + 2], (1,), 3 * k + 2)
            b, e = ins[3 * k].shape, ins[3 * k + 1].shape
            if b is not None and e is not None and not _alike(b, e):
                raise ValidationError(
                    f"CombineSegments's begins and ends of segment {k} differ in shape: {fmt(b)} and {fmt(e)}",
                    port=3 * k + 1,
                )
            if b is None or b == ():
                continue
            if shape is None or shape == ():
                shape = b if shape == () else shape
                continue
            merged = tuple(map(intersect, shape, b)) if len(shape) == len(b) else (None,)
            if None in merged:
                raise ValidationError(
                    f"CombineSegments's segments that are not scalars must have one shape, got {fmt(shape)} "
                    f"and {fmt(b)} (segment {k})",
                    port=3 * k,
                )
            shape = merged
        if any(ins[3 * k].shape is None for k in range(n)) and shape == ():
            shape = None
        ids = ins[-1]
        check_rank(self.type, "ids", ids, (1,), len(ins) - 1)
        if ids.shape is not None and ids.shape[0].is_static and ids.shape[0].lo != n:
            raise ValidationError(
                f"CombineSegments's ids hold {ids.shape[0].lo} entries for {n} segments", port=len(ins) - 1
            )
        length = DYN
        known = [f.value is not None for k in range(n) for f in ins[3 * k : 3 * k + 2]]
        sizes = [_static_size(ins[3 * k + 2]) for k in range(n)]
        if all(known) and None not in sizes:
            _, _, lens = _pieces([f.value for f in ins[:-1]], sizes)
            length = fixed(int(lens.sum()))
        return [
            Fact(I32, shape),
            Fact(I32, shape),
            Fact(I32, (length,)),
            Fact(I32, shape),
            Fact(I32, shape),
            Fact(ids.etype, (length,)),
        ]

    def compute(self, *ins):
        n = _segments(len(ins))
        ids = ins[-1].reshape(-1)
        if ids.size != n:
            raise ExecutionError(f"CombineSegments's ids hold {ids.size} entries for {n} segments")
        shape, starts, lens = _pieces(ins[:-1], [ins[3 * k + 2].size for k in range(n)])
        rows = int(np.prod(shape))
        total = int(lens.sum())
        data = np.concatenate([ins[3 * k + 2].reshape(-1) for k in range(n)])
        size = total * max(data.itemsize, ids.itemsize)
        if total > MAX_CHARS or size > default_max_tensor_bytes():
            raise ExecutionError(
                f"CombineSegments's rows would hold {total} elements ({fmt_bytes(size)}), past its i32 offsets "
                "or the budget for one tensor"
            )
        row_lens = lens.reshape(rows, n).sum(1)
        ends = np.cumsum(row_lens)
        out_b = (ends - row_lens).astype(np.int32).reshape(shape)
        out_e = ends.astype(np.int32).reshape(shape)
        where, _ = gather(starts, lens)
        seg_ids = np.repeat(np.tile(ids, rows), lens)
        return out_b, out_e, data[where].astype(np.int32), out_b.copy(), out_e.copy(), seg_ids


def _segments(count: int) -> int:
    """How many segments ``count`` inputs hold, or a refusal."""
    if count < 4 or (count - 1) % 3:
        raise ValidationError(
            f"CombineSegments takes a begins, ends and data triple per segment and the ids: 3n + 1 inputs (n >= 1), got {count}"
        )
    return (count - 1) // 3


def _alike(b, e) -> bool:
    """Whether begins and ends of these shapes may describe the same rows: one shape, or one
    element each (openvino_tokenizers gives a special token's segment a scalar begins and, when
    special tokens can be switched off, ends of shape [1])."""
    if len(b) == len(e) and None not in map(intersect, b, e):
        return True
    return all(d.compatible(ONE) for d in b + e)


def _static_size(fact):
    """The element count of a 1-D input whose length is known, else None."""
    if fact.shape is None or len(fact.shape) != 1 or not fact.shape[0].is_static:
        return None
    return int(fact.shape[0].lo)


def _pieces(triples: list, sizes: list) -> tuple:
    """(rows' shape, each piece's start in the segments' data laid end to end, its length), the
    pieces in output order: row by row, each row's segments in order. Ranges are checked
    against ``sizes`` (each segment's data length); a segment of one row serves every row."""
    n = len(sizes)
    shapes = [np.shape(triples[3 * k]) for k in range(n)]
    shape = next((s for s in shapes if s != ()), ())
    rows = int(np.prod(shape))
    begins, lengths, at = [], [], 0
    for k in range(n):
        b, e = check_ranges(
            "CombineSegments", f"segment {k}'s element range", triples[3 * k], triples[3 * k + 1], sizes[k]
        )
        if b.size != rows and not (b.size == 1 and shapes[k] == ()):
            raise ExecutionError(f"CombineSegments's segment {k} has {b.size} rows, the others {rows}")
        begins.append(np.broadcast_to(b + at, rows))
        lengths.append(np.broadcast_to(e - b, rows))
        at += sizes[k]
    return shape, np.stack(begins, 1).reshape(-1), np.stack(lengths, 1).reshape(-1)
