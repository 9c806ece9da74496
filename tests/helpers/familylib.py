"""Differential fuzzing of the sizing pass's families (irexec.run.families): random graphs over inputs
whose length grows a step at a time, run by irexec with families and with a concrete pass each
step. Shared by tests/run/test_families_fuzz.py (a few seeds, in the suite) and fuzz/fuzz_families.py
(long runs).

A graph mixes what decoders do with a length: shape arithmetic (ShapeOf, Gather, Concat, Range,
Reshape targets), masks from it, slices at fixed bounds (the rules decide on the length against
them), broadcasts, concatenations, reductions, a Range down from the length, VariadicSplit with
-1, TopK with k = min(n, k0), a Pad that crops past a length, and a product of the length with
itself (which a Sym cannot keep: the layer is checked on its arrays). The two runs must agree
step by step: the same outputs, bit for bit, or the same error line.
"""

from __future__ import annotations

import numpy as np

# (Imported by the callers after openvino is known to be there.)
import openvino as ov
import openvino.opset13 as ops

import irexec
import irexec.run.sizing

I64 = ov.Type.i64


def _c(v, dtype=np.int64):
    return ops.constant(np.array(v, dtype))


class _Builder:
    """Random layers over tensors of shape [1, n, F] and [1, n] (F fixed, n the length)."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self.x = ops.parameter([1, -1, 4], ov.Type.f32, name="x")
        self.mask = ops.parameter([1, -1], I64, name="mask")
        self.seq = [self.x]  # f32 [1, n, 4] tensors
        self.outs = []

    def pick(self):
        return self.seq[int(self.rng.integers(len(self.seq)))]

    def length(self, t):
        return ops.gather(ops.shape_of(t), _c(1), _c(0))

    def step(self) -> None:
        rng, t = self.rng, self.pick()
        kind = int(rng.integers(16))
        if kind == 0:  # a mask from the length: Range(0, n) < k, over the features
            k = int(rng.integers(0, 12))
            m = ops.convert(ops.less(ops.range(_c(0), self.length(t), _c(1), "i64"), _c(k)), "f32")
            self.seq.append(ops.multiply(t, ops.unsqueeze(ops.unsqueeze(m, _c(0)), _c(2))))
        elif kind == 1:  # the input mask, as decoders broadcast it (padded to t's length, which
            # a concat may have grown past the mask's)
            grow = ops.subtract(self.length(t), self.length(self.mask))
            m = ops.pad(
                ops.convert(self.mask, "f32"),
                _c([0, 0]),
                ops.concat([_c([0]), ops.unsqueeze(grow, _c(0))], 0),
                "constant",
                _c(np.float32(0), np.float32),
            )
            self.seq.append(ops.add(t, ops.unsqueeze(m, _c(2))))
        elif kind == 2:  # a slice at fixed bounds along the length, padded back by a concat
            stop = int(rng.integers(1, 10))
            s = ops.slice(t, _c([0]), _c([stop]), _c([1]), _c([1]))
            self.outs.append(ops.reduce_sum(s, _c([1]), True))
            self.seq.append(ops.concat([t, ops.slice(t, _c([0]), _c([1]), _c([1]), _c([1]))], 1))
        elif kind == 3:  # a Reshape whose target is computed from the shape
            shape = ops.shape_of(t)
            target = ops.concat([ops.gather(shape, _c([0]), _c(0)), _c([-1]), ops.gather(shape, _c([2]), _c(0))], 0)
            self.seq.append(
                ops.reshape(
                    ops.transpose(t, _c([0, 2, 1])),
                    ops.concat([_c([1]), ops.gather(shape, _c([2]), _c(0)), _c([-1])], 0),
                    False,
                )
            )
            self.seq[-1] = ops.reshape(ops.transpose(self.seq[-1], _c([0, 2, 1])), target, False)
        elif kind == 4:  # a length-long broadcast of a constant
            self.seq.append(
                ops.add(t, ops.broadcast(_c(np.float32(rng.standard_normal()), np.float32), ops.shape_of(t)))
            )
        elif kind == 5:  # attention-like scores: [1, n, n], a product of the length with itself
            scores = ops.softmax(ops.matmul(t, t, False, True), -1)
            self.seq.append(ops.matmul(scores, t, False, False))
        elif kind == 6:  # a reduction over the length
            self.outs.append(ops.reduce_mean(t, _c([1]), bool(rng.integers(2))))
        elif kind == 7:  # the length as a value: scaled, converted, added
            n = ops.convert(ops.multiply(self.length(t), _c(int(rng.integers(1, 4)))), "f32")
            self.seq.append(ops.add(t, n))
        elif kind == 8:  # the last k positions (a negative start)
            k = int(rng.integers(1, 6))
            s = ops.slice(t, _c([-k]), _c([np.iinfo(np.int64).max]), _c([1]), _c([1]))
            self.outs.append(s)
        elif kind == 9:  # an even split of the features, joined back the other way round
            a, b = ops.split(t, _c(2), 2).outputs()
            self.seq.append(ops.concat([b, a], 2))
        elif kind == 10:  # a Reshape to [2, -1] over the length: odd lengths are an error
            self.outs.append(ops.reshape(ops.reduce_sum(t, _c([2]), False), _c([2, -1]), False))
        elif kind == 11:  # a Range down from the length by a negative step, a fixed count of values
            n = self.length(t)
            r = ops.range(n, ops.subtract(n, _c(int(rng.integers(1, 8)))), _c(-int(rng.integers(1, 4))), "i64")
            self.outs.append(ops.add(ops.reduce_sum(t, _c([1]), False), ops.convert(ops.reduce_sum(r, _c([0])), "f32")))
        elif kind == 12:  # a VariadicSplit of the length with -1: the head too long for short lengths
            head = int(rng.integers(0, 3))
            a, b = ops.variadic_split(t, _c(1), _c([head, -1])).outputs()
            self.outs.append(a)
            self.seq.append(ops.concat([b, a], 1))
        elif kind == 13:  # TopK along the length with k = min(n, k0): k decided against the length
            k = ops.minimum(self.length(t), _c(int(rng.integers(1, 6))))
            self.outs.append(ops.topk(t, k, 1, "max", "value", "i64").output(1))
        elif kind == 14:  # a Pad whose end is k - n: negative (a crop) past k
            end = ops.unsqueeze(ops.subtract(_c(int(rng.integers(2, 9))), self.length(t)), _c(0))
            self.outs.append(
                ops.pad(
                    t, _c([0, 1, 0]), ops.concat([_c([0]), end, _c([0])], 0), "constant", _c(np.float32(0), np.float32)
                )
            )
        else:  # a bidirectional Broadcast of [1, n, 1] to the shape (at n = 1, 1 against 1)
            m = ops.reduce_max(t, _c([2]), True)
            self.seq.append(ops.multiply(ops.broadcast(m, ops.shape_of(t), "bidirectional"), t))

    def model(self) -> ov.Model:
        results = [ops.result(o) for o in self.outs + [self.seq[-1]]]
        return ov.Model(results, [self.x, self.mask])


def make_case(seed: int, path: str) -> str:
    """A random graph of 4 to 12 layers' worth of steps, saved as ``path``."""
    rng = np.random.default_rng(seed)
    b = _Builder(rng)
    for _ in range(int(rng.integers(4, 13))):
        b.step()
    ov.save_model(b.model(), path, compress_to_fp16=False)
    return path


