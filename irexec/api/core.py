"""OpenVINO's Python API, as its users write it, over irexec's models::

    import irexec as ov                       # was: import openvino as ov
    core = ov.Core()
    model = core.read_model("model.xml")      # or XML text/bytes with a weights buffer
    compiled = core.compile_model(model, "CPU")
    results = compiled({"x": x})              # results[0], results["logits"], results[compiled.output(0)]
    request = compiled.create_infer_request()
    request.infer({0: x})
    y = request.get_output_tensor(0).data

irexec has one device, its NumPy interpreter: ``compile_model`` accepts OpenVINO's device names
(CPU, GPU, NPU, AUTO, ...) so scripts run unchanged, and every one runs the same way; a
configuration is accepted and kept, none of its keys changes a result. "Compiling" reads
nothing again: it returns a view of the model that runs it (the model's sizing and plans are
made on its first inference, as always).
"""

from __future__ import annotations

import os

import numpy as np

from ..errors import InputError, UsageError
from ..ir.weights import Weights
from .model import Model, _checked
from .model import read_model as _read_model
from .request import InferRequest
from .tensor import Tensor

# OpenVINO's device names: any of them (with a ":" suffix or a list after AUTO:/HETERO:) runs on
# irexec's interpreter; other names are refused, so a typo is not silently ignored.
_DEVICES = ("CPU", "GPU", "NPU", "AUTO", "HETERO", "MULTI", "BATCH", "TEMPLATE")


class _BufferWeights(Weights):
    """Weights given as bytes (``read_model(xml, weights=buffer)``): viewed, not copied."""

    def __init__(self, data):
        super().__init__("<weights buffer>")
        self._data = memoryview(data).cast("B")
        self._size = len(self._data)

    def _buffer(self):
        return self._data

    def close(self) -> None:
        pass


def _weights_buffer(weights):
    if isinstance(weights, Tensor):
        weights = weights.data
    if isinstance(weights, np.ndarray):
        if not weights.flags.c_contiguous:
            weights = np.ascontiguousarray(weights)
        return weights.view(np.uint8).reshape(-1)
    return weights


class Core:
    """OpenVINO's ``Core``: ``read_model`` and ``compile_model``. ``available_devices`` lists the
    one device irexec has, its interpreter, under OpenVINO's name for a host device."""

    available_devices = ["CPU"]

    def __init__(self, max_tensor_bytes: int | None = None):
        self.max_tensor_bytes = max_tensor_bytes
        self._properties = {}

    def read_model(self, model, weights=None) -> Model:
        """``model``: a path (str or path-like) to the .xml, or the XML itself as bytes (or as a
        str that starts with ``<``). ``weights``: the .bin's path (default: beside a path's .xml),
        or its bytes (bytes, bytearray, memoryview, a uint8 NumPy array or Tensor) for XML given
        as text."""
        if isinstance(model, Model):
            return model
        text = isinstance(model, (bytes, bytearray, memoryview)) or (
            isinstance(model, str) and model.lstrip().startswith("<")
        )
        if not text:
            if not isinstance(model, (str, os.PathLike)):
                raise InputError(f"read_model takes a path or the XML's bytes, not {type(model).__name__}")
            if weights is not None and not isinstance(weights, (str, os.PathLike)):
                weights = _BufferWeights(_weights_buffer(weights))
                return _checked(_xml_of(model), os.fspath(model), weights, self.max_tensor_bytes)
            return _read_model(model, weights, self.max_tensor_bytes)
        data = model.encode("utf-8") if isinstance(model, str) else bytes(model)
        if weights is not None and not isinstance(weights, (str, os.PathLike)):
            weights = _BufferWeights(_weights_buffer(weights))
        elif weights is not None:
            weights = os.fspath(weights)
        return _checked(data, None, weights, self.max_tensor_bytes)

    def compile_model(self, model, device_name: str | None = None, config: dict | None = None):
        """A CompiledModel of ``model`` (a Model, or a path read first)."""
        if not isinstance(model, Model):
            model = self.read_model(model)
        return CompiledModel(model, _device(device_name), dict(config or {}))

    def set_property(self, *args) -> None:
        """Kept, for ``get_property``: no property changes how irexec computes."""
        if len(args) == 1 and isinstance(args[0], dict):
            self._properties.update(args[0])
        elif len(args) == 2 and isinstance(args[1], dict):
            self._properties.update(args[1])
        else:
            raise UsageError("set_property takes a dict of properties, or a device name and a dict")

    def get_property(self, *args):
        name = args[-1]
        if name == "AVAILABLE_DEVICES":
            return list(self.available_devices)
        if name in self._properties:
            return self._properties[name]
        raise UsageError(f"property {name!r} is not set (irexec keeps only the properties it was given)")


