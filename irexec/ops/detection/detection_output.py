"""DetectionOutput-1 and DetectionOutput-8: the SSD head's decoding and non-maximum suppression.

Inputs: box offsets ``loc`` [N, P * L * 4] (L = 1 with ``share_location``, else the C classes),
class confidences ``conf`` [N, P * C], priors [1 or N, 1 or 2, P * S] (S = 4 with ``normalized``,
else 5: an image id first; row 1 the variances, unless ``variance_encoded_in_target``), and
optionally (RefineDet) ``arm_conf`` [N, P * 2] and ``arm_loc`` shaped like loc. DetectionOutput-1
has ``num_classes``; DetectionOutput-8 takes C from the shapes. The output [1, 1, R, 7] lists
``[image, label, confidence, xmin, ymin, xmax, ymax]`` rows, image by image and class by class
(ascending), each class's by confidence (then prior) descending; zeros follow, and the row after
the last detection starts with -1 (when there is one). R is N * keep_top_k[0] when that is
positive, else N * top_k * C when keep_top_k[0] is -1 and top_k positive, else N * P * C.

As OpenVINO computes it, in f32:

- priors are divided by ``input_width``/``input_height`` unless normalized; without normalized,
  the priors of an image end at the first whose image id is -1 (the CPU plugin's reading).
- decoding: CORNER adds ``variance * loc`` to the prior's corners; CENTER_SIZE moves the prior's
  center by ``variance * loc * size`` and scales its size by ``exp(variance * loc)`` (no variance
  factor when it is encoded in the target). ``clip_before_nms`` clips the boxes to [0, 1]. With
  the ARM inputs, a prior whose ``arm_conf`` objectness (its second value) is below
  ``objectness_score`` gets confidence 1 for the background class and 0 for the others, and
  the priors are first decoded by ``arm_loc``, the result then decoded by ``loc`` (dividing by
  the input size again when not normalized, as OpenVINO does).
- Caffe style: per class other than ``background_label_id``, the priors whose confidence exceeds
  ``confidence_threshold``, best first (ties: lower prior), at most ``top_k`` (-1: all), then
  greedy NMS: a box is dropped when its IoU with a kept one exceeds ``nms_threshold``.
- MXNet style (``decrease_label_id``): per prior, the best class from 1 on (ties: the lower;
  confidence at least the threshold and above -1), those candidates best first (ties: the lower
  class * P + prior, as the CPU plugin orders them), at most ``top_k``, NMS within each class;
  labels are then reported one lower. OpenVINO requires background_label_id 0 here; so does
  irexec.
- ``keep_top_k[0]`` (-1: all) keeps that many detections per image, best first (ties: lower
  prior, then lower class: the plugin's sort leaves these in no set order), ``clip_after_nms``
  clips the reported boxes.

irexec refuses top_k and keep_top_k[0] below -1 (OpenVINO's kernels disagree on them).
"""

from __future__ import annotations

import numpy as np

from ...errors import ValidationError
from ...shapes import DYN, Dim, fixed, fmt, intersect, product
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._common import F32, f32, to_f32
from ._nms import greedy_keep

CENTER_SIZE, CORNER = "caffe.priorboxparameter.center_size", "caffe.priorboxparameter.corner"
_ATTRS = (
    Attr("background_label_id", "int", 0),
    Attr("top_k", "int", -1),
    Attr("variance_encoded_in_target", "bool", False),
    Attr("keep_top_k", "ints"),
    Attr("code_type", "str", CORNER, (CORNER, CENTER_SIZE)),
    Attr("share_location", "bool", True),
    Attr("nms_threshold", "float"),
    Attr("confidence_threshold", "float", 0.0),
    Attr("clip_after_nms", "bool", False),
    Attr("clip_before_nms", "bool", False),
    Attr("decrease_label_id", "bool", False),
    Attr("normalized", "bool", False),
    Attr("input_height", "int", 1),
    Attr("input_width", "int", 1),
    Attr("objectness_score", "float", 0.0),
)
_NAMES = ("loc", "conf", "priors", "arm_conf", "arm_loc")


def _static(d: Dim):
    return d.lo if d.is_static else None


