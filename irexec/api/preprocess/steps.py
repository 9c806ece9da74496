"""The steps a program adds between the tensor it gives and a model's input (``PreProcessSteps``:
``input().preprocess()``), and between a model's output and the tensor it wants
(``PostProcessSteps``: ``output().postprocess()``), in its order, each with the text OpenVINO's
description prints for it. What each inserts is irexec.api.preprocess.ops' and
irexec.api.preprocess.colors'; irexec.api.preprocess.build runs them."""

from __future__ import annotations

import numbers
from typing import NamedTuple

import numpy as np

from ...errors import InputError, IRExecError
from ...types import ElementType
from ..building import element_type_of
from ..layout import Layout, as_layout
from . import colors, ops
from .formats import COLOR_NAMES, ColorFormat, PaddingMode, ResizeAlgorithm


class Step(NamedTuple):
    """One step as a program adds it: how it is described, and what it does to a Stage (given
    what the model has: a Target)."""

    text: str
    run: object  # (Stage, Target) -> Stage
    order: tuple | None = None  # convert_layout's dims: the tensor's default shape undoes them
    layout: Layout | None = None  # convert_layout's layout


def _number(v) -> str:
    """A value as OpenVINO's description prints it (C++'s default: 6 significant digits)."""
    return f"{float(v):g}"


def _values_text(values) -> str:
    if np.ndim(values) == 0:
        return _number(values)
    return ",".join(_number(v) for v in values)


def _ints(values, what: str) -> list:
    try:
        return [int(v) for v in values]
    except (TypeError, ValueError):
        raise InputError(f"{what} takes a list of ints, not {values!r}") from None


def _floats(values, what: str):
    if isinstance(values, numbers.Real) or np.ndim(values) == 0:
        return float(values)
    try:
        return [float(v) for v in values]
    except (TypeError, ValueError):
        raise InputError(f"{what} takes a number or a list of numbers, not {values!r}") from None


def element_type_arg(value, what: str) -> ElementType:
    """An element type as the setters take it (a Type, its name, a NumPy dtype)."""
    try:
        return element_type_of(value)
    except IRExecError:
        raise InputError(f"{what} takes an element type (Type.f32, Type.u8 ...), not {value!r}") from None


def _static(etype):
    """None for no type or ``Type.dynamic``: the step converts to the type the other end has."""
    return None if etype is None or etype.name == "dynamic" else etype


