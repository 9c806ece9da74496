"""Greedy non-maximum suppression as the detection ops run it: candidates in their order, each
kept unless a kept one overlaps it by more than the threshold. One step per kept box, each a
whole-vector overlap of that box with every candidate still alive."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


def greedy_keep(count: int, overlaps: Callable[[int], np.ndarray], threshold, limit: int | None = None) -> list:
    """The positions (in candidate order) of the kept candidates: ``overlaps(i)`` is candidate
    i's overlap with every candidate (a vector); ``limit`` stops after that many kept."""
    kept = []
    alive = np.ones(count, bool)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        while (limit is None or len(kept) < limit) and alive.any():
            i = int(np.argmax(alive))  # the first candidate still alive
            kept.append(i)
            alive[i] = False
            alive &= ~(overlaps(i) > threshold)
    return kept
