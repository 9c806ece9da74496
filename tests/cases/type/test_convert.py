"""Convert-1: cases against the CPU plugin.

Every pair of the types a Parameter can have, on values where the plugin is exact, then the
rules with their edge values (float to integer truncates into an i32 and keeps the low bits;
NaN and values beyond i32 become -2^31 first), then the places where the plugin departs (it
narrows i64, u32 and u64 to i32 and holds f64 as f32; its own bf16 rounding). i4, u4, u2, u3 and
u6 come in as constants (the plugin takes i4, u4, u3 and u6 no other way; a u2 Parameter, fed
packed, is tests/ir/test_narrow_types.py's). Conversions to i4, u4 and u1 are left
to tests/ops/test_diff_convert.py: the plugin gives i4 and u4 outputs packed, and refuses u1 ones.

Last, f32, f16 and f64 to every integer type at the bounds of the windows (2^31, -2^31, 2^32 to
u32, 2^63 and 2^64 to u64, 255.5 and 256 to u8, -0.5 and -1 to unsigned, NaN, infinities): the
spec's values (``spec_int``) and, where the plugin departs, its own (``plugin_int``: its departures
as convert.py lists them).
"""

import math

import numpy as np

from cases.rows import Case, Error, T, Table
from helpers.bf16_rounding import bf16_plugin_roundings

