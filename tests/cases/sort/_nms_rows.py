"""Inputs the NonMaxSuppression tables share: boxes that overlap in known ways, distinct scores."""

import numpy as np

from cases.rows import T

# Three clusters along x: boxes 0-2 overlap (IoU 0.82 and 0.82 with box 0), 3-4 overlap (0.82),
# 5 stands alone. Box 3 scores highest, then 0.
SIX = [[[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], [0, 10.1, 1, 11.1], [0, 100, 1, 101]]]
SIX_SCORES = [[[0.9, 0.75, 0.6, 0.95, 0.5, 0.3]]]
# Every pair of these overlaps (all hold the point (1, 1)): with iou_threshold 0 one box a class.
CROWD = [[[0, 0, 2, 2], [0.5, 0.5, 1.5, 3], [2, 2, 0.25, 0.75], [1, 1, 3, 3]]]
# IoU of boxes 0 and 1 is exactly 0.5; box 2 is apart.
HALF = [[[0, 0, 1, 1], [0, 0, 2, 1], [5, 5, 6, 6]]]


def boxes(batches, n, seed, center=False, const=False, etype="f32"):
    """Random boxes in an 8 x 8 square, sides 1 to 4, in eighths; corner boxes with some corners
    swapped (the same boxes)."""
    rng = np.random.default_rng(seed)
    y, x = rng.integers(0, 64, (2, batches, n)) / 8
    h, w = rng.integers(8, 32, (2, batches, n)) / 8
    if center:
        return T(etype, (batches, n, 4), np.stack((x + w / 2, y + h / 2, w, h), -1), const=const)
    b = np.stack((y, x, y + h, x + w), -1)
    swap = rng.integers(0, 2, (batches, n)).astype(bool)
    b[swap] = b[swap][:, [2, 3, 0, 1]]
    return T(etype, (batches, n, 4), b, const=const)


def scores(batches, classes, n, seed, etype="f32", const=False):
    """Distinct scores in (0, 1): no ties."""
    count = batches * classes * n
    values = (np.random.default_rng(seed).permutation(count) + 1) / (count + 1)
    return T(etype, (batches, classes, n), values.reshape(batches, classes, n), const=const)


def i64(v, const=True, etype="i64"):
    return T(etype, (), v, const=const)


def f32(v, const=True, shape=()):
    return T("f32", shape, np.full(shape, v) if shape else v, const=const)
