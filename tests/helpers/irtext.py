"""Hand-written IR text for unit tests: small builders for layers, ports and edges."""

from __future__ import annotations

import os

import numpy as np

PREC = {
    "f32": "FP32",
    "f16": "FP16",
    "f64": "FP64",
    "i64": "I64",
    "i32": "I32",
    "i8": "I8",
    "u8": "U8",
    "boolean": "BOOL",
    "bf16": "BF16",
}


def port(pid, et="f32", dims=(), names=None) -> str:
    n = f' names="{names}"' if names else ""
    inner = "".join(f"<dim>{d}</dim>" for d in dims)
    return f'<port id="{pid}" precision="{PREC.get(et, et.upper())}"{n}>{inner}</port>'


def layer(lid, ltype, version="opset1", inputs=(), outputs=(), data=None, name=None) -> str:
    d = ""
    if data is not None:
        d = "<data " + " ".join(f'{k}="{v}"' for k, v in data.items()) + "/>"
    ins = f"<input>{''.join(inputs)}</input>" if inputs else ""
    outs = f"<output>{''.join(outputs)}</output>" if outputs else ""
    return f'<layer id="{lid}" name="{name or f"l{lid}"}" type="{ltype}" version="{version}">{d}{ins}{outs}</layer>'


def param(lid, name, shape, et="f32", names=None, dims=None) -> str:
    dims = shape if dims is None else dims
    return layer(
        lid,
        "Parameter",
        data={"shape": ",".join(map(str, shape)), "element_type": et},
        outputs=[port(0, et, dims, names or name)],
        name=name,
    )


def const(lid, shape, et, offset, size, name=None) -> str:
    return layer(
        lid,
        "Const",
        data={"element_type": et, "shape": ",".join(map(str, shape)), "offset": offset, "size": size},
        outputs=[port(0, et, shape)],
        name=name,
    )


def result(lid, et="f32", dims=(), name=None) -> str:
    return layer(lid, "Result", inputs=[port(0, et, dims)], name=name)


def net(layers, edges, version=11, name="test") -> str:
    """``edges``: (from_layer, from_port, to_layer, to_port) tuples; layers get one per line."""
    e = "\n".join(f'<edge from-layer="{a}" from-port="{b}" to-layer="{c}" to-port="{d}"/>' for a, b, c, d in edges)
    body = "\n".join(layers)
    return (
        f'<?xml version="1.0"?>\n<net name="{name}" version="{version}">\n<layers>\n{body}\n</layers>\n'
        f"<edges>\n{e}\n</edges>\n</net>\n"
    )


def write(tmp_path, xml: str, blob: bytes | None = None, stem="model") -> str:
    path = os.path.join(str(tmp_path), stem + ".xml")
    with open(path, "w") as f:
        f.write(xml)
    if blob is not None:
        with open(os.path.join(str(tmp_path), stem + ".bin"), "wb") as f:
            f.write(blob)
    return path


def add_model(shape=(2, 3), et="f32") -> str:
    """x + y -> z: the smallest useful model."""
    return net(
        [
            param(0, "x", shape, et),
            param(1, "y", shape, et),
            layer(2, "Add", inputs=[port(0, et, shape), port(1, et, shape)], outputs=[port(2, et, shape, "z")]),
            result(3, et, shape),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )


def scatter_model(data_shape=(4, 3), idx=(1, 3), axis=0) -> tuple:
    """ScatterUpdate with constant indices and axis; returns (xml, blob)."""
    idx = np.asarray(idx, np.int64)
    upd_shape = tuple(data_shape[:axis]) + idx.shape + tuple(data_shape[axis + 1 :])
    blob = idx.tobytes() + np.array(axis, np.int64).tobytes()
    xml = net(
        [
            param(0, "data", data_shape),
            param(1, "updates", upd_shape),
            const(2, idx.shape, "i64", 0, idx.nbytes),
            const(3, (), "i64", idx.nbytes, 8),
            layer(
                4,
                "ScatterUpdate",
                "opset3",
                inputs=[
                    port(0, "f32", data_shape),
                    port(1, "i64", idx.shape),
                    port(2, "f32", upd_shape),
                    port(3, "i64", ()),
                ],
                outputs=[port(4, "f32", data_shape, "out")],
            ),
            result(5, "f32", data_shape),
        ],
        [(0, 0, 4, 0), (2, 0, 4, 1), (1, 0, 4, 2), (3, 0, 4, 3), (4, 4, 5, 0)],
    )
    return xml, blob
