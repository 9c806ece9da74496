"""A chain of in-place scatters, and a probe of which layers were let to write in place (the
in-place tests and the run tools' share them)."""

import numpy as np

import irexec
from helpers.irtext import layer, net, param, port, result, write


def chain(tmp_path, n=3, fan_out=False):
    """x -> Multiply(x, 1) -> n ScatterUpdates (row k := updates[k]); optionally the product also
    feeds a second Result, so it stays visible and must not be overwritten."""
    shape = (4, 3)
    blob = b"".join(np.array([k], np.int64).tobytes() for k in range(n)) + np.array(0, np.int64).tobytes()
    layers = [
        param(0, "x", shape),
        param(1, "one", shape),
        param(2, "u", (1, 3)),
        layer(
            3,
            "Multiply",
            inputs=[port(0, "f32", shape), port(1, "f32", shape)],
            outputs=[port(2, "f32", shape, "prod")],
        ),
    ]
    edges = [(0, 0, 3, 0), (1, 0, 3, 1)]
    prev, nid = (3, 2), 10
    axis_id = 9
    layers.append(
        layer(
            axis_id,
            "Const",
            data={"element_type": "i64", "shape": "", "offset": 8 * n, "size": 8},
            outputs=[port(0, "i64", ())],
        )
    )
    for k in range(n):
        layers.append(
            layer(
                nid,
                "Const",
                data={"element_type": "i64", "shape": "1", "offset": 8 * k, "size": 8},
                outputs=[port(0, "i64", (1,))],
            )
        )
        layers.append(
            layer(
                nid + 1,
                "ScatterUpdate",
                "opset3",
                inputs=[port(0, "f32", shape), port(1, "i64", (1,)), port(2, "f32", (1, 3)), port(3, "i64", ())],
                outputs=[port(4, "f32", shape, f"s{k}")],
            )
        )
        edges += [(prev[0], prev[1], nid + 1, 0), (nid, 0, nid + 1, 1), (2, 0, nid + 1, 2), (axis_id, 0, nid + 1, 3)]
        prev, nid = (nid + 1, 4), nid + 2
    layers.append(result(100, "f32", shape, name="out"))
    edges.append((prev[0], prev[1], 100, 0))
    if fan_out:
        layers.append(result(101, "f32", shape, name="product"))
        edges.append((3, 2, 101, 0))
    return irexec.read_model(write(tmp_path, net(layers, edges), blob))


def count_inplace(model, monkeypatch):
    """Whether each layer of an op that may write in place was let to, in order."""
    from irexec.run import executor

    calls = []
    real = executor._evaluate
    monkeypatch.setattr(executor, "DIRECT_CALLS", False)  # (every step through _evaluate)

    def probe(layer, ins, inplace, *rest):
        if layer.op.inplace_input is not None:
            calls.append(inplace)
        return real(layer, ins, inplace, *rest)

    monkeypatch.setattr(executor, "_evaluate", probe)
    return calls
