"""Col2Im-15: sums sliding blocks back into an image, the inverse placement of an unfold. data is
[N, C * k0 * k1, L] (or [C * k0 * k1, L], unbatched) for ``kernel_size`` [k0, k1]; the image is
[N, C, H, W] (or [C, H, W]) for ``output_size`` [H, W]. With the block counts per axis::

    L0 = floor((H + pads_begin[0] + pads_end[0] - dilations[0] * (k0 - 1) - 1) / strides[0]) + 1

(L1 alike over W), L must be L0 * L1, and each block element is added to the image::

    out[n, c, b0 * strides[0] - pads_begin[0] + i * dilations[0],
              b1 * strides[1] - pads_begin[1] + j * dilations[1]]
        += data[n, (c * k0 + i) * k1 + j, b0 * L1 + b1]

(elements that fall in the padding are dropped; positions no block covers are 0). Integers wrap;
f16/bf16 sum in f32 and round once. kernel_size must be positive and output_size non-negative;
an axis whose padded size is smaller than a block's extent has no block (L0 = 0), and the image
is zeros.

Departs from OpenVINO there: it computes the block count in unsigned integers and refuses the
layer (it wants -2^63 blocks).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, is_static
from ..common import int_vector, itemsize, require_array_shape
from ..elementwise import HALF
from ..op import Attr, Fact, Input, Op
from ..registry import register


def _pair(op, value, name: str, least: int, port: int) -> list:
    v = int_vector(value, name)
    if len(v) != 2:
        raise ValidationError(f"Col2Im's {name} must have 2 values, got {v}", port=port)
    if min(v) < least:
        raise ValidationError(f"Col2Im's {name} must be {'positive' if least else 'non-negative'}, got {v}", port=port)
    return v


@register
class Col2Im(Op):
    type, version = "Col2Im", "opset15"
    builder_name = "col2im"
    builder_args = (
        "data",
        "output_size",
        "kernel_size",
        ("strides", None),
        ("dilations", None),
        ("pads_begin", None),
        ("pads_end", None),
    )
    spec = "movement/col2im-15"
    inputs = (
        Input("data", "numeric"),
        Input("output_size", "i32|i64", role="shape", value=True),
        Input("kernel_size", "i32|i64", role="sizes", value=True),
    )
    attrs = (
        Attr("strides", "ints", (1, 1)),
        Attr("dilations", "ints", (1, 1)),
        Attr("pads_begin", "ints", (0, 0)),
        Attr("pads_end", "ints", (0, 0)),
    )

    def setup(self):
        for name, least in (("strides", 1), ("dilations", 1), ("pads_begin", 0), ("pads_end", 0)):
            value = list(getattr(self, name))
            if len(value) != 2:
                raise ValidationError(f"Col2Im's {name} must have 2 values, got {value}")
            if min(value) < least:
                raise ValidationError(f"Col2Im's {name} must be {'positive' if least else 'non-negative'}, got {value}")

    def blocks(self, size: list, kernel: list) -> list:
        """L0, L1: the blocks along each axis."""
        return [
            max(
                0,
                (size[d] + self.pads_begin[d] + self.pads_end[d] - self.dilations[d] * (kernel[d] - 1) - 1)
                // self.strides[d]
                + 1,
            )
            for d in range(2)
        ]

    def output_facts(self, data, output_size, kernel_size):
        for port, (name, f) in enumerate((("output_size", output_size), ("kernel_size", kernel_size)), 1):
            if f.shape is not None and (len(f.shape) != 1 or not f.shape[0].compatible(fixed(2))):
                raise ValidationError(
                    f"Col2Im's {name} must be a 1-D tensor of 2 values, got shape {fmt(f.shape)}", port=port
                )
        if data.shape is None:
            return Fact(data.etype, None)
        if len(data.shape) not in (2, 3):
            raise ValidationError(
                f"Col2Im's data must be 2-D (unbatched) or 3-D (batched), got shape {fmt(data.shape)}"
            )
        batch, (cols, blocks) = data.shape[:-2], data.shape[-2:]
        size = None if output_size.value is None else _pair(self, output_size.value, "output_size", 0, 1)
        kernel = None if kernel_size.value is None else _pair(self, kernel_size.value, "kernel_size", 1, 2)
        channels = DYN
        if kernel is not None and cols.is_static:
            k = kernel[0] * kernel[1]
            if cols.lo % k:
                raise ValidationError(
                    f"Col2Im's data has {cols.lo} values per block, not a multiple of "
                    f"kernel_size {kernel[0]} x {kernel[1]}"
                )
            channels = fixed(cols.lo // k)
        h = w = DYN
        if size is not None:
            h, w = fixed(size[0]), fixed(size[1])
            if is_static(batch) and channels.is_static:
                require_array_shape([d.lo for d in batch] + [channels.lo] + size, itemsize(data))
            if kernel is not None:
                l0, l1 = self.blocks(size, kernel)
                if not blocks.compatible(fixed(l0 * l1)):
                    raise ValidationError(
                        f"Col2Im's data holds {blocks} blocks, output_size {size} "
                        f"and kernel_size {kernel} make {l0} x {l1} = {l0 * l1}"
                    )
        return Fact(data.etype, batch + (channels, h, w))

    def compute(self, data, output_size, kernel_size):
        size = _pair(self, output_size, "output_size", 0, 1)
        k0, k1 = _pair(self, kernel_size, "kernel_size", 1, 2)
        l0, l1 = self.blocks(size, [k0, k1])
        batched = data.ndim == 3
        x = data if batched else data[None]
        n, c = x.shape[0], x.shape[1] // (k0 * k1)
        work = np.float32 if data.dtype in HALF else data.dtype
        out = np.zeros((n, c, size[0], size[1]), work)
        if out.size and l0 and l1:
            x = x.reshape(n, c, k0, k1, l0, l1)
            for i in range(k0):  # (the kernel's taps: each adds one strided slice of blocks)
                rows, take0 = _reach(i, l0, size[0], self.strides[0], self.dilations[0], self.pads_begin[0])
                for j in range(k1):
                    cols, take1 = _reach(j, l1, size[1], self.strides[1], self.dilations[1], self.pads_begin[1])
                    if rows is not None and cols is not None:
                        out[:, :, rows, cols] += x[:, :, i, j, take0, take1]
        out = out.astype(data.dtype, copy=False)
        return out if batched else out[0]


def _reach(tap: int, blocks: int, size: int, stride: int, dilation: int, pad: int):
    """Along one axis, for kernel element ``tap``: (the image positions its blocks land on inside
    the image, the blocks that do) as slices; (None, None) when none does. Block b lands on
    b * stride - pad + tap * dilation."""
    offset = tap * dilation - pad
    first = max(0, -(offset // stride))  # the first block at or past position 0
    last = min(blocks, (size - 1 - offset) // stride + 1) if size - 1 - offset >= 0 else 0
    if last <= first:
        return None, None
    start = first * stride + offset
    return slice(start, start + (last - first - 1) * stride + 1, stride), slice(first, last)
