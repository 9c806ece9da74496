"""CTCLoss-4: the Connectionist Temporal Classification loss (Graves et al.) of each sequence.
Sequence i is the first ``logit_length[i]`` = L_i steps of ``logits[i]`` [N, T, C]; its target the
first ``label_length[i]`` labels of ``labels[i]`` [N, T]. With ``p[i,t,j] = exp(logits[i,t,j]) /
sum_k exp(logits[i,t,k])``::

    CTCLoss[i] = -ln sum_S prod_{t=1}^{L_i} p[i, t, c_t]

over every path S = (c_1, ..., c_{L_i}) that decodes to the target: the path's repeated classes
merged when ``ctc_merge_repeated``, then its blanks (``blank_index``, a scalar; C - 1 when left
out) removed. The target is decoded first: repeated labels merged when
``preprocess_collapse_repeated``, only the first occurrence of each label kept when ``unique``
(which then makes the other flag moot). The output [N] has logits' type.

irexec sums the paths with the forward algorithm, in log space and in f64 (f16/bf16/f32 logits
give their own type, rounded once). An empty target is aligned by the all-blank path, and a
sequence of no step (L_i = 0, so an empty target) has a loss of 0. A target no path of L_i steps
can spell (a label repeated without room for a blank between, when paths merge) has a loss of
+inf.

The spec's bounds are refused: ``logit_length`` in [0, T], ``label_length`` in [0, logit_length],
``blank_index`` in [0, C), and each of the first label_length labels in [0, C) and not the blank.
The CPU plugin refuses the lengths out of range too; an empty target (label_length 0) or a
sequence of no step undoes it (it reads outside its buffers).

Departs from OpenVINO, which reads a layer whose ``ctc_merge_repeated`` is left out as false
(the spec's default, and irexec's: true).
"""

from __future__ import annotations

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...kernels.indices import IndexOutOfRangeError
from ...shapes import DYN, fmt, intersect
from ..common import scalar_int
from ..op import Attr, Bound, Fact, Input, Op
from ..registry import register


@register
class CTCLoss(Op):
    type, version = "CTCLoss", "opset4"
    spec = "sequence/ctc-loss-4"
    inputs = (
        Input("logits", "float"),
        Input("logit_length", "i32|i64"),
        Input("labels", "i32|i64", role="indices", bound=Bound("take", "class_axis")),
        Input("label_length", "i32|i64", same_as="logit_length"),
        Input("blank_index", "i32|i64", same_as="labels", optional=True),
    )
    attrs = (
        Attr("preprocess_collapse_repeated", "bool", False),
        Attr("ctc_merge_repeated", "bool", True),
        Attr("unique", "bool", False),
    )
    class_axis = 2  # (a label is a position along logits' last dim)

    def output_facts(self, logits, logit_length, labels, label_length, blank_index=None):
        ranks = ((0, logits, 3), (1, logit_length, 1), (2, labels, 2), (3, label_length, 1), (4, blank_index, 0))
        for port, f, rank in ranks:
            if f is not None and f.shape is not None and len(f.shape) != rank:
                raise ValidationError(
                    f"CTCLoss's {self.inputs[port].name} must be "
                    f"{'a scalar' if rank == 0 else f'{rank}-D'}, got shape {fmt(f.shape)}",
                    port=port,
                )
        batch, time = (logits.shape[0], logits.shape[1]) if logits.shape is not None else (DYN, DYN)
        for port, f in ((1, logit_length), (2, labels), (3, label_length)):
            if f.shape is None:
                continue
            n = intersect(batch, f.shape[0])
            t = intersect(time, f.shape[1]) if port == 2 else time
            if n is None or t is None:
                want = "[N, T]" if port == 2 else "[N]"
                raise ValidationError(
                    f"CTCLoss's {self.inputs[port].name} must be {want} of logits [N, T, C], got "
                    f"{fmt(f.shape)} for logits {fmt(logits.shape)}",
                    port=port,
                )
            batch, time = n, t
        return Fact(logits.etype, (batch,))

    def compute(self, logits, logit_length, labels, label_length, blank_index=None):
        batch, steps, classes = logits.shape
        frames = np.asarray(logit_length).astype(np.int64)
        size = np.asarray(label_length).astype(np.int64)
        for what, v, hi, port in (
            ("logit_length", frames, np.full(batch, steps), 1),
            ("label_length", size, frames, 3),
        ):
            bad = (v < 0) | (v > hi)
            if bad.any():
                i = int(np.argmax(bad))
                bound = f"[0, {steps}]" if port == 1 else f"[0, logit_length[{i}] = {frames[i]}]"
                raise ExecutionError(f"CTCLoss's {what}[{i}] = {v[i]} is out of range {bound}", port=port)
        blank = classes - 1 if blank_index is None else scalar_int(blank_index, "blank_index")
        if not 0 <= blank < classes:
            raise IndexOutOfRangeError(
                f"CTCLoss's blank_index {blank} is out of range [0, {classes - 1}]", port=4, code="C004"
            )
        labels = np.asarray(labels).astype(np.int64)
        counted = np.arange(steps)[None, :] < size[:, None]
        bad = counted & ((labels < 0) | (labels >= classes) | (labels == blank))
        if bad.any():
            i, j = (int(k) for k in np.argwhere(bad)[0])
            why = "is the blank" if labels[i, j] == blank else f"is out of range [0, {classes - 1}]"
            raise IndexOutOfRangeError(f"CTCLoss's label {labels[i, j]} at [{i}, {j}] {why}", port=2, code="C004")
        target, length = self._targets(labels, counted)
        loss = _forward(_log_softmax(logits), frames, target, length, blank, self.ctc_merge_repeated)
        return loss.astype(logits.dtype)

    def _targets(self, labels, counted):
        """The decoded targets, left-aligned [N, T] (padded with 0), and their lengths [N]."""
        keep = counted.copy()
        if self.unique:
            # A label is kept unless an earlier counted position holds it.
            same = labels[:, :, None] == labels[:, None, :]
            earlier = np.tril(np.ones((labels.shape[1],) * 2, bool), k=-1)[None]
            keep &= ~(same & earlier & counted[:, None, :]).any(axis=2)
        elif self.preprocess_collapse_repeated:
            keep[:, 1:] &= labels[:, 1:] != labels[:, :-1]
        at = np.cumsum(keep, axis=1) - 1
        target = np.zeros_like(labels)
        rows, cols = np.nonzero(keep)
        target[rows, at[rows, cols]] = labels[rows, cols]
        return target, keep.sum(axis=1)


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    x = logits.astype(np.float64)
    top = np.max(x, axis=-1, keepdims=True, initial=-np.inf)
    top = np.where(np.isfinite(top), top, 0.0)
    return x - (np.log(np.sum(np.exp(x - top), axis=-1, keepdims=True)) + top)


