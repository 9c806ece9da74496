"""What GRUCell, GRUSequence, RNNCell and RNNSequence share: their attributes (activations as
OpenVINO writes them, "sigmoid, tanh"), the shape rule over named dims, and the time loop.

The loop: one matmul of X with W (and W's bias) for all time steps, then per step one whole-batch
matmul with R and elementwise gates. f16 and bf16 compute in f32 and round once at the end.
"""
from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, intersect
from ..op import Attr, Fact, Input, Op

_FLOATS = "f16|bf16|f32|f64"


def _sigmoid(x):
    with np.errstate(over="ignore"):
        return 1 / (1 + np.exp(-x))


# The activations the specs allow (alpha and beta parameterise none of them, so they are read
# and otherwise ignored, as in OpenVINO's reference).
ACTIVATIONS = {"sigmoid": _sigmoid, "tanh": np.tanh, "relu": lambda x: np.maximum(x, 0)}


def _floats(text: str) -> tuple:
    return tuple(float(v) for v in text.replace(",", " ").split())


class Recurrent(Op):
    """Base of the four ops: ``gates`` (1 for RNN, 3 for GRU)."""
    gates = 1

    @staticmethod
    def make_attrs(default_acts, extra=()):
        return (Attr("hidden_size", "int"), Attr("activations", "str", default_acts),
                Attr("activations_alpha", "str", ""), Attr("activations_beta", "str", ""),
                Attr("clip", "float", 0.0)) + tuple(extra)

    def setup(self):
        if self.hidden_size <= 0:
            raise ValidationError(f"{self.type}'s hidden_size must be positive, got {self.hidden_size}")
        names = [a.strip().lower() for a in self.activations.split(",") if a.strip()]
        want = 1 if self.gates == 1 else 2
        if len(names) != want:
            raise ValidationError(f"{self.type} needs {want} activation(s), got {self.activations!r}")
        for n in names:
            if n not in ACTIVATIONS:
                raise ValidationError(f"{self.type}'s activation {n!r} is not one of relu, sigmoid, tanh")
        self.acts = [ACTIVATIONS[n] for n in names]
        try:
            _floats(self.activations_alpha), _floats(self.activations_beta)
        except ValueError:
            raise ValidationError(f"{self.type}'s activations_alpha/beta must be lists of floats") from None
        if self.clip < 0:
            raise ValidationError(f"{self.type}'s clip must not be negative, got {self.clip}")

    @property
    def lbr(self) -> bool:
        return bool(getattr(self, "linear_before_reset", False))

    @property
    def dirs(self) -> int:
        return 2 if getattr(self, "direction", "forward") == "bidirectional" else 1

    # ---- the shape rule ----

    def unify(self, layout, facts) -> dict:
        """``layout``: per input (name, dims), each dim a symbol ("N", "T", "I") shared between
        inputs, or (size, what it is) it must equal. Returns the symbols' dims; raises where they clash."""
        known = {}
        for port, ((name, dims), fact) in enumerate(zip(layout, facts)):
            if fact is None or fact.shape is None:
                continue
            s = fact.shape
            if len(s) != len(dims):
                raise ValidationError(f"{self.type}'s {name} must have rank {len(dims)}, got {fmt(s)}", port=port)
            for k, (sym, d) in enumerate(zip(dims, s)):
                if isinstance(sym, tuple):
                    if not d.compatible(fixed(sym[0])):
                        raise ValidationError(f"{self.type}'s {name} {fmt(s)}: dim {k} must be {sym[0]} "
                                              f"({sym[1]})", port=port)
                    continue
                prev = known.get(sym)
                merged = d if prev is None else intersect(prev[0], d)
                if merged is None:
                    raise ValidationError(f"{self.type}'s {name} {fmt(s)}: dim {k} ({_SYM[sym]}) differs from "
                                          f"{prev[1]}'s {prev[0]}", port=port)
                known[sym] = (merged, name if prev is None else prev[1])
        return {k: v[0] for k, v in known.items()}

    def bias_rows(self) -> int:
        return (self.gates + (1 if self.lbr else 0)) * self.hidden_size

    def sizes(self):
        hs = self.hidden_size
        g = (self.gates * hs, "hidden_size" if self.gates == 1 else "3 * hidden_size")
        rows = self.bias_rows()
        b = (rows, "hidden_size" if rows == hs else f"{rows // hs} * hidden_size")
        return g, (hs, "hidden_size"), b

    def cell_facts(self, x, h, w, r, b=None):
        g, hs, br = self.sizes()
        layout = [("X", ("N", "I")), ("initial_hidden_state", ("N", hs)), ("W", (g, "I")), ("R", (g, hs)),
                  ("B", (br,))]
        dims = self.unify(layout, [x, h, w, r, b])
        return Fact(x.etype, (dims.get("N", DYN), fixed(hs[0])))

    def sequence_facts(self, x, h, lens, w, r, b):
        g, hs, br = self.sizes()
        d = (self.dirs, f"directions, for direction={self.direction}")
        layout = [("X", ("N", "T", "I")), ("initial_hidden_state", ("N", d, hs)), ("sequence_lengths", ("N",)),
                  ("W", (d, g, "I")), ("R", (d, g, hs)), ("B", (d, br))]
        dims = self.unify(layout, [x, h, lens, w, r, b])
        n, t, d, hs = dims.get("N", DYN), dims.get("T", DYN), fixed(d[0]), fixed(hs[0])
        return [Fact(x.etype, (n, d, t, hs)), Fact(x.etype, (n, d, hs))]

    # ---- compute ----

    def run(self, x, h, w, r, b, lens):
        """One direction over X [N, T, I] from H [N, hs] with W, R, B of that direction and
        per-batch lengths (steps at and after a batch's length leave its state and give zeros).
        Returns Y [N, T, hs] and the last state, in f32."""
        hs, n_steps = self.hidden_size, x.shape[1]
        f = self.acts[0]
        g = self.acts[-1]
        clip = self.clip

        def act(fn, v):
            return fn(np.clip(v, -clip, clip) if clip > 0 else v)

        b = np.zeros(self.bias_rows(), np.float32) if b is None else b
        g_rows = self.gates * hs
        xw = np.matmul(x, w.T) + b[:g_rows]  # [N, T, G*hs]: every step's input part at once
        y = np.zeros(x.shape[:2] + (hs,), np.float32)
        live = np.arange(n_steps)[None, :] < lens[:, None]  # [N, T]
        if self.gates == 1:
            for t in range(n_steps):
                new = act(f, xw[:, t] + h @ r.T)
                h = np.where(live[:, t, None], new, h)
                y[:, t] = np.where(live[:, t, None], new, 0)
            return y, h
        rz, rh = r[:2 * hs], r[2 * hs:]
        rbh = b[3 * hs:] if self.lbr else None
        for t in range(n_steps):
            xt = xw[:, t]
            zr = act(f, xt[:, :2 * hs] + h @ rz.T)
            z, rr = zr[:, :hs], zr[:, hs:]
            if self.lbr:
                cand = act(g, xt[:, 2 * hs:] + rr * (h @ rh.T + rbh))
            else:
                cand = act(g, xt[:, 2 * hs:] + (rr * h) @ rh.T)
            new = (1 - z) * cand + z * h
            h = np.where(live[:, t, None], new, h)
            y[:, t] = np.where(live[:, t, None], new, 0)
        return y, h

    def cell(self, x, h, w, r, b=None):
        dtype = x.dtype
        f32 = [None if a is None else a.astype(np.float32) for a in (x, h, w, r, b)]
        x, h, w, r, b = f32
        _, out = self.run(x[:, None], h, w, r, b, np.ones(x.shape[0], np.int64))
        return out.astype(dtype)

    def sequences(self, x, h, lens, w, r, b):
        dtype = x.dtype
        n, t = x.shape[:2]
        lens = lens.astype(np.int64)
        bad = (lens < 0) | (lens > t)
        if bad.any():
            raise ValidationError(f"{self.type}'s sequence_lengths must be in [0, {t}] (the sequence length), "
                                  f"got {int(lens[bad][0])}")
        x, h, w, r, b = (a.astype(np.float32) for a in (x, h, w, r, b))
        # A reversed pass runs forward over each batch's first ``len`` steps reversed.
        steps = np.arange(t)[None, :]
        flip = np.where(steps < lens[:, None], lens[:, None] - 1 - steps, steps)  # [N, T], an involution
        rows = np.arange(n)[:, None]
        ys, hos = [], []
        direction = getattr(self, "direction", "forward")
        for d in range(self.dirs):
            back = direction == "reverse" or d == 1
            xd = x[rows, flip] if back else x
            y, ho = self.run(xd, h[:, d], w[d], r[d], b[d], lens)
            ys.append(y[rows, flip] if back else y)
            hos.append(np.where(lens[:, None] > 0, ho, 0))  # a length of 0 gives a zero Ho, as the plugin does
        return np.stack(ys, 1).astype(dtype), np.stack(hos, 1).astype(dtype)


_SYM = {"N": "batch", "T": "sequence length", "I": "input size"}


DIRECTIONS = ("forward", "reverse", "bidirectional")


class Sequence(Recurrent):
    """GRUSequence and RNNSequence: the same inputs and outputs, the step over every time step."""
    inputs = (Input("X", _FLOATS), Input("initial_hidden_state", same_as="X"),
              Input("sequence_lengths", "int"), Input("W", same_as="X"), Input("R", same_as="X"),
              Input("B", same_as="X"))
    outputs = ("Y", "Ho")

    def output_facts(self, x, h, lens, w, r, b):
        return self.sequence_facts(x, h, lens, w, r, b)

    def compute(self, x, h, lens, w, r, b):
        return self.sequences(x, h, lens, w, r, b)
