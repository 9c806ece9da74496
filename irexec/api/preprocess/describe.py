"""What ``str(ppp)`` prints for a PrePostProcessor, as OpenVINO's does: each input's and
output's tensors and steps, with the tensor before and after each step. The steps are run on a copy
of the model's nodes, so describing changes nothing; an input whose steps fail says so."""

from __future__ import annotations

from ...errors import IRExecError
from ...shapes import fmt
from ..layout import Layout
from .build import build_input, build_output, input_target, model_nodes
from .formats import COLOR_NAMES, ColorFormat
from .ops import Target, layout_text


def describe(model, inputs: dict, outputs: dict) -> str:
    """What OpenVINO prints for a PrePostProcessor: each input's and output's tensors and steps
    (worked out on a copy of the model's nodes: describing changes nothing)."""
    params, results, _, _ = model_nodes(model)
    lines: list = []
    for k, info in sorted(inputs.items()):
        _describe_input(lines, info, params[k], input_target(model, k, params[k]))
    for k, info in sorted(outputs.items()):
        _describe_output(lines, info, results[k])
    return "".join(line + "\n" for line in lines)


def _steps_text(lines: list, title: str, records: list) -> None:
    if records:
        lines.append(f"    {title} ({len(records)}):")
        lines.extend(f"      {r.text}: {r.before} -> {r.after}" for r in records)


def _tensor_text(shape, layout: Layout, etype) -> str:
    return f"{fmt(shape)}, {layout_text(layout)}, {etype.name}"


def _describe_input(lines: list, info, old, model: Target) -> None:
    try:
        built = build_input(info, old, model)
    except IRExecError as e:
        lines.append(f'Input "{_port_name(old.output(0), old)}":')
        lines.append(f"Error occurred: {e}")
        return
    plan, tensor = built.plan, info._tensor
    shown = (  # (as OpenVINO: what the program said, not the layout the model had already)
        built.explicit
        or built.implicit
        or tensor._layout is not None
        or info._model._layout is not None
        or plan.color != ColorFormat.UNDEFINED
        or tensor._memory_type is not None
    )
    if not shown:
        return
    head = f'Input "{_port_name(old.output(0), old)}"'
    if plan.color != ColorFormat.UNDEFINED:
        head += f" (color {COLOR_NAMES[plan.color]})"
    if tensor._memory_type is not None:
        head += f" memory type={tensor._memory_type}"
    lines.append(head + ":")
    if len(built.params) == 1:
        p = built.params[0]
        lines.append(f"    User's input tensor: {_tensor_text(p._facts[0].shape, plan.layout, p._facts[0].etype)}")
    else:
        lines.append(f"    {len(built.params)} user's tensors expected for each plane:")
        for k, p in enumerate(built.params):
            name = f"{p.friendly_name} " if info._tensor._sub_names else ""
            lines.append(f"       {k}: {name}{_tensor_text(p._facts[0].shape, plan.layout, p._facts[0].etype)}")
    lines.append(f"    Model's expected tensor: {_tensor_text(model.shape, built.model_layout, model.etype)}")
    _steps_text(lines, "Pre-processing steps", built.explicit)
    _steps_text(lines, "Implicit pre-processing steps", built.implicit)


def _describe_output(lines: list, info, result) -> None:
    src = result.input_value(0)
    name = _port_name(src, result)
    try:
        built = build_output(info, src, result)
    except IRExecError as e:
        lines.append(f'Output "{name}":')
        lines.append(f"Error occurred: {e}")
        return
    if not built.explicit and not built.implicit:
        return
    lines.append(f'Output "{name}":')
    lines.append(f"    Model's data tensor: {_tensor_text(built.model.shape, built.model.layout, built.model.etype)}")
    _steps_text(lines, "Post-processing steps", built.explicit)
    _steps_text(lines, "Post-processing implicit steps", built.implicit)
    out = built.out._fact
    lines.append(f"    User's output tensor: {_tensor_text(out.shape, built.layout, out.etype)}")


def _port_name(out, node) -> str:
    names = out.get_names()
    return min(names) if names else node.friendly_name
