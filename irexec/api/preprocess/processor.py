"""OpenVINO's ``openvino.preprocess``: a ``PrePostProcessor`` describes the tensors a program gives
and wants (``input().tensor()``, ``output().tensor()``), what the model has (``.model()``) and the
steps between (``input().preprocess()``, ``output().postprocess()``); ``build()`` inserts those
steps into the model as ops, so the model then takes, say, a u8 NHWC image of any size and resizes,
converts and transposes it itself::

    ppp = PrePostProcessor(model)
    ppp.input().tensor().set_element_type(Type.u8).set_layout(Layout("NHWC")).set_shape([1, 480, 640, 3])
    ppp.input().preprocess().resize(ResizeAlgorithm.RESIZE_LINEAR)
    ppp.input().model().set_layout(Layout("NCHW"))
    ppp.output().tensor().set_element_type(Type.f32)
    model = ppp.build()

This module (irexec.api.preprocess.processor) holds what the program says of the tensors and the model, as OpenVINO's classes take
it; irexec.api.preprocess.steps the steps; irexec.api.preprocess.build runs them (the tensor given
when the program does not say it, their order, the names of the new inputs and outputs), and
irexec.api.preprocess.describe prints them: all as OpenVINO's, measured on its runtime.
"""

from __future__ import annotations

import numbers

import numpy as np

from ...errors import InputError, IRExecError, UsageError
from ..building import element_type_of
from ..layout import as_layout
from ..model import Model
from ..partial_shape import PartialShape
from . import build, describe
from .formats import COLOR_NAMES, PLANES, ColorFormat, PaddingMode, ResizeAlgorithm
from .steps import PostProcessSteps, PreProcessSteps, element_type_arg

# ---- what the program says: tensors, model, steps ------------------------------------------------


class InputTensorInfo:
    """The tensor the program will give: its element type, layout, shape (or only its spatial
    dims), color format (a YUV image's planes are inputs of their own) and memory type (kept, no
    effect: irexec has no device memory)."""

    def __init__(self):
        self._etype = None
        self._layout = None
        self._shape = None
        self._spatial = None  # "dynamic", or (height, width)
        self._color = ColorFormat.UNDEFINED
        self._sub_names: tuple = ()
        self._memory_type = None

    def set_element_type(self, type) -> InputTensorInfo:
        self._etype = element_type_arg(type, "set_element_type")
        return self

    def set_layout(self, layout) -> InputTensorInfo:
        self._layout = as_layout(layout)
        return self

    def set_shape(self, shape) -> InputTensorInfo:
        try:
            self._shape = PartialShape(shape).irexec_shape()
        except (TypeError, ValueError, IRExecError) as e:
            raise InputError(f"set_shape: {shape!r} is not a shape ({e})") from None
        return self

    def set_spatial_dynamic_shape(self) -> InputTensorInfo:
        self._spatial = "dynamic"
        return self

    def set_spatial_static_shape(self, height: int, width: int) -> InputTensorInfo:
        self._spatial = (int(height), int(width))
        return self

    def set_color_format(self, format, sub_names=()) -> InputTensorInfo:
        format = ColorFormat(format)
        sub_names = tuple(str(n) for n in sub_names)
        planes = len(PLANES.get(format, ((None, 1),)))
        if sub_names and len(sub_names) != planes:
            raise InputError(
                f"set_color_format: {COLOR_NAMES[format]} has {planes} plane(s), and {len(sub_names)} names were given"
            )
        self._color, self._sub_names = format, sub_names
        return self

    def set_memory_type(self, memory_type: str) -> InputTensorInfo:
        self._memory_type = str(memory_type)
        return self

    def set_from(self, tensor) -> InputTensorInfo:
        """The element type and shape of ``tensor`` (a Tensor or an array)."""
        data = np.asarray(getattr(tensor, "data", tensor))
        self._etype = element_type_of(data.dtype)
        self._shape = PartialShape(list(data.shape)).irexec_shape()
        return self


class InputModelInfo:
    """What the model's input is: its layout (kept on the input, as OpenVINO keeps it)."""

    def __init__(self):
        self._layout = None

    def set_layout(self, layout) -> InputModelInfo:
        self._layout = as_layout(layout)
        return self


