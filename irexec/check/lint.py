"""The shape-validation linter: every check irexec makes, on files and folders, as findings.

One pass per model: the reader (structure, ops and their attributes, constants) with the XML
schema (schemas/ir.xsd) checking what it reads, then the inference checks (irexec.check.graph_checks), then
the variables (each Assign against its ReadValue's declaration). ``read_model`` runs the same
pass but the schema's and refuses a model with errors (the warnings are looked for only then);
the linter reports them all instead of stopping at one.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Iterable, Optional

from lxml import etree

from .graph_checks import check_graph, check_uses
from ..errors import IRExecError, ValidationError
from ..files import is_regular, open_regular
from .locations import with_columns
from .findings import Finding, has_errors
from ..graph import Graph, gc_paused
from ..ir.plain_ir import plain_graph
from ..ir.reader import default_weights_path, parse_graph, read_bytes
from ..ir.stream import build_graph
from ..ir.safexml import parse_events, prepare_xml, syntax_error
from ..ir.schema_pass import SchemaSlices, schema, schema_path  # noqa: F401  (schema, schema_path: as before)
from ..shapes import compatible, fmt


@dataclass
class Report:
    """What checking one model found: ``graph`` (None when the file could not be read at all),
    ``findings`` in file order, and ``facts``: (layer id, output index) -> the inferred Fact."""
    path: str
    graph: Optional[Graph] = None
    findings: list = field(default_factory=list)
    facts: dict = field(default_factory=dict)

    problems: list = field(default_factory=list)   # the errors behind the findings, as the checks found them

    @property
    def errors(self) -> list:
        return [f for f in self.findings if f.is_error]


def check(path, weights=None) -> Report:
    """Check one model file. Never raises for a bad model: every problem is a finding."""
    with gc_paused():
        return _check(path, weights)


def _check(path, weights) -> Report:
    path = os.fspath(path)
    weights = os.fspath(weights) if weights is not None else default_weights_path(path)
    report = Report(path)
    problems = []
    data = b""
    try:
        data = prepare_xml(read_bytes(path), path)
        report.graph = plain_graph(data, path, weights, problems, lambda found: SchemaSlices(path, found))
        if report.graph is None:  # (not a plain IR: read the general way)
            events = parse_events(data)
            try:
                report.graph = build_graph(events, path, weights, problems, SchemaSlices(path, problems))
            except etree.XMLSyntaxError as e:
                problems.clear()  # (what was found before it: the file is not XML, and that is the finding)
                raise syntax_error(e, data, path) from None
        report.facts = check_graph(report.graph, problems)
        check_variables(report.graph, report.facts, problems)
        check_output_names(report.graph, problems)
    except IRExecError as e:
        problems.append(e.located(file=path, code="X002"))
    report.findings, report.problems = with_columns(_findings(problems), data), problems
    return report


def check_stream(data: bytes, path: Optional[str], weights: Optional[str]) -> Report:
    """The same checks but the schema's, streaming the XML (memory follows the graph, not the
    text), for ``read_model``: the reader checks the structure it relies on. Problems that leave
    nothing to read are raised."""
    problems = []
    with gc_paused():
        graph = parse_graph(data, path, weights, problems)
        report = Report(path or "", graph)
        read = len(problems)
        report.facts = check_graph(graph, problems, unused=False, advice=False)
        check_variables(graph, report.facts, problems)
        # The warnings change nothing for a model read_model accepts: they are looked for only
        # when it refuses one (its error carries every finding).
        if any(Finding.of(p).is_error for p in problems):
            del problems[read:]
            report.facts = check_graph(graph, problems, unused=False)
            check_variables(graph, report.facts, problems)
            check_uses(graph, problems)
            drop_sinks(graph, problems)
            check_output_names(graph, problems)
    report.findings, report.problems = _findings(problems), problems
    return report


def output_names(graph: Graph, results: list) -> list:
    """The name of each output, for the Result layer ids ``results`` in order: the one naming rule
    (``Model.outputs``, and rule G011). An output takes the first tensor name of the port feeding its
    Result, else the Result's name; a name already taken falls back to the Result's name, and when
    that is taken too, to the name followed by '#1', '#2', ... (the first free), so no output is
    lost. Returns (name, port, first) per Result: ``port`` the Port feeding it (None if none),
    ``first`` the Result that took the wanted name before it when '#' was needed, else None."""
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
            problems.append(ValidationError(
                f"two outputs are named '{wanted}' (Result '{other.name}', id {other.id}, has it): "
                f"this one is output '{name}' in irexec", file=graph.path, code="G011",
                **graph.layer(lid).where()))


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
    readers, writers = {}, {}
    for lid, layer in graph.layers.items():
        if layer.op is not None and layer.type in ("ReadValue", "Assign"):
            (readers if layer.type == "ReadValue" else writers).setdefault(layer.op.variable_id, []).append(layer)
    for vid, layers in readers.items():
        first = layers[0]
        declared = facts.get((first.id, 0))
        for other in layers[1:]:
            fact = facts.get((other.id, 0))
            if declared is not None and fact is not None and (
                    (declared.etype and fact.etype and declared.etype.name != fact.etype.name)
                    or not compatible(declared.shape, fact.shape)):
                problems.append(ValidationError(
                    f"ReadValue declares variable '{vid}' as {fact.etype} {fmt(fact.shape)}, but ReadValue "
                    f"'{first.name}' (id {first.id}) declares it {declared.etype} {fmt(declared.shape)}",
                    code="V001", file=graph.path, **other.where()))
        if vid not in writers:
            problems.append(ValidationError(f"no Assign writes variable '{vid}': ReadValue always gives its "
                                            f"initial value", code="V002", file=graph.path, **first.where()))
    for vid, layers in writers.items():
        for other in layers[1:]:
            problems.append(ValidationError(f"variable '{vid}' is also assigned by Assign '{layers[0].name}' (id "
                                            f"{layers[0].id}): the spec expects one Assign per variable",
                                            code="V002",
                                            file=graph.path, **other.where()))
        reader = readers.get(vid, [None])[0]
        for layer in layers:
            where = dict(file=graph.path, **layer.where())
            if reader is None:
                problems.append(ValidationError(f"no ReadValue reads variable '{vid}': what the Assign stores is "
                                                f"never read", code="V002", **where))
                continue
            declared = facts.get((reader.id, 0))
            src = graph.producers(layer.id).get(0)
            value = facts.get(src) if src is not None else None
            if declared is None or value is None:
                continue
            said = f"variable '{vid}' is {declared.etype} {fmt(declared.shape)} (ReadValue '{reader.name}', " \
                   f"id {reader.id})"
            port = layer.inputs[0].id
            if declared.etype is not None and value.etype is not None and declared.etype.name != value.etype.name:
                problems.append(ValidationError(f"Assign's new_value is {value.etype}, but {said}", port=port,
                                                code="S005", **where))
            elif not compatible(declared.shape, value.shape):
                problems.append(ValidationError(f"Assign's new_value is {fmt(value.shape)}, but {said}", port=port,
                                                code="S005", **where))


def _findings(problems: list) -> list:
    """Findings in file order, each problem once: the schema and the reader may both see the same
    broken element (the reader's words are kept, being the more specific)."""
    seen, out = set(), []
    for p in sorted(problems, key=lambda e: e.code == "X003" and e.message.startswith("schema: ")):
        finding = Finding.of(p)
        key = (finding.code, finding.line) if finding.code == "X003" else \
            (finding.code, finding.line, finding.layer_id, finding.port, finding.message)
        if key in seen:
            continue
        seen.add(key)
        out.append(finding)
    return sorted(out, key=lambda f: (f.file or "", f.line or 0, f.code))


# Peeking at a root element: no DTD, no entities, no network, as for reading.
_PEEK = dict(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


def _is_ir(path: str) -> bool:
    """Whether a file found in a folder is meant to be an IR: its root element is <net>."""
    if not is_regular(path):
        return True  # (a FIFO or a device: the check reports it, never reading it)
    try:
        with open_regular(path) as f:
            for _, el in etree.iterparse(f, events=("start",), **_PEEK):
                return el.tag == "net"
    except (etree.XMLSyntaxError, OSError):
        return True  # broken: let the check say how
    return True


def models_at(paths: Iterable) -> list:
    """The model files to check: files as given (always), and in folders every ``*.xml`` whose
    root element is <net> (other XML files in a model folder are left alone). An ``*.xml`` that
    is not a regular file (a FIFO, a link to a device) is listed unread: checking it reports
    it (X001) rather than wait on it. Names are kept as the file system gives them (undecodable
    bytes as surrogates, shown escaped)."""
    out = []
    for p in paths:
        p = os.fspath(p)
        if not os.path.isdir(p):
            out.append(p)
            continue
        for dirpath, dirnames, filenames in os.walk(p):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            out.extend(f for f in (os.path.join(dirpath, n) for n in sorted(filenames) if n.endswith(".xml"))
                       if _is_ir(f))
    return out


def lint(*paths, weights=None) -> list:
    """Every finding for the models at ``paths`` (files, or folders searched for ``*.xml``).
    ``weights``: the .bin, for a single model whose weights are not beside it."""
    found = []
    for path in models_at(paths):
        with gc_paused():
            # Only the findings are kept: the graph is let go (and freed, having no cycles) before
            # the collector runs again, which would otherwise walk all of it once more.
            found += _check(path, weights).findings
    return found


def refuse(report: Report) -> None:
    """Raise the first error of a report, with every finding attached (what ``read_model`` does)."""
    if not has_errors(report.findings):
        return
    # The first found: the reader meets a missing edge before the input it leaves unconnected.
    err = next(p for p in report.problems if Finding.of(p).is_error)
    more = len(report.errors) - 1
    if more:
        err.message += f" (and {more} more error{'s' if more > 1 else ''}: see irexec lint)"
        err.args = (err.message,)
    err.findings = list(report.findings)
    raise err
