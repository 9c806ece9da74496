"""BinaryConvolution-1: cases against the CPU plugin.

The plugin reads the u1 filters' bits least significant first within each byte, where OpenVINO
packs them (and irexec unpacks them) most significant first: the compared cases use filters
whose bytes are palindromes (``bits``), which read alike both ways, and input channels in
multiples of 8 (the plugin's sums are wrong otherwise). The plugin's departures are ``plugin=``
rows: the bit order, pad_value 0 (the plugin leaves the padding out), C_IN not a multiple of 8.
It does not compile integer data: those rows run in irexec alone, against the spec's values."""

import numpy as np

from cases.rows import Case, Error, T, Table


def attrs(s="1,1", pb="0,0", pe="0,0", d="1,1", pad_value="1", **more):
    return {
        "strides": s,
        "pads_begin": pb,
        "pads_end": pe,
        "dilations": d,
        "mode": "xnor-popcount",
        "pad_value": pad_value,
        **more,
    }


def bits(shape, seed):
    """Random u1 filters whose bytes (8 consecutive elements, row-major) are palindromes."""
    n = int(np.prod(shape))
    assert n % 8 == 0
    half = np.random.default_rng(seed).integers(0, 2, (n // 8, 4))
    return T("u1", shape, np.concatenate([half, half[:, ::-1]], axis=1).reshape(shape), const=True)


def ones(shape):
    return T("u1", shape, np.ones(shape, np.uint8), const=True)


def binary(etype, shape, **kw):
    return T(etype, shape, low=0, high=2, **kw)


F = "f32"
# Data of 8 channels, one pixel: channel 0 is 1, the others 0.
FIRST = [1, 0, 0, 0, 0, 0, 0, 0]
TABLE = Table(
    "BinaryConvolution",
    "opset1",
    cases=[
        Case(
            (binary(F, (1, 8, 5, 5)), bits((4, 8, 3, 3), 1)),
            attrs(pb="1,1", pe="1,1"),
            name="pad_value 1 (+1), auto_pad left out",
        ),
        Case(
            (binary(F, (2, 16, 6, 5)), bits((3, 16, 3, 2), 2)),
            attrs(pb="1,0", pe="2,1", pad_value="-1", auto_pad="explicit"),
            name="pad_value -1, batch 2, non-square kernel, uneven pads",
        ),
        Case(
            (binary(F, (1, 8, 4, 4)), bits((2, 8, 3, 3), 3)),
            attrs(pb="1,1", pe="1,1", pad_value="0.5"),
            name="pad_value 0.5 reads as -1",
        ),
        Case(
            (binary(F, (1, 8, 9, 8)), bits((2, 8, 2, 3), 4)),
            attrs(s="2,1", d="2,2", pb="1,0", pe="0,2"),
            name="strides and dilations",
        ),
        Case(
            (binary(F, (1, 8, 5, 6)), bits((2, 8, 2, 3), 5)),
            attrs(pb="2,2", pe="2,2", auto_pad="valid"),
            name="valid ignores the pads",
        ),
        Case(
            (binary(F, (1, 8, 5, 6)), bits((2, 8, 2, 3), 6)),
            attrs(s="2,1", pb="3,3", pe="3,3", auto_pad="same_upper"),
            name="same_upper",
        ),
        Case(
            (binary(F, (1, 8, 5, 6)), bits((2, 8, 2, 3), 7)), attrs(s="1,2", auto_pad="same_lower"), name="same_lower"
        ),
        Case((binary(F, (1, 24, 4, 4)), bits((5, 24, 1, 1), 8)), attrs(), name="1x1, 24 channels"),
        Case((binary(F, (1, 8, 3, 3), const=True), bits((2, 8, 2, 2), 9)), attrs(), name="constant data"),
        Case(
            (
                T(
                    F,
                    (1, 8, 1, 2),
                    [
                        [[1, -1]],
                        [[0.5, -0.5]],
                        [[2, -0.0]],
                        [[np.inf, -np.inf]],
                        [[np.nan, 1e-30]],
                        [[0, 1]],
                        [[3, -3]],
                        [[0.125, -0.125]],
                    ],
                ),
                ones((2, 8, 1, 1)),
            ),
            attrs(),
            expect=([[[[4, -4]], [[4, -4]]]],),
            name="data other than 0/1: above 0 is 1",
        ),
        Case((binary("f16", (1, 8, 5, 5)), bits((2, 8, 3, 3), 10)), attrs(pb="1,1", pe="1,1"), name="f16"),
        Case(
            (binary(F, (0, 8, 5, 5)), bits((2, 8, 3, 3), 11)),
            attrs(),
            name="empty batch",
            oracle=False,
            expect=(np.zeros((0, 2, 3, 3), np.float32),),
            why="the plugin cannot compile an empty batch (a reorder fails)",
        ),
        Case(
            (T(F, (1, 8, 1, 1), FIRST), T("u1", (1, 8, 1, 1), [FIRST], const=True)),
            attrs(),
            expect=([[[[8]]]],),
            plugin=([[[[4]]]],),
            why="the plugin reads u1 filters least significant bit first within each byte (OpenVINO packs them "
            "most significant first): filter 1,0,0,0,0,0,0,0 acts as 0,0,0,0,0,0,0,1",
        ),
        Case(
            (T(F, (1, 8, 1, 1), FIRST), ones((1, 8, 1, 1))),
            attrs(pb="1,0", pe="0,1", pad_value="0"),
            expect=([[[[-8, -8], [-6, -8]]]],),
            plugin=([[[[0, 0], [-6, 0]]]],),
            why="with pad_value 0 the plugin leaves the padding out of the sum (the spec fills it with 0, read as -1)",
        ),
        Case(
            (T(F, (1, 3, 1, 2), [[[1, 0]], [[1, 1]], [[0, 0]]]), T("u1", (2, 3, 1, 1), [1, 0, 1, 1, 1, 1], const=True)),
            attrs(),
            expect=([[[[-1, -3]], [[1, -1]]]],),
            plugin=([[[[-1, 1]], [[-1, -3]]]],),
            why="the plugin gives wrong sums when C_IN is not a multiple of 8",
        ),
        Case(
            (T("i32", (1, 1, 2, 2), [1, 0, 1, 1]), T("u1", (1, 1, 2, 2), [1, 1, 0, 1], const=True)),
            attrs(pb="1,1", pe="0,0"),
            oracle=False,
            expect=([[[[2, 0], [2, 0]]]],),
            why="the plugin does not compile BinaryConvolution on integer data",
            name="i32",
        ),
        Case(
            (T("u8", (1, 1, 1, 3), [[[[1, 0, 1]]]]), T("u1", (1, 1, 1, 1), [1], const=True)),
            attrs(),
            oracle=False,
            expect=([[[[1, 255, 1]]]],),
            why="the plugin does not compile BinaryConvolution on integer data",
            name="u8 wraps -1",
        ),
    ],
)

X, W = binary(F, (1, 8, 5, 5)), bits((2, 8, 3, 3), 0)
TABLE.errors = [
    Error(
        (binary(F, (1, 8, 5)), W),
        attrs=attrs(),
        match=r"data must have rank 4, got \[1,8,5\]",
        code="S005",
        at="lint",
        name="data of rank 3",
    ),
    Error(
        (X, T("u1", (2, 8, 3, 3, 1), low=0, high=2, const=True)),
        attrs=attrs(),
        match=r"filters must have rank 4",
        code="S005",
        at="lint",
        name="filters of rank 5",
    ),
    Error(
        (X, T("u1", (2, 4, 3, 3), low=0, high=2, const=True)),
        attrs=attrs(),
        match=r"data has 8 channels, the filters \[2,4,3,3\] take 4",
        code="S005",
        at="lint",
        name="channel mismatch",
    ),
    Error(
        (X, T(F, (2, 8, 3, 3), low=0, high=2, const=True)),
        attrs=attrs(),
        match="filters must be u1",
        code="S005",
        at="lint",
        name="f32 filters",
    ),
    Error(
        (T("boolean", (1, 8, 5, 5)), W),
        attrs=attrs(),
        match="data must be f16 or",
        code="S005",
        at="lint",
        name="boolean data",
    ),
    Error(
        (X, W),
        attrs={k: v for k, v in attrs().items() if k != "mode"},
        match="required attribute 'mode'",
        code="O003",
        at="lint",
        name="mode left out",
    ),
    Error(
        (X, W),
        attrs=attrs(mode="xor-popcount"),
        match="mode='xor-popcount' is not one of",
        code="O003",
        at="lint",
        name="unknown mode",
    ),
    Error(
        (X, W),
        attrs={k: v for k, v in attrs().items() if k != "pad_value"},
        match="required attribute 'pad_value'",
        code="O003",
        at="lint",
        name="pad_value left out",
    ),
    Error(
        (X, W),
        attrs=attrs(pad_value="one"),
        match="pad_value='one' is not a valid float",
        code="O003",
        at="lint",
        name="pad_value not a number",
    ),
    Error(
        (X, W), attrs=attrs(s="1", pb="0", pe="0", d="1"), match="is 2D", code="O003", at="lint", name="1D attributes"
    ),
    Error(
        (X, W),
        attrs=attrs(pb="-1,0"),
        match="pads_begin must not be negative",
        code="O003",
        at="lint",
        name="negative pads",
    ),
    Error((X, W), attrs=attrs(s="0,1"), match="strides must be positive", code="O003", at="lint", name="zero stride"),
    Error(
        (binary(F, (1, 8, 2, 5)), W),
        attrs=attrs(),
        match=r"dilated kernel \(3\) is larger than the padded data "
        r"\(2\)",
        code="S005",
        at="lint",
        name="kernel larger than the data",
    ),
]

test_cases, test_errors = TABLE.pytest()
