"""A model's ports and layers as OpenVINO's Python API shows them: ``TensorInfo`` (an output port:
``model.inputs[0]``, ``node.output(1)``), ``Input`` (a layer's input port) and ``Node`` (a layer).

They are views of the model's graph, made when asked for: they answer from the graph's layers
and edges as they are (after a ``reshape`` too), and two views of one port or layer are equal.
A port is keyed by its layer and index, so ``compiled.output(0)`` keys the results, as
``result_node.output(0)`` does.

The three live together because each hands out the others (a port's node, a node's ports).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from ..errors import InputError, UsageError
from ..graph import Graph, Layer
from ..shapes import PShape, fmt
from ..types import ElementType
from .ov_names import CLASS_NAMES, PRINTED, SPELLED, TypeInfo, c_type, ov_value  # noqa: F401 (TypeInfo, CLASS_NAMES: re-exported)
from .partial_shape import PartialShape, Shape


@dataclass(frozen=True, eq=False)
class TensorInfo:
    """An output port: of a model (``model.inputs[i]``: a Parameter's output; ``model.outputs[i]``:
    a Result's), or of any layer (``node.output(i)``). ``name`` is the name irexec keys it by (an
    input's layer name, an output's first tensor name), ``names`` its tensor names as written.

    OpenVINO's port API: ``get_any_name()`` (the least of its tensor names), ``get_names()``,
    ``get_index()``, ``get_node()``, ``get_partial_shape()``, ``get_shape()`` (a ``Shape``; a
    dynamic one raises), ``get_element_type()``, ``get_target_inputs()``. ``shape`` stays irexec's
    (a tuple of Dims, None for an unknown rank) and ``names`` a tuple, as irexec's own callers
    read them. A port of a model (``graph`` set) is equal to every other view of that port."""

    name: str
    names: tuple
    element_type: ElementType
    shape: PShape
    layer_id: str
    index: int = 0
    graph: Graph | None = field(default=None, repr=False)

    def bound(self, graph: Graph) -> TensorInfo:
        """This port, of ``graph``'s model."""
        return self if self.graph is graph else replace(self, graph=graph)

    def _key(self) -> tuple:
        if self.graph is not None:
            return (id(self.graph), self.layer_id, self.index)
        return (None, self.name, self.names, self.element_type, self.shape, self.layer_id, self.index)

    def __eq__(self, other) -> bool:
        return isinstance(other, TensorInfo) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    # ---- OpenVINO's port ----

    def get_any_name(self) -> str:
        """The least of its tensor names (OpenVINO's choice); a port without any raises."""
        if not self.names:
            raise UsageError(f"the tensor of '{self.name}' has no names")
        return min(self.names)

    any_name = property(get_any_name)

    def get_names(self) -> set:
        return set(self.names)

    def get_index(self) -> int:
        return self.index

    def get_node(self) -> Node:
        """The layer whose output this is (a model output's: its Result)."""
        graph = self._graph()
        return Node(graph.layer(self.layer_id), graph)

    node = property(get_node)

    def get_partial_shape(self) -> PartialShape:
        return PartialShape(self.shape)

    partial_shape = property(get_partial_shape)

    def get_shape(self) -> Shape:
        """The static shape's sizes (a dynamic shape raises, as OpenVINO's does)."""
        return self.get_partial_shape().to_shape()

    def get_element_type(self) -> ElementType:
        return self.element_type

    def get_target_inputs(self) -> set:
        """The input ports this output feeds (none for a model output: its Result's)."""
        graph = self._graph()
        layer = graph.layer(self.layer_id)
        if self.index >= len(layer.outputs):
            return set()
        port_id = layer.outputs[self.index].id
        return {
            Input(graph, dst, graph.layer(dst).input_index(dp))
            for dst, keyed in graph.succ.get(self.layer_id, {}).items()
            for sp, dp in keyed
            if sp == port_id
        }

    target_inputs = property(get_target_inputs)

    def get_tensor(self) -> TensorInfo:
        """The tensor's description (its names, type and shape): the port answers for it."""
        return self

    tensor = property(get_tensor)

    def get_rt_info(self) -> dict:
        """The port's runtime information: irexec reads none from a port, so a new empty dict."""
        return {}

    rt_info = property(get_rt_info)

    def _graph(self) -> Graph:
        if self.graph is None:
            raise UsageError(f"'{self.name}' is not a port of a model: it has no node")
        return self.graph

    def __str__(self) -> str:
        # (irexec's own form, which its messages and the Model's repr print; OpenVINO's is the repr)
        return f"{self.name}: {self.element_type} {fmt(self.shape)}"

    def __repr__(self) -> str:
        names = ", ".join(sorted(self.names))
        return f"<Output: names[{names}] shape{self.get_partial_shape()} type: {self.element_type}>"


