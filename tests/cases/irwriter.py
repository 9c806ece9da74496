"""Write a case table as one IR: each row a subgraph (its inputs, the layer, a Result per
output), so that one model compiled once runs every row."""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

import numpy as np

from irexec.kernels.packing import pack
from irexec.strings import pack_strings
from irexec.types import BY_NAME, DYNAMIC

# (and dynamic: the empty Const standing for an absent optional input, GroupQueryAttention's)
ETYPES = {**BY_NAME, "dynamic": DYNAMIC}


@dataclass
class Row:
    """One layer to write: its op, version, attributes, inputs (etype, dims, constant value or
    None) and, once OpenVINO has read the file, its outputs' (etype, dims)."""

    type: str
    version: str
    attrs: dict
    inputs: list
    outputs: list = field(default_factory=list)
    n_outputs: int = 1


def _dims(dims) -> str:
    return "".join(f"<dim>{d}</dim>" for d in dims)


def _port(pid, etype, dims=None, names=None) -> str:
    prec = ETYPES[etype].precision if etype else "FP32"
    n = f" names={quoteattr(names)}" if names else ""
    return f'<port id="{pid}" precision="{prec}"{n}>{_dims(dims or ())}</port>'


def write_ir(rows: list, path: str) -> tuple:
    """Write ``rows`` to ``path`` (+ ``.bin``). Returns (input names in order, the layer id of
    each row's op, the Result names of each row)."""
    layers, edges, blob = [], [], bytearray()
    names, op_ids, results = [], [], []
    nid = 0
    for r, row in enumerate(rows):
        feeds = []
        for j, (etype, dims, value) in enumerate(row.inputs):
            lid = nid
            nid += 1
            if value is None:
                name = f"r{r}_in{j}"
                names.append(name)
                shape = ",".join("-1" if d == -1 else str(d) for d in dims) if dims != () else ""
                layers.append(
                    f'<layer id="{lid}" name="{name}" type="Parameter" version="opset1">'
                    f'<data shape="{shape}" element_type="{etype}"/>'
                    f"<output>{_port(0, etype, dims, name)}</output></layer>"
                )
            else:
                et = ETYPES[etype]
                raw = (
                    pack_strings(value)
                    if et.is_string
                    else pack(np.asarray(value), et)
                    if et.bits < 8
                    else np.ascontiguousarray(value, et.dtype).tobytes()
                )
                layers.append(
                    f'<layer id="{lid}" name="r{r}_c{j}" type="Const" version="opset1">'
                    f'<data element_type="{etype}" shape="{",".join(map(str, dims))}" '
                    f'offset="{len(blob)}" size="{len(raw)}"/>'
                    f"<output>{_port(0, etype, dims)}</output></layer>"
                )
                blob += raw
            feeds.append(lid)
        op_id = nid
        nid += 1
        op_ids.append(str(op_id))
        data = " ".join(f"{k}={quoteattr(str(v))}" for k, v in row.attrs.items())
        ins = "".join(_port(j, et, dims) for j, (et, dims, _) in enumerate(row.inputs))
        outs = row.outputs or [(None, None)] * row.n_outputs
        n_in = len(row.inputs)
        out_ports = "".join(_port(n_in + k, et, dims) for k, (et, dims) in enumerate(outs))
        layers.append(
            f'<layer id="{op_id}" name="r{r}_op" type="{row.type}" version="{row.version}">'
            f"<data {data}/><input>{ins}</input><output>{out_ports}</output></layer>"
        )
        for j, src in enumerate(feeds):
            edges.append((src, 0, op_id, j))
        row_results = []
        for k, (et, dims) in enumerate(outs):
            lid = nid
            nid += 1
            row_results.append(f"r{r}_out{k}")
            layers.append(
                f'<layer id="{lid}" name="r{r}_out{k}" type="Result" version="opset1">'
                f"<input>{_port(0, et, dims)}</input></layer>"
            )
            edges.append((op_id, n_in + k, lid, 0))
        results.append(row_results)
    text = (
        '<?xml version="1.0"?>\n<net name="cases" version="11">\n<layers>\n'
        + "\n".join(layers)
        + "\n</layers>\n<edges>\n"
        + "\n".join(f'<edge from-layer="{a}" from-port="{b}" to-layer="{c}" to-port="{d}"/>' for a, b, c, d in edges)
        + "\n</edges>\n</net>\n"
    )
    with open(path, "w") as f:
        f.write(text)
    with open(path[:-4] + ".bin", "wb") as f:
        f.write(bytes(blob) or b"\0")
    return names, op_ids, results