NAN, INF = float("nan"), float("inf")
I32_MIN = -(2**31)
F32_MAX = 3.4028234663852886e38
TYPES = ["boolean", "f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]
NARROW_UINTS = ("u2", "u3", "u6")


def values(src: str, dst: str) -> list:
    """Values of ``src`` the plugin converts to ``dst`` as the spec does."""
    if src == "boolean":
        return [True, False, True]
    if src == "i4":
        return [0, 3, 7] if dst in ("u32", "u64") else [-8, -1, 0, 3, 7]  # see "i4 to u32" below
    if src == "u4":
        return [0, 1, 9, 15]
    if src in NARROW_UINTS:  # (each type's whole range, its largest value included)
        return {"u2": [0, 1, 2, 3], "u3": [0, 1, 5, 7], "u6": [0, 1, 33, 63]}[src]
    if src[0] in "fb":
        vals = [-100.75, -2.5, -1.0, -0.0, 0.0, 0.5, 1.75, 3.0, 100.25, 127.5]
        # The plugin's f64 to u8 saturates (see "f64 to i8" below): non-negative values only.
        return [v for v in vals if v >= 0] if (src, dst) == ("f64", "u8") else vals
    return [-100, -1, 0, 1, 3, 100, 127] if src[0] == "i" else [0, 1, 2, 3, 100, 200, 255]


def convert(src: str, dst: str, vals, **kw) -> Case:
    """Convert ``vals`` of ``src`` to ``dst``."""
    const = src in ("i4", "u4") + NARROW_UINTS
    return Case((T(src, (len(vals),), vals, const=const),), attrs={"destination_type": dst}, **kw)


def pair(src: str, dst: str) -> Case:
    return convert(src, dst, values(src, dst), name=f"{src} to {dst}")


OUT_OF_RANGE = [200.0, -1.5, 2.75, 300.0, -129.0, 32768.0, 70144.0, NAN, INF, -INF, 3e9, -3e9]
I32 = "the plugin narrows i64, u32 and u64 to i32 (out-of-range floats become -2^31 there)"
F64 = "the plugin holds f64 as f32: it saturates infinities to FLT_MAX, and f64 to integers saturates"
TIES = [1 + 2**-8, 1 + 3 * 2**-8, 1 + 2**-8 + 2**-20, -(1 + 2**-8), 1e-30]
CPU_BF16 = "the plugin rounds f32 to bf16 as its CPU does (AVX2: up only from an odd last bit)"
BF16 = (
    "the plugin rounds integers and f64 to bf16 by adding half an ulp only when the kept last bit is odd "
    "(from f32 and f16 it rounds to nearest even, as the spec and irexec do from every type)"
)

# ---- float to integer at the edges of the windows: where truncation lands exactly on a bound ----

INTS = ["i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64"]
BOUNDS = {
    "f32": [2**32, 2**32 - 256, 2**31, 2**31 - 128, -(2**31), -(2**31) - 256, 2**63, -(2**63), 2**64, 2**64 - 2**40]
    + [255.5, 256.0, 255.0, -0.5, -1.0, 127.5, 128.0, -128.5, -129.0, 32767.5, 32768.0, -32768.5, -32769.0]
    + [65535.5, 65536.0, NAN, INF, -INF],
    "f16": [65504.0, -65504.0, 255.5, 256.0, 255.0, -0.5, -1.0, 127.5, 128.0, -128.5, -129.0, 32752.0, 32768.0]
    + [-32768.0, -32784.0, NAN, INF, -INF],
    "f64": [2**32, 2**32 - 1, 2**31, 2**31 - 1, 2**31 - 0.5, -(2**31), -(2**31) - 0.5, -(2**31) - 1, 2**63, -(2**63)]
    + [2**64, 2**64 - 2048, 255.5, 256.0, -0.5, -1.0, 127.5, 128.0, -128.5, -129.0, 32767.5, 32768.0, -32769.0]
    + [65535.5, 65536.0, NAN, INF, -INF],
}
# Float to integer: (lowest, one past the highest) truncated value kept, and what the rest becomes.
WINDOWS = {"i64": (-(2**63), 2**63, -(2**63)), "u32": (-(2**31), 2**32, 2**31), "u64": (-(2**63), 2**64, 2**63)}
I32_WINDOW = (-(2**31), 2**31, -(2**31))
F16_INF = "the plugin turns f16 infinities into +-65504 before converting to i16, u16, i32 or wider"


def low_bits(n: int, dst: str) -> int:
    """``n`` modulo 2^bits, as the signed or unsigned ``dst`` reads it."""
    bits = int(dst[1:])
    n %= 2**bits
    return n - 2**bits if dst[0] == "i" and n >= 2 ** (bits - 1) else n


def spec_int(v: float, dst: str) -> int:
    """irexec's float to integer (convert.py): truncated toward zero; a value outside the window
    (an i32's, a wider one for i64, u32 and u64), NaN and the infinities take its lowest value
    (the sign bit for u32 and u64); then the low bits."""
    lo, hi, outside = WINDOWS.get(dst, I32_WINDOW)
    t = int(v) if math.isfinite(v) else None  # (int() truncates toward zero, exactly)
    return low_bits(t if t is not None and lo <= t < hi else outside, dst)


def plugin_int(v: float, src: str, dst: str) -> int:
    """The plugin's, as its departures go (see convert.py): f64 held as f32 and saturated, into
    the destination's range for i8 and u8 and an i32's for the rest (NaN: 0 there, -2^31 here);
    f16 infinities as +-65504 on the way to i16, u16 and wider; every float through an i32."""
    if src == "f64":
        x = float(np.float32(v))
        lo, hi = (-(2**31), 2**31 - 1) if dst not in ("i8", "u8") else (-128, 127) if dst == "i8" else (0, 255)
        if math.isnan(x):
            return 0 if dst in ("i8", "u8") else low_bits(-(2**31), dst)
        return low_bits(min(max(int(x) if math.isfinite(x) else int(math.copysign(2**40, x)), lo), hi), dst)
    if src == "f16" and math.isinf(v) and dst not in ("i8", "u8"):
        v = math.copysign(65504.0, v)
    return low_bits(spec_int(v, "i32"), dst)


def at_the_bounds(src: str, dst: str) -> list:
    """Rows of ``src`` to ``dst`` on BOUNDS[src]: where the plugin gives the spec's values, and
    where it departs."""
    values = [float(np.dtype(src.replace("f", "float")).type(v)) for v in BOUNDS[src]]
    spec = [spec_int(v, dst) for v in values]
    plugin = [plugin_int(v, src, dst) for v in values]
    same = [k for k in range(len(values)) if spec[k] == plugin[k]]
    apart = [k for k in range(len(values)) if spec[k] != plugin[k]]
    rows = [
        convert(
            src, dst, [values[k] for k in same], expect=([spec[k] for k in same],), name=f"{src} to {dst} at the bounds"
        )
    ]
    if apart:
        if src == "f16":  # (its infinities; and NaN, beyond i32 for i64, u32 and u64)
            why = "; ".join(sorted({F16_INF if math.isinf(values[k]) else I32 for k in apart}))
        else:
            why = F64 if src == "f64" else I32
        rows.append(
            convert(
                src,
                dst,
                [values[k] for k in apart],
                expect=([spec[k] for k in apart],),
                plugin=([plugin[k] for k in apart],),
                why=why,
                name=f"{src} to {dst} at the bounds, where the plugin departs",
            )
        )
    return rows


TABLE = Table(
    "Convert",
    "opset1",
    cases=[pair(s, d) for s in TYPES + ["i4", "u4", *NARROW_UINTS] for d in TYPES]
    + [
        # Float to integer: truncate into an i32 (NaN, +-inf and values beyond it: -2^31), keep the low bits.
        convert("f32", "i8", OUT_OF_RANGE, expect=([-56, -1, 2, 44, 127, 0, 0, 0, 0, 0, 0, 0],)),
        convert("f32", "u8", OUT_OF_RANGE, expect=([200, 255, 2, 44, 127, 0, 0, 0, 0, 0, 0, 0],)),
        convert("f32", "i16", OUT_OF_RANGE, expect=([200, -1, 2, 300, -129, -32768, 4608, 0, 0, 0, 0, 0],)),
        convert("f32", "u16", OUT_OF_RANGE, expect=([200, 65535, 2, 300, 65407, 32768, 4608, 0, 0, 0, 0, 0],)),
        convert("f32", "i32", OUT_OF_RANGE, expect=([200, -1, 2, 300, -129, 32768, 70144] + [I32_MIN] * 5,)),
        convert(
            "bf16",
            "i8",
            [200.0, -1.5, 2.75, 300.0, -129.0, 32768.0, NAN, INF],
            expect=([-56, -1, 2, 44, 127, 0, 0, 0],),
        ),
        convert(
            "f16",
            "u8",
            [200.0, -1.5, 2.75, 300.0, -129.0, 32768.0, NAN, -INF],
            expect=([200, 255, 2, 44, 127, 0, 0, 0],),
        ),
        convert("f16", "i8", [INF, -INF], expect=([0, 0],)),
        # Integers to integers keep the low bits.
        convert("i32", "u8", [300, -1, -256, 2**31 - 1], expect=([44, 255, 0, 255],)),
        convert("i32", "i8", [128, -129, 255, I32_MIN], expect=([-128, 127, -1, 0],)),
        convert("u16", "i16", [65535, 32768], expect=([-1, -32768],)),
        convert("i64", "i32", [2**32 + 5, -(2**63)], expect=([5, 0],)),
        convert("u64", "i8", [2**64 - 1, 2**63 + 200], expect=([-1, -56],)),
        convert("i8", "u64", [-1, -128], expect=([2**64 - 1, 2**64 - 128],)),
        # Rounding to the narrower float types: to nearest even.
        convert(
            "f32", "f16", [1 + 2**-11, 1 + 3 * 2**-11, 65520.0, 1e-8, -1e-8], expect=([1.0, 1 + 2**-9, INF, 0.0, -0.0],)
        ),
        convert(
            "f32",
            "bf16",
            TIES,
            expect=([1.0, 1 + 2**-6, 1 + 2**-7, -1.0, 9.98402083170343e-31],),
            plugin=[(r,) for r in bf16_plugin_roundings(np.float32(TIES))],
            why=CPU_BF16,
            name="f32 to bf16 ties",
        ),
        # Rounded once, not twice through f32: these sit just beyond a tie that f32 cannot see.
        convert(
            "f64",
            "bf16",
            [1 + 2**-8 + 2**-40, -(1 + 2**-8 + 2**-40)],
            expect=([1 + 2**-7, -(1 + 2**-7)],),
            plugin=([1.0, -1.0],),
            why=F64,
            name="f64 to bf16 rounds once",
        ),
        convert(
            "f64",
            "f16",
            [1 + 2**-11 + 2**-40, -(1 + 2**-11 + 2**-40)],
            expect=([1 + 2**-10, -(1 + 2**-10)],),
            plugin=([1.0, -1.0],),
            why=F64,
            name="f64 to f16 rounds once",
        ),
        convert(
            "i32",
            "bf16",
            [2**30 + 2**22 + 1],
            expect=([2**30 + 2**23],),
            plugin=([2**30],),
            why=BF16,
            name="i32 to bf16 rounds once",
        ),
        convert(
            "i64",
            "bf16",
            [2**30 + 2**22 + 1],
            expect=([2**30 + 2**23],),
            plugin=([2**30],),
            why=BF16,
            name="i64 to bf16 rounds once",
        ),
        convert("f16", "bf16", [1 + 2**-8, 1 + 3 * 2**-8, 65504.0], expect=([1.0, 1 + 2**-6, 65536.0],)),
        # Where the plugin departs.
        convert(
            "f32",
            "bf16",
            [1e-39, -3e-39],
            expect=([1.0101904577379033e-39, -3.03057137321371e-39],),
            plugin=[(r,) for r in bf16_plugin_roundings(np.float32([1e-39, -3e-39]))],
            why="AVX512-BF16 (vcvtneps2bf16) flushes f32 subnormals to zero; AVX2 rounds up only from an odd bit",
        ),
        convert(
            "i32", "bf16", [-4313, 18555, 883], expect=([-4320, 18560, 884],), plugin=[([-4288, 18432, 880],)], why=BF16
        ),
        convert("u16", "bf16", [1718, 14516], expect=([1720, 14528],), plugin=[([1712, 14464],)], why=BF16),
        convert(
            "f64",
            "bf16",
            [0.4, 1 + 2**-8 + 2**-9],
            expect=([0.400390625, 1.0078125],),
            plugin=[([0.3984375, 1.0],)],
            why=BF16,
        ),
        convert(
            "f32",
            "i64",
            [3e9, -3e9, NAN],
            expect=([3000000000, -3000000000, -(2**63)],),
            plugin=([I32_MIN] * 3,),
            why=I32,
        ),
        convert("f32", "u32", [3e9, 4294967040.0], expect=([3000000000, 4294967040],), plugin=([2**31] * 2,), why=I32),
        convert(
            "i64",
            "i64",
            [2**32 + 5, -(2**31) - 1],
            expect=([2**32 + 5, -(2**31) - 1],),
            plugin=([5, 2**31 - 1],),
            why=I32 + ", even converting to the same type",
        ),
        convert("u32", "i64", [2**31, 2**32 - 1], expect=([2**31, 2**32 - 1],), plugin=([I32_MIN, -1],), why=I32),
        convert(
            "i64",
            "u64",
            [2**31, -(2**31) - 1, 2**32],
            expect=([2**31, 2**64 - 2**31 - 1, 2**32],),
            plugin=([2**64 + I32_MIN, 2**31 - 1, 0],),
            why=I32,
        ),
        convert(
            "f32",
            "boolean",
            [NAN, 1.0, 0.0],
            expect=([True, True, False],),
            plugin=([False, True, False],),
            why="the plugin computes |x| > 0 in i32: NaN gives false; the spec says x != 0",
        ),
        convert(
            "i32",
            "boolean",
            [I32_MIN, 1, 0],
            expect=([True, True, False],),
            plugin=([False, True, False],),
            why="the plugin computes |x| > 0 in i32: -2^31 gives false; the spec says x != 0",
        ),
        convert(
            "f16",
            "i32",
            [INF, -INF],
            expect=([I32_MIN, I32_MIN],),
            plugin=([65504, -65504],),
            why="the plugin turns f16 infinities into +-65504 before converting to i16, u16, i32 or wider",
        ),
        convert("f64", "f32", [INF, -INF], expect=([INF, -INF],), plugin=([F32_MAX, -F32_MAX],), why=F64),
        convert("f32", "f64", [INF, -INF], expect=([INF, -INF],), plugin=([F32_MAX, -F32_MAX],), why=F64),
        convert(
            "i32",
            "f64",
            [16777217, 2**31 - 1],
            expect=([16777217.0, 2**31 - 1.0],),
            plugin=([16777216.0, 2.0**31],),
            why=F64,
        ),
        convert("f64", "i8", [300.0, -200.0], expect=([44, 56],), plugin=([127, -128],), why=F64),
        convert(
            "i4",
            "u32",
            [-8, -1, 7],
            expect=([2**32 - 8, 2**32 - 1, 7],),
            plugin=([2**31 - 1, 2**31 - 1, 7],),
            why="the plugin's constant folding turns negative i4 into 2^31 - 1 on the way to u32 and u64",
        ),
    ]
    + [row for src in BOUNDS for dst in INTS for row in at_the_bounds(src, dst)],
)
TABLE.errors = [
    Error(
        (T("f32", (2,)),),
        attrs={"destination_type": "f128"},
        match="destination_type",
        code="O003",
        name="unknown destination_type",
        at="lint",
    ),
    Error((T("f32", (2,)),), match="destination_type", code="O003", name="destination_type left out", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
