"""Building models in Python, as OpenVINO's Python API builds them: ``Node``, its ``Output`` and
``Input`` ports, and the three nodes every model has (``Parameter``, ``Constant``, ``Result``).

A node is an op of irexec's (irexec.ops) with its attributes and the outputs it is fed: its
output shapes and types come from the op's own rule (``output_facts``) as soon as it is made,
with the values of small constant subgraphs folded, so a builder sees a wrong shape where it makes
it. A graph of nodes becomes a model by being written as IR and read back (irexec.api.assembly):
a model built in Python is checked exactly as a file is.
"""

from __future__ import annotations

import itertools

import numpy as np

from ..check.shape_inference import layer_facts
from ..errors import InputError, IRExecError
from ..ops.op import Fact
from ..shapes import fmt
from ..types import ElementType
from .ov_names import CLASS_NAMES, TypeInfo
from .partial_shape import PartialShape

# OpenVINO names each node it makes "<Type>_<n>", n counting every node of the process.
_COUNTER = itertools.count(1)


class _Port:
    """A node's port: the node and the port's index; two are equal when both are (and of one kind)."""

    __slots__ = ("node", "index")

    def __init__(self, node: Node, index: int):
        self.node = node
        self.index = index

    def get_node(self) -> Node:
        return self.node

    def get_index(self) -> int:
        return self.index

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.node is self.node and other.index == self.index

    def __hash__(self) -> int:
        return hash((id(self.node), self.index))


class Output(_Port):
    """An output port of a node (OpenVINO's ``Output``/``ConstOutput``): the node, its index, the
    tensor's type, shape and names."""

    __slots__ = ()

    @property
    def _fact(self) -> Fact:
        return self.node._facts[self.index]

    def get_element_type(self) -> ElementType:
        return self._fact.etype

    element_type = property(get_element_type)

    def get_partial_shape(self) -> PartialShape:
        return PartialShape(self._fact.shape)

    partial_shape = property(get_partial_shape)

    def get_shape(self):
        return self.get_partial_shape().to_shape()

    shape = property(get_shape)

    def get_names(self) -> set:
        return set(self.node._names[self.index])

    names = property(get_names)

    def get_any_name(self) -> str:
        names = self.node._names[self.index]
        if not names:
            raise InputError(f"the output {self.index} of '{self.node.friendly_name}' has no tensor name")
        return min(names)

    any_name = property(get_any_name)

    def set_names(self, names) -> None:
        self.node._names[self.index] = set(names)

    def add_names(self, names) -> None:
        self.node._names[self.index] |= set(names)

    def get_target_inputs(self) -> set:
        """The inputs this output feeds (of the nodes made since that still hold it)."""
        return {Input(n, i) for n, i in self.node._targets[self.index] if n._inputs[i] == self}

    def replace(self, new: Output) -> None:
        """Every input this output feeds takes ``new`` instead."""
        for target in self.get_target_inputs():
            target.replace_source_output(new)

    def get_rt_info(self) -> dict:
        return self.node._port_rt_info.setdefault(self.index, {})

    def __repr__(self) -> str:
        names = ", ".join(sorted(self.get_names()))
        return f"<Output: names[{names}] shape{fmt(self._fact.shape)} type: {self._fact.etype}>"


ConstOutput = Output


class Input(_Port):
    """An input port of a node: which output feeds it, and the means to feed it another."""

    __slots__ = ()

    def get_source_output(self) -> Output:
        return self.node._inputs[self.index]

    def get_element_type(self) -> ElementType:
        return self.get_source_output().get_element_type()

    def get_partial_shape(self) -> PartialShape:
        return self.get_source_output().get_partial_shape()

    def get_shape(self):
        return self.get_source_output().get_shape()

    def replace_source_output(self, new) -> None:
        """Feed this input from ``new`` (an Output or a single-output node); the node's shapes
        are inferred again (not those of the nodes it feeds: as OpenVINO, call
        ``validate_nodes_and_infer_types`` on the model, or build the model)."""
        if isinstance(new, Node):
            if new.get_output_size() != 1:
                raise InputError(f"'{new.friendly_name}' has {new.get_output_size()} outputs: give one")
            new = new.output(0)
        node = self.node
        node._inputs[self.index] = new
        new.node._targets[new.index].append((node, self.index))
        node._infer()

    def __repr__(self) -> str:
        return f"<Input: {self.index} of '{self.node.friendly_name}'>"


