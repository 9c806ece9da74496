"""Inference requests, as OpenVINO's ``InferRequest``: tensors of their own, synchronous and
asynchronous runs, and a model's variables (ReadValue/Assign state, such as an LLM's KV cache)
kept from one inference to the next::

    request = compiled.create_infer_request()
    request.get_tensor("x").data[:] = image        # the request's own input tensor, written in place
    request.infer()                                # runs on what its input tensors hold
    logits = request.get_output_tensor(0).data     # refilled in place by each inference
    request.start_async({"x": image}, userdata=7)  # runs on a thread of its own
    request.wait()                                 # joins it; raises what the inference raised

Tensors. A request holds a Tensor per input and output: ``get_tensor``/``get_input_tensor``/
``get_output_tensor`` give them before any inference (allocated from the port's type and shape,
a dynamic dim as 0, as OpenVINO allocates them), ``set_tensor``/``set_input_tensor``/... put the
caller's Tensor in their place (shared, not copied; type and shape checked). ``infer(inputs)``
copies the inputs given into the request's tensors (``share_inputs=True``: it takes the arrays
themselves), runs on every input tensor, and writes the results into the output tensors (a
Tensor of another shape is replaced); what it returns is a copy of them unless
``share_outputs=True``.

Asynchronous runs. ``start_async`` converts and takes the inputs at once, then runs the inference
on a thread (NumPy releases the GIL in its kernels, so requests on several threads run
concurrently); ``wait()`` joins it and raises what the inference raised, ``wait_for(ms)`` says
whether it is done. One inference at a time per request: while one runs, any other call but
``wait``/``wait_for``/``cancel`` raises UsageError ("busy"), as OpenVINO raises. The callback
(``set_callback(fn, userdata)``) runs on the worker thread once an inference succeeds, as
``fn(userdata)``; what it raises, ``wait()`` raises as an ExecutionError.

Variables. On the first inference of a request, or after a reset, each ReadValue gives its
initial value; each Assign's value is kept when an inference ends (one that fails keeps nothing)
and is what its variable's ReadValue gives on the next. Two requests on one model have separate
variables. ``Model.infer`` on a model with variables uses the model's own default request, so its
state carries from call to call (as OpenVINO's ``compiled_model(inputs)`` does).

Inputs. A compiled model's requests take values as OpenVINO's Python API converts them
(irexec.api.conversion); a request made by ``Model.create_infer_request`` keeps irexec's own rule
(irexec.api.inputs), and an input it was never given is missing rather than zeros.
"""

from __future__ import annotations

import threading
from time import perf_counter

import numpy as np

from ..errors import ExecutionError, InputError, UsageError
from ..run.profiling import Profiler
from .conversion import as_input
from .inputs import check_input
from .profiling_info import ProfilingInfo, ProfilingInfoList, both, layer_info, profiled
from .request_async import AsyncRuns
from .request_tensors import RequestTensors
from .results import Results
from .tensor import Tensor
from .variables import Variables, VariableState

__all__ = ["InferRequest", "ProfilingInfo", "VariableState", "Variables"]


