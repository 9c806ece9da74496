"""GroupQueryAttention (internal, ``version="extension"``), against the CPU plugin: the plugin's
model is built from the table's IR with the ONNX frontend's own node (OpenVINO's reader refuses
the saved op; ``_openvino.read``). With static shapes, as these rows have, the plugin writes the
step into the past buffer in place, so each row's past holds at least ``total`` rows; the
concatenating form (a dynamic past of exactly ``past`` rows) is the corpus model's
(tests/models/test_onnx_gqa.py)."""

import numpy as np

from cases import harness
from cases.internal import _openvino
from cases.rows import Case, Error, T, Table

harness.OV_READERS["GroupQueryAttention"] = _openvino.read

TOL = {"rtol": 1e-4, "atol": 1e-5}
NONE = T("dynamic", (0,), const=True)  # an absent optional input, as the ONNX frontend writes it


def floats(shape, seed, etype="f32", const=False):
    """Values in [-1, 1): scores stay moderate, so the softmax weighs several keys."""
    values = np.random.default_rng(seed).uniform(-1, 1, shape).astype(np.float32)
    return T(etype, shape, values.tolist(), const=const)


def rotary(max_pos, half):
    """cos/sin caches as a model builds them: angles pos * 10000^(-i/half)."""
    angles = np.arange(max_pos)[:, None] * 10000.0 ** (-np.arange(half) / half)
    return np.cos(angles).astype(np.float32).tolist(), np.sin(angles).astype(np.float32).tolist()


