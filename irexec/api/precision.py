"""``INFERENCE_PRECISION_HINT=f32``: a model whose ops compute in f16 or bf16 run as OpenVINO's CPU
plugin runs it under that hint, every half-precision tensor inside the model computed in f32.

Without the hint irexec computes each op as its spec says (an f16 op rounds its result to f16).
With it, the model is rewritten before it runs, as the plugin's precision conversion rewrites it:
half-precision constants become f32 (exactly: every f16 and bf16 value is an f32 value), ops
that make a half-precision type (Convert's ``destination_type``, RandomUniform's and Range's
``output_type``, ReadValue's ``variable_type``...) make f32 instead, and the inputs and outputs
keep the types the model declares: a half-precision input is converted to f32 where it enters,
a half-precision output back where it leaves. Bodies of If, Loop and TensorIterator are left as
they are.
"""

from __future__ import annotations

import numpy as np

from ..ops.registry import lookup
from ..types import BY_NAME
from .assembly import model_nodes
from .building import constant, make_node, parameter, result
from .model import Model
from .nodes import Node, Output

HALF = ("f16", "bf16")
F32 = BY_NAME["f32"]


def wants_f32(config: dict | None) -> bool:
    """Whether a compile config asks for f32 inference (``INFERENCE_PRECISION_HINT``: "f32", or
    OpenVINO's ``Type.f32``)."""
    hint = (config or {}).get("INFERENCE_PRECISION_HINT")
    if hint is None:
        return False
    text = hint.get_type_name() if hasattr(hint, "get_type_name") else getattr(hint, "name", hint)
    return str(text).strip().lower() in ("f32", "float32", "fp32")


def computed_in_f32(model: Model) -> Model:
    """``model`` with its half-precision computations in f32 (itself when it has none)."""
    if not _has_half(model):
        return model
    parameters, results, sinks, nodes = model_nodes(model)
    new: dict = {}  # id of an old node -> the node standing for it

    def source(out: Output) -> Output:
        return new[id(out.node)].output(out.index)

    params = []
    for old in nodes.values():  # (each after the nodes feeding it)
        kind = old.op.type
        if kind == "Parameter":
            fresh = parameter(old.get_partial_shape(), old.get_element_type(), old.friendly_name)
            fresh._names[0] = set(old._names[0])
            params.append(fresh)
            new[id(old)] = _widened(fresh) if old.get_element_type().name in HALF else fresh
        elif kind == "Const":
            value = old.value
            if old.get_element_type().name in HALF:
                value = np.asarray(value, np.float32)
            fresh = constant(value, name=old.friendly_name)
            new[id(old)] = fresh
        elif kind == "Result":
            src = source(old._inputs[0])
            declared = old._inputs[0].get_element_type()
            if declared.name in HALF and src.get_element_type() != declared:
                narrowed = make_node("Convert", "opset1", [src], {"destination_type": declared})
                # (the output's tensor names go where the output now leaves, as the plugin keeps them)
                narrowed._names[0], src.node._names[src.index] = src.node._names[src.index], set()
                src = narrowed.output(0)
            fresh = result(src, old.friendly_name)
            new[id(old)] = fresh
        else:
            raw = {k: ("f32" if v.strip().lower() in HALF else v) for k, v in old._raw.items()}
            cls = lookup(kind, old._version or old.op.version)
            fresh = Node(cls(raw), [source(i) for i in old._inputs], old.friendly_name, raw)
            fresh._version = old._version
            fresh.bodies = old.bodies
            fresh._infer()
            new[id(old)] = fresh
        if kind != "Parameter":  # (a Parameter's names stay on it, not on its widening Convert)
            for k, names in enumerate(old._names):
                new[id(old)]._names[k] = set(names)
    return Model(
        [new[id(r)] for r in results],
        params,
        model.name,
        sinks=[new[id(s)] for s in sinks],
        max_tensor_bytes=model.max_tensor_bytes,
        name_interface=False,
    )


def _widened(param: Node) -> Node:
    return make_node("Convert", "opset1", [param], {"destination_type": F32})


def _has_half(model: Model) -> bool:
    for layer in model.graph.layers.values():
        for port in layer.outputs:
            if port.etype is not None and port.etype.name in HALF:
                return True
    return False
