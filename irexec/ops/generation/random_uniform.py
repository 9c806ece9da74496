"""RandomUniform-8: a tensor of the shape the ``shape`` input gives, of random values uniform in
[minval, maxval), bit for bit those of OpenVINO's generators for the same seeds.

``alignment`` "tensorflow" (the default) draws 32-bit words from Philox4x32-10 with key =
``global_seed`` and counter = ``op_seed``; "pytorch" from MT19937 seeded with ``global_seed``
(``op_seed`` is not used). The words become values of ``output_type`` as the spec says:

* tensorflow, f32 / f16 / bf16: one word each, its low 23 / 10 / 7 bits as the mantissa of a
  number in [1, 2), minus 1; f64: two words ``x0, x1``, mantissa ``(x0 & 0xfffff) << 32 | x1``;
  i32: ``x mod (maxval - minval) + minval``; i64: ``(x1 << 32 | x0) mod (maxval - minval) + minval``.
* pytorch, f32 / f16 / bf16: ``(x & (2^d - 1)) / 2^d`` for d = 24 / 11 / 8 significant bits;
  f64: two words, ``((x0 << 32 | x1) & (2^53 - 1)) / 2^53``; i32: ``x mod (maxval - minval) +
  minval``; i64: the same of one word when minval and maxval are below 2^32, else of
  ``x0 << 32 | x1``.
* a float u in [0, 1) becomes ``u * (maxval - minval) + minval``, the difference rounded to the
  output type; f16 and bf16 compute in f32 and round to the type at the end. With tensorflow the
  product and sum are rounded once (a fused multiply-add, as the CPU plugin computes); with
  pytorch, and for f64, each is rounded (as OpenVINO's reference computes).
  Integer arithmetic is exact: a range wider than the type (i32 from -2^31 to 2^31 - 1) is not
  wrapped.

Words are consumed in order, a 64-bit value taking two; a Philox call gives four.

Both seeds 0 ask for a non-deterministic sequence: irexec then draws a fresh global_seed from
the system's entropy on every run (as OpenVINO's reference seeds from the clock), so only the
shape, the type and the range can be relied on. minval must be less than maxval (OpenVINO checks
constants; irexec refuses run-time values too). Seeds are unsigned 64-bit.

Where the CPU plugin departs: it draws f16 and f64 outputs (and bf16 ones on a CPU without bf16
instructions, such as AVX2) as f32 values, one word each, and rounds them to the type; i64
outputs as i32 ones (one word, minval and maxval narrowed to 32 bits, so a maxval of 2^40 is
refused as not above minval); an i32 range wider than 2^31 - 1 gives other values (its
difference overflows). With pytorch alignment and bf16 instructions, its bf16 values are not
u * (maxval - minval) + minval rounded to nearest: some are one bf16 step lower.
It leaves a scalar output (an empty ``shape``) unwritten. With tensorflow alignment it moves its
generator on after every inference, so a compiled model's second inference gives other values;
irexec gives the first inference's values on every run (the spec describes one evaluation).
"""

from __future__ import annotations

import secrets

import ml_dtypes
import numpy as np

from ...errors import ValidationError
from ...shapes import fmt, static
from ..common import dyn_rank, int_vector, require_array_shape
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._philox import mt19937_words, philox_words

OUTPUT_TYPES = ("f16", "bf16", "f32", "f64", "i32", "i64")
_U64 = (1 << 64) - 1