class Node:
    """A node: an irexec op (type, version and attributes) fed by other nodes' outputs. Made by
    the opset functions (``irexec.openvino.opset13.add(a, b)``) or by ``make_node``."""

    def __init__(self, op, inputs: list, name: str | None = None, raw_attrs: dict | None = None):
        self.op = op
        self._inputs = list(inputs)
        self._raw = dict(raw_attrs or {})
        self._targets: list = []
        self._rt_info: dict = {}
        self._port_rt_info: dict = {}
        self.bodies: dict = {}  # for a node copied from a model: its layer's bodies, kept as they are
        self.value = None  # a Constant's array
        self._version = None  # the opset the layer was read under, for a node copied from a model
        self._friendly = name
        self._auto = f"{CLASS_NAMES.get(op.type, op.type)}_{next(_COUNTER)}"
        self._facts: list = []
        self._names: list = []
        for index, src in enumerate(self._inputs):
            src.node._targets[src.index].append((self, index))

    def _infer(self, facts: list | None = None) -> None:
        """The outputs' facts by the op's rule from the inputs' (``facts``: given, for the nodes
        whose facts are their own: Parameter, Constant)."""
        if facts is None:
            ins = [src._fact for src in self._inputs]
            try:
                facts = layer_facts(self.op, ins)
            except IRExecError as e:
                raise _at(e, self) from None
        grow = len(facts) - len(self._facts)
        self._facts = list(facts)
        if grow > 0:
            self._names += [set() for _ in range(grow)]
            self._targets += [[] for _ in range(grow)]

    # ---- OpenVINO's Node ----

    def get_type_name(self) -> str:
        return CLASS_NAMES.get(self.op.type, self.op.type)

    def get_type_info(self) -> TypeInfo:
        return TypeInfo(self.get_type_name(), self._version or self.op.version)

    def get_friendly_name(self) -> str:
        return self._friendly if self._friendly is not None else self._auto

    def set_friendly_name(self, name: str) -> None:
        self._friendly = str(name)

    friendly_name = property(get_friendly_name, set_friendly_name)

    def get_name(self) -> str:
        return self._auto

    name = property(get_name)

    def output(self, index: int) -> Output:
        if not 0 <= index < len(self._facts):
            raise InputError(f"'{self.friendly_name}' has {len(self._facts)} output(s), not {index + 1}")
        return Output(self, index)

    def outputs(self) -> list:
        return [Output(self, i) for i in range(len(self._facts))]

    def input(self, index: int) -> Input:
        if not 0 <= index < len(self._inputs):
            raise InputError(f"'{self.friendly_name}' has {len(self._inputs)} input(s), not {index + 1}")
        return Input(self, index)

    def inputs(self) -> list:
        return [Input(self, i) for i in range(len(self._inputs))]

    def input_value(self, index: int) -> Output:
        return self.input(index).get_source_output()

    def input_values(self) -> list:
        return list(self._inputs)

    def get_input_size(self) -> int:
        return len(self._inputs)

    def get_output_size(self) -> int:
        return len(self._facts)

    def get_output_partial_shape(self, index: int) -> PartialShape:
        return self.output(index).get_partial_shape()

    def get_output_shape(self, index: int):
        return self.output(index).get_shape()

    def get_output_element_type(self, index: int) -> ElementType:
        return self.output(index).get_element_type()

    def get_input_partial_shape(self, index: int) -> PartialShape:
        return self.input_value(index).get_partial_shape()

    def get_input_shape(self, index: int):
        return self.input_value(index).get_shape()

    def get_input_element_type(self, index: int) -> ElementType:
        return self.input_value(index).get_element_type()

    def get_attributes(self) -> dict:
        return dict(self.op.attr_values())

    def get_rt_info(self) -> dict:
        return self._rt_info

    def validate_and_infer_types(self) -> None:
        if self.op.type not in ("Parameter", "Const"):
            self._infer()

    # A single-output node stands for its output where OpenVINO lets it.
    def get_element_type(self) -> ElementType:
        return self.output(0).get_element_type()

    element_type = property(get_element_type)

    def get_partial_shape(self) -> PartialShape:
        return self.output(0).get_partial_shape()

    partial_shape = property(get_partial_shape)

    @property
    def shape(self):
        return self.output(0).get_shape()

    def get_shape(self):
        return self.output(0).get_shape()

    # A Constant's values.
    def get_data(self) -> np.ndarray:
        if self.value is None:
            raise InputError(f"'{self.friendly_name}' is a {self.get_type_name()}, not a Constant")
        out = self.value.view()
        out.flags.writeable = False
        return out

    data = property(get_data)

    def get_vector(self) -> np.ndarray:
        return self.get_data().reshape(-1)

    def get_value_strings(self) -> list:
        return [str(v) for v in self.get_vector()]

    def __repr__(self) -> str:
        outs = ", ".join(fmt(f.shape) for f in self._facts)
        return f"<{self.get_type_name()}: '{self.friendly_name}' ({outs})>"


def _at(e: IRExecError, node: Node) -> IRExecError:
    """An op's error, located at the node being built."""
    if getattr(e, "layer", None) is None:
        e.layer = node.friendly_name
        e.layer_type = node.op.type
    return e