class Input:
    """An input port of a layer (OpenVINO's ``Input``): ``get_node()``, ``get_index()``,
    ``get_source_output()`` (the port feeding it), its shape and element type."""

    __slots__ = ("graph", "layer_id", "index")

    def __init__(self, graph: Graph, layer_id: str, index: int):
        self.graph = graph
        self.layer_id = layer_id
        self.index = index

    def _port(self):
        return self.graph.layer(self.layer_id).inputs[self.index]

    def get_node(self) -> Node:
        return Node(self.graph.layer(self.layer_id), self.graph)

    def get_index(self) -> int:
        return self.index

    def get_source_output(self) -> TensorInfo:
        fed = self.graph.producers(self.layer_id).get(self.index)
        if fed is None:
            raise UsageError(f"input {self.index} of '{self.graph.layer(self.layer_id).name}' is not connected")
        return output_port(self.graph, fed[0], fed[1])

    def get_partial_shape(self) -> PartialShape:
        return PartialShape(self._port().shape)

    def get_shape(self) -> Shape:
        return self.get_partial_shape().to_shape()

    def get_element_type(self) -> ElementType:
        return self._port().etype

    def get_rt_info(self) -> dict:
        return {}

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, Input)
            and other.graph is self.graph
            and (other.layer_id, other.index) == (self.layer_id, self.index)
        )

    def __hash__(self) -> int:
        return hash((id(self.graph), self.layer_id, self.index))

    def __repr__(self) -> str:
        return f"<Input: shape{self.get_partial_shape()} type: {self.get_element_type()}>"


def output_port(graph: Graph, layer_id: str, index: int) -> TensorInfo:
    """Output ``index`` of a layer as a port. A Result has one (OpenVINO's Result passes its input
    on): its input's type and shape, and the tensor names of the port feeding it."""
    layer = graph.layer(layer_id)
    if layer.type == "Result" and index == 0:
        port = layer.inputs[0] if layer.inputs else None
        fed = graph.producers(layer_id).get(0)
        names = graph.layer(fed[0]).outputs[fed[1]].names if fed is not None else ()
        return TensorInfo(
            names[0] if names else layer.name,
            names,
            port.etype if port else None,
            port.shape if port else (),
            layer_id,
            0,
            graph,
        )
    if not 0 <= index < len(layer.outputs):
        raise InputError(f"'{layer.name}' has {_count(layer)} output(s): there is no output {index}")
    port = layer.outputs[index]
    if layer.type == "Parameter":  # (as the model's inputs are: its declaration, its layer's name)
        return TensorInfo(layer.name, port.names, layer.op.element_type, layer.op.shape, layer_id, 0, graph)
    name = port.names[0] if port.names else layer.name if index == 0 else f"{layer.name}:{index}"
    return TensorInfo(name, port.names, port.etype, port.shape, layer_id, index, graph)


def _count(layer: Layer) -> int:
    return 1 if layer.type == "Result" else len(layer.outputs)


