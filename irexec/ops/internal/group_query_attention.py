"""GroupQueryAttention (``version="extension"``): OpenVINO's internal op for onnxruntime's
com.microsoft GroupQueryAttention, as its ONNX frontend writes it. The frontend has already split
a packed QKV and moved the heads forward, so ``query`` is [B, H, S, D] (H = ``num_heads``),
``key``/``value`` [B, KV, S, D] (KV = ``kv_num_heads``, dividing H) and ``past_key``/``past_value``
[B, KV, P, D]; an optional input it had no tensor for is an empty Const of element type
dynamic. OpenVINO's own reader refuses the saved file (no opset holds the op); its CPU plugin runs
the op (from the ONNX model) by decomposing it, and this is that decomposition's arithmetic:

- ``total = seqlens_k + 1`` tokens, of which ``past = total - S`` came before this step: one
  sequence (B = 1, seqlens_k one value), as OpenVINO computes it. ``total_sequence_length`` is read
  and not used, as OpenVINO does not use it.
- ``do_rotary``: query and key are rotated by ``cos_cache``/``sin_cache`` [max_pos, D/2] rows
  ``past .. total-1`` (or the ``position_ids`` given): halves ``(x1, x2)`` of D, or with
  ``rotary_interleaved`` its even and odd elements, become ``(x1*cos - x2*sin, x1*sin + x2*cos)``.
- ``present_key``/``present_value``: the cache with the step's key/value written at rows
  ``past .. total-1``: ``past_key[:past] ++ key ++ past_key[total:]``, of ``max(P, total)``
  rows. OpenVINO writes the rows in place when the model's shapes are static (its present then
  has P rows, and a step past them fails), and concatenates when they are dynamic, dropping any
  rows of the past beyond ``past``: the one rule gives both wherever the plugin computes one,
  except a dynamic model fed a past longer than ``total``, whose tail irexec keeps (attention
  masks it away either way; the output does not differ).
- ``output`` [B, S, H*D]: each query head h attends with key head ``h // (H/KV)``:
  ``softmax(q @ k^T * scale + mask) @ v``, ``scale`` 0 meaning ``1/sqrt(D)``. The mask adds
  float32's lowest (a finite value, as the plugin does) to key j of query i when ``causal`` and
  ``j > past + i``, or ``local_window_size`` >= 1 and ``past + i - j >= local_window_size``, or,
  not ``causal``, when ``j >= total``. ``smooth_softmax`` (or a ``head_sink`` [H]) adds one
  more logit per row, 0 (or the head's sink), to the softmax's denominator.

f16 computes in f32 and rounds once. irexec refuses what OpenVINO's decomposition does not
compute or irexec does not: ``attention_bias``, a quantized cache (``k_scale``/``v_scale``,
``kv_cache_bit_width``, ``k_quant_type``/``v_quant_type``), ``sliding_window_cache``, QK-norm
weights, and rotary caches other than [max_pos, D/2]."""

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, fixed, fmt, is_static
from ..op import Attr, Fact, Input, Op
from ..registry import register

FLOAT = "f32|f16"
MAYBE = "f32|f16|dynamic"  # (an optional input: a tensor, or the frontend's empty placeholder)
LOWEST = np.finfo(np.float32).min
UNSUPPORTED = {10: "attention_bias", 12: "k_scale", 13: "v_scale", 14: "q_norm_weight", 15: "k_norm_weight"}


def absent(fact) -> bool:
    """An optional input left out, as OpenVINO tells it: an empty constant (of type dynamic, as
    the frontend writes it, or any other)."""
    return fact is None or (fact.shape is not None and any(d.hi == 0 for d in fact.shape))


