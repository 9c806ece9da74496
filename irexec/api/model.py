"""The public model object: ``read_model`` then ``infer``, as in OpenVINO's Python API; a model with
variables (ReadValue/Assign) runs on inference requests that keep them (irexec.api.request)."""

from __future__ import annotations

import numbers
import os

import numpy as np

from ..check.outputs import output_names
from ..check.reading import check_stream
from ..check.report import refuse
from ..errors import InputError, IRExecError, ValidationError
from ..graph import Graph, gc_paused
from ..ir.reader import default_weights_path, read_bytes
from ..ir.weights import BufferWeights
from ..limits import default_max_tensor_bytes, fmt_bytes
from ..run.executor import LazyPlan, Plan, root
from ..run.sizing import Sizing
from ..shapes import compatible, fmt
from .assembly import model_ir
from .inputs import check_input
from .model_api import ModelAPI
from .request import InferRequest
from .results import Results
from .tensor_info import TensorInfo


class Model(ModelAPI):
    """A model to run: read from IR (``read_model``), or built in Python as OpenVINO builds one,
    ``Model(results, parameters, name="")`` (results: Result nodes or outputs; parameters:
    Parameter nodes; also ``sinks=``, the Assign nodes, and ``rt_info=``), which is written as
    IR and read back, so it is checked as a file is."""

    def __init__(self, graph, *args, **kwargs):
        if not isinstance(graph, Graph):
            self.__dict__.update(_built(graph, *args, **kwargs).__dict__)
            return
        self._from_graph(graph, *args, **kwargs)

    def _from_graph(self, graph: Graph, max_tensor_bytes: int | None = None, facts: dict | None = None):
        self.graph = graph
        self.max_tensor_bytes = max_tensor_bytes or default_max_tensor_bytes()
        # The run's plan is made when first needed (compiling, as OpenVINO's compile_model does):
        # reading a 10,000-layer model did not need its 35 ms.
        self._plan = LazyPlan(graph)
        order = graph.topological_order()
        # The layers of the types the model's interface comes from, in order (one pass over them).
        of_type = {"Parameter": [], "Result": [], "ReadValue": []}
        layers = graph.layers
        for lid in order:
            found = of_type.get(layers[lid].type)
            if found is not None:
                found.append(lid)
        self._keep_layouts(of_type["Parameter"], of_type["Result"])
        self._check_constants()
        self.inputs = [self._input_info(lid) for lid in of_type["Parameter"]]
        self.outputs = self._output_infos(of_type["Result"], facts or {})
        self.sizing = Sizing(graph, order, self.inputs, self.max_tensor_bytes, self._plan.shape_only)
        # The variables, each as its (first) ReadValue declares it: name = variable_id.
        self.variables = self._variable_infos(of_type["ReadValue"])
        self._request = None
        self.waived = []  # the errors read_model(check=False) let through
        self._by_name = {}
        for info in self.inputs:
            for n in (info.name,) + info.names:
                self._by_name.setdefault(n, info)

    @property
    def name(self) -> str:
        return self.graph.name

    def _input_info(self, lid: str) -> TensorInfo:
        layer = self.graph.layer(lid)
        names = layer.outputs[0].names if layer.outputs else ()
        return TensorInfo(layer.name, names, layer.op.element_type, layer.op.shape, lid)

    @property
    def plan(self) -> Plan:
        """How a run goes (irexec.run.executor.Plan), made on first use."""
        return self._plan.get()

    def _output_infos(self, results: list, facts: dict) -> list:
        """Each output (``results``: the Result layers, in order) as its port declares it; a port
        without dims, which OpenVINO writes for a scalar and for a shape of unknown rank alike,
        and a declaration the rules contradict (``read_model(check=False)`` waived it), as the
        rules infer it (``facts``: the checks', when given)."""
        infos = []
        for lid, (name, port, _) in zip(results, output_names(self.graph, results)):
            result = self.graph.layer(lid)
            etype = port.etype or (result.inputs[0].etype if result.inputs else None)
            shape = port.shape
            fact = facts.get(self.graph.producers(lid).get(0)) if facts else None
            if fact is not None:
                if shape == () or not compatible(shape, fact.shape):
                    shape = fact.shape
                etype = fact.etype or etype
            infos.append(TensorInfo(name, port.names, etype, shape, lid))
        return infos

    def _variable_infos(self, readers: list) -> list:
        found = {}
        for lid in readers:
            layer = self.graph.layer(lid)
            if layer.op.variable_id not in found:
                etype, shape = getattr(layer.op, "declared_type", None), getattr(layer.op, "variable_shape", None)
                if etype is None and shape is None and layer.outputs:
                    # ReadValue-3 (and a ReadValue-6 that leaves both open): its init_value's, as
                    # its output port says (lint holds the port to the rule).
                    etype, shape = layer.outputs[0].etype, layer.outputs[0].shape
                found[layer.op.variable_id] = TensorInfo(layer.op.variable_id, (), etype, shape, lid)
        return list(found.values())

    @property
    def stateful(self) -> bool:
        """Whether the model has variables (ReadValue/Assign): its outputs then depend on the
        inferences before, on the same request."""
        return self.plan.variables is not None

    def create_infer_request(self) -> InferRequest:
        """A new request: its variables start at their initial values, apart from every other
        request's (see irexec.api.request)."""
        return InferRequest(self)

    def default_request(self) -> InferRequest:
        """The request ``infer`` uses (made on first use)."""
        if self._request is None:
            self._request = InferRequest(self)
        return self._request

    def query_state(self) -> list:
        """The default request's variables (``default_request().query_state()``)."""
        return self.default_request().query_state()

    def reset_state(self) -> None:
        """The default request's variables back to their initial values."""
        self.default_request().reset_state()

    def input(self, key=None) -> TensorInfo:
        """The input keyed by a name, a tensor name or an index (from 0; a negative index is
        refused rather than counted from the end, a bool is no index); none: the only input."""
        if key is None:
            if len(self.inputs) != 1:
                raise InputError(f"the model has {len(self.inputs)} inputs: name one (by index or name)")
            return self.inputs[0]
        if isinstance(key, numbers.Integral) and not isinstance(key, (bool, np.bool_)):
            if 0 <= key < len(self.inputs):
                return self.inputs[int(key)]
            raise InputError(
                f"no input {int(key)}: the model has {len(self.inputs)} input"
                f"{'s' if len(self.inputs) != 1 else ''}, indexed from 0"
            )
        try:
            return self._by_name[key]
        except (KeyError, TypeError):
            known = ", ".join(i.name for i in self.inputs) or "none"
            raise InputError(f"unknown input '{key}' (inputs: {known})") from None

    def _keep_layouts(self, parameters: list, results: list) -> None:
        """The layouts the IR gives the inputs and outputs (in their ports' <rt_info>, as OpenVINO
        writes them), kept as their layers' ``layout`` attribute, where irexec.api.layout reads them."""
        graph = self.graph
        for lid in parameters:
            layer = graph.layer(lid)
            if layer.outputs and layer.outputs[0].layout and "layout" not in layer.attrs:
                layer.attrs["layout"] = layer.outputs[0].layout
        for lid in results:
            layer = graph.layer(lid)
            fed = graph.producers(lid).get(0)
            if fed is not None and "layout" not in layer.attrs:
                layout = graph.layer(fed[0]).outputs[fed[1]].layout
                if layout:
                    layer.attrs["layout"] = layout

    def _check_constants(self) -> None:
        for layer in self.graph.by_type("Const"):
            size = layer.op.count * layer.op.element_type.dtype.itemsize  # unpacked, for the sub-byte types
            if size > self.max_tensor_bytes:
                raise ValidationError(
                    f"the constant would take {fmt_bytes(size)}, over the budget of "
                    f"{fmt_bytes(self.max_tensor_bytes)} for one tensor",
                    file=self.graph.path,
                    **layer.where(),
                )

    def infer(self, inputs=None, donate_inputs=False, observer=None) -> dict:
        """Run the model. ``inputs``: a dict keyed by input name, tensor name or index, or a list
        in input order. Returns a dict of output name -> array, in the model's output order.

        Your arrays are never written to, unless you donate them: ``donate_inputs=True`` (all) or
        a collection of input names lets irexec reuse those arrays' memory for its results (a
        scatter then updates the data in place instead of copying it); their contents are
        undefined afterwards.

        ``observer``: called as ``observer(layer, outputs, seconds)`` after each executed layer
        (not Parameters or Consts; layers computed from constants alone, which run once, are
        seen first in each run), in order, with read-only views of the arrays it produced
        (none for a Result) and its evaluation time. A later layer may reuse those buffers, so
        copy what you keep. ``irexec.Profiler`` (irexec.run.profiling) is one: after the run, its
        ``get_profiling_info()`` lists each layer's time and outputs.

        A model with variables (``stateful``) runs on its default request: the variables carry
        over from one call to the next, as with OpenVINO's ``compiled_model(inputs)``;
        ``reset_state()`` starts them again, ``create_infer_request()`` makes a request of
        their own.
        """
        if self.plan.variables is not None:
            return self.default_request().infer(inputs, donate_inputs, observer)
        return self._infer(inputs, donate_inputs, observer, None)

    __call__ = infer

    def _infer(self, inputs, donate_inputs, observer, state) -> dict:
        """One run (``state``: the request's variables, for a model that has them)."""
        feeds = self._feeds(inputs)
        self.graph.weights.verify()  # (a .bin truncated since it was mapped: an error, not SIGBUS)
        # Refuses inputs whose intermediates would exceed the budget, before allocating any; the
        # guard sizes at run time what it could not, ``known`` holds the shape-only layers' values.
        guard, known = self.sizing.check_run(feeds, state)
        donated = self._donated(donate_inputs)
        kept = [arr for lid, arr in feeds.items() if lid not in donated]
        foreign = frozenset(id(root(arr)) for arr in kept)
        results = self.plan.run(feeds, foreign, observer, guard, known, state)
        return Results({info.name: _owned(results[info.layer_id], kept) for info in self.outputs}, self.outputs)

    def _donated(self, donate) -> set:
        if donate is True:
            return {i.layer_id for i in self.inputs}
        if not donate:
            return set()
        if isinstance(donate, str):
            donate = [donate]
        return {self.input(name).layer_id for name in donate}

    def _feeds(self, inputs) -> dict:
        if inputs is None:
            inputs = {}
        if isinstance(inputs, (list, tuple)):
            if len(inputs) != len(self.inputs):
                raise InputError(f"the model has {len(self.inputs)} inputs, {len(inputs)} were given")
            inputs = dict(enumerate(inputs))
        if not isinstance(inputs, dict):
            raise InputError("inputs must be a dict of name -> array, or a list in input order")
        feeds = {}
        for key, value in inputs.items():
            info = self.input(key)
            if info.layer_id in feeds:
                raise InputError(f"input '{info.name}' is given twice")
            feeds[info.layer_id] = check_input(info, value)
        missing = [i for i in self.inputs if i.layer_id not in feeds]
        if missing:
            raise InputError(
                "missing input " + ", ".join(f"'{i.name}' ({i.element_type} {fmt(i.shape)})" for i in missing)
            )
        return feeds

    def __repr__(self) -> str:
        return (
            f"<Model '{self.name}' inputs=[{', '.join(map(str, self.inputs))}] "
            f"outputs=[{', '.join(map(str, self.outputs))}]>"
        )

    def graph_page(self, errors: dict | None = None, title: str | None = None) -> str:
        """The graph as irexec.view's self-contained page (its shapes as shape inference gives
        them; no linter). ``errors``: layer id -> {"max_rel", "max_abs", "first"}, to colour it by."""
        # (Here: reading and running a model need neither, nor their import time.)
        from ..check.shape_inference import infer_shapes
        from ..view import graph_page

        try:
            facts = infer_shapes(self.graph, self.graph.topological_order())
        except IRExecError:  # (a model that reads but does not infer: its declared shapes)
            facts = {}
        return graph_page(self.graph, facts, errors=errors, title=title)

    def _repr_html_(self) -> str:
        """The graph in a Jupyter cell: the page in a sandboxed iframe, self-contained."""
        from ..view import notebook_html

        return notebook_html(self.graph_page())


