"""What the detection ops share: float-list attributes (stored as OpenVINO stores them, in f32),
the two-element size inputs of the prior-box ops, and the f32 arithmetic helpers."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt
from ..attrs import MAX_LIST, Attr
from ..elementwise import HALF

F32 = np.float32


def f32(x) -> np.float32:
    """A value as OpenVINO holds an f32 attribute."""
    return np.float32(x)


@dataclass(frozen=True)
class Floats(Attr):
    """A ``float[]`` attribute: comma-separated (OpenVINO writes "1, 2.5"), each value rounded to
    f32 as OpenVINO stores it; empty text is the empty list."""

    def parse(self, raw):
        if raw is None:
            return super().parse(raw)
        text = raw.strip()
        if not text:
            return ()
        if text.count(",") >= MAX_LIST:
            raise ValidationError(f"attribute {self.name}={raw!r} has more than {MAX_LIST} entries")
        try:
            return tuple(float(np.float32(float(x))) for x in text.split(","))
        except ValueError as e:
            raise ValidationError(f"attribute {self.name}={raw!r} is not a valid list of floats: {e}") from None


def floats(name: str, default=()) -> Floats:
    return Floats(name, "floats", default)


def require_positive_list(name: str, values, allow_zero: bool = False) -> None:
    bad = [v for v in values if not (v >= 0 if allow_zero else v > 0)]
    if bad:
        what = "non-negative" if allow_zero else "positive"
        raise ValidationError(f"attribute {name} must hold {what} numbers, got {list(values)}")


def check_variance(variance) -> None:
    if len(variance) not in (0, 1, 4):
        raise ValidationError(f"attribute variance must have 0, 1 or 4 values, got {len(variance)}")
    require_positive_list("variance", variance, allow_zero=True)


def variance_rows(variance, count: int) -> np.ndarray:
    """The second row of a prior-box output: the 4 variances of each of ``count`` boxes (0.1
    when none are given, one value repeated when one is)."""
    var = np.asarray(variance or (0.1,), F32)
    return np.broadcast_to(var if var.size == 4 else np.repeat(var, 4), (count, 4)).reshape(-1)


def two_sizes_rule(op, output_size, image_size) -> None:
    """output_size and image_size are 1-D with two elements ([height, width])."""
    for port, (name, f) in enumerate((("output_size", output_size), ("image_size", image_size))):
        if f.shape is None:
            continue
        if len(f.shape) != 1:
            raise ValidationError(f"{op.type}'s {name} must be 1-D, got {fmt(f.shape)}", port=port)
        if f.shape[0].is_static and f.shape[0].lo != 2:
            raise ValidationError(
                f"{op.type}'s {name} must have two elements [height, width], got {fmt(f.shape)}", port=port
            )


def grid_size(value, what: str = "output_size") -> tuple:
    """[height, width] from an output_size value, refused when negative."""
    h, w = (int(v) for v in np.asarray(value).reshape(-1)[:2])
    if h < 0 or w < 0:
        raise ValidationError(f"{what} must not be negative, got [{h}, {w}]")
    return h, w


def image_dims(value) -> tuple:
    """[image_height, image_width] from an image_size value, refused unless positive (the boxes
    are divided by them)."""
    ih, iw = (int(v) for v in np.asarray(value).reshape(-1)[:2])
    if ih <= 0 or iw <= 0:
        raise ValidationError(f"image_size must be positive, got [{ih}, {iw}]")
    return ih, iw


def to_f32(a) -> np.ndarray:
    """An f16/bf16/f32/f64 input in f32 (the plugin computes these ops in f32)."""
    return np.asarray(a, F32)


def out_type(result: np.ndarray, like: np.ndarray) -> np.ndarray:
    """An f32 result in the inputs' element type (f16 and bf16 round once at the end)."""
    dtype = np.asarray(like).dtype
    return result.astype(dtype) if dtype in HALF or dtype != result.dtype else result
