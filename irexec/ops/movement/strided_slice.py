"""StridedSlice-1: ``data[key]`` for the NumPy basic-indexing key the ``begin``, ``end`` and
``strides`` inputs (strides default to 1) and five bit masks build, entry i being: with
``ellipsis_mask`` an Ellipsis, with ``new_axis_mask`` a new axis of 1, with
``shrink_axis_mask`` the index ``begin[i]`` (the dim is dropped), else the slice
``begin[i]:end[i]:strides[i]``, ``begin_mask``/``end_mask`` replacing a bound by the whole
extent. Bounds are clamped as OpenVINO does (see ``_slicing``).

On one bit, ellipsis beats new_axis beats shrink (what the CPU plugin's kernel does). OpenVINO
refuses masks of different lengths; an empty mask means all zeros.

Where the CPU plugin departs: its kernel returns wrong values (garbage memory included) wherever a
new_axis bit comes before a shrink bit (with constant bounds too: [0,1,0]/[0,2,0] with new_axis
[1,0,0] and shrink [0,1,0] should be x[None, 1]; with run-time bounds some such layers do not even
compile), and for mask bits past the length of begin; only its constant folding (the reference) gets
those right. It computes i64 bounds fed at run time as i32.
"""

from __future__ import annotations

from ...errors import ValidationError
from ..common import require_rank
from ..op import REQUIRED, Attr, Input
from ..registry import register
from ._slicing import SliceBase, vector


def _bits(mask: tuple, n: int) -> list:
    return [bool(mask[i]) if i < len(mask) else False for i in range(n)]


def strided_slice_key(op, rank: int, begin: list, end: list, strides: list) -> list:
    n = len(begin)
    if len(end) != n or len(strides) != n:
        raise ValidationError(
            f"begin, end and strides must have one length, got {len(begin)}, {len(end)}, {len(strides)}"
        )
    bm, em = _bits(op.begin_mask, n), _bits(op.end_mask, n)
    nm, sm, el = _bits(op.new_axis_mask, n), _bits(op.shrink_axis_mask, n), _bits(op.ellipsis_mask, n)
    if sum(el) > 1:
        raise ValidationError("ellipsis_mask may have one bit set at most")
    key = []
    for i in range(n):
        # On one bit, ellipsis beats new_axis beats shrink (what the plugin's kernel does).
        if el[i]:
            key.append(Ellipsis)
        elif nm[i]:
            key.append(None)
        elif sm[i]:
            key.append(begin[i])
        else:
            if strides[i] == 0:
                raise ValidationError("StridedSlice stride must not be 0")
            # A mask bit of 1 means "ignore the given value and use the whole extent".
            key.append(slice(None if bm[i] else begin[i], None if em[i] else end[i], strides[i]))
    consumed = sum(1 for k in key if k is not None and k is not Ellipsis)
    if consumed > rank:
        raise ValidationError(f"StridedSlice slices {consumed} dims of a rank-{rank} input")
    shrunk = sum(1 for k in key if k is not None and k is not Ellipsis and not isinstance(k, slice))
    require_rank(rank + key.count(None) - shrunk)
    return key


@register
class StridedSlice1(SliceBase):
    type, version = "StridedSlice", "opset1"
    builder_args = (
        "data",
        "begin",
        "end",
        ("strides", REQUIRED),
        "begin_mask",
        "end_mask",
        ("new_axis_mask", None),
        ("shrink_axis_mask", None),
        ("ellipsis_mask", None),
    )
    spec = "movement/strided-slice-1"
    inputs = (
        Input("data"),
        Input("begin", "int", role="sizes", value=True),
        Input("end", "int", role="sizes", value=True),
        Input("strides", "int", role="sizes", value=True, optional=True),
    )
    attrs = (
        Attr("begin_mask", "ints"),
        Attr("end_mask", "ints"),
        Attr("new_axis_mask", "ints", ()),
        Attr("shrink_axis_mask", "ints", ()),
        Attr("ellipsis_mask", "ints", ()),
    )

    def setup(self):
        masks = {a.name: getattr(self, a.name) for a in self.attrs}
        for name, mask in masks.items():
            if any(b not in (0, 1) for b in mask):
                raise ValidationError(f"StridedSlice {name} {list(mask)} must hold only 0 and 1")
        # OpenVINO refuses masks of different lengths; an empty mask means all zeros.
        lengths = {len(m) for m in masks.values() if len(m)}
        if len(lengths) > 1:
            raise ValidationError(
                "StridedSlice masks must have one length (or be empty), got "
                + ", ".join(f"{n}={list(m)}" for n, m in masks.items())
            )

    def raw_key(self, rank, values):
        begin, end = vector(values[0], "begin"), vector(values[1], "end")
        strides = vector(values[2], "strides") if len(values) > 2 else [1] * len(begin)
        return strided_slice_key(self, rank, begin, end, strides)

    def unknown_shape(self, shape):
        # New and shrunk axes can change the rank.
        return None
