"""The rows RGBtoNV12-17 and BGRtoNV12-17 share. The installed CPU plugin cannot run them (no
kernel, no reference fallback), so every case is irexec's alone against the spec's values, worked
out pixel by pixel below; the shape rule's refusals are those OpenVINO's own shape inference makes."""

import math

import numpy as np

from cases.rows import Case, Error, T, Table


def _yuv(p, R):
    r, g, b = (float(np.float32(p[R])), float(np.float32(p[1])), float(np.float32(p[2 - R])))
    return (
        0.257 * r + 0.504 * g + 0.098 * b + 16,
        -0.148 * r - 0.291 * g + 0.439 * b + 128,
        0.439 * r - 0.368 * g - 0.071 * b + 128,
    )


def _u8(x):
    return min(max(math.floor(x + 0.5), 0), 255)


def expect(pixels, R, single=True):
    """The spec's u8 NV12 planes of an image [N, H, W, 3] given as nested lists."""
    a = np.asarray(pixels)
    n, h, w, _ = a.shape
    yuv = np.array(
        [[[[_u8(c) for c in _yuv(a[i, j, k], R)] for k in range(w)] for j in range(h)] for i in range(n)], int
    ).reshape(n, h, w, 3)
    y = yuv[..., 0].astype(np.uint8)
    blocks = yuv[..., 1:].reshape(n, h // 2, 2, w // 2, 2, 2).sum(axis=(2, 4)) / 4
    uv = np.vectorize(_u8, otypes=[int])(blocks).astype(np.uint8)
    if single:
        return (np.concatenate((y, uv.reshape(n, h // 2, w)), axis=1)[..., None],)
    return (y[..., None], uv)


def rows(n, h, w, seed):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 256, (n, h, w, 3)).tolist()


IMG = rows(2, 4, 6, 1)
BIG = rows(1, 8, 10, 2)
TWO = {"single_plane": "false"}


def case(op_type, R, pixels, etype="u8", attrs=None, name="", **kw):
    single = not attrs
    shape = np.asarray(pixels).shape if pixels else (0, 4, 6, 3)
    return Case(
        (T(etype, shape, pixels if pixels else None),),
        attrs=attrs or {},
        expect=expect(pixels or np.zeros(shape, int), R, single),
        oracle=False,
        why=f"the CPU plugin has no {op_type} kernel",
        outputs=1 if single else 2,
        name=name,
        **kw,
    )


def table(op_type: str, R: int) -> Table:
    """The table of ``op_type``, whose input holds red in channel ``R`` (0: RGB, 2: BGR)."""
    RED = [[[[255, 0, 0][R], 0, [255, 0, 0][2 - R]]] * 2] * 2
    table = Table(
        op_type,
        "opset17",
        cases=[
            case(op_type, R, [RED], name="u8 red: Y 82, U 90, V 240"),
            case(op_type, R, [RED], attrs=TWO, name="u8 red, two planes"),
            case(op_type, R, IMG, name="u8, batch 2, one plane"),
            case(op_type, R, IMG, attrs=TWO, name="u8, batch 2, two planes"),
            case(op_type, R, BIG, name="u8, many values (halves away from zero)"),
            case(op_type, R, None, name="empty batch"),
        ],
    )
    table.errors = [
        Error((T("u8", (4, 6, 3)),), match=r"input must be 4-D", code="S005", at="lint", name="3-D input"),
        Error((T("u8", (1, 4, 6, 4)),), match="must have 3 channels", code="S005", at="lint", name="4 channels"),
        Error((T("u8", (1, 4, 6, 1)),), match="must have 3 channels", code="S005", at="lint", name="1 channel"),
        Error((T("u8", (1, 5, 6, 3)),), match="image height must be even, got 5", code="S005", at="lint", name="odd H"),
        Error((T("u8", (1, 4, 5, 3)),), match="image width must be even, got 5", code="S005", at="lint", name="odd W"),
        Error(
            (T("u8", (1, 4, 5, 3)),),
            attrs=TWO,
            match="width must be even",
            code="S005",
            at="lint",
            name="odd W, 2 planes",
            outputs=2,
        ),
        Error((T("i32", (1, 4, 6, 3)),), match="data must be u8 or f16", code="S005", at="lint", name="i32 input"),
    ]
    return table
