"""A request's variables (ReadValue/Assign state, such as an LLM's KV cache): ``Variables`` kept
from one inference to the next, and OpenVINO's ``VariableState`` over each of them."""

from __future__ import annotations

import numpy as np

from ..errors import InputError, ValidationError
from ..limits import fmt_bytes
from ..shapes import fits, fmt
from .inputs import check_input


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


class VariableState:
    """One variable of a request: ``name`` (its variable_id), ``state`` (a copy of its value; set
    it to replace the value, checked against the variable's declared type and shape) and
    ``reset()``. Before the first inference and after a reset, ``state`` is zeros of the declared
    shape, a dynamic dim as 0 (as the plugin shows it), though the next inference starts from the
    ReadValue's init_value when it has one."""

    def __init__(self, request, info):
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
