"""RandomUniform-8: cases against the CPU plugin.

The values are the generators' own, bit for bit. Where the plugin departs from the spec (f16 and
f64 drawn as f32 values, i64 as i32 ones, an i32 range past 2^31 - 1, pytorch-aligned bf16
rounding), ``expect`` is worked out here from the spec's formulas, one element at a time, by a
plain transcription of Philox4x32-10 and MT19937 over Python integers.

Both seeds 0 draw a fresh sequence each run: such a case can only be compared where the range
leaves one value (i32 in [5, 6))."""

import ml_dtypes
import numpy as np

from cases.rows import Case, Error, T, Table

M32 = 0xFFFFFFFF


def _philox_block(key: int, counter: int, n: int) -> list:
    """The spec's ten rounds on (n, counter) with the key, giving [n_lo, n_hi, c_lo, c_hi]."""
    n_lo, n_hi, c_lo, c_hi = n & M32, n >> 32, counter & M32, (counter >> 32) & M32
    k_lo, k_hi = key & M32, (key >> 32) & M32
    for _r in range(10):
        pn, pc = 0xD2511F53 * n_lo, 0xCD9E8D57 * c_lo
        n_lo, n_hi, c_lo, c_hi = (pc >> 32) ^ n_hi ^ k_lo, pc & M32, (pn >> 32) ^ c_hi ^ k_hi, pn & M32
        k_lo, k_hi = (k_lo + 0x9E3779B9) & M32, (k_hi + 0xBB67AE85) & M32
    return [n_lo, n_hi, c_lo, c_hi]


def _philox(key, counter, count):
    out = []
    n = 0
    while len(out) < count:
        out += _philox_block(key, counter, n)
        n += 1
    return out[:count]


