#!/usr/bin/env python3
"""Write the sample IRs in models/ with OpenVINO's own serializer (a development-time tool:
irexec itself never imports openvino). Rerun after changing a model here."""

import os

import numpy as np
import openvino as ov
import openvino.opset15 as ops

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "models")


def kv_cache_update():
    """A KV-cache write: new tokens scattered into positions [5, 6] of a cache along axis 1."""
    cache = ops.parameter([2, 8, 4], ov.Type.f32, name="cache")
    tokens = ops.parameter([2, 2, 4], ov.Type.f32, name="tokens")
    positions = ops.constant(np.array([5, 6], np.int64), name="positions")
    axis = ops.constant(np.array(1, np.int64), name="axis")
    out = ops.scatter_update(cache, positions, tokens, axis, name="write_tokens")
    out.output(0).set_names({"updated_cache"})
    return ov.Model([ops.result(out, name="updated_cache")], [cache, tokens], "kv_cache_update")


def row_assign():
    """``y = x.clone(); y[i] = v`` as converters lower it: the index is normalised with
    ShapeOf/Gather/Add/FloorMod, the value broadcast to a row, then a ScatterUpdate."""
    x = ops.parameter([4, 6], ov.Type.f32, name="x")
    i = ops.parameter([], ov.Type.i64, name="i")
    v = ops.parameter([], ov.Type.f32, name="v")
    shape = ops.shape_of(x, "i64")
    rows = ops.gather(shape, ops.constant(np.array(0, np.int64)), ops.constant(np.array(0, np.int64)))
    idx = ops.floor_mod(ops.add(i, rows), rows)
    idx = ops.unsqueeze(idx, ops.constant(np.array([0], np.int64)))
    row_shape = ops.concat(
        [
            ops.constant(np.array([1], np.int64)),
            ops.gather(shape, ops.constant(np.array([1], np.int64)), ops.constant(np.array(0, np.int64))),
        ],
        0,
    )
    row = ops.broadcast(v, row_shape)
    y = ops.scatter_update(x, idx, row, ops.constant(np.array(0, np.int64)), name="assign_row")
    y.output(0).set_names({"y"})
    return ov.Model([ops.result(y)], [x, i, v], "row_assign")


def packed_weights():
    """Constants of the packed and 16-bit types, widened and summed: exercises the .bin reader."""
    x = ops.parameter([8], ov.Type.f32, name="x")
    terms = [
        ops.constant(np.array([1, -2, 3, -8, 7, 0, -1, 5], np.int8), dtype=ov.Type.i4),
        ops.constant(np.array([0, 1, 2, 15, 9, 4, 3, 8], np.uint8), dtype=ov.Type.u4),
        ops.constant(np.array([1, 0, 1, 1, 0, 0, 0, 1], np.uint8), dtype=ov.Type.u1),
        ops.constant(np.linspace(-1, 1, 8).astype(np.float16)),
        ops.constant(np.linspace(0.5, 4, 8).astype(np.float32), dtype=ov.Type.bf16),
    ]
    total = x
    for t in terms:
        total = ops.add(total, ops.convert(t, ov.Type.f32))
    total.output(0).set_names({"sum"})
    return ov.Model([ops.result(total)], [x], "packed_weights")


def main():
    os.makedirs(HERE, exist_ok=True)
    for build in (kv_cache_update, row_assign, packed_weights):
        path = os.path.join(HERE, build.__name__ + ".xml")
        ov.save_model(build(), path, compress_to_fp16=False)
        print("wrote", os.path.relpath(path))


if __name__ == "__main__":
    main()
