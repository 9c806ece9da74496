"""The parts of OpenVINO's ``Model`` API that describe a model and change its description:
its ops (``get_ops()``, ``get_ordered_ops()``, ``get_parameters()``, ``get_results()``,
``get_sinks()``: views of its layers, irexec.api.tensor_info), its ports by index or name, its
runtime information (``get_rt_info``/``has_rt_info``/``set_rt_info``: the IR's <rt_info>, as
OpenVINO's ``RTMap`` and ``OVAny`` give it), ``clone()`` and ``reshape(...)``. ``Model`` takes them
from here, so its own module stays about running."""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np

from ..check.shape_inference import infer_shapes
from ..errors import InputError, IRExecError, UsageError
from ..graph import Graph, Layer
from .partial_shape import ArgumentTypeError, PartialShape
from .rt_info import OVAny, RTMap, path_of, rt_info_texts, stored
from .tensor_info import Node, TensorInfo, TypeInfo

__all__ = ["ModelAPI", "Node", "OVAny", "RTMap", "TypeInfo", "rt_info_texts"]

# OpenVINO names each model "Model<n>" (``get_name()``), n counting the models of the process.
_MODEL_NAMES = itertools.count()


class ModelAPI:
    """Mixed into ``Model``: what OpenVINO's ``Model`` offers beyond inputs, outputs and running."""

    # The ports are bound to the model's graph as the model sets them, so that each answers for
    # its node (``model.inputs[0].get_node()``) and equals every other view of itself.
    @property
    def inputs(self) -> list:
        return self._inputs

    @inputs.setter
    def inputs(self, ports: list) -> None:
        self._inputs = [p.bound(self.graph) for p in ports]

    @property
    def outputs(self) -> list:
        return self._outputs

    @outputs.setter
    def outputs(self, ports: list) -> None:
        self._outputs = [p.bound(self.graph) for p in ports]

    # ---- names ----

    def get_friendly_name(self) -> str:
        return self.graph.name

    def set_friendly_name(self, name: str) -> None:
        self.graph.name = str(name)

    friendly_name = property(get_friendly_name, set_friendly_name)

    def get_name(self) -> str:
        """A name unique in the process, ``Model<n>`` (as OpenVINO's; n given when first asked)."""
        name = self.__dict__.get("_unique_name")
        if name is None:
            name = self.__dict__["_unique_name"] = f"Model{next(_MODEL_NAMES)}"
        return name

    # ---- ops ----

    def _node(self, layer_id: str) -> Node:
        return Node(self.graph.layer(layer_id), self.graph)

    def get_parameters(self) -> list:
        return [self._node(info.layer_id) for info in self.inputs]

    def get_results(self) -> list:
        return [self._node(info.layer_id) for info in self.outputs]

    def get_sinks(self) -> list:
        """The Assign layers (which write the variables and feed nothing), in order."""
        layers = self.graph.layers
        return [self._node(lid) for lid in self.graph.topological_order() if layers[lid].type == "Assign"]

    parameters = property(get_parameters)
    results = property(get_results)
    sinks = property(get_sinks)

    def get_ops(self) -> list:
        """Every layer of the model (not those inside bodies), in the file's order."""
        return [Node(layer, self.graph) for layer in self.graph.layers.values()]

    def get_ordered_ops(self) -> list:
        """Every layer in an order in which each comes after what feeds it."""
        return [self._node(lid) for lid in self.graph.topological_order()]

    def get_output_op(self, index: int) -> Node:
        """The Result of output ``index``."""
        return self._node(self.output(index).layer_id)

    def get_result(self) -> Node:
        """The Result of a model of one output."""
        if len(self.outputs) != 1:
            raise UsageError(f"get_result() asks for the one Result of a model: this one has {len(self.outputs)}")
        return self._node(self.outputs[0].layer_id)

    def get_parameter_index(self, parameter) -> int:
        """The index of a Parameter node among the model's inputs, -1 when it is not one of them."""
        if not isinstance(parameter, Node) or parameter.get_type_name() != "Parameter":
            raise ArgumentTypeError(f"get_parameter_index takes a Parameter node, not {parameter!r}")
        return next((k for k, p in enumerate(self.get_parameters()) if p == parameter), -1)

    def get_result_index(self, value) -> int:
        """The index of the output a port is: a Result's output, or the port feeding a Result (a
        Result node too); -1 when it is none of this model's."""
        if isinstance(value, Node):
            value = value.output(0) if value.get_type_name() == "Result" else None
        if not isinstance(value, TensorInfo):
            raise ArgumentTypeError(f"get_result_index takes an output port, not {value!r}")
        for k, info in enumerate(self.outputs):
            if info == value:
                return k
        if value.graph is self.graph:
            fed = (value.layer_id, value.index)
            for k, info in enumerate(self.outputs):
                if self.graph.producers(info.layer_id).get(0) == fed:
                    return k
        return -1

    # ---- outputs ----

    def output(self, key=None) -> TensorInfo:
        """An output port by index or by any of its names (none: the model's only output)."""
        return _port(self.outputs, key, "output")

    def get_output_size(self) -> int:
        return len(self.outputs)

    def get_output_element_type(self, index: int):
        return self.output(index).get_element_type()

    def get_output_partial_shape(self, index: int) -> PartialShape:
        return self.output(index).get_partial_shape()

    def get_output_shape(self, index: int):
        """Output ``index``'s static shape (a dynamic one raises, as OpenVINO's does)."""
        return self.output(index).get_shape()

    def is_dynamic(self) -> bool:
        """Whether any port of the model, inside as well as at its ends, has a dynamic shape."""
        ports = [i.shape for i in self.inputs + self.outputs]
        ports += [p.shape for layer in self.graph.layers.values() for p in layer.inputs + layer.outputs]
        return any(shape is None or not all(d.is_static for d in shape) for shape in ports)

    # ---- runtime information ----

    @property
    def rt_info(self) -> RTMap:
        return RTMap(self.graph.rt_info)

    def get_rt_info(self, path=None):
        """The model's runtime information: all of it (an ``RTMap``), or the entry at ``path`` (a
        name, or a list of names into nested entries) as an ``OVAny``, whose ``value`` is the
        entry (a str as read from the IR; a dict for nested entries) and ``astype(str|int|
        float|bool)`` converts it as OpenVINO does."""
        if path is None:
            return RTMap(self.graph.rt_info)
        keys = path_of(path)
        node = self.graph.rt_info
        for key in keys:
            if not isinstance(node, dict) or key not in node:
                raise InputError(f"the model has no runtime information at {keys}")
            node = node[key]
        return OVAny(node)

    def has_rt_info(self, path) -> bool:
        """Whether the model has runtime information at ``path`` (a path through an entry that is
        a value, not a dict of them, raises, as OpenVINO's does)."""
        keys = path_of(path)
        node = self.graph.rt_info
        for key in keys:
            if not isinstance(node, dict):
                raise InputError(f"runtime information path {keys}: {key!r} is under a value, not a dict")
            if key not in node:
                return False
            node = node[key]
        return True

    def set_rt_info(self, value, path) -> None:
        """Set the runtime information at ``path`` (the dicts on the way are made as needed)."""
        keys = path_of(path)
        node = self.graph.rt_info
        for key in keys[:-1]:
            child = node.setdefault(key, {})
            if not isinstance(child, dict):
                raise InputError(f"runtime information path {keys}: {key!r} holds a value, not a dict")
            node = child
        node[keys[-1]] = stored(value)

    # ---- copies and shapes ----

    def clone(self):
        """An independent copy: its layers, ports, names and runtime information are its own (the
        weights, read-only, are shared), so reshaping or renaming either leaves the other as it is."""
        graph = _graph_copy(self.graph)
        twin = type(self)(graph, self.max_tensor_bytes)
        twin.inputs, twin.outputs = self.inputs, self.outputs  # (bound to the copy by the setters)
        twin.waived = list(getattr(self, "waived", ()))
        return twin

    def reshape(self, shapes) -> None:
        """New shapes for the inputs, as OpenVINO's ``model.reshape``: a dict keyed by input
        name, index or port, of shapes (lists of ints, -1 a dynamic dim, ``(lo, hi)`` ranges,
        text such as ``"[1,3,?,?]"``, ``PartialShape``); or one shape for a model with one input.
        Every layer's shapes are inferred again from the new ones; when an op refuses them the
        model is left as it was and the error names the layer. Changes this model in place."""
        new = self._reshape_targets(shapes)
        graph = self.graph
        saved = [
            (layer, layer.op, [p.shape for p in layer.inputs], [p.shape for p in layer.outputs])
            for layer in graph.layers.values()
        ]
        try:
            for lid, shape in new.items():
                layer = graph.layer(lid)
                values = dict(layer.op.attr_values(), shape=shape)
                layer.op = type(layer.op)(**values)
                layer.outputs[0].shape = shape
            facts = infer_shapes(graph, self.plan.order)
            # Every port takes what the rules now say, as OpenVINO infers the whole model again.
            for (lid, index), fact in facts.items():
                layer = graph.layer(lid)
                if index < len(layer.outputs):
                    layer.outputs[index].shape = fact.shape
            for layer in graph.layers.values():
                for index, (src, out) in graph.producers(layer.id).items():
                    if index < len(layer.inputs):
                        layer.inputs[index].shape = graph.layer(src).outputs[out].shape
            reshaped = type(self)(graph, self.max_tensor_bytes)
        except IRExecError:
            for layer, op, ins, outs in saved:
                layer.op = op
                for port, shape in zip(layer.inputs, ins):
                    port.shape = shape
                for port, shape in zip(layer.outputs, outs):
                    port.shape = shape
            raise
        self.__dict__.update(reshaped.__dict__)

    def _reshape_targets(self, shapes) -> dict:
        if not isinstance(shapes, dict):
            if len(self.inputs) != 1:
                raise InputError(f"the model has {len(self.inputs)} inputs: give reshape a dict of input -> shape")
            shapes = {0: shapes}
        out = {}
        for key, shape in shapes.items():
            info = self.input(key) if not hasattr(key, "layer_id") else _by_layer(self.inputs, key)
            try:
                new = PartialShape(shape).irexec_shape()
            except (TypeError, ValueError, IRExecError) as e:
                raise InputError(f"invalid shape {shape!r} for input '{info.name}': {e}") from None
            out[info.layer_id] = new
        return out