def _forward(logp, frames, target, length, blank: int, merge: bool) -> np.ndarray:
    """The loss of each sequence by the forward algorithm over the target with blanks around and
    between its labels (2 * length + 1 states), one time step at a time, all sequences and
    states at once. Only the states of the longest target and the steps of the longest
    sequence are worked: the recursion only moves to later states, and no loss is read past a
    sequence's last step."""
    batch = logp.shape[0]
    width = int(length.max(initial=0))
    states = 2 * width + 1
    ext = np.full((batch, states), blank, np.int64)
    ext[:, 1::2] = target[:, :width]
    upto = int(frames.max(initial=0))
    emit = np.take_along_axis(logp[:, :upto], np.broadcast_to(ext[:, None, :], (batch, upto, states)), axis=2)
    is_blank = np.zeros((batch, states), bool)
    is_blank[:, 0::2] = True
    # From state s to s: always for a blank, for a label only when a path's repeats merge. From
    # s - 2 to s (skipping a blank): into a label, unless paths merge and it repeats the one at s - 2.
    stay = is_blank | merge
    skip = ~is_blank
    skip[:, :2] = False
    if merge:
        skip[:, 2:] &= ext[:, 2:] != ext[:, :-2]
    # alpha lives in columns 2.. of a buffer whose first two columns stay -inf: the states s - 1
    # and s - 2 are then views, and two buffers take turns as the step before and the new one.
    cur, new = np.full((batch, states + 2), -np.inf), np.full((batch, states + 2), -np.inf)
    if upto:
        cur[:, 2:4] = emit[:, 0, :2]
    rows = np.arange(batch)
    last = 2 * length
    # A sequence of no step aligns with its empty target with probability 1.
    total = np.where(frames == 0, 0.0, -np.inf)
    for t in range(upto):
        if t:
            alpha, out = cur[:, 2:], new[:, 2:]
            if not merge:
                alpha = np.where(stay, alpha, -np.inf)
            np.logaddexp(alpha, cur[:, 1:-1], out=out)
            np.logaddexp(out, np.where(skip, cur[:, :-2], -np.inf), out=out)
            out += emit[:, t]
            cur, new = new, cur
        done = frames == t + 1
        if done.any():
            alpha = cur[:, 2:]
            end = np.logaddexp(alpha[rows, last], np.where(length > 0, alpha[rows, np.maximum(last - 1, 0)], -np.inf))
            total = np.where(done, end, total)
    return -total + 0.0  # (+ 0.0: a loss of 0 is +0)