@register
class RandomUniform(Op):
    type, version = "RandomUniform", "opset8"
    builder_args = (
        "output_shape=shape",
        "min_val=minval",
        "max_val=maxval",
        "output_type",
        "global_seed",
        "op_seed",
        "alignment",
    )
    spec = "generation/random-uniform-8"
    # (Seeds may be fixed: the output is folded like any other when every input is known.)
    inputs = (
        Input("shape", "i32|i64", role="shape", value=True),
        Input("minval", "numeric", value=True),
        Input("maxval", "numeric", same_as="minval", value=True),
    )
    attrs = (
        Attr("output_type", "etype"),
        Attr("global_seed", "int", 0),
        Attr("op_seed", "int", 0),
        Attr("alignment", "str", "tensorflow", ("tensorflow", "pytorch")),
    )

    def setup(self):
        if self.output_type.name not in OUTPUT_TYPES:
            raise ValidationError(
                f"RandomUniform output_type must be one of {', '.join(OUTPUT_TYPES)}, got {self.output_type}"
            )
        for name in ("global_seed", "op_seed"):
            if not 0 <= getattr(self, name) <= _U64:
                raise ValidationError(
                    f"RandomUniform {name} must be an unsigned 64-bit integer, got {getattr(self, name)}"
                )

    def output_facts(self, shape, minval, maxval):
        if shape.shape is not None and len(shape.shape) != 1:
            raise ValidationError(f"RandomUniform's shape must be 1-D, got shape {fmt(shape.shape)}", port=0)
        for port, f in ((1, minval), (2, maxval)):
            if f.shape is not None and not (
                len(f.shape) == 0 or (len(f.shape) == 1 and f.shape[0].compatible(static([1])[0]))
            ):
                raise ValidationError(
                    f"RandomUniform's {self.inputs[port].name} must be a scalar or a "
                    f"1-element 1-D tensor, got shape {fmt(f.shape)}",
                    port=port,
                )
            if f.etype is not None and f.etype.name != self.output_type.name:
                raise ValidationError(
                    f"RandomUniform's {self.inputs[port].name} must be of output_type "
                    f"{self.output_type}, got {f.etype}",
                    port=port,
                )
        if minval.value is not None and maxval.value is not None:
            _bounds(minval.value, maxval.value)
        if shape.value is not None:
            return Fact(self.output_type, static(self._dims(shape.value)))
        if shape.shape is not None and shape.shape[0].is_static:
            return Fact(self.output_type, dyn_rank(shape.shape[0].lo))
        return Fact(self.output_type, None)

    def _dims(self, shape) -> list:
        dims = int_vector(shape, "RandomUniform's shape")
        if any(d < 0 for d in dims):
            raise ValidationError(f"RandomUniform's shape {dims} has a negative dim", port=0)
        require_array_shape(dims, self.output_type.dtype.itemsize)
        return dims

    def compute(self, shape, minval, maxval):
        dims = self._dims(shape)
        lo, hi = _bounds(minval, maxval)
        count = int(np.prod(dims, dtype=np.int64))
        seed, op_seed = self.global_seed, self.op_seed
        if seed == 0 and op_seed == 0:
            seed = secrets.randbits(64) or 1  # non-deterministic, as the spec asks
        name = self.output_type.name
        wide = name == "f64" or (
            name == "i64" and (self.alignment == "tensorflow" or not (int(lo) <= 0xFFFFFFFF and int(hi) <= 0xFFFFFFFF))
        )
        n_words = count * (2 if wide else 1)
        if self.alignment == "tensorflow":
            words = philox_words(seed, op_seed, -(-n_words // 4)).reshape(-1)[:n_words]
        else:
            words = mt19937_words(seed, n_words)
        values = _convert(words, name, self.alignment, lo, hi, wide)
        return values.reshape(dims)


def _bounds(minval, maxval) -> tuple:
    """minval and maxval as scalars of their type, minval below maxval."""
    lo, hi = (np.asarray(v).reshape(-1)[0] if np.size(v) == 1 else None for v in (minval, maxval))
    if lo is None or hi is None:
        raise ValidationError("RandomUniform's minval and maxval must hold one value each")
    if not lo < hi:  # (NaN is refused too)
        raise ValidationError(f"RandomUniform's minval must be less than maxval, got {lo} and {hi}")
    return lo, hi


def _convert(words, name, alignment, lo, hi, wide) -> np.ndarray:
    w = words.astype(np.uint64)
    if wide:
        first, second = w[0::2], w[1::2]
    if name in ("i32", "i64"):
        span = int(hi) - int(lo)  # exact: may exceed the type (then no value is out of reach)
        x = (
            w
            if not wide
            else ((second << np.uint64(32)) | first if alignment == "tensorflow" else (first << np.uint64(32)) | second)
        )
        # A span past 2^63 does not fit int64 arithmetic; x mod span + lo, in uint64 wrapping.
        r = x % np.uint64(span) + np.uint64(int(lo) & _U64)
        return r.view(np.int64).astype(np.int32 if name == "i32" else np.int64)
    if alignment == "tensorflow":
        if name == "f64":
            mant = ((first & np.uint64(0xFFFFF)) << np.uint64(32)) | second
            u = (mant | np.uint64(1023 << 52)).view(np.float64) - 1.0
        else:
            bits = {"f32": 23, "f16": 10, "bf16": 7}[name]
            u = (w & np.uint64((1 << bits) - 1)) * (2.0**-bits)  # (1.m - 1: exact)
    else:
        if name == "f64":
            x = (first << np.uint64(32)) | second
            u = (x & np.uint64((1 << 53) - 1)).astype(np.float64) * 2.0**-53
        else:
            bits = {"f32": 24, "f16": 11, "bf16": 8}[name]
            u = (w & np.uint64((1 << bits) - 1)) * (2.0**-bits)
    if name == "f64":
        return u * (np.float64(hi) - np.float64(lo)) + np.float64(lo)
    dtype = {"f32": np.float32, "f16": np.float16, "bf16": ml_dtypes.bfloat16}[name]
    lo_t, hi_t = np.asarray(lo).astype(dtype), np.asarray(hi).astype(dtype)
    span = np.float64((hi_t.astype(np.float32) - lo_t.astype(np.float32)).astype(dtype))
    if alignment == "tensorflow":
        return _fma_f32(u, span, np.float64(lo_t)).astype(dtype)
    f32 = np.float32
    return (u.astype(f32) * f32(span) + f32(lo_t)).astype(dtype)


def _fma_f32(u, span, lo) -> np.ndarray:
    """f32(u * span + lo) rounded once, for u, span and lo exact in f32: the product is exact in
    f64; the f64 sum's own rounding error (Knuth's two-sum) breaks the tie a double rounding
    would get wrong."""
    p = u * span
    s = p + lo
    t = s - p
    err = (p - (s - t)) + (lo - t)
    s = np.where(err != 0, np.nextafter(s, np.where(err > 0, np.inf, -np.inf)), s)
    return s.astype(np.float32)
