"""The rows NV12toRGB/BGR-8 and I420toRGB/BGR-8 share: one plane or several, u8 and floats,
values past [0, 255] for the float types (clipped), an empty batch, and every refusal of the rule."""

from cases.rows import Case, Error, T, Table

HALF_TOL = {"rtol": 1e-2, "atol": 0.5}  # (f16/bf16 outputs up to 255: a few ulps)


def planes(layout: str, etype: str, n: int, h: int, w: int, const=False, **kw) -> tuple:
    """The inputs of an image of n x h x w: one plane ("one") or the layout's separate planes."""
    if layout == "one":
        return (T(etype, (n, h * 3 // 2, w, 1), const=const, **kw),)
    if layout == "nv12":
        return (T(etype, (n, h, w, 1), const=const, **kw), T(etype, (n, h // 2, w // 2, 2), const=const, **kw))
    return (T(etype, (n, h, w, 1), const=const, **kw),) + tuple(
        T(etype, (n, h // 2, w // 2, 1), const=const, **kw) for _ in range(2)
    )


def table(op_type: str, layout: str) -> Table:
    """The table of ``op_type`` whose separate planes are ``layout`` ("nv12": Y, UV; "i420": Y, U, V)."""

    def byte(*dims, layout_=None, **kw):
        return planes(layout_ or layout, "u8", *dims, **kw)

    cases = [
        Case(byte(1, 4, 6), name="u8, separate planes"),
        Case(byte(1, 4, 6, layout_="one"), name="u8, one plane"),
        Case(byte(3, 6, 4, layout_="one"), name="u8, one plane, batch 3"),
        Case(byte(2, 4, 8), name="u8, separate planes, batch 2"),
        Case(byte(1, 32, 64), name="u8, many values (rounding to the nearest, halves to even)"),
        Case(byte(1, 2, 2, layout_="one", const=True), name="u8, one constant plane"),
        Case(byte(2, 4, 4, const=True), name="u8, constant planes"),
        Case(planes(layout, "f32", 1, 4, 6, low=0, high=256), rtol=1e-6, atol=1e-4, name="f32, separate planes"),
        Case(planes("one", "f32", 2, 4, 6, low=0, high=256), rtol=1e-6, atol=1e-4, name="f32, one plane"),
        Case(
            planes(layout, "f32", 1, 6, 8, low=-100, high=400), rtol=1e-6, atol=1e-4, name="f32 past [0, 255] (clipped)"
        ),
        Case(
            planes("one", "f32", 1, 2, 4, low=0, high=256, const=True),
            rtol=1e-6,
            atol=1e-4,
            name="f32, one constant plane",
        ),
        Case(planes(layout, "f16", 1, 4, 6, low=0, high=256), name="f16, separate planes", **HALF_TOL),
        Case(planes("one", "f16", 1, 4, 4, low=0, high=256), name="f16, one plane", **HALF_TOL),
        Case(planes(layout, "bf16", 1, 4, 4, low=0, high=256), name="bf16, separate planes", **HALF_TOL),
        Case(byte(0, 4, 6), name="empty batch, separate planes"),
        Case(byte(0, 2, 4, layout_="one"), name="empty batch, one plane"),
    ]
    y = T("u8", (1, 4, 6, 1))
    rest = planes(layout, "u8", 1, 4, 6)[1:]
    chroma = "UV" if layout == "nv12" else "U"
    errors = [
        Error(
            (T("u8", (4, 6, 1)),),
            match=r"input must be 4-D \(N, H, W, C\), got shape \[4,6,1\]",
            code="S005",
            at="lint",
            name="3-D plane",
        ),
        Error(
            (T("u8", (1, 6, 4, 2)),),
            match="input must have 1 channel",
            code="S005",
            at="lint",
            name="one plane of 2 channels",
        ),
        Error(
            (T("u8", (1, 7, 4, 1)),), match="height divisible by 3", code="S005", at="lint", name="one plane, 7 rows"
        ),
        Error(
            (T("u8", (1, 6, 5, 1)),), match="image width must be even, got 5", code="S005", at="lint", name="odd width"
        ),
        Error(
            (T("i32", (1, 6, 4, 1)),),
            match="y must be u8 or f16 or bf16 or f32 or f64, got i32",
            code="S005",
            at="lint",
            name="i32 plane",
        ),
        Error(
            (T("u8", (1, 4, 6, 2)),) + rest,
            match="Y plane must have 1 channel",
            code="S005",
            at="lint",
            name="Y plane of 2 channels",
        ),
        Error(
            (y, T("u8", (1, 2, 3, 1 if layout == "nv12" else 2))) + rest[1:],
            match=f"{chroma} plane must have",
            code="S005",
            at="lint",
            name="chroma plane of a wrong channel count",
        ),
        Error(
            (y, T("u8", rest[0].shape[:1] + (3,) + rest[0].shape[2:])) + rest[1:],
            match=f"{chroma} plane \\[1,3,3,.\\] does not fit the Y plane",
            code="S005",
            at="lint",
            name="chroma plane too high",
        ),
        Error(
            (y, T("u8", (2,) + rest[0].shape[1:])) + rest[1:],
            match=f"{chroma} plane .* does not fit",
            code="S005",
            at="lint",
            name="chroma batch differs",
        ),
        Error(
            (y, T("f32", rest[0].shape)) + rest[1:],
            match="must have one element type, got u8, f32",
            code="S005",
            at="lint",
            name="planes of two types",
        ),
        Error(
            (y, T("u8", (1, 2, 3))) + rest[1:],
            match=f"{chroma} plane must be 4-D",
            code="S005",
            at="lint",
            name="3-D chroma plane",
        ),
    ]
    if layout == "i420":
        errors.append(
            Error((y, rest[0]), match="takes 1 or 3 inputs, got 2", code="S005", at="lint", name="two planes")
        )
        errors.append(
            Error(
                (y, rest[0], T("u8", (1, 2, 4, 1))),
                match=r"V plane \[1,2,4,1\] does not fit",
                code="S005",
                at="lint",
                name="V plane differs from U",
            )
        )
    return Table(op_type, "opset8", cases=cases, errors=errors)
