"""Col2Im-15: cases against the CPU plugin: each attribute set (strides, dilations, pads) and left
out (irexec alone: OpenVINO's IR reader crashes on it), batched and unbatched data, overlapping
blocks (summed), output_size and kernel_size as constants and at run time, i32 and i64 sizes, the
numeric types, no block."""

import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-5, "atol": 1e-5}


def pair(values, etype="i64", const=True):
    return T(etype, (2,), values, const=const)


def attrs(strides=None, dilations=None, pads_begin=None, pads_end=None, full=False):
    """The attributes given (``full``: the others written with their defaults)."""
    given = {"strides": strides, "dilations": dilations, "pads_begin": pads_begin, "pads_end": pads_end}
    if full:
        given = {k: v if v is not None else DEFAULTS[k] for k, v in given.items()}
    return {k: ",".join(map(str, v)) for k, v in given.items() if v is not None}


DEFAULTS = {"strides": (1, 1), "dilations": (1, 1), "pads_begin": (0, 0), "pads_end": (0, 0)}
# OpenVINO's IR reader crashes the process on a Col2Im that leaves an attribute out: the cases
# the plugin runs write all four; those leaving some out run in irexec alone.
CRASH = "OpenVINO's IR reader crashes the process on a Col2Im layer that leaves an attribute out"


def blocks(size, kernel, strides=(1, 1), dilations=(1, 1), pads_begin=(0, 0), pads_end=(0, 0)):
    return int(
        np.prod(
            [
                (size[d] + pads_begin[d] + pads_end[d] - dilations[d] * (kernel[d] - 1) - 1) // strides[d] + 1
                for d in range(2)
            ]
        )
    )


def case(n, c, size, kernel, etype="f32", sizes_etype="i64", const=True, name="", dynamic=True, **at):
    k = kernel[0] * kernel[1]
    lead = () if n is None else (n,)
    data = T(etype, lead + (c * k, blocks(size, kernel, **at)))
    tol = TOL if etype == "f32" else {"rtol": 1e-2, "atol": 5e-2} if etype in ("f16", "bf16") else {}
    return Case(
        (data, pair(size, sizes_etype, const), pair(kernel, sizes_etype, const)),
        attrs(**at, full=True),
        name=name,
        dynamic=dynamic,
        **tol,
    )


TABLE = Table(
    "Col2Im",
    "opset15",
    cases=[
        case(2, 3, (4, 5), (2, 2), name="the default attributes (overlapping blocks)"),
        case(1, 2, (6, 7), (3, 2), strides=(2, 3), name="strides"),
        case(1, 2, (7, 6), (2, 3), dilations=(2, 1), name="dilations"),
        case(2, 1, (5, 5), (3, 3), pads_begin=(1, 2), pads_end=(2, 1), name="pads"),
        case(
            1,
            3,
            (16, 16),
            (3, 3),
            strides=(2, 2),
            dilations=(2, 2),
            pads_begin=(1, 1),
            pads_end=(1, 1),
            name="the spec's example 2",
        ),
        case(1, 2, (7, 9), (2, 2), strides=(3, 4), name="strides past the kernel (gaps of zeros)"),
        case(None, 3, (5, 6), (2, 3), name="unbatched"),
        case(None, 2, (6, 6), (2, 2), strides=(2, 1), pads_begin=(1, 0), pads_end=(1, 2), name="unbatched, pads"),
        case(2, 2, (4, 5), (2, 2), sizes_etype="i32", name="i32 sizes"),
        # (Not with unknown dims: OpenVINO's shape inference throws on an output_size of shape [?].)
        case(1, 2, (5, 4), (3, 2), const=False, name="sizes at run time", dynamic=False),
        case(1, 2, (5, 4), (2, 2), etype="i32", name="i32 data"),
        case(1, 2, (5, 4), (2, 2), etype="i64", dilations=(1, 2), name="i64 data"),
        case(1, 2, (5, 4), (2, 2), etype="f16", name="f16"),
        case(1, 2, (5, 4), (3, 2), etype="bf16", name="bf16"),
        case(0, 2, (4, 4), (2, 2), name="empty batch"),
        case(1, 2, (1, 1), (1, 1), name="1x1 kernel and image"),
        case(
            1,
            2,
            (3, 4),
            (1, 1),
            strides=(2, 2),
            pads_begin=(1, 1),
            pads_end=(1, 1),
            name="pads and strides (blocks in the padding)",
        ),
        case(1, 2, (0, 3), (1, 2), name="output height 0 (no block)"),
        Case(
            (T("f32", (1, 3, 0)), pair((2, 3)), pair((3, 1))),
            attrs(strides=(2, 1), full=True),
            oracle=False,
            name="kernel taller than the image (no block)",
            expect=(np.zeros((1, 1, 2, 3), np.float32),),
            why="OpenVINO counts the blocks in unsigned integers and refuses the layer (it wants -2^63 blocks)",
        ),
        # Four 2x2 blocks of a 3x3 image: the centre sums all four, the edges two.
        Case(
            (T("f32", (1, 4, 4), np.arange(16)), pair((3, 3)), pair((2, 2))),
            name="attributes left out",
            oracle=False,
            expect=([[[[0, 5, 5], [10, 30, 20], [10, 25, 15]]]],),
            why=CRASH,
        ),
        # One row of three: block element 0 of block 0 falls in the left pad.
        Case(
            (T("f32", (1, 2, 3), np.arange(6)), pair((1, 3)), pair((1, 2))),
            attrs(pads_begin=(0, 1)),
            name="only pads_begin given",
            oracle=False,
            expect=([[[[4, 6, 5]]]],),
            why=CRASH,
        ),
    ],
)

