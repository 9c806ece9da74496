"""What the recurrent ops share: RNNCell and RNNSequence, GRUCell and GRUSequence, LSTMCell and
LSTMSequence. One base holds the attributes (hidden_size, activations with their alpha and beta,
clip) and their checks, the shape rule over named dims, and the time loop; three family classes
(RNN, GRU, LSTM) hold only their gates' step. An op file declares its inputs and attributes and
calls ``cell_facts``/``sequence_facts`` and ``cell``/``sequences``.

The loop, per direction: ONE matmul of X with W (plus W's bias) for every time step, then per
step one whole-batch matmul with R and the elementwise gates. A reversed pass runs forward over
each batch row's first ``sequence_lengths[n]`` steps taken backwards and writes Y back at the
steps' own positions; bidirectional runs direction 0 forward and direction 1 reversed. Steps at
or past a row's length keep its states and give zeros in Y; a row of length 0 ends with zero
states, not its initial ones (the specs do not say; the CPU plugin does so). f16 and bf16 (and
f64) compute in f32 and round once at the end, as the plugin does.

Activations are the specs' relu, sigmoid and tanh (the CPU plugin knows no others: it refuses
hardsigmoid, softsign, elu...), named in any case ("Sigmoid", as the plugin reads it too);
``activations_alpha``/``activations_beta`` parameterise none of them, so they are read (as lists
of floats: anything else is refused) and otherwise unused, as in the plugin.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...numbers import parse_float
from ...shapes import DYN, fixed, fmt, intersect
from ..op import REQUIRED, Attr, Fact, Op

# The activations and the clip, as OpenVINO's Python builders of the cells and sequences take them
# (left None: the op's defaults), in their ``builder_args`` (irexec.api.opsets).
ACTIVATION_ARGS = (("activations", None), ("activations_alpha", None), ("activations_beta", None), "clip")

FLOATS = "f16|bf16|f32|f64"
DIRECTIONS = ("forward", "reverse", "bidirectional")


def _sigmoid(x):
    with np.errstate(over="ignore"):  # exp(-x) overflows to inf for x < -88: sigmoid 0, as it should
        return 1 / (1 + np.exp(-x))


ACTIVATIONS = {"sigmoid": _sigmoid, "tanh": np.tanh, "relu": lambda x: np.maximum(x, 0)}
_SYM = {"N": "batch", "T": "sequence length", "I": "input size"}


def _floats(text: str) -> tuple:
    return tuple(parse_float(v) for v in text.replace(",", " ").split())  # (irexec.numbers: strict)


class Recurrent(Op):
    """The base. A family sets ``gates`` (rows of W per hidden unit), ``n_acts`` (activations it
    names), ``states`` (1: H; 2: H and C) and writes ``prepare`` and ``step``."""

    gates = 1
    n_acts = 1
    states = 1

    @staticmethod
    def make_attrs(default_acts: str, extra=()) -> tuple:
        return (
            Attr("hidden_size", "int", REQUIRED),
            Attr("activations", "str", default_acts),
            Attr("activations_alpha", "str", ""),
            Attr("activations_beta", "str", ""),
            Attr("clip", "float", 0.0),
        ) + tuple(extra)

    def setup(self):
        if self.hidden_size <= 0:
            raise ValidationError(f"{self.type}'s hidden_size must be positive, got {self.hidden_size}")
        names = [a.strip().lower() for a in self.activations.split(",") if a.strip()]
        if len(names) != self.n_acts:
            raise ValidationError(f"{self.type} needs {self.n_acts} activation(s), got {self.activations!r}")
        for n in names:
            if n not in ACTIVATIONS:
                raise ValidationError(f"{self.type}'s activation {n!r} is not one of relu, sigmoid, tanh")
        self.acts = tuple(ACTIVATIONS[n] for n in names)
        try:
            _floats(self.activations_alpha), _floats(self.activations_beta)
        except ValueError:
            raise ValidationError(f"{self.type}'s activations_alpha/beta must be lists of floats") from None
        if not self.clip >= 0:  # (NaN too)
            raise ValidationError(f"{self.type}'s clip must not be negative, got {self.clip}")

    @property
    def dirs(self) -> int:
        return 2 if getattr(self, "direction", "forward") == "bidirectional" else 1

    def bias_rows(self) -> int:
        """B's length per direction (GRU's linear_before_reset adds Rbh)."""
        return self.gates * self.hidden_size

    # ---- the shape rule ----

    def unify(self, layout, facts) -> dict:
        """``layout``: per input (name, dims), each dim a symbol ("N", "T", "I") shared between
        inputs, or (size, what it is) it must equal; a name of None skips the input. Returns the
        symbols' dims; raises where they clash."""
        known = {}
        for port, ((name, dims), fact) in enumerate(zip(layout, facts)):
            if name is None or fact is None or fact.shape is None:
                continue
            s = fact.shape
            if len(s) != len(dims):
                raise ValidationError(f"{self.type}'s {name} must have rank {len(dims)}, got {fmt(s)}", port=port)
            for k, (sym, d) in enumerate(zip(dims, s)):
                if isinstance(sym, tuple):
                    if not d.compatible(fixed(sym[0])):
                        raise ValidationError(
                            f"{self.type}'s {name} {fmt(s)}: dim {k} must be {sym[0]} ({sym[1]})", port=port
                        )
                    continue
                prev = known.get(sym)
                merged = d if prev is None else intersect(prev[0], d)
                if merged is None:
                    raise ValidationError(
                        f"{self.type}'s {name} {fmt(s)}: dim {k} ({_SYM[sym]}) differs from {prev[1]}'s {prev[0]}",
                        port=port,
                    )
                known[sym] = (merged, name if prev is None else prev[1])
        return {k: v[0] for k, v in known.items()}

    def _sizes(self):
        hs = self.hidden_size

        def times(n):
            return (n * hs, "hidden_size" if n == 1 else f"{n} * hidden_size")

        return times(self.gates), times(1), times(self.bias_rows() // hs)

    def _state_names(self):
        return ("initial_hidden_state", "initial_cell_state")[: self.states]

    def cell_facts(self, x, *rest):
        """Inputs X [N, I], the states [N, hs], W [G, I], R [G, hs], B [bias rows] (LSTMCell-1's
        P [3 * hs] after them). Outputs: each state [N, hs]."""
        g, hs, br = self._sizes()
        layout = (
            [("X", ("N", "I"))]
            + [(s, ("N", hs)) for s in self._state_names()]
            + [("W", (g, "I")), ("R", (g, hs)), ("B", (br,)), ("P", ((3 * hs[0], "3 * hidden_size"),))]
        )
        dims = self.unify(layout, (x,) + rest)
        out = (dims.get("N", DYN), fixed(hs[0]))
        return [Fact(x.etype, out) for _ in range(self.states)]

    def sequence_facts(self, x, *rest):
        """Inputs X [N, T, I], the states [N, D, hs], sequence_lengths [N], W [D, G, I],
        R [D, G, hs], B [D, bias rows]. Outputs Y [N, D, T, hs] and each state [N, D, hs]."""
        g, hs, br = self._sizes()
        d = (self.dirs, f"directions, for direction={self.direction}")
        layout = (
            [("X", ("N", "T", "I"))]
            + [(s, ("N", d, hs)) for s in self._state_names()]
            + [("sequence_lengths", ("N",)), ("W", (d, g, "I")), ("R", (d, g, hs)), ("B", (d, br))]
        )
        dims = self.unify(layout, (x,) + rest)
        n, t, d, hs = dims.get("N", DYN), dims.get("T", DYN), fixed(d[0]), fixed(hs[0])
        return [Fact(x.etype, (n, d, t, hs))] + [Fact(x.etype, (n, d, hs)) for _ in range(self.states)]

    # ---- compute ----

    def act(self, k: int, v):
        """Activation ``k`` of ``v``, clipped first to [-clip, clip] when clip > 0."""
        c = self.clip
        return self.acts[k](np.clip(v, -c, c) if c > 0 else v)

    def prepare(self, r, b):
        """What every step of one direction uses: by default R transposed."""
        return np.ascontiguousarray(r.T)

    def step(self, xt, states: tuple, p) -> tuple:
        """The new states of every batch row from this step's input part ``xt`` [N, G*hs]."""
        raise NotImplementedError

    def run(self, x, states: tuple, w, r, b, lens=None):
        """One direction over X [N, T, I] (already in its time order) from ``states`` [N, hs]
        with that direction's W, R, B. ``lens``: steps at or past a row's length keep its
        states and give zeros (None: every row runs all steps). Returns Y [N, T, hs] and the
        last states."""
        n_steps = x.shape[1]
        xw = np.matmul(x, w.T) + b[: self.gates * self.hidden_size]  # [N, T, G*hs]: all steps at once
        p = self.prepare(r, b)
        y = np.zeros(x.shape[:2] + (self.hidden_size,), np.float32)
        if lens is not None and lens.size and lens.min() >= n_steps:
            lens = None  # every row runs every step: no masking
        for t in range(n_steps):
            new = self.step(xw[:, t], states, p)
            if lens is None:
                states = new
                y[:, t] = new[0]
            else:
                live = (t < lens)[:, None]
                states = tuple(np.where(live, a, s) for a, s in zip(new, states))
                y[:, t] = np.where(live, new[0], 0)
        return y, states

    def cell(self, x, *ins):
        """Compute of a cell op: X, the states, W, R and (optional) B; anything after is unused."""
        dtype = x.dtype
        k = self.states
        states, (w, r) = ins[:k], ins[k : k + 2]
        b = ins[k + 2] if len(ins) > k + 2 and ins[k + 2] is not None else np.zeros(self.bias_rows(), np.float32)
        f32 = np.float32
        _, out = self.run(
            x.astype(f32)[:, None], tuple(s.astype(f32) for s in states), w.astype(f32), r.astype(f32), b.astype(f32)
        )
        return tuple(s.astype(dtype) for s in out)

    def sequences(self, x, *ins):
        """Compute of a sequence op: X, the states, sequence_lengths, W, R, B."""
        dtype = x.dtype
        k = self.states
        states, lens, (w, r, b) = ins[:k], ins[k].astype(np.int64), ins[k + 1 : k + 4]
        n, t = x.shape[:2]
        bad = (lens < 0) | (lens > t)
        if bad.any():
            raise ValidationError(
                f"{self.type}'s sequence_lengths must be in [0, {t}] (the sequence length), got {int(lens[bad][0])}"
            )
        f32 = np.float32
        x, w, r, b = (a.astype(f32) for a in (x, w, r, b))
        states = tuple(s.astype(f32) for s in states)
        # The reversed order: each row's first lengths[n] steps backwards, the rest in place (an involution).
        steps = np.arange(t)[None, :]
        flip = np.where(steps < lens[:, None], lens[:, None] - 1 - steps, steps)
        rows = np.arange(n)[:, None]
        empty = (lens == 0)[:, None]
        ys, outs = [], []
        direction = getattr(self, "direction", "forward")
        for d in range(self.dirs):
            back = direction == "reverse" or d == 1
            y, last = self.run(x[rows, flip] if back else x, tuple(s[:, d] for s in states), w[d], r[d], b[d], lens)
            ys.append(y[rows, flip] if back else y)
            outs.append([np.where(empty, 0, s) for s in last])  # a length of 0: zero states (the plugin's)
        y = np.stack(ys, 1).astype(dtype)
        return (y,) + tuple(np.stack([o[j] for o in outs], 1).astype(dtype) for j in range(k))


class RNN(Recurrent):
    """``H = f(X W^T + H R^T + B)``."""

    gates, n_acts = 1, 1

    def step(self, xt, states, rt):
        return (self.act(0, xt + states[0] @ rt),)


class GRU(Recurrent):
    """Gates z, r, h (W and R rows [z; r; h]); see gru_cell.py for the formula."""

    gates, n_acts = 3, 2

    @property
    def lbr(self) -> bool:
        return bool(getattr(self, "linear_before_reset", False))

    def bias_rows(self) -> int:
        return (4 if self.lbr else 3) * self.hidden_size

    def prepare(self, r, b):
        hs = self.hidden_size
        rbh = b[3 * hs :] if self.lbr else None
        return np.ascontiguousarray(r[: 2 * hs].T), np.ascontiguousarray(r[2 * hs :].T), rbh

    def step(self, xt, states, p):
        hs, (h,) = self.hidden_size, states
        rzt, rht, rbh = p
        zr = self.act(0, xt[:, : 2 * hs] + h @ rzt)
        z, rr = zr[:, :hs], zr[:, hs:]
        if rbh is not None:  # linear_before_reset: r scales H's whole linear part, Rbh included
            cand = self.act(1, xt[:, 2 * hs :] + rr * (h @ rht + rbh))
        else:
            cand = self.act(1, xt[:, 2 * hs :] + (rr * h) @ rht)
        return ((1 - z) * cand + z * h,)


class LSTM(Recurrent):
    """Gates f, i, c, o (W, R and B rows in that order); see lstm_cell.py for the formula."""

    gates, n_acts, states = 4, 3, 2

    def step(self, xt, states, rt):
        hs, (h, c) = self.hidden_size, states
        g = xt + h @ rt
        f = self.act(0, g[:, :hs])
        i = self.act(0, g[:, hs : 2 * hs])
        c_new = f * c + i * self.act(1, g[:, 2 * hs : 3 * hs])
        # (clip bounds the gates' pre-activations; h() takes the cell state unclipped)
        o = self.act(0, g[:, 3 * hs :])
        return o * self.acts[2](c_new), c_new