@register
class GroupQueryAttention(Op):
    type, version = "GroupQueryAttention", "extension"
    spec = ""
    inputs = (
        Input("query", FLOAT),
        Input("key", same_as="query"),
        Input("value", same_as="query"),
        Input("past_key", same_as="query"),
        Input("past_value", same_as="query"),
        Input("seqlens_k", "i32|i64"),
        Input("total_sequence_length", "i32|i64"),
        Input("cos_cache", MAYBE, optional=True),
        Input("sin_cache", MAYBE, optional=True),
        Input("position_ids", "i32|i64|dynamic", optional=True),
        Input("attention_bias", MAYBE, optional=True),
        Input("head_sink", MAYBE, optional=True),
        Input("k_scale", MAYBE, optional=True),
        Input("v_scale", MAYBE, optional=True),
        Input("q_norm_weight", MAYBE, optional=True),
        Input("k_norm_weight", MAYBE, optional=True),
    )
    outputs = ("output", "present_key", "present_value")
    attrs = (
        Attr("num_heads", "int"),
        Attr("kv_num_heads", "int"),
        Attr("scale", "float", 0.0),
        Attr("do_rotary", "bool", False),
        Attr("rotary_interleaved", "bool", False),
        # (The ONNX frontend's defaults: a file OpenVINO writes always has them all.)
        Attr("causal", "bool", True),
        Attr("local_window_size", "int", -1),
        Attr("smooth_softmax", "bool", False),
        Attr("sliding_window_cache", "bool", False),
        Attr("kv_cache_bit_width", "int", 0),
        Attr("k_quant_type", "str", "none", choices=("none", "per_tensor", "per_channel")),
        Attr("v_quant_type", "str", "none", choices=("none", "per_tensor", "per_channel")),
    )

    def setup(self):
        if self.num_heads < 1 or self.kv_num_heads < 1 or self.num_heads % self.kv_num_heads:
            raise ValidationError(
                f"GroupQueryAttention's kv_num_heads must divide num_heads, got {self.num_heads} and {self.kv_num_heads}"
            )
        if (
            self.local_window_size == 0
            or self.local_window_size < -1
            or (self.local_window_size > 0 and not self.causal)
        ):
            raise ValidationError(
                f"GroupQueryAttention's local_window_size must be -1 or, with causal, 1 or more, "
                f"got {self.local_window_size}"
            )
        quantized = self.kv_cache_bit_width or "none" not in (self.k_quant_type, self.v_quant_type)
        if quantized or self.sliding_window_cache:
            what = "a quantized KV cache" if quantized else "sliding_window_cache"
            raise ValidationError(f"irexec does not compute GroupQueryAttention with {what}")

    def output_facts(self, q, k, v, past_k, past_v, seqlens, total, *optional):
        extra = dict(enumerate(optional, start=7))
        for i, name in UNSUPPORTED.items():
            if not absent(extra.get(i)):
                raise ValidationError(f"irexec does not compute GroupQueryAttention with {name}", port=i)
        if any(f.shape is not None and len(f.shape) != 4 for f in (q, k, v, past_k, past_v)):
            ranks = ", ".join(fmt(f.shape) for f in (q, k, v, past_k, past_v))
            raise ValidationError(
                f"GroupQueryAttention's query, key, value and past key/value must be 4-D, got {ranks}"
            )
        if seqlens.shape is not None and is_static(seqlens.shape) and int(np.prod([d.lo for d in seqlens.shape])) != 1:
            raise ValidationError(
                f"GroupQueryAttention's seqlens_k must hold one length (OpenVINO computes one sequence), "
                f"got {fmt(seqlens.shape)}",
                port=5,
            )
        qs = q.shape or (DYN,) * 4
        if qs[0].lo > 1 or qs[0].hi == 0:
            raise ValidationError(
                f"GroupQueryAttention computes one sequence: query {fmt(q.shape)} has a batch of {qs[0]}"
            )
        heads = (self.num_heads, self.kv_num_heads, self.kv_num_heads, self.kv_num_heads, self.kv_num_heads)
        for port, (f, n) in enumerate(zip((q, k, v, past_k, past_v), heads)):
            s = f.shape
            if s is None:
                continue
            same = (s[0].compatible(qs[0]), s[1].compatible(fixed(n)), s[3].compatible(qs[3]))
            if not all(same) or (port < 3 and not s[2].compatible(qs[2])):
                raise ValidationError(
                    f"GroupQueryAttention's {self.inputs[port].name} {fmt(s)} should be "
                    f"[B, {n}, {'S' if port < 3 else 'P'}, D] for query {fmt(q.shape)}",
                    port=port,
                )
        self._check_rotary(extra, qs[3])
        d = qs[3]
        out_dim = fixed(d.lo * self.num_heads) if d.is_static else DYN
        past = past_k.shape[2] if past_k.shape is not None else DYN
        # (OpenVINO's rule: a static cache keeps its P rows; otherwise the rows are only known running.)
        rows = past if past.is_static and qs[2].is_static else DYN
        kv = (qs[0], fixed(self.kv_num_heads), rows, d)
        return [Fact(q.etype, (qs[0], qs[2], out_dim)), Fact(q.etype, kv), Fact(q.etype, kv)]

    def _check_rotary(self, extra: dict, d) -> None:
        cos, sin = extra.get(7), extra.get(8)
        if not self.do_rotary:
            return
        if absent(cos) or absent(sin):
            raise ValidationError("GroupQueryAttention with do_rotary needs cos_cache and sin_cache", port=7)
        for port, f in ((7, cos), (8, sin)):
            s = f.shape
            if s is not None and (len(s) != 2 or (d.is_static and not s[1].compatible(fixed(d.lo // 2)))):
                raise ValidationError(
                    f"GroupQueryAttention's {self.inputs[port].name} {fmt(s)} should be [max_pos, D/2] (D = {d})",
                    port=port,
                )
        if d.is_static and d.lo % 2:
            raise ValidationError(f"GroupQueryAttention's rotary embedding needs an even head size, got {d.lo}")

    def compute(self, q, k, v, past_k, past_v, seqlens, total, *optional):
        extra = {i: a for i, a in enumerate(optional, start=7) if a.size}
        dtype = q.dtype
        q, k, v, past_k, past_v = (a.astype(np.float32) for a in (q, k, v, past_k, past_v))
        steps, cache = q.shape[2], past_k.shape[2]
        length = int(seqlens.reshape(-1)[0]) + 1
        past = length - steps
        if past < 0 or past > cache:
            raise ValidationError(
                f"GroupQueryAttention's seqlens_k {length - 1} gives {past} past tokens, for {steps} new ones "
                f"and a past_key of {cache} rows (it must be 0 to {cache})",
                port=5,
            )
        if self.do_rotary:
            where = extra[9].reshape(-1).astype(np.int64) if 9 in extra else past + np.arange(steps)
            cos_cache = extra[7].astype(np.float32)
            if where.size != steps or np.any(where < 0) or np.any(where >= cos_cache.shape[0]):
                raise ValidationError(
                    f"GroupQueryAttention's positions {where.tolist()} should be {steps}, each below the "
                    f"{cos_cache.shape[0]} rows of cos_cache",
                    port=9 if 9 in extra else 5,
                )
            cos, sin = cos_cache[where], extra[8].astype(np.float32)[where]
            q, k = self._rotate(q, cos, sin), self._rotate(k, cos, sin)
        present_k = np.concatenate([past_k[:, :, :past], k, past_k[:, :, length:]], axis=2)
        present_v = np.concatenate([past_v[:, :, :past], v, past_v[:, :, length:]], axis=2)
        out = self._attend(q, present_k, present_v, past, length, extra.get(11))
        b, h, s, d = q.shape
        out = np.transpose(out, (0, 2, 1, 3)).reshape(b, s, h * d)
        return out.astype(dtype), present_k.astype(dtype), present_v.astype(dtype)

    def _rotate(self, x, cos, sin):
        """x [B, N, S, D] rotated by cos/sin [S, D/2]: pairs of halves, or of neighbours."""
        if self.rotary_interleaved:
            x1, x2 = x[..., 0::2], x[..., 1::2]
            return np.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1).reshape(x.shape)
        x1, x2 = np.split(x, 2, axis=-1)
        return np.concatenate([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1)

    def _attend(self, q, keys, values, past, length, sink):
        group = self.num_heads // self.kv_num_heads
        keys, values = np.repeat(keys, group, axis=1), np.repeat(values, group, axis=1)
        scale = self.scale or 1 / np.sqrt(np.float32(q.shape[3]))
        scores = np.matmul(q, np.swapaxes(keys, -1, -2)) * np.float32(scale)
        j = np.arange(keys.shape[2])[None, :]
        i = past + np.arange(q.shape[2])[:, None]
        if self.causal:
            masked = (j > i) | ((i - j >= self.local_window_size) if self.local_window_size > 0 else False)
        else:
            masked = np.broadcast_to(j >= length, (q.shape[2], keys.shape[2]))
        scores = scores + np.where(masked, LOWEST, np.float32(0))
        if sink is not None or self.smooth_softmax:
            # One more logit per row, in the denominator only (the plugin's SDPA sink column).
            column = np.zeros((1, q.shape[1], 1, 1), np.float32)
            if sink is not None:
                column = sink.astype(np.float32).reshape(1, -1, 1, 1)
            top = np.maximum(scores.max(axis=-1, keepdims=True), column)
            weights = np.exp(scores - top)
            weights /= weights.sum(axis=-1, keepdims=True) + np.exp(column - top)
        else:
            weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
            weights /= weights.sum(axis=-1, keepdims=True)
        return np.matmul(weights, values)
