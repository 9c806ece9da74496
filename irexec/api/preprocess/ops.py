"""The ops each pre- or post-processing step inserts into a model (irexec.api.preprocess.colors
those of ``convert_color``): the same op types, versions, attributes and constants OpenVINO's
``PrePostProcessor.build()`` leaves in the model, measured on its runtime, so the values equal its
plugin's and ``show``, ``lint`` and ``save_model`` see the same graph.

OpenVINO's build also rewrites what the steps made; the rewrites that touch them are made here as
the steps are: ``scale`` is a Multiply by the reciprocal (named as the Divide it replaces), the
indices ``reverse_channels`` gathers by are a constant (named as the Range folded into it), and a
Convert that follows a Transpose read by nothing else moves before it (the Transpose taking the
Convert's name).

Each step takes the ``Stage`` (the tensor as the steps so far made it: its ports, layout and color
format) and returns the next.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ...errors import InputError
from ...shapes import fmt
from ...types import ElementType
from ..building import constant, make_node
from ..layout import Layout
from ..nodes import Node, Output
from .formats import COLOR_NAMES, ColorFormat, PaddingMode, ResizeAlgorithm

# Interpolate-11's mode for each algorithm.
_RESIZE_MODES = {
    ResizeAlgorithm.RESIZE_LINEAR: "linear",
    ResizeAlgorithm.RESIZE_CUBIC: "cubic",
    ResizeAlgorithm.RESIZE_NEAREST: "nearest",
    ResizeAlgorithm.RESIZE_BILINEAR_PILLOW: "bilinear_pillow",
    ResizeAlgorithm.RESIZE_BICUBIC_PILLOW: "bicubic_pillow",
}


@dataclass(frozen=True)
class Stage:
    """The tensor as the steps so far made it: its ports (one, or one per plane before a
    multi-plane image's colors are converted), layout and color format."""

    outs: tuple
    layout: Layout
    color: ColorFormat = ColorFormat.UNDEFINED
    # Nodes whose reading of a port is about to be replaced (a model output's Result): a Convert
    # moves before a Transpose only when nothing else reads the Transpose.
    leaving: frozenset = frozenset()

    @property
    def out(self):
        if len(self.outs) != 1:
            raise InputError(
                f"this step works on one tensor, and the input is {len(self.outs)} planes: convert its color first"
            )
        return self.outs[0]

    @property
    def shape(self):
        return self.out._fact.shape

    @property
    def etype(self) -> ElementType:
        return self.outs[0]._fact.etype

    @property
    def rank(self) -> int:
        shape = self.shape
        if shape is None:
            raise InputError("this step needs the tensor's rank, which is not known")
        return len(shape)

    def then(self, out, **changes) -> Stage:
        return replace(self, outs=(out,), **changes)

    def describe(self) -> str:
        """As OpenVINO prints a step's tensor: ``([1,8,8,3], [N,H,W,C], u8)``."""
        parts = [fmt(self.outs[0]._fact.shape), layout_text(self.layout), self.etype.name]
        if self.color != ColorFormat.UNDEFINED:
            parts.append(COLOR_NAMES[self.color])
        return "(" + ", ".join(parts) + ")"


def layout_text(layout: Layout) -> str:
    return "<no layout>" if layout.empty else layout.to_string()


@dataclass(frozen=True)
class Target:
    """What the model expects (an input) or gives (an output): element type, shape and layout."""

    etype: ElementType
    shape: tuple | None
    layout: Layout


# ---- making nodes ---------------------------------------------------------------------------------


def op(op_type: str, version: str, inputs: list, attrs: dict | None = None):
    """A node of irexec's op, as a step makes it (named as OpenVINO's are, by type and number)."""
    return make_node(op_type, version, inputs, attrs)


def const(values, dtype):
    return constant(np.array(values, dtype)).output(0)


def renamed(node, prefix: str):
    """The node, named as OpenVINO names the op it stands for (``Divide_12`` for a Multiply by
    a reciprocal): its own number, another type's name."""
    node.set_friendly_name(f"{prefix}_{node.get_name().rsplit('_', 1)[1]}")
    return node


def _sole_reader(out, node, leaving: frozenset) -> bool:
    """Whether ``node`` is the only node reading ``out``, those in ``leaving`` aside."""
    return all(t.node is node or t.node in leaving for t in out.get_target_inputs())


def convert(out, etype: ElementType, leaving: frozenset = frozenset()):
    """``out`` converted to ``etype`` (itself when it is of that type already). A Convert of a
    Transpose's output that nothing else reads goes before the Transpose instead, as OpenVINO's
    build leaves it: the Transpose takes the Convert's name."""
    if out._fact.etype == etype:
        return out
    node = op("Convert", "opset1", [out], {"destination_type": etype})
    source = out.node
    if source.op.type == "Transpose" and _sole_reader(out, node, leaving):
        moved = op("Convert", "opset1", [source.input_value(0)], {"destination_type": etype})
        after = make_node("Transpose", "opset1", [moved, source.input_value(1)], name=node.friendly_name)
        return after.output(0)
    return node.output(0)


def transposed(out, order: list, dtype=np.int64):
    return op("Transpose", "opset1", [out, const(order, dtype)]).output(0)


# ---- the steps --------------------------------------------------------------------------------------


def convert_element_type(stage: Stage, etype: ElementType) -> Stage:
    outs = tuple(convert(o, etype, stage.leaving) for o in stage.outs)
    return replace(stage, outs=outs)


def layout_order(src: Layout, dst: Layout, rank: int) -> list:
    """The Transpose order that takes a tensor of layout ``src`` to ``dst``: each named dim of
    ``dst`` from where ``src`` has it, the others from ``src``'s remaining dims in order."""
    have, want = src.names_at(rank), dst.names_at(rank)
    if have is None or want is None:
        raise InputError(f"cannot convert layout {src} to {dst} for a tensor of rank {rank}")
    order: list = [None] * rank
    for k, name in enumerate(want):
        if name is not None and name in have:
            order[k] = have.index(name)
    left = iter(k for k in range(rank) if k not in order)
    return [k if k is not None else next(left) for k in order]


def convert_layout(stage: Stage, dst: Layout) -> Stage:
    """To layout ``dst``: a Transpose, unless the dims are in place already or the tensor's
    layout is not known (then it just takes ``dst``)."""
    if stage.layout.empty:
        return replace(stage, layout=dst)
    order = layout_order(stage.layout, dst, stage.rank)
    if order == list(range(len(order))):
        return replace(stage, layout=dst)
    return stage.then(transposed(stage.out, order), layout=dst)


def transpose(stage: Stage, order: list) -> Stage:
    """``convert_layout`` by dims: a Transpose by ``order`` (an unsigned constant, as OpenVINO
    makes it), even when it moves nothing."""
    rank = stage.rank
    if sorted(order) != list(range(rank)):
        raise InputError(f"convert_layout({list(order)}): not a permutation of the {rank} dims of {fmt(stage.shape)}")
    layout = stage.layout.permuted(order) if not stage.layout.empty else Layout()
    return stage.then(transposed(stage.out, list(order), np.uint64), layout=layout)


def resize(stage: Stage, algorithm: ResizeAlgorithm, height, width, model: Target) -> Stage:
    """Interpolate-11 of the H and W dims to (``height``, ``width``), or to the model's."""
    layout = stage.layout
    if not (layout.has_name("H") and layout.has_name("W")):
        raise InputError(
            f"resize needs the tensor's height and width, and its layout {layout} names none: "
            "set one, as tensor().set_layout(Layout('NCHW'))"
        )
    rank = stage.rank
    if height is None:
        height, width = _model_size(model, layout)
    sizes = const([height, width], np.int64)
    axes = const([layout.index("H", rank), layout.index("W", rank)], np.int64)
    attrs = {
        "mode": _RESIZE_MODES[ResizeAlgorithm(algorithm)],
        "shape_calculation_mode": "sizes",
        "coordinate_transformation_mode": "half_pixel",
        "nearest_mode": "round_prefer_floor",
        "antialias": False,
        "pads_begin": [0] * rank,
        "pads_end": [0] * rank,
        "cube_coeff": -0.75,
    }
    return stage.then(op("Interpolate", "opset11", [stage.out, sizes, axes], attrs).output(0))


def _model_size(model: Target, layout: Layout) -> tuple:
    mlayout = model.layout if not model.layout.empty else layout
    if model.shape is None or not (mlayout.has_name("H") and mlayout.has_name("W")):
        raise InputError(f"resize to the model's size needs its layout to name H and W, and it is {mlayout}")
    rank = len(model.shape)
    h, w = model.shape[mlayout.index("H", rank)], model.shape[mlayout.index("W", rank)]
    if not (h.is_static and w.is_static):
        raise InputError(f"resize to the model's size needs its height and width static, and they are {h} and {w}")
    return h.lo, w.lo


def _per_channel(stage: Stage, values, what: str) -> np.ndarray:
    """``values`` as a constant's array of the tensor's type: one value of shape [1], or one per
    channel along the layout's C dim."""
    etype = stage.etype
    if not etype.is_float:
        raise InputError(
            f"{what} works on floating-point tensors, and this one is {etype.name}: convert_element_type first"
        )
    if np.ndim(values) == 0:
        return np.asarray([values], np.float64).astype(etype.dtype)
    values = list(values)
    if not stage.layout.has_name("C"):
        raise InputError(f"{what} by channel needs the layout's C dim, and the layout is {stage.layout}")
    rank = stage.rank
    at = stage.layout.index("C", rank)
    channels = stage.shape[at]
    if channels.is_static and channels.lo != len(values):
        raise InputError(
            f"{what} has {len(values)} values for {channels.lo} channels (shape {fmt(stage.shape)}, layout {stage.layout})"
        )
    dims = [1] * rank
    dims[at] = len(values)
    return np.asarray(values, np.float64).astype(etype.dtype).reshape(dims)


def mean(stage: Stage, values) -> Stage:
    arr = _per_channel(stage, values, "mean")
    return stage.then(op("Subtract", "opset1", [stage.out, constant(arr).output(0)]).output(0))


def scale(stage: Stage, values) -> Stage:
    """A division by ``values``, made as OpenVINO leaves it: a Multiply by their reciprocal."""
    arr = _per_channel(stage, values, "scale")
    reciprocal = np.divide(arr.dtype.type(1), arr).astype(arr.dtype)
    node = op("Multiply", "opset1", [stage.out, constant(reciprocal).output(0)])
    return stage.then(renamed(node, "Divide").output(0))


def channel_axis(stage: Stage, what: str) -> tuple:
    if not stage.layout.has_name("C"):
        raise InputError(f"{what} needs the layout's C dim, and the layout is {stage.layout}")
    rank = stage.rank
    at = stage.layout.index("C", rank)
    return at, stage.shape[at]


def reversed_channels(out, at: int, channels):
    """The channels along dim ``at`` in reverse order (a Gather)."""
    if not channels.is_static:
        raise InputError(f"reversing the channels needs their number, and it is {channels}")
    indices = constant(np.arange(channels.lo - 1, -1, -1, dtype=np.int32))
    renamed(indices, "Range")
    return op("Gather", "opset8", [out, indices.output(0), const([at], np.int32)], {"batch_dims": 0}).output(0)


def reverse_channels(stage: Stage) -> Stage:
    at, channels = channel_axis(stage, "reverse_channels")
    return stage.then(reversed_channels(stage.out, at, channels))


def crop(stage: Stage, begin, end) -> Stage:
    rank = stage.rank
    begin, end = [int(v) for v in begin], [int(v) for v in end]
    if len(begin) != rank or len(end) != rank:
        raise InputError(f"crop takes {rank} begins and ends for a tensor of shape {fmt(stage.shape)}")
    inputs = [
        stage.out,
        const(begin, np.int32),
        const(end, np.int32),
        const([1] * rank, np.int32),
        const(list(range(rank)), np.int64),
    ]
    return stage.then(op("Slice", "opset8", inputs).output(0))


_PAD_MODES = {PaddingMode.CONSTANT: "constant", PaddingMode.REFLECT: "reflect", PaddingMode.SYMMETRIC: "symmetric"}


def pad(stage: Stage, begin, end, value, mode: PaddingMode) -> Stage:
    etype = stage.etype
    if not etype.is_float:
        raise InputError(
            f"pad works on floating-point tensors, and this one is {etype.name}: convert_element_type first"
        )
    if np.ndim(value) > 0:
        if np.size(value) != 1:
            raise InputError(f"pad takes one value to pad with, not {np.size(value)}")
        value = np.asarray(value).reshape(-1)[0]
    inputs = [
        stage.out,
        const([int(v) for v in begin], np.int64),
        const([int(v) for v in end], np.int64),
        const(value, etype.dtype),
    ]
    return stage.then(op("Pad", "opset1", inputs, {"pad_mode": _PAD_MODES[PaddingMode(mode)]}).output(0))


def custom(stage: Stage, function) -> Stage:
    """What ``function`` builds on the tensor (OpenVINO's functions return an Output; a node of
    one output is taken for it)."""
    out = function(stage.out)
    if isinstance(out, Node) and out.get_output_size() == 1:
        out = out.output(0)
    if not isinstance(out, Output):
        raise InputError(f"a custom step's function returns an Output, not {type(out).__name__}")
    return stage.then(out)
