"""ConvertLike-1 with the floats narrower than f16: the type comes from an f8/f4 ``like`` and
rounds as Convert does (tests/cases/type/test_convert_f8.py has every edge); narrow data widens
exactly. An nf4 ``like`` is refused (nf4 computes as f32 in irexec)."""

from cases.rows import Case, Error, T, Table

NAN, INF = float("nan"), float("inf")
TIES = [1 + 2**-4, 1 + 3 * 2**-4, 464.0, 480.0, -INF, 2**-10]


def like(src, vals, dst, const=False, **kw):
    narrow = src in ("f8e4m3", "f8e5m2", "f8e8m0", "f4e2m1", "nf4")
    return Case((T(src, (len(vals),), vals, const=narrow), T(dst, (2,), [1.0, 2.0], const=const)), **kw)


TABLE = Table(
    "ConvertLike",
    "opset1",
    cases=[
        like("f32", TIES, "f8e4m3", const=True, expect=([1.0, 1.25, 448.0, NAN, NAN, 0.0],), name="f32 like f8e4m3"),
        like(
            "f32",
            [1 + 2**-3, 61440.0, 3 * 2**-17],
            "f8e5m2",
            const=True,
            expect=([1.0, INF, 2**-15],),
            name="f32 like f8e5m2",
        ),
        like("f32", [3.0, 6.0, -1.0], "f8e8m0", const=True, expect=([2.0, 8.0, 2.0**-127],), name="f32 like f8e8m0"),
        like(
            "f32",
            [0.25, 0.75, 100.0, -2.6],
            "f4e2m1",
            const=True,
            expect=([0.0, 1.0, 6.0, -3.0],),
            name="f32 like f4e2m1",
        ),
        like(
            "f8e4m3", [448.0, -0.875, 2**-9, NAN], "f32", expect=([448.0, -0.875, 2**-9, NAN],), name="f8e4m3 like f32"
        ),
        like("f8e5m2", [57344.0, -INF, 2**-16], "f16", expect=([57344.0, -INF, 2**-16],), name="f8e5m2 like f16"),
        like(
            "nf4",
            [-1.0, 0.0, 0.7229568362236023],
            "f32",
            expect=([-1.0, 0.0, 0.7229568362236023],),
            name="nf4 like f32",
        ),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2,)), T("nf4", (2,), [1.0, -1.0], const=True)),
        match="ConvertLike's like must be",
        code="S005",
        name="nf4 like",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
