"""A program written for OpenVINO's Python API: it builds a small classifier with the opset
functions, saves it as IR, reads it back and classifies a batch. Run as it is on OpenVINO, or on
irexec with ``python -m irexec.openvino build_and_save.py OUT_DIR``."""

import sys

import numpy as np
import openvino as ov
from openvino import opset13 as ops


def build(rng) -> ov.Model:
    x = ops.parameter([4, 1, 12, 12], np.float32, name="image")
    kernel = ops.constant(rng.standard_normal((3, 1, 3, 3)).astype(np.float32))
    conv = ops.convolution(x, kernel, [1, 1], [1, 1], [1, 1], [1, 1])
    pool = ops.max_pool(conv, [2, 2], [1, 1], [0, 0], [0, 0], [2, 2])
    flat = ops.reshape(pool.output(0), ops.constant(np.array([4, -1], np.int64)), False)
    dense = ops.constant((rng.standard_normal((108, 5)) * 0.05).astype(np.float32))
    logits = ops.add(ops.matmul(flat, dense, False, False), np.float32(0.5))
    probs = ops.softmax(logits, 1)
    probs.output(0).set_names({"probs"})
    return ov.Model([probs], [x], "tiny_classifier")


def main() -> int:
    out_dir = sys.argv[1]
    rng = np.random.default_rng(7)
    model = build(rng)
    print("built ", model.get_friendly_name(), [str(p.get_partial_shape()) for p in model.inputs])
    ov.save_model(model, f"{out_dir}/tiny.xml")
    core = ov.Core()
    again = core.read_model(f"{out_dir}/tiny.xml")
    print("saved ", [op.get_type_name() for op in again.get_ordered_ops()])
    compiled = core.compile_model(again, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    images = rng.standard_normal((4, 1, 12, 12)).astype(np.float32)
    probs = compiled({"image": images})["probs"]
    print("top   ", probs.argmax(axis=1).tolist())
    print("first ", " ".join(f"{p:.3f}" for p in probs[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
