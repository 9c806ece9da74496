"""The plugin's side of the internal ops' tables. OpenVINO's reader refuses an IR holding an
internal op (``version="extension"``: no opset has it), though its ONNX frontend makes such ops
and its CPU plugin runs them. So the table's IR is built for the plugin here instead: its
Parameters, Consts and Results as they are, and each internal layer a node the ONNX frontend
made (from a one-node com.microsoft model), its inputs rewired to the layer's and its
attributes set to the layer's. An input the layer gives as an empty Const of type dynamic keeps
the frontend's own such placeholder."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest

from irexec.types import BY_NAME

ov = pytest.importorskip("openvino")
onnx = pytest.importorskip("onnx")

_OV_TYPES = {"dynamic": ov.Type.dynamic, "boolean": ov.Type.boolean}


def _ov_type(name: str):
    return _OV_TYPES.get(name) or ov.Type(np.dtype(BY_NAME[name].dtype))


def _gqa_node(core, data: dict):
    """A GroupQueryAttention node from the ONNX frontend, with the layer's head counts."""
    from onnx import TensorProto, helper

    f = TensorProto.FLOAT
    names = ["q", "k", "v", "pk", "pv", "sl", "tsl"]
    types = [f, f, f, f, f, TensorProto.INT32, TensorProto.INT32]
    ranks = [["B", "S", "HD"]] * 3 + [["B", "N", "P", "D"]] * 2 + [[1], []]
    node = helper.make_node(
        "GroupQueryAttention",
        names,
        ["o", "pko", "pvo"],
        domain="com.microsoft",
        num_heads=int(data["num_heads"]),
        kv_num_heads=int(data["kv_num_heads"]),
    )
    graph = helper.make_graph(
        [node],
        "g",
        # (Ranks only: the frontend needs them; the rewired inputs bring the sizes.)
        [helper.make_tensor_value_info(n, t, r) for n, t, r in zip(names, types, ranks)],
        [helper.make_tensor_value_info(n, f, None) for n in ("o", "pko", "pvo")],
    )
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)]
    )
    made = core.read_model(model.SerializeToString())
    return next(op for op in made.get_ops() if op.get_type_name() == "GroupQueryAttention")


def _attribute(kind_of, text: str):
    """The layer's text as the node's attribute of that Python type."""
    if isinstance(kind_of, bool):
        return text.strip().lower() in ("true", "1")
    if isinstance(kind_of, int):
        return int(text)
    if isinstance(kind_of, float):
        return float(text)
    return text.upper()


BUILDERS = {"GroupQueryAttention": _gqa_node}


def read(core, path: str):
    """The IR at ``path`` as an ov.Model, its internal layers made by the ONNX frontend."""
    root = ET.parse(path).getroot()
    blob = np.fromfile(path[:-4] + ".bin", dtype=np.uint8)
    edges = {
        (e.get("to-layer"), e.get("to-port")): (e.get("from-layer"), int(e.get("from-port"))) for e in root.iter("edge")
    }
    made, params, results, out_ids = {}, [], [], {}
    for layer in root.iter("layer"):
        lid, kind = layer.get("id"), layer.get("type")
        data = dict(layer.find("data").attrib) if layer.find("data") is not None else {}
        ins = [edges[(lid, p.get("id"))] for p in layer.findall("input/port")]
        # (An edge names the port's id; a node's outputs are counted from 0.)
        sources = [None if made[src] is None else made[src].output(out_ids[src].index(str(port))) for src, port in ins]
        out_ids[lid] = [p.get("id") for p in layer.findall("output/port")]
        if kind == "Parameter":
            shape = [int(d) for d in data["shape"].split(",")] if data["shape"] else []
            node = ov.opset13.parameter(ov.PartialShape(shape), _ov_type(data["element_type"]), name=layer.get("name"))
            params.append(node)
        elif kind == "Const":
            shape = [int(d) for d in data["shape"].split(",")] if data["shape"] else []
            etype, offset, size = data["element_type"], int(data["offset"]), int(data["size"])
            if etype == "dynamic":
                # (Python cannot make a Constant of no type: the node made by the frontend keeps its own.)
                made[lid] = None
                continue
            node = ov.op.Constant(blob[offset : offset + size].view(BY_NAME[etype].dtype).reshape(shape))
        elif kind == "Result":
            node = ov.opset13.result(sources[0], name=layer.get("name"))
            results.append(node)
        else:
            node = BUILDERS[kind](core, data)
            for i, src in enumerate(sources):
                if src is not None:
                    node.input(i).replace_source_output(src)
            current = node.get_attributes()
            for k, v in data.items():
                node.set_attribute(k, _attribute(current[k], v))
            node.validate_and_infer_types()
        node.set_friendly_name(layer.get("name"))
        made[lid] = node
    return ov.Model(results, params, "cases")
