"""The .bin's packed sub-byte layouts, as OpenVINO writes and reads them (measured on 2026.4).

i4/u4 (and the 4-bit float codes f4e2m1 and nf4) put the first element in the low nibble of each
byte; u1 puts the first element in the most significant bit; u2 (four to a byte) in the two lowest
bits. u3 and u6 pack 8 and 4 elements in groups of 3 bytes, the tensor's last group padded whole
(``ElementType.nbytes``): two bytes of each element's low 2 (u3) or 4 (u6) bits, then one of its
high bits, the first element highest in each (``_LAYOUTS``). u1, u2, u3 and u6 unpack to uint8.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from ..types import ElementType

# nf4's 16 values, code 0 to 15 (OpenVINO's ConvertNF4 table, from bitsandbytes' NormalFloat4),
# as the f32 values OpenVINO's lookup gives.
NF4 = np.array(
    [
        -1.0,
        -0.6961928009986877,
        -0.5250730514526367,
        -0.39491748809814453,
        -0.28444138169288635,
        -0.18477343022823334,
        -0.09105003625154495,
        0.0,
        0.07958029955625534,
        0.16093020141124725,
        0.24611230194568634,
        0.33791524171829224,
        0.44070982933044434,
        0.5626170039176941,
        0.7229568362236023,
        1.0,
    ],
    dtype=np.float32,
)


def unpack(raw: np.ndarray, etype: ElementType, count: int) -> np.ndarray:
    """Unpack ``count`` sub-byte elements from the bytes ``raw`` (uint8) in OpenVINO's order."""
    if etype.name == "u1":
        return np.unpackbits(raw, bitorder="big", count=count)
    if etype.name in ("u2", "u3", "u6"):
        return _unpack_uint(raw, etype.name)[:count]
    low = raw & 0x0F
    high = raw >> 4
    nibbles = np.empty(raw.size * 2, dtype=np.uint8)
    nibbles[0::2] = low
    nibbles[1::2] = high
    nibbles = nibbles[:count]
    if etype.name == "nf4":
        return NF4[nibbles]
    if etype.name == "f4e2m1":
        return nibbles.view(ml_dtypes.float4_e2m1fn)
    if etype.name == "i4":
        signed = nibbles.astype(np.int8)
        signed[signed > 7] -= 16
        return signed.astype(ml_dtypes.int4)
    return nibbles.astype(ml_dtypes.uint4)


def pack(values: np.ndarray, etype: ElementType) -> bytes:
    """Inverse of :func:`unpack`, used to write sample IRs and in tests."""
    flat = np.asarray(values).reshape(-1)
    if etype.name == "u1":
        return np.packbits(flat.astype(np.uint8) & 1, bitorder="big").tobytes()
    if etype.name in ("u2", "u3", "u6"):
        return _pack_uint(flat.astype(np.uint8) & ((1 << etype.bits) - 1), etype.name)
    if etype.name == "nf4":
        nib = nf4_codes(flat)
    elif etype.name == "f4e2m1":
        nib = flat.astype(ml_dtypes.float4_e2m1fn).view(np.uint8) & 0x0F
    else:
        nib = flat.astype(np.int8).astype(np.uint8) & 0x0F
    if nib.size % 2:
        nib = np.append(nib, np.uint8(0))
    return (nib[0::2] | (nib[1::2] << 4)).astype(np.uint8).tobytes()


# u2, u3 and u6 as the .bin lays them out: a group's bytes, then its planes. A plane (bits, low,
# shifts) holds ``bits`` of each element of the group, from the element's bit ``low`` up, at
# ``shifts`` in its bytes (in element order, a byte's worth at a time): u2's first element lowest,
# u3's and u6's highest (measured on OpenVINO 2026.4's save_model: tests/ir/test_narrow_types.py).
_LAYOUTS = {
    "u2": (1, ((2, 0, (0, 2, 4, 6)),)),
    "u3": (3, ((2, 0, (6, 4, 2, 0)), (1, 2, (7, 6, 5, 4, 3, 2, 1, 0)))),
    "u6": (3, ((4, 0, (4, 0)), (2, 4, (6, 4, 2, 0)))),
}


def _unpack_uint(raw: np.ndarray, name: str) -> np.ndarray:
    """The u2, u3 or u6 elements (uint8) of every whole group of ``raw``."""
    size, planes = _LAYOUTS[name]
    groups = raw[: raw.size // size * size].reshape(-1, size)
    out, start = np.zeros((len(groups), size * 8 // int(name[1:])), np.uint8), 0
    for bits, low, shifts in planes:
        n = out.shape[1] // len(shifts)  # (the plane's bytes in a group)
        fields = (groups[:, start : start + n, None] >> np.array(shifts, np.uint8)) & ((1 << bits) - 1)
        out |= fields.reshape(out.shape) << low
        start += n
    return out.reshape(-1)


def _pack_uint(v: np.ndarray, name: str) -> bytes:
    """Inverse of ``_unpack_uint`` for values in range, the last group padded with zeros."""
    size, planes = _LAYOUTS[name]
    per = size * 8 // int(name[1:])  # (elements in a group)
    v = np.concatenate([v, np.zeros(-v.size % per, np.uint8)]).reshape(-1, per)
    parts = []
    for bits, low, shifts in planes:
        fields = ((v >> low) & ((1 << bits) - 1)).reshape(len(v), per // len(shifts), len(shifts))
        parts.append(np.bitwise_or.reduce(fields << np.array(shifts, np.uint8), axis=2))
    return np.concatenate(parts, axis=1).astype(np.uint8).tobytes()


# Halfway between neighbouring NF4 values, in f32: where OpenVINO's quantizer moves to the next
# code (a value on a midpoint takes the lower code, as its "x > midpoint" tests do).
_NF4_MIDPOINTS = ((NF4[:-1].astype(np.float64) + NF4[1:]) / 2).astype(np.float32)


def nf4_codes(values) -> np.ndarray:
    """The nf4 code (0..15, uint8) of each value: the nearest table value, NaN giving code 0 as
    OpenVINO's comparisons (all false for NaN) do."""
    v = np.asarray(values, dtype=np.float32)
    codes = np.searchsorted(_NF4_MIDPOINTS, v, side="left").astype(np.uint8)
    return np.where(np.isnan(v), np.uint8(0), codes)