class PreProcessSteps:
    """The steps from the tensor the program gives to the model's input, in the order added."""

    def __init__(self):
        self._steps: list = []

    def _add(self, text: str, run, order=None, layout=None) -> PreProcessSteps:
        self._steps.append(Step(text, run, order, layout))
        return self

    def convert_element_type(self, type=None) -> PreProcessSteps:
        """To ``type``; none: the model input's."""
        etype = _static(None if type is None else element_type_arg(type, "convert_element_type"))

        def run(stage, model):
            return ops.convert_element_type(stage, etype or model.etype)

        return self._add(f"convert type ({etype.name if etype else 'dynamic'})", run)

    def convert_layout(self, dst) -> PreProcessSteps:
        """To layout ``dst`` (a Layout), or by dims (a list: the Transpose's order)."""
        if isinstance(dst, (Layout, str)):
            layout = as_layout(dst)
            run = lambda stage, model: ops.convert_layout(stage, layout)  # noqa: E731
            return self._add(f"convert layout {layout}", run, layout=layout)
        order = _ints(dst, "convert_layout")
        text = "convert layout (" + ",".join(map(str, order)) + ")"
        return self._add(text, lambda stage, model: ops.transpose(stage, order), tuple(order))

    def resize(self, alg, dst_height=None, dst_width=None) -> PreProcessSteps:
        """Resize the H and W dims (by the tensor's layout) to (``dst_height``, ``dst_width``), or
        to the model's."""
        alg = ResizeAlgorithm(alg)
        if (dst_height is None) != (dst_width is None):
            raise InputError("resize takes both a height and a width, or neither")
        size = None if dst_height is None else (int(dst_height), int(dst_width))
        text = "resize to model width/height" if size is None else f"resize to ({size[0]}, {size[1]})"
        height, width = size or (None, None)
        return self._add(text, lambda stage, model: ops.resize(stage, alg, height, width, model))

    def convert_color(self, dst_format) -> PreProcessSteps:
        dst = ColorFormat(dst_format)
        return self._add(f"convert color ({COLOR_NAMES[dst]})", lambda stage, model: colors.convert_color(stage, dst))

    def mean(self, value) -> PreProcessSteps:
        """Subtract ``value`` (one number, or one per channel along the layout's C)."""
        value = _floats(value, "mean")
        return self._add(f"mean ({_values_text(value)})", lambda stage, model: ops.mean(stage, value))

    def scale(self, value) -> PreProcessSteps:
        """Divide by ``value`` (one number, or one per channel along the layout's C)."""
        value = _floats(value, "scale")
        return self._add(f"scale ({_values_text(value)})", lambda stage, model: ops.scale(stage, value))

    def reverse_channels(self) -> PreProcessSteps:
        return self._add("reverse channels", lambda stage, model: ops.reverse_channels(stage))

    def crop(self, begin, end) -> PreProcessSteps:
        begin, end = _ints(begin, "crop"), _ints(end, "crop")
        text = f"Crop ([ {', '.join(map(str, begin))} ],[ {', '.join(map(str, end))} ])"
        return self._add(text, lambda stage, model: ops.crop(stage, begin, end))

    def pad(self, pads_begin, pads_end, value, mode) -> PreProcessSteps:
        begin, end, mode = _ints(pads_begin, "pad"), _ints(pads_end, "pad"), PaddingMode(mode)
        value = _floats(value, "pad")
        fill = {
            PaddingMode.CONSTANT: f"with ({_values_text(value)})",
            PaddingMode.REFLECT: "reflected from tensor",
            PaddingMode.SYMMETRIC: "symmetrically added from tensor",
        }[mode]
        text = f"pad(begin ({','.join(map(str, begin))}), end ({','.join(map(str, end))}), {fill})"
        return self._add(text, lambda stage, model: ops.pad(stage, begin, end, value, mode))

    def custom(self, operation) -> PreProcessSteps:
        """``operation(output) -> output``: the nodes it builds are the step."""
        if not callable(operation):
            raise InputError(f"custom takes a function of an Output, not {operation!r}")
        return self._add("custom", lambda stage, model: ops.custom(stage, operation))


class PostProcessSteps:
    """The steps from the model's output to the tensor the program wants, in the order added."""

    def __init__(self, tensor):  # (the OutputTensorInfo: its element type is the default target)
        self._steps: list = []
        self._tensor = tensor

    def _add(self, text: str, run) -> PostProcessSteps:
        self._steps.append(Step(text, run))
        return self

    def convert_element_type(self, type=None) -> PostProcessSteps:
        """To ``type``; none: the output tensor's (``tensor().set_element_type``)."""
        etype = _static(None if type is None else element_type_arg(type, "convert_element_type"))

        def run(stage, model):
            wanted = etype or self._tensor._etype
            if wanted is None:
                raise InputError(
                    "convert_element_type() to the output tensor's type, which is not set: set_element_type"
                )
            return ops.convert_element_type(stage, wanted)

        return self._add(f"convert type ({etype.name if etype else 'dynamic'})", run)

    def convert_layout(self, dst) -> PostProcessSteps:
        if isinstance(dst, (Layout, str)):
            layout = as_layout(dst)
            return self._add(f"convert layout {layout}", lambda stage, model: ops.convert_layout(stage, layout))
        order = _ints(dst, "convert_layout")
        text = "convert layout (" + ",".join(map(str, order)) + ")"
        return self._add(text, lambda stage, model: ops.transpose(stage, order))

    def custom(self, operation) -> PostProcessSteps:
        if not callable(operation):
            raise InputError(f"custom takes a function of an Output, not {operation!r}")
        return self._add("custom", lambda stage, model: ops.custom(stage, operation))
