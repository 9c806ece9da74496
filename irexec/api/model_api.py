"""The parts of OpenVINO's ``Model`` API that describe and reshape a model: ``get_ops()`` and
``get_ordered_ops()`` (each op's type, version, name and attributes), ``output(i)``,
``get_parameters()``, ``get_results()``, ``reshape(...)``. ``Model`` takes them from here, so its
own module stays about running."""

from __future__ import annotations

from typing import NamedTuple

from ..check.shape_inference import infer_shapes
from ..errors import InputError, IRExecError
from ..shapes import fmt
from .partial_shape import PartialShape


class TypeInfo(NamedTuple):
    """``node.get_type_info()``: the op's type and its opset, as OpenVINO names them."""

    name: str
    version_id: str


class Node:
    """One layer of a model, as OpenVINO's ``Node``: ``get_type_name()`` ("MatMul"),
    ``get_type_info().version_id`` ("opset1"), ``get_friendly_name()`` (the layer's name),
    ``get_attributes()`` (the op's attributes, parsed, by their IR names), its ports' partial
    shapes and element types. A view of the model: read it, do not change it."""

    def __init__(self, layer):
        self._layer = layer

    @property
    def layer_id(self) -> str:
        return self._layer.id

    def get_type_name(self) -> str:
        return self._layer.type

    def get_type_info(self) -> TypeInfo:
        op = self._layer.op
        return TypeInfo(self._layer.type, getattr(op, "version", None) or self._layer.version or "")

    def get_friendly_name(self) -> str:
        return self._layer.name

    friendly_name = property(get_friendly_name)

    def get_name(self) -> str:
        """A name unique in the model: the type and the layer's id (OpenVINO's ``Add_12`` form)."""
        return f"{self._layer.type}_{self._layer.id}"

    def get_attributes(self) -> dict:
        """The op's attributes by their IR names, as irexec parsed them (a layer irexec reads
        without declaring its attributes gives them as written)."""
        op = self._layer.op
        if op is not None and hasattr(op, "attr_values"):
            return dict(op.attr_values())
        return dict(self._layer.attrs)

    def get_input_size(self) -> int:
        return len(self._layer.inputs)

    def get_output_size(self) -> int:
        return len(self._layer.outputs)

    def get_input_partial_shape(self, index: int) -> PartialShape:
        return PartialShape(self._layer.inputs[index].shape)

    def get_output_partial_shape(self, index: int) -> PartialShape:
        return PartialShape(self._layer.outputs[index].shape)

    def get_output_element_type(self, index: int):
        return self._layer.outputs[index].etype

    def get_input_element_type(self, index: int):
        return self._layer.inputs[index].etype

    def __repr__(self) -> str:
        outs = ", ".join(fmt(p.shape) for p in self._layer.outputs)
        return f"<{self._layer.type}: '{self._layer.name}' ({outs})>"


class ModelAPI:
    """Mixed into ``Model``: what OpenVINO's ``Model`` offers beyond inputs, outputs and running."""

    def get_friendly_name(self) -> str:
        return self.graph.name

    friendly_name = property(get_friendly_name)
    get_name = get_friendly_name

    def output(self, key=None):
        """An output port by index or by any of its names (none: the model's only output)."""
        return _port(self.outputs, key, "output")

    def get_parameters(self) -> list:
        return [Node(self.graph.layer(info.layer_id)) for info in self.inputs]

    def get_results(self) -> list:
        return [Node(self.graph.layer(info.layer_id)) for info in self.outputs]

    def get_output_size(self) -> int:
        return len(self.outputs)

    def get_ops(self) -> list:
        """Every layer of the model (not those inside bodies), in the file's order."""
        return [Node(layer) for layer in self.graph.layers.values()]

    def get_ordered_ops(self) -> list:
        """Every layer in an order in which each comes after what feeds it."""
        return [Node(self.graph.layer(lid)) for lid in self.plan.order]

    def is_dynamic(self) -> bool:
        """Whether any input or output has a dynamic shape."""
        return any(PartialShape(info.shape).is_dynamic for info in self.inputs + self.outputs)

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
    if isinstance(key, int) and not isinstance(key, bool):
        if not 0 <= key < len(infos):
            raise InputError(f"{what} index {key} is out of range: the model has {len(infos)} {what}(s)")
        return infos[key]
    for info in infos:
        if key == info.name or key in info.names:
            return info
    known = ", ".join(i.name for i in infos) or "none"
    raise InputError(f"unknown {what} {key!r} ({what}s: {known})")
