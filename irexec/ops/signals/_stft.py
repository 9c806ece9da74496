"""What STFT and ISTFT share: their frame_size and frame_step scalars, the window's checks, and
the window padded with zeros to frame_size, centred."""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fmt
from ..common import scalar_int
from ..op import Fact

# The ports of window, frame_size and frame_step, in both ops.
WINDOW, FRAME_SIZE, FRAME_STEP = 1, 2, 3


def require_rank(op: str, fact: Fact, ranks: tuple, what: str, say: str, port: int) -> None:
    if fact is not None and fact.shape is not None and len(fact.shape) not in ranks:
        raise ValidationError(f"{op}'s {what} must be {say}, got shape {fmt(fact.shape)}", port=port)


def frame_size(op: str, value) -> int:
    n = scalar_int(value, f"{op}'s frame_size")
    if n < 1:
        raise ValidationError(f"{op}'s frame_size must be positive, got {n}", port=FRAME_SIZE)
    return n


def frame_step(op: str, value) -> int:
    n = scalar_int(value, f"{op}'s frame_step")
    if n < 1:
        raise ValidationError(f"{op}'s frame_step must be positive, got {n}", port=FRAME_STEP)
    return n


def known_scalars(op: str, size: Fact, step: Fact) -> tuple:
    """frame_size and frame_step when known (None otherwise), checked."""
    require_rank(op, size, (0,), "frame_size", "a scalar", FRAME_SIZE)
    require_rank(op, step, (0,), "frame_step", "a scalar", FRAME_STEP)
    fs = None if size.value is None else frame_size(op, size.value)
    st = None if step.value is None else frame_step(op, step.value)
    return fs, st


def check_window(op: str, length: int, fs: int) -> None:
    if not 1 <= length <= fs:
        raise ValidationError(f"{op}'s window must have 1 to frame_size ({fs}) values, got {length}", port=WINDOW)


def window_facts(op: str, window: Fact, fs) -> None:
    require_rank(op, window, (1,), "window", "a 1-D tensor", WINDOW)
    if window.shape is not None and fs is not None:
        d = window.shape[0]
        if d.lo > fs or d.hi == 0:
            check_window(op, d.lo if d.lo > fs else 0, fs)


def padded_window(op: str, window: np.ndarray, fs: int) -> np.ndarray:
    """The window (f64) with zeros on both sides to ``fs`` values: (fs - length) // 2 on the left."""
    check_window(op, window.shape[0], fs)
    out = np.zeros(fs, np.float64)
    left = (fs - window.shape[0]) // 2
    out[left : left + window.shape[0]] = window.astype(np.float64)
    return out