def gqa(past, steps, cache, heads=4, kv=2, d=8, batch=1, etype="f32", cos_sin=None, rest=(), trailing=True, **row):
    """A row: ``past`` earlier tokens in a buffer of ``cache`` rows, ``steps`` new ones."""
    total = past + steps
    seed = past * 100 + steps * 10 + heads + kv
    ins = [
        floats((batch, heads, steps, d), seed, etype),
        floats((batch, kv, steps, d), seed + 1, etype),
        floats((batch, kv, steps, d), seed + 2, etype),
        floats((batch, kv, cache, d), seed + 3, etype),
        floats((batch, kv, cache, d), seed + 4, etype),
        T("i32", (1,), [total - 1]),
        T("i32", (), total),
    ]
    if cos_sin is not None:
        ins += [T(etype, (len(c), d // 2), c, const=True) for c in cos_sin]
    elif trailing:
        ins += [NONE, NONE]
    ins += list(rest) or ([NONE] * 7 if trailing else [])
    attrs = {"num_heads": str(heads), "kv_num_heads": str(kv), **row.pop("attrs", {})}
    return Case(tuple(ins), attrs=attrs, **{**TOL, **row})


COS, SIN = rotary(16, 4)

TABLE = Table(
    "GroupQueryAttention",
    "extension",
    outputs=3,
    cases=[
        gqa(0, 3, 3, name="prompt, attributes left out (causal, scale 1/sqrt(D))"),
        gqa(0, 3, 3, trailing=False, name="the 7 required inputs only"),
        gqa(2, 3, 5, name="past of 2 in a buffer of 5"),
        gqa(2, 1, 6, name="one step, the buffer's tail kept"),
        gqa(1, 2, 4, heads=2, kv=2, name="as many kv heads as heads"),
        gqa(3, 2, 5, heads=6, kv=1, d=4, name="one kv head for 6"),
        gqa(2, 2, 4, attrs={"scale": "0.25"}, name="scale given"),
        gqa(2, 3, 5, attrs={"causal": "false"}, name="not causal: only keys past total masked"),
        gqa(4, 3, 8, attrs={"local_window_size": "2"}, name="local window of 2"),
        gqa(2, 2, 4, attrs={"smooth_softmax": "true"}, name="smooth softmax"),
        gqa(2, 3, 5, cos_sin=(COS, SIN), attrs={"do_rotary": "true"}, name="rotary, halves"),
        gqa(
            1,
            2,
            3,
            cos_sin=(COS, SIN),
            attrs={"do_rotary": "true", "rotary_interleaved": "true"},
            name="rotary, interleaved",
        ),
        gqa(
            1,
            2,
            4,
            cos_sin=(COS, SIN),
            rest=(T("i64", (1, 2), [[7, 9]]), NONE, NONE, NONE, NONE, NONE, NONE),
            attrs={"do_rotary": "true"},
            name="rotary at position_ids",
        ),
        gqa(
            2,
            2,
            4,
            rest=(NONE, NONE, T("f32", (4,), [0.5, -1.0, 2.0, 0.0], const=True), NONE, NONE, NONE, NONE),
            name="head_sink",
        ),
        gqa(2, 3, 5, etype="f16", name="f16", rtol=2e-3, atol=2e-3),
    ],
)

BASE = gqa(1, 2, 3).inputs
HEADS = {"num_heads": "4", "kv_num_heads": "2"}
ROTARY = gqa(1, 2, 3, cos_sin=(COS, SIN)).inputs


def with_input(port, t):
    return BASE[:port] + (t,) + BASE[port + 1 :]


TABLE.errors = [
    Error(
        BASE, attrs={"num_heads": "4", "kv_num_heads": "3"}, match="kv_num_heads must divide", code="O003", at="lint"
    ),
    Error(BASE, attrs={"kv_num_heads": "2"}, match="num_heads", code="O003", at="lint", name="num_heads left out"),
    Error(BASE, attrs={**HEADS, "kv_cache_bit_width": "8"}, match="quantized KV cache", code="O003", at="lint"),
    Error(BASE, attrs={**HEADS, "sliding_window_cache": "true"}, match="sliding_window_cache", code="O003", at="lint"),
    Error(
        BASE,
        attrs={**HEADS, "causal": "false", "local_window_size": "2"},
        match="local_window_size must be",
        code="O003",
        at="lint",
    ),
    Error(BASE, attrs={**HEADS, "do_rotary": "true"}, match="needs cos_cache and sin_cache", code="S005", at="lint"),
    Error(
        with_input(10, floats((1, 4, 2, 3), 5, const=True)),
        attrs=HEADS,
        match="with attention_bias",
        code="S005",
        at="lint",
    ),
    Error(with_input(5, T("i32", (2,), [2, 2])), attrs=HEADS, match="must hold one length", code="S005", at="lint"),
    Error(
        with_input(1, floats((1, 3, 2, 8), 6)), attrs=HEADS, match=r"key \[1,3,2,8\] should be", code="S005", at="lint"
    ),
    Error(
        (floats((2, 4, 2, 8), 7), floats((2, 2, 2, 8), 8), floats((2, 2, 2, 8), 9)) + BASE[3:],
        attrs=HEADS,
        match="one sequence",
        code="S005",
        at="lint",
        name="a batch of 2",
    ),
    Error(with_input(0, floats((4, 2, 8), 6)), attrs=HEADS, match="must be 4-D", code="S005", at="lint"),
    Error(with_input(0, T("i32", (1, 4, 2, 8))), attrs=HEADS, match="query must be f32 or f16", code="S005", at="lint"),
    Error(
        with_input(5, T("i32", (1,), [5])),
        attrs=HEADS,
        match="gives 4 past tokens",
        at="run",
        name="seqlens past the cache",
    ),
    Error(
        with_input(5, T("i32", (1,), [0])), attrs=HEADS, match="gives -1 past tokens", at="run", name="seqlens short"
    ),
    Error(
        ROTARY[:7] + tuple(T("f32", (16, 3), c, const=True) for c in rotary(16, 3)) + ROTARY[9:],
        attrs={**HEADS, "do_rotary": "true"},
        match=r"cos_cache \[16,3\] should be \[max_pos, D/2\] \(D = 8\)",
        code="S005",
        at="lint",
        name="rotary caches of the wrong width",
    ),
    Error(
        gqa(1, 2, 3, d=7, cos_sin=rotary(16, 3)).inputs,
        attrs={**HEADS, "do_rotary": "true"},
        match="rotary embedding needs an even head size, got 7",
        code="S005",
        at="lint",
        name="rotary on an odd head size",
    ),
    Error(
        ROTARY[:9] + (T("i64", (1, 2), [[7, 16]]),) + ROTARY[10:],
        attrs={**HEADS, "do_rotary": "true"},
        match=r"positions \[7, 16\] should be 2, each below the 16 rows of cos_cache",
        at="run",
        name="a position past the rotary caches",
    ),
]

test_cases, test_errors = TABLE.pytest()