class _DetectionOutput(Op):
    builder_args = (
        "box_logits=loc",
        "class_preds=conf",
        "proposals=priors",
        "attrs=**",
        "aux_class_preds=arm_conf",
        "aux_box_preds=arm_loc",
    )
    inputs = (
        Input("loc", "float"),
        Input("conf", "float", same_as="loc"),
        Input("priors", "float", same_as="loc"),
        Input("arm_conf", "float", same_as="loc", optional=True),
        Input("arm_loc", "float", same_as="loc", optional=True),
    )
    num_classes = None  # DetectionOutput-1's attribute

    def setup(self):
        if not self.keep_top_k:
            raise ValidationError("attribute keep_top_k must have a value")
        if self.keep_top_k[0] < -1 or self.top_k < -1:
            raise ValidationError(
                f"DetectionOutput top_k and keep_top_k must be -1 or more, got {self.top_k} and {list(self.keep_top_k)}"
            )
        if self.decrease_label_id and self.background_label_id != 0:
            raise ValidationError(
                f"DetectionOutput with decrease_label_id needs background_label_id 0, got {self.background_label_id}"
            )
        if not self.normalized and (self.input_width <= 0 or self.input_height <= 0):
            raise ValidationError(
                f"DetectionOutput input_width and input_height must be positive, got "
                f"{self.input_width} and {self.input_height}"
            )
        if self.num_classes is not None and self.num_classes < 1:
            raise ValidationError(f"DetectionOutput num_classes must be positive, got {self.num_classes}")

    @classmethod
    def arity_problem(cls, n_inputs: int, n_outputs):
        if n_inputs == 4:
            return (
                "DetectionOutput takes 3 or 5 inputs (the ARM confidences and locations go together), the layer "
                "declares 4"
            )
        return super().arity_problem(n_inputs, n_outputs)

    # ---- the shape rule ----

    def sizes(self, shapes) -> tuple:
        """(N, P, C) as Dims (DYN where unknown), checking the inputs' shapes agree."""
        ranks = (2, 2, 3, 2, 2)
        for port, s in enumerate(shapes):
            if s is not None and len(s) != ranks[port]:
                raise ValidationError(
                    f"DetectionOutput's {_NAMES[port]} must have rank {ranks[port]}, got {fmt(s)}", port=port
                )
        size = 4 if self.normalized else 5
        loc, conf, pri = shapes[:3]
        arm_conf = shapes[3] if len(shapes) > 3 else None
        arm_loc = shapes[4] if len(shapes) > 4 else None
        p = c = None
        if pri is not None and _static(pri[2]) is not None:
            if pri[2].lo % size or pri[2].lo == 0:
                raise ValidationError(
                    f"DetectionOutput's priors' last dim must be a positive multiple of {size} "
                    f"(normalized={self.normalized}), got {fmt(pri)}",
                    port=2,
                )
            p = pri[2].lo // size
        if p is None and arm_conf is not None and _static(arm_conf[1]):
            p = arm_conf[1].lo // 2
        c = self.num_classes
        per_loc = lambda cc: 4 * (1 if self.share_location else cc)
        if c is None and p and conf is not None and _static(conf[1]) is not None:
            c = conf[1].lo // p
        if c is None and p and not self.share_location:
            for s in (loc, arm_loc):
                if s is not None and _static(s[1]) is not None:
                    c = s[1].lo // (4 * p)
                    break
        if p is None and c is not None:
            for s, k in ((loc, per_loc(c)), (conf, c)):
                if s is not None and _static(s[1]) is not None and k:
                    p = s[1].lo // k
                    break
        if c is not None and c < 1:
            raise ValidationError(f"DetectionOutput needs at least one class: conf {fmt(conf)}, priors {fmt(pri)}")
        # Every dim the counts fix must agree.
        want = []
        if p is not None and c is not None:
            want += [
                (0, loc, 1, p * per_loc(c), "P * L * 4"),
                (1, conf, 1, p * c, "P * C"),
                (4, arm_loc, 1, p * per_loc(c), "P * L * 4"),
            ]
        if p is not None:
            want += [(2, pri, 2, p * size, f"P * {size}"), (3, arm_conf, 1, 2 * p, "P * 2")]
        for port, s, axis, n, what in want:
            if s is not None and not s[axis].compatible(fixed(n)):
                raise ValidationError(
                    f"DetectionOutput's {_NAMES[port]} {fmt(s)} must have {n} ({what}) in dim "
                    f"{axis}, with P={p} priors and C={c} classes",
                    port=port,
                )
        if pri is not None and not pri[1].compatible(fixed(1 if self.variance_encoded_in_target else 2)):
            encoded = self.variance_encoded_in_target
            raise ValidationError(
                f"DetectionOutput's priors must have {1 if encoded else 2} rows "
                f"(variance_encoded_in_target={encoded}), got {fmt(pri)}",
                port=2,
            )
        n = DYN
        for port in (0, 1, 3, 4):
            s = shapes[port] if port < len(shapes) else None
            if s is not None:
                m = intersect(n, s[0])
                if m is None:
                    raise ValidationError(
                        f"DetectionOutput's inputs differ in batch: {', '.join(map(fmt, shapes))}", port=port
                    )
                n = m
        if pri is not None and not (pri[0].compatible(fixed(1)) or pri[0].compatible(n)):
            raise ValidationError(f"DetectionOutput's priors must have 1 or N={n} images, got {fmt(pri)}", port=2)
        return n, (fixed(p) if p is not None else DYN), (fixed(c) if c is not None else DYN)

    def output_facts(self, *ins):
        n, p, c = self.sizes([f.shape for f in ins])
        keep, top = self.keep_top_k[0], self.top_k
        rows = (
            product((n, fixed(keep)))
            if keep > 0
            else product((n, fixed(top), c))
            if keep == -1 and top > 0
            else product((n, p, c))
        )
        return Fact(ins[0].etype, (fixed(1), fixed(1), rows, fixed(7)))

    # ---- the kernel ----

    def compute(self, loc, conf, priors, arm_conf=None, arm_loc=None):
        shape = self.output_facts(
            *[
                Fact(None, tuple(map(fixed, np.shape(a))))
                for a in (loc, conf, priors) + ((arm_conf, arm_loc) if arm_conf is not None else ())
            ]
        ).shape
        rows = shape[2].lo
        dtype = loc.dtype
        n = loc.shape[0]
        size = 4 if self.normalized else 5
        p = priors.shape[2] // size
        c = conf.shape[1] // p
        locs = 1 if self.share_location else c
        out = np.zeros((rows, 7), F32)
        if rows == 0:
            return out.reshape(1, 1, 0, 7).astype(dtype)
        conf = to_f32(conf).reshape(n, p, c)
        pri = to_f32(priors)
        boxes = pri[:, 0].reshape(-1, p, size)[..., size - 4 :]  # [1|N, P, 4]
        # The variances: the first 4 * P values of row 1.
        var = None if self.variance_encoded_in_target else pri[:, 1, : p * 4].reshape(-1, p, 4)
        # Without normalized, an image's priors end at the first whose image id is -1.
        actual = np.full(pri.shape[0], p)
        if not self.normalized:
            ends = pri[:, 0].reshape(-1, p, size)[..., 0] == -1
            actual = np.where(ends.any(axis=1), np.argmax(ends, axis=1), p)
        actual = np.broadcast_to(actual, (n,))
        if arm_conf is not None:
            weak = to_f32(arm_conf).reshape(n, p, 2)[..., 1] < f32(self.objectness_score)
            background = (np.arange(c) == self.background_label_id).astype(F32)
            conf = np.where(weak[..., None], background, conf)
        loc = to_f32(loc).reshape(n, p, locs, 4).transpose(0, 2, 1, 3)  # [N, L, P, 4]
        prior_boxes = boxes[:, None]  # [1|N, 1, P, 4]
        variances = None if var is None else var[:, None]
        if arm_loc is not None:
            arm = to_f32(arm_loc).reshape(n, p, locs, 4).transpose(0, 2, 1, 3)
            prior_boxes = self.decode(prior_boxes, variances, arm)
        decoded = self.decode(prior_boxes, variances, loc)  # [N, L, P, 4]
        sizes = (decoded[..., 2] - decoded[..., 0]) * (decoded[..., 3] - decoded[..., 1])
        count = 0
        for i in range(n):
            kept = (
                self.mxnet(conf[i], decoded[i], sizes[i], actual[i])
                if self.decrease_label_id
                else self.caffe(conf[i], decoded[i], sizes[i], actual[i])
            )
            kept = self.keep_best(kept, conf[i])
            for cls, priors_kept in sorted(kept.items()):
                k = len(priors_kept)
                if not k:
                    continue
                box = decoded[i, 0 if self.share_location else cls, priors_kept]
                if self.clip_after_nms:
                    box = np.maximum(F32(0), np.minimum(F32(1), box))
                out[count : count + k, 0] = i
                out[count : count + k, 1] = cls - 1 if self.decrease_label_id else cls
                out[count : count + k, 2] = conf[i, priors_kept, cls]
                out[count : count + k, 3:] = box
                count += k
        if count < rows:
            out[count, 0] = -1
        return out.reshape(1, 1, rows, 7).astype(dtype)

    def decode(self, prior, var, loc):
        """Boxes from priors [.., P, 4] (variances alike, or None) and offsets [N, L, P, 4]."""
        if not self.normalized:
            prior = prior / np.array([self.input_width, self.input_height] * 2, F32)
        x0, y0, x1, y1 = (prior[..., k] for k in range(4))
        lx0, ly0, lx1, ly1 = (loc[..., k] for k in range(4))
        v = (F32(1),) * 4 if var is None else tuple(var[..., k] for k in range(4))
        with np.errstate(over="ignore", invalid="ignore"):
            if self.code_type == CORNER:
                if var is None:
                    out = [x0 + lx0, y0 + ly0, x1 + lx1, y1 + ly1]
                else:
                    out = [x0 + v[0] * lx0, y0 + v[1] * ly0, x1 + v[2] * lx1, y1 + v[3] * ly1]
            else:
                w, h = x1 - x0, y1 - y0
                cx, cy = (x0 + x1) / F32(2), (y0 + y1) / F32(2)
                if var is None:
                    ncx, ncy = lx0 * w + cx, ly0 * h + cy
                    nw, nh = _exp(lx1) * w, _exp(ly1) * h
                else:
                    ncx, ncy = v[0] * lx0 * w + cx, v[1] * ly0 * h + cy
                    nw, nh = _exp(v[2] * lx1) * w, _exp(v[3] * ly1) * h
                out = [ncx - nw / F32(2), ncy - nh / F32(2), ncx + nw / F32(2), ncy + nh / F32(2)]
            box = np.stack(np.broadcast_arrays(*out), axis=-1).astype(F32)
        if self.clip_before_nms:
            box = np.maximum(F32(0), np.minimum(F32(1), box))
        return box

    def nms(self, order, boxes, sizes) -> list:
        """Greedy NMS of the candidate priors ``order`` (best first) over boxes [P, 4]."""
        b, s = boxes[order], sizes[order]
        thr = f32(self.nms_threshold)

        def overlaps(i):
            x0, y0, x1, y1 = b[i]
            apart = (b[:, 0] > x1) | (b[:, 2] < x0) | (b[:, 1] > y1) | (b[:, 3] < y0)
            iw = np.minimum(x1, b[:, 2]) - np.maximum(x0, b[:, 0])
            ih = np.minimum(y1, b[:, 3]) - np.maximum(y0, b[:, 1])
            inter = iw * ih
            iou = inter / (s[i] + s - inter)
            return np.where(apart | (iw <= 0) | (ih <= 0), F32(0), iou)

        return order[greedy_keep(len(order), overlaps, thr)]

    def caffe(self, conf, boxes, sizes, actual) -> dict:
        """Per class (not the background): the kept priors, best first."""
        kept = {}
        thr = f32(self.confidence_threshold)
        for cls in range(conf.shape[1]):
            if cls == self.background_label_id:
                continue
            scores = conf[:actual, cls]
            cand = np.flatnonzero(scores > thr)
            cand = cand[np.lexsort((cand, -scores[cand]))]
            if self.top_k != -1:
                cand = cand[: self.top_k]
            box = boxes[0 if self.share_location else cls]
            size = sizes[0 if self.share_location else cls]
            kept[cls] = self.nms(cand, box, size)
        return kept

    def mxnet(self, conf, boxes, sizes, actual) -> dict:
        """Per prior its best class (from 1), candidates best first, NMS within each class."""
        p, c = conf.shape
        scores = conf[:actual, 1:]
        best = np.argmax(scores, axis=1) + 1 if c > 1 else np.zeros(actual, int)
        best_conf = conf[np.arange(actual), best] if c > 1 else np.full(actual, -1, F32)
        ok = (best > 0) & (best_conf >= f32(self.confidence_threshold)) & (best_conf > -1)
        prior_ids = np.flatnonzero(ok)
        cls_ids = best[prior_ids]
        key = cls_ids * p + prior_ids
        order = np.lexsort((key, -best_conf[prior_ids]))
        if self.top_k != -1:
            order = order[: self.top_k]
        kept = {}
        for cls in np.unique(cls_ids[order]):
            cand = prior_ids[order][cls_ids[order] == cls]
            box = boxes[0 if self.share_location else cls]
            size = sizes[0 if self.share_location else cls]
            kept[int(cls)] = self.nms(cand, box, size)
        return kept

    def keep_best(self, kept: dict, conf) -> dict:
        """At most keep_top_k[0] detections of an image, the best (ties: lower prior, class)."""
        keep = self.keep_top_k[0]
        total = sum(len(v) for v in kept.values())
        if keep == -1 or total <= keep:
            return kept
        cls = np.repeat(np.fromiter(kept, int, len(kept)), [len(v) for v in kept.values()])
        pri = np.concatenate(list(kept.values())).astype(int)
        chosen = np.zeros(total, bool)
        chosen[np.lexsort((cls, pri, -conf[pri, cls]))[:keep]] = True
        # Each class keeps its own order (best first), as the plugin hands them back.
        return {k: pri[(cls == k) & chosen] for k in kept}


def _exp(x):
    """expf as the C library computes it (correctly rounded, bar rare last-bit cases)."""
    return np.exp(np.asarray(x, np.float64)).astype(F32)


@register
class DetectionOutput1(_DetectionOutput):
    type, version = "DetectionOutput", "opset1"
    spec = "detection/detectionoutput-1"
    attrs = (Attr("num_classes", "int"),) + _ATTRS


@register
class DetectionOutput8(_DetectionOutput):
    type, version = "DetectionOutput", "opset8"
    spec = "detection/detectionoutput-8"
    attrs = _ATTRS