def _built(
    results,
    parameters=None,
    name: str = "",
    sinks=None,
    rt_info: dict | None = None,
    max_tensor_bytes: int | None = None,
    name_interface: bool = True,
) -> Model:
    """A model of nodes (OpenVINO's ``Model(results, parameters, name)``; also the order
    ``Model(results, sinks, parameters, name)`` OpenVINO takes for models with variables).
    ``name_interface=False``: the inputs and outputs keep no names but their own (a model rebuilt)."""
    if isinstance(parameters, (list, tuple)) and parameters and isinstance(name, (list, tuple)):
        sinks, parameters, name = parameters, name, (sinks if isinstance(sinks, str) else "")
    xml, weights = model_ir(results, parameters, name or "Model", sinks or (), rt_info, name_interface)
    return _checked(xml, None, BufferWeights(weights) if weights else None, max_tensor_bytes)


def _owned(arr: np.ndarray, feeds: list) -> np.ndarray:
    """Outputs never alias the caller's inputs or the read-only weights."""
    if not arr.flags.writeable or not arr.flags.c_contiguous or any(np.may_share_memory(arr, f) for f in feeds):
        return np.array(arr, copy=True, order="C")
    return arr


def read_model(
    model: str, weights: str | None = None, max_tensor_bytes: int | None = None, check: bool = True
) -> Model:
    """Read an IR: ``model`` is the .xml path, ``weights`` the .bin (default: beside the .xml).
    ``max_tensor_bytes``: the most one tensor may take (default: see irexec.limits).
    ``check=False`` accepts a model whose only errors are ports declaring shapes or precisions
    other than the rules infer (S001-S004), which OpenVINO infers again and compiles; the model's
    ``waived`` lists them."""
    model = os.fsdecode(model)  # (a bytes path as the os module takes it)
    weights = os.fsdecode(weights) if weights is not None else default_weights_path(model)
    return _checked(read_bytes(model), model, weights, max_tensor_bytes, check)


