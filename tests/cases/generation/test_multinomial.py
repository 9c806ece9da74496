"""Multinomial-13: cases against the CPU plugin.

irexec draws its numbers as the plugin does (MT19937 seeded through std::seed_seq), so most
rows compare classes directly. Both seeds 0 draw afresh: such rows use a row whose every draw
gives one class. The bf16 departure's ``expect`` is worked out here, from a plain transcription
of the seeding and of MT19937 over Python integers."""

import numpy as np

from cases.rows import Case, Error, T, Table

M32 = 0xFFFFFFFF


def _words(seed1, seed2, count):
    """MT19937's first ``count`` words after ``seed(std::seed_seq{seed1, seed2})``."""
    n, v = 624, (seed1 & M32, seed2 & M32)
    b = [0x8B8B8B8B] * n
    p, q = (n - 11) // 2, (n - 11) // 2 + 11
    for k in range(n):
        x = b[k % n] ^ b[(k + p) % n] ^ b[(k - 1) % n]
        r1 = 1664525 * (x ^ (x >> 27)) & M32
        r2 = (r1 + (2 if k == 0 else k + v[k - 1] if k <= 2 else k)) & M32
        b[(k + p) % n] = (b[(k + p) % n] + r1) & M32
        b[(k + q) % n] = (b[(k + q) % n] + r2) & M32
        b[k % n] = r2
    for k in range(n, 2 * n):
        x = (b[k % n] + b[(k + p) % n] + b[(k - 1) % n]) & M32
        r3 = 1566083941 * (x ^ (x >> 27)) & M32
        b[(k + p) % n] ^= r3
        b[(k + q) % n] ^= (r3 - k % n) & M32
        b[k % n] = (r3 - k % n) & M32
    out = []
    while len(out) < count:
        for i in range(n):
            y = (b[i] & 0x80000000) | (b[(i + 1) % n] & 0x7FFFFFFF)
            b[i] = b[(i + 397) % n] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        for y in b:
            y ^= y >> 11
            y ^= (y << 7) & 0x9D2C5680
            y ^= (y << 15) & 0xEFC60000
            out.append(y ^ (y >> 18))
    return out[:count]


def _uniform_classes(classes, count, seed1, seed2):
    """Draws over ``classes`` equally likely classes: the first class i with u <= (i + 1) / classes."""
    u = np.float32(_words(seed1, seed2, count)) / np.float32(2.0**32)
    cdf = np.arange(1, classes + 1, dtype=np.float32) / np.float32(classes)
    return [int(np.argmax(cdf >= x)) for x in u]


def A(replace=True, log=False, seed=150, op_seed=10, convert="i64"):
    attrs = {"convert_type": convert, "with_replacement": str(replace).lower(), "log_probs": str(log).lower()}
    if seed is not None:
        attrs["global_seed"] = str(seed)
    if op_seed is not None:
        attrs["op_seed"] = str(op_seed)
    return attrs


def N(n, etype="i64", const=False, one_element=False):
    return T(etype, (1,) if one_element else (), [n] if one_element else n, const=const)


P3 = [[0.1, 0.5, 0.4], [0.25, 0.25, 0.5]]
LOG = [[-1.0, 1.0, 2.0], [50.0, 1.0, 21.0]]
BF16_SUM = "the CPU plugin sums bf16 probabilities in bf16: 300 ones sum to 256, so classes past 255 are never drawn"

TABLE = Table(
    "Multinomial",
    "opset13",
    cases=[
        Case((T("f32", (2, 3), P3), N(5)), attrs=A(), name="with replacement"),
        Case((T("f32", (2, 3), P3), N(5)), attrs=A(convert="i32"), name="i32 output"),
        Case(
            (T("f32", (2, 3), [[0, 0, 1], [0, 1, 0]]), N(4)),
            attrs=A(seed=None, op_seed=None),
            expect=([[2] * 4, [1] * 4],),
            name="seeds left out: one possible class per row",
        ),
        Case((T("f32", (2, 3), LOG), N(10)), attrs=A(log=True), name="the spec's example 2: log_probs"),
        Case((T("f32", (1, 3), [[0.1, 0.5, 0.4]]), N(2)), attrs=A(replace=False), name="without replacement"),
        Case((T("f32", (2, 3), P3), N(3, const=True)), attrs=A(replace=False), name="every class, constant"),
        Case(
            (T("f32", (2, 4), [[0.5, -1.0, 0.25, 3.0], [1.0, 1.0, 1.0, 1.0]]), N(3)),
            attrs=A(replace=False, log=True),
            name="without replacement, log_probs",
        ),
        Case((T("f32", (4, 100), low=0, high=10), N(50)), attrs=A(seed=7, op_seed=3), name="100 classes"),
        Case(
            (T("f32", (2, 50), low=1, high=10), N(50)),
            attrs=A(replace=False, seed=3, op_seed=0),
            name="a permutation of 50 classes",
        ),
        Case(
            (T("f32", (2, 40), low=-5, high=5), N(30)),
            attrs=A(replace=False, log=True, seed=0, op_seed=9),
            name="op_seed alone",
        ),
        Case(
            (T("f32", (1, 4), [[0.0, 0.5, 0.0, 0.5]]), N(8)),
            attrs=A(seed=2**32 + 150, op_seed=2**40),
            name="classes of probability 0, seeds past 32 bits",
        ),
        Case((T("f16", (2, 3), P3), N(6, "i32")), attrs=A(), name="f16"),
        Case((T("f16", (2, 30), low=0, high=5), N(20)), attrs=A(replace=False, seed=5), name="f16 without replacement"),
        Case((T("f64", (2, 3), LOG), N(6)), attrs=A(log=True), name="f64"),
        Case((T("bf16", (2, 3), P3), N(6)), attrs=A(), name="bf16"),
        Case(
            (T("bf16", (1, 300), [[1.0] * 300]), N(6)),
            attrs=A(seed=150, op_seed=10),
            expect=([_uniform_classes(300, 6, 150, 10)],),
            plugin=([[157, 165, 17, 209, 22, 79]],),
            why=BF16_SUM,
            name="bf16, 300 classes",
        ),
        Case((T("f32", (2, 3), P3), N(4, "i32", one_element=True)), attrs=A(), name="1-element num_samples"),
        Case((T("f32", (2, 3), P3, const=True), N(4)), attrs=A(log=True), name="constant probs"),
        Case((T("f32", (2, 3), P3), N(0)), attrs=A(), name="no samples"),
    ],
)

