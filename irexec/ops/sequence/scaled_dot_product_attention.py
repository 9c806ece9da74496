"""ScaledDotProductAttention-13: ``softmax(Q @ K^T * scale + bias) @ V`` over the last two dims,
the leading (batch) dims of query, key, value and mask broadcast as NumPy does.

``scale`` (an optional scalar or 1-element input) is ``1/sqrt(E)`` when left out (computed in f32).
``bias`` is 0, or with ``causal`` the upper triangle of an [L, S] matrix above the diagonal set to
-inf (the mask is then ignored), or else the ``attention_mask``: a boolean one gives -inf where it
is false, a float one (the query's type) is added. The mask is a scalar or has rank 2 or more, and
broadcasts to [N, ..., L, S]: as the spec's formula adds it, its batch dims and its L may also
broadcast the *output* (a query of L=1 with a mask of L=3 gives 3 rows; the CPU plugin agrees).
A row whose scores are all -inf (a mask false everywhere) is NaN, as the formula gives it and
the plugin computes it. Key and value must share S, and query and key E; the number of heads
(a batch dim) broadcasts only from 1 (no grouped-query heads: OpenVINO refuses 2 key heads for
4 query heads too). ``causal`` is required by the spec (OpenVINO reads it as false when left out;
irexec refuses the layer).

The optional sixth input ``sink`` (in the 2025 spec; OpenVINO 2026 reads it) is one more score
per row: it joins the scores as a last column before the softmax and is dropped after it, so it
only takes weight away. It has the scores' rank, last dim 1, and each other dim 1 or the scores'
(the spec's numpy.concatenate would need the exact shape; irexec accepts a broadcast one, as
OpenVINO does).

f16 and bf16 compute in f32 and round once. An empty S gives zeros (the spec's formula: an empty
softmax, an empty product); E = 0 gives NaN with the default scale (1/sqrt(0) times 0) and the
mean of value's rows with a given one. The CPU plugin leaves the output uninitialised in both.
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import ONE, broadcast_numpy, fmt, intersect, is_static, to_ints
from ..common import require_array_shape
from ..op import Attr, Fact, Input, Op
from ..registry import register

_FLOATS = "f16|bf16|f32|f64"


def _scores_shape(q, k, v, mask, causal: bool):
    """[batch..., L, S] of the scores and the output's [batch..., L, Ev] (partial shapes; None
    where a rank is unknown). Raises for shapes the formula cannot combine."""
    for name, s, port in (("query", q, 0), ("key", k, 1), ("value", v, 2)):
        if s is not None and len(s) < 3:
            raise ValidationError(
                f"ScaledDotProductAttention's {name} must have rank 3 or more, got {fmt(s)}", port=port
            )
    if q is not None and k is not None and intersect(q[-1], k[-1]) is None:
        raise ValidationError(
            f"ScaledDotProductAttention's query and key differ in E (the last dim): {fmt(q)} and {fmt(k)}", port=1
        )
    if k is not None and v is not None and intersect(k[-2], v[-2]) is None:
        raise ValidationError(
            f"ScaledDotProductAttention's key and value differ in S (dim -2): {fmt(k)} and {fmt(v)}", port=2
        )
    known = [s for s in (q, k, v) if s is not None]
    if len(known) < 3:
        return None
    try:
        batch = broadcast_numpy(broadcast_numpy(q[:-2], k[:-2]), v[:-2])
    except ValidationError:
        raise ValidationError(
            f"ScaledDotProductAttention's batch dims do not broadcast: query {fmt(q)}, key {fmt(k)}, value {fmt(v)}"
        ) from None
    L, S = q[-2], intersect(k[-2], v[-2])
    if mask is not None and not causal and mask.shape is None:
        return None
    if mask is not None and not causal and len(mask.shape) > 0:
        m = mask.shape
        if len(m) < 2:
            raise ValidationError(
                f"ScaledDotProductAttention's attention_mask must be a scalar or have rank 2 or more, got {fmt(m)}",
                port=3,
            )
        if not m[-1].compatible(ONE) and not m[-1].compatible(S):
            raise ValidationError(
                f"ScaledDotProductAttention's attention_mask {fmt(m)} does not broadcast to S={S} of key {fmt(k)}",
                port=3,
            )
        try:
            batch = broadcast_numpy(batch, m[:-2])
            L = broadcast_numpy((L,), (m[-2],))[0]
        except ValidationError:
            raise ValidationError(
                f"ScaledDotProductAttention's attention_mask {fmt(m)} does not broadcast with "
                f"the scores [{','.join(map(str, batch + (L, S)))}]",
                port=3,
            ) from None
    return batch + (L, S)


@register
class ScaledDotProductAttention(Op):
    type, version = "ScaledDotProductAttention", "opset13"
    builder_args = ("query", "key", "value", "attention_mask", "scale", ("causal", False))
    spec = "sequence/scaled-dot-product-attention"
    inputs = (
        Input("query", "float"),
        Input("key", same_as="query"),
        Input("value", same_as="query"),
        Input("attention_mask", _FLOATS + "|boolean", optional=True),
        Input("scale", same_as="query", optional=True),
        Input("sink", same_as="query", optional=True),
    )
    attrs = (Attr("causal", "bool"),)

    def output_facts(self, q, k, v, mask=None, scale=None, sink=None):
        if (
            mask is not None
            and mask.etype is not None
            and q.etype is not None
            and mask.etype.name != "boolean"
            and mask.etype != q.etype
        ):
            raise ValidationError(
                f"ScaledDotProductAttention's attention_mask must be boolean or of the query's "
                f"type {q.etype}, got {mask.etype}",
                port=3,
            )
        if (
            scale is not None
            and scale.shape is not None
            and (len(scale.shape) > 1 or (len(scale.shape) == 1 and not scale.shape[0].compatible(ONE)))
        ):
            raise ValidationError(
                f"ScaledDotProductAttention's scale must be a scalar or have 1 element, got {fmt(scale.shape)}", port=4
            )
        scores = _scores_shape(q.shape, k.shape, v.shape, mask, self.causal)
        if sink is not None and sink.shape is not None and scores is not None:
            _check_sink(sink.shape, scores)
        if scores is None:
            return Fact(q.etype, None)
        out = scores[:-1] + (v.shape[-1],)
        if is_static(out):
            require_array_shape(to_ints(out), q.etype.dtype.itemsize if q.etype is not None else 4)
        return Fact(q.etype, out)

    def compute(self, q, k, v, mask=None, scale=None, sink=None):
        dtype = q.dtype
        work = np.float64 if dtype == np.float64 else np.float32
        q, k, v = (a.astype(work, copy=False) for a in (q, k, v))
        # (Inf scores and rows of -inf give NaN, as the formula does.)
        if scale is None:
            scale = work(1) / np.sqrt(work(q.shape[-1]))  # E = 0: inf, and the scores NaN
        else:
            scale = np.asarray(scale).reshape(()).astype(work)
        scores = np.matmul(q, np.swapaxes(k, -1, -2))
        scores *= scale  # (in place: the scores are the largest array here)
        L, S = scores.shape[-2:]
        if self.causal:
            scores += self.memo(("causal", L, S, work), lambda: np.triu(np.full((L, S), -np.inf, work), k=1))
        elif mask is not None and mask.dtype == np.bool_:
            scores = np.where(mask, scores, work(-np.inf))  # (the mask may broadcast the scores)
        elif mask is not None:
            bias = mask.astype(work, copy=False)
            if np.broadcast_shapes(scores.shape, bias.shape) == scores.shape:
                scores += bias
            else:
                scores = scores + bias
        if sink is not None:
            column = np.broadcast_to(sink.astype(work), scores.shape[:-1] + (1,))
            scores = np.concatenate([scores, column], axis=-1)
        _softmax(scores)
        return np.matmul(scores[..., :S], v).astype(dtype, copy=False)


def _softmax(x: np.ndarray) -> None:
    """Softmax over the last axis, in place."""
    if x.shape[-1] == 0:
        return  # nothing to normalise: the product with value is zeros
    x -= np.maximum.reduce(x, axis=-1, keepdims=True)
    np.exp(x, out=x)
    x /= np.add.reduce(x, axis=-1, keepdims=True)


def _check_sink(s, scores) -> None:
    if len(s) != len(scores):
        raise ValidationError(
            f"ScaledDotProductAttention's sink must have the scores' rank {len(scores)}, got {fmt(s)}", port=5
        )
    if not s[-1].compatible(ONE):
        raise ValidationError(f"ScaledDotProductAttention's sink must have last dim 1, got {fmt(s)}", port=5)
    for d, want in zip(s[:-1], scores[:-1]):
        if not d.compatible(ONE) and not d.compatible(want):
            raise ValidationError(
                f"ScaledDotProductAttention's sink {fmt(s)} does not broadcast to the scores' "
                f"[{','.join(map(str, scores[:-1]))},1]",
                port=5,
            )