def _mt19937(seed, count):
    s = [seed & M32]
    for i in range(1, 624):
        s.append((1812433253 * (s[-1] ^ (s[-1] >> 30)) + i) & M32)
    out = []
    while len(out) < count:
        for i in range(624):
            y = (s[i] & 0x80000000) | (s[(i + 1) % 624] & 0x7FFFFFFF)
            s[i] = s[(i + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        for y in s:
            y ^= y >> 11
            y ^= (y << 7) & 0x9D2C5680
            y ^= (y << 15) & 0xEFC60000
            y ^= y >> 18
            out.append(y)
    return out[:count]


def spec_values(etype, count, lo, hi, seed, op_seed=0, align="tensorflow"):
    """The spec's output, element by element."""
    wide = etype == "f64" or (etype == "i64" and (align == "tensorflow" or max(lo, hi) > M32))
    n = count * (2 if wide else 1)
    w = _philox(seed, op_seed, n) if align == "tensorflow" else _mt19937(seed, n)
    out = []
    for i in range(count):
        if etype in ("i32", "i64"):
            x = (
                w[i]
                if not wide
                else (w[2 * i + 1] << 32 | w[2 * i] if align == "tensorflow" else w[2 * i] << 32 | w[2 * i + 1])
            )
            out.append(x % (hi - lo) + lo)
        elif etype == "f64":
            a, b = w[2 * i], w[2 * i + 1]
            u = (
                ((a & 0xFFFFF) << 32 | b) / 2.0**52
                if align == "tensorflow"
                else ((a << 32 | b) & ((1 << 53) - 1)) / 2.0**53
            )
            out.append(u * (hi - lo) + lo)
        else:
            dt = {"f16": np.float16, "bf16": ml_dtypes.bfloat16}[etype]
            bits = {"f16": 10, "bf16": 7}[etype] + (align == "pytorch")
            u = np.float32((w[i] & ((1 << bits) - 1)) / 2.0**bits)
            lo_t, hi_t = np.float32(dt(lo)), np.float32(dt(hi))
            span = np.float32(dt(hi_t - lo_t))
            out.append(float(dt(u * span + lo_t)))
    return out


def RU(etype, shape, lo, hi, shape_type="i64", const=False, one_element=False):
    dims = (1,) if one_element else ()
    vals = (lambda v: [v]) if one_element else (lambda v: v)
    return (T(shape_type, (len(shape),), list(shape), const=const), T(etype, dims, vals(lo)), T(etype, dims, vals(hi)))


def A(etype, seed, op_seed=None, align=None):
    attrs = {"output_type": etype, "global_seed": str(seed)}
    if op_seed is not None:
        attrs["op_seed"] = str(op_seed)
    if align is not None:
        attrs["alignment"] = align
    return attrs


AS_F32 = "the CPU plugin draws {} outputs as f32 values (a 23-bit mantissa from one word) and rounds them to the type"
AS_I32 = "the CPU plugin draws i64 outputs as i32 ones (one word each, minval and maxval narrowed to 32 bits)"
I32_WIDE = "the CPU plugin's i32 maxval - minval overflows when the range is wider than 2^31 - 1"
AS_F32_NO_BF16 = "on a CPU without bf16 instructions (AVX2) the CPU plugin draws bf16 outputs as f32 values too"
PT_BF16 = "the CPU plugin's pytorch-aligned bf16 values are not rounded to nearest: some are one bf16 step lower"
SPEC_EXAMPLE_1 = [
    [0.7011236, 0.30539632, 0.93931055],
    [0.9456035, 0.11694777, 0.50770056],
    [0.5197197, 0.22727466, 0.991374],
]

TABLE = Table(
    "RandomUniform",
    "opset8",
    cases=[
        # Seeds and alignment left out: 0/0 draws afresh; the range [5, 6) leaves one value.
        Case(RU("i32", (2, 3), 5, 6), attrs={"output_type": "i32"}, name="seeds and alignment left out"),
        Case(
            RU("f32", (3, 3), 0.0, 1.0, const=True),
            attrs=A("f32", 150, 10),
            expect=(SPEC_EXAMPLE_1,),
            name="the spec's example 1, alignment left out",
        ),
        Case(RU("f32", (3, 3), 0.0, 1.0), attrs=A("f32", 150, 10, "tensorflow"), name="tensorflow"),
        Case(RU("f32", (2, 3, 5), -3.5, 7.25, shape_type="i32"), attrs=A("f32", 7, 3), name="31 values, i32 shape"),
        Case(RU("f32", (7,), -1000.0, 10000.0, one_element=True), attrs=A("f32", 1, 2), name="1-element bounds"),
        Case(RU("f32", (4,), 0.0, 1.0), attrs=A("f32", 0, 5), name="op_seed alone"),
        Case(RU("f32", (4,), 0.0, 1.0), attrs=A("f32", 5), name="global_seed alone"),
        Case(RU("f32", (6,), -2.0, 2.0), attrs=A("f32", 2**40 + 3, 2**35 + 7), name="seeds past 32 bits"),
        Case(
            RU("bf16", (2, 5), -3.25, 7.75),
            attrs=A("bf16", 150, 10),
            expect=(np.reshape(spec_values("bf16", 10, -3.25, 7.75, 150, 10), (2, 5)),),
            plugin=[([[4.4375, 0.109375, 7.0625, 7.125, -1.9609375], [2.328125, 2.46875, -0.75, 7.625, 0.65625]],)],
            why=AS_F32_NO_BF16,
            name="bf16",
        ),
        Case(
            RU("i32", (2, 3), 50, 100),
            attrs=A("i32", 80, 100),
            expect=([[65, 70, 56], [59, 82, 92]],),
            name="the spec's example 3",
        ),
        Case(RU("i32", (9,), -7, -2, const=True), attrs=A("i32", 3, 3), name="negative range"),
        Case(RU("i32", (9,), 100, 2**31 - 1), attrs=A("i32", 7, 0), name="range up to the i32 maximum"),
        Case(RU("f32", (0, 3), 0.0, 1.0), attrs=A("f32", 150, 10), name="empty"),
        Case(
            RU("f32", (), 0.0, 1.0),
            attrs=A("f32", 150, 10),
            expect=(SPEC_EXAMPLE_1[0][0],),
            oracle=False,
            why="the CPU plugin leaves a scalar output unwritten (it holds whatever was in memory)",
            name="a scalar output",
        ),
        Case(
            RU("f16", (5,), -3.5, 7.25),
            attrs=A("f16", 150, 10),
            expect=(spec_values("f16", 5, -3.5, 7.25, 150, 10),),
            plugin=([4.03515625, -0.217041015625, 6.59765625, 6.6640625, -2.2421875],),
            why=AS_F32.format("f16"),
            name="f16",
        ),
        Case(
            RU("f64", (5,), 2.0, 10.0),
            attrs=A("f64", 80, 100),
            expect=(spec_values("f64", 5, 2.0, 10.0, 80, 100),),
            plugin=([2.4574098587036133, 2.3875598907470703, 6.278902053833008, 2.855658531188965, 4.083759307861328],),
            why=AS_F32.format("f64"),
            name="f64",
        ),
        Case(
            RU("i64", (5,), -5, 17),
            attrs=A("i64", 150, 10),
            expect=(spec_values("i64", 5, -5, 17, 150, 10),),
            plugin=([8, 13, 15, 14, 2],),
            why=AS_I32,
            name="i64",
        ),
        Case(
            RU("i32", (5,), -(2**30), 2**30 + 5),
            attrs=A("i32", 150, 10),
            expect=(spec_values("i32", 5, -(2**30), 2**30 + 5, 150, 10),),
            plugin=([542752368, 984028986, -688374951, 360253838, 311359530],),
            why=I32_WIDE,
            name="i32 range wider than 2^31 - 1",
        ),
        # alignment pytorch: MT19937 from global_seed; op_seed is not used.
        Case(RU("f32", (3, 3), 0.0, 1.0), attrs=A("f32", 150, 0, "pytorch"), name="pytorch"),
        Case(RU("f32", (2, 7), -3.5, 7.25), attrs=A("f32", 150, 77, "pytorch"), name="pytorch, op_seed ignored"),
        Case(RU("i32", (2, 3), 50, 100), attrs=A("i32", 80, 0, "pytorch"), name="pytorch i32"),
        Case(RU("i64", (6,), -7, 100), attrs=A("i64", 80, 0, "pytorch"), name="pytorch i64 of one word each"),
        Case(
            RU("bf16", (6,), 0.1, 0.3),
            attrs=A("bf16", 150, 0, "pytorch"),
            expect=(spec_values("bf16", 6, 0.1, 0.3, 150, align="pytorch"),),
            plugin=[
                ([0.27734375, 0.24609375, 0.296875, 0.11962890625, 0.2890625, 0.138671875],),
                ([0.2197265625, 0.208984375, 0.1083984375, 0.216796875, 0.236328125, 0.177734375],),
            ],
            why=PT_BF16 + "; " + AS_F32_NO_BF16,
            name="pytorch bf16",
        ),
        Case(
            RU("f16", (5,), -3.5, 7.25),
            attrs=A("f16", 150, 0, "pytorch"),
            expect=(spec_values("f16", 5, -3.5, 7.25, 150, align="pytorch"),),
            plugin=([2.923828125, 2.353515625, -3.0625, 2.74609375, 3.806640625],),
            why=AS_F32.format("f16"),
            name="pytorch f16",
        ),
        Case(
            RU("f64", (3,), 2.0, 10.0),
            attrs=A("f64", 80, 0, "pytorch"),
            expect=(spec_values("f64", 3, 2.0, 10.0, 80, align="pytorch"),),
            plugin=([6.8833842277526855, 2.768156051635742, 2.3842344284057617],),
            why=AS_F32.format("f64"),
            name="pytorch f64",
        ),
        Case(
            RU("i64", (4,), 100, 2**40),
            attrs=A("i64", 150, 0, "pytorch"),
            expect=(spec_values("i64", 4, 100, 2**40, 150, align="pytorch"),),
            oracle=False,
            why="the CPU plugin narrows i64 bounds to i32 and refuses a maxval of 2^40 (0 once narrowed)",
            name="pytorch i64 of two words each",
        ),
    ],
)

F32 = A("f32", 1, 2)
TABLE.errors = [
    Error(
        (T("i64", (1, 2), [[2, 3]]), T("f32", (), 0.0), T("f32", (), 1.0)),
        attrs=F32,
        match="shape must be 1-D",
        code="S005",
        at="lint",
        name="2-D shape",
    ),
    Error(
        (T("i64", (2,), [2, 3]), T("f32", (2,), [0.0, 0.5]), T("f32", (), 1.0)),
        attrs=F32,
        match="minval must be a scalar or a 1-element",
        code="S005",
        at="lint",
        name="2-element minval",
    ),
    Error(
        (T("i64", (2,), [2, 3]), T("f16", (), 0.0), T("f16", (), 1.0)),
        attrs=F32,
        match="minval must be of output_type f32, got f16",
        code="S005",
        at="lint",
        name="bounds of another type",
    ),
    Error(
        (T("i64", (2,), [2, 3]), T("f32", (), 0.0), T("i32", (), 1)),
        attrs=F32,
        match="one element type",
        code="S005",
        at="lint",
        name="bounds of two types",
    ),
    Error(
        (T("f32", (2,), [2.0, 3.0]), T("f32", (), 0.0), T("f32", (), 1.0)),
        attrs=F32,
        match="shape must be i32 or i64",
        code="S005",
        at="lint",
        name="f32 shape",
    ),
    Error(
        (T("i64", (2,), [2, 3]), T("f32", (), 1.0), T("f32", (), 1.0)),
        attrs=F32,
        match="minval must be less than maxval",
        code="S005",
        at="run",
        name="minval = maxval",
    ),
    Error(
        (T("i64", (2,), [2, 3]), T("i32", (), 9), T("i32", (), 3)),
        attrs=A("i32", 1, 2),
        match="minval must be less than maxval",
        code="S005",
        at="run",
        name="minval > maxval",
    ),
    Error(
        (T("i64", (2,), [2, 3]), T("f32", (), float("nan")), T("f32", (), 1.0)),
        attrs=F32,
        match="minval must be less than maxval",
        code="S005",
        at="run",
        name="NaN minval",
    ),
    Error(
        (T("i64", (2,), [2, -3]), T("f32", (), 0.0), T("f32", (), 1.0)),
        attrs=F32,
        match="has a negative dim",
        code="S005",
        at="run",
        name="negative dim",
    ),
    Error(
        (T("i64", (1,), [2]), T("u8", (), 0), T("u8", (), 9)),
        attrs=A("u8", 1, 2),
        match="output_type must be one of",
        code="O003",
        at="lint",
        name="u8 output_type",
    ),
    Error(
        (T("i64", (1,), [2]), T("f32", (), 0.0), T("f32", (), 1.0)),
        attrs={"global_seed": "1"},
        match="output_type",
        code="O003",
        at="lint",
        name="output_type left out",
    ),
    Error(
        (T("i64", (1,), [2]), T("f32", (), 0.0), T("f32", (), 1.0)),
        attrs=A("f32", 1, 2, "numpy"),
        match="alignment",
        code="O003",
        at="lint",
        name="unknown alignment",
    ),
    Error(
        (T("i64", (1,), [2]), T("f32", (), 0.0), T("f32", (), 1.0)),
        attrs=A("f32", -1, 2),
        match="global_seed must be an unsigned 64-bit integer",
        code="O003",
        at="lint",
        name="negative seed",
    ),
    Error(
        (T("i64", (1,), [2]), T("f32", (), 0.0), T("f32", (), 1.0)),
        attrs=A("f32", 1, 2**64),
        match="op_seed must be an unsigned 64-bit integer",
        code="O003",
        at="lint",
        name="seed past 64 bits",
    ),
]

test_cases, test_errors = TABLE.pytest()
