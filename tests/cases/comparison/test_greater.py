"""Greater-1: cases against the CPU plugin; the output is boolean, ``a > b``.

Random operands are integer-valued in a small range in most cases, so that ties (where Less and
LessEqual differ) are frequent. The plugin narrows i64 and u32 to i32 (``plugin`` rows).

With a NaN operand the spec (and irexec) gives false; the plugin gives true on AVX-512 machines
(this one) and false on AVX2 ones: those rows list both alternatives."""
import numpy as np

from cases.broadcasting import broadcast_errors, broadcasting, partial_shapes
from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
SA = np.array([NAN, 1.0, NAN, INF, -INF, -0.0, 0.0, NAN, 3.0, INF, -INF])
SB = np.array([1.0, NAN, NAN, NAN, 1.0, 0.0, -0.0, -INF, 3.0, INF, INF])
NAN_ANY = np.isnan(SA) | np.isnan(SB)
TIES = {"low": -2, "high": 3}
# Values beyond i32, which the plugin narrows: every comparison of them changes.
I64_A, I64_B = [2 ** 32, -2 ** 32 + 5, 2 ** 32 + 3], [0, 1, 2]
U32_A, U32_B = [2 ** 31, 2 ** 32 - 1, 3], [1, 5, 3]


def OP(a, b):
    return np.asarray(a) > np.asarray(b)


def narrow(values):
    return np.asarray(values, np.int64).astype(np.int32)


SPEC, SPEC_SWAPPED = OP(SA, SB), OP(SB, SA)

TABLE = Table("Greater", "opset1", cases=[
    *broadcasting("f32", a=TIES, b=TIES),
    *broadcasting("f32")[:3],
    *broadcasting("i32", a=TIES, b=TIES)[:5],
    *broadcasting("u8", a={"high": 4}, b={"high": 4})[:3],
    Case((T("i32", (4,), [-2 ** 31, 2 ** 31 - 1, 5, -5]), T("i32", (4,), [2 ** 31 - 1, -2 ** 31, 5, 5])),
         name="i32 extremes and a tie"),
    Case((T("f16", (2, 3), **TIES), T("f16", (3,), **TIES))),
    Case((T("f16", (3,), **TIES), T("f16", (2, 3), const=True, **TIES))),
    Case((T("bf16", (2, 3), **TIES), T("bf16", (3,), **TIES))),
    Case((T("bf16", (3,)), T("bf16", (2, 3)))),
    Case((T("i64", (2, 3), **TIES), T("i64", (3,), const=True, **TIES)), name="i64 within i32"),
    Case((T("boolean", (2, 3)), T("boolean", (3,))), name="boolean operands"),
    Case((T("boolean", (4,), [False, False, True, True]), T("boolean", (4,), [False, True, False, True])),
         name="boolean truth table"),
    *(Case((T(t, (11,), SA), T(t, (11,), SB)), expect=(SPEC,), plugin=[(SPEC | NAN_ANY,), (SPEC,)],
           why="the plugin's Greater is true when an operand is NaN on AVX-512 machines (false on AVX2 ones)",
           name=f"{t} NaN, inf, signed zeros") for t in ("f32", "f16", "bf16")),
    Case((T("f32", (11,), SB), T("f32", (11,), SA)), expect=(SPEC_SWAPPED,),
         plugin=[(SPEC_SWAPPED | NAN_ANY,), (SPEC_SWAPPED,)], name="f32 NaN, inf, signed zeros, swapped",
         why="the plugin's Greater is true when an operand is NaN on AVX-512 machines (false on AVX2 ones)"),
    Case((T("i64", (3,), I64_A), T("i64", (3,), I64_B)), expect=(OP(I64_A, I64_B),),
         plugin=(OP(narrow(I64_A), narrow(I64_B)),), why="the plugin narrows i64 to i32"),
    Case((T("u32", (3,), U32_A), T("u32", (3,), U32_B)), expect=(OP(U32_A, U32_B),),
         plugin=(OP(narrow(U32_A), narrow(U32_B)),),
         why="the plugin narrows u32 to i32 (from 2^31 it is negative there)"),
])
TABLE.errors = [
    *broadcast_errors(),
    Error((T("f32", (2,)), T("i32", (2,))), match="Greater's a and b must have one element type, got f32, i32",
          code="S005", name="f32 with i32", at="lint"),
    Error((T("boolean", (2,)), T("u8", (2,))), match="must have one element type", code="S005", name="boolean with u8",
          at="lint"),
]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE)