def _graph_copy(graph: Graph) -> Graph:
    """A graph of copies of ``graph``'s layers and ports, on the same weights. The ops are shared
    (a reshape replaces a layer's op, never changes one), and so are the bodies (their ops hold
    them, and nothing changes them)."""
    twin = Graph(graph.name, graph.ir_version, graph.path)
    twin.weights = graph.weights
    twin.used = set(graph.used)
    twin.rt_info = stored(graph.rt_info)
    for layer in graph.layers.values():
        twin.add_layer(
            Layer(
                layer.id,
                layer.name,
                layer.type,
                layer.version,
                dict(layer.attrs),
                [replace(p) for p in layer.inputs],
                [replace(p) for p in layer.outputs],
                layer.line,
                layer.op,
                layer.bodies,
                layer.scope,
            )
        )
    twin.succ = {src: {dst: dict(keyed) for dst, keyed in fed.items()} for src, fed in graph.succ.items()}
    twin.edge_count = graph.edge_count
    return twin


def _by_layer(infos: list, port):
    for info in infos:
        if info.layer_id == port.layer_id:
            return info
    raise InputError(f"'{port.name}' is not an input of this model")


def _port(infos: list, key, what: str):
    if key is None:
        if len(infos) != 1:
            raise InputError(f"the model has {len(infos)} {what}s: name one (by index or name)")
        return infos[0]
    if isinstance(key, (int, np.integer)) and not isinstance(key, (bool, np.bool_)):
        if not 0 <= key < len(infos):
            raise InputError(f"{what} index {key} is out of range: the model has {len(infos)} {what}(s)")
        return infos[int(key)]
    for info in infos:
        if key == info.name or key in info.names:
            return info
    known = ", ".join(i.name for i in infos) or "none"
    raise InputError(f"unknown {what} {key!r} ({what}s: {known})")


# ---- runtime information: OpenVINO's RTMap and OVAny --------------------------------------------