class InputInfo:
    """One input of the model: ``tensor()``, ``preprocess()``, ``model()`` (the same objects each
    time asked)."""

    def __init__(self, index: int):
        self._index = index
        self._tensor = InputTensorInfo()
        self._steps = PreProcessSteps()
        self._model = InputModelInfo()

    def tensor(self) -> InputTensorInfo:
        return self._tensor

    def preprocess(self) -> PreProcessSteps:
        return self._steps

    def model(self) -> InputModelInfo:
        return self._model


class OutputTensorInfo:
    """The tensor the program wants from an output: its element type and layout."""

    def __init__(self):
        self._etype = None
        self._layout = None

    def set_element_type(self, type) -> OutputTensorInfo:
        self._etype = element_type_arg(type, "set_element_type")
        return self

    def set_layout(self, layout) -> OutputTensorInfo:
        self._layout = as_layout(layout)
        return self


class OutputModelInfo:
    """What the model's output is: its layout."""

    def __init__(self):
        self._layout = None

    def set_layout(self, layout) -> OutputModelInfo:
        self._layout = as_layout(layout)
        return self


class OutputInfo:
    """One output of the model: ``tensor()``, ``postprocess()``, ``model()``."""

    def __init__(self, index: int):
        self._index = index
        self._tensor = OutputTensorInfo()
        self._steps = PostProcessSteps(self._tensor)
        self._model = OutputModelInfo()

    def tensor(self) -> OutputTensorInfo:
        return self._tensor

    def postprocess(self) -> PostProcessSteps:
        return self._steps

    def model(self) -> OutputModelInfo:
        return self._model


# ---- the PrePostProcessor ------------------------------------------------------------------------------


class PrePostProcessor:
    """Pre- and post-processing for ``model``, inserted into it by ``build()``."""

    def __init__(self, model):
        if not isinstance(model, Model):
            raise InputError(f"PrePostProcessor takes a Model, not {type(model).__name__}")
        self._model = model
        self._inputs: dict = {}
        self._outputs: dict = {}
        self._built = False

    def input(self, key=None) -> InputInfo:
        """An input by index or tensor name; none: the model's only input."""
        k = _find(self._model.inputs, key, "input")
        return self._inputs.setdefault(k, InputInfo(k))

    def output(self, key=None) -> OutputInfo:
        """An output by index or tensor name; none: the model's only output."""
        k = _find(self._model.outputs, key, "output")
        return self._outputs.setdefault(k, OutputInfo(k))

    def build(self):
        """Insert the steps into the model, which takes the new inputs and gives the new outputs
        (in place, as OpenVINO's build: the model returned is the one given)."""
        if self._built:
            raise UsageError("this PrePostProcessor was built already: make a new one for the built model")
        build.build(self._model, self._inputs, self._outputs)
        self._built = True
        return self._model

    def __str__(self) -> str:
        return describe.describe(self._model, self._inputs, self._outputs)

    def __repr__(self) -> str:
        return f"<PrePostProcessor: {self}>"


def _find(infos: list, key, what: str) -> int:
    if key is None:
        if len(infos) != 1:
            raise InputError(f"the model has {len(infos)} {what}s: name one (by index or tensor name)")
        return 0
    if isinstance(key, numbers.Integral) and not isinstance(key, bool):
        if not 0 <= key < len(infos):
            raise InputError(f"the model has no {what} {key}: it has {len(infos)}, indexed from 0")
        return int(key)
    if isinstance(key, str):
        for k, info in enumerate(infos):
            if key in info.names:
                return k
        for k, info in enumerate(infos):
            if key == info.name:
                return k
        raise InputError(f"the model has no {what} named '{key}'")
    raise InputError(f"a model's {what} is chosen by index or tensor name, not {key!r}")


__all__ = [
    "PrePostProcessor",
    "InputInfo",
    "OutputInfo",
    "InputTensorInfo",
    "OutputTensorInfo",
    "InputModelInfo",
    "OutputModelInfo",
    "PreProcessSteps",
    "PostProcessSteps",
    "ResizeAlgorithm",
    "ColorFormat",
    "PaddingMode",
]
