"""What the position-sensitive pooling and ROI feature ops share: the batch ids of ``[batch_id,
x1, y1, x2, y2]`` ROIs (truncated toward zero, checked against the batch), C's rounding, and
bilinear reads of many points of many channels at once."""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...kernels.indices import IndexOutOfRangeError
from ...shapes import fixed, fmt

F32 = np.float32


def batch_ids(rois) -> np.ndarray:
    """The batch id of each ROI row: its first value truncated toward zero."""
    r = np.asarray(rois).reshape(-1, 5)
    return r[:, 0].astype(F32).astype(np.int64)


def bad_batch_id(op_type: str, rois, n: int):
    """The message for the first batch id out of [0, n), or None."""
    ids = batch_ids(rois) if np.size(rois) else np.zeros(0, np.int64)
    bad = (ids < 0) | (ids >= n)
    return f"{op_type}'s batch id {int(ids[bad][0])} is out of range [0, {n})" if bad.any() else None


def check_batch_ids(op, rois, data_shape, port: int = 1) -> None:
    """The rule's check of known ROI values against a known batch size (C004)."""
    if rois.value is not None and data_shape is not None and data_shape[0].is_static:
        bad = bad_batch_id(op.type, rois.value, data_shape[0].lo)
        if bad:
            raise ValidationError(bad, port=port, code="C004")


def refuse_batch_ids(op, rois, n: int, port: int = 1) -> None:
    """compute's check of the ROI values against the batch."""
    bad = bad_batch_id(op.type, rois, n)
    if bad:
        raise IndexOutOfRangeError(bad, port=port)


def rois5_rule(op, data, rois) -> None:
    """data is 4-D and rois [num_rois, 5]."""
    if data.shape is not None and len(data.shape) != 4:
        raise ValidationError(f"{op.type}'s data must be 4-D, got shape {fmt(data.shape)}", port=0)
    if rois.shape is not None and (len(rois.shape) != 2 or not rois.shape[1].compatible(fixed(5))):
        raise ValidationError(f"{op.type}'s rois must be [num_rois, 5], got shape {fmt(rois.shape)}", port=1)


def round_half_away(x) -> np.ndarray:
    """C's round(): halves away from zero, in f32."""
    x = np.asarray(x, F32)
    return (np.sign(x) * np.floor(np.abs(x) + F32(0.5))).astype(F32)


def box_sums(img: np.ndarray) -> np.ndarray:
    """The summed-area table of [..., H, W] (f64, a zero row and column in front): the sum of
    rows [a, b) and columns [c, d) is t[b, d] - t[a, d] - t[b, c] + t[a, c]."""
    t = np.zeros(img.shape[:-2] + (img.shape[-2] + 1, img.shape[-1] + 1), np.float64)
    t[..., 1:, 1:] = np.cumsum(np.cumsum(img, axis=-2, dtype=np.float64), axis=-1)
    return t