D = T("f32", (1, 8, 6))  # C 2, kernel 2 x 2, image 3 x 4: 2 x 3 blocks
S, K = pair((3, 4)), pair((2, 2))
TABLE.errors = [
    Error(
        (T("f32", (1, 1, 8, 6)), S, K),
        match="data must be 2-D .* or 3-D .*, got shape \\[1,1,8,6\\]",
        code="S005",
        at="lint",
        name="4-D data",
    ),
    Error(
        (D, T("i64", (3,), [3, 4, 1], const=True), K),
        match="output_size must be a 1-D tensor of 2 values",
        code="S005",
        at="lint",
        name="output_size of 3 values",
    ),
    Error(
        (D, S, T("i64", (1, 2), [[2, 2]], const=True)),
        match="kernel_size must be a 1-D tensor of 2 values",
        code="S005",
        at="lint",
        name="2-D kernel_size",
    ),
    Error(
        (T("f32", (1, 7, 6)), S, K),
        match="7 values per block, not a multiple of kernel_size 2 x 2",
        code="S005",
        at="lint",
        name="channels not divisible",
    ),
    Error(
        (T("f32", (1, 8, 5)), S, K),
        match=r"data holds 5 blocks, output_size \[3, 4\] and kernel_size \[2, 2\] "
        r"make 2 x 3 = 6",
        code="S005",
        at="lint",
        name="wrong block count",
    ),
    Error(
        (T("f32", (1, 8, 5)), pair((3, 4), const=False), pair((2, 2), const=False)),
        match="data holds 5 blocks",
        code="S005",
        at="run",
        name="wrong block count, sizes at run time",
    ),
    Error(
        (D, S, pair((0, 2), const=False)),
        match=r"kernel_size must be positive, got \[0, 2\]",
        code="S005",
        at="run",
        name="kernel 0",
    ),
    Error(
        (D, pair((-3, 4), const=False), K),
        match=r"output_size must be non-negative, got \[-3, 4\]",
        code="S005",
        at="run",
        name="negative output_size",
    ),
    Error(
        (D, S, K), attrs=attrs(strides=(0, 1)), match=r"strides must be positive, got \[0, 1\]", code="O003", at="lint"
    ),
    Error((D, S, K), attrs=attrs(dilations=(1, 0)), match="dilations must be positive", code="O003", at="lint"),
    Error((D, S, K), attrs=attrs(pads_begin=(-1, 0)), match="pads_begin must be non-negative", code="O003", at="lint"),
    Error(
        (D, S, K),
        attrs=attrs(pads_end=(1, 1, 1)),
        match=r"pads_end must have 2 values, got \[1, 1, 1\]",
        code="O003",
        at="lint",
    ),
    Error(
        (D, T("f32", (2,), [3.0, 4.0], const=True), K),
        match="output_size must be i32 or i64, got f32",
        code="S005",
        at="lint",
        name="f32 output_size",
    ),
    Error(
        (D, pair((2**40, 2**40)), K), match="too large for any array", code="S005", at="lint", name="output too large"
    ),
    Error(
        (T("boolean", (1, 8, 6)), S, K),
        match="data must be numeric, got boolean",
        code="S005",
        at="lint",
        name="boolean data",
    ),
]

test_cases, test_errors = TABLE.pytest()