def lengths(seed: int) -> list:
    """The lengths a case steps through: runs growing by one, a jump between them, then back down
    by one or two to below the start (0 included: an empty length)."""
    rng = np.random.default_rng(seed + 1)
    start = int(rng.integers(1, 6))
    first = list(range(start, start + int(rng.integers(3, 10))))
    jump = first[-1] + int(rng.integers(2, 8))
    second = list(range(jump, jump + int(rng.integers(3, 8))))
    return first + second + list(range(second[-1] - 1, max(-1, start - 3), -int(rng.integers(1, 3))))


def run(path: str, steps: list, families: bool) -> list:
    """Each step's outputs (name -> array), or its error line, for lengths ``steps``."""
    feeds = [
        {"x": (np.arange(n * 4, dtype=np.float32).reshape(1, n, 4) % 7) / 7, "mask": np.ones((1, n), np.int64)}
        for n in steps
    ]
    return run_feeds(path, feeds, families)[0]


def run_feeds(path: str, feeds: list, families: bool) -> tuple:
    """Each step's outputs or error line, and the model (its sizing's families)."""
    irexec.run.sizing.Sizing.families = families
    try:
        model = irexec.read_model(path)
        got = []
        for f in feeds:
            try:
                got.append({k: np.array(v) for k, v in model.infer(f).items()})
            except irexec.IRExecError as e:
                got.append(str(e))
        return got, model
    finally:
        irexec.run.sizing.Sizing.families = True


def differ(a: list, b: list):
    """Where two runs' steps differ, as a line; None when they agree."""
    for i, (x, y) in enumerate(zip(a, b)):
        if isinstance(x, str) or isinstance(y, str):
            if x != y:
                return f"step {i}: {x if isinstance(x, str) else 'outputs'} vs {y if isinstance(y, str) else 'outputs'}"
            continue
        if x.keys() != y.keys():
            return f"step {i}: outputs {sorted(x)} vs {sorted(y)}"
        for k in x:
            if x[k].shape != y[k].shape or x[k].dtype != y[k].dtype or x[k].tobytes() != y[k].tobytes():
                return f"step {i}: output {k} differs"
    return None


def check(seed: int, path: str):
    """One case: None when the runs agree, else what differs."""
    make_case(seed, path)
    steps = lengths(seed)
    return differ(run(path, steps, True), run(path, steps, False))
