"""Inference requests: a model's variables (ReadValue/Assign state, such as an LLM's KV cache) kept
from one inference to the next, as OpenVINO's ``InferRequest`` keeps them::

    model = irexec.read_model("llm.xml")
    request = model.create_infer_request()
    logits = request.infer({"input_ids": prompt, ...})["logits"]      # the first step
    logits = request.infer({"input_ids": next_token, ...})["logits"]  # sees the cache of the first
    for variable in request.query_state():
        print(variable.name, variable.state.shape)
    request.reset_state()                                              # back to the initial values

On the first inference of a request, or after a reset, each ReadValue gives its initial value;
each Assign's value is kept when an inference ends (one that fails keeps nothing) and is what its
variable's ReadValue gives on the next. Two requests on one model have separate variables.
``Model.infer`` on a model with variables uses the model's own default request, so its state
carries from call to call (as OpenVINO's ``compiled_model(inputs)`` does).

A request is not thread-safe: run one inference at a time on it (use one request per thread).
"""

from __future__ import annotations

import numpy as np

from ..errors import InputError, ValidationError
from ..limits import fmt_bytes
from ..shapes import fits, fmt
from .inputs import check_input
from .tensor import Tensor


class Variables(dict):
    """A request's variables: variable_id -> its value (a read-only array), for the ones that
    have one. ReadValue reads ``get(id)``; Assign calls ``assign(id, value)``, which keeps a copy
    in ``pending`` until the inference succeeds (``commit``)."""

    def __init__(self, declared: dict):
        super().__init__()
        self.declared = declared  # variable_id -> TensorInfo (the ReadValue's declaration)
        self.pending = {}

    def assign(self, variable_id: str, value: np.ndarray) -> None:
        info = self.declared.get(variable_id)
        if info is not None:
            if info.element_type is not None and value.dtype != info.element_type.dtype:
                raise ValidationError(
                    f"the value for variable '{variable_id}' is {value.dtype}, but the variable is {info.element_type}"
                )
            if not fits(info.shape, value.shape):
                raise ValidationError(
                    f"the value for variable '{variable_id}' is {list(value.shape)}, but the "
                    f"variable is declared {fmt(info.shape)}"
                )
        kept = np.array(value, copy=True)  # (the array may be the caller's, or written by a later layer)
        kept.flags.writeable = False  # (read-only: ReadValue's readers never write into it)
        self.pending[variable_id] = kept

    def commit(self) -> None:
        self.update(self.pending)
        self.pending = {}


class InferRequest:
    """Runs a model, keeping its variables between inferences. ``model.create_infer_request()``
    makes one. Not thread-safe."""

    def __init__(self, model):
        self.model = model
        self._variables = Variables({info.name: info for info in model.variables})

    def infer(self, inputs=None, donate_inputs=False, observer=None) -> dict:
        """One inference: as ``Model.infer`` (the same arguments, the same dict of output name ->
        array), reading and then updating this request's variables."""
        variables = self._variables
        variables.pending = {}
        try:
            out = self.model._infer(inputs, donate_inputs, observer, variables)
        except BaseException:
            variables.pending = {}
            raise
        variables.commit()
        self._inputs, self._results = inputs, out
        return out

    __call__ = infer

    # OpenVINO's InferRequest, as its users call it after an inference.
    _inputs = None
    _results = None

    @property
    def results(self):
        """The last inference's results (``Results``: by index, name or port)."""
        if self._results is None:
            raise InputError("the request has not run yet: call infer() first")
        return self._results

    def get_output_tensor(self, index: int = 0):
        """The last inference's output ``index`` as a Tensor (``.data`` is the array)."""
        return Tensor(self.results[index])

    def get_tensor(self, key):
        """The last inference's output (by index, name or port) or input (by name or port) as a Tensor."""
        if key in self.results:
            return Tensor(self.results[key])
        return self.get_input_tensor(key)

    def get_input_tensor(self, index=0):
        """The array the last inference was given for input ``index`` (or name), as a Tensor."""
        if self._inputs is None:
            raise InputError("the request has not run yet: call infer() first")
        info = self.model.input(index) if not hasattr(index, "layer_id") else index
        given = self._inputs
        if isinstance(given, dict):
            for key, value in given.items():
                if key == info.name or key in info.names or self.model.input(key) == info:
                    return Tensor(value)
        elif isinstance(given, (list, tuple)):
            return Tensor(given[self.model.inputs.index(info)])
        raise InputError(f"input '{info.name}' was not given to the last inference")

    def start_async(self, inputs=None, userdata=None) -> None:
        """OpenVINO's asynchronous start: irexec runs the inference now, and ``wait()`` returns at
        once (one inference at a time per request, as always)."""
        self.infer(inputs)

    def wait(self) -> None:
        """Returns at once: ``start_async`` has already run the inference."""

    def wait_for(self, timeout: int) -> bool:
        return True

    def query_state(self) -> list:
        """A VariableState per variable of the model, in the order of their first ReadValue."""
        return [VariableState(self, info) for info in self.model.variables]

    def reset_state(self) -> None:
        """Every variable back to its initial value (the ReadValue's init_value, or zeros)."""
        self._variables.clear()

    def __repr__(self) -> str:
        return f"<InferRequest of '{self.model.name}', {len(self.model.variables)} variable(s)>"


class VariableState:
    """One variable of a request: ``name`` (its variable_id), ``state`` (a copy of its value; set
    it to replace the value, checked against the variable's declared type and shape) and
    ``reset()``. Before the first inference and after a reset, ``state`` is zeros of the declared
    shape, a dynamic dim as 0 (as the plugin shows it), though the next inference starts from the
    ReadValue's init_value when it has one."""

    def __init__(self, request: InferRequest, info):
        self._request = request
        self._info = info

    @property
    def name(self) -> str:
        return self._info.name

    @property
    def element_type(self):
        return self._info.element_type

    @property
    def shape(self):
        """The declared (partial) shape."""
        return self._info.shape

    @property
    def state(self) -> np.ndarray:
        value = self._request._variables.get(self.name)
        if value is not None:
            return np.array(value, copy=True)
        info = self._info
        if info.element_type is None or info.shape is None:
            raise InputError(f"variable '{self.name}' has no value yet, and its declared type or rank is dynamic")
        return np.zeros(tuple(d.lo for d in info.shape), info.element_type.dtype)

    @state.setter
    def state(self, value) -> None:
        arr = check_input(self._info, value, what="variable")
        budget = self._request.model.max_tensor_bytes
        if arr.nbytes > budget:
            raise InputError(
                f"variable '{self.name}': the value takes {fmt_bytes(arr.nbytes)}, over the budget of "
                f"{fmt_bytes(budget)} for one tensor"
            )
        kept = np.array(arr, copy=True)
        kept.flags.writeable = False
        self._request._variables[self.name] = kept

    def reset(self) -> None:
        """This variable back to its initial value."""
        self._request._variables.pop(self.name, None)

    def __repr__(self) -> str:
        return f"<VariableState '{self.name}': {self._info.element_type} {fmt(self._info.shape)}>"
