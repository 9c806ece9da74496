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
(CPU, GPU, NPU, AUTO, ...) so scripts run unchanged, and every one runs the same way. Properties
(``get_property``, ``set_property``, compile_model's config) are OpenVINO's CPU plugin's, checked
as it checks them (irexec.api.properties); none changes a result. "Compiling" reads nothing
again: it returns a view of the model that runs it, with its run's plan made.

What a compiled model is fed is converted as OpenVINO's Python API converts it
(irexec.api.conversion); ``Model.infer`` keeps irexec's stricter rule.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from .. import __version__
from ..errors import InputError, UsageError
from ..ir.weights import BufferWeights
from . import properties
from .model import Model, _checked
from .model import read_model as _read_model
from .precision import computed_in_f32, wants_f32
from .properties import CORE, DEVICE, Settings
from .request import InferRequest
from .tensor import Tensor

# OpenVINO's device names: any of them (with a ":" suffix or a list after AUTO:/HETERO:) runs on
# irexec's interpreter; other names are refused, so a typo is not silently ignored.
_DEVICES = ("CPU", "GPU", "NPU", "AUTO", "HETERO", "MULTI", "BATCH", "TEMPLATE")


def _weights_buffer(weights):
    if isinstance(weights, Tensor):
        weights = weights.data
    if isinstance(weights, np.ndarray):
        if not weights.flags.c_contiguous:
            weights = np.ascontiguousarray(weights)
        return weights.view(np.uint8).reshape(-1)
    return weights


HINT = "INFERENCE_PRECISION_HINT"


class Core:
    """OpenVINO's ``Core``: ``read_model``, ``compile_model``, properties and versions.
    ``available_devices`` lists the one device irexec has, its interpreter, under OpenVINO's name
    for a host device."""

    available_devices = ["CPU"]

    def __init__(self, max_tensor_bytes: int | None = None):
        self.max_tensor_bytes = max_tensor_bytes
        self._core = Settings(CORE)
        self._all = Settings(DEVICE)  # what set_property set without a device: every device's
        self._devices = {}  # device name (CPU, GPU, ...) -> its Settings

    def get_available_devices(self) -> list:
        return list(self.available_devices)

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
                weights = BufferWeights(_weights_buffer(weights))
                return _checked(_xml_of(model), os.fspath(model), weights, self.max_tensor_bytes)
            return _read_model(model, weights, self.max_tensor_bytes)
        data = model.encode("utf-8") if isinstance(model, str) else bytes(model)
        if weights is not None and not isinstance(weights, (str, os.PathLike)):
            weights = BufferWeights(_weights_buffer(weights))
        elif weights is not None:
            weights = os.fspath(weights)
        return _checked(data, None, weights, self.max_tensor_bytes)

    def compile_model(self, model, device_name: str | None = None, config=None):
        """A CompiledModel of ``model`` (a Model, or a path read first). ``config``: properties (a
        dict of name -> value, or ``(name, value)`` pairs) over the device's, checked as
        set_property checks them."""
        if not isinstance(model, Model):
            model = self.read_model(model)
        device = _device(device_name)
        settings = Settings(DEVICE, self._settings(device))
        for name, value in properties.pairs(config):
            settings.set(name, value)
        # Half-precision ops compute in f32 when asked for, as the plugin computes them; otherwise
        # each as its spec says (irexec.api.precision).
        if settings.is_set(HINT) and wants_f32({HINT: settings.get(HINT)}):
            model = computed_in_f32(model)
        return CompiledModel(model, device, dict(properties.pairs(config)), settings)

    def _settings(self, device: str) -> Settings:
        base = _base(device)
        if base not in self._devices:
            self._devices[base] = Settings(DEVICE, self._all)
        return self._devices[base]

    def set_property(self, *args) -> None:
        """``set_property(properties)`` (every device's, and the core's own: CACHE_DIR ...) or
        ``set_property(device, properties)``; ``properties``: a dict of name -> value or
        ``(name, value)`` pairs. An unknown name, a read-only property or a value of the wrong
        form is refused (UsageError), as OpenVINO refuses them."""
        if len(args) == 1:
            device, given = None, args[0]
        elif len(args) == 2 and isinstance(args[0], str):
            device, given = _device(args[0]), args[1]
        else:
            raise UsageError("set_property takes a dict of properties, or a device name and a dict")
        if isinstance(given, str):
            raise UsageError("set_property takes a dict of properties, or a device name and a dict")
        for name, value in properties.pairs(given):
            if device is None and name in CORE:
                self._core.set(name, value)
            else:
                (self._all if device is None else self._settings(device)).set(name, value)

    def get_property(self, *args):
        """``get_property(device, name)``: the device's property (every one SUPPORTED_PROPERTIES
        lists answers); ``get_property(name)``: the core's (CACHE_DIR, ENABLE_MMAP, ...), or for a
        device's property, the CPU's (AVAILABLE_DEVICES: the devices)."""
        if len(args) == 1:
            device, name = None, args[0]
        elif len(args) == 2:
            device, name = _device(args[0]), args[1]
        else:
            raise UsageError("get_property takes a property's name, or a device name and a property's name")
        name = properties.ALIASES.get(name, name) if isinstance(name, str) else name
        if not isinstance(name, str):
            raise UsageError(f"a property's name is a string, not {type(name).__name__}")
        if name in CORE and (device is None or not self._settings(device).is_set(name)):
            return self._core.get(name)
        if device is None:
            if name == "AVAILABLE_DEVICES":
                return self.get_available_devices()
            device = "CPU"
        return self._settings(device).device_value(name)

    def get_versions(self, device_name: str) -> dict:
        """Device name -> Version, for each device a name like ``CPU``, ``AUTO:CPU,GPU`` or
        ``HETERO:CPU`` names: irexec's interpreter answers for every one."""
        if not isinstance(device_name, str):
            raise UsageError(f"get_versions takes a device name, not {type(device_name).__name__}")
        names = []
        for part in device_name.replace(":", ",").split(","):
            if part:
                base = _base(_device(part))
                if base not in names:
                    names.append(base)
        if not names:
            raise UsageError(f"no device named in {device_name!r}")
        return {name: Version.of_irexec() for name in names}


@dataclass(frozen=True)
class Version:
    """OpenVINO's ``Version``: ``description`` (what runs), ``build_number`` (the full version),
    ``major``, ``minor``, ``patch``."""

    description: str
    build_number: str
    major: int
    minor: int
    patch: int

    @staticmethod
    def of_irexec() -> Version:
        """The API version irexec follows, its build irexec's (as ``get_version()``)."""
        major, minor, patch = (int(p) for p in API_VERSION.split("."))
        return Version("irexec NumPy interpreter", get_version(), major, minor, patch)

    def __str__(self) -> str:
        return f"<Version: {self.build_number} {self.description}>"

    __repr__ = __str__


# The version of OpenVINO's Python API irexec follows: programs compare ``get_version()`` with the
# OpenVINO they need (optimum-intel refuses below 2025.4), so it leads; irexec's own comes after.
API_VERSION = "2026.4.0"


def get_version() -> str:
    """As OpenVINO's: ``<API version>-<build number>-<what built it>`` (OpenVINO's:
    ``2026.4.1-22982-e213a14...``), here ``2026.4.0-0-irexec-0.1.0``: programs parse the first two
    parts as a version (optimum-intel does)."""
    return f"{API_VERSION}-0-irexec-{__version__}"


def _xml_of(path) -> bytes:
    from ..ir.reader import read_bytes

    return read_bytes(os.fspath(path))


def _base(name: str) -> str:
    """A device name's device: ``GPU`` of ``GPU.1``, ``AUTO`` of ``AUTO:CPU,GPU``."""
    return name.split(":")[0].split(".")[0].strip().upper()


def _device(name: str | None) -> str:
    if name is None:
        return "CPU"
    if not isinstance(name, str) or _base(name) not in _DEVICES:
        raise UsageError(
            f"unknown device {name!r}: irexec runs every model on its NumPy interpreter, "
            f"under any of OpenVINO's device names ({', '.join(_DEVICES)})"
        )
    return name


class CompiledModel:
    """OpenVINO's ``CompiledModel``: ``compiled(inputs)`` runs the model (on one request of its
    own, so a stateful model's variables carry over, as OpenVINO's do), ``create_infer_request()``
    makes a request, ``inputs``/``outputs``/``input(i)``/``output(i)`` are the model's ports,
    ``get_property`` answers as OpenVINO's CPU answers for a model compiled with this config."""

    def __init__(self, model: Model, device: str = "CPU", config: dict | None = None, settings=None):
        self.model = model
        self.device = device
        self.config = config or {}
        if settings is None:
            settings = Settings(DEVICE)
            for name, value in properties.pairs(self.config):
                settings.set(name, value)
        self._settings = settings
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
        """A new request, converting inputs as OpenVINO's Python API does; profiled when the
        config asked for it (PERF_COUNT)."""
        return InferRequest(self.model, self, bool(self._settings.get("PERF_COUNT")))

    def _own_request(self) -> InferRequest:
        if self._request is None:
            self._request = self.create_infer_request()
        return self._request

    def __call__(
        self, inputs=None, share_inputs: bool = True, share_outputs: bool = False, *, decode_strings: bool = True
    ):
        """Run on this compiled model's own request. ``inputs``: a dict by index, name or port, a
        list in input order, or one value for a one-input model; converted as OpenVINO's Python
        API converts them. The results are the caller's (a copy) unless ``share_outputs``.
        ``decode_strings``: irexec's string outputs are always str."""
        return self._own_request().infer(inputs, share_inputs=share_inputs, share_outputs=share_outputs)

    def infer_new_request(self, inputs=None):
        """Run on a new request (a stateful model starts from its initial state)."""
        return self.create_infer_request().infer(inputs)

    def query_state(self) -> list:
        """The variables of this compiled model's own request (``compiled(inputs)``'s)."""
        return self._own_request().query_state()

    def reset_state(self) -> None:
        self._own_request().reset_state()

    def release_memory(self) -> None:
        """Nothing to release: irexec keeps no memory between inferences but the requests'."""

    def get_property(self, name: str):
        """What OpenVINO's CPU answers for a model compiled with this config: SUPPORTED_PROPERTIES,
        NETWORK_NAME, OPTIMAL_NUMBER_OF_INFER_REQUESTS, the config's properties, EXECUTION_DEVICES..."""
        if not isinstance(name, str):
            raise UsageError(f"a property's name is a string, not {type(name).__name__}")
        name = properties.ALIASES.get(name, name)
        device = "CPU" if _base(self.device) in ("AUTO", "MULTI", "HETERO", "BATCH") else _base(self.device)
        return properties.compiled_value(name, self._settings, self.model.name, device, __version__)

    def set_property(self, *args) -> None:
        """Refused, as OpenVINO's CPU refuses it: a compiled model's properties are its config."""
        raise UsageError("a compiled model's properties cannot change: give them to compile_model's config")

    def export_model(self):
        raise UsageError("irexec does not export compiled models: read the IR again (read_model)")

    def __repr__(self) -> str:
        return f"<CompiledModel of '{self.model.name}' on {self.device} (irexec)>"


def compile_model(model, device_name: str | None = None, config=None) -> CompiledModel:
    """``Core().compile_model(model, device_name, config)`` (``model``: a Model or a path)."""
    return Core().compile_model(model, device_name, config)
