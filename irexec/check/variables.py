"""The checks of a model's variables (ReadValue/Assign): one declaration per variable, an Assign's
value that fits it, and sinks kept out of the unused-output warning."""

from __future__ import annotations

from ..errors import ValidationError
from ..graph import Graph
from ..shapes import compatible, fmt


def drop_sinks(graph: Graph, problems: list) -> None:
    """Drop the warnings that a sink's output is unused (G009): an Assign is run for its effect."""
    if not any(getattr(p, "code", None) == "G009" for p in problems):
        return  # (nothing to drop: no layer need be looked at)
    sinks = {lid for lid, layer in graph.layers.items() if getattr(layer.op, "sink", False)}
    if sinks:
        problems[:] = [p for p in problems if not (p.code == "G009" and p.layer_id in sinks)]


def check_variables(graph: Graph, facts: dict, problems: list) -> None:
    """The variables of a graph: each declared alike by its ReadValues (its declaration is their
    output: V001), and an Assign's value of the declared type and of a shape that can fit (S005).
    A variable no Assign writes, one no ReadValue reads (its Assign has no declaration to be held
    to), or one two Assigns write (the last in the order wins) is a warning (V002). An Assign is
    a sink, run for its effect: the warning that its output is unused (G009) is dropped."""
    drop_sinks(graph, problems)
    readers: dict[str, list]
    writers: dict[str, list]
    readers, writers = {}, {}
    for _lid, layer in graph.layers.items():
        if layer.op is not None and layer.type in ("ReadValue", "Assign"):
            (readers if layer.type == "ReadValue" else writers).setdefault(layer.op.variable_id, []).append(layer)
    for vid, layers in readers.items():
        first = layers[0]
        declared = facts.get((first.id, 0))
        for other in layers[1:]:
            fact = facts.get((other.id, 0))
            if (
                declared is not None
                and fact is not None
                and (
                    (declared.etype and fact.etype and declared.etype.name != fact.etype.name)
                    or not compatible(declared.shape, fact.shape)
                )
            ):
                problems.append(
                    ValidationError(
                        f"ReadValue declares variable '{vid}' as {fact.etype} {fmt(fact.shape)}, but ReadValue "
                        f"'{first.name}' (id {first.id}) declares it {declared.etype} {fmt(declared.shape)}",
                        code="V001",
                        file=graph.path,
                        **other.where(),
                    )
                )
        if vid not in writers:
            problems.append(
                ValidationError(
                    f"no Assign writes variable '{vid}': ReadValue always gives its initial value",
                    code="V002",
                    file=graph.path,
                    **first.where(),
                )
            )
    for vid, layers in writers.items():
        for other in layers[1:]:
            problems.append(
                ValidationError(
                    f"variable '{vid}' is also assigned by Assign '{layers[0].name}' (id "
                    f"{layers[0].id}): the spec expects one Assign per variable",
                    code="V002",
                    file=graph.path,
                    **other.where(),
                )
            )
        reader = readers.get(vid, [None])[0]
        for layer in layers:
            where = dict(file=graph.path, **layer.where())
            if reader is None:
                problems.append(
                    ValidationError(
                        f"no ReadValue reads variable '{vid}': what the Assign stores is never read",
                        code="V002",
                        **where,
                    )
                )
                continue
            declared = facts.get((reader.id, 0))
            src = graph.producers(layer.id).get(0)
            value = facts.get(src) if src is not None else None
            if declared is None or value is None:
                continue
            said = (
                f"variable '{vid}' is {declared.etype} {fmt(declared.shape)} (ReadValue '{reader.name}', "
                f"id {reader.id})"
            )
            port = layer.inputs[0].id
            if declared.etype is not None and value.etype is not None and declared.etype.name != value.etype.name:
                problems.append(
                    ValidationError(f"Assign's new_value is {value.etype}, but {said}", port=port, code="S005", **where)
                )
            elif not compatible(declared.shape, value.shape):
                problems.append(
                    ValidationError(
                        f"Assign's new_value is {fmt(value.shape)}, but {said}", port=port, code="S005", **where
                    )
                )
