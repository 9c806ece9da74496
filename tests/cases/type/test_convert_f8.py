"""Convert-1 with the floats narrower than f16 (f8e4m3, f8e5m2, f8e8m0, f4e2m1, nf4): cases
against the CPU plugin.

Every code of each type to f32, with the values decoded here from the bit layout (sign,
exponent, significand) or, for nf4, OpenVINO's table; then f32 to each type on the edges:
ties (to even), overflow (NaN for f8e4m3, inf for f8e5m2, saturation for f4e2m1 and f8e8m0),
infinities, NaN, subnormals; then where the plugin departs. The narrow types come in as
constants (as compressed weights do); conversions to them take f32 Parameters.
"""

import numpy as np

from cases.rows import Case, T, Table

NAN, INF = float("nan"), float("inf")
CODES = np.arange(256)


def _sign(b, bit):
    return np.where((b >> bit) & 1, -1.0, 1.0)


def e4m3(b):
    """f8e4m3: 1 sign, 4 exponent (bias 7), 3 significand bits; no infinities, S.1111.111 NaN."""
    e, m = (b >> 3) & 15, b & 7
    v = np.where(e == 0, m * 2.0**-9, (1 + m / 8) * 2.0 ** (e - 7))
    return np.where((e == 15) & (m == 7), NAN, _sign(b, 7) * v)


def e5m2(b):
    """f8e5m2: 1 sign, 5 exponent (bias 15), 2 significand bits, IEEE infinities and NaNs."""
    e, m = (b >> 2) & 31, b & 3
    v = np.where(e == 0, m * 2.0**-16, (1 + m / 4) * 2.0 ** (e - 15))
    v = np.where(e == 31, np.where(m == 0, INF, NAN), v)
    return _sign(b, 7) * v


def e8m0(b):
    """f8e8m0: an unsigned biased exponent (bias 127); 0xFF is NaN."""
    return np.where(b == 255, NAN, 2.0 ** (b.astype(np.float64) - 127))


def e2m1(b):
    """f4e2m1: 1 sign, 2 exponent (bias 1), 1 significand bit; no infinities, no NaN."""
    e, m = (b >> 1) & 3, b & 1
    return _sign(b, 3) * np.where(e == 0, m * 0.5, (1 + m / 2) * 2.0 ** (e - 1))


# nf4's table as OpenVINO's source writes it (code 0 to 15).
NF4 = [
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
]


def f32(values) -> list:
    return np.asarray(values, np.float64).astype(np.float32).tolist()


def convert(src: str, dst: str, vals, **kw) -> Case:
    narrow = src in ("f8e4m3", "f8e5m2", "f8e8m0", "f4e2m1", "nf4")
    return Case((T(src, (len(vals),), vals, const=narrow),), attrs={"destination_type": dst}, **kw)


def every_code(src: str, decode, n: int = 256, dst: str = "f32", **kw) -> Case:
    vals = decode(np.arange(n))
    return convert(
        src, dst, vals.tolist(), expect=(vals.astype(dst_dtype(dst)).tolist(),), name=f"every {src} code to {dst}", **kw
    )


def dst_dtype(dst):
    return {"f32": np.float32, "f16": np.float16}[dst]


TINY = 2.0**-127
TWICE = (
    "the plugin rounds f32 to f16 before the 8-bit type (OpenVINO's own f8e5m2 conversion does "
    "too): a value just off a tie rounds twice"
)
E8M0_ZERO = "the plugin reads an f8e8m0 constant's code 0x00 as 0, not 2^-127"
HALF_TINY = (
    "the plugin rounds the f32 subnormal 1.5 x 2^-127 (halfway between f8e8m0's 2^-127 and 2^-126) "
    "down; OpenVINO's f8e8m0 type rounds every significand past 1.5 up, this one too"
)
F64 = "the plugin holds f64 as f32, which rounds first"

E4M3_EDGES = [
    1 + 2**-4,
    1 + 3 * 2**-4,
    448.0,
    464.0,
    480.0,
    -1000.0,
    INF,
    -INF,
    NAN,
    2**-10,
    3 * 2**-11,
    3 * 2**-10,
    -0.0,
    1e-30,
    -(2**-6) * 1.0625,
]
E5M2_EDGES = [
    1 + 2**-3,
    1 + 3 * 2**-3,
    57344.0,
    61440.0,
    -61440.0,
    1e6,
    INF,
    -INF,
    NAN,
    2**-17,
    3 * 2**-17,
    -0.0,
    1e-30,
    2**-14 * 1.125,
]
E8M0_EDGES = [0.0, -0.0, 1.0, 3.0, 6.0, 0.75, 1.25, 1.75, -5.0, INF, -INF, NAN, 3e38, 2.0**-130, 2.0**-126]
E2M1_EDGES = [0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, 5.5, 100.0, INF, -INF, NAN, -0.0, 0.2500001, -2.9]

