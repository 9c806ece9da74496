"""What LSTMCell and LSTMSequence share: their attributes, the shape check over named dims, and
the kernel (one matmul of X with W for every time step, then one [B, H] x [H, 4H] matmul and
the elementwise gates per step). Gates are in OpenVINO's order f, i, c, o in W, R and B."""
from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import fixed, fmt, intersect
from ..op import Attr, REQUIRED

_FUNCS = {
    "sigmoid": lambda x: 0.5 * (np.tanh(0.5 * x) + 1),  # (no overflow warning for large -x)
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, 0),
}


def lstm_attrs() -> tuple:
    return (Attr("hidden_size", "int", REQUIRED),
            Attr("activations", "str", "sigmoid,tanh,tanh"),
            Attr("activations_alpha", "str", ""), Attr("activations_beta", "str", ""),
            Attr("clip", "float", 0.0))


def check_attrs(op) -> None:
    """hidden_size > 0, three known activations (alpha and beta only matter to functions that
    take them, none of those irexec knows), clip >= 0 (0: no clipping)."""
    if op.hidden_size <= 0:
        raise ValidationError(f"{op.type}'s hidden_size must be positive, got {op.hidden_size}")
    names = [a.strip().lower() for a in op.activations.split(",") if a.strip()]
    if len(names) != 3 or any(n not in _FUNCS for n in names):
        raise ValidationError(f"{op.type}'s activations must be three of {', '.join(_FUNCS)}, "
                              f"got {op.activations!r}")
    op.funcs = tuple(_FUNCS[n] for n in names)
    if not op.clip >= 0:
        raise ValidationError(f"{op.type}'s clip must be 0 or more, got {op.clip}")


def merge_dims(op, ins: list, layouts: list, known: dict) -> dict:
    """Check each input's rank and match its dims by name (``layouts[k]``: a string of dim
    names for input k, e.g. "BH"; ``known``: sizes fixed by attributes, e.g. H). Returns each
    name's dim (what every input allows)."""
    dims = {k: fixed(v) for k, v in known.items()}
    where = {}
    for port, (fact, names) in enumerate(zip(ins, layouts)):
        if fact is None or names is None or fact.shape is None:
            continue
        s = fact.shape
        name = op.inputs[port].name
        if len(s) != len(names):
            raise ValidationError(f"{op.type}'s {name} must have rank {len(names)}, got {fmt(s)}", port=port)
        for d, n in zip(s, names):
            prev = dims.get(n)
            if prev is None:
                dims[n], where[n] = d, name
                continue
            m = intersect(prev, d)
            if m is None:
                src = where.get(n, "the attributes")
                raise ValidationError(f"{op.type}'s {name} {fmt(s)} does not match {src} in dim {n} "
                                      f"(expected {prev})", port=port)
            dims[n] = m
            where.setdefault(n, name)
    return dims


def run(op, x, h, c, w, r, b, lengths=None, reverse=False):
    """One direction over all steps. x [N, T, I], h and c [N, H], w [4H, I], r [4H, H], b [4H]
    (f, i, c, o); ``lengths`` [N]: steps past a row's length
    keep its state and give zeros (a row of length 0 ends with zero states). Returns y [N, T, H], h, c in f32."""
    f32 = np.float32
    x, h, c, w, r, b = (a.astype(f32) for a in (x, h, c, w, r, b))
    n, t_len = x.shape[:2]
    hs = h.shape[1]
    if lengths is not None:
        lengths = lengths.astype(np.int64)
        if lengths.size and (lengths.min() < 0 or lengths.max() > t_len):
            raise ValidationError(f"{op.type}'s sequence_lengths must be in [0, {t_len}], "
                                  f"got {lengths.tolist()}")
    steps = np.arange(t_len)
    if reverse:
        # Each row's first lengths[b] steps run backwards (as ReverseSequence would order them).
        ln = lengths if lengths is not None else np.full(n, t_len)
        order = np.where(steps[None] < ln[:, None], ln[:, None] - 1 - steps[None], steps[None])
        x = np.take_along_axis(x, order[:, :, None], axis=1)
    xw = np.matmul(x, w.T) + b  # [N, T, 4H]: the input's part of every gate, every step
    rt = np.ascontiguousarray(r.T)
    fa, ga, ha = op.funcs
    clip = op.clip
    y = np.zeros((n, t_len, hs), f32)
    for t in range(t_len):
        g = xw[:, t] + h @ rt
        fg, ig, cg, og = (g[:, k * hs:(k + 1) * hs] for k in range(4))
        if clip:
            ig, fg, cg = (np.clip(v, -clip, clip) for v in (ig, fg, cg))
        ig = fa(ig)
        fg = fa(fg)
        c_new = fg * c + ig * ga(cg)
        if clip:
            og = np.clip(og, -clip, clip)
        h_new = fa(og) * ha(c_new)
        if lengths is not None:
            live = (t < lengths)[:, None]
            c = np.where(live, c_new, c)
            h = np.where(live, h_new, h)
            y[:, t] = np.where(live, h_new, 0)
        else:
            c, h = c_new, h_new
            y[:, t] = h
    if lengths is not None:
        # A row of length 0 ends with zero states, not its initial ones (the CPU plugin's values;
        # the spec does not say).
        empty = (lengths == 0)[:, None]
        h, c = np.where(empty, 0, h).astype(f32), np.where(empty, 0, c).astype(f32)
    if reverse:
        y = np.take_along_axis(y, order[:, :, None], axis=1)  # (the order is its own inverse)
    return y, h, c