def model_from_string(
    xml, path: str | None = None, weights: str | None = None, max_tensor_bytes: int | None = None
) -> Model:
    """A model from IR text (str or bytes) rather than a file: ``path`` names it in messages,
    ``weights`` is the .bin (needed only when the text has Const layers)."""
    data = xml.encode("utf-8") if isinstance(xml, str) else bytes(xml)
    return _checked(data, path, os.fspath(weights) if weights is not None else None, max_tensor_bytes)


# What ``check=False`` lets through: a port's declaration the rules contradict. The run never reads
# those declarations (it sizes every tensor from the inputs by the rules), so the model runs as
# OpenVINO, which infers them again, runs it.
WAIVABLE = ("S001", "S002", "S003", "S004")


def _checked(data: bytes, path: str | None, weights: str | None, max_tensor_bytes, check: bool = True) -> Model:
    """A Model, once every check irexec lints with has passed (warnings are let through); the
    error raised for a model that fails carries every finding in ``.findings``."""
    with gc_paused(kept=True):
        report = check_stream(data, path, weights, infer_again=not check)
        waived = []
        if not check:
            waived = [f for f in report.findings if f.is_error and f.code in WAIVABLE]
            report.problems = [p for p in report.problems if getattr(p, "code", None) not in WAIVABLE]
            report.findings = [f for f in report.findings if not (f.is_error and f.code in WAIVABLE)]
        refuse(report)
        # The checks read small constants; let a run map the weights afresh, so that a file
        # changed in between is caught then (a shrunken map is a SIGBUS, not an error).
        report.graph.weights.close()
        model = Model(report.graph, max_tensor_bytes, report.facts)
        model.waived = waived
        return model
