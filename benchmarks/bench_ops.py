#!/usr/bin/env python3
"""The slow ops (DFT and its kin, NMS, CTC, detection), one layer each at a realistic size,
irexec next to the OpenVINO CPU plugin (f32 inference precision) in one process, interleaved
round by round, medians of a reused model's infer vs a reused infer request's:

    python benchmarks/bench_ops.py [--repeat N] [NAME ...]

An op irexec does not register yet is listed as not run."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import openvino as ov  # noqa: E402
import openvino.opset13 as ops13  # noqa: E402
import openvino.opset15 as ops  # noqa: E402
from bench_scatter import interleaved  # noqa: E402

import irexec  # noqa: E402
from irexec.errors import ValidationError  # noqa: E402
from irexec.ops.registry import lookup  # noqa: E402

CONFIG = {"INFERENCE_PRECISION_HINT": "f32"}
RNG = np.random.default_rng(0)


def f32(*shape, low=0.0, high=1.0):
    return RNG.uniform(low, high, shape).astype(np.float32)


def boxes(batch, n):
    xy = f32(batch, n, 2, high=90)
    wh = f32(batch, n, 2, low=2, high=30)
    return np.concatenate([xy, xy + wh], -1)


def param(name, arr):
    return ops.parameter(arr.shape, ov.Type(arr.dtype), name=name)


def c(value, dtype=np.int64):
    return ops.constant(np.array(value, dtype))


def cases():
    """(name, the op's (type, version), build(params) -> node, inputs)."""
    x = f32(8, 256, 256, 2)
    yield "DFT 2-D, 8x256x256 complex", ("DFT", "opset7"), lambda p: ops.dft(p[0], c([1, 2])), [x]
    yield "IDFT 2-D, 8x256x256 complex", ("IDFT", "opset7"), lambda p: ops.idft(p[0], c([1, 2])), [x]
    r = f32(8, 256, 256)
    yield "RDFT 2-D, 8x256x256", ("RDFT", "opset9"), lambda p: ops.rdft(p[0], c([1, 2])), [r]
    yield (
        "IRDFT 2-D, 8x256x129",
        ("IRDFT", "opset9"),
        lambda p: ops.irdft(p[0], c([1, 2]), c([256, 256])),
        [f32(8, 256, 129, 2)],
    )
    sig = f32(4, 16000)
    yield (
        "STFT 4x16000, frame 400/160",
        ("STFT", "opset15"),
        lambda p: ops.stft(p[0], ops.constant(np.hanning(400).astype(np.float32)), c(400), c(160), False),
        [sig],
    )
    b, s = boxes(1, 2000), f32(1, 20, 2000)
    yield (
        "NonMaxSuppression-9 2000 boxes x 20 classes",
        ("NonMaxSuppression", "opset9"),
        lambda p: ops.non_max_suppression(
            p[0], p[1], c(100), ops.constant(np.float32(0.5)), ops.constant(np.float32(0.05))
        ),
        [b, s],
    )
    yield (
        "MatrixNms 2000 boxes x 20 classes",
        ("MatrixNms", "opset8"),
        lambda p: ops.matrix_nms(p[0], p[1], score_threshold=0.05, nms_top_k=400, keep_top_k=200, background_class=0),
        [b, s],
    )
    yield (
        "MulticlassNms-9 2000 boxes x 20 classes",
        ("MulticlassNms", "opset9"),
        lambda p: ops.multiclass_nms(
            p[0], p[1], iou_threshold=0.5, score_threshold=0.05, nms_top_k=400, keep_top_k=200
        ),
        [b, s],
    )
    logits = f32(16, 200, 80)
    lengths = np.full(16, 200, np.int32)
    yield (
        "CTCGreedyDecoderSeqLen 16x200x80",
        ("CTCGreedyDecoderSeqLen", "opset6"),
        lambda p: ops.ctc_greedy_decoder_seq_len(p[0], p[1], c(79, np.int32)),
        [logits, lengths],
    )
    labels = RNG.integers(0, 79, (16, 200)).astype(np.int32)  # (labels are padded to the time steps)
    yield (
        "CTCLoss 16x200x80, 50 labels",
        ("CTCLoss", "opset4"),
        lambda p: ops.ctc_loss(p[0], p[1], p[2], p[3], c(79, np.int32)),
        [logits, lengths, labels, np.full(16, 50, np.int32)],
    )
    data, rois = f32(1, 256, 64, 64), boxes(1, 300)[0] / 2
    yield (
        "ROIAlign 300 ROIs of 256x64x64",
        ("ROIAlign", "opset9"),
        lambda p: ops.roi_align(p[0], p[1], c(np.zeros(300), np.int32), 7, 7, 2, 1.0, "avg"),
        [data, rois],
    )
    yield (
        "TopK 1000 of 8x100000",
        ("TopK", "opset11"),
        lambda p: ops.topk(p[0], c(1000), 1, "max", "value"),
        [f32(8, 100000)],
    )
    # (last: a case added later draws after the others, which keep their data)
    rb = np.concatenate([boxes(1, 500)[..., :2], f32(1, 500, 2, low=2, high=30), f32(1, 500, 1, low=-3, high=3)], -1)
    yield (
        "NMSRotated 500 boxes x 5 classes",
        ("NMSRotated", "opset13"),
        lambda p: ops13.nms_rotated(p[0], p[1], c(50), ops.constant(np.float32(0.5)), ops.constant(np.float32(0.05))),
        [rb, f32(1, 5, 500)],
    )


def run(names: list, repeat: int) -> None:
    core = ov.Core()
    print(f"{'op':46s} {'irexec ms':>10s} {'plugin ms':>10s} {'ratio':>7s}")
    skipped = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, key, build, inputs) in enumerate(cases()):
            if names and not any(n.lower() in name.lower() for n in names):
                continue
            try:
                lookup(*key)
            except ValidationError:
                skipped.append(f"{key[0]}-{key[1][5:]}")
                continue
            params = [param(f"in{k}", a) for k, a in enumerate(inputs)]
            node = build(params)
            path = os.path.join(tmp, f"op{i}.xml")
            ov.save_model(ov.Model([ops.result(o) for o in node.outputs()], params), path, compress_to_fp16=False)
            model = irexec.read_model(path)
            request = core.compile_model(path, "CPU", CONFIG).create_infer_request()
            feeds = {f"in{k}": a for k, a in enumerate(inputs)}
            t = interleaved({"irexec": lambda: model.infer(feeds), "openvino": lambda: request.infer(feeds)}, repeat)  # noqa: B023 (called within this iteration)
            print(
                f"{name:46s} {t['irexec'] * 1e3:10.2f} {t['openvino'] * 1e3:10.2f} {t['irexec'] / t['openvino']:6.2f}x",
                flush=True,
            )
    if skipped:
        print("not run (irexec lacks them): " + ", ".join(skipped))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="run only the cases whose names contain one of these")
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    run(args.names, args.repeat)


if __name__ == "__main__":
    main()
