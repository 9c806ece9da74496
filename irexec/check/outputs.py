"""The names of a model's outputs: the one naming rule (``Model.outputs``) and the check that two
Results would take one name (G011)."""

from __future__ import annotations

from ..errors import ValidationError
from ..graph import Graph


def output_names(graph: Graph, results: list) -> list:
    """The name of each output, for the Result layer ids ``results`` in order: the one naming rule
    (``Model.outputs``, and rule G011). An output takes the first tensor name of the port feeding its
    Result, else the Result's name; a name already taken falls back to the Result's name, and when
    that is taken too, to the name followed by '#1', '#2', ... (the first free), so no output is
    lost. Returns (name, port, first) per Result: ``port`` the Port feeding it (None if none),
    ``first`` the Result that took the wanted name before it when '#' was needed, else None."""
    taken: dict[str, str]
    out, taken = [], {}
    for lid in results:
        result = graph.layer(lid)
        feed = graph.producers(lid).get(0)
        try:
            port = graph.layer(feed[0]).outputs[feed[1]] if feed is not None else None
        except (KeyError, IndexError):  # (a broken graph, as lint sees it)
            port = None
        wanted = port.names[0] if port is not None and port.names else result.name
        name, first = wanted, None
        if name in taken:
            name = result.name
            if name in taken:
                first, k = taken[wanted], 1
                while f"{wanted}#{k}" in taken:
                    k += 1
                name = f"{wanted}#{k}"
        taken[name] = lid
        out.append((name, port, first))
    return out


def check_output_names(graph: Graph, problems: list) -> None:
    """Two Results whose outputs would take one name (G011): irexec keeps both, renaming the later
    one, but a tool keyed by names (OpenVINO's own results, an .npz) would see one."""
    results = [lid for lid, layer in graph.layers.items() if layer.type == "Result"]
    for lid, (name, _, first) in zip(results, output_names(graph, results)):
        if first is not None:
            other = graph.layer(first)
            wanted = name.rsplit("#", 1)[0]
            problems.append(
                ValidationError(
                    f"two outputs are named '{wanted}' (Result '{other.name}', id {other.id}, has it): "
                    f"this one is output '{name}' in irexec",
                    file=graph.path,
                    code="G011",
                    **graph.layer(lid).where(),
                )
            )