def _xml_of(path) -> bytes:
    from ..ir.reader import read_bytes

    return read_bytes(os.fspath(path))


def _device(name: str | None) -> str:
    if name is None:
        return "CPU"
    if not isinstance(name, str) or name.split(":")[0].split(".")[0].upper() not in _DEVICES:
        raise UsageError(
            f"unknown device {name!r}: irexec runs every model on its NumPy interpreter, "
            f"under any of OpenVINO's device names ({', '.join(_DEVICES)})"
        )
    return name


class CompiledModel:
    """OpenVINO's ``CompiledModel``: ``compiled(inputs)`` runs the model (on one request of its
    own, so a stateful model's variables carry over, as OpenVINO's do), ``create_infer_request()``
    makes a request, ``inputs``/``outputs``/``input(i)``/``output(i)`` are the model's ports."""

    def __init__(self, model: Model, device: str = "CPU", config: dict | None = None):
        self.model = model
        self.device = device
        self.config = config or {}
        self._request = None
        model.plan  # noqa: B018 (the run's plan, made now: compiling a model is where OpenVINO's work goes too)

    @property
    def inputs(self) -> list:
        return self.model.inputs

    @property
    def outputs(self) -> list:
        return self.model.outputs

    def input(self, key=None):
        return self.model.input(key)

    def output(self, key=None):
        return self.model.output(key)

    def get_runtime_model(self) -> Model:
        return self.model

    def create_infer_request(self) -> InferRequest:
        return self.model.create_infer_request()

    def __call__(self, inputs=None, share_inputs: bool = False, share_outputs: bool = False):
        """Run on this compiled model's own request. ``inputs``: as ``Model.infer`` takes them,
        or one array for a model with one input. ``share_inputs``/``share_outputs`` are
        accepted: irexec never writes to your inputs, and outputs are always yours."""
        if self._request is None:
            self._request = self.model.create_infer_request()
        return self._request.infer(_inputs(self.model, inputs))

    def infer_new_request(self, inputs=None):
        """Run on a new request (a stateful model starts from its initial state)."""
        return self.model.create_infer_request().infer(_inputs(self.model, inputs))

    def __repr__(self) -> str:
        return f"<CompiledModel of '{self.model.name}' on {self.device} (irexec)>"


def _inputs(model: Model, inputs):
    """One array (or Tensor) for a one-input model, else what ``Model.infer`` takes, with Tensors
    and ports (a model's input TensorInfo) as keys and values."""
    if isinstance(inputs, (np.ndarray, Tensor)) or np.isscalar(inputs):
        if len(model.inputs) != 1:
            raise InputError(f"the model has {len(model.inputs)} inputs: give a dict or a list, not one array")
        return {0: _array(inputs)}
    if isinstance(inputs, dict):
        return {_key(model, k): _array(v) for k, v in inputs.items()}
    if isinstance(inputs, (list, tuple)):
        return [_array(v) for v in inputs]
    return inputs


def _key(model: Model, key):
    if hasattr(key, "layer_id") and hasattr(key, "element_type"):
        for i, info in enumerate(model.inputs):
            if info.layer_id == key.layer_id:
                return i
        raise InputError(f"'{key.name}' is not an input of this model")
    return key


def _array(value):
    return value.data if isinstance(value, Tensor) else value


def compile_model(model, device_name: str | None = None, config: dict | None = None) -> CompiledModel:
    """``Core().compile_model(model, device_name, config)`` (``model``: a Model or a path)."""
    return Core().compile_model(model, device_name, config)