class Node:
    """One layer of a model, as OpenVINO's ``Node``: ``get_type_name()`` ("MatMul", "Constant"),
    ``get_type_info().version_id`` ("opset1"), ``get_friendly_name()`` (the layer's name),
    ``get_attributes()`` (the op's attributes by their IR names, as OpenVINO gives their values),
    its ``input(i)`` and ``output(i)`` ports, ``input_value(i)`` (the port feeding input i); a
    Constant's ``get_data()``. A view of the model: ``set_friendly_name`` renames the layer."""

    __slots__ = ("_layer", "_graph")

    def __init__(self, layer: Layer, graph: Graph):
        self._layer = layer
        self._graph = graph

    @property
    def layer_id(self) -> str:
        return self._layer.id

    def get_type_name(self) -> str:
        return CLASS_NAMES.get(self._layer.type, self._layer.type)

    def get_type_info(self) -> TypeInfo:
        op = self._layer.op
        return TypeInfo(self.get_type_name(), getattr(op, "version", None) or self._layer.version or "")

    type_info = property(get_type_info)

    def get_friendly_name(self) -> str:
        return self._layer.name

    def set_friendly_name(self, name: str) -> None:
        self._layer.name = str(name)

    friendly_name = property(get_friendly_name, set_friendly_name)

    def get_name(self) -> str:
        """A name unique in the model: the type and the layer's id (OpenVINO's ``Add_12`` form)."""
        return f"{self.get_type_name()}_{self._layer.id}"

    name = property(get_name)

    def get_attributes(self) -> dict:
        """The op's attributes by their IR names, each as OpenVINO gives it: lists for lists of
        numbers and for shapes (a dynamic or bounded dim as -1, an unknown rank as []), element
        types by name. A Constant's are its element_type and shape (OpenVINO keeps no offset or
        size). A layer irexec reads without declaring its attributes gives them as written."""
        op = self._layer.op
        if op is None or not hasattr(op, "attr_values"):
            return dict(self._layer.attrs)
        declared = {a.name: a for a in op.attrs}
        values = op.attr_values()
        if self._layer.type == "Const":
            values = {k: v for k, v in values.items() if k in ("element_type", "shape")}
        out = {}
        for k, v in values.items():
            spell = SPELLED.get((self._layer.type, k))
            out[k] = spell(v) if spell is not None else ov_value(k, v, declared.get(k))
        return out

    def get_rt_info(self) -> dict:
        """The layer's runtime information: irexec reads none from a layer, so a new empty dict."""
        return {}

    rt_info = property(get_rt_info)

    # ---- ports ----

    def get_input_size(self) -> int:
        return len(self._layer.inputs)

    def get_output_size(self) -> int:
        return _count(self._layer)

    def input(self, index: int) -> Input:
        if not 0 <= index < len(self._layer.inputs):
            raise InputError(f"'{self._layer.name}' has {len(self._layer.inputs)} input(s): there is no input {index}")
        return Input(self._graph, self._layer.id, index)

    def inputs(self) -> list:
        return [Input(self._graph, self._layer.id, i) for i in range(len(self._layer.inputs))]

    def input_value(self, index: int) -> TensorInfo:
        """The output port feeding input ``index``."""
        return self.input(index).get_source_output()

    def input_values(self) -> list:
        return [i.get_source_output() for i in self.inputs()]

    def output(self, index: int) -> TensorInfo:
        return output_port(self._graph, self._layer.id, index)

    def outputs(self) -> list:
        return [self.output(i) for i in range(self.get_output_size())]

    def get_input_partial_shape(self, index: int) -> PartialShape:
        return self.input(index).get_partial_shape()

    def get_input_shape(self, index: int) -> Shape:
        return self.input(index).get_shape()

    def get_input_element_type(self, index: int) -> ElementType:
        return self.input(index).get_element_type()

    def get_output_partial_shape(self, index: int) -> PartialShape:
        return self.output(index).get_partial_shape()

    def get_output_shape(self, index: int) -> Shape:
        return self.output(index).get_shape()

    def get_output_element_type(self, index: int) -> ElementType:
        return self.output(index).get_element_type()

    # ---- a node of one output (a Parameter, a Constant) stands for it ----

    def get_element_type(self) -> ElementType:
        return self.output(0).get_element_type()

    element_type = property(get_element_type)

    def get_partial_shape(self) -> PartialShape:
        return self.output(0).get_partial_shape()

    partial_shape = property(get_partial_shape)

    def get_shape(self) -> Shape:
        return self.output(0).get_shape()

    shape = property(get_shape)

    # ---- a Constant's values ----

    def get_data(self) -> np.ndarray:
        """A Constant's values, read-only (a view of the weights where the type allows)."""
        layer = self._layer
        if layer.type != "Const":
            raise UsageError(f"'{layer.name}' is a {self.get_type_name()}, not a Constant: it holds no data")
        values = layer.op.compute().view()
        values.flags.writeable = False
        return values

    data = property(get_data)

    def get_vector(self) -> np.ndarray:
        """The values in one dimension (booleans as int8 0 and 1, as OpenVINO gives them)."""
        flat = self.get_data().reshape(-1)
        return flat.view(np.int8) if flat.dtype == np.bool_ else flat

    # ---- equality, printing ----

    def __eq__(self, other) -> bool:
        return isinstance(other, Node) and other._graph is self._graph and other._layer.id == self._layer.id

    def __hash__(self) -> int:
        return hash((id(self._graph), self._layer.id))

    def __repr__(self) -> str:
        layer = self._layer
        shapes = ", ".join(str(p.get_partial_shape()) for p in self.outputs())
        printed = PRINTED.get(layer.type, self.get_type_name())
        if layer.type == "Parameter":
            shapes += f", {c_type(layer.op.element_type)}"
        return f"<{printed}: '{layer.name}' ({shapes})>"