TABLE = Table(
    "Convert",
    "opset1",
    cases=[
        # Every code, decoded from its bits. f8e8m0's 0x00 is 2^-127, which the plugin reads as 0.
        every_code("f8e4m3", e4m3),
        every_code("f8e5m2", e5m2),
        every_code("f8e4m3", e4m3, dst="f16"),
        every_code("f8e5m2", e5m2, dst="f16"),
        every_code("f8e8m0", e8m0, plugin=([0.0] + e8m0(CODES[1:]).astype(np.float32).tolist(),), why=E8M0_ZERO),
        every_code("f4e2m1", e2m1, n=16),
        every_code("f4e2m1", e2m1, n=16, dst="f16"),
        convert("nf4", "f32", NF4, expect=(f32(NF4),), name="every nf4 code to f32"),
        convert("nf4", "f16", NF4, expect=(np.float16(NF4).tolist(),), name="every nf4 code to f16"),
        convert(
            "nf4",
            "f32",
            NF4[::-1] + NF4[:3],
            expect=(f32(NF4[::-1] + NF4[:3]),),
            name="nf4 codes packed two to a byte, odd count",
        ),
        # To them: round to nearest even. f8e4m3: beyond 448 (464 is the tie, to even 448) and +-inf
        # give NaN; subnormals are multiples of 2^-9.
        convert(
            "f32",
            "f8e4m3",
            E4M3_EDGES,
            expect=([1.0, 1.25, 448.0, 448.0, NAN, NAN, NAN, NAN, NAN, 0.0, 2**-9, 2**-8, -0.0, 0.0, -(2**-6)],),
        ),
        # f8e5m2: 61440 is the tie between 57344 (odd) and 65536, which is inf; subnormals: 2^-16 steps.
        convert(
            "f32",
            "f8e5m2",
            E5M2_EDGES,
            expect=([1.0, 1.5, 57344.0, INF, -INF, INF, INF, -INF, NAN, 0.0, 2**-15, -0.0, 0.0, 2**-14],),
        ),
        # f8e8m0: up past 1.5 x 2^e, and at it from an odd exponent field (3 = 1.5 x 2^1, field 128:
        # down; 6, field 129: up); negative, zero and -inf give 2^-127, +inf and the top exponent 2^127.
        convert(
            "f32",
            "f8e8m0",
            E8M0_EDGES,
            expect=([TINY, TINY, 1.0, 2.0, 8.0, 0.5, 1.0, 2.0, TINY, 2.0**127, TINY, NAN, 2.0**127, TINY, 2.0**-126],),
        ),
        # f4e2m1: saturates at +-6, NaN gives 6.
        convert(
            "f32",
            "f4e2m1",
            E2M1_EDGES,
            expect=([0.0, 1.0, 1.0, 2.0, 2.0, 4.0, 4.0, 6.0, 6.0, 6.0, -6.0, 6.0, -0.0, 0.5, -3.0],),
        ),
        convert("f16", "f8e4m3", [1 + 2**-4, 1 + 2**-4 + 2**-10, 300.0, -INF], expect=([1.0, 1.125, 288.0, NAN],)),
        convert(
            "f32",
            "f8e4m3",
            [-3.0, 0.375, 17.0, 250.0],
            expect=([-3.0, 0.375, 16.0, 256.0],),
            name="f32 to f8e4m3, plain",
        ),
        # From f8 on to other types.
        convert("f8e4m3", "i32", [448.0, -1.75, 0.5, -0.0], expect=([448, -1, 0, 0],)),
        convert("f8e5m2", "u8", [3.5, 57344.0, 0.75], expect=([3, 0, 0],)),
        convert("f8e4m3", "boolean", [0.0, -0.0, 2**-9, NAN], expect=([False, False, True, True],)),
        convert("f8e5m2", "f8e4m3", [1.25, 1.75, 24576.0, INF, 2**-16], expect=([1.25, 1.75, NAN, NAN, 0.0],)),
        # Where the plugin departs: it rounds to f16 first.
        convert(
            "f32",
            "f8e4m3",
            [1 + 2**-4 + 2**-20, -(1 + 3 * 2**-4 - 2**-20)],
            expect=([1.125, -1.125],),
            plugin=([1.0, -1.25],),
            why=TWICE,
            name="f32 to f8e4m3 rounds once",
        ),
        convert(
            "f32",
            "f8e5m2",
            [1 + 2**-3 + 2**-20, 61439.0],
            expect=([1.25, 57344.0],),
            plugin=([1.0, INF],),
            why=TWICE,
            name="f32 to f8e5m2 rounds once",
        ),
        convert(
            "f32",
            "f8e8m0",
            [1.5 * 2.0**-127, 1.75 * 2.0**-127],
            expect=([2.0**-126, 2.0**-126],),
            plugin=([TINY, 2.0**-126],),
            why=HALF_TINY,
            name="f32 subnormals to f8e8m0",
        ),
        convert(
            "f64",
            "f8e4m3",
            [1 + 2**-4 + 2**-26],
            expect=([1.125],),
            plugin=([1.0],),
            why=F64,
            name="f64 to f8e4m3 rounds once",
        ),
    ],
)
TABLE.errors = []

test_cases, test_errors = TABLE.pytest()