class InferRequest(RequestTensors, AsyncRuns):
    """Runs a model on tensors of its own, synchronously or on a thread, keeping its variables
    between inferences. ``compiled.create_infer_request()`` makes one (OpenVINO's conversion of
    inputs), as does ``model.create_infer_request()`` (irexec's rule). One inference at a time."""

    def __init__(self, model, compiled=None, profiling: bool = False):
        self.model = model
        self._compiled = compiled
        self._profiling = profiling
        self._variables = Variables({info.name: info for info in model.variables})
        self._tensors = {}  # port's layer id -> its Tensor (the request's own, or one set on it)
        self._bound = set()  # output layer ids whose Tensor the caller set: results are written into it
        self._results = None
        self._latency = 0.0
        self._profile = None  # the last inference's ProfilingInfo list, when profiled
        self._ran = False
        self._callback = None
        self._userdata = None
        self._lock = threading.Lock()
        self._running = False
        self._job = None
        self._next = None  # the job the worker is to run: (job, share_outputs, finished)
        self._worker = threading.Condition()  # (guards _next and _serving)
        self._serving = False

    # ----- inference -----

    def infer(
        self,
        inputs=None,
        donate_inputs=False,
        observer=None,
        *,
        share_inputs: bool = False,
        share_outputs: bool = False,
        decode_strings: bool = True,
    ) -> Results:
        """One inference, on the inputs given (a dict by index, name or port; a list in input
        order; one value for a one-input model) and the request's input tensors for the rest.
        Returns the results (``Results``: by index, name or port), a copy of the output tensors
        unless ``share_outputs``. ``donate_inputs``, ``observer``: as ``Model.infer``; on a compiled
        model's request, a bool in their places is OpenVINO's ``share_inputs``/``share_outputs``,
        as OpenVINO's programs pass them (``request.infer(x, True)``). ``decode_strings``:
        irexec's string outputs are always str."""
        if self._compiled is not None:
            if isinstance(donate_inputs, bool):
                share_inputs, donate_inputs = share_inputs or donate_inputs, False
            if isinstance(observer, bool):
                share_outputs, observer = share_outputs or observer, None
        self._claim()
        try:
            self._take(inputs, share_inputs, donate_inputs)
            return self._run(donate_inputs, observer, share_outputs, None)
        finally:
            self._running = False

    __call__ = infer

    def _take(self, inputs, share: bool, donate) -> None:
        """The inputs given, converted (OpenVINO's rule, for a compiled model's request) or checked
        (irexec's), into the request's input tensors: copied into them, or the arrays themselves
        when shared or donated (or new already: a conversion's)."""
        compat = self._compiled is not None
        for info, value in self._pairs(inputs):
            if isinstance(value, Tensor):  # (a Tensor feeds as it is, shared: as set_tensor)
                if compat:
                    as_input(info, value)  # (its type and shape, as OpenVINO checks them)
                check_input(info, value._array())
                self._tensors[info.layer_id] = value
                continue
            given = value
            if compat:
                value = as_input(info, value)
            arr = check_input(info, value)
            # (An array a conversion made owns its memory: taken as it is. The caller's, copied.)
            fresh = arr is not given and arr.base is None
            keep = fresh or share or donate is True or (donate and info.layer_id in self._donated(donate))
            # (A Tensor shares only C-ordered memory it may write: other arrays are copied, as
            # OpenVINO copies them even when sharing.)
            if not keep or not (arr.flags.c_contiguous and arr.flags.writeable):
                current = self._tensors.get(info.layer_id)
                held = current._array() if current is not None else None
                if held is not None and held.shape == arr.shape and held.dtype == arr.dtype and held.flags.writeable:
                    if held is not arr:
                        np.copyto(held, arr)  # (OpenVINO's too: into the tensor the request holds)
                    continue
                arr = np.array(arr, copy=True, order="C")
            self._tensors[info.layer_id] = Tensor(arr, shared_memory=True)

    def _donated(self, donate) -> set:
        """The layer ids of the inputs ``donate_inputs`` names (a name, or names and indices)."""
        return {self.model.input(key).layer_id for key in ([donate] if isinstance(donate, str) else donate)}

    def _pairs(self, inputs) -> list:
        """``(input info, value)`` pairs of what an inference is given."""
        model = self.model
        if inputs is None:
            return []
        if isinstance(inputs, dict):
            pairs = [(self._port(k, outputs=False)[0], v) for k, v in inputs.items()]
            ids = [info.layer_id for info, _ in pairs]
            if len(set(ids)) != len(ids):
                twice = next(info.name for info, _ in pairs if ids.count(info.layer_id) > 1)
                raise InputError(f"input '{twice}' is given twice")
            return pairs
        one = len(model.inputs) == 1
        if isinstance(inputs, (list, tuple)) and not (one and isinstance(inputs, list) and not _values(inputs)):
            if len(inputs) > len(model.inputs):  # (fewer feed the first inputs, as OpenVINO takes them)
                raise InputError(f"the model has {len(model.inputs)} inputs, {len(inputs)} were given")
            return list(zip(model.inputs, inputs))
        if not one:
            raise InputError(f"the model has {len(model.inputs)} inputs: give a dict or a list, not one value")
        return [(model.inputs[0], inputs)]

    def _run(self, donate, observer, share_outputs: bool, job) -> Results:
        """One inference on the input tensors (the ones given or set only, for irexec's own
        requests); the outputs into the output tensors."""
        compat = self._compiled is not None
        feeds = {}
        for i, info in enumerate(self.model.inputs):
            tensor = self._tensors.get(info.layer_id)
            if tensor is None and compat:
                tensor = self._held(info)
            if tensor is not None:
                feeds[i] = tensor._array()
        profiler = Profiler() if self._profiling else None
        if profiler is not None:
            observer = profiler if observer is None else both(observer, profiler)
        variables = self._variables
        variables.pending = {}
        start = perf_counter()
        try:
            out = self.model._infer(feeds, donate, observer, variables)
            if job is not None and job.canceled:
                raise ExecutionError("the inference was canceled")
        except BaseException:
            variables.pending = {}
            raise
        self._latency = (perf_counter() - start) * 1000.0
        variables.commit()
        results = {}
        for info in self.model.outputs:
            arr = out[info.name]
            tensor = self._tensors.get(info.layer_id)
            held = tensor._array() if tensor is not None else None
            if held is not None and held.shape == arr.shape and held.dtype == arr.dtype:
                np.copyto(held, arr)
                results[info.name] = held if share_outputs else arr
                continue
            self._bound.discard(info.layer_id)  # (a Tensor of another shape: replaced, as it cannot grow)
            self._tensors[info.layer_id] = Tensor(arr, shared_memory=True)
            results[info.name] = arr if share_outputs else np.array(arr, copy=True)
        self._profile = profiled(profiler, self.model.graph, self.model.inputs) if profiler is not None else None
        self._results = Results(results, self.model.outputs)
        self._ran = True
        return self._results

    @property
    def results(self) -> Results:
        """The last inference's results (before one: the output tensors' contents)."""
        self._idle()
        if self._results is None:
            return Results({info.name: self._tensor(info).data for info in self.model.outputs}, self.model.outputs)
        return self._results

    @property
    def latency(self) -> float:
        """The last inference's time, in milliseconds (0.0 before one)."""
        return self._latency

    # ----- the rest of OpenVINO's InferRequest -----

    def get_compiled_model(self):
        if self._compiled is None:
            raise UsageError("this request was made by Model.create_infer_request: it has no CompiledModel")
        return self._compiled

    @property
    def profiling_info(self) -> list:
        return self.get_profiling_info()

    def get_profiling_info(self) -> list:
        """A ProfilingInfo per layer of the last inference: their times when the compiled model's
        config asked for profiling (PERF_COUNT), else every layer NOT_RUN at 0, as OpenVINO lists
        them."""
        self._idle()
        if self._profile is not None:
            return ProfilingInfoList(self._profile)
        graph = self.model.graph
        layers = [graph.layer(lid) for lid in graph.topological_order()]
        return ProfilingInfoList(
            layer_info(layer, ProfilingInfo.NOT_RUN, 0.0) for layer in layers if layer.type != "Const"
        )

    def query_state(self) -> list:
        """A VariableState per variable of the model, in the order of their first ReadValue."""
        self._idle()
        return [VariableState(self, info) for info in self.model.variables]

    def reset_state(self) -> None:
        """Every variable back to its initial value (the ReadValue's init_value, or zeros)."""
        self._idle()
        self._variables.clear()

    def __repr__(self) -> str:
        return f"<InferRequest of '{self.model.name}', {len(self.model.variables)} variable(s)>"


def _values(items) -> bool:
    """Whether a list holds input values (arrays, Tensors) rather than being one value (numbers,
    nested lists): a one-input model takes ``[1.0, 2.0]`` as its value, ``[array]`` in input order."""
    return any(isinstance(v, (np.ndarray, Tensor)) for v in items)
