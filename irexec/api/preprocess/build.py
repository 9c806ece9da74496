"""What ``PrePostProcessor.build()`` does (irexec.api.preprocess holds what the program says,
irexec.api.preprocess.steps its steps, irexec.api.preprocess.ops and .colors the ops each
inserts).

The tensor an input is given as, when the program does not say it, is the model's, in the tensor's
layout, with the dims convert_layout steps move put back (and a YUV image's planes made of it). The
steps run in the program's order, then the implicit ones: a type conversion, then a layout
conversion, to what the model has. The new inputs take the old one's names (``name/plane`` for the
planes of a YUV image given plane names); an output's last step is named ``<producer>.<port>`` and
takes the output's tensor names. All as OpenVINO's, measured on its runtime.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from ...check.shape_inference import fact_of
from ...errors import InputError, IRExecError, ValidationError
from ...shapes import Dim, compatible, fmt, span
from ...types import ElementType
from .. import assembly
from ..building import parameter
from ..layout import Layout, keep_layout, layer_layout
from ..model import Model
from ..partial_shape import PartialShape
from . import ops
from .colors import check_model_color
from .formats import CHANNELS, COLOR_NAMES, PLANES, YUV, ColorFormat
from .ops import Stage, Target, layout_order

_NHWC = "[N,H,W,C]"

# ---- the input's tensor, when the program does not say it ------------------------------------------


def _undo_order(names_or_dims: list, order: tuple) -> list:
    """What a Transpose by ``order`` was given, from what it gave."""
    before = [None] * len(order)
    for k, src in enumerate(order):
        before[src] = names_or_dims[k]
    return before


def _layout_orders(info) -> list:
    """The orders of the convert_layout-by-dims steps that end the steps (the last first): what
    the tensor's default layout and shape undo."""
    found = []
    for step in reversed(info._steps._steps):
        if step.layout is not None:
            break
        if step.order is not None and sorted(step.order) == list(range(len(step.order))):
            found.append(step.order)
    return found


class _Plan(NamedTuple):
    """An input's tensor as the program gives it: one (shape, type) per plane, the layout, the
    color format; and the model's layout the steps end at."""

    planes: list
    layout: Layout
    color: ColorFormat
    model_layout: Layout


def _tensor_plan(info, model: Target) -> _Plan:
    tensor = info._tensor
    color = tensor._color
    model_layout = info._model._layout or model.layout
    orders = _layout_orders(info)
    if tensor._layout is not None:
        layout = tensor._layout
    elif color != ColorFormat.UNDEFINED:
        layout = Layout(_NHWC)
    else:
        layout = model_layout
        if not layout.empty and model.shape is not None:
            for order in orders:
                names = layout.names_at(len(order))
                layout = Layout() if names is None else Layout.of(_undo_order(names, order))
    if tensor._shape is not None:
        shape = list(tensor._shape)
    elif model.shape is None:
        shape = None
    else:
        known = model_layout if not model_layout.empty else _forward(layout, info)
        shape = _default_shape(model, known, layout, orders)
    if shape is not None and color in CHANNELS and layout.has_name("C") and layout.fits(len(shape)):
        shape[layout.index("C", len(shape))] = _fixed(CHANNELS[color])
    if tensor._spatial is not None:
        shape = _spatial(shape, layout, tensor._spatial)
    etype = tensor._etype or model.etype
    return _Plan(_planes(shape, layout, color, etype), layout, color, model_layout)


def _forward(layout: Layout, info) -> Layout:
    """The layout the convert_layout steps take a tensor of ``layout`` to (the model's, when the
    program names only the tensor's)."""
    for step in info._steps._steps:
        if step.layout is not None:
            layout = step.layout
        elif step.order is not None and not layout.empty:
            layout = layout.permuted(list(step.order))
    return layout


def _fixed(n: int) -> Dim:
    return span(n, n)


def _default_shape(model: Target, model_layout: Layout, layout: Layout, orders: list) -> list:
    """The model's shape, in the tensor's layout (or undoing the convert_layout-by-dims steps)."""
    shape = list(model.shape)
    rank = len(shape)
    if not model_layout.empty and not layout.empty and model_layout != layout:
        try:
            return [shape[k] for k in layout_order(model_layout, layout, rank)]
        except IRExecError:
            return shape
    for order in orders:
        if len(order) == rank:
            shape = _undo_order(shape, order)
    return shape


