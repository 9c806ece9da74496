"""A minimal reader of the protobuf wire format, for the SentencePiece ModelProto the Sentencepiece*
ops carry as a u8 Const.

Only what a schema-less walk needs: each field's number, wire type and raw value (a varint, a
fixed32/fixed64 word, or the bytes of a length-delimited field, a slice of the buffer). Every
length is checked against what is left before anything is sliced, so a hostile blob gives one
clear error (``ProtobufError``) and never a large allocation; groups (wire types 3 and 4,
deprecated and unused by SentencePiece) are refused."""

from __future__ import annotations

import struct

VARINT, FIXED64, BYTES, FIXED32 = 0, 1, 2, 5
_MAX_VARINT_BYTES = 10  # 64 bits, 7 a byte


class ProtobufError(ValueError):
    """The bytes are not a well-formed protobuf message (the message says where)."""


def varint(data: bytes, at: int) -> tuple:
    """(value, next offset) of the varint at ``at``."""
    value, shift = 0, 0
    for k in range(_MAX_VARINT_BYTES):
        if at + k >= len(data):
            raise ProtobufError(f"a varint at byte {at} runs past the end ({len(data)} bytes)")
        b = data[at + k]
        value |= (b & 0x7F) << shift
        if b < 0x80:
            return value & 0xFFFFFFFFFFFFFFFF, at + k + 1
        shift += 7
    raise ProtobufError(f"a varint at byte {at} is longer than {_MAX_VARINT_BYTES} bytes")


def fields(data: bytes):
    """Yield (field number, wire type, value) of each field of the message ``data``, in order."""
    at, n = 0, len(data)
    while at < n:
        start = at
        key, at = varint(data, at)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise ProtobufError(f"field number 0 at byte {start}")
        if wire == VARINT:
            value, at = varint(data, at)
        elif wire == BYTES:
            size, at = varint(data, at)
            if size > n - at:
                raise ProtobufError(f"field {number} at byte {start} says it holds {size} bytes, {n - at} are left")
            value, at = data[at : at + size], at + size
        elif wire in (FIXED32, FIXED64):
            size = 4 if wire == FIXED32 else 8
            if size > n - at:
                raise ProtobufError(f"field {number} at byte {start} needs {size} bytes, {n - at} are left")
            value, at = data[at : at + size], at + size
        else:
            raise ProtobufError(f"field {number} at byte {start} has wire type {wire}, which this reader refuses")
        yield number, wire, value


def as_int32(value: int) -> int:
    """An int32/enum field's varint as the signed value (negatives travel as 64-bit two's complement)."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def as_float(raw: bytes) -> float:
    """A fixed32 float field, as the f32 value (exact in a Python float)."""
    return struct.unpack("<f", raw)[0]


def expect(number: int, wire: int, got: int, name: str):
    """Refuse a field whose wire type is not its schema's (protobuf would fail to parse it)."""
    if wire != got:
        raise ProtobufError(f"field {number} ({name}) has wire type {wire}, expected {got}")