F = A()
TABLE.errors = [
    Error(
        (T("f32", (3,), [0.1, 0.5, 0.4]), N(2)),
        attrs=F,
        match="probs must be 2-D",
        code="S005",
        at="lint",
        name="1-D probs",
    ),
    Error(
        (T("f32", (1, 1, 3), [[[0.1, 0.5, 0.4]]]), N(2)),
        attrs=F,
        match="probs must be 2-D",
        code="S005",
        at="lint",
        name="3-D probs",
    ),
    Error(
        (T("f32", (1, 3), [[0.1, 0.5, 0.4]]), T("i64", (2,), [2, 2])),
        attrs=F,
        match="num_samples must be a scalar or a 1-element",
        code="S005",
        at="lint",
        name="2 num_samples",
    ),
    Error(
        (T("i32", (1, 3), [[1, 5, 4]]), N(2)),
        attrs=F,
        match="probs must be of a floating-point type",
        code="S005",
        at="lint",
        name="i32 probs",
    ),
    Error(
        (T("f32", (1, 3), [[0.1, 0.5, 0.4]]), T("f32", (), 2.0)),
        attrs=F,
        match="num_samples must be i32 or i64",
        code="S005",
        at="lint",
        name="f32 num_samples",
    ),
    Error(
        (T("f32", (1, 3), [[0.1, 0.5, 0.4]]), N(-1)),
        attrs=F,
        match="num_samples must not be negative",
        code="S005",
        at="run",
        name="negative num_samples",
    ),
    Error(
        (T("f32", (1, 3), [[0.1, 0.5, 0.4]]), N(4)),
        attrs=A(replace=False),
        match="at most one sample per class: 4 samples from 3 classes",
        code="S005",
        at="run",
        name="more samples than classes",
    ),
    Error(
        (T("f32", (1, 3), [[0.5, 0.5, 0.0]]), N(3)),
        attrs=A(replace=False),
        match="no probability left for sample 2 of batch 0",
        code="S005",
        at="run",
        name="no probability left",
    ),
    Error(
        (T("f32", (1, 3), [[0.1, -0.5, 0.4]]), N(2)),
        attrs=F,
        match="must be finite and not negative",
        code="S005",
        at="run",
        name="negative probability",
    ),
    Error(
        (T("f32", (1, 3), [[0.1, float("inf"), 0.4]]), N(2)),
        attrs=F,
        match="must be finite and not negative",
        code="S005",
        at="run",
        name="infinite probability",
    ),
    Error(
        (T("f32", (2, 3), [[0.1, 0.5, 0.4], [0.0, 0.0, 0.0]]), N(2)),
        attrs=F,
        match="probabilities in batch 1 sum to 0.0",
        code="S005",
        at="run",
        name="a row of zeros",
    ),
    Error(
        (T("f32", (1, 3), [[1.0, 100.0, 2.0]]), N(2)),
        attrs=A(log=True),
        match="sum to inf",
        code="S005",
        at="run",
        name="log_probs past f32",
    ),
    Error((T("f32", (1, 0)), N(2)), attrs=F, match="no classes", code="S005", at="run", name="no classes"),
    Error(
        (T("f32", (1, 3), [[0.1, 0.5, 0.4]]), N(2)),
        attrs=A(convert="f32"),
        match="convert_type must be i32 or i64",
        code="O003",
        at="lint",
        name="f32 convert_type",
    ),
    Error(
        (T("f32", (1, 3), [[0.1, 0.5, 0.4]]), N(2)),
        attrs={"convert_type": "i64", "log_probs": "false"},
        match="with_replacement",
        code="O003",
        at="lint",
        name="with_replacement left out",
    ),
    Error(
        (T("f32", (1, 3), [[0.1, 0.5, 0.4]]), N(2)),
        attrs={"convert_type": "i64", "with_replacement": "true"},
        match="log_probs",
        code="O003",
        at="lint",
        name="log_probs left out",
    ),
    Error(
        (T("f32", (1, 3), [[0.1, 0.5, 0.4]]), N(2)),
        attrs=A(seed=-3),
        match="global_seed must be an unsigned",
        code="O003",
        at="lint",
        name="negative seed",
    ),
]

test_cases, test_errors = TABLE.pytest()