def _spatial(shape, layout: Layout, spatial) -> list:
    if shape is None or not (layout.has_name("H") and layout.has_name("W")) or not layout.fits(len(shape)):
        raise InputError(f"the tensor's spatial shape needs its layout to name H and W, and the layout is {layout}")
    rank = len(shape)
    h, w = (None, None) if spatial == "dynamic" else spatial
    shape[layout.index("H", rank)] = span(0, None) if h is None else _fixed(h)
    shape[layout.index("W", rank)] = span(0, None) if w is None else _fixed(w)
    return shape


def _scaled(d: Dim, num: int, den: int) -> Dim:
    if not d.is_static:
        return span(0, None)
    return _fixed(d.lo * num // den)


def _planes(shape, layout: Layout, color: ColorFormat, etype: ElementType) -> list:
    """(shape, type) of each tensor the program gives: a YUV image's planes from its [N,H,W,C]."""
    if color not in YUV:
        return [(None if shape is None else tuple(shape), etype)]
    if shape is None or len(shape) != 4 or not layout.has_name("H"):
        raise InputError(f"a {COLOR_NAMES[color]} image is [N,H,W,C], and the tensor's shape is {fmt(shape)}")
    rank = len(shape)
    n, h, w = shape[layout.index("N", rank)], shape[layout.index("H", rank)], shape[layout.index("W", rank)]
    if color in (ColorFormat.NV12_SINGLE_PLANE, ColorFormat.I420_SINGLE_PLANE):
        return [((n, _scaled(h, 3, 2), w, _fixed(1)), etype)]
    half_h, half_w = _scaled(h, 1, 2), _scaled(w, 1, 2)
    return [
        ((n, h, w, _fixed(1)) if k == 0 else (n, half_h, half_w, _fixed(channels)), etype)
        for k, (_, channels) in enumerate(PLANES[color])
    ]


# ---- running the steps -------------------------------------------------------------------------------


class Record(NamedTuple):
    """One step run: its text, and the tensor before and after (as the description prints them)."""

    text: str
    before: str
    after: str


def _run(step_list: list, stage: Stage, model: Target, records: list) -> Stage:
    for text, run, *_ in step_list:
        before = stage.describe()
        stage = run(stage, model)
        records.append(Record(text, before, stage.describe()))
    return stage


class InputBuilt(NamedTuple):
    """An input built: its new Parameters, the port the model now reads, the steps run (the
    program's, the implicit ones), the tensor's plan and the model's layout."""

    params: list
    out: object
    explicit: list
    implicit: list
    plan: _Plan
    model_layout: Layout


def build_input(info, old, model: Target) -> InputBuilt:
    """The new Parameter(s) of an input and the port the model's input now reads."""
    plan = _tensor_plan(info, model)
    model = replace(model, layout=plan.model_layout)
    _check_layout(plan.model_layout, model.shape, f"input '{old.friendly_name}' of the model")
    for shape, _ in plan.planes:
        _check_layout(plan.layout, shape, f"the tensor given for input '{old.friendly_name}'")
    params = []
    names = sorted(old.output(0).get_names())
    sub = info._tensor._sub_names
    for k, (shape, etype) in enumerate(plan.planes):
        if len(plan.planes) == 1:
            p = parameter(PartialShape(shape), etype, old.friendly_name)
            p.output(0).set_names(names)
        elif sub:
            p = parameter(PartialShape(shape), etype, f"{old.friendly_name}/{sub[k]}")
            p.output(0).set_names([f"{n}/{sub[k]}" for n in names])
        else:
            p = parameter(PartialShape(shape), etype)
        keep_layout(p._raw, plan.layout)
        params.append(p)
    stage = Stage(tuple(p.output(0) for p in params), plan.layout, plan.color)
    explicit, implicit = [], []
    stage = _run(info._steps._steps, stage, model, explicit)
    check_model_color(stage)
    # The model's layout, when the program gives none: the tensor's after the steps, if the program
    # gave the tensor's (the model then needs no conversion).
    model_layout = plan.model_layout
    if model_layout.empty and info._tensor._layout is not None:
        model_layout = stage.layout
    if stage.etype != model.etype:
        stage = _run([(f"convert type ({model.etype.name})", _to_type)], stage, model, implicit)
    if not stage.layout.empty and not model_layout.empty and stage.layout != model_layout:
        stage = _run([(f"convert layout {model_layout}", _to_layout(model_layout))], stage, model, implicit)
    return InputBuilt(params, stage.out, explicit, implicit, plan, model_layout)


def _check_layout(layout: Layout, shape, what: str) -> None:
    if not layout.fits(None if shape is None else len(shape)):
        raise ValidationError(f"layout {layout} does not fit {what}, of shape {fmt(shape)}")


def _to_type(stage: Stage, target: Target) -> Stage:
    return ops.convert_element_type(stage, target.etype)


def _to_layout(layout: Layout):
    return lambda stage, target: ops.convert_layout(stage, layout)


class OutputBuilt(NamedTuple):
    """An output built: the port it now gives, the steps run, the model's output and the layout
    of the tensor given."""

    out: object
    explicit: list
    implicit: list
    model: Target
    layout: Layout


def build_output(info, src, result) -> OutputBuilt:
    """The port a model output now gives, after its post-processing."""
    model_layout = info._model._layout or layer_layout(result._raw)
    model = Target(src._fact.etype, src._fact.shape, model_layout)
    _check_layout(model_layout, model.shape, f"output '{result.friendly_name}' of the model")
    stage = Stage((src,), model_layout, leaving=frozenset([result]))
    explicit, implicit = [], []
    stage = _run(info._steps._steps, stage, model, explicit)
    tensor = info._tensor
    if tensor._etype is not None and stage.etype != tensor._etype:
        stage = _run([(f"convert type ({tensor._etype.name})", _to_output_type(tensor._etype))], stage, model, implicit)
    if tensor._layout is not None and not stage.layout.empty and stage.layout != tensor._layout:
        layout = tensor._layout
        stage = _run([(f"convert layout {layout}", _to_layout(layout))], stage, model, implicit)
    layout = tensor._layout if tensor._layout is not None else stage.layout
    _check_layout(layout, stage.shape, f"the tensor wanted from output '{result.friendly_name}'")
    return OutputBuilt(stage.out, explicit, implicit, model, layout)


def _to_output_type(etype: ElementType):
    return lambda stage, target: ops.convert_element_type(stage, etype)


# ---- building ------------------------------------------------------------------------------------------


def build(model, inputs: dict, outputs: dict):
    """Insert the steps of ``inputs`` (index -> InputInfo) and ``outputs`` (index -> OutputInfo)
    into ``model``, in place; a step refused leaves the model as it was."""
    params, results, sinks, nodes = model_nodes(model)
    new_params = [[p] for p in params]
    changed = False
    for k, info in sorted(inputs.items()):
        old = params[k]
        built = build_input(info, old, input_target(model, k, old))
        _check_fits(built.out, old)
        changed = changed or built.out._fact.shape != old._facts[0].shape
        for target in list(old.output(0).get_target_inputs()):
            target.replace_source_output(built.out)
        new_params[k] = built.params
    if changed:
        _infer_again(nodes.values())
    for k, info in sorted(outputs.items()):
        result = results[k]
        src = result.input_value(0)
        built = build_output(info, src, result)
        if built.out != src:
            built.out.node.set_friendly_name(f"{src.node.friendly_name}.{src.index}")
            built.out.set_names(src.get_names())
            src.set_names(())
            result.input(0).replace_source_output(built.out)
        keep_layout(result._raw, built.layout)
    for p in params:  # (a reshaped model's Parameters may still say their old shape)
        shape = p._facts[0].shape
        p._raw["shape"] = "..." if shape is None else ",".join(str(d) for d in shape)
    rebuilt = Model(
        results,
        [p for group in new_params for p in group],
        model.graph.name,
        sinks=sinks,
        rt_info=model.graph.rt_info or None,
        max_tensor_bytes=model.max_tensor_bytes,
        name_interface=False,
    )
    model.__dict__.update(rebuilt.__dict__)
    return model


def model_nodes(model) -> tuple:
    """The model's nodes (``model_nodes``), each Constant's fact holding its values where they are
    small, as shape inference wants them: an op after the steps (a Transpose a Convert moves
    before, a Reshape inferred again) reads its constant inputs' values."""
    params, results, sinks, nodes = assembly.model_nodes(model)
    for node in nodes.values():
        if node.value is not None and node._facts and node._facts[0].value is None:
            node._facts[0] = fact_of(node.value, node._facts[0].etype)
    return params, results, sinks, nodes


def input_target(model, k: int, old) -> Target:
    info = model.inputs[k]
    return Target(info.element_type, info.shape, layer_layout(old._raw))


def _check_fits(out, old) -> None:
    got, want = out._fact.shape, old._facts[0].shape
    if got is not None and want is not None and not compatible(got, want):
        raise ValidationError(
            f"after preprocessing, input '{old.friendly_name}' is {fmt(got)}, and the model takes {fmt(want)}"
        )


def _infer_again(nodes) -> None:
    """Every node's shapes from its inputs', in order (an input now more dynamic than it was)."""
    for node in nodes:
        if node.op.type not in ("Parameter", "Const"):
            node._infer()
