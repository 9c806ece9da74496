"""NumericToString (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

import numpy as np

from cases.rows import Case, Error, T, Table

FLOATS = [0.0, -0.0, 0.1, 1.5, -2.25, 1e6, 123456.0, 1234567.0, 1.23456789e-5, 3.0e38, 1e-40, np.inf, -np.inf, np.nan]

TABLE = Table(
    "NumericToString",
    "openvino_tokenizers",
    cases=[
        Case((T("i32", (2, 3), [0, -1, 7, 2**31 - 1, -(2**31), 42]),), name="i32"),
        Case((T("i64", (3,), [2**31 - 1, -(2**31), 0]),), name="i64 within i32"),
        Case(
            (T("i64", (3,), [2**63 - 1, -(2**63), 2**40 + 5]),),
            name="i64 past i32",
            expect=(np.array(["9223372036854775807", "-9223372036854775808", "1099511627781"], object),),
            plugin=(np.array(["-1", "0", "5"], object),),
            why="the CPU plugin narrows i64 to i32 before the extension's op sees it",
        ),
        Case((T("i8", (3,), [-128, 127, 5]),), name="i8"),
        Case((T("i16", (2,), [-32768, 300]),), name="i16"),
        Case((T("u32", (2,), [0, 2**31 - 1]),), name="u32 within i32"),
        Case(
            (T("u32", (2,), [2**31, 2**32 - 1]),),
            name="u32 past i32",
            expect=(np.array(["2147483648", "4294967295"], object),),
            plugin=(np.array(["-2147483648", "-1"], object),),
            why="the CPU plugin narrows u32 to i32 before the extension's op sees it",
        ),
        Case((T("u64", (2,), [0, 2**31 - 1]),), name="u64 within i32"),
        Case(
            (T("u64", (2,), np.array([2**32 + 7, 2**64 - 1], np.uint64)),),
            name="u64 past i32",
            expect=(np.array(["4294967303", "18446744073709551615"], object),),
            plugin=(np.array(["7", "-1"], object),),
            why="the CPU plugin narrows u64 to i32 before the extension's op sees it",
        ),
        Case((T("f32", (len(FLOATS),), FLOATS),), name="f32"),
        Case((T("f64", (3,), [0.5, -3e8, 2.5]),), name="f64 exact in f32"),
        Case(
            (T("f64", (4,), [0.1, 1e100, -1e-300, 2.5]),),
            name="f64 past f32",
            expect=(np.array(["0.1", "1e+100", "-1e-300", "2.5"], object),),
            plugin=(np.array(["0.1", "3.40282e+38", "-0", "2.5"], object),),
            why="the CPU plugin narrows f64 to f32 (saturating) before the extension's op sees it",
        ),
        Case((T("f32", (2,), np.array([np.nan, -np.nan], np.float32)),), name="NaNs of both signs"),
        Case(
            (T("boolean", (2, 2), [True, False, False, True]),),
            name="boolean",
            expect=(np.array([["true", "false"], ["false", "true"]], object),),
            plugin=(np.array([["1", "0"], ["0", "1"]], object),),
            why="the CPU plugin hands the extension's op booleans as numbers, written 1 and 0",
        ),
        Case((T("i32", ()),), name="a scalar"),
        Case((T("i32", (0, 3)),), name="empty"),
    ],
    errors=[
        Error((T("u8", (2,), [1, 2]),), match=r"NumericToString's data must be .*, got u8", code="S005", at="lint"),
        Error(
            (T("f16", (2,), [1.0, 2.0]),), match=r"NumericToString's data must be .*, got f16", code="S005", at="lint"
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
